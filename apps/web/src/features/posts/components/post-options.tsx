import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  type TPostFormat,
  type TSocialAccount,
  type TSocialNetworkKey,
  tiktokPrivacyLabel,
  YOUTUBE_PRIVACY_OPTIONS,
} from '@virality/domain';
import { NetworkTile } from '../../../components/network-tile';
import { useTikTokPrivacyOptions } from '../api/tiktok-privacy';
import { isStoryNetwork, networkLabel, type TYouTubePrivacy } from '../lib/compose';
import { accountName } from './account-picker';
import { PhoneSelect } from './phone-select';

const FORMAT_LABEL: Record<TPostFormat, string> = { post: 'Post', story: 'Story', reel: 'Reel' };
const YOUTUBE_PRIVACY_LABEL: Record<TYouTubePrivacy, string> = { private: 'Private', public: 'Public', unlisted: 'Unlisted' };

function TikTokPrivacy({
  account,
  only,
  value,
  disabled,
  onChange,
}: {
  account: TSocialAccount;
  only: boolean;
  value: string | null;
  disabled: boolean;
  onChange: (v: string | null) => void;
}) {
  const options = useTikTokPrivacyOptions(account.id);
  return (
    <PhoneSelect
      label={only ? 'Who can see this TikTok post' : `Who can see this post on ${accountName(account)}`}
      placeholder={options.isPending ? 'Loading…' : 'Choose who can see it'}
      data={(options.data ?? []).map((o, i) => ({ value: o, label: tiktokPrivacyLabel(o, i) }))}
      value={value}
      onChange={onChange}
      disabled={disabled || options.isPending}
      error={options.isError ? options.error.message : undefined}
      withAsterisk
      leftSection={<NetworkTile network="tiktok" size={18} />}
    />
  );
}

type TProps = {
  networks: TSocialNetworkKey[];
  tiktokAccounts: TSocialAccount[];
  formats: Partial<Record<TSocialNetworkKey, TPostFormat>>;
  offered: Partial<Record<TSocialNetworkKey, TPostFormat[]>>;
  storyIssues: Partial<Record<TSocialNetworkKey, string>>;
  tiktokPrivacy: Record<string, string>;
  youtubePrivacy: TYouTubePrivacy;
  disabled: boolean;
  onFormat: (network: TSocialNetworkKey, f: TPostFormat) => void;
  onTikTokPrivacy: (accountId: string, v: string | null) => void;
  onYouTubePrivacy: (v: TYouTubePrivacy) => void;
};

/** Per network: a story or a reel (Instagram and Facebook), who sees a TikTok post (per account), YouTube's privacy. */
export function PostOptions(p: TProps) {
  const storyNetworks = p.networks.filter((n) => isStoryNetwork(n) && (p.offered[n]?.length ?? 0) > 1);
  const youtube = p.networks.includes('youtube');
  if (storyNetworks.length === 0 && p.tiktokAccounts.length === 0 && !youtube) return null;
  return (
    <Stack gap="md">
      {storyNetworks.map((n) => (
        <Stack key={n} gap={6}>
          <Group gap={8}>
            <NetworkTile network={n} size={18} />
            <Text size="sm" fw={600} id={`format-${n}`}>
              {networkLabel(n)}: post, story or reel
            </Text>
          </Group>
          <SegmentedControl
            aria-labelledby={`format-${n}`}
            value={p.formats[n] ?? 'post'}
            onChange={(v) => p.onFormat(n, v as TPostFormat)}
            disabled={p.disabled}
            data={(p.offered[n] ?? ['post']).map((f) => ({ value: f, label: FORMAT_LABEL[f] }))}
            w={{ base: '100%', sm: 'auto' }}
          />
          {p.storyIssues[n] && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconAlertTriangle
                size={16}
                color="var(--mantine-color-red-8)"
                aria-hidden
                style={{ flex: 'none', marginTop: 2 }}
              />
              <Text size="sm" c="red.9">
                {p.storyIssues[n]}
              </Text>
            </Group>
          )}
        </Stack>
      ))}
      {p.tiktokAccounts.map((a) => (
        <TikTokPrivacy
          key={a.id}
          account={a}
          only={p.tiktokAccounts.length === 1}
          value={p.tiktokPrivacy[a.id] ?? null}
          disabled={p.disabled}
          onChange={(v) => p.onTikTokPrivacy(a.id, v)}
        />
      ))}
      {youtube && (
        <PhoneSelect
          label="YouTube privacy"
          data={YOUTUBE_PRIVACY_OPTIONS.map((v) => ({ value: v, label: YOUTUBE_PRIVACY_LABEL[v] }))}
          value={p.youtubePrivacy}
          onChange={(v) => v && p.onYouTubePrivacy(v as TYouTubePrivacy)}
          disabled={p.disabled}
          leftSection={<NetworkTile network="youtube" size={18} />}
        />
      )}
    </Stack>
  );
}
