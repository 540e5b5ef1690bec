import { API_RESPONSES, type TApiCall, zOk } from '@virality/domain';
import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * A route's response schema, from the shared contracts: `schema: { response: replies('GET /user/getUserStatus') }`.
 * The type provider then checks the handler's answer against it when the server is compiled, and the
 * serializer below encodes every answer through it.
 */
export const replies = <K extends TApiCall>(
  call: K,
): { 200: z.ZodObject<{ status: z.ZodLiteral<true>; message: z.ZodString; response: (typeof API_RESPONSES)[K] }> } => ({
  200: zOk(API_RESPONSES[call]) as never,
});

/** A response that its schema refuses, or (strict) that carries more than its schema declares. */
export class ResponseContractError extends Error {}

/**
 * Sends what a route answers through its response schema. A field the schema does not declare never leaves the
 * server (an object schema drops it). Outside production (strict) that is a broken contract, not a quiet fix:
 * the call fails with the field's path, so a test or a developer sees it at once. A route without a response
 * schema (the event stream, the sandbox) is sent as it is. A frozen answer (a service's kept answer, see
 * sphAnswer) is encoded once per route: the same object sent again is sent as the same bytes.
 */
export function contractSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    if (!schema || typeof (schema as Partial<z.ZodType>).safeEncode !== 'function') return (data) => JSON.stringify(data);
    // a frozen answer never changes: it is encoded and checked once, then its bytes are sent again
    const sent = new WeakMap<object, string>();
    return (data) => {
      const frozen = typeof data === 'object' && data !== null && Object.isFrozen(data);
      if (frozen) {
        const bytes = sent.get(data as object);
        if (bytes !== undefined) return bytes;
      }
      const result = schema.safeEncode(data);
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new ResponseContractError(
          `${method} ${url} answered outside its response schema: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
        );
      }
      if (strict) {
        const dropped = undeclared(data, result.data, '');
        if (dropped)
          throw new ResponseContractError(`${method} ${url} answered ${dropped}, which its response schema does not declare`);
      }
      const bytes = JSON.stringify(result.data);
      if (frozen) sent.set(data as object, bytes);
      return bytes;
    };
  };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** The path of the first field of `sent` (with a value) that the encoded `kept` no longer has, or null. */
function undeclared(sent: unknown, kept: unknown, at: string): string | null {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      const found = undeclared(sent[i], kept[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return null;
  for (const [k, v] of Object.entries(sent)) {
    if (v === undefined) continue;
    const path = at ? `${at}.${k}` : k;
    if (!(k in kept)) return path;
    const found = undeclared(v, kept[k], path);
    if (found) return found;
  }
  return null;
}
