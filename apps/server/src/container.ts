import type { FastifyBaseLogger, FastifyPluginAsync, FastifyServerOptions, RawServerDefault } from 'fastify';
import pino from 'pino';
import { Clock } from './clock';
import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/client';
import { safeLogger } from './http/hygiene';
import { createMessenger, type TMessenger } from './integrations/messenger';
import { createLocalStorage, type TStorage } from './integrations/storage';
import { createS3Storage } from './integrations/storage-s3';
import { openBoss } from './jobs/boss';
import { createJobs, type TJobDefinition } from './jobs/registry';
import { createChanges, type TChanges } from './lib/changes';
import { errorForLog } from './lib/scrub';
import { clockStoreIn } from './lib/settings';
import { type TCancelJob, type TEnqueue, type TUnitOfWork, transactional } from './lib/unit-of-work';
import { MODULES } from './modules';
import type { TNotified } from './modules/notifications/service';

/**
 * The services of every module, by name. Each module adds its own from its module.ts
 * (`declare module '../../container' { interface TServices { ... } }`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each module's registration
export interface TServices {}

/** What a module's registration is given: the shared pieces of the process and the services built so far. */
export type TModuleContext = {
  config: TConfig;
  /** The database as opened (the health check pings it). */
  database: TDatabase;
  /** The transaction-aware database every repository is built on (lib/unit-of-work). */
  db: TDb;
  unitOfWork: TUnitOfWork;
  /** Sends a job; inside a unit of work it commits or fails with the unit. */
  enqueue: TEnqueue;
  /** Cancels a job that has not run; inside a unit of work, only if the unit commits. */
  cancelJob: TCancelJob;
  /** The change feed: repositories say what they wrote, caches forget it in every process (lib/changes). */
  changes: TChanges;
  clock: Clock;
  log: FastifyBaseLogger;
  messenger: TMessenger;
  storage: TStorage;
  /** How the server calls other services over HTTP (the networks); tests route the sandbox's calls in-process. */
  fetch: typeof fetch;
  /** The services of the modules registered before this one (all of them, for routes and jobs). */
  services: TServices;
  /**
   * Where a notification goes besides the in-app list: the module that sends it (Web Push) adds its channel when
   * its services are built; the notifications service hands each notification it writes to every channel.
   */
  notificationChannels: TNotificationChannel[];
};

/** A way notifications reach a user's devices, for the device tokens of one type. */
export type TNotificationChannel = {
  deviceType: string;
  /** Reads a device token of its type before it is kept: the token to keep, or throws a 400 saying what is wrong. */
  checkToken(token: string): Promise<string>;
  /** Takes a notification just written, inside the writer's unit of work when there is one; never waits on the network. */
  deliver(n: TNotified): Promise<void>;
};

// biome-ignore lint/suspicious/noExplicitAny: a module's routes may use any type provider
export type TRoutePlugin = FastifyPluginAsync<any, RawServerDefault, any>;

/**
 * A module's one registration: the services it builds (from the context and earlier modules' services),
 * its routes (registered under /api) and its jobs. Adding a module is adding its registration to
 * modules/index.ts.
 */
export type TModule = {
  name: string;
  services?(ctx: TModuleContext): Partial<TServices> | Promise<Partial<TServices>>;
  routes?(ctx: TModuleContext): TRoutePlugin[];
  /** Routes of the social-posting API (registered under /sph, answering its envelope). */
  sphRoutes?(ctx: TModuleContext): TRoutePlugin[];
  jobs?(ctx: TModuleContext): TJobDefinition[];
  /**
   * Loops every process runs once started (`startWatchers`: servers, WORKERS=off ones included, and worker
   * processes), whatever pg-boss's own timers do: for what must be noticed within seconds by anyone alive.
   */
  watchers?(ctx: TModuleContext): TWatcher[];
};

/** A loop a process runs: `run` every `everyMs` (a run never overlaps the previous one; a failure is logged). */
export type TWatcher = { name: string; everyMs: number; run(): Promise<unknown> };

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
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closeOne of closers.splice(0).reverse()) await closeOne();
  };

  try {
    // In the sandbox the clock can be moved, and every process must agree on it: it is kept in the database.
    const sharedClock = config.sandbox && !deps.clock;
    if (sharedClock) {
      await clock.share(clockStoreIn(db));
      closers.push(async () => clock.stopSharing());
    }

    // The job queue, in every process: a server with WORKERS=off still sends jobs.
    const runJobs = deps.runJobs ?? false;
    const { boss, productTime } = await openBoss({
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
    const jobs = createJobs({ boss, productTime, clock, log, unanswered: uow.unanswered });
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
