import { Avatar, Box, Group, List, Paper, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBookmark,
  IconHeart,
  IconInfoCircle,
  IconMessageCircle,
  IconPhoto,
  IconRepeat,
  IconSend,
  IconShare3,
  IconThumbUp,
  IconWorld,
} from '@tabler/icons-react';
import type { TPostFormat, TSocialAccount, TSocialNetworkKey } from '@virality/domain';
import type { CSSProperties, ReactNode } from 'react';
import { NetworkTile } from '../../../components/network-tile';
import { TargetBadge } from '../../../components/status-badge';
import { networkLabel, type TMediaItem, type TNetworkCheck } from '../lib/compose';
import { foldCaption } from '../lib/preview';
import { accountName } from './account-picker';

type TProps = {
  network: TSocialNetworkKey;
  accounts: TSocialAccount[];
  caption: string;
  title: string;
  media: TMediaItem[];
  format: TPostFormat;
  check: TNetworkCheck;
  /** When it goes out, as the user reads it ("Just now", "Fri 12:00"). */
  when: string;
};

const ink = '#0f1419';
const soft = '#65676b';

function MediaView({ item, style }: { item: TMediaItem | undefined; style?: CSSProperties }) {
  const base: CSSProperties = { width: '100%', height: '100%', objectFit: 'cover', display: 'block', ...style };
  if (!item)
    return (
      <Stack align="center" justify="center" gap={4} h="100%" c="gray.6" bg="gray.1">
        <IconPhoto size={28} aria-hidden />
        <Text size="xs">Your photo or video</Text>
      </Stack>
    );
  if (item.facts.kind === 'video')
    return <video src={item.previewUrl} muted playsInline preload="metadata" style={base} aria-hidden />;
  return <img src={item.previewUrl} alt="" style={base} />;
}

/** Dots under a carousel: which file is shown of how many. */
function Dots({ count, dark = false }: { count: number; dark?: boolean }) {
  if (count < 2) return null;
  return (
    <Group gap={4} justify="center" py={6} aria-hidden>
      {Array.from({ length: Math.min(count, 10) }, (_, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed dots
          key={i}
          w={6}
          h={6}
          style={{
            borderRadius: 3,
            background: i === 0 ? (dark ? '#fff' : '#0095f6') : dark ? 'rgba(255,255,255,.5)' : '#c7c7c7',
          }}
        />
      ))}
    </Group>
  );
}

/** The aspect a feed shows a file in: Instagram crops to 4:5 … 1.91:1; the others keep it within sensible bounds. */
function aspectOf(item: TMediaItem | undefined, min = 0.8, max = 1.91): string {
  const w = item?.facts.width;
  const h = item?.facts.height;
  if (!w || !h) return '1 / 1';
  return String(Math.min(max, Math.max(min, w / h)));
}

function Caption({ network, text, lead }: { network: TSocialNetworkKey; text: string; lead?: ReactNode }) {
  if (!text && !lead) return null;
  const { shown, folded, more } = foldCaption(network, text);
  return (
    <Text size="sm" c={ink} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {lead}
      {shown}
      {folded && (
        <Text span c={soft} size="sm">
          {' '}
          {more}
        </Text>
      )}
    </Text>
  );
}

/** A story or a reel, or a TikTok: a 9:16 frame with the media filling it and the text over it. */
function Vertical({ p, name, picture }: { p: TProps; name: string; picture: string | null }) {
  const showCaption = p.network === 'tiktok' || p.format === 'reel';
  return (
    <Box
      pos="relative"
      mx="auto"
      w="100%"
      maw={240}
      style={{ aspectRatio: '9 / 16', borderRadius: 12, overflow: 'hidden', background: '#000' }}
    >
      <MediaView item={p.media[0]} />
      <Box
        pos="absolute"
        top={0}
        left={0}
        right={0}
        p={8}
        style={{ background: 'linear-gradient(rgba(0,0,0,.45), transparent)' }}
      >
        {p.format === 'story' && <Box h={2} mb={8} style={{ background: 'rgba(255,255,255,.8)', borderRadius: 1 }} />}
        {p.network !== 'tiktok' && (
          <Group gap={6} wrap="nowrap">
            <Avatar src={picture} size={22} radius="xl" alt="">
              {name.charAt(1).toUpperCase()}
            </Avatar>
            <Text size="xs" fw={600} c="#fff" truncate>
              {name}
            </Text>
          </Group>
        )}
      </Box>
      {showCaption && (
        <Box
          pos="absolute"
          bottom={0}
          left={0}
          right={0}
          p={10}
          style={{ background: 'linear-gradient(transparent, rgba(0,0,0,.6))' }}
        >
          <Text size="xs" fw={700} c="#fff">
            {name}
          </Text>
          <Text size="xs" c="#fff" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
            {foldCaption(p.network, p.caption).shown}
          </Text>
        </Box>
      )}
    </Box>
  );
}

function Body({ p }: { p: TProps }) {
  const account = p.accounts[0];
  const name = account ? accountName(account) : networkLabel(p.network);
  const picture = account?.ProfilePictureURL ?? null;
  const first = p.media[0];
  const avatar = (size: number) => (
    <Avatar src={picture} size={size} radius="xl" alt="">
      {(account?.UserName ?? '?').charAt(0).toUpperCase()}
    </Avatar>
  );
  if (p.network === 'tiktok' || p.format !== 'post') return <Vertical p={p} name={name} picture={picture} />;
  switch (p.network) {
    case 'instagram':
      return (
        <Stack gap={0}>
          <Group gap={8} p={8} wrap="nowrap">
            {avatar(28)}
            <Text size="sm" fw={600} c={ink} truncate>
              {name.replace(/^@/, '')}
            </Text>
          </Group>
          <Box style={{ aspectRatio: aspectOf(first), overflow: 'hidden' }}>
            <MediaView item={first} />
          </Box>
          <Dots count={p.media.length} />
          <Group gap={12} px={10} pt={p.media.length > 1 ? 0 : 8} c={ink} aria-hidden>
            <IconHeart size={22} />
            <IconMessageCircle size={22} />
            <IconSend size={22} />
            <Box style={{ flex: 1 }} />
            <IconBookmark size={22} />
          </Group>
          <Box px={10} py={8}>
            <Caption
              network="instagram"
              text={p.caption}
              lead={
                <Text span fw={600} size="sm">
                  {name.replace(/^@/, '')}{' '}
                </Text>
              }
            />
          </Box>
        </Stack>
      );
    case 'youtube':
      return (
        <Stack gap={8}>
          <Box style={{ aspectRatio: '16 / 9', borderRadius: 10, overflow: 'hidden', background: '#000' }}>
            <MediaView item={first} style={{ objectFit: 'contain' }} />
          </Box>
          <Group gap={10} wrap="nowrap" align="flex-start" px={4}>
            {avatar(32)}
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600} c={ink} lineClamp={2}>
                {p.title || 'Your video title'}
              </Text>
              <Text size="xs" c={soft}>
                {name} · {p.when}
              </Text>
            </Stack>
          </Group>
          <Box px={4} pb={6}>
            <Text size="xs" c={soft} style={{ whiteSpace: 'pre-wrap' }}>
              {foldCaption('youtube', p.caption).shown}{' '}
              {foldCaption('youtube', p.caption).folded && <b>{foldCaption('youtube', p.caption).more}</b>}
            </Text>
          </Box>
        </Stack>
      );
    case 'twitter':
    case 'threads':
      return (
        <Group gap={10} wrap="nowrap" align="flex-start" p={10}>
          {avatar(36)}
          <Stack gap={6} miw={0} style={{ flex: 1 }}>
            <Group gap={4} wrap="nowrap">
              <Text size="sm" fw={700} c={ink} truncate>
                {account?.UserName ?? name}
              </Text>
              <Text size="sm" c={soft} truncate>
                {name.startsWith('@') ? name : ''} · {p.when}
              </Text>
            </Group>
            <Caption network={p.network} text={p.caption} />
            {p.media.length > 0 && (
              <Box
                style={{
                  display: 'grid',
                  gridTemplateColumns: p.media.length > 1 ? '1fr 1fr' : '1fr',
                  gap: 2,
                  borderRadius: 14,
                  overflow: 'hidden',
                  border: '1px solid #cfd9de',
                  aspectRatio: p.media.length > 1 ? '16 / 9' : aspectOf(first, 0.75, 1.91),
                }}
              >
                {p.media.slice(0, 4).map((m) => (
                  <MediaView key={m.id} item={m} />
                ))}
              </Box>
            )}
            <Group justify="space-between" c={soft} maw={260} aria-hidden>
              <IconMessageCircle size={16} />
              <IconRepeat size={16} />
              <IconHeart size={16} />
              <IconShare3 size={16} />
            </Group>
          </Stack>
        </Group>
      );
    default: {
      // Facebook and LinkedIn: the text above the media, reactions under it
      const linkedin = p.network === 'linkedin';
      return (
        <Stack gap={8}>
          <Group gap={8} px={10} pt={10} wrap="nowrap">
            {avatar(36)}
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} c={ink} truncate>
                {name}
              </Text>
              <Group gap={4} c={soft}>
                <Text size="xs">{p.when} ·</Text>
                <IconWorld size={12} aria-hidden />
              </Group>
            </Stack>
          </Group>
          <Box px={10}>
            <Caption network={p.network} text={p.caption} />
          </Box>
          {p.media.length > 0 && (
            <Box style={{ aspectRatio: aspectOf(first, 0.8, 1.91), overflow: 'hidden' }}>
              <MediaView item={first} />
            </Box>
          )}
          {p.media.length > 1 && (
            <Text size="xs" c={soft} px={10}>
              +{p.media.length - 1} more
            </Text>
          )}
          <Group justify="space-around" py={6} c={soft} style={{ borderTop: '1px solid #e4e6eb' }} aria-hidden>
            <Group gap={4}>
              <IconThumbUp size={16} />
              <Text size="xs">Like</Text>
            </Group>
            <Group gap={4}>
              <IconMessageCircle size={16} />
              <Text size="xs">Comment</Text>
            </Group>
            <Group gap={4}>
              {linkedin ? <IconRepeat size={16} /> : <IconShare3 size={16} />}
              <Text size="xs">{linkedin ? 'Repost' : 'Share'}</Text>
            </Group>
          </Group>
        </Stack>
      );
    }
  }
}

/**
 * One chosen network: its preflight (what it would refuse, before anything is sent) and a card drawn like a post
 * on that network, with the caption cut where its feed cuts it.
 */
export function NetworkPreview(p: TProps) {
  const label = networkLabel(p.network);
  const issues = [...p.check.rules, ...p.check.limits];
  const others = p.accounts.length - 1;
  return (
    <Paper withBorder radius="lg" shadow="xs" component="section" aria-label={`${label} preview`} style={{ overflow: 'hidden' }}>
      <Group
        justify="space-between"
        wrap="nowrap"
        px="sm"
        py={10}
        bg="gray.0"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap={8} wrap="nowrap" miw={0}>
          <NetworkTile network={p.network} size={22} />
          <Text fw={600} size="sm" truncate>
            {label}
            {p.format !== 'post' && ` ${p.format}`}
            {others > 0 && (
              <Text span c="dimmed" size="sm">
                {' '}
                · {p.accounts.length} accounts
              </Text>
            )}
          </Text>
        </Group>
        {issues.length === 0 ? (
          <TargetBadge tone="ok" label="Ready" />
        ) : (
          <TargetBadge tone="failed" label={issues.length === 1 ? '1 issue' : `${issues.length} issues`} />
        )}
      </Group>
      {issues.length > 0 && (
        <List
          size="sm"
          spacing={4}
          px="sm"
          py="xs"
          aria-label={`What ${label} would refuse`}
          icon={<IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden style={{ marginTop: 2 }} />}
          styles={{ itemWrapper: { alignItems: 'flex-start' } }}
        >
          {issues.map((i) => (
            <List.Item key={i}>
              <Text size="sm" c="red.9">
                {i}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      {p.check.notices.length > 0 && (
        // what the server does to the photos for this network: information, never a refusal
        <List
          size="xs"
          spacing={2}
          px="sm"
          pt={issues.length > 0 ? 0 : 'xs'}
          aria-label={`What Virality changes for ${label}`}
          icon={<IconInfoCircle size={14} color="var(--mantine-color-blue-7)" aria-hidden style={{ marginTop: 2 }} />}
          styles={{ itemWrapper: { alignItems: 'flex-start' } }}
        >
          {p.check.notices.map((n) => (
            <List.Item key={n}>
              <Text size="xs" c="dimmed">
                {n}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <Box p="sm" style={{ fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' }}>
        <Box
          maw={380}
          mx="auto"
          bg="#fff"
          style={{ borderRadius: 10, border: '1px solid var(--mantine-color-gray-2)', overflow: 'hidden' }}
        >
          <Body p={p} />
        </Box>
      </Box>
    </Paper>
  );
}
