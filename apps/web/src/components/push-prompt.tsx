import { Button, CloseButton, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { WEB_PUSH_MSG } from '@virality/domain';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { notifyError, notifySuccess } from '../lib/notify';
import { NARROW_SCREEN } from '../lib/toast-layout';
import { useConfig } from '../lib/use-config';
import { dismissPushOffer, pushOffered, rememberNotNow, subscribePushOffer, syncPushQuietly, turnOnPush } from '../lib/web-push';
import classes from './device-notices.module.css';

/**
 * Logged-in pages: once a post has been created (offerPush), asks whether to be told when posts go out, before the
 * browser's own permission question: Turn on asks the browser, subscribes and registers this device; Not now (or
 * closing) is remembered on this device. Where permission was already given, the subscription is registered again
 * quietly for the signed-in user. On a phone it waits for the toasts to go (the post's result), which sit where it does.
 */
export function PushPrompt({ userId }: { userId: string }) {
  const { data: config } = useConfig();
  const open = useSyncExternalStore(subscribePushOffer, pushOffered, () => false);
  const [busy, setBusy] = useState(false);
  const publicKey = config?.webPushPublicKey;
  const narrow = useMediaQuery(NARROW_SCREEN);
  const toasts = useNotifications().notifications.length;

  useEffect(() => {
    if (publicKey) void syncPushQuietly(publicKey, userId);
  }, [publicKey, userId]);

  if (!open || !publicKey || (narrow && toasts > 0)) return null;
  const notNow = () => {
    rememberNotNow();
    dismissPushOffer();
  };
  const turnOn = async () => {
    setBusy(true);
    const result = await turnOnPush(publicKey, userId);
    setBusy(false);
    dismissPushOffer();
    if (result === 'on') notifySuccess(WEB_PUSH_MSG.turnedOn);
    else if (result === 'denied') notifyError(WEB_PUSH_MSG.blocked);
    else notifyError(WEB_PUSH_MSG.failed);
  };
  return (
    <Paper component="section" aria-label="Notifications" className={classes.notice} withBorder shadow="lg" radius="lg" p="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
            <IconBell size={22} stroke={1.75} />
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} size="sm">
              Get told when your posts go out
            </Text>
            <Text size="sm" c="dimmed">
              Turn on notifications and Virality tells you on this device when a post is published or needs you.
            </Text>
          </div>
          <CloseButton aria-label="Close the notifications question" onClick={notNow} />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={notNow} disabled={busy}>
            Not now
          </Button>
          <Button onClick={turnOn} loading={busy}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
