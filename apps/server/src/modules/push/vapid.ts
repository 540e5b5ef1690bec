import type { TDb } from '../../db/client';
import { getOrCreateSetting } from '../../lib/settings';

/** The server's VAPID key pair (base64url): the public key is what browsers subscribe with. */
export type TVapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID keys, made on the very first start and kept in the settings table: every process (and every later
 * start) signs with the same key, which every browser's subscription is bound to. A new key would orphan every
 * subscription (the push services refuse a push signed with another key than the one subscribed with).
 */
export const loadVapidKeys = (db: TDb): Promise<TVapidKeys> =>
  getOrCreateSetting<TVapidKeys>(db, 'web_push_vapid_keys', async () => {
    // web-push is loaded when it is needed (here only on the very first start): an idle server does not carry it
    const { default: webPush } = await import('web-push');
    return webPush.generateVAPIDKeys();
  });
