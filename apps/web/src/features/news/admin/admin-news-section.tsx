import { Route, Routes } from 'react-router';
import { AdminNewsEditor } from './admin-news-editor';
import { AdminNewsList } from './admin-news-list';

/** The console's News section (/admin/news): the list, a new article, an article. */
export function AdminNewsSection() {
  return (
    <Routes>
      <Route index element={<AdminNewsList />} />
      <Route path=":id" element={<AdminNewsEditor />} />
    </Routes>
  );
}
