import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminNews, TNewsInput, TNewsStatus } from '@virality/domain';
import { api, apiCall } from '../../../lib/api-client';
import { NEWS_KEY } from '../api/news';

/** The console's news queries (the public ones, under NEWS_KEY, are read again after every write too). */
const ADMIN_NEWS_KEY = ['admin', 'news'] as const;

export const useAdminNewsList = (q: { status: TNewsStatus | null; page: number }) =>
  useQuery({
    queryKey: [...ADMIN_NEWS_KEY, 'list', q],
    queryFn: async () => (await api.get('admin/news/list', { status: q.status, page: q.page })).response,
    placeholderData: keepPreviousData,
  });

export const useAdminNews = (id: string | null) =>
  useQuery({
    queryKey: [...ADMIN_NEWS_KEY, 'one', id],
    queryFn: async () => (await api.get('admin/news/get', { newsId: id })).response,
    enabled: id !== null,
    retry: false,
  });

/** A write of the console: its answer's message is shown; every news query is read again after it. */
function useNewsWrite<A>(run: (arg: A) => Promise<{ message: string; response: TAdminNews | null }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: ADMIN_NEWS_KEY });
      qc.invalidateQueries({ queryKey: NEWS_KEY });
    },
  });
}

export const useSaveNews = () =>
  useNewsWrite(({ id, input }: { id: string | null; input: TNewsInput }) =>
    id ? api.put('admin/news/update', input, { newsId: id }) : api.post('admin/news/create', input),
  );
export const usePublishNews = () => useNewsWrite((id: string) => api.post('admin/news/publish', { newsId: id }));
export const useUnpublishNews = () => useNewsWrite((id: string) => api.post('admin/news/unpublish', { newsId: id }));
export const useDeleteNews = () => useNewsWrite((id: string) => api.del('admin/news/delete', undefined, { newsId: id }));

/**
 * POST admin/news/preview: the description as the news room would show it (the server's allow-list applied, so a
 * pasted payload stays inert in the console too) and its read time; read while the preview is open.
 */
export const useNewsPreview = (description: string, enabled: boolean) =>
  useQuery({
    queryKey: [...ADMIN_NEWS_KEY, 'preview', description],
    queryFn: async () => (await api.post('admin/news/preview', { description })).response,
    enabled: enabled && description.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST admin/news/uploadImage: a cover or author picture; resolves to its address. */
export async function uploadNewsImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await apiCall<{ url: string }>('admin/news/uploadImage', { method: 'POST', body: form })).response.url;
}
