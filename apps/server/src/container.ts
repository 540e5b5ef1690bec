import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { Clock } from './clock';
import type { TConfig } from './config';
import type { TDatabase } from './db/client';
import { safeLogger } from './http/hygiene';
import { createMessenger, type TMessenger } from './integrations/messenger';
import { createLocalStorage, type TStorage } from './integrations/storage';
import { createS3Storage } from './integrations/storage-s3';
import { openBoss } from './jobs/boss';
import { createJobs } from './jobs/registry';
import { createChanges } from './lib/changes';
import { createMetrics } from './lib/metrics';
import { errorForLog } from './lib/scrub';
import { clockStoreIn } from './lib/settings';
import { transactional } from './lib/unit-of-work';
import type { TModule, TModuleContext, TServices } from './module-types';
import { MODULES } from './modules';

export type {
  TModule,
  TModuleContext,
  TNotificationChannel,
  TRoutePlugin,
  TServices,
  TWatcher,
} from './module-types';

export type TContainerDeps = {
  config: TConfig;
  database: TDatabase;
  /** A clock of the caller's (tests move it by hand); by default the product clock, shared in the sandbox. */
  clock?: Clock;
  messenger?: TMessenger;
  /** The process's log: pino options (or false for none); by default at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** This process will run jobs (startWorkers): pg-boss's maintenance and schedules run here too. */
  runJobs?: boolean;
  /** pg-boss's schema on PostgreSQL (tests give each file its own); `pgboss` by default. */
  bossSchema?: string;
  /** pg-boss's connections on PostgreSQL. */
  bossPoolMax?: number;
  /** The modules, in the order their services are built; every module by default. */
  modules?: readonly TModule[];
  /** How the server calls other services over HTTP; the global fetch by default. */
  fetch?: typeof fetch;
};

/** Where uploads are kept: a bucket when STORAGE=s3 (its connections end with the container), else local disk. */
function storageFor(config: TConfig, closers: (() => Promise<void>)[]): TStorage {
  if (!config.storage.s3) return createLocalStorage(config);
  const s3 = createS3Storage(config.storage.s3);
  closers.push(async () => s3.close());
  return s3;
}

/** The process's logger, scrubbed like the HTTP one (http/hygiene). */
function createLogger(options: FastifyServerOptions['logger']): FastifyBaseLogger {
  const safe = safeLogger(options);
  if (!safe || typeof safe !== 'object') return pino({ level: 'silent' });
  const opts = safe as pino.LoggerOptions & { stream?: pino.DestinationStream };
  return opts.stream ? pino(opts, opts.stream) : pino(opts);
}

/** Services still being built: asking for one not built yet says which module to register first. */
function servicesSoFar(built: Partial<TServices>, current: () => string): TServices {
  return new Proxy(built, {
    get(target, name) {
      if (typeof name !== 'string' || name in target) return Reflect.get(target, name);
      if (name === 'then' || name === 'toJSON') return undefined;
      throw new Error(`Module ${current()} needs the ${name} service: register its module before ${current()}`);
    },
  }) as TServices;
}

/**
 * The one composition root: the HTTP server (app.ts), the worker process (worker.ts) and the tests all
 * build the process here. Modules register their services, routes and jobs (modules/index.ts); every
 * repository shares one transaction-aware database; the job queue is started in every process, so any
 * process can send a job (also inside a unit of work), and only one that is asked to runs them
 * (`startWorkers`). `close()` stops the queue and the clock; the database is closed by whoever opened it.
 */
export async function createContainer(deps: TContainerDeps) {
  const { config, database } = deps;
  const modules = deps.modules ?? MODULES;
  const log = createLogger(deps.logger ?? { level: config.logLevel });
  const uow = transactional(database.db);
  const { db, unitOfWork, enqueue, cancelJob } = uow;
  const clock = deps.clock ?? new Clock();
  const metrics = createMetrics();
  const closers: (() => Promise<void>)[] = [];
  let closed = false;
  const close = async () => {
    closed = true;
    for (const closeOne of closers.splice(0).reverse()) await closeOne();
  };

  try {
    // In the sandbox the clock can be moved, and every process must agree on it: it is kept in the database.
    const sharedClock = config.sandbox && !deps.clock;
    if (sharedClock) {
      await clock.share(clockStoreIn(db));
      closers.push(async () => clock.stopSharing());
      if (config.sandboxClockStart !== null) await clock.moveSharedForwardTo(config.sandboxClockStart);
    }

    // The job queue, in every process: a server with WORKERS=off still sends jobs.
    const runJobs = deps.runJobs ?? false;
    const {
      boss,
      productTime,
      schema: bossSchema,
    } = await openBoss({
      database,
      log,
      clock,
      // the sandbox's clock moves, and so does a clock a test passes in
      clockMoves: config.sandbox || Boolean(deps.clock),
      runJobs,
      schema: deps.bossSchema,
      poolMax: deps.bossPoolMax,
    });
    let working = false;
    closers.push(() => boss.stop({ graceful: working, timeout: 10_000 }));
    const jobs = createJobs({ boss, schema: bossSchema, productTime, clock, log, unanswered: uow.unanswered, metrics });
    metrics.readQueuedFrom(() => jobs.queuedCounts());
    // closers run last-in first: the pools stop taking jobs and finish theirs before pg-boss stops
    closers.push(() => jobs.stopWorkers(working ? 10_000 : 0));
    uow.sendJobs(jobs.send, jobs.cancel);
    if (productTime && sharedClock) {
      // a move of the shared clock (made by any process) reaches pg-boss's time within a second
      const timer = setInterval(() => productTime.sync().catch(() => undefined), 1000);
      timer.unref();
      closers.push(async () => clearInterval(timer));
    }

    // what repositories write reaches every process's caches (on PostgreSQL through LISTEN/NOTIFY)
    const changes = createChanges({ database, uow, log });
    closers.push(() => changes.close());
    await changes.start();

    const built: Partial<TServices> = {};
    let current = '';
    const ctx: TModuleContext = {
      config,
      database,
      db,
      unitOfWork,
      enqueue,
      cancelJob,
      changes,
      clock,
      log,
      messenger: deps.messenger ?? createMessenger({ db, config, clock, log }),
      storage: storageFor(config, closers),
      fetch: deps.fetch ?? fetch,
      metrics,
      services: servicesSoFar(built, () => current),
      notificationChannels: [],
    };
    for (const module of modules) {
      current = module.name;
      Object.assign(built, await module.services?.(ctx));
    }
    for (const module of modules) for (const job of module.jobs?.(ctx) ?? []) await jobs.register(job);
    const watchers = modules.flatMap((module) => module.watchers?.(ctx) ?? []);
    let watching = true;
    const timers = new Set<NodeJS.Timeout>();
    closers.push(async () => {
      watching = false;
      for (const t of timers) clearTimeout(t);
    });

    return {
      ...ctx,
      services: built as TServices,
      modules,
      boss,
      jobs,
      /** This process was built to run jobs (a server with WORKERS=on, the worker, a test that says so). */
      runsJobs: runJobs,
      /** Its workers run (startWorkers was called and the container is not closed). */
      jobsRunning: () => working && !closed,
      /** Runs the registered jobs in the background (a server with WORKERS=on, the worker process). */
      async startWorkers() {
        working = true;
        await jobs.startWorkers();
      },
      /** Starts the modules' watchers in this process (the server and worker entry points; tests call them by hand). */
      startWatchers() {
        for (const w of watchers) {
          const loop = () => {
            const timer = setTimeout(async () => {
              timers.delete(timer);
              try {
                // nobody waits on a watcher's run: its changes are announced, not awaited everywhere
                await uow.unanswered(() => w.run());
              } catch (err) {
                log.warn({ err: errorForLog(err), watcher: w.name }, 'watcher failed');
              }
              if (watching) loop();
            }, w.everyMs);
            timer.unref();
            timers.add(timer);
          };
          loop();
        }
      },
      /** Runs every job due by the product's clock now, through the registered handlers (tests). */
      runDueJobs: (queue?: string) => jobs.runDueJobs(queue),
      close,
    };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}
export type TContainer = Awaited<ReturnType<typeof createContainer>>;
