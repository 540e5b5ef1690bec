import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import {
  API_KEY_MSG,
  API_KEY_NAME_MAX,
  API_KEYS_MAX,
  apiKeyUsedText,
  MSG,
  type TApiKey,
  type TApiKeyCreated,
  type TApiKeyScope,
  zApiKeyCreate,
} from '@virality/domain';
import { type ReactNode, useState } from 'react';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { ProfileSubpage } from '../../../components/profile-subpage';
import { RowList } from '../../../components/row-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

const SCOPES: { value: TApiKeyScope; label: string; description: string }[] = [
  { value: 'read', label: 'Read only', description: 'Read your accounts, posts and their figures' },
  { value: 'write', label: 'Read and write', description: 'Also post, schedule, edit and delete posts' },
];
const scopeLabel = (scope: TApiKeyScope) => SCOPES.find((s) => s.value === scope)?.label ?? scope;
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * /profile/apikeys: the keys that let a script, a tool or an AI agent act for this account through the public API.
 * A key is shown whole once, when it is made; the list shows its first characters, its access, when it was made and
 * last used, and revokes it (after a confirmation). `extra` is what the route shows below the keys (the webhooks).
 */
export function ApiKeysPage({ extra }: { extra?: ReactNode } = {}) {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const full = (keys.data?.length ?? 0) >= API_KEYS_MAX;
  const createButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)} disabled={full}>
      Create key
    </Button>
  );

  return (
    <ProfileSubpage
      title="API keys"
      subtitle="Let your own scripts, tools and AI agents read and post for this account through the Virality API."
      actions={keys.data && keys.data.length > 0 ? createButton : undefined}
    >
      <RowList
        query={keys}
        what="your API keys"
        skeletonHeight={48}
        empty={{
          icon: <IconKey size={24} />,
          title: 'No API keys yet',
          line: 'A key lets a script or an AI agent act for this account: read your posts and figures, or post for you.',
          action: createButton,
        }}
        row={(key) => <KeyRow apiKey={key} />}
        fullText={full ? API_KEY_MSG.tooMany : null}
      />
      <Text size="sm" c="dimmed">
        A key acts for this account: keep it as secret as a password. Revoke a key you no longer use, or one that may have been
        seen by someone else.
      </Text>
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} />
      {extra}
    </ProfileSubpage>
  );
}

function KeyRow({ apiKey }: { apiKey: TApiKey }) {
  const revoke = useRevokeApiKey();
  const confirm = () =>
    modals.openConfirmModal({
      title: `Revoke ${apiKey.name}?`,
      centered: true,
      children: (
        <Text size="sm">
          Anything using this key stops working at once. This cannot be undone: you can make a new key instead.
        </Text>
      ),
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(apiKey.id, {
          onSuccess: (message) => notifySuccess(message),
          onError: (err) => notifyError(err.message || MSG.somethingWentWrong),
        }),
    });
  return (
    <Group component="li" justify="space-between" align="center" wrap="nowrap" gap="sm" aria-label={apiKey.name}>
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {apiKey.name}
          </Text>
          <Badge variant="light" color={apiKey.scope === 'write' ? 'violet' : 'gray'} radius="sm">
            {scopeLabel(apiKey.scope)}
          </Badge>
        </Group>
        <Text size="sm" ff="monospace" c="dimmed">
          {apiKey.prefix}…
        </Text>
        <Text size="xs" c="dimmed">
          Created {day.format(new Date(apiKey.createdAt))} · {apiKeyUsedText(apiKey.lastUsedAt, new Date())}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        onClick={confirm}
        loading={revoke.isPending}
        aria-label={`Revoke ${apiKey.name}`}
        style={{ flexShrink: 0 }}
      >
        Revoke
      </Button>
    </Group>
  );
}

/** Making a key: its name and access; then the key, whole, once, with a way to copy it. */
function CreateKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateApiKey();
  const formError = useFormError();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TApiKeyScope>('write');
  const [nameError, setNameError] = useState<string | null>(null);
  const [made, setMade] = useState<TApiKeyCreated | null>(null);

  const close = () => {
    onClose();
    // after the closing animation: a reopened dialog starts empty
    setTimeout(() => {
      setMade(null);
      setName('');
      setScope('write');
      setNameError(null);
      formError.clear();
    }, 200);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    formError.clear();
    const checked = zApiKeyCreate.safeParse({ name, scope });
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message ?? API_KEY_MSG.nameRequired);
      return;
    }
    create.mutate(checked.data, {
      onSuccess: (key) => setMade(key),
      onError: (err) => formError.show(err.message || MSG.somethingWentWrong),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={made ? 'Your new API key' : 'Create an API key'}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {made ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            Copy this key now: for your security it is not shown again.
          </Alert>
          <Code block aria-label="The new API key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {made.key}
          </Code>
          <Group justify="space-between" wrap="wrap">
            <CopyButton value={made.key}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormErrorAlert error={formError.error} />
            <TextInput
              label="Name"
              description="Where you use it, so you know which key to revoke: Zapier, my agent…"
              value={name}
              maxLength={API_KEY_NAME_MAX}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              required
              data-autofocus
            />
            <Radio.Group label="Access" value={scope} onChange={(v) => setScope(v as TApiKeyScope)} required>
              <Stack gap="xs" mt="xs">
                {SCOPES.map((s) => (
                  <Radio key={s.value} value={s.value} label={s.label} description={s.description} />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
