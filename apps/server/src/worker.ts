import pino from 'pino';
import { Clock } from './clock';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { startBoss } from './jobs/boss';
import { clockStoreIn } from './lib/settings';

/** A worker process with no HTTP server (`npm run worker`), for running servers with WORKERS=off. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('npm run worker needs DATABASE_URL: the embedded database belongs to one process');
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await database.migrate();
  // the product's clock: in the sandbox, the one the servers move (kept in the database)
  const clock = new Clock();
  if (config.sandbox) await clock.share(clockStoreIn(database.db));
  const boss = await startBoss(config, database, log as never, clock);
  log.info('worker started');
  const stop = async () => {
    clock.stopSharing();
    await boss.stop({ graceful: true, timeout: 10_000 });
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
