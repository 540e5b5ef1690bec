import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TSandboxClock } from './seams';

/** Moves the server clock forward (tests and demos see expiry and scheduling without waiting). */
export const clockRoutes =
  (clock: TSandboxClock): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/sandbox/clock', { schema: { tags: ['Sandbox'], summary: 'The server clock' } }, async () => ({
      status: true,
      message: 'Success',
      response: { now: clock.now().toISOString(), offsetMs: clock.offset },
    }));
    app.post(
      '/sandbox/clock/advance',
      {
        schema: {
          tags: ['Sandbox'],
          summary: 'Move the server clock forward',
          body: z.object({
            seconds: z
              .number()
              .int()
              .positive()
              .max(10 * 365 * 86400),
          }),
        },
      },
      async (req) => {
        await clock.advanceShared(req.body.seconds * 1000);
        return { status: true, message: 'Clock moved', response: { now: clock.now().toISOString(), offsetMs: clock.offset } };
      },
    );
  };
