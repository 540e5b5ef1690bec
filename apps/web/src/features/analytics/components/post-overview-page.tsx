import { Alert, Anchor, Button, Container, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileOff } from '@tabler/icons-react';
import { INSIGHTS_MSG } from '@virality/domain';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePostDetails } from '../api/post-details';
import { displayedDateText, postFromState, postStatus } from '../lib/post-view';
import { PostOverviewAnalytics } from './post-overview-analytics';
import { PostOverviewContent, PostOverviewTargets } from './post-overview-post';

/** Back where the user came from inside the app; opened by its address, to the home page. */
function BackLink() {
  const location = useLocation();
  const navigate = useNavigate();
  if (location.key === 'default')
    return (
      <Anchor component={Link} to={paths.home} size="sm" w="fit-content">
        ← Home
      </Anchor>
    );
  return (
    <Anchor component="button" type="button" size="sm" w="fit-content" onClick={() => navigate(-1)}>
      ← Back
    </Anchor>
  );
}

function PostSkeleton() {
  return (
    <Grid gap="lg" aria-hidden data-testid="post-skeleton">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Skeleton style={{ aspectRatio: '1 / 1' }} h="auto" radius={0} />
          <Stack gap="xs" p="lg">
            <Skeleton h={14} w="90%" />
            <Skeleton h={14} w="60%" />
            <Skeleton h={24} w={120} radius="xl" />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="lg" p="lg">
          <Skeleton h={18} w={140} mb="md" />
          <Stack gap="md">
            <Skeleton h={40} />
            <Skeleton h={40} />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

/** A post the caller cannot see (another organization's, deleted, or never there): said plainly, with a way home. */
function PostNotFound() {
  return (
    <EmptyState
      icon={<IconFileOff size={24} />}
      title={INSIGHTS_MSG.postNotFound}
      line="It may have been deleted, or it belongs to another account."
      action={
        <Button component={Link} to={paths.home} mt="xs">
          Go to Home
        </Button>
      }
    />
  );
}

/**
 * /postoverview/{CommonPostID}: the post (media, title, caption, hashtags, platforms, when, status), how each
 * account fared, and its analytics per account. A list may hand the post over with the navigation; the page
 * reads it itself too, so it also works when opened by its address.
 */
export function PostOverviewPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const handed = postFromState(location.state, id);
  const { data: post, isError, error, refetch, isFetching } = usePostDetails(id, handed);
  const missing = isError && error instanceof ApiError && (error.status === 404 || error.status === 403);
  const when = post ? displayedDateText(post) : null;

  let body: ReactNode;
  if (missing) body = <PostNotFound />;
  else if (isError && !post)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The post could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void refetch()} loading={isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  else if (!post) body = <PostSkeleton />;
  else
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PostOverviewContent post={post} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xl">
            <PostOverviewTargets post={post} />
            <PostOverviewAnalytics postId={post.CommonPostID} out={post.IsPostDone} />
          </Stack>
        </Grid.Col>
      </Grid>
    );

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <BackLink />
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Post overview
            </Title>
            {when && !missing && (
              <Text c="dimmed" size="sm" mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
                <time dateTime={when.iso}>{when.text}</time>
              </Text>
            )}
          </div>
          {post && !missing && <StatusBadge status={postStatus(post)} />}
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
