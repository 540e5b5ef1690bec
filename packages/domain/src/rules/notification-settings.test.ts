import { describe, expect, it } from 'vitest';
import { zNotificationSettingsUpdate } from '../contracts/notification-settings';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_SETTINGS_MSG, notificationAllowed } from './notification-settings';

const messages = (body: unknown) => zNotificationSettingsUpdate.safeParse(body).error?.issues.map((i) => i.message) ?? [];

describe('notificationAllowed', () => {
  it('All notification off silences every kind; on, each kind follows its own switch', () => {
    const on = { allNotification: true, promotional: true, socialMedia: false, advertisements: true };
    expect(notificationAllowed(on, 'promotional')).toBe(true);
    expect(notificationAllowed(on, 'socialMedia')).toBe(false);
    expect(notificationAllowed({ ...on, allNotification: false }, 'promotional')).toBe(false);
    expect(notificationAllowed({ ...on, allNotification: false }, 'advertisements')).toBe(false);
  });
  it('by default only notifications about the user own posts and accounts go out, no offers or advertisements', () => {
    expect(notificationAllowed(DEFAULT_NOTIFICATION_SETTINGS, 'socialMedia')).toBe(true);
    expect(notificationAllowed(DEFAULT_NOTIFICATION_SETTINGS, 'promotional')).toBe(false);
    expect(notificationAllowed(DEFAULT_NOTIFICATION_SETTINGS, 'advertisements')).toBe(false);
  });
});

describe('zNotificationSettingsUpdate (PUT user/notificationSettings)', () => {
  it('accepts one or more switches, true or false', () => {
    expect(zNotificationSettingsUpdate.safeParse({ promotional: false }).success).toBe(true);
    expect(zNotificationSettingsUpdate.safeParse({ allNotification: true, advertisements: false }).success).toBe(true);
  });
  it('refuses a switch that is not a boolean, an unknown setting, and a body naming none', () => {
    expect(messages({ promotional: 'true' })).toEqual(['promotional must be true or false']);
    expect(messages({ socialMedia: true, push: true })).toEqual(['push is not a notification setting']);
    expect(messages({})).toEqual([NOTIFICATION_SETTINGS_MSG.nothingToSave]);
    expect(messages(null)).toEqual([NOTIFICATION_SETTINGS_MSG.nothingToSave]);
  });
});
