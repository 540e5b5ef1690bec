import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_CODES } from '@virality/domain';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardOf, type TGuard } from './auth';
import { documentEmptyQueryValues } from './query';

/**
 * The OpenAPI document (GET /api/docs/openapi.json, browsable at /api/docs) as a contract: @fastify/swagger builds it
 * from the routes' zod schemas (jsonSchemaTransform), and this module adds, for every operation, what the route's
 * own declaration cannot forget:
 * - `security`, from how the route is guarded: its onRequest guard (http/auth `guard`: requireAuth, requireRole,
 *   requireAdmin... → `accessToken`; the live stream's ticket check → `eventsTicket`); a route with no guard keeps
 *   the security it declares (the public API's key, checked in its plugin's hook; the metrics' token, checked in its
 *   handler) or is public (`security: []`);
 * - its 4xx answers in the error envelope of its surface (`ErrorEnvelope` for /api, `SphErrorEnvelope` for /sph):
 *   400 for any call (a field that fails its rule, or invalid text in params, query or body: http/hygiene), 401 and
 *   403 as its guard refuses, 413 for an upload, 415 for a state-changing call that is not JSON, 429 for a
 *   rate-limited call. Answers a route declares itself are kept (the public API's problem details);
 * - an `operationId` from its method and path when it names none (`GET /api/user/getUserStatus` → `getUserGetUserStatus`);
 * - the multipart request body of an upload (`config.upload`): one binary `file`, or the field and count of
 *   `config.uploadFiles`.
 * The sandbox's stand-ins of outside services' own APIs (Stripe, PayPal, the push endpoint) are left out.
 * `apps/server/src/http/openapi-contract.test.ts` lints the document with Redocly (redocly.yaml) in `npm test`.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload's multipart field and how many files it takes, as documented (one `file` when not said). */
    uploadFiles?: { field: string; max: number };
    /** The JSON body an upload call also takes instead of a file (read by its handler), as documented. */
    uploadJson?: z.ZodType;
    /** Refusals the route answers besides those its guard, body and limits imply (409, 413), as documented. */
    refuses?: readonly number[];
  }
}

type TJson = Record<string, unknown>;
type TOperation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  tags?: string[];
  [key: string]: unknown;
};
type TDocument = {
  openapi: string;
  info: TJson;
  servers?: TJson[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, TOperation>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
};

/** Where the transform leaves what it learnt of the route, for the document's pass (removed there). */
const MARKS = 'x-virality-route';
type TUpload = { files: { field: string; max: number }; alsoTakes: readonly string[]; json?: TJson };
/** What the route refuses with (its guard's scheme, for the words of a 401), and the upload it reads. */
type TMarks = { refuses: number[]; scheme?: string; upload?: TUpload; bodyType?: string };
const MULTIPART = 'multipart/form-data';
/**
 * Routes that are not part of the contract (sandbox mode only): the stand-ins of Stripe and PayPal and the push
 * service's endpoint answer those services' own APIs, in their own shapes, to the server's clients of them.
 */
const NOT_DOCUMENTED = /^\/sandbox\/(stripe|paypal|push\/endpoint)(\/|$)/;
const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
/** The schemes a guard stands for (http/auth): documented from the guard alone. */
const SESSION_SCHEMES = new Set<string>(['accessToken', 'eventsTicket'] satisfies TGuard['scheme'][]);
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const ERROR_CODE_ENUM = Object.keys(ERROR_CODES);
/** What a refusal of either surface names besides its message: null, or its fields' errors. */
const REFUSAL_DETAIL = {
  type: 'object',
  nullable: true,
  additionalProperties: true,
  description: 'null, or what the refusal names: a 400 about fields has `errors`, one message per field',
  properties: { errors: { type: 'object', additionalProperties: { type: 'string' } } },
};

const SCHEMAS = {
  ErrorEnvelope: {
    type: 'object',
    description: 'A refused or failed call of the main API. `message` is for people; `code` is for programs.',
    properties: {
      status: { type: 'boolean', enum: [false] },
      message: { type: 'string' },
      response: REFUSAL_DETAIL,
      code: { type: 'string', enum: ERROR_CODE_ENUM },
    },
    required: ['status', 'message', 'response', 'code'],
  },
  SphErrorEnvelope: {
    type: 'object',
    description: 'A refused or failed call of the social-posting API, in its envelope: the same message and code.',
    properties: {
      response_code: { type: 'integer', minimum: 400, maximum: 599 },
      response_message: { type: 'string' },
      response_data: REFUSAL_DETAIL,
      code: { type: 'string', enum: ERROR_CODE_ENUM },
    },
    required: ['response_code', 'response_message', 'response_data', 'code'],
  },
};

const REFUSAL: Record<number, (scheme: string | undefined) => string> = {
  400: () =>
    'Refused (VALIDATION_FAILED or BAD_REQUEST): a field fails its rule (`errors` names each one), or a value carries invalid text (a NUL byte, a broken character)',
  401: (scheme) =>
    scheme === 'eventsTicket'
      ? 'No ticket, or one that is invalid, expired or already used (UNAUTHORIZED)'
      : 'No live session: no token, or an expired or revoked one, or a deactivated account (UNAUTHORIZED)',
  403: () => 'The session’s account may not make this call (FORBIDDEN)',
  409: () => 'Refused: the call collides with what was done before (CONFLICT); the message says what',
  422: () => 'Refused: the Idempotency-Key was used for another request (CONFLICT)',
  413: () => 'The upload is larger than the call takes (PAYLOAD_TOO_LARGE)',
  415: () => 'The body is not JSON (UNSUPPORTED_MEDIA_TYPE): a state-changing call sends application/json',
  429: () => 'Too many calls: the message says when to try again (RATE_LIMITED)',
};

/** The guard among a route's onRequest hooks (null: none is marked as one). */
function guardOfRoute(route: RouteOptions): TGuard | null {
  const hooks = Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
  for (const hook of hooks) {
    const found = guardOf(hook);
    if (found) return found;
  }
  return null;
}

/** The request body of an upload: its multipart files, and any other type it declares it takes. */
function uploadBody({ files, alsoTakes, json }: TUpload) {
  const binary = { type: 'string', format: 'binary' };
  const form = {
    type: 'object',
    required: [files.field],
    properties: {
      [files.field]:
        files.max === 1
          ? { ...binary, description: 'The file' }
          : { type: 'array', items: binary, minItems: 1, maxItems: files.max, description: `1 to ${files.max} files` },
    },
  };
  const content: Record<string, unknown> = { [MULTIPART]: { schema: form } };
  // read by the handler itself: what it holds is in the operation's description
  for (const type of alsoTakes)
    content[type] = {
      schema:
        type === 'application/json' && json
          ? json
          : { type: 'object', description: 'Instead of a file: see the operation’s description' },
    };
  return { required: true, content };
}

/**
 * The swagger `transform`: jsonSchemaTransform, then the route's security (from its guard), its upload body, and
 * what it refuses with (turned into responses by openapiObjectTransform, which knows each operation's path and method).
 */
export const openapiTransform: SwaggerTransform = (input) => {
  const { route, url } = input;
  if (NOT_DOCUMENTED.test(url)) return { schema: { hide: true }, url };
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as { schema?: FastifySchema; url: string };
  if (out.schema?.hide) return { schema: out.schema, url: out.url };
  const schema: FastifySchema & TJson = { ...(out.schema ?? {}) };
  const guarded = guardOfRoute(route);
  // a session's schemes are what the guard says, whatever the route declares; the others (the public API's key,
  // the metrics' token) are checked outside the route's hooks, so their declaration is kept
  if (guarded) schema.security = [{ [guarded.scheme]: [] }];
  else schema.security = (schema.security ?? []).filter((r) => !Object.keys(r).some((name) => SESSION_SCHEMES.has(name)));
  const refuses = new Set<number>([400, ...(guarded?.refuses ?? [])]);
  if (route.config?.rateLimit) refuses.add(429);
  for (const status of route.config?.refuses ?? []) refuses.add(status);
  let upload: TUpload | undefined;
  if (route.config?.upload === true) {
    refuses.add(413);
    // the body is read by the handler (no body schema: it would be validated); the document says what it reads
    if (!schema.body) {
      upload = {
        files: route.config.uploadFiles ?? { field: 'file', max: 1 },
        alsoTakes: (schema.consumes ?? []).filter((t) => t !== MULTIPART),
        json: route.config.uploadJson
          ? (z.toJSONSchema(route.config.uploadJson, { target: 'openapi-3.0', io: 'input' }) as TJson)
          : undefined,
      };
      delete schema.consumes;
    }
  }
  schema[MARKS] = { refuses: [...refuses], scheme: guarded?.scheme, upload, bodyType: route.config?.bodyType } satisfies TMarks;
  return { schema, url: out.url };
};

/** `POST /sph/social-media-manager/single-post/` → `postSphSocialMediaManagerSinglePost`. */
function operationIdOf(method: string, path: string, paths: Record<string, unknown>): string {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const words = segments.flatMap((segment) => {
    const param = /^\{(.+)\}$/.exec(segment);
    return (param ? `by ${param[1]}` : segment).split(/[^A-Za-z0-9]+/);
  });
  // a path served with and without its trailing slash: the one with it says so
  if (path.length > 1 && path.endsWith('/') && path.slice(0, -1) in paths) words.push('with', 'slash');
  return (
    method.toLowerCase() +
    words
      .filter(Boolean)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join('')
  );
}

/**
 * OpenAPI 3.0 applies `nullable` only next to a `type`: zod writes a nullable union as `{anyOf, nullable}`, which
 * would not accept null. Each typed member of the union takes the `nullable` instead (or a null-only member is added).
 */
function moveNullableIntoUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) moveNullableIntoUnions(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as TJson;
  if (schema.nullable === true && schema.type === undefined) {
    const members = (schema.anyOf ?? schema.oneOf) as TJson[] | undefined;
    delete schema.nullable;
    if (Array.isArray(members)) {
      const typed = members.filter((m) => m && typeof m === 'object' && m.type !== undefined);
      for (const m of typed) m.nullable = true;
      if (typed.length === 0) members.push({ type: 'object', nullable: true, enum: [null] });
    }
  }
  for (const value of Object.values(schema)) moveNullableIntoUnions(value);
}

/** Each operation with its path and method. */
function* operationsOf(doc: TDocument): Generator<[string, string, TOperation]> {
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(item ?? {})) if (HTTP_METHODS.has(method)) yield [path, method, op];
}

/** The swagger `transformObject`: the servers, the error envelopes, each operation's id and error answers. */
export const openapiObjectTransform =
  (opts: { publicUrl: string }): SwaggerTransformObject =>
  (input) => {
    if (!('openapiObject' in input)) return input.swaggerObject;
    const doc = documentEmptyQueryValues(input.openapiObject as unknown as TDocument);
    doc.servers = [{ url: opts.publicUrl.replace(/\/+$/, ''), description: 'This server' }];
    doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...SCHEMAS } };
    for (const [path, method, op] of operationsOf(doc)) {
      const marks = op[MARKS] as TMarks | undefined;
      delete op[MARKS];
      op.operationId ??= operationIdOf(method, path, doc.paths);
      op.security ??= [];
      if (marks?.upload) op.requestBody ??= uploadBody(marks.upload);
      // the public API answers its own problem details, which its routes declare
      if (!marks || /^\/api\/v1(\/|$)/.test(path)) continue;
      const statuses = new Set(marks.refuses);
      if (STATE_CHANGING.has(method) && /^\/(api|sph)\//.test(path)) statuses.add(415);
      const envelope = path.startsWith('/sph/') ? 'SphErrorEnvelope' : 'ErrorEnvelope';
      op.responses ??= {};
      const responses = op.responses;
      for (const status of [...statuses].sort((a, b) => a - b)) {
        if (responses[status]) continue;
        responses[status] = {
          description:
            status === 415 && marks.bodyType
              ? `The body is not ${marks.bodyType} (UNSUPPORTED_MEDIA_TYPE)`
              : (REFUSAL[status]?.(marks.scheme) ?? 'Refused'),
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${envelope}` } } },
        };
      }
    }
    moveNullableIntoUnions(doc);
    return doc as never;
  };

/** The `$ref`s a part of a document makes to components.schemas, followed through the schemas they name. */
function schemasUsed(part: unknown, schemas: Record<string, unknown>, found = new Set<string>()): Set<string> {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node !== null && typeof node === 'object') {
      const ref = (node as TJson).$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
        const name = ref.slice('#/components/schemas/'.length);
        if (!found.has(name) && name in schemas) {
          found.add(name);
          walk(schemas[name]);
        }
      }
      for (const value of Object.values(node)) walk(value);
    }
  };
  walk(part);
  return found;
}

/** The public API's part of the document: its operations and the components they use, on its own. */
export function v1Document(full: TDocument, publicUrl: string): TDocument {
  const paths = structuredClone(Object.fromEntries(Object.entries(full.paths).filter(([path]) => path.startsWith('/api/v1/'))));
  const schemas = full.components?.schemas ?? {};
  const schemes = full.components?.securitySchemes ?? {};
  const usedSchemes = new Set<string>();
  const usedTags = new Set<string>();
  for (const [, , op] of operationsOf({ paths } as TDocument)) {
    for (const requirement of op.security ?? []) for (const name of Object.keys(requirement)) usedSchemes.add(name);
    for (const tag of op.tags ?? []) usedTags.add(tag);
  }
  const doc: TDocument = {
    openapi: full.openapi,
    info: {
      title: 'Virality public API v1',
      version: '1.0.0',
      description:
        'Post to the linked social accounts from a script or an AI agent. Every call takes an API key made on the API keys page of the profile (`Authorization: Bearer vk_…`); a read-only key may only GET. Every POST takes an Idempotency-Key. Refusals are problem details (RFC 9457) with a stable `code`.',
    },
    servers: [{ url: publicUrl.replace(/\/+$/, ''), description: 'This server' }],
    paths,
    components: {
      securitySchemes: Object.fromEntries(Object.entries(schemes).filter(([name]) => usedSchemes.has(name))),
      schemas: structuredClone(Object.fromEntries([...schemasUsed(paths, schemas)].map((name) => [name, schemas[name]]))),
    },
  };
  if (full.tags) doc.tags = full.tags.filter((t) => usedTags.has(t.name));
  return doc;
}

/** The public API's browsable page: Swagger UI's own files (served under /api/docs/static), no inline script. */
const V1_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Virality public API v1</title>
<link rel="stylesheet" href="/api/docs/static/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/static/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/page.js"></script>
</body>
</html>
`;
const V1_PAGE_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/**
 * The document and its pages: GET /api/docs/openapi.json (every surface) and /api/docs (Swagger UI), and the public
 * API's own GET /api/v1/openapi.json and /api/v1/docs. All are public: they are registered here, outside the public
 * API's plugin, so its key check does not apply to them.
 */
export async function registerOpenapi(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Virality API',
        version: '0.1.0',
        description:
          'Main API (/api), social-posting API (/sph), admin API (/api/admin) and the public API (/api/v1, also on its own at /api/v1/openapi.json). An optional query parameter sent empty (`?year=`) is read as not sent.',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' },
          // the live stream (GET /api/events): a one-time ticket from POST /api/events/ticket
          eventsTicket: { type: 'apiKey', in: 'query', name: 'ticket' },
          // GET /metrics when METRICS_TOKEN is set
          metricsToken: { type: 'http', scheme: 'bearer' },
          // the public API (/api/v1): a key made on the API keys page
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (vk_…) from the API keys page of the profile' },
        },
      },
    },
    transform: openapiTransform,
    transformObject: openapiObjectTransform(opts),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  let v1: TDocument | null = null;
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => {
    v1 ??= v1Document(app.swagger() as unknown as TDocument, opts.publicUrl);
    return v1;
  });
  app.get('/api/v1/docs', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(V1_PAGE),
  );
  app.get('/api/v1/docs/page.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(V1_PAGE_SCRIPT),
  );
}
