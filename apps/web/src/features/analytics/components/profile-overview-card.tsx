import { Avatar, Badge, Group, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconRosette } from '@tabler/icons-react';
import {
  figuresUpdatedText,
  followerTier,
  INSIGHTS_MSG,
  profileFigures,
  profileOverviewNetworks,
  SOCIAL_NETWORKS,
  type TProfileOverviewItem,
} from '@virality/domain';
import { useEffect, useState } from 'react';
import { NetworkTile } from '../../../components/network-tile';
import { SectionCard } from '../../../components/section-card';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useProfileOverview } from '../api/profile-overview';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const full = new Intl.NumberFormat('en-US');

/** "Updated N min ago" follows the clock without asking the server again. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

function AccountFigures({ item, now }: { item: TProfileOverviewItem; now: Date }) {
  const figures = profileFigures(item);
  const tier = item.Tier ?? followerTier(item.followers_count);
  const handle = item.username && item.username !== item.name ? `@${item.username}` : null;
  return (
    <Stack gap="sm" component="article" aria-label={item.name || item.username}>
      <Group gap="sm" wrap="nowrap" align="center">
        <Avatar src={item.profile_picture_url} alt="" radius="xl" size={40}>
          {(item.name || item.username).charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" truncate="end">
            {item.name || item.username}
          </Text>
          {handle && (
            <Text size="xs" c="dimmed" truncate="end">
              {handle}
            </Text>
          )}
        </Stack>
        {tier && (
          <Badge
            variant="light"
            radius="xl"
            tt="none"
            leftSection={<IconRosette size={14} aria-hidden />}
            style={{ flex: 'none' }}
            title="Follower tier"
          >
            {tier} tier
          </Badge>
        )}
      </Group>
      {figures.length > 0 && (
        <SimpleGrid cols={3} spacing="xs" component="dl" m={0}>
          {figures.map((f) => (
            <Stack key={f.field} gap={0} style={{ minWidth: 0 }}>
              <Text component="dt" size="xs" c="dimmed">
                {f.label}
              </Text>
              <Text
                component="dd"
                m={0}
                fw={700}
                fz={18}
                style={{ fontVariantNumeric: 'tabular-nums' }}
                title={full.format(f.value)}
              >
                {compact.format(f.value)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {item.Error && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-9)" aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Text size="xs" c="orange.9">
            {item.Error}
          </Text>
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {figuresUpdatedText(item.UpdatedAt, now)}
      </Text>
    </Stack>
  );
}

function NetworkFigures({ socialMediaId }: { socialMediaId: string }) {
  const query = useProfileOverview(socialMediaId);
  const now = useMinuteClock();
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading figures">
        <Group gap="sm" wrap="nowrap">
          <Skeleton circle h={40} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={12} w="50%" />
            <Skeleton h={10} w="30%" />
          </Stack>
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={36} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Text size="sm" c="red.9">
        {query.error.message}
      </Text>
    );
  }
  if (query.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {INSIGHTS_MSG.noProfileOverview}
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {query.data.map((item) => (
        <AccountFigures key={item.UserSocialMediaID} item={item} now={now} />
      ))}
    </Stack>
  );
}

type TProps = {
  /** The linked accounts (their networks make the tiles); undefined while they load. */
  accounts: readonly { SocialMediaID: string }[] | undefined;
};

/**
 * The home page's Profile Overview: a tile per network with a linked account (a business manager: those its role
 * opens with Post, Analytics or Scheduler); the chosen network's accounts with their figures as the network gives
 * them, the follower tier, and when the figures were read.
 */
export function ProfileOverviewCard({ accounts }: TProps) {
  const { data: user } = useCurrentUser();
  const permissions = user?.businessRoleId?.status === false ? [] : user?.businessRoleId?.permission;
  const ids =
    user && accounts
      ? profileOverviewNetworks(
          user.profileType,
          permissions,
          accounts.map((a) => a.SocialMediaID),
        )
      : null;
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = ids && (chosen && ids.includes(chosen) ? chosen : ids[0]);
  return (
    <SectionCard title="Profile Overview">
      {ids === null ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading profile overview">
          <Group gap="xs">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} w={44} h={44} radius="md" />
            ))}
          </Group>
          <Skeleton h={80} />
        </Stack>
      ) : ids.length === 0 || !selected ? (
        <Text size="sm" c="dimmed">
          {INSIGHTS_MSG.noProfileOverview}
        </Text>
      ) : (
        <Stack gap="md">
          <Group gap="xs" role="group" aria-label="Networks">
            {ids.map((id) => {
              const network = SOCIAL_NETWORKS.find((n) => n.id === id);
              if (!network) return null;
              const on = id === selected;
              return (
                <UnstyledButton
                  key={id}
                  onClick={() => setChosen(id)}
                  aria-pressed={on}
                  aria-label={`${network.label} figures`}
                  p={6}
                  style={{
                    borderRadius: 10,
                    border: `2px solid ${on ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
                    background: on ? 'var(--mantine-primary-color-light)' : 'transparent',
                    lineHeight: 0,
                  }}
                >
                  <NetworkTile network={network.key} size={28} />
                </UnstyledButton>
              );
            })}
          </Group>
          <NetworkFigures socialMediaId={selected} />
        </Stack>
      )}
    </SectionCard>
  );
}
