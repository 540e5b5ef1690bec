import { EVENTS_TICKET_TTL_SECONDS, MSG, TOKEN_MAX, tooLong } from '@virality/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../errors';
import { authOf, guard, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TEventsService, TLiveSink } from './service';

const security = [{ accessToken: [] }];
/** The stream is opened with a ticket in its query (an EventSource cannot send a header): see app.ts's schemes. */
const ticketSecurity = [{ eventsTicket: [] }];
/** The ticket a stream request names, if any. */
const ticketOf = (req: FastifyRequest): string | undefined => {
  const ticket = (req.query as { ticket?: unknown } | undefined)?.ticket;
  return typeof ticket === 'string' && ticket !== '' ? ticket : undefined;
};
/** A client that lost the stream tries again after this long (the web app asks for a new ticket first). */
const RETRY_MS = 5000;

export const eventsRoutes =
  (events: TEventsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Live updates'];
    // the open streams: a server that stops ends them first (an open response would hold its close forever)
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });

    app.post(
      '/events/ticket',
      {
        onRequest: requireAuth,
        schema: {
          response: replies('POST /events/ticket'),
          tags,
          security,
          summary: `A ticket that opens the caller's live stream within ${EVENTS_TICKET_TTL_SECONDS} seconds`,
        },
      },
      async (req) => ok(await events.issueTicket(authOf(req))),
    );

    app.get(
      '/events',
      {
        // no ticket is an unauthorised caller (401), like a wrong or expired one: refused before the query is validated
        onRequest: guard({ scheme: 'eventsTicket', refuses: [401] }, async (req) => {
          if (!ticketOf(req)) throw unauthorized(MSG.unauthorized);
        }),
        schema: {
          tags,
          security: ticketSecurity,
          summary:
            'The live stream (server-sent events `unseen` and `end`), opened with a ticket (once: a used ticket answers 401)',
          querystring: z.object({ ticket: z.string().max(TOKEN_MAX, tooLong('ticket')).optional() }),
        },
      },
      async (req, reply) => {
        const res = reply.raw;
        // what the stream says before its headers are out waits for them
        let pending: string[] | null = [];
        const write = (text: string) => {
          if (pending) pending.push(text);
          else if (!res.writableEnded) res.write(text);
        };
        const sink: TLiveSink = {
          send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
          heartbeat: () => write(': keep-alive\n\n'),
          end: () => {
            if (pending) pending.push('');
            else res.end();
          },
        };
        const stream = req.query.ticket ? await events.open(req.query.ticket, sink) : 'refused';
        if (stream === 'refused') throw unauthorized(MSG.unauthorized);
        if (stream === 'used') throw unauthorized(MSG.ticketUsed);
        reply.hijack();
        // the security headers the app's hooks set on the reply, then the stream's own
        const headers: Record<string, string | number | string[]> = {};
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
        res.writeHead(200, {
          ...headers,
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write(`retry: ${RETRY_MS}\n\n`);
        const queued = pending;
        pending = null;
        for (const text of queued) {
          if (text === '') {
            res.end();
            break;
          }
          res.write(text);
        }
        const end = () => {
          stream.close();
          open.delete(end);
          if (!res.writableEnded) res.end();
        };
        open.add(end);
        res.on('close', end);
      },
    );
  };
