import { Divider, Group, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  MSG,
  NOTIFICATION_SETTING_LABELS,
  type TNotificationCategory,
  type TNotificationSettingKey,
  type TNotificationSettings,
} from '@virality/domain';
import { Fragment, type ReactNode, useId, useRef, useState } from 'react';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ProfileSubpage } from '../../../components/profile-subpage';
import { NOTIFICATION_SETTINGS_KEY, useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import classes from './notification-settings-page.module.css';

/** What each kind of notification is about, under its switch. */
const KINDS: { key: TNotificationCategory; description: string }[] = [
  { key: 'promotional', description: 'Offers, discounts and news about Virality plans and features.' },
  {
    key: 'socialMedia',
    description: 'Your posts going out or failing, drafts waiting for approval and accounts that need reconnecting.',
  },
  { key: 'advertisements', description: 'Sponsored messages from brands and partners of Virality.' },
];

/**
 * /profile/notification: the four switches, kept on the server for this account (so every device and every push
 * or e-mail follows them). A flip is saved at once; if the save fails the switch goes back and the page says why.
 * With All notification off, the three kinds keep their places but cannot be changed until it is on again.
 * `extra`: what another feature adds below (an influencer's muted campaign owners, app/pages).
 */
export function NotificationSettingsPage({ extra = null }: { extra?: ReactNode } = {}) {
  const settings = useNotificationSettings();
  const queryClient = useQueryClient();
  const formError = useFormError();
  const [saved, setSaved] = useState(false);
  // flips not yet answered, shown over the saved values; a switch's flip is dropped once no flip of it is waiting
  const [flipped, setFlipped] = useState<Partial<TNotificationSettings>>({});
  const waiting = useRef<Partial<Record<TNotificationSettingKey, number>>>({});

  const settle = (key: TNotificationSettingKey) => {
    waiting.current[key] = (waiting.current[key] ?? 1) - 1;
    if (waiting.current[key] === 0) setFlipped(({ [key]: _done, ...rest }) => rest as Partial<TNotificationSettings>);
  };
  const save = useSaveNotificationSettings({
    onSuccess: (answer) => {
      queryClient.setQueryData<TNotificationSettings>(NOTIFICATION_SETTINGS_KEY, answer);
      setSaved(true);
    },
    onError: (err) => {
      formError.show(err.message || MSG.somethingWentWrong);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_KEY });
    },
    onSettled: (vars) => {
      for (const key of Object.keys(vars) as TNotificationSettingKey[]) settle(key);
    },
  });

  const flip = (key: TNotificationSettingKey, value: boolean) => {
    formError.clear();
    setSaved(false);
    waiting.current[key] = (waiting.current[key] ?? 0) + 1;
    setFlipped((f) => ({ ...f, [key]: value }));
    save.mutate({ [key]: value });
  };

  const shown = settings.data ? { ...settings.data, ...flipped } : null;

  return (
    <ProfileSubpage
      title="Notification settings"
      subtitle="Choose what reaches you by push and e-mail. Your notifications list in the app keeps everything."
    >
      <Stack gap="lg">
        <FormErrorAlert error={formError.error} />
        {settings.isError ? (
          <LoadErrorAlert
            variant="light"
            title="Your notification settings could not be loaded"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
            {shown ? (
              <SettingsList values={shown} onFlip={flip} />
            ) : (
              <Stack gap="lg" aria-busy="true">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} height={40} radius="md" />
                ))}
              </Stack>
            )}
          </Paper>
        )}
        <Text size="sm" c="dimmed" aria-live="polite" ta="right" mih={20}>
          {saved ? 'Saved' : ''}
        </Text>
        {extra}
      </Stack>
    </ProfileSubpage>
  );
}

function SettingsList({
  values,
  onFlip,
}: {
  values: TNotificationSettings;
  onFlip: (key: TNotificationSettingKey, value: boolean) => void;
}) {
  const allOff = !values.allNotification;
  return (
    <Stack gap="md">
      <SettingRow
        label={NOTIFICATION_SETTING_LABELS.allNotification}
        description={allOff ? 'Off: no push or e-mail notification is sent.' : 'On: each kind below follows its own switch.'}
        checked={values.allNotification}
        onChange={(on) => onFlip('allNotification', on)}
        strong
      />
      {KINDS.map(({ key, description }) => (
        <Fragment key={key}>
          <Divider />
          <SettingRow
            label={NOTIFICATION_SETTING_LABELS[key]}
            description={description}
            checked={values[key]}
            disabled={allOff}
            onChange={(on) => onFlip(key, on)}
          />
        </Fragment>
      ))}
    </Stack>
  );
}

/** One switch: its name (the switch's label) and what it is about (its description), the switch on the right. */
function SettingRow(props: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  strong?: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Stack gap={2}>
        <Text component="label" htmlFor={id} fw={props.strong ? 600 : 500} c={props.disabled ? 'dimmed' : undefined}>
          {props.label}
        </Text>
        <Text id={`${id}-description`} size="sm" c="dimmed">
          {props.description}
        </Text>
      </Stack>
      <Switch
        id={id}
        size="md"
        mt={2}
        aria-describedby={`${id}-description`}
        classNames={{ track: classes.track }}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
    </Group>
  );
}
