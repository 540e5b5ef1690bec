import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { TDatabase } from '../db/client';
import type { TTransactional } from './unit-of-work';

/** What a change names: a user's row, a session, a role, a user's subscription, a user's notifications, an organization's linked accounts, a payment recorded, points earned, a news article written. */
export type TChangeTopic =
  | 'user'
  | 'session'
  | 'role'
  | 'subscription'
  | 'activity'
  | 'social'
  | 'post'
  | 'payment'
  | 'points'
  | 'news';
export type TChangeListener = (topic: TChangeTopic, key: string) => void;

const TOPICS = new Set<string>([
  'user',
  'session',
  'role',
  'subscription',
  'activity',
  'social',
  'post',
  'payment',
  'points',
  'news',
]);
/** What a barrier is sent as (not a topic: no listener hears it, every process confirms it). */
const BARRIER = 'barrier';
/** How long the listener waits before it connects again after losing its connection. */
const RECONNECT_MS = 1000;
/** How long a writer waits for every process to confirm a change before it goes on regardless. */
const CONFIRM_WAIT_MS = 2000;

/**
 * The change feed: repositories say which rows they wrote (`changed`), caches hear it (`listen`) and forget
 * them. The embedded database has one process (its data folder is locked): it is told once the write has
 * committed. On PostgreSQL every process listens on one channel per schema; a change is sent with NOTIFY
 * inside the writer's transaction, so it is delivered when the write commits and never when it fails.
 *
 * Every listening process confirms each change it has heard (after its caches forgot the rows), and the
 * writer goes on only once as many processes as were listening have confirmed (or after CONFIRM_WAIT_MS,
 * logged): by the time a logout or a deactivation answers its caller, no process still trusts the old rows,
 * so the next call to any of them sees the change.
 *
 * `live()` says whether other processes' writes reach this one: on PostgreSQL only while its listening
 * connection is up. Caches serve nothing while it is down and forget everything when it comes back.
 */
export function createChanges(deps: { database: TDatabase; uow: TTransactional; log: FastifyBaseLogger }) {
  const { database, uow, log } = deps;
  const listeners = new Set<TChangeListener>();
  // listeners that also hear a change as soon as it is written, before it commits (caches: they forget early)
  const early = new Set<TChangeListener>();
  const forgetAll = new Set<() => void>();
  // one channel per database schema: tests that share a database in schemas of their own do not hear each other
  const channel = `changes:${database.schemaName}`;
  // the listening connections of this channel carry this name: a writer counts them to know who must confirm
  const listenerName = `vchanges:${database.schemaName}`.slice(0, 63);
  const processId = randomBytes(6).toString('hex');
  const shared = database.kind === 'postgres' && database.pool !== null;
  let live = !shared;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let sent = 0;
  // the changes this process sent: how many processes confirmed each, and how many must (once counted)
  const waiting = new Map<string, { got: number; expected: number | null; done: (() => void) | null; at: number }>();
  const tell = (topic: TChangeTopic, key: string) => {
    for (const fn of listeners) fn(topic, key);
  };
  const loseEverything = () => {
    for (const fn of forgetAll) fn();
  };
  const settle = (id: string) => {
    const w = waiting.get(id);
    if (w?.done && w.expected !== null && w.got >= w.expected) w.done();
  };
  const confirmed = (id: string) => {
    const w = waiting.get(id);
    if (!w) return;
    w.got++;
    settle(id);
  };

  async function connect(): Promise<void> {
    if (closed || !database.pool) return;
    const c = new pg.Client({ ...database.pool.options, application_name: listenerName });
    const down = () => {
      if (client !== c) return;
      client = null;
      live = false;
      loseEverything();
      c.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
    };
    c.on('error', (err) => {
      log.warn({ err: err.message }, 'change feed: connection lost; caches are off until it is back');
      down();
    });
    c.on('end', down);
    // confirmations go out on the listening connection one statement at a time (a pg client runs one query at
    // once: a second sent while one runs would queue behind it, which pg deprecates), all those heard meanwhile
    // in one statement
    const toConfirm: string[] = [];
    let confirming = false;
    const confirm = async (id: string) => {
      toConfirm.push(`ok:${id}`);
      if (confirming) return;
      confirming = true;
      try {
        while (toConfirm.length) {
          const batch = toConfirm.splice(0);
          await c.query('SELECT pg_notify($1, m) FROM unnest($2::text[]) AS m', [channel, batch]).catch(() => undefined);
        }
      } finally {
        confirming = false;
      }
    };
    c.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      // `topic:key:id` (a change), `ok:id` (a process confirms the change `id`)
      const [topic, key, id] = msg.payload.split(':');
      if (topic === 'ok') return confirmed(key);
      // a barrier asks only to be confirmed: everything sent before it has been heard
      if (topic === BARRIER) {
        if (id) void confirm(id);
        return;
      }
      if (!TOPICS.has(topic) || !key) return;
      tell(topic as TChangeTopic, key);
      if (id) void confirm(id);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: (err as Error).message }, 'change feed: cannot listen; caches are off until it can');
      retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    // whatever was written while this process was not listening is unknown: start from nothing
    loseEverything();
    live = true;
  }

  /**
   * Sends `message` on the channel (inside the unit of work in progress, if any: it is delivered when the unit
   * commits) and resolves, after the commit, once every process listening when it was sent has confirmed it.
   */
  /**
   * How many processes listen on this channel now (their listening connections carry its name), read through `run`:
   * the writer's unit of work when it sends, a connection of the pool's own once that unit is over.
   */
  async function listening(
    run: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> = (text, params) =>
      uow.executor().executeSql(text, params),
  ): Promise<number> {
    // pg_stat_activity lists every database of the server: another Virality (staging beside production) in another
    // database, with its own schema of the same name, has listeners of the same name that never hear this one
    const { rows } = await run(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [listenerName],
    );
    return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
  }

  async function sendConfirmed(message: string, what: string, here: () => void): Promise<void> {
    const id = `${processId}/${++sent}`;
    const now = Date.now();
    // a change whose unit failed is never confirmed: forget those after a minute
    for (const [old, w] of waiting) if (!w.done && now - w.at > 60_000) waiting.delete(old);
    // confirmations may come as soon as the change is sent (at once outside a unit of work): count from now
    const entry: { got: number; expected: number | null; done: (() => void) | null; at: number } = {
      got: 0,
      expected: null,
      done: null,
      at: now,
    };
    waiting.set(id, entry);
    const sql = uow.executor();
    // who must confirm: every process listening now, this one included
    entry.expected = await listening();
    await sql.executeSql('SELECT pg_notify($1, $2)', [channel, `${message}:${id}`]);
    await uow.afterCommit(async () => {
      here();
      if (!live || entry.expected === 0) return void waiting.delete(id);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(async () => {
          // a process that stopped (or was killed) after it was counted never confirms: that is no lag, only
          // one listener fewer. Warn only when a process still listening has not confirmed.
          const missing = (entry.expected ?? 0) - entry.got;
          const now = await listening((text, params) => database.pool!.query(text, params)).catch(() => null);
          if (now === null || now > entry.got)
            log.warn({ topic: what, missing }, 'change feed: a process did not confirm a change in time');
          resolve();
        }, CONFIRM_WAIT_MS);
        entry.done = () => {
          clearTimeout(timer);
          resolve();
        };
        settle(id);
      }).finally(() => waiting.delete(id));
    });
  }

  /**
   * Tells every process that something moved, without waiting for anyone: live pages hear it and read again,
   * caches forget what they read from it. Sent once per unit of work and key however many writes say it, when
   * the unit commits, never when it fails. This process's caches (listeners with `early`) forget at once, and
   * again when the unit commits: a read made meanwhile saw the rows before the write and is not kept.
   */
  async function announce(topic: TChangeTopic, key: string): Promise<void> {
    if (!uow.onceInUnit(`announce:${topic}:${key}`)) return;
    const forgetHere = () => {
      for (const fn of early) fn(topic, key);
    };
    forgetHere();
    if (shared) await uow.executor().executeSql('SELECT pg_notify($1, $2)', [channel, `${topic}:${key}:`]);
    // a listening process hears its own notification; one that is not listening (or the embedded database's
    // only process) tells its own listeners
    await uow.afterCommit(() => {
      forgetHere();
      if (!shared || !live) tell(topic, key);
    });
  }

  return {
    /** Starts hearing other processes' changes (PostgreSQL); resolves once listening, or once it has tried. */
    start: () => (shared ? connect() : Promise.resolve()),
    live: () => live,
    /** A unit of work is in progress: what is read may not be committed, so it is not cached. */
    inUnit: () => uow.inUnit(),
    /**
     * Hears every change; `forget` is called when changes may have been missed (everything is stale).
     * Returns what stops hearing them (a cache listens for the process's life, a live stream while it is open).
     */
    listen(fn: TChangeListener, forget: () => void, o: { early?: boolean } = {}): () => void {
      listeners.add(fn);
      forgetAll.add(forget);
      if (o.early) early.add(fn);
      return () => {
        listeners.delete(fn);
        forgetAll.delete(forget);
        early.delete(fn);
      };
    },
    /**
     * Says a row was written: call it right after the write, inside the same unit of work if there is one.
     * It resolves (at the end of the unit, when there is one) once every process has forgotten the row.
     */
    async changed(topic: TChangeTopic, key: string): Promise<void> {
      if (!shared) return uow.afterCommit(() => tell(topic, key));
      // work no caller waits on (a job's) has no one to keep waiting until every process forgot the rows: it is
      // announced (delivered when it commits, heard within milliseconds), without counting and awaiting listeners
      if (!uow.callerWaits()) return announce(topic, key);
      await sendConfirmed(`${topic}:${key}`, topic, () => tell(topic, key));
    },
    /**
     * Waits until every process has heard every change this unit of work (or this process, outside one) sent
     * before it: a writer that announced its changes calls it before answering, so that its caller's next call,
     * to any process, sees them. Resolves at the end of the unit when there is one.
     */
    async barrier(): Promise<void> {
      if (!shared) return;
      await sendConfirmed(`${BARRIER}:-`, BARRIER, () => undefined);
    },
    announce,
    /** How many processes listen on this database's channel now (each must confirm a caller's change). */
    listening: () => listening(),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      live = !shared;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
export type TChanges = ReturnType<typeof createChanges>;
