import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fromPglite, PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../db/client';
import { interests } from '../db/schema';
import { transactional } from '../lib/unit-of-work';
import { createJobSender } from './sender';

// On the embedded database, or (TEST_DB=postgres) in schemas of its own on PostgreSQL.
const onPg = process.env.TEST_DB === 'postgres';
const schemaName = `t_${randomBytes(6).toString('hex')}`;
let database: TDatabase;
let boss: PgBoss;
const QUEUE = 'test-sender';

beforeAll(async () => {
  database = await openDatabase(
    onPg ? { databaseUrl: process.env.TEST_DATABASE_URL, schemaName, poolMax: 4 } : { dataDir: null },
  );
  await database.migrate();
  boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite as never), backend: 'pglite', supervise: false, schedule: false })
    : new PgBoss({
        connectionString: process.env.TEST_DATABASE_URL,
        schema: `${schemaName}_boss`,
        supervise: false,
        schedule: false,
      });
  await boss.start();
  await boss.createQueue(QUEUE);
}, 60_000);

afterAll(async () => {
  await boss?.stop({ graceful: false });
  if (database?.pool) {
    await database.pool.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
    await database.pool.query(`DROP SCHEMA IF EXISTS "${schemaName}_boss" CASCADE`);
  }
  await database?.close();
});

const jobsWaiting = async () => (await boss.fetch(QUEUE, { batchSize: 10 })) ?? [];

describe('a job sent inside a unit of work commits or fails with it', () => {
  it('a unit that fails after sending leaves neither its change nor its job', async () => {
    const { db, unitOfWork, executor } = transactional(database.db);
    const jobs = createJobSender(boss, executor);
    await jobs.prepare(QUEUE);
    const id = `rolled-back-${Date.now()}`;
    await expect(
      unitOfWork(async () => {
        await db.insert(interests).values({ id, value: 'Rolled back', position: 990 });
        await jobs.send(QUEUE, { id });
        throw new Error('failed half-way');
      }),
    ).rejects.toThrow('failed half-way');
    expect(await db.select().from(interests).where(eq(interests.id, id))).toEqual([]);
    expect(await jobsWaiting()).toEqual([]);
  });

  it('a unit that commits leaves its change and exactly one job', async () => {
    const { db, unitOfWork, executor } = transactional(database.db);
    const jobs = createJobSender(boss, executor);
    await jobs.prepare(QUEUE);
    const id = `committed-${Date.now()}`;
    await unitOfWork(async () => {
      await db.insert(interests).values({ id, value: 'Committed', position: 991 });
      await jobs.send(QUEUE, { id });
    });
    expect(await db.select().from(interests).where(eq(interests.id, id))).toHaveLength(1);
    const waiting = await jobsWaiting();
    expect(waiting.map((j) => j.data)).toEqual([{ id }]);
  });

  it('outside a unit of work a job is sent on its own', async () => {
    const { executor } = transactional(database.db);
    const jobs = createJobSender(boss, executor);
    await jobs.prepare(QUEUE);
    await jobs.send(QUEUE, { alone: true });
    expect((await jobsWaiting()).map((j) => j.data)).toEqual([{ alone: true }]);
  });

  it('a queue must be prepared at start before anything is sent to it, and must exist', async () => {
    const jobs = createJobSender(boss, transactional(database.db).executor);
    expect(() => jobs.send(QUEUE, {})).toThrow(/was not prepared/);
    await expect(jobs.prepare('no-such-queue')).rejects.toThrow(/does not exist/);
  });
});
