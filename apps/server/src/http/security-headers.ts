import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

type THelmetOptions = Record<string, unknown>;
type THelmet = (options: THelmetOptions) => (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The security headers of every answer: helmet's, with the given options. @fastify/helmet builds helmet's
 * middleware again on every request (parsing the Content-Security-Policy each time: a few percent of a light
 * call such as getUserStatus). The headers do not depend on the request, so the same helmet (the one
 * @fastify/helmet depends on) is run once here, what it sets and removes is written down, and each answer
 * gets exactly that, on the raw response as helmet does (so a hijacked answer, the event stream, has them too).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: THelmetOptions): void {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = fromPlugin('helmet') as THelmet;
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
}
