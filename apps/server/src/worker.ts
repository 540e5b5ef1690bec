import { ConfigError, loadConfig } from './config';
import { createContainer } from './container';
import { openDatabase, type TDatabase } from './db/client';
import { serveWorkerMetrics } from './http/metrics';
import { jobsCheck, readiness } from './http/readiness';

/**
 * A worker process with no HTTP server (`npm run worker`), for running servers with WORKERS=off: the same
 * container as the server (every module's services and jobs), with the jobs running.
 */
let opened: TDatabase | null = null;

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('npm run worker needs DATABASE_URL: the embedded database belongs to one process');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax });
  opened = database;
  await database.migrate();
  const container = await createContainer({ config, database, runJobs: true });
  await container.startWorkers();
  container.startWatchers();
  // its metrics, when asked for (it has no HTTP server otherwise)
  const metrics = config.metrics.port
    ? await serveWorkerMetrics(container.metrics, {
        port: config.metrics.port,
        host: config.host,
        token: config.metrics.token,
        ready: () => readiness({ database, jobs: jobsCheck(container) }),
      })
    : null;
  container.log.info({ queues: container.jobs.queues(), metricsPort: metrics?.port ?? null }, 'worker started');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await metrics?.close();
    await container.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch(async (err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  await opened?.close().catch(() => undefined);
  process.exit(1);
});
