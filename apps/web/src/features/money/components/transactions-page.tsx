import {
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Group,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBrandPaypal, IconChevronRight, IconReceipt, IconWallet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MONEY_MSG,
  rolesForPath,
  TRANSACTION_FILTER_LABELS,
  TRANSACTION_FILTERS,
  type TTransaction,
  type TTransactionFilter,
} from '@virality/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { CURRENT_USER_KEY, type TCurrentUser, useCurrentUser } from '../../../lib/use-current-user';
import { useLiveMoney } from '../api/live-money';
import { type TTransactionQuery, useTransactions } from '../api/transactions';
import { counterpart, isSettled, momentText, usd } from '../lib/money-view';
import { Details, headingOf } from './transaction-detail-page';
import { TransactionStatusBadge } from './transaction-status-badge';
import { WithdrawDialog } from './withdraw-dialog';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;
const FILTER_DATA = TRANSACTION_FILTERS.map((f) => ({ value: f, label: TRANSACTION_FILTER_LABELS[f] }));

/**
 * /profile/wallet (older links: /transactions): the user's payments and withdrawals, newest first, 10 a page, by
 * period. An influencer also sees the wallet's balance, where a withdrawal goes, and Withdraw. A brand's row opens the payment's page; an
 * influencer's row its details in a dialog. Rows on
 * their way are read again until they settle, and a money notification reads the list and the wallet again.
 */
export function TransactionsPage() {
  const { data: user } = useCurrentUser();
  useLiveMoney();
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Wallet
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {user?.profileType === 'INFLUENCER'
              ? 'What brands paid you, and what you withdrew to PayPal.'
              : user?.profileType === 'BRANDS'
                ? 'What you paid influencers for your campaigns.'
                : 'The payments made to or from your account.'}
          </Text>
        </div>
        {!user ? (
          <Skeleton h={140} radius="lg" />
        ) : (
          <>
            {user.profileType === 'INFLUENCER' && <BalanceCard user={user} />}
            <TransactionList user={user} />
          </>
        )}
      </Stack>
    </Container>
  );
}

function BalanceCard({ user }: { user: TCurrentUser }) {
  const [open, setOpen] = useState(false);
  const balance = user.paymentWallet.amount;
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Your wallet">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={2} miw={0}>
          <Group gap={6}>
            <IconWallet size={18} stroke={1.75} aria-hidden />
            <Text size="sm" c="dimmed">
              Wallet balance
            </Text>
          </Group>
          <Text fz={32} fw={700} lh={1.15} style={TABULAR} data-testid="wallet-amount">
            {usd(balance)}
          </Text>
          {user.paypalId ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Withdrawals go to PayPal: <b data-testid="wallet-paypal">{user.paypalId}</b>
            </Text>
          ) : (
            <Text size="sm">
              No PayPal account yet.{' '}
              <Anchor component={Link} to={paths.accountDetails} fw={600}>
                Add your PayPal id
              </Anchor>
            </Text>
          )}
        </Stack>
        <Button
          onClick={() => setOpen(true)}
          disabled={balance <= 0}
          leftSection={<IconBrandPaypal size={18} stroke={1.75} aria-hidden />}
        >
          Withdraw
        </Button>
      </Group>
      <WithdrawDialog opened={open} onClose={() => setOpen(false)} balance={balance} paypalId={user.paypalId} />
    </Paper>
  );
}

function TransactionList({ user }: { user: TCurrentUser }) {
  const [query, setQuery] = useState<TTransactionQuery>({ filter: 'All', page: 1 });
  const list = useTransactions(query);
  const data = list.data;
  const opensDetail = !!rolesForPath(paths.transactionDetail)?.includes(user.profileType);
  useWalletAfterSettling(data?.docs);
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Transactions">
      <Stack gap="md">
        <SegmentedControl
          aria-label="Period"
          data={FILTER_DATA}
          value={query.filter}
          onChange={(v) => setQuery({ filter: v as TTransactionFilter, page: 1 })}
          fullWidth
          size="sm"
          radius="md"
        />
        {list.isError ? (
          <LoadErrorAlert title="Could not load your transactions" error={list.error} onRetry={() => void list.refetch()} />
        ) : !data ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading transactions">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={72} radius="md" />
            ))}
          </Stack>
        ) : data.docs.length === 0 ? (
          <EmptyState
            icon={<IconReceipt size={24} />}
            title={MONEY_MSG.empty}
            line={
              user.profileType === 'INFLUENCER'
                ? 'Payments from brands and your withdrawals show here.'
                : 'Payments you make to influencers show here.'
            }
          />
        ) : (
          <>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Transaction list">
              {data.docs.map((t) => (
                <TransactionRow key={t._id} t={t} user={user} opensDetail={opensDetail} />
              ))}
            </Stack>
            {data.pages > 1 && (
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed">
                  {data.total} transactions · page {query.page} of {data.pages}
                </Text>
                <Box component="nav" aria-label="Transaction pages">
                  <Pagination
                    total={data.pages}
                    value={query.page}
                    onChange={(p) => setQuery((q) => ({ ...q, page: p }))}
                    size="sm"
                    siblings={0}
                    getControlProps={(c) => ({ 'aria-label': c === 'previous' ? 'Previous page' : 'Next page' })}
                    getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                  />
                </Box>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** A row that was on its way and has settled may have moved the wallet (a payout returned): the user is read again. */
function useWalletAfterSettling(docs: TTransaction[] | undefined) {
  const queryClient = useQueryClient();
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    if (!docs) return;
    let settled = false;
    for (const t of docs) {
      if (!isSettled(t.paymentStatus)) waiting.current.add(t._id);
      else if (waiting.current.delete(t._id)) settled = true;
    }
    if (settled) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  }, [docs, queryClient]);
}

function TransactionRow({ t, user, opensDetail }: { t: TTransaction; user: TCurrentUser; opensDetail: boolean }) {
  const who = counterpart(t, user);
  const partyName = who.kind === 'withdrawal' ? null : (who.party?.name ?? 'Unknown');
  const [open, setOpen] = useState(false);
  // a brand's (or IMC's) payment opens its page; anyone else's row (an influencer's payment or withdrawal) its
  // details in a dialog, the detail page being the payer's
  const to =
    opensDetail && t.paymentType === 'transaction' ? paths.transactionDetail.replace(':id', encodeURIComponent(t._id)) : null;
  const inDialog = !opensDetail;
  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {who.kind === 'withdrawal' ? (
        <Center w={40} h={40} bg="brand.0" c="brand.7" style={{ borderRadius: '50%', flex: 'none' }} aria-hidden>
          <IconBrandPaypal size={20} stroke={1.75} />
        </Center>
      ) : (
        <UserAvatar
          name={partyName ?? ''}
          image={who.party?.profileImage ?? null}
          color={null}
          size={40}
          style={{ flex: 'none' }}
        />
      )}
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Box miw={0}>
            <Text size="xs" c="dimmed">
              {who.label}
            </Text>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="transaction-party">
              {who.kind === 'withdrawal' ? (who.paypalId ?? 'Your PayPal account') : partyName}
            </Text>
          </Box>
          <Text fw={700} fz={18} style={{ ...TABULAR, whiteSpace: 'nowrap' }} data-testid="transaction-amount">
            {usd(t.amount)}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" component="time" dateTime={t.date}>
            {momentText(t.date)}
            {t.campaign ? ` · ${t.campaign.name}` : ''}
          </Text>
          <TransactionStatusBadge status={t.paymentStatus} />
        </Group>
        {t.failureReason && isSettled(t.paymentStatus) && (
          <Text size="xs" c="red.9" data-testid="transaction-failure">
            {t.failureReason}
          </Text>
        )}
      </Stack>
      {(to || inDialog) && <IconChevronRight size={18} stroke={1.75} aria-hidden style={{ flex: 'none', alignSelf: 'center' }} />}
    </Group>
  );
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="transaction" data-status={t.paymentStatus}>
      {to ? (
        <UnstyledButton component={Link} to={to} display="block" w="100%" data-testid="transaction-link">
          {body}
        </UnstyledButton>
      ) : inDialog ? (
        <>
          <UnstyledButton
            display="block"
            w="100%"
            data-testid="transaction-link"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            {body}
          </UnstyledButton>
          <Modal opened={open} onClose={() => setOpen(false)} title={headingOf(t)} centered size="md">
            <Details t={t} viewer={user} inDialog />
          </Modal>
        </>
      ) : (
        body
      )}
    </Paper>
  );
}
