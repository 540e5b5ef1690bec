import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The keys of a query schema that may be left out (optional, or with a default). */
function optionalKeys(schema: unknown): Set<string> {
  if (!(schema instanceof z.ZodObject)) return new Set();
  const keys = new Set<string>();
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>))
    if (field.safeParse(undefined).success) keys.add(key);
  return keys;
}

/**
 * The routes' validator (fastify-type-provider-zod's), where an optional query parameter sent empty (`?year=`)
 * is the same as one not sent: clients send every filter they have, empty when none is chosen. A required one
 * sent empty is still validated (and refused as its schema says).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'querystring') return validate;
  const optional = optionalKeys(route.schema);
  if (optional.size === 0) return validate;
  return (data) => {
    if (typeof data !== 'object' || data === null) return validate(data);
    const query = { ...(data as Record<string, unknown>) };
    for (const key of optional) if (query[key] === '') delete query[key];
    return validate(query);
  };
};

type TParameter = { in?: string; required?: boolean; allowEmptyValue?: boolean };
type TDocument = { paths?: Record<string, Record<string, { parameters?: TParameter[] } | unknown> | undefined> };

/** The OpenAPI document says the same: every optional query parameter allows an empty value (read as absent). */
export function documentEmptyQueryValues<D extends TDocument>(doc: D): D {
  for (const ops of Object.values(doc.paths ?? {}))
    for (const op of Object.values(ops ?? {})) {
      const parameters = (op as { parameters?: unknown } | null)?.parameters;
      if (!Array.isArray(parameters)) continue;
      for (const p of parameters as TParameter[]) if (p.in === 'query' && !p.required) p.allowEmptyValue = true;
    }
  return doc;
}
