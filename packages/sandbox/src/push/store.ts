import { randomBytes } from 'node:crypto';
import { and, asc, eq, like, lte } from 'drizzle-orm';
import type { TSandboxDb } from '../seams';
import { settingsRows as appSettings } from '../seams';
import type { TUserAgentKeys, TVapidCheck } from './rfc8291';

/**
 * How the stand-in answers a subscription's pushes: `accept` (201), `gone` (410: the subscription has ended),
 * `error` (500), `rate_limited` (429 with Retry-After) or `too_large` (413); `times` pushes answered so (then
 * `accept` again), or every push from now on when null.
 */
export type TPushAnswer = {
  answer: 'accept' | 'gone' | 'error' | 'rate_limited' | 'too_large';
  times: number | null;
  retryAfterSeconds?: number;
};

export type TStandInSubscription = { id: string; keys: TUserAgentKeys; createdAt: string; control: TPushAnswer };

/** One push the stand-in received: its headers, what it answered, the VAPID check and the encrypted body. */
export type TReceivedPush = {
  receivedAt: string;
  status: number;
  headers: {
    ttl: string | null;
    urgency: string | null;
    contentEncoding: string | null;
    contentType: string | null;
    topic: string | null;
  };
  vapid: TVapidCheck;
  /** The body as it came (base64url). */
  body: string;
};

/** The messages kept per subscription (the oldest go first). */
export const MESSAGES_KEPT = 50;

/**
 * The stand-in's subscriptions and what it received, in the settings table (key → JSON) under keys of its own
 * (`sandbox_push:sub:<id>`, `sandbox_push:msg:<id>:<time>`), so they outlive a restart and every process sees them.
 */
export function pushStandInStore(db: TSandboxDb) {
  const subKey = (id: string) => `sandbox_push:sub:${id}`;
  const msgPrefix = (id: string) => `sandbox_push:msg:${id}:`;
  const get = async (id: string): Promise<TStandInSubscription | null> => {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, subKey(id)));
    return (row?.value as TStandInSubscription | undefined) ?? null;
  };
  return {
    get,
    async create(sub: TStandInSubscription): Promise<void> {
      await db.insert(appSettings).values({ key: subKey(sub.id), value: sub });
    },
    async setControl(id: string, control: TPushAnswer): Promise<boolean> {
      const sub = await get(id);
      if (!sub) return false;
      await db
        .update(appSettings)
        .set({ value: { ...sub, control } })
        .where(eq(appSettings.key, subKey(id)));
      return true;
    },
    /** Keeps a push received (and drops the oldest beyond MESSAGES_KEPT). */
    async record(id: string, push: TReceivedPush): Promise<void> {
      // the key sorts by arrival: the time, then a random tail for two pushes within one millisecond
      const key = `${msgPrefix(id)}${push.receivedAt}-${randomBytes(4).toString('hex')}`;
      await db.insert(appSettings).values({ key, value: push });
      const keys = await db
        .select({ key: appSettings.key })
        .from(appSettings)
        .where(like(appSettings.key, `${msgPrefix(id)}%`))
        .orderBy(asc(appSettings.key));
      const extra = keys.length - MESSAGES_KEPT;
      if (extra > 0)
        await db
          .delete(appSettings)
          .where(and(like(appSettings.key, `${msgPrefix(id)}%`), lte(appSettings.key, keys[extra - 1].key)));
    },
    /** What the subscription received, oldest first. */
    async messages(id: string): Promise<TReceivedPush[]> {
      const rows = await db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(like(appSettings.key, `${msgPrefix(id)}%`))
        .orderBy(asc(appSettings.key));
      return rows.map((r) => r.value as TReceivedPush);
    },
  };
}
export type TPushStandInStore = ReturnType<typeof pushStandInStore>;
