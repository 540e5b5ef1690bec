import { Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconChevronUp, IconPlus, IconWebhook } from '@tabler/icons-react';
import { MSG, type TWebhook, WEBHOOK_EVENT_TEXT, WEBHOOK_MSG, WEBHOOKS_MAX } from '@virality/domain';
import { useId, useState } from 'react';
import { RowList } from '../../../components/row-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteWebhook, useWebhooks } from '../api/webhooks';
import { AddWebhookModal } from './add-webhook-modal';
import { DeliveriesLog } from './deliveries-log';
import classes from './webhooks.module.css';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The webhooks part of the API keys page: the organization's endpoints, each told of the events it chose, signed
 * with a secret shown once; each with its delivery log (opened in place) and Send again.
 */
export function WebhooksSection() {
  const hooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const headingId = useId();
  const full = (hooks.data?.length ?? 0) >= WEBHOOKS_MAX;
  const addButton = (
    <Button
      variant="default"
      leftSection={<IconPlus size={18} aria-hidden />}
      onClick={() => setAdding(true)}
      disabled={full}
      className={classes.touch}
    >
      Add webhook
    </Button>
  );

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" mt="xs">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ flex: '1 1 320px' }}>
          <Title order={2} fz={22} fw={650} id={headingId}>
            Webhooks
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Your server is told, in a signed POST, when a post goes out or fails, a campaign is answered or money moves.
          </Text>
        </div>
        {hooks.data && hooks.data.length > 0 && addButton}
      </Group>
      <RowList
        query={hooks}
        what="your webhooks"
        skeletonHeight={64}
        empty={{
          order: 3,
          icon: <IconWebhook size={24} />,
          title: 'No webhooks yet',
          line: 'A webhook tells your own server what happens here as it happens, so your tools need not keep asking.',
          action: addButton,
        }}
        row={(hook) => <WebhookRow hook={hook} />}
        fullText={full ? WEBHOOK_MSG.tooMany : null}
      />
      <AddWebhookModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

function WebhookRow({ hook }: { hook: TWebhook }) {
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState(false);
  const logId = useId();
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Delete this webhook?',
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {hook.url}
          </Text>
          <Text size="sm">
            Nothing more is sent to this address, not even the deliveries waiting for a retry. This cannot be undone: you can add
            it again, with a new secret.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete webhook', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(hook.id, {
          onSuccess: (message) => notifySuccess(message),
          onError: (err) => notifyError(err.message || MSG.somethingWentWrong),
        }),
    });

  return (
    <Stack component="li" gap="sm" aria-label={hook.url} miw={0}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Text fw={600} ff="monospace" fz="sm" className={classes.url} title={hook.url}>
            {hook.url}
          </Text>
          <Group gap={6} wrap="wrap" component="ul" aria-label="Events" className={classes.plainList}>
            {hook.events.map((event) => (
              <Tooltip key={event} label={WEBHOOK_EVENT_TEXT[event]} withArrow multiline maw={260}>
                <Badge component="li" variant="light" color="gray" radius="sm" tt="none" fw={500} className={classes.eventName}>
                  {event}
                </Badge>
              </Tooltip>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {`Added ${day.format(new Date(hook.createdAt))}`}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          onClick={confirm}
          loading={remove.isPending}
          aria-label={`Delete webhook ${hook.url}`}
          className={classes.touch}
          style={{ flexShrink: 0 }}
        >
          Delete
        </Button>
      </Group>
      <Button
        variant="light"
        size="compact-sm"
        w="fit-content"
        rightSection={open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={open ? logId : undefined}
        className={classes.touch}
      >
        Deliveries
      </Button>
      {open && <DeliveriesLog id={logId} webhookId={hook.id} />}
    </Stack>
  );
}
