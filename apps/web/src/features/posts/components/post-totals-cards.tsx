import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { socialNetwork, type TPostTotals } from '@virality/domain';
import type { ReactNode } from 'react';
import { NetworkTile } from '../../../components/network-tile';

const count = new Intl.NumberFormat('en-US');

function Stat({ label, children, note }: { label: string; children: ReactNode; note?: string | null }) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {children}
      {note && (
        <Text size="xs" c="dimmed" mt={2}>
          {note}
        </Text>
      )}
    </Paper>
  );
}

const Figure = ({ value }: { value: number }) => (
  <Text fz={28} fw={700} lh={1.25} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
    {count.format(value)}
  </Text>
);

/**
 * The organization's posts in numbers (GET totaluserposts): posts sent (each post once), scheduled, drafts, and the
 * accounts published to on each network (one post to three accounts counts three there).
 */
export function PostTotalsCards({ totals }: { totals: TPostTotals }) {
  const networks = totals.ByNetwork.filter((n) => n.Posts > 0);
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label="Your posts in numbers"
    >
      <Stat
        label="Posts sent"
        note={
          totals.FailedPosts > 0
            ? `${count.format(totals.FailedPosts)} failed · each post once, however many accounts`
            : 'Each post once, however many accounts'
        }
      >
        <Figure value={totals.PostedPosts} />
      </Stat>
      <Stat label="Scheduled">
        <Figure value={totals.ScheduledPosts} />
      </Stat>
      <Stat label="Drafts">
        <Figure value={totals.DraftPosts} />
      </Stat>
      <Stat label="Accounts published to">
        {networks.length === 0 ? (
          <Text size="sm" c="dimmed" mt={8}>
            Nothing out yet
          </Text>
        ) : (
          <Group gap={10} mt={8} wrap="wrap">
            {networks.map((n) => {
              const network = socialNetwork(n.SocialMediaID);
              return (
                <Group key={n.SocialMediaID} gap={4} wrap="nowrap">
                  {network ? <NetworkTile network={network.key} size={20} /> : <Text size="xs">{n.SocialMediaName}</Text>}
                  <Text size="sm" fw={650} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {count.format(n.Posts)}
                  </Text>
                </Group>
              );
            })}
          </Group>
        )}
      </Stat>
    </SimpleGrid>
  );
}

/** The numbers' shape while they load. */
export function PostTotalsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'sm', sm: 'md' }} aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Paper key={i} withBorder radius="lg" p="md">
          <Skeleton h={12} w="50%" />
          <Skeleton h={28} w="40%" mt={10} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
