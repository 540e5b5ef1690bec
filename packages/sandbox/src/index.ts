import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { clockRoutes } from './clock';
import { googleSandboxRoutes } from './google';
import { lazyEmulator } from './networks/lazy';
import { notificationsSandboxRoutes, type TSandboxNotifications, type TSandboxUsers } from './notifications';
import { outboxRoutes, type TOutboxReader } from './outbox';
import { paypalSandboxRoutes } from './paypal/routes';
import { pushStandInRoutes } from './push/routes';
import type { TSandboxClock, TSandboxConfig, TSandboxDb } from './seams';
import { stripeSandboxRoutes } from './stripe/routes';

export type { TEmulatorLatency } from './networks/bench';
export type { TSandboxNotifications, TSandboxUsers } from './notifications';
export type { TOutboxMessage, TOutboxReader } from './outbox';
export type { TSandboxClock, TSandboxConfig, TSandboxDb } from './seams';

/** Everything the stand-ins take from the product that mounts them. */
export type TSandboxDeps = {
  config: TSandboxConfig;
  /** The product's database: the stand-ins keep their objects in its settings table. */
  db: TSandboxDb;
  clock: TSandboxClock;
  /** How the stand-ins reach the product (webhooks, media pulls): tests route it in-process. */
  fetch: typeof fetch;
  log: FastifyBaseLogger;
  /** The mail and SMS the product sent, for /sandbox/outbox. */
  outbox: TOutboxReader;
  users: TSandboxUsers;
  notifications: TSandboxNotifications;
};

/**
 * Mounts every stand-in of an outside service on `app`, each under its /sandbox/… path: the outbox, Google
 * sign-in, the clock, Stripe, PayPal, in-app notifications, the seven networks' emulators and the Web Push service.
 * The product calls this only in sandbox mode, after loading this package on demand: a build that never runs the
 * sandbox never loads its code. Each network's emulator is built on its first request, so an idle server does not
 * carry seven of them.
 */
export async function registerSandbox(app: FastifyInstance, deps: TSandboxDeps): Promise<void> {
  const { config, db, clock, fetch, log } = deps;
  await app.register(outboxRoutes(deps.outbox));
  await app.register(googleSandboxRoutes({ clock, publicUrl: config.publicUrl }));
  await app.register(clockRoutes(clock));
  await app.register(stripeSandboxRoutes({ config, db, clock, fetch, log }));
  await app.register(paypalSandboxRoutes({ config, db, clock, fetch, log }));
  await app.register(notificationsSandboxRoutes(deps.users, deps.notifications));
  const opts = {
    clock,
    publicUrl: config.publicUrl,
    productUrl: config.emulators.productUrl,
    fetch,
    benchProfiles: config.emulators.benchProfiles,
    latency: config.emulators.latency,
  };
  const networks: FastifyPluginAsync[] = [
    lazyEmulator('/sandbox/instagram', async () => (await import('./networks/meta')).instagramEmulatorRoutes(opts)),
    lazyEmulator('/sandbox/facebook', async () => (await import('./networks/meta')).facebookEmulatorRoutes(opts)),
    lazyEmulator('/sandbox/youtube', async () => (await import('./networks/youtube')).youtubeEmulatorRoutes(opts)),
    lazyEmulator('/sandbox/linkedin', async () => (await import('./networks/linkedin')).linkedinEmulatorRoutes(opts)),
    lazyEmulator('/sandbox/tiktok', async () => (await import('./networks/tiktok')).tiktokEmulatorRoutes(opts)),
    lazyEmulator('/sandbox/twitter', async () => (await import('./networks/x')).xEmulatorRoutes(opts)),
    lazyEmulator('/sandbox/threads', async () => (await import('./networks/threads')).threadsEmulatorRoutes(opts)),
  ];
  for (const routes of networks) await app.register(routes);
  await app.register(pushStandInRoutes({ db, clock, publicUrl: config.publicUrl }));
}

/** The same as a Fastify plugin: `app.register(sandboxPlugin(deps))`. */
export const sandboxPlugin =
  (deps: TSandboxDeps): FastifyPluginAsync =>
  (app) =>
    registerSandbox(app, deps);
