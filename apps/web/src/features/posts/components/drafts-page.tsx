import { Chip, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileOff } from '@tabler/icons-react';
import { POST_MSG, type TPost } from '@virality/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useDeleteDraft } from '../api/delete-draft';
import { useDrafts } from '../api/drafts';
import { openCreatePost } from '../lib/composer-store';
import { TOAST_MS, toast } from '../lib/toasts';
import { CreatePostButton } from './create-post-button';
import { CreatePostHost } from './create-post-host';
import { DraftCard } from './draft-card';
import { ListLoadError, ListPages, pageOf } from './list-parts';
import { PostsPageFrame } from './posts-page-frame';
import { ReviewDraftModal } from './review-draft-modal';

/** The drafts filter: every network, or one by its SocialMediaID. */
export const DRAFT_FILTERS = [
  { value: 'all', label: 'All' },
  { value: '1', label: 'Instagram' },
  { value: '2', label: 'Facebook' },
  { value: '3', label: 'YouTube' },
  { value: '4', label: 'LinkedIn' },
  { value: '5', label: 'TikTok' },
  { value: '6', label: 'X' },
] as const;

const networkOf = (v: string | null) => (DRAFT_FILTERS.some((f) => f.value === v && v !== 'all') ? v : null);

/** /postdraft and /postdraft/{page}: drafts newest first, 9 a page, filtered by network; edit, delete, and the owner's review. */
export function DraftsPage() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const page = pageOf(params.page);
  const network = networkOf(search.get('network'));
  const query = useDrafts({ userId: user?._id ?? '', page, network });
  const remove = useDeleteDraft();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<TPost | null>(null);
  const isManager = user?.profileType === 'BUSINESS_MANAGER';

  const go = (p: number, n: string | null = network) =>
    navigate(`${p > 1 ? `${paths.postDraft}/${p}` : paths.postDraft}${n ? `?network=${n}` : ''}`);
  // a page that emptied (its last draft deleted) moves back to the last page there is
  const pages = query.data?.pages ?? 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page count falls below the page
  useEffect(() => {
    if (query.data && page > pages) go(pages);
  }, [query.data, page, pages]);

  const onDelete = (draft: TPost) =>
    modals.openConfirmModal({
      title: 'Delete this draft?',
      centered: true,
      size: 'sm',
      children: 'The draft and its media choices are removed. This cannot be undone.',
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setDeleting(draft.CommonPostID);
        try {
          await remove.mutateAsync(draft.CommonPostID);
          toast(POST_MSG.draftDeleted, 'green', TOAST_MS.result);
        } catch (e) {
          toast(e instanceof Error ? e.message : POST_MSG.limitCheckFailed, 'red', TOAST_MS.error);
        } finally {
          setDeleting(null);
        }
      },
    });

  let body: ReactNode;
  if (query.isPending || !user) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" aria-busy="true" aria-label="Loading drafts">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Stack key={i} gap="sm" p="md" style={{ border: '1px solid var(--mantine-color-gray-2)', borderRadius: 12 }}>
            <Skeleton h={168} radius="md" />
            <Skeleton h={14} w="80%" />
            <Skeleton h={14} w="50%" />
          </Stack>
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    body = <ListLoadError title="Could not load your drafts" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.posts.length === 0) {
    body = (
      <EmptyState
        icon={<IconFileOff size={24} />}
        title="No Draft available"
        line={network ? 'No draft goes to this network. Try another filter.' : 'Drafts you save wait here until you post them.'}
        action={network ? undefined : <CreatePostButton label="Create post" mt="xs" />}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {query.data.posts.map((d) => (
            <DraftCard
              key={d.CommonPostID}
              draft={d}
              canReview={!isManager}
              deleting={deleting === d.CommonPostID}
              onEdit={(draft) => openCreatePost(draft)}
              onDelete={onDelete}
              onReview={setReviewing}
            />
          ))}
        </SimpleGrid>
        <ListPages summary={`${query.data.total} drafts`} label="Draft pages" page={page} pages={pages} onChange={(p) => go(p)} />
      </Stack>
    );
  }

  return (
    <PostsPageFrame
      title="Drafts"
      subtitle={isManager ? 'Your drafts and where each stands with the business owner.' : 'Saved posts, newest first.'}
      back={{ to: paths.home, label: 'Home' }}
    >
      <Chip.Group multiple={false} value={network ?? 'all'} onChange={(v) => go(1, v === 'all' ? null : v)}>
        <Group gap="xs" wrap="wrap" role="radiogroup" aria-label="Filter by network">
          {DRAFT_FILTERS.map((f) => (
            <Chip key={f.value} value={f.value} variant="outline" radius="xl">
              {f.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {body}
      <CreatePostHost />
      <ReviewDraftModal draft={reviewing} onClose={() => setReviewing(null)} />
    </PostsPageFrame>
  );
}
