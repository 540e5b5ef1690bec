import type { FastifyPluginAsync } from 'fastify';

/** A message the product sent by mail or SMS (kept in the product's outbox). */
export type TOutboxMessage = { id: string; channel: string; to: string; subject: string | null; body: string; createdAt: Date };
/** The product's latest sent messages, newest first, at most `limit`. */
export type TOutboxReader = (limit: number) => Promise<TOutboxMessage[]>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** /sandbox/outbox: the mail and SMS the product sent, for people (HTML) and tests (JSON). */
export const outboxRoutes =
  (latest: TOutboxReader): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/sandbox/outbox',
      { schema: { tags: ['Sandbox'], summary: 'Sent mail and SMS (JSON with Accept: application/json)' } },
      async (req, reply) => {
        const rows = await latest(200);
        const items = rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.to,
          subject: r.subject,
          body: r.body,
          createdAt: r.createdAt.toISOString(),
        }));
        if ((req.headers.accept ?? '').includes('application/json')) return { status: true, message: 'Success', response: items };
        const list = items
          .map(
            (m) =>
              `<article><header><strong>${esc(m.channel.toUpperCase())}</strong> to <code>${esc(m.to)}</code> · <time>${esc(m.createdAt)}</time></header>${
                m.subject ? `<h2>${esc(m.subject)}</h2>` : ''
              }<p>${esc(m.body)}</p></article>`,
          )
          .join('');
        reply
          .type('text/html')
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox outbox · Virality</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}h2{font-size:1rem;margin:.5rem 0}</style></head>
<body><h1>Sandbox outbox</h1><p>Messages the product sent while no mail or SMS service is configured, newest first.</p>${list || '<p>No messages yet.</p>'}</body></html>`);
      },
    );
  };
