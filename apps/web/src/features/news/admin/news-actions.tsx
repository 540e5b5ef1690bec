import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TAdminNews } from '@virality/domain';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteNews, usePublishNews, useUnpublishNews } from './api';
import { shownStatus } from './news-status';

/** Publish (or unpublish) and delete an article, each after its confirmation. */
export function NewsActions({ news, onDeleted }: { news: TAdminNews; onDeleted?: () => void }) {
  const publish = usePublishNews();
  const unpublish = useUnpublishNews();
  const remove = useDeleteNews();
  const done = (p: Promise<{ message: string }>, after?: () => void) =>
    p.then(
      (r) => {
        notifySuccess(r.message);
        after?.();
      },
      (e: Error) => notifyError(e.message),
    );
  const scheduled = news.publishedAt && Date.parse(news.publishedAt) > Date.now();

  const confirmPublish = () =>
    modals.openConfirmModal({
      title: 'Publish this article?',
      children: (
        <Text size="sm">
          {scheduled
            ? `It goes public on ${new Date(news.publishedAt as string).toLocaleString()}.`
            : 'It shows in the news room at once.'}
        </Text>
      ),
      labels: { confirm: 'Publish', cancel: 'Cancel' },
      onConfirm: () => done(publish.mutateAsync(news._id)),
    });
  const confirmUnpublish = () =>
    modals.openConfirmModal({
      title: 'Unpublish this article?',
      children: <Text size="sm">It leaves the news room at once and goes back to the drafts.</Text>,
      labels: { confirm: 'Unpublish', cancel: 'Cancel' },
      onConfirm: () => done(unpublish.mutateAsync(news._id)),
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete this article?',
      children: <Text size="sm">“{news.title}” is deleted for good. This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => done(remove.mutateAsync(news._id), onDeleted),
    });

  return (
    <Group gap="xs" wrap="wrap">
      {news.status === 'DRAFT' ? (
        <Button size="xs" onClick={confirmPublish} loading={publish.isPending}>
          Publish
        </Button>
      ) : (
        <Button size="xs" variant="default" onClick={confirmUnpublish} loading={unpublish.isPending}>
          {shownStatus(news) === 'Scheduled' ? 'Cancel schedule' : 'Unpublish'}
        </Button>
      )}
      <Button size="xs" variant="subtle" color="red" onClick={confirmDelete} loading={remove.isPending}>
        Delete
      </Button>
    </Group>
  );
}
