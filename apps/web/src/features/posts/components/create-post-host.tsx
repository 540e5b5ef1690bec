import { lazy, Suspense, useEffect, useState } from 'react';
import { claimHost, closeCreatePost, releaseHost, useComposerOpen } from '../lib/composer-store';

// The dialog (with its date picker, drop zone and their styles) loads the first time it is opened.
const CreatePostDialog = lazy(async () => {
  const [{ CreatePostDialog }] = await Promise.all([
    import('./create-post-dialog'),
    import('@mantine/dates/styles.css'),
    import('@mantine/dropzone/styles.css'),
  ]);
  return { default: CreatePostDialog };
});

/** Where the create-post dialog is drawn when openCreatePost() is called; only the first host on a page draws it. */
export function CreatePostHost() {
  const { opened, draft, campaign, key } = useComposerOpen();
  const [me] = useState(() => Symbol('create-post-host'));
  const [isOwner, setOwner] = useState(false);
  useEffect(() => {
    setOwner(claimHost(me));
    return () => releaseHost(me);
  }, [me]);
  // once loaded it stays mounted closed, so it closes with its transition
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (opened) setLoaded(true);
  }, [opened]);
  if (!isOwner || !loaded) return null;
  return (
    <Suspense fallback={null}>
      <CreatePostDialog key={key} opened={opened} draft={draft} campaign={campaign} onClose={closeCreatePost} />
    </Suspense>
  );
}
