import type { PgBoss } from 'pg-boss';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { startBoss } from './jobs/boss';

/** Start: config → database → migrations → app → workers; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const { app, clock } = await buildApp({ config, database });
  let boss: PgBoss | null = null;
  if (config.workers) boss = await startBoss(config, database, app.log, clock);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Virality on ${config.publicUrl} (${database.kind}${config.sandbox ? ', sandbox' : ''}); API docs at /api/docs`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    if (boss) await boss.stop({ graceful: true, timeout: 10_000 });
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
