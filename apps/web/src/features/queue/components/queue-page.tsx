import { Button, Container, Grid, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconLink, IconSettings, IconStack2 } from '@tabler/icons-react';
import { socialNetwork, type TQueueDefault, type TQueueSchedule } from '@virality/domain';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { NetworkTile } from '../../../components/network-tile';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/use-current-user';
import { browserZone } from '../../../lib/zoned-time';
import { usePutSchedule, useSchedules } from '../api/schedules';
import { AccountSchedule } from './account-schedule';
import { ComingSlots } from './coming-slots';
import { DefaultSchedule } from './default-schedule';
import classes from './queue-page.module.css';

/** The tab of the organization's default schedule (account ids never take this value). */
const DEFAULT_TAB = 'default';

/** What keeps an account's editor as it is while its saved schedule is unchanged (and starts it again when it changes). */
const savedKey = (s: TQueueSchedule) => `${s.accountId}:${s.own}:${s.timeZone}:${s.slots.map((x) => `${x.day}${x.time}`).join()}`;

type TPanelProps = { schedule: TQueueSchedule; all: TQueueSchedule[]; fallback: TQueueDefault };

function AccountPanel({ schedule, all, fallback }: TPanelProps) {
  const put = usePutSchedule();
  const resume = () =>
    put.mutate(
      {
        accountId: schedule.accountId,
        body: { timeZone: schedule.timeZone ?? browserZone(), slots: schedule.slots, paused: false },
      },
      { onSuccess: ({ message }) => notifySuccess(message), onError: (e) => notifyError(e.message) },
    );
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <ComingSlots accountId={schedule.accountId} onResume={resume} resuming={put.isPending} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <AccountSchedule
          key={savedKey(schedule)}
          schedule={schedule}
          fallback={fallback}
          others={all.filter((a) => a.accountId !== schedule.accountId)}
        />
      </Grid.Col>
    </Grid>
  );
}

/**
 * /queue: each linked account's posting queue. Per account (a tab with its network's mark): the coming slots with
 * their posts (moved, shared now, taken out) and its weekly posting schedule; and the organization's default schedule
 * that accounts without their own follow. The address keeps the account shown (?account=…).
 */
export function QueuePage() {
  const { data: user } = useCurrentUser();
  const schedules = useSchedules();
  const [params, setParams] = useSearchParams();
  const accounts = schedules.data?.accounts ?? [];
  const asked = params.get('account');
  const tab = asked === DEFAULT_TAB || accounts.some((a) => a.accountId === asked) ? asked : (accounts[0]?.accountId ?? null);
  const canEditDefault = user ? user.profileType !== 'BUSINESS_MANAGER' : false;

  let content: ReactNode;
  if (schedules.isPending) {
    content = (
      <Stack gap="md" aria-label="Loading the queues">
        <Group gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={40} w={150} radius="xl" />
          ))}
        </Group>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Skeleton h={360} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Skeleton h={360} radius="lg" />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  } else if (schedules.isError) {
    content = (
      <LoadErrorAlert
        title="The posting schedules could not be read"
        error={schedules.error}
        onRetry={() => void schedules.refetch()}
      />
    );
  } else if (accounts.length === 0) {
    content = (
      <EmptyState
        icon={<IconStack2 size={24} />}
        title="No accounts linked yet"
        line="Link an account to give it a posting schedule and a queue."
        action={
          <Button component={Link} to={paths.addSocialMedia} leftSection={<IconLink size={16} aria-hidden />} mt="xs">
            Link an account
          </Button>
        }
      />
    );
  } else {
    const fallback = schedules.data.default;
    content = (
      <Tabs
        value={tab}
        onChange={(v) => v && setParams(new URLSearchParams({ account: v }), { replace: true })}
        variant="pills"
        radius="xl"
        keepMounted={false}
        classNames={{ list: classes.tabs, tab: classes.tab }}
      >
        <Tabs.List aria-label="Accounts">
          {accounts.map((a) => {
            const n = socialNetwork(a.network);
            return (
              <Tabs.Tab
                key={a.accountId}
                value={a.accountId}
                leftSection={n ? <NetworkTile network={n.key} size={20} /> : undefined}
                aria-label={`${n?.label ?? a.network} ${a.name}${a.paused ? ', paused' : ''}`}
              >
                <span className={classes.tabName}>{a.name}</span>
                {a.paused && <span className={classes.tabNote}> · Paused</span>}
              </Tabs.Tab>
            );
          })}
          <Tabs.Tab value={DEFAULT_TAB} leftSection={<IconSettings size={18} aria-hidden />}>
            Default schedule
          </Tabs.Tab>
        </Tabs.List>
        {accounts.map((a) => (
          <Tabs.Panel key={a.accountId} value={a.accountId} pt="lg">
            <AccountPanel schedule={a} all={accounts} fallback={fallback} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value={DEFAULT_TAB} pt="lg">
          <Container size={720} px={0} mx={0}>
            <DefaultSchedule
              key={`${fallback.timeZone}:${fallback.slots.map((x) => `${x.day}${x.time}`).join()}`}
              value={fallback}
              following={accounts.filter((a) => !a.own).length}
              canEdit={canEditDefault}
            />
          </Container>
        </Tabs.Panel>
      </Tabs>
    );
  }

  return (
    <Container size={1200} py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Queue
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Each account posts at its own weekly times: a post added to the queue takes its next free slot.
          </Text>
        </div>
        {content}
      </Stack>
    </Container>
  );
}
