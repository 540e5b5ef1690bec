import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The main API's envelope: `{status, message, response}`. */
export const ok = <T>(response: T, message = 'Success') => ({ status: true as const, message, response });

/** The social-posting API's envelope: `{response_code, response_message, response_data}`. */
export const sphOk = <T>(data: T, message = 'Success') => ({
  response_code: 200 as const,
  response_message: message,
  response_data: data,
});

const envelopes = new WeakMap<object, object>();

/**
 * An answer `{response_data, ...beside}` in the social-posting API's envelope. A frozen answer (one kept by a
 * service and handed to every caller) gets the same frozen envelope every time, so that its serialized bytes are
 * made once too (http/contracts).
 */
export function sphAnswer<A extends { response_data: unknown }>(
  answer: A,
): ReturnType<typeof sphOk<A['response_data']>> & Omit<A, 'response_data'> {
  type TEnvelope = ReturnType<typeof sphOk<A['response_data']>> & Omit<A, 'response_data'>;
  const kept = envelopes.get(answer);
  if (kept) return kept as TEnvelope;
  const { response_data, ...beside } = answer;
  const envelope = { ...sphOk(response_data), ...beside } as TEnvelope;
  if (Object.isFrozen(answer)) envelopes.set(answer, Object.freeze(envelope));
  return envelope;
}

/** Below this size an answer is sent as it is: compressing would save less than it costs. */
const GZIP_FROM_BYTES = 1024;
const gzipped = new WeakMap<object, Buffer | null>();
const acceptsGzip = (req: FastifyRequest) => /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));

/**
 * Sends an answer in the social-posting API's envelope. A kept (frozen) answer of some size goes compressed to a
 * caller that accepts gzip (every browser and mobile HTTP stack does), compressed once and sent again as the same
 * bytes; anything else is answered as usual (encoded through the route's response schema).
 */
export function sendSphAnswer<A extends { response_data: unknown }>(req: FastifyRequest, reply: FastifyReply, answer: A) {
  const envelope = sphAnswer(answer);
  reply.header('vary', 'accept-encoding');
  if (!Object.isFrozen(envelope) || !acceptsGzip(req)) return envelope;
  let body = gzipped.get(envelope);
  if (body === undefined) {
    // the route's own serializer: the answer is checked against its response schema like any other
    const json = reply.serialize(envelope);
    body = Buffer.byteLength(json) >= GZIP_FROM_BYTES ? gzipSync(json) : null;
    gzipped.set(envelope, body);
  }
  if (body === null) return envelope;
  return reply.header('content-encoding', 'gzip').type('application/json; charset=utf-8').send(body);
}

/** The surface a request is on decides its envelope (the social-posting API answers in its own). */
export const isSphRequest = (url: string) => /^\/sph(\/|$|\?)/.test(url);
