import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TSandboxClock, TSandboxDb } from '../seams';
import { newId, notFound } from '../seams';
import { checkVapid, decryptAes128gcm, makeUserAgentKeys } from './rfc8291';
import { pushStandInStore, type TPushAnswer } from './store';

/** The largest body a push service takes (RFC 8030 asks for at least 4096 bytes of payload). */
const MAX_PUSH_BYTES = 4096 + 86;
const NO_SUBSCRIPTION = 'No such push subscription';

/** Where the stand-in's subscriptions receive their pushes. */
export const standInEndpointOf = (publicUrl: string, id: string) => `${publicUrl}/sandbox/push/endpoint/${id}`;

const zId = z.object({ id: z.string().regex(/^[a-f0-9]{24}$/, NO_SUBSCRIPTION) });

/**
 * /sandbox/push: a browser's push service, for the sandbox and tests. It makes subscriptions (a user agent's P-256
 * key pair and auth secret, with an endpoint pointing here), receives the encrypted pushes sent to them (checking
 * TTL and the VAPID signature as a push service does, and keeping the body and headers), shows what each received,
 * decrypted with the subscription's keys (RFC 8291), and can be told to answer 410, 500, 429 or 413.
 */
export const pushStandInRoutes =
  (deps: { db: TSandboxDb; clock: TSandboxClock; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const store = pushStandInStore(deps.db);
    const origin = new URL(deps.publicUrl).origin;
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const tags = ['Sandbox'];

    app.post(
      '/sandbox/push/subscriptions',
      { schema: { tags, summary: 'Make a push subscription, as a browser would (its keys stay here)' } },
      async (_req, reply) => {
        const id = newId();
        const keys = makeUserAgentKeys();
        await store.create({ id, keys, createdAt: deps.clock.now().toISOString(), control: { answer: 'accept', times: null } });
        reply.code(201);
        return {
          status: true,
          message: 'Push subscription made',
          response: {
            id,
            /** What PushSubscription.toJSON() gives in a browser. */
            subscription: {
              endpoint: standInEndpointOf(deps.publicUrl, id),
              expirationTime: null,
              keys: { p256dh: keys.publicKey, auth: keys.auth },
            },
            /** The user agent's private key (base64url), so a test can decrypt on its own. */
            privateKey: keys.privateKey,
          },
        };
      },
    );

    app.post(
      '/sandbox/push/endpoint/:id',
      { schema: { tags, summary: 'A push service endpoint: receives one encrypted push', params: zId } },
      async (req, reply) => {
        const sub = await store.get(req.params.id);
        if (!sub) return reply.code(404).send({ reason: NO_SUBSCRIPTION });
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const header = (name: string) => {
          const v = req.headers[name];
          return typeof v === 'string' ? v : null;
        };
        // the VAPID token is minted on the sender's real clock, as a real push service reads it
        const vapid = checkVapid(header('authorization') ?? undefined, origin, Math.floor(Date.now() / 1000));
        const { control } = sub;
        let status = 201;
        let retryAfter: number | null = null;
        if (!vapid.valid) status = 401;
        else if (header('ttl') === null || !/^\d+$/.test(header('ttl') ?? '')) status = 400;
        else if (body.length > MAX_PUSH_BYTES) status = 413;
        else if (control.answer !== 'accept') {
          status = { gone: 410, error: 500, rate_limited: 429, too_large: 413 }[control.answer];
          if (control.answer === 'rate_limited') retryAfter = control.retryAfterSeconds ?? 60;
          if (control.times !== null) {
            const left = control.times - 1;
            await store.setControl(sub.id, left > 0 ? { ...control, times: left } : { answer: 'accept', times: null });
          }
        }
        await store.record(sub.id, {
          receivedAt: new Date().toISOString(),
          status,
          headers: {
            ttl: header('ttl'),
            urgency: header('urgency'),
            contentEncoding: header('content-encoding'),
            contentType: header('content-type'),
            topic: header('topic'),
          },
          vapid,
          body: body.toString('base64url'),
        });
        if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
        if (status === 201) reply.header('location', `${deps.publicUrl}/sandbox/push/messages/${newId()}`);
        return reply.code(status).send(status === 201 ? '' : { status });
      },
    );

    app.get(
      '/sandbox/push/subscriptions/:id/messages',
      { schema: { tags, summary: 'What a subscription received, decrypted with its keys', params: zId } },
      async (req) => {
        const sub = await store.get(req.params.id);
        if (!sub) throw notFound(NO_SUBSCRIPTION);
        const messages = (await store.messages(sub.id)).map((m) => {
          let payload: string | null = null;
          let error: string | null = null;
          try {
            payload = decryptAes128gcm(Buffer.from(m.body, 'base64url'), sub.keys).toString('utf8');
          } catch (err) {
            error = err instanceof Error ? err.message : 'could not decrypt';
          }
          return { ...m, payload, error };
        });
        return { status: true, message: 'Success', response: { messages } };
      },
    );

    app.post(
      '/sandbox/push/subscriptions/:id/_control',
      {
        schema: {
          tags,
          summary: "Say how the push service answers a subscription's next pushes",
          params: zId,
          body: z.object({
            answer: z.enum(['accept', 'gone', 'error', 'rate_limited', 'too_large']),
            times: z.number().int().min(1).max(100).nullable().default(null),
            retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
          }),
        },
      },
      async (req) => {
        const control: TPushAnswer = req.body;
        if (!(await store.setControl(req.params.id, control))) throw notFound(NO_SUBSCRIPTION);
        return { status: true, message: 'Push service answer set', response: control };
      },
    );
  };
