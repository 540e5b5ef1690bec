import { Box, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconSend } from '@tabler/icons-react';
import {
  POST_FORMATS,
  socialNetwork,
  type TCampaignPostPreview,
  type TCampaignReviewStep,
  type TPostFormat,
  type TSocialAccount,
  type TSocialNetworkKey,
} from '@virality/domain';
import { NetworkPreview } from '../../posts/components/network-preview';
import type { TMediaItem } from '../../posts/lib/compose';
import classes from './campaigns.module.css';

/** A moment as the review writes it: 'Dec 5, 2026, 10:30' in the browser's zone. */
export function momentText(at: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);
}

const STEP_LOOK = {
  submitted: { Icon: IconSend, color: '#1A56C4', bg: '#E7EFFE' },
  changes_requested: { Icon: IconArrowBackUp, color: '#9C3D0A', bg: '#FFEBDA' },
  approved: { Icon: IconCircleCheck, color: '#1B6E37', bg: '#E2F6E8' },
} as const;

/** A step's words: the first sending, a sending again after changes, the owner's answers. */
function stepLabel(step: TCampaignReviewStep, index: number, steps: TCampaignReviewStep[], owner: boolean): string {
  if (step.action === 'approved') return 'Approved';
  if (step.action === 'changes_requested') return 'Changes requested';
  const again = steps.slice(0, index).some((s) => s.action === 'changes_requested');
  if (owner) return again ? 'Sent again with changes' : 'Sent for approval';
  return again ? 'You sent it again with changes' : 'You sent it for approval';
}

/** A post's review, oldest step first: who did what when, and the owner's remarks. */
export function ReviewHistory({ steps, owner }: { steps: TCampaignReviewStep[]; owner: boolean }) {
  if (steps.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No steps yet.
      </Text>
    );
  return (
    <Stack component="ol" gap="sm" className={classes.plainList} aria-label="Review history">
      {steps.map((s, i) => {
        const { Icon, color, bg } = STEP_LOOK[s.action];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps are only ever added at the end
          <Group component="li" key={i} gap="sm" wrap="nowrap" align="flex-start" data-testid="review-step">
            <ThemeIcon size={28} radius="xl" style={{ color, background: bg, flex: 'none' }} aria-hidden>
              <Icon size={16} stroke={1.75} />
            </ThemeIcon>
            <Box miw={0}>
              <Text size="sm" fw={600}>
                {stepLabel(s, i, steps, owner)}
              </Text>
              <Text size="xs" c="dimmed">
                {momentText(s.at)}
              </Text>
              {s.remark && (
                <Text size="sm" mt={4} className={classes.remark}>
                  {s.remark}
                </Text>
              )}
            </Box>
          </Group>
        );
      })}
    </Stack>
  );
}

const NO_CHECK = { limits: [], rules: [], notices: [] };

/** The post's accounts as the composer's previews take them (what the review knows of each: its network and name). */
function accountsOf(post: TCampaignPostPreview, network: TSocialNetworkKey): TSocialAccount[] {
  const id = socialNetwork(network)?.id ?? '';
  return post.targets
    .filter((t) => t.network === network)
    .map((t, i) => ({
      id: `${network}-${i}`,
      UserName: t.accountName,
      ProfilePictureURL: null,
      SocialMediaID: id,
      SocialMediaName: '',
      Kind: 'profile',
      Status: 'linked',
      StatusReason: null,
      CreatedDate: post.createdAt,
    }));
}

const mediaOf = (post: TCampaignPostPreview): TMediaItem[] =>
  post.media.map((m, i) => ({
    id: `m${i}`,
    file: null,
    previewUrl: m.url,
    name: m.url.split('/').pop() ?? '',
    facts: {
      kind: m.kind,
      mimeType: m.kind === 'video' ? 'video/mp4' : 'image/jpeg',
      bytes: 0,
      width: null,
      height: null,
      durationSec: null,
    },
    uploaded: null,
    edited: false,
  }));

const formatOf = (value: string | undefined): TPostFormat =>
  (POST_FORMATS as readonly string[]).includes(value ?? '') ? (value as TPostFormat) : 'post';

/**
 * The post drawn as each of its networks shows it (the composer's previews), with its text and media: one card a
 * network, its accounts named in it.
 */
export function ReviewPreviews({ post }: { post: TCampaignPostPreview }) {
  const networks = [...new Set(post.targets.map((t) => t.network))]
    .map((n) => socialNetwork(n))
    .filter((n) => n !== null)
    .sort((a, b) => Number(a.id) - Number(b.id));
  const media = mediaOf(post);
  const when = post.scheduledAt ? momentText(post.scheduledAt) : 'Just now';
  if (networks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This post goes to no account any more.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: networks.length > 1 ? 2 : 1 }} spacing="md" className={classes.previews}>
      {networks.map((n) => (
        <NetworkPreview
          key={n.key}
          network={n.key}
          accounts={accountsOf(post, n.key)}
          caption={post.text}
          title=""
          media={media}
          format={formatOf(post.targets.find((t) => t.network === n.key)?.format)}
          check={{ network: n.key, ...NO_CHECK }}
          when={when}
        />
      ))}
    </SimpleGrid>
  );
}
