import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createContainer } from './container';
import { DataFolderInUseError, openDatabase, type TDatabase } from './db/client';
import { FIRST_ADMIN_HINT } from './modules/admin/create-admin-command';
import { serveOpsSocket } from './ops/ops-socket';

/** Start: config → database → migrations → container → app → workers; stops cleanly on SIGINT/SIGTERM. */
let opened: TDatabase | null = null;

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
    dataDir: config.dataDir,
  });
  opened = database;
  await database.migrate();
  // WORKERS=off: this server still sends jobs; `npm run worker` processes run them
  const container = await createContainer({ config, database, runJobs: config.workers });
  const { app } = await buildApp({ container });
  if (config.workers) await container.startWorkers();
  container.startWatchers();
  await app.listen({ port: config.port, host: config.host });
  // the embedded database is backed up through this process while it runs (npm run backup)
  const ops = database.pglite
    ? await serveOpsSocket(database, config.dataDir).catch((err: Error) => {
        app.log.warn(`No backup while running (the socket in the data folder could not be opened: ${err.message})`);
        return null;
      })
    : null;
  app.log.info(`Virality on ${config.publicUrl} (${database.kind}${config.sandbox ? ', sandbox' : ''}); API docs at /api/docs`);
  // a fresh machine: nobody can run the console until the first admin is made on the command line
  if (!(await container.services.admin.anyAdmin())) app.log.warn(FIRST_ADMIN_HINT);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await ops?.close();
    await app.close();
    await container.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** A fatal error still closes the database: the embedded one flushes and frees its data folder. */
async function fail(err: unknown) {
  console.error(err instanceof ConfigError || err instanceof DataFolderInUseError ? err.message : err);
  const closing = opened?.close().catch(() => undefined);
  opened = null;
  await Promise.race([closing, new Promise((r) => setTimeout(r, 5000))]);
  process.exit(1);
}
process.on('uncaughtException', (err) => void fail(err));
process.on('unhandledRejection', (err) => void fail(err));

main().catch(fail);
