import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/** The largest body an emulator takes (a video upload in parts). */
const EMULATOR_BODY_LIMIT = 256 * 1024 * 1024;

/** A Fastify app for emulators: no log, their body limit, zod schemas. */
export function emulatorApp(): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: EMULATOR_BODY_LIMIT });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}
/** Headers of the emulator's answer that belong to its own connection, not to the one it is handed back on. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * A network emulator mounted on first use: its routes (many, each with its schemas) are built the first time a
 * request reaches its base, in a Fastify app of its own, and every request under the base is handed to it
 * in-process with its bytes as they came. An idle server pays nothing for the emulators it has not used.
 */
export function lazyEmulator(base: string, load: () => Promise<FastifyPluginAsync>): FastifyPluginAsync {
  return async (app) => {
    let inner: Promise<FastifyInstance> | null = null;
    const build = async () => {
      const child = emulatorApp();
      await child.register(await load());
      await child.ready();
      return child;
    };
    // closing the server closes the emulator, which wakes any call it holds
    app.addHook('onClose', async () => {
      if (inner) await (await inner).close();
    });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: EMULATOR_BODY_LIMIT }, (_req, body, done) => done(null, body));
    app.all(`${base}/*`, { schema: { hide: true } }, async (req, reply) => {
      inner ??= build().catch((err) => {
        inner = null;
        throw err;
      });
      const emulator = await inner;
      const res = await emulator.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: req.headers,
        payload: req.body as Buffer | undefined,
      });
      reply.status(res.statusCode);
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && !HOP_HEADERS.has(k)) reply.header(k, v);
      return reply.send(res.rawPayload);
    });
  };
}
