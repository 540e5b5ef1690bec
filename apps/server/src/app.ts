import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Clock } from './clock';
import type { TConfig } from './config';
import type { TDatabase } from './db/client';
import { registerAuth } from './http/auth';
import { registerErrorHandler, registerNotFound } from './http/error-handler';
import { registerHygiene, safeLogger } from './http/hygiene';
import { dbRateLimitStore } from './http/rate-limit-store';
import { createMessenger, type TMessenger } from './integrations/messenger';
import { createLocalStorage } from './integrations/storage';
import { clockStoreIn, getOrCreateSetting, randomSecret } from './lib/settings';
import { transactional } from './lib/unit-of-work';
import { createGoogleVerifier } from './modules/auth/google';
import { createAuthRepository } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { createTokenSigner } from './modules/auth/tokens';
import { createInterestsRepository } from './modules/interests/repository';
import { interestsRoutes } from './modules/interests/routes';
import { createInterestsService } from './modules/interests/service';
import { locationRoutes } from './modules/location/routes';
import { createLocationService } from './modules/location/service';
import { createNotificationsRepository } from './modules/notifications/repository';
import { notificationsRoutes } from './modules/notifications/routes';
import { createNotificationsService } from './modules/notifications/service';
import { createSubscriptionsRepository } from './modules/subscriptions/repository';
import { createSubscriptionsService } from './modules/subscriptions/service';
import { createTeamRepository } from './modules/team/repository';
import { teamRoutes } from './modules/team/routes';
import { createTeamService } from './modules/team/service';
import { createAccountDeletion } from './modules/users/deletion';
import { deletionRoutes } from './modules/users/deletion-routes';
import { createUsersRepository } from './modules/users/repository';
import { usersRoutes } from './modules/users/routes';
import { createUsersService } from './modules/users/service';
import { clockRoutes } from './sandbox/clock';
import { googleSandboxRoutes, SANDBOX_GOOGLE_CLIENT_ID } from './sandbox/google';
import { outboxRoutes } from './sandbox/outbox';

const SANDBOX_PRODUCTION_WARNING =
  'SANDBOX IS ON IN PRODUCTION: /sandbox/outbox shows every code, /sandbox/google signs anyone in, /sandbox/clock moves time. Never run it with real users.';

export type TAppDeps = {
  config: TConfig;
  database: TDatabase;
  clock?: Clock;
  messenger?: TMessenger;
  logger?: FastifyServerOptions['logger'];
};

/** Builds the whole HTTP app; tests call it with their own database and drive it with inject(). */
export async function buildApp(deps: TAppDeps) {
  const { config, database } = deps;
  if (config.storage.kind === 's3')
    throw new Error('STORAGE=s3 is not supported yet: media storage on S3 comes with the media module');
  // Every repository gets the transaction-aware database: a unit of work spans modules.
  const { db, unitOfWork } = transactional(database.db);
  const clock = deps.clock ?? new Clock();
  const app = Fastify({
    // requests are logged by path only, never with the query string (lib/scrub, http/hygiene)
    logger: safeLogger(deps.logger ?? { level: config.logLevel }),
    // fastify accepts a hop count too; its types only list boolean, string and string[]
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerHygiene(app);

  // In the sandbox the clock can be moved, and every process must agree on it: it is kept in the database.
  if (config.sandbox && !deps.clock) {
    await clock.share(clockStoreIn(db));
    app.addHook('onClose', async () => clock.stopSharing());
  }

  const jwtSecret = config.jwtSecret ?? (await getOrCreateSetting(db, 'jwt_secret', randomSecret));
  const otpSecret = await getOrCreateSetting(db, 'otp_secret', randomSecret);

  // modules
  const messenger = deps.messenger ?? createMessenger({ db, config, clock, log: app.log });
  const storage = createLocalStorage(config);
  const location = createLocationService();
  const interests = createInterestsService(createInterestsRepository(db));
  await interests.seed();
  const subscriptions = createSubscriptionsService({ repo: createSubscriptionsRepository(db), clock });
  const notifications = createNotificationsService({ repo: createNotificationsRepository(db), clock });
  const users = createUsersService({
    repo: createUsersRepository(db),
    clock,
    subscriptions,
    location,
    interests,
    storage,
    publicUrl: config.publicUrl,
  });
  const googleClientId = config.google.clientId ?? (config.sandbox ? SANDBOX_GOOGLE_CLIENT_ID : null);
  const auth = createAuthService({
    repo: createAuthRepository(db),
    unitOfWork,
    users,
    clock,
    tokens: createTokenSigner(jwtSecret),
    messenger,
    google: googleClientId ? createGoogleVerifier({ jwksUrl: config.google.jwksUrl, clientId: googleClientId }) : null,
    otpSecret,
    sessionTtlHours: config.sessionTtlHours,
    log: app.log,
  });

  const team = createTeamService({
    repo: createTeamRepository(db),
    users,
    auth,
    messenger,
    clock,
    publicUrl: config.publicUrl,
    unitOfWork,
  });
  users.extendDto((row) => team.memberInfo(row));
  auth.useMemberGate((row) => team.mayClaimSeat(row));

  // plugins
  await app.register(helmet, {
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
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Virality API',
        version: '0.1.0',
        description: 'Main API (/api), social-posting API (/sph) and admin API (/api/admin).',
      },
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  registerAuth(app, auth);

  // main API
  const limit = { max: config.rateLimit.max, timeWindow: config.rateLimit.windowSeconds * 1000 };
  await app.register(
    async (api) => {
      api.get('/health', { schema: { tags: ['Health'], summary: 'Liveness and database check' } }, async () => {
        await database.db.execute('select 1');
        return {
          status: true,
          message: 'ok',
          response: { database: database.kind, sandbox: config.sandbox, time: clock.now().toISOString() },
        };
      });
      api.get('/config', { schema: { tags: ['Health'], summary: 'Public settings for the web app' } }, async () => ({
        status: true,
        message: 'Success',
        response: { sandbox: config.sandbox, googleClientId: config.google.clientId },
      }));
      await api.register(authRoutes(auth, limit));
      await api.register(usersRoutes(users, notifications));
      await api.register(notificationsRoutes(notifications));
      await api.register(deletionRoutes(createAccountDeletion({ users, auth, notifications, team, unitOfWork })));
      await api.register(interestsRoutes(interests));
      await api.register(teamRoutes(team));
      await api.register(locationRoutes(location));
    },
    { prefix: '/api' },
  );

  // The stand-ins exist only in sandbox mode: otherwise /sandbox/* is not routed at all (404).
  if (config.sandbox) {
    if (config.sandboxInProduction) app.log.warn(SANDBOX_PRODUCTION_WARNING);
    await app.register(async (sandbox) => {
      if (config.sandboxInProduction)
        sandbox.addHook('onRequest', async (req) => req.log.warn({ path: req.routeOptions.url }, SANDBOX_PRODUCTION_WARNING));
      await sandbox.register(outboxRoutes(db));
      await sandbox.register(googleSandboxRoutes({ clock, publicUrl: config.publicUrl }));
      await sandbox.register(clockRoutes(clock));
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
  registerNotFound(app, serveSpa);

  return { app, clock, services: { auth, users, team, notifications, subscriptions, interests, location } };
}
export type TBuiltApp = Awaited<ReturnType<typeof buildApp>>;
