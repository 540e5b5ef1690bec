/** The four switches of the notification settings page, in the order the page shows them. */
export const NOTIFICATION_SETTING_KEYS = ['allNotification', 'promotional', 'socialMedia', 'advertisements'] as const;
export type TNotificationSettingKey = (typeof NOTIFICATION_SETTING_KEYS)[number];
export type TNotificationSettings = Record<TNotificationSettingKey, boolean>;

/** What a push or an e-mail is about: each kind has its own switch under 'All notification'. */
export type TNotificationCategory = Exclude<TNotificationSettingKey, 'allNotification'>;

/** The switches' names as the page shows them. */
export const NOTIFICATION_SETTING_LABELS: Record<TNotificationSettingKey, string> = {
  allNotification: 'All notification',
  promotional: 'Promotional',
  socialMedia: 'Social media',
  advertisements: 'Advertisements',
};

/**
 * A user who never changed a switch: notifications about their own posts and accounts are on; offers and
 * advertisements stay off until the user turns them on (marketing only with the user's consent).
 */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<TNotificationSettings> = Object.freeze({
  allNotification: true,
  promotional: false,
  socialMedia: true,
  advertisements: false,
});

export const NOTIFICATION_SETTINGS_MSG = {
  saved: 'Notification settings saved',
  nothingToSave: 'Send at least one setting: allNotification, promotional, socialMedia or advertisements',
  notBoolean: (key: TNotificationSettingKey) => `${key} must be true or false`,
  unknownSetting: (key: string) => `${key} is not a notification setting`,
} as const;

/**
 * Whether a push or an e-mail of a kind may be sent: 'All notification' off silences every kind, whatever its
 * own switch says (the kinds keep their switches, so turning All back on restores them).
 */
export function notificationAllowed(settings: TNotificationSettings, category: TNotificationCategory): boolean {
  return settings.allNotification && settings[category];
}
