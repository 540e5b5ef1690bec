import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import {
  MSG,
  type TWebhookCreated,
  type TWebhookEvent,
  WEBHOOK_EVENT_TEXT,
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_URL_MAX,
  zWebhookCreate,
} from '@virality/domain';
import { useState } from 'react';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { useCreateWebhook } from '../api/webhooks';
import classes from './webhooks.module.css';

/** Adding a webhook: its address and events; then its signing secret, once, with a way to copy it and to use it. */
export function AddWebhookModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateWebhook();
  const formError = useFormError();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEvent[]>([]);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [made, setMade] = useState<TWebhookCreated | null>(null);

  const close = () => {
    onClose();
    // after the closing animation: a reopened dialog starts empty, and the secret is gone from the page
    setTimeout(() => {
      setMade(null);
      setUrl('');
      setEvents([]);
      setUrlError(null);
      setEventsError(null);
      formError.clear();
    }, 200);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    formError.clear();
    const checked = zWebhookCreate.safeParse({ url, events });
    if (!checked.success) {
      const issueOf = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message ?? null;
      setUrlError(issueOf('url'));
      setEventsError(issueOf('events'));
      return;
    }
    create.mutate(checked.data, {
      onSuccess: (hook) => setMade(hook),
      onError: (err) => formError.show(err.message || MSG.somethingWentWrong),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={made ? 'Your webhook’s signing secret' : 'Add a webhook'}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {made ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            Copy this secret now: for your security it is not shown again.
          </Alert>
          <Code block aria-label="The signing secret" className={classes.secret}>
            {made.secret}
          </Code>
          <CopyButton value={made.secret}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                w="fit-content"
                leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Stack gap={6}>
            <Title order={3} fz={16} fw={600}>
              How to verify a delivery
            </Title>
            <Text size="sm">
              Each delivery carries a <Code>{WEBHOOK_SIGNATURE_HEADER}</Code> header: <Code>t=…,v1=…</Code>. Compute the{' '}
              <span className={classes.nowrap}>HMAC-SHA256</span> of <Code>{'<t>.<body>'}</Code> with this secret, over the body
              exactly as received, and compare it with <Code>v1</Code> (hex). Refuse a <Code>t</Code> more than{' '}
              {WEBHOOK_TOLERANCE_SECONDS / 60} minutes old.
            </Text>
            <Text size="sm" c="dimmed">
              It is Stripe’s scheme: Stripe’s webhook verifiers accept this header’s value as it is.
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate className={classes.form}>
          <Stack gap="md">
            <FormErrorAlert error={formError.error} />
            <TextInput
              label="Endpoint URL"
              description="Your server’s address: each event is sent to it as a signed JSON POST."
              placeholder="https://example.com/hooks/virality"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={url}
              maxLength={WEBHOOK_URL_MAX}
              onChange={(e) => {
                setUrl(e.currentTarget.value);
                setUrlError(null);
              }}
              error={urlError}
              required
              data-autofocus
            />
            <Checkbox.Group
              label="Events"
              description="What your server is told about."
              value={events}
              onChange={(v) => {
                setEvents(v as TWebhookEvent[]);
                setEventsError(null);
              }}
              error={eventsError}
              required
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" mt="xs">
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox
                    key={event}
                    value={event}
                    label={<span className={classes.eventName}>{event}</span>}
                    description={WEBHOOK_EVENT_TEXT[event]}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group justify="flex-end" gap="sm" className={classes.actions}>
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Add webhook
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
