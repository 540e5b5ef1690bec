import type { FastifyBaseLogger, FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { Clock } from './clock';
import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/client';
import type { TMessenger } from './integrations/messenger';
import type { TStorage } from './integrations/storage';
import type { TJobDefinition } from './jobs/registry';
import type { TChanges } from './lib/changes';
import type { TMetrics } from './lib/metrics';
import type { TCancelJob, TEnqueue, TUnitOfWork } from './lib/unit-of-work';
import type { TNotified } from './modules/notifications/service';

/*
 * What a module's registration is and is given: types only, imported by every module.ts and by the container that
 * builds them. Kept apart from container.ts (which imports every module) so that no module imports the container.
 */

/**
 * The services of every module, by name. Each module adds its own from its module.ts
 * (`declare module '../../module-types' { interface TServices { ... } }`).
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
  /** The process's metrics (lib/metrics): what the services count for Prometheus. */
  metrics: TMetrics;
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
