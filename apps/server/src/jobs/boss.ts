import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import { Clock } from '../clock';
import type { TConfig } from '../config';
import type { TDatabase } from '../db/client';
import { createLocalStorage } from '../integrations/storage';
import { errorForLog } from '../lib/scrub';
import { cleanupJob } from './cleanup';
import { uploadSweepJob } from './upload-sweep';

/** pg-boss on PostgreSQL, or on the embedded PGlite through its adapter. */
/** `clock`: the product's clock (the sandbox may move it), which the jobs read instead of the real time. */
export async function startBoss(
  config: TConfig,
  database: TDatabase,
  log: FastifyBaseLogger,
  clock = new Clock(),
): Promise<PgBoss> {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite as never), backend: 'pglite' })
    : new PgBoss({ connectionString: config.databaseUrl!, schema: 'pgboss' });
  boss.on('error', (err: unknown) => log.error({ err: errorForLog(err) }, 'pg-boss error'));
  await boss.start();
  await cleanupJob.register(boss, database, log, clock);
  await uploadSweepJob.register(boss, database, createLocalStorage(config), log, clock);
  return boss;
}
