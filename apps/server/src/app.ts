import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { createContainer, type TContainer, type TContainerDeps } from './container';
import { registerAuth } from './http/auth';
import { contractSerializer, replies } from './http/contracts';
import { registerErrorHandler, registerNotFound } from './http/error-handler';
import { registerHygiene } from './http/hygiene';
import { readLivePages, registerLivePages } from './http/live-pages';
import { registerMetrics } from './http/metrics';
import { registerOpenapi } from './http/openapi';
import { validatorCompiler } from './http/query';
import { dbRateLimitStore } from './http/rate-limit-store';
import { jobsCheck, registerReadiness } from './http/readiness';
import { registerSecurityHeaders } from './http/security-headers';
import { latestOutbox } from './integrations/messenger';
import { newsPageRoutes } from './modules/news/pages';

const SANDBOX_PRODUCTION_WARNING =
  'SANDBOX IS ON IN PRODUCTION: /sandbox/outbox shows every code, /sandbox/google signs anyone in, /sandbox/clock moves time. Never run it with real users.';

/** What buildApp needs: a container made by the caller (who then closes it), or what to make one from. */
export type TAppDeps = TContainerDeps | { container: TContainer };

/**
 * Builds the whole HTTP app on a container (container.ts): plugins, hooks, every module's routes, the
 * sandbox when on, uploads and the web app. Tests call it with their own database and drive it with
 * inject(). Given what to make a container from, it makes one and closes it with the app.
 */
export async function buildApp(deps: TAppDeps) {
  if ('container' in deps) return buildOn(deps.container, false);
  const container = await createContainer(deps);
  try {
    return await buildOn(container, true);
  } catch (err) {
    await container.close();
    throw err;
  }
}
export type TBuiltApp = Awaited<ReturnType<typeof buildApp>>;

async function buildOn(container: TContainer, own: boolean) {
  const { config, database, db, clock, services } = container;
  const app = Fastify({
    // requests are logged by path only, never with the query string (lib/scrub, http/hygiene)
    loggerInstance: container.log,
    // fastify accepts a hop count too; its types only list boolean, string and string[]
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  });
  if (own) app.addHook('onClose', async () => container.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializer(config.env !== 'production'));
  registerErrorHandler(app);
  registerHygiene(app);

  // plugins
  registerSecurityHeaders(app, {
    // sent by registerHygiene, and only over HTTPS
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", 'https://accounts.google.com'],
        'frame-src': ["'self'", 'https://accounts.google.com'],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'https://accounts.google.com'],
        'form-action': ["'self'"],
      },
    },
  });
  await app.register(rateLimit, { global: false, store: dbRateLimitStore(db, clock) });
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 10 } });
  await registerOpenapi(app, { publicUrl: config.publicUrl });
  registerAuth(app, services.auth);
  registerMetrics(app, container.metrics, config.metrics.token);

  // main API: every module's routes
  await app.register(
    async (api) => {
      api.get(
        '/health',
        { schema: { response: replies('GET /health'), tags: ['Health'], summary: 'Liveness and database check' } },
        async () => {
          await database.db.execute('select 1');
          return {
            status: true,
            message: 'ok',
            response: { database: database.kind, sandbox: config.sandbox, time: clock.now().toISOString() },
          };
        },
      );
      // the load balancer's check: may this process take traffic (the database, the migrations, the job queue)
      registerReadiness(api, {
        database,
        jobs: container.runsJobs ? jobsCheck(container) : null,
      });
      api.get(
        '/config',
        { schema: { response: replies('GET /config'), tags: ['Health'], summary: 'Public settings for the web app' } },
        async () => ({
          status: true,
          message: 'Success',
          response: {
            sandbox: config.sandbox,
            googleClientId: config.google.clientId,
            socialNetworks: services.socialAccounts.offered(),
            webPushPublicKey: services.push.publicKey,
          },
        }),
      );
      for (const module of container.modules) for (const routes of module.routes?.(container) ?? []) await api.register(routes);
    },
    { prefix: '/api' },
  );
  // social-posting API: the modules' routes that answer its envelope
  await app.register(
    async (sph) => {
      for (const module of container.modules)
        for (const routes of module.sphRoutes?.(container) ?? []) await sph.register(routes);
    },
    { prefix: '/sph' },
  );

  // The stand-ins exist only in sandbox mode: otherwise /sandbox/* is not routed at all (404), and their package
  // (@virality/sandbox) is never loaded — a production build keeps it in a file of its own (build.mjs).
  if (config.sandbox) {
    if (config.sandboxInProduction) app.log.warn(SANDBOX_PRODUCTION_WARNING);
    const { registerSandbox } = await import('@virality/sandbox');
    await app.register(async (sandbox) => {
      if (config.sandboxInProduction)
        sandbox.addHook('onRequest', async (req) => req.log.warn({ path: req.routeOptions.url }, SANDBOX_PRODUCTION_WARNING));
      await registerSandbox(sandbox, {
        config,
        db,
        clock,
        fetch: container.fetch,
        log: container.log,
        outbox: (limit) => latestOutbox(db, limit),
        users: services.users,
        notifications: services.notifications,
      });
    });
  }

  // uploads and the web app
  fs.mkdirSync(config.storage.localDir, { recursive: true });
  await app.register(fastifyStatic, { root: config.storage.localDir, prefix: '/uploads/', decorateReply: false });
  const serveSpa = fs.existsSync(config.webDistDir);
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      // `/` is a page like the others: the not-found handler sends its HTML (the landing, rendered at build time)
      index: false,
      // the web app's rendering module (the server renders the live pages with it) is read from disk, never sent
      allowedPath: (pathName) => !/^\/ssr(\/|$)/.test(pathName),
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts); send those as they are.
      preCompressed: true,
      cacheControl: false,
      // Hashed files under /assets/ never change: cached for a year. Everything else (index.html, robots.txt)
      // is revalidated on every visit, so a release is seen at once.
      setHeaders(reply, filePath) {
        const rel = path.relative(config.webDistDir, filePath).split(path.sep);
        reply.header('cache-control', rel[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // the sitemap, and an article's page with its own Open Graph tags for crawlers
  await app.register(newsPageRoutes(services.news, { webDistDir: config.webDistDir, publicUrl: config.publicUrl, serveSpa }));
  const builtPages = serveSpa ? readRoutePages(config.webDistDir) : {};
  // the public pages that show what the API answers (plans, articles), rendered with it as they are asked for
  const livePages = serveSpa ? readLivePages(config.webDistDir) : null;
  if (livePages) registerLivePages(app, { dist: config.webDistDir, live: livePages, builtPages });
  registerNotFound(app, serveSpa ? { pages: builtPages } : null);

  return { app, clock, services, container };
}

/** The build's map of page paths to their HTML (see the web app's build); none when the build has no such file. */
function readRoutePages(dist: string): Record<string, string> {
  const file = path.join(dist, 'route-pages.json');
  if (!fs.existsSync(file)) return {};
  const pages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const safe: Record<string, string> = {};
  // only plain HTML files inside the build folder are ever sent
  for (const [route, page] of Object.entries(pages))
    if (typeof page === 'string' && /^[\w/-]+\.html$/.test(page) && !page.includes('..')) safe[route] = page;
  return safe;
}
