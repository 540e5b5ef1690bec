import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import { Clock } from '../clock';
import type { TConfig } from '../config';
import type { TDatabase } from '../db/client';
import { errorForLog } from '../lib/scrub';
import { PRODUCT_TIME_SETTING, productBossClock } from './boss-clock';

export type TBossOptions = {
  database: TDatabase;
  log: FastifyBaseLogger;
  clock: Clock;
  /** The clock can move (sandbox, tests): pg-boss then reads the product's time, in SQL too (jobs/boss-clock). */
  clockMoves: boolean;
  /** This process runs jobs: pg-boss's maintenance and its cron pass run here. A process that only sends needs neither. */
  runJobs: boolean;
  /** Where pg-boss keeps its tables on PostgreSQL (tests give each file its own). */
  schema?: string;
  /** Connections pg-boss may open on PostgreSQL. */
  poolMax?: number;
};

/**
 * pg-boss on PostgreSQL (its own pool, on the database's URL), or on the embedded PGlite through its
 * adapter; started (its schema made or migrated, under its own lock) and ready to send.
 */
export async function openBoss(opts: TBossOptions) {
  const { database, log } = opts;
  const productTime = opts.clockMoves ? productBossClock(opts.clock) : null;
  const common = {
    supervise: opts.runJobs,
    schedule: opts.runJobs,
    ...(productTime ? { clock: productTime.bossClock } : {}),
  };
  let boss: PgBoss;
  let schema: string;
  if (database.pglite) {
    schema = 'pgboss';
    // one session for everything: opted in once
    if (productTime) await database.pglite.exec(`SET ${PRODUCT_TIME_SETTING} = 'on'`);
    boss = new PgBoss({ db: fromPglite(database.pglite as never), backend: 'pglite', ...common });
  } else {
    const connectionString = database.pool?.options.connectionString;
    if (!connectionString) throw new Error('pg-boss needs the database URL');
    schema = opts.schema ?? 'pgboss';
    boss = new PgBoss({
      connectionString,
      schema,
      max: opts.poolMax ?? 10,
      // every connection of pg-boss's pool reads the product's time (set when it connects)
      ...(productTime ? { options: `-c ${PRODUCT_TIME_SETTING}=on` } : {}),
      ...common,
    });
  }
  boss.on('error', (err: unknown) => log.error({ err: errorForLog(err) }, 'pg-boss error'));
  await boss.start();
  try {
    await productTime?.install(boss.getDb(), schema);
  } catch (err) {
    await boss.stop({ graceful: false });
    throw err;
  }
  return { boss, productTime, schema };
}

/** pg-boss started on the database (its tables made or migrated) with nothing registered; the caller stops it. */
export async function startBoss(_config: TConfig, database: TDatabase, log: FastifyBaseLogger): Promise<PgBoss> {
  const { boss } = await openBoss({ database, log, clock: new Clock(), clockMoves: false, runJobs: false });
  return boss;
}
