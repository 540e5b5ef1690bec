import { z } from 'zod';
import {
  NOTIFICATION_SETTING_KEYS,
  NOTIFICATION_SETTINGS_MSG,
  type TNotificationSettingKey,
} from '../rules/notification-settings';

const zSwitch = (key: TNotificationSettingKey) => z.boolean({ error: NOTIFICATION_SETTINGS_MSG.notBoolean(key) });

/** GET and PUT user/notificationSettings answer the user's four switches. */
export const zNotificationSettings = z.object({
  allNotification: z.boolean(),
  promotional: z.boolean(),
  socialMedia: z.boolean(),
  advertisements: z.boolean(),
});

/**
 * PUT user/notificationSettings: one or more switches, each true or false (a switch left out keeps its value);
 * anything else in the body is refused, so a misspelt switch is never silently ignored.
 */
export const zNotificationSettingsUpdate = z
  .strictObject(
    {
      allNotification: zSwitch('allNotification').optional(),
      promotional: zSwitch('promotional').optional(),
      socialMedia: zSwitch('socialMedia').optional(),
      advertisements: zSwitch('advertisements').optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? NOTIFICATION_SETTINGS_MSG.unknownSetting(String(issue.keys[0]).slice(0, 40))
          : NOTIFICATION_SETTINGS_MSG.nothingToSave,
    },
  )
  .refine((b) => NOTIFICATION_SETTING_KEYS.some((k) => b[k] !== undefined), {
    error: NOTIFICATION_SETTINGS_MSG.nothingToSave,
  });
export type TNotificationSettingsUpdate = z.infer<typeof zNotificationSettingsUpdate>;
