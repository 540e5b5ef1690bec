import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconReceipt } from '@tabler/icons-react';
import { formatUsd } from '@virality/domain';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import type { TCurrentUser } from '../../../lib/use-current-user';

/**
 * The dashboard's way to the money: an influencer's wallet (what brands paid, less what was withdrawn) with a link
 * to the transactions; a brand's link to the payments it made (an IMC's are on its campaigns' pages). Nothing for anyone else.
 */
export function MoneyCard({ user }: { user: TCurrentUser }) {
  if (user.profileType === 'INFLUENCER') {
    return (
      <SectionCard
        title="Wallet"
        action={
          <Anchor component={Link} to={paths.wallet} size="sm" fw={600}>
            View transactions
          </Anchor>
        }
      >
        <Text size="sm" c="dimmed">
          Balance
        </Text>
        <Text fz={28} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="home-wallet-amount">
          {formatUsd(Math.round(user.paymentWallet.amount * 100))}
        </Text>
      </SectionCard>
    );
  }
  // an IMC has no wallet: what it paid is on each campaign's page
  if (user.profileType !== 'BRANDS') return null;
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Payments">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
          <IconReceipt size={20} stroke={1.75} />
        </ThemeIcon>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Anchor component={Link} to={paths.wallet} fw={650}>
            Transactions
          </Anchor>
          <Text size="sm" c="dimmed">
            What you paid influencers for your campaigns
          </Text>
        </Stack>
        <IconChevronRight size={18} stroke={1.75} aria-hidden />
      </Group>
    </Paper>
  );
}
