import { Button, Code, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconInbox, IconRefresh, IconSend } from '@tabler/icons-react';
import { MSG, type TWebhookDelivery, WEBHOOK_MSG } from '@virality/domain';
import { useEffect, useId, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeliveries, useRedeliver } from '../api/webhooks';
import { attemptsText, lastAnswerText, nextTryText, whenText } from '../lib/delivery-text';
import { DeliveryBadge } from './delivery-badge';
import classes from './webhooks.module.css';

/** The clock the rows' 'Next try in …' and '… ago' are read against, moved on every 30 s. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A webhook's delivery log, newest first: each delivery's state, attempts and last answer, its payload and Send again. */
export function DeliveriesLog({ id, webhookId }: { id: string; webhookId: string }) {
  const log = useDeliveries(webhookId);
  const headingId = useId();
  const now = useNow();
  const deliveries = log.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Stack id={id} gap="sm" role="region" aria-labelledby={headingId} className={classes.log}>
      <Group justify="space-between" align="center" gap="xs">
        <Title order={3} fz={16} fw={600} id={headingId}>
          Deliveries
        </Title>
        {log.data && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void log.refetch()}
            loading={log.isRefetching && !log.isFetchingNextPage}
            className={classes.touch}
          >
            Refresh
          </Button>
        )}
      </Group>
      {log.isError ? (
        <LoadErrorAlert
          variant="light"
          title="The deliveries could not be loaded"
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : !log.data ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the deliveries">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={72} radius="md" />
          ))}
        </Stack>
      ) : deliveries.length === 0 ? (
        <Stack align="center" gap={4} py="md" ta="center">
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
            <IconInbox size={20} />
          </ThemeIcon>
          <Text fw={600} mt={4}>
            No deliveries yet
          </Text>
          <Text size="sm" c="dimmed" maw={380}>
            When one of its events happens, what was sent and how your server answered shows here.
          </Text>
        </Stack>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Deliveries" className={classes.plainList}>
          {deliveries.map((d) => (
            <DeliveryRow key={d.id} webhookId={webhookId} delivery={d} now={now} />
          ))}
        </Stack>
      )}
      {log.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            size="sm"
            loading={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
            className={classes.touch}
          >
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DeliveryRow({ webhookId, delivery: d, now }: { webhookId: string; delivery: TWebhookDelivery; now: Date }) {
  const redeliver = useRedeliver(webhookId);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const when = whenText(d.createdAt, now);
  const answer = lastAnswerText(d);
  const next = d.state === 'pending' && d.attempts > 0 ? nextTryText(d.nextAttemptAt, now) : null;
  const said = d.lastResponse?.trim() || d.lastError;
  // sent again: a fresh round, not tried yet; the answer shown is the one before it
  const sending = d.state === 'pending' && d.attempts === 0;
  const facts = (sending ? ['Sending now', answer && `last answer ${answer}`] : [attemptsText(d.attempts), answer, next])
    .filter(Boolean)
    .join(' · ');
  const sendAgain = () =>
    redeliver.mutate(d.id, {
      onSuccess: () => notifySuccess(WEBHOOK_MSG.redelivered),
      onError: (err) => notifyError(err.message || MSG.somethingWentWrong),
    });

  return (
    <li className={classes.delivery}>
      <Stack gap={6}>
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap" miw={0}>
            <DeliveryBadge delivery={d} />
            <Text fw={600} className={classes.eventName}>
              {d.type}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            <time dateTime={d.createdAt} title={when.full}>
              {when.short}
            </time>
          </Text>
        </Group>
        <Text size="sm" c="dimmed" data-testid="delivery-facts">
          {facts}
        </Text>
        {said && !open && (
          <Text c="dimmed" className={classes.answer} title={said}>
            {d.lastResponse?.trim() ? said : `No answer: ${said}`}
          </Text>
        )}
        {open && <DeliveryDetails id={detailsId} delivery={d} when={when.full} />}
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <Button
            variant="subtle"
            size="compact-sm"
            rightSection={open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            className={classes.touch}
          >
            {open ? 'Hide payload' : 'Show payload'}
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconSend size={15} aria-hidden />}
            onClick={sendAgain}
            loading={redeliver.isPending}
            className={classes.touch}
          >
            Send again
          </Button>
        </Group>
      </Stack>
    </li>
  );
}

/** A delivery opened: the JSON body sent (pretty, in its own scrolling box) and the whole of the last answer kept. */
function DeliveryDetails({ id, delivery: d, when }: { id: string; delivery: TWebhookDelivery; when: string }) {
  return (
    <Stack id={id} gap="xs" miw={0}>
      <Text size="xs" c="dimmed">
        Event {d.eventId} · {when}
        {d.deliveredAt && ` · delivered ${new Date(d.deliveredAt).toLocaleString('en-GB')}`}
      </Text>
      <Text size="sm" fw={600}>
        Payload
      </Text>
      <Code block className={classes.code} tabIndex={0} aria-label="The payload sent">
        {JSON.stringify(d.payload, null, 2)}
      </Code>
      {(d.lastResponse || d.lastError) && (
        <>
          <Text size="sm" fw={600}>
            {d.lastResponse ? `Your server’s answer${d.lastStatus !== null ? ` (HTTP ${d.lastStatus})` : ''}` : 'No answer'}
          </Text>
          <Code block className={`${classes.code} ${classes.codeWrap}`} tabIndex={0} aria-label="The last answer">
            {d.lastResponse || d.lastError}
          </Code>
        </>
      )}
    </Stack>
  );
}
