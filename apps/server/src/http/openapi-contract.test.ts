import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PERFORMANCE_PERIODS } from '@virality/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TTestApp } from '../test/helpers';
import { requireAdmin, requireAuth, requireRole, requireSession } from './auth';
import { registerOpenapi } from './openapi';
import { validatorCompiler } from './query';

/**
 * The OpenAPI documents as a contract: Redocly's lint (redocly.yaml at the root: its recommended rules) finds no
 * error in them, and what a client relies on is there and true (http/openapi.ts derives most of it).
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const REDOCLY = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

type TResponse = { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> };
type TOperation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, TResponse>;
  requestBody?: { content: Record<string, { schema: { required?: string[]; properties: Record<string, TSchema> } }> };
  parameters?: { name: string; in: string }[];
};
type TSchema = { type?: string; format?: string; items?: TSchema; enum?: unknown[] };
type TDocument = {
  openapi: string;
  info: { title: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, TOperation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};
type TProblem = { ruleId: string; severity: string; message: string; location: { pointer?: string }[] };

const operations = (doc: TDocument) =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method, path: p, name: `${method.toUpperCase()} ${p}`, op })),
  );

const run = promisify(execFile);
/** Redocly's lint of a document, with the repository's redocly.yaml: its problems. */
async function redoclyLint(doc: TDocument, dir: string, name: string): Promise<TProblem[]> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(doc));
  const args = [REDOCLY, 'lint', file, '--format=json', '--max-problems=100000', `--config=${path.join(ROOT, 'redocly.yaml')}`];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  // the CLI exits 1 when it finds an error: its report is on stdout either way
  const out = await run(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }).catch(
    (err: { stdout?: string; stderr?: string }) => {
      if (!err.stdout?.includes('"problems"')) throw new Error(`redocly lint did not run: ${err.stderr ?? err}`);
      return { stdout: err.stdout };
    },
  );
  const report = JSON.parse(out.stdout.slice(out.stdout.indexOf('{'))) as { problems: TProblem[] };
  return report.problems;
}
const errorsOf = (problems: TProblem[]) =>
  problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

let t: TTestApp;
let doc: TDocument;
let v1: TDocument;
let lintDir: string;
let lint: Promise<[TProblem[], TProblem[]]>;
beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  v1 = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  lintDir = await mkdtemp(path.join(os.tmpdir(), 'virality-openapi-'));
  // both lints run while the other tests do
  lint = Promise.all([redoclyLint(doc, lintDir, 'openapi.json'), redoclyLint(v1, lintDir, 'openapi-v1.json')]);
  lint.catch(() => undefined);
});
afterAll(async () => {
  await lint?.catch(() => undefined);
  if (lintDir) await rm(lintDir, { recursive: true, force: true });
  await t?.close();
});

describe('Redocly finds no error in the documents (redocly.yaml: recommended)', () => {
  it('recommended rules: the whole document (GET /api/docs/openapi.json) has 0 errors', async () => {
    const errors = errorsOf((await lint)[0]);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('recommended rules: the public API document (GET /api/v1/openapi.json) has 0 errors', async () => {
    const errors = errorsOf((await lint)[1]);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('operation-operationId and operation-4xx-response: no warning of either, in both documents', async () => {
    const [whole, public_] = await lint;
    const kept = (ps: TProblem[]) =>
      ps
        .filter((p) => p.ruleId === 'operation-operationId' || p.ruleId === 'operation-4xx-response')
        .map((p) => p.location[0]?.pointer);
    expect(kept(whole)).toEqual([]);
    expect(kept(public_)).toEqual([]);
  });
});

describe('every operation says who may call it, what it is and how it refuses', () => {
  it('operation-operationId-unique: every operation has an operationId, none twice', () => {
    const ids = operations(doc).map(({ name, op }) => {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      return op.operationId;
    });
    expect(ids.length).toBeGreaterThan(150);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('operation-summary: every operation has a summary', () => {
    for (const { name, op } of operations(doc)) expect(op.summary?.trim(), name).toBeTruthy();
  });

  it('security-defined: every operation says its security, a scheme the document defines or [] for a public call', () => {
    const schemes = Object.keys(doc.components.securitySchemes ?? {});
    for (const { name, op } of operations(doc)) {
      expect(Array.isArray(op.security), name).toBe(true);
      for (const requirement of op.security ?? [])
        for (const scheme of Object.keys(requirement)) expect(schemes, name).toContain(scheme);
    }
  });

  it('security by surface: the session calls say accessToken, /api/v1 apiKey, GET /api/events eventsTicket', () => {
    const schemeOf = (op: TOperation) => (op.security ?? []).flatMap((r) => Object.keys(r)).join(',');
    for (const { name, path: p, op } of operations(doc)) {
      if (p.startsWith('/api/v1/')) expect(schemeOf(op), name).toBe('apiKey');
      if (p.startsWith('/sph/')) expect(schemeOf(op), name).toBe('accessToken');
      if (p.startsWith('/api/admin/') && !/^\/api\/admin\/news\/get(AllFeatureNews|AllNews|NewsById)$/.test(p))
        expect(schemeOf(op), name).toBe('accessToken');
    }
    expect(schemeOf(doc.paths['/api/events'].get)).toBe('eventsTicket');
    expect(schemeOf(doc.paths['/metrics'].get)).toBe('metricsToken');
  });

  it('the news console calls and GET /api/events are documented with their security', () => {
    const consoleCalls = [
      ['get', '/api/admin/news/list'],
      ['get', '/api/admin/news/get'],
      ['post', '/api/admin/news/create'],
      ['put', '/api/admin/news/update'],
      ['post', '/api/admin/news/publish'],
      ['post', '/api/admin/news/unpublish'],
      ['delete', '/api/admin/news/delete'],
      ['post', '/api/admin/news/preview'],
      ['post', '/api/admin/news/uploadImage'],
    ];
    for (const [method, p] of consoleCalls) {
      const op = doc.paths[p][method];
      expect(op.security, `${method} ${p}`).toEqual([{ accessToken: [] }]);
      expect(Object.keys(op.responses), `${method} ${p}`).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(doc.paths['/api/events'].get.security).toEqual([{ eventsTicket: [] }]);
    expect(Object.keys(doc.paths['/api/events'].get.responses)).toContain('401');
    // the public news room stays public
    expect(doc.paths['/api/admin/news/getAllNews'].get.security).toEqual([]);
  });

  it('a guarded route is never documented as public: every call with `security: []` answers a caller with no credentials without 401', async () => {
    const open: string[] = [];
    for (const { method, path: p, name, op } of operations(doc)) {
      if (op.security?.length) continue;
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: p.replace(/\{[^}]+\}/g, 'x'),
        ...(method === 'get' || method === 'delete' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
      });
      expect(res.statusCode, `${name} answers 401 but is documented as public`).not.toBe(401);
      open.push(name);
    }
    expect(open).toContain('POST /api/user/userLogin');
    expect(open).toContain('GET /api/admin/news/getAllNews');
  });

  it('a documented guard is real: every call with an access token, a ticket or an API key answers 401 without one', async () => {
    let guarded = 0;
    for (const { method, path: p, name, op } of operations(doc)) {
      const schemes = (op.security ?? []).flatMap((r) => Object.keys(r));
      if (!schemes.some((s) => s === 'accessToken' || s === 'eventsTicket' || s === 'apiKey')) continue;
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url: p.replace(/\{[^}]+\}/g, 'x') });
      expect(res.statusCode, name).toBe(401);
      guarded++;
    }
    expect(guarded).toBeGreaterThan(120);
  });

  it('operation-4xx-response: every operation documents its refusals, in the error shape of its surface', () => {
    for (const { name, path: p, op } of operations(doc)) {
      const refusals = Object.keys(op.responses).filter((s) => /^4/.test(s));
      expect(refusals.length, name).toBeGreaterThan(0);
      for (const status of refusals) {
        // the public API's refusals are problem details (RFC 9457), served as application/problem+json
        const type = p.startsWith('/api/v1/') ? 'application/problem+json' : 'application/json';
        const schema = op.responses[status].content?.[type]?.schema;
        expect(schema, `${name} ${status}`).toBeDefined();
        if (p.startsWith('/api/v1/')) expect(schema, `${name} ${status}`).toHaveProperty('properties.detail');
        else if (p.startsWith('/sph/'))
          expect(schema, `${name} ${status}`).toEqual({ $ref: '#/components/schemas/SphErrorEnvelope' });
        else if (op.responses[status].content?.['application/json']?.schema?.$ref)
          expect(schema, `${name} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      }
    }
    // the main API's envelope as the error handler sends it (http/error-handler.ts)
    expect(doc.components.schemas?.ErrorEnvelope).toMatchObject({ required: ['status', 'message', 'response', 'code'] });
    expect(doc.components.schemas?.SphErrorEnvelope).toMatchObject({
      required: ['response_code', 'response_message', 'response_data', 'code'],
    });
  });

  it('the error envelope documented is the one a refused call answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/getUserStatus' });
    expect(res.statusCode).toBe(401);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message', 'response', 'status']);
    const sph = await t.app.inject({ method: 'POST', url: '/sph/performance_overview/', payload: {} });
    expect(sph.statusCode).toBe(401);
    expect(Object.keys(sph.json()).sort()).toEqual(['code', 'response_code', 'response_data', 'response_message']);
  });
});

describe('the constraints the server enforces are in the document', () => {
  it('enum: Days of POST /sph/performance_overview/ is 7, 30 or 90, as the server takes', async () => {
    const body = doc.paths['/sph/performance_overview/'].post.requestBody?.content['application/json'].schema;
    expect(body?.required).toContain('Days');
    expect(body?.properties.Days.enum).toEqual([...PERFORMANCE_PERIODS]);
    expect(PERFORMANCE_PERIODS).toEqual([7, 30, 90]);
  });

  it('request bodies: every upload takes multipart/form-data with its binary file field', () => {
    const uploads: [string, string, string][] = [
      ['post', '/api/user/uploadProfileImage', 'file'],
      ['post', '/api/bussiness/uploadImage', 'file'],
      ['post', '/api/admin/news/uploadImage', 'file'],
      ['post', '/api/s3/uploadSingleFile', 'file'],
      ['post', '/api/s3/multipleUploadVal', 'files'],
      ['post', '/api/v1/media', 'file'],
    ];
    for (const [method, p, field] of uploads) {
      const form = doc.paths[p][method].requestBody?.content['multipart/form-data']?.schema;
      expect(form?.required, `${method} ${p}`).toEqual([field]);
      const property = form?.properties[field];
      expect(property?.format ?? property?.items?.format, `${method} ${p}`).toBe('binary');
      expect(Object.keys(doc.paths[p][method].responses), `${method} ${p}`).toContain('413');
    }
    expect(
      doc.paths['/api/s3/multipleUploadVal'].post.requestBody?.content['multipart/form-data'].schema.properties.files,
    ).toMatchObject({
      type: 'array',
      minItems: 1,
    });
    // and only the uploads do: any other call with a body takes JSON
    for (const { name, op } of operations(doc))
      if (op.requestBody?.content['multipart/form-data'])
        expect(
          uploads.map(([m, p]) => `${m.toUpperCase()} ${p}`),
          name,
        ).toContain(name);
  });

  it('servers: the document names where the API is', () => {
    expect(doc.servers).toEqual([{ url: t.container.config.publicUrl, description: 'This server' }]);
  });
});

describe('the public API on its own: GET /api/v1/openapi.json and /api/v1/docs', () => {
  it('is public: the document and its page answer without an API key, while /api/v1/accounts still needs one', async () => {
    for (const url of ['/api/v1/openapi.json', '/api/v1/docs', '/api/v1/docs/page.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/accounts' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/problem+json');
  });

  it('holds the /api/v1 operations only, as the whole document has them, with the components they use', () => {
    expect(v1.info.title).toBe('Virality public API v1');
    expect(v1.openapi).toBe(doc.openapi);
    expect(v1.servers).toEqual([{ url: t.container.config.publicUrl, description: 'This server' }]);
    const v1Ops = operations(v1);
    expect(v1Ops.length).toBeGreaterThanOrEqual(4);
    expect(v1Ops.map((o) => o.name).sort()).toEqual(
      operations(doc)
        .filter((o) => o.path.startsWith('/api/v1/'))
        .map((o) => o.name)
        .sort(),
    );
    for (const { path: p, method, op } of v1Ops) expect(op).toEqual(doc.paths[p][method]);
    expect(Object.keys(v1.components.securitySchemes ?? {})).toEqual(['apiKey']);
    expect(JSON.stringify(v1)).not.toMatch(/accessToken|ErrorEnvelope/);
  });

  it('its page is Swagger UI from this server only (script-src self: no inline script, nothing from elsewhere)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.body).not.toMatch(/<script>/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining(['/api/docs/static/swagger-ui-bundle.js', '/api/v1/docs/page.js']));
    for (const asset of assets) {
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    const script = await t.app.inject({ method: 'GET', url: '/api/v1/docs/page.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain("url: '/api/v1/openapi.json'");
  });
});

describe('how the document is derived from the routes (http/openapi.ts)', () => {
  it('security from the guard: a route is documented as its onRequest guard checks, whatever it declares', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    await registerOpenapi(app, { publicUrl: 'https://virality.example/' });
    const answer = async () => ({ ok: true });
    app.get('/api/signed-in', { onRequest: requireAuth, schema: { summary: 'guarded, declares nothing' } }, answer);
    app.post('/api/session', { onRequest: requireSession, schema: { summary: 'any session' } }, answer);
    app.get('/api/owner', { onRequest: [requireRole('BUSINESS')], schema: { summary: 'a role' } }, answer);
    app.get('/api/console', { onRequest: requireAdmin, schema: { summary: 'admins' } }, answer);
    app.get('/api/claims', { schema: { summary: 'declares a session, has no guard', security: [{ accessToken: [] }] } }, answer);
    app.get('/api/v1/keyed', { schema: { summary: 'checked by its plugin', security: [{ apiKey: [] }] } }, answer);
    app.get('/api/open', { schema: { summary: 'public', querystring: z.object({ q: z.string().optional() }) } }, answer);
    app.post(
      '/api/upload',
      { onRequest: requireAuth, config: { upload: true, uploadFiles: { field: 'photos', max: 3 } }, schema: { summary: 'up' } },
      answer,
    );
    app.post(
      '/api/upload-or-url',
      { config: { upload: true }, schema: { summary: 'a file, or JSON', consumes: ['multipart/form-data', 'application/json'] } },
      answer,
    );
    app.get('/sandbox/stripe/v1/*', answer);
    await app.ready();
    const d = app.swagger() as unknown as TDocument;
    const op = (p: string, m = 'get') => d.paths[p][m];
    expect(op('/api/signed-in').security).toEqual([{ accessToken: [] }]);
    expect(Object.keys(op('/api/signed-in').responses)).toEqual(['200', '400', '401', '403']);
    expect(Object.keys(op('/api/session', 'post').responses)).toEqual(['200', '400', '401', '415']);
    expect(op('/api/owner').security).toEqual([{ accessToken: [] }]);
    expect(op('/api/console').security).toEqual([{ accessToken: [] }]);
    // no guard, no session: a route that only claims one is documented as what it is
    expect(op('/api/claims').security).toEqual([]);
    expect(op('/api/v1/keyed').security).toEqual([{ apiKey: [] }]);
    expect(op('/api/open').security).toEqual([]);
    expect(op('/api/open').operationId).toBe('getOpen');
    expect(op('/api/signed-in').operationId).toBe('getSignedIn');
    expect(op('/api/signed-in').responses['401'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
    const upload = op('/api/upload', 'post');
    expect(upload.requestBody?.content['multipart/form-data'].schema.properties.photos).toMatchObject({
      type: 'array',
      maxItems: 3,
      items: { type: 'string', format: 'binary' },
    });
    expect(Object.keys(upload.responses)).toContain('413');
    // an upload that also takes another type says both: the file, and the other in the operation's words
    const either = op('/api/upload-or-url', 'post').requestBody?.content ?? {};
    expect(Object.keys(either)).toEqual(['multipart/form-data', 'application/json']);
    expect(either['multipart/form-data'].schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(d.paths).some((p) => p.startsWith('/sandbox/'))).toBe(false);
    expect(d.servers).toEqual([{ url: 'https://virality.example', description: 'This server' }]);
    await app.close();
  });
});
