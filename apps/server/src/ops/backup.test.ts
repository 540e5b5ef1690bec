import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createContainer } from '../container';
import { openDatabase, type TDatabase } from '../db/client';
import { PAYOUT_SEND_QUEUE } from '../modules/money/jobs';
import { approvedOrder, campaignWithInfluencer, payCapture, payoutRow, waitFor, withdraw } from '../modules/money/money-test-kit';
import { postNow, publishDue, xAuthor } from '../modules/posts/posts-test-kit';
import { buildTestApp, buildUser, givePlan, type TTestApp } from '../test/helpers';
import { databaseUrlFor } from '../test/pg-template';
import { backup, backupCommand, restore, restoreCommand } from './backup';
import { filesUnder } from './backup-file';
import { opsSocketPath, serveOpsSocket } from './ops-socket';

// A backup holds everything a user trusted us with: accounts, posts, campaigns, wallets and the ledger, and the
// uploads on local disk; restored into an empty place, all of it comes back and the ledger still adds up.

const onPostgres = process.env.TEST_DB === 'postgres';
// Each of these makes and migrates whole databases from nothing, dumps and restores them (tens of seconds on two
// loaded cores, more as migrations are added): a longer time than a test's usual 30 s before one is called stuck.
// How fast a backup is, is not what they check.
const WHOLE_DATABASES_MS = 180_000;
const base = process.env.TEST_DATABASE_URL ?? '';
let t: TTestApp;
let work: string;
const io = () => {
  const said = { out: [] as string[], err: [] as string[] };
  return { said, io: { out: (l: string) => said.out.push(l), err: (l: string) => said.err.push(l) } };
};

/** What a restored database must hold as the original does: the row count of each table that matters, and sums. */
async function fingerprint(database: TDatabase) {
  const one = async (q: string) =>
    ((await database.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const counts: Record<string, unknown> = {};
  for (const table of [
    'users',
    'sessions',
    'social_accounts',
    'media_files',
    'subscriptions',
    'posts',
    'post_targets',
    'campaigns',
    'campaign_influencers',
    'transfers',
    'payouts',
    'ledger_movements',
    'ledger_entries',
    'points_ledger',
  ])
    counts[table] = Number((await one(`SELECT count(*)::int AS n FROM ${table}`)).n);
  counts.wallets = Number((await one('SELECT coalesce(sum(wallet_minor), 0)::bigint AS n FROM users')).n);
  counts.ledger = Number((await one('SELECT coalesce(sum(amount_minor), 0)::bigint AS n FROM ledger_entries')).n);
  return counts;
}

beforeAll(async () => {
  t = await buildTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-backup-test-'));
  // a user signs up, links X, posts; a brand pays an influencer, who withdraws and is paid
  const author = await buildUser(t);
  await givePlan(t, author.user.id);
  const x = await xAuthor(t, author.token);
  await postNow(t, author.token, x.photo, [x.ids.twitter], 'Kept in the backup');
  await publishDue(t);
  const c = await campaignWithInfluencer(t, { budget: 10_000, influencerPaypalId: 'kept@example.com' });
  const order = await approvedOrder(t, c, 30);
  expect((await payCapture(t, c.brand.token, { orderId: order.orderId })).json.response.paymentStatus).toBe('COMPLETED');
  const out = await withdraw(t, c.influencer.token, 10);
  expect(out.status).toBe(200);
  await t.runDueJobs(PAYOUT_SEND_QUEUE);
  t.clock.advance(61_000);
  await t.services.money.pollPayouts();
  await waitFor('the payout paid', async () => (await payoutRow(t, out.json.response._id)).status === 'COMPLETED');
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const uploadsDir = () => t.container.config.storage.localDir;
const databaseUrl = () => (onPostgres ? ((t.database.pool as pg.Pool).options.connectionString as string) : null);

/** An empty PostgreSQL database of its own (dropped by the caller). */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_restore_${randomBytes(4).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  return { url: databaseUrlFor(base, name), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

describe('a backup restored into an empty place', { timeout: WHOLE_DATABASES_MS }, () => {
  it('brings back every user, post, campaign, wallet and ledger entry, and the uploads; the ledger check passes', async () => {
    const file = path.join(work, 'all.backup');
    const manifest = await backup({ database: t.database, databaseUrl: databaseUrl(), uploadsDir: uploadsDir(), out: file });
    expect(manifest).toMatchObject({ database: t.database.kind, uploads: 'included' });
    expect(manifest.uploadCount).toBeGreaterThanOrEqual(1);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const before = await fingerprint(t.database);
    expect(before.posts).toBeGreaterThanOrEqual(1);
    expect(before.payouts).toBe(1);

    const place = path.join(work, 'restored');
    const target = onPostgres ? await emptyDatabase() : null;
    try {
      await restore({
        from: file,
        dataDir: place,
        databaseUrl: target?.url ?? null,
        uploadsDir: path.join(place, 'uploads'),
        force: false,
      });
      const restored = await openDatabase(
        target ? { databaseUrl: target.url, schemaName: t.database.schemaName, poolMax: 2 } : { dataDir: place },
      );
      try {
        expect(await fingerprint(restored)).toEqual(before);
        expect(await restored.pendingMigrations()).toBe(0);
        expect(filesUnder(path.join(place, 'uploads'))).toEqual(filesUnder(uploadsDir()));
        // the restored place runs: its ledger adds up
        const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: place, LOG_LEVEL: 'silent', SANDBOX: 'true' });
        const container = await createContainer({
          config,
          database: restored,
          logger: false,
          bossSchema: target ? `${t.database.schemaName}_boss` : undefined,
          bossPoolMax: 2,
        });
        try {
          expect((await container.services.money.checkLedger()).ok).toBe(true);
        } finally {
          await container.close();
        }
      } finally {
        await restored.close();
      }

      // a second restore into the same place is refused with what to do, and changes nothing; --force replaces it
      await expect(
        restore({
          from: file,
          dataDir: place,
          databaseUrl: target?.url ?? null,
          uploadsDir: path.join(place, 'uploads'),
          force: false,
        }),
      ).rejects.toThrow(onPostgres ? 'The database is not empty' : 'already holds a database');
      await restore({
        from: file,
        dataDir: place,
        databaseUrl: target?.url ?? null,
        uploadsDir: path.join(place, 'uploads'),
        force: true,
      });
    } finally {
      await target?.drop();
    }
  });

  it('a file that is not a backup, or one cut short, is refused before anything changes', async () => {
    const file = path.join(work, 'cut.backup');
    await backup({ database: t.database, databaseUrl: databaseUrl(), uploadsDir: uploadsDir(), out: file });
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const place = path.join(work, 'never');
    await expect(restore({ from: file, dataDir: place, databaseUrl: null, uploadsDir: null, force: false })).rejects.toThrow(
      /cut short/,
    );
    fs.writeFileSync(file, 'hello');
    await expect(restore({ from: file, dataDir: place, databaseUrl: null, uploadsDir: null, force: false })).rejects.toThrow(
      /is not a Virality backup/,
    );
    expect(fs.existsSync(place)).toBe(false);
  });

  it('a backup of one kind of database is not restored into the other', async () => {
    const file = path.join(work, 'kind.backup');
    await backup({ database: t.database, databaseUrl: databaseUrl(), uploadsDir: null, out: file });
    await expect(
      restore({
        from: file,
        dataDir: path.join(work, 'other-kind'),
        databaseUrl: onPostgres ? null : 'postgres://nobody@127.0.0.1:1/none',
        uploadsDir: null,
        force: false,
      }),
    ).rejects.toThrow(onPostgres ? 'restore it with DATABASE_URL set' : 'restore it without DATABASE_URL');
  });
});

describe('npm run backup / npm run restore', { timeout: WHOLE_DATABASES_MS }, () => {
  it('say how they are used when a flag is missing or unknown, and refuse to overwrite a file or read a missing one', async () => {
    const env = { NODE_ENV: 'test', DATA_DIR: path.join(work, 'cli'), LOG_LEVEL: 'silent' };
    for (const [command, args, words] of [
      [backupCommand, [], 'Where to write the backup is missing (--out)'],
      [backupCommand, ['--to', 'x'], "Unknown option '--to'"],
      [restoreCommand, [], 'Which backup to restore is missing (--from)'],
      [restoreCommand, ['--from', path.join(work, 'none.backup')], 'does not exist'],
    ] as const) {
      const { said, io: out } = io();
      expect(await command([...args], env, out)).toBe(2);
      expect(said.err.join('\n')).toContain(words);
    }
    const existing = path.join(work, 'exists.backup');
    fs.writeFileSync(existing, 'x');
    const { said, io: out } = io();
    expect(await backupCommand(['--out', existing], env, out)).toBe(2);
    expect(said.err.join('\n')).toContain('exists already');
    expect(fs.readFileSync(existing, 'utf8')).toBe('x');
  });

  it.skipIf(onPostgres)(
    'back up the embedded database a running server holds: the server dumps it, the data stay whole',
    async () => {
      const dataDir = path.join(work, 'running');
      const held = await openDatabase({ dataDir });
      await held.migrate();
      await held.db.execute(
        sql.raw(`INSERT INTO interests (id, value, position) VALUES ('kept-while-running', 'Kept while running', 999)`),
      );
      const ops = await serveOpsSocket(held, dataDir);
      try {
        expect(fs.statSync(opsSocketPath(dataDir)).mode & 0o077).toBe(0);
        const file = path.join(work, 'running.backup');
        const backedUp = io();
        expect(
          await backupCommand(['--out', file], { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, backedUp.io),
        ).toBe(0);
        expect(backedUp.said.out.join('\n')).toContain('Backed up the embedded database');
        const elsewhere = path.join(work, 'from-running');
        await restore({ from: file, dataDir: elsewhere, databaseUrl: null, uploadsDir: null, force: false });
        const restored = await openDatabase({ dataDir: elsewhere });
        try {
          const rows = (await restored.db.execute(
            sql.raw(`SELECT value AS name FROM interests WHERE id = 'kept-while-running'`),
          )) as unknown as {
            rows: { name: string }[];
          };
          expect(rows.rows).toEqual([{ name: 'Kept while running' }]);
        } finally {
          await restored.close();
        }
      } finally {
        await ops.close();
        await held.close();
      }
      expect(fs.existsSync(opsSocketPath(dataDir))).toBe(false);
    },
  );

  it.skipIf(onPostgres)('back up a stopped embedded database with its uploads, and restore it elsewhere', async () => {
    // a data folder of its own, made by a server that then stopped
    const dataDir = path.join(work, 'stopped');
    const made = await openDatabase({ dataDir });
    await made.migrate();
    await made.close();
    fs.mkdirSync(path.join(dataDir, 'uploads', 'media'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'media', 'a.jpg'), 'jpeg bytes');
    const file = path.join(work, 'cli.backup');
    const backedUp = io();
    expect(await backupCommand(['--out', file], { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, backedUp.io)).toBe(
      0,
    );
    expect(backedUp.said.out.join('\n')).toMatch(/Backed up the embedded database \(\d+ migrations\) and 1 uploads to /);
    const elsewhere = path.join(work, 'elsewhere');
    const restored = io();
    expect(
      await restoreCommand(['--from', file], { NODE_ENV: 'test', DATA_DIR: elsewhere, LOG_LEVEL: 'silent' }, restored.io),
    ).toBe(0);
    expect(restored.said.out.join('\n')).toContain('Restored the backup of');
    expect(fs.readFileSync(path.join(elsewhere, 'uploads', 'media', 'a.jpg'), 'utf8')).toBe('jpeg bytes');
    const again = io();
    expect(await restoreCommand(['--from', file], { NODE_ENV: 'test', DATA_DIR: elsewhere, LOG_LEVEL: 'silent' }, again.io)).toBe(
      1,
    );
    expect(again.said.err.join('\n')).toContain('add --force to replace it');
  });
});
