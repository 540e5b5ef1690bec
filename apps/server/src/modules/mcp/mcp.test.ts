import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { API_KEY_MSG, MSG, POST_MSG, QUEUE_MSG, SOCIAL_MSG, V1_MSG, V1_RATE_LIMIT_PER_MINUTE } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { posts } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { jpegBytes } from '../../test/media-fixtures';
import { copiesOn, linkAll, publishDue } from '../posts/posts-test-kit';

/**
 * The MCP server (/api/mcp) driven by the SDK's own client over a real port: who may connect (a live API key, as
 * /api/v1), what a read key may do, the tools and their schemas, posts made exactly once per idempotencyKey, the
 * app's rules answered in its words as tool errors, media fetched from a URL, and the key's rate limit.
 */
let t: TTestApp;
let base: string;
/** A small file server on 127.0.0.1 (the sandbox's media fetcher takes http there): /photo-<seed>.jpg is a JPEG. */
let files: http.Server;
let filesBase: string;
const clients: Client[] = [];
/** What the app logs at warn and above, one JSON line per entry. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logged.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  t = await buildTestApp({}, { logger: { level: 'warn', stream: logStream } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  files = http.createServer((req, res) => {
    const seed = /^\/photo-(\d+)\.jpg$/.exec(req.url ?? '')?.[1];
    if (!seed) return res.writeHead(404).end();
    const bytes = jpegBytes(1080, 1080, Number(seed));
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await new Promise((resolve) => files?.close(resolve));
  await t?.close();
});

type TKeyed = { token: string; userId: string; key: string; keyId: string };

/** A key of `scope` for the user of `token`. */
async function keyFor(token: string, scope: 'read' | 'write') {
  const made = await call(t, 'POST', '/api/apiKeys', { token, body: { name: `MCP ${scope}`, scope } });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return { key: made.json.response.key as string, keyId: made.json.response.id as string };
}

/** A new organization's owner with a key of `scope`. */
async function withKey(scope: 'read' | 'write' = 'write'): Promise<TKeyed> {
  const u = await buildUser(t, { profileType: 'INFLUENCER', profileCompleted: true });
  return { token: u.token, userId: u.user.id, ...(await keyFor(u.token, scope)) };
}

const mcpUrl = () => new URL(`${base}/api/mcp`);

/** The SDK's client, connected to /api/mcp with `key` (none: no Authorization header). */
async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: 'virality-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(mcpUrl(), {
    requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** What the client says when /api/mcp refuses it: a 401, with the app's words in the JSON-RPC error it carries. */
async function refused(attempt: Promise<unknown>, message: string) {
  const err = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StreamableHTTPError);
  expect((err as StreamableHTTPError).code).toBe(401);
  expect((err as Error).message).toContain(message);
}

async function tool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A tool's answer that succeeded: its structured content, which its text holds too. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
function okOf(result: CallToolResult): any {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const [first] = result.content;
  expect(first.type).toBe('text');
  expect(JSON.parse((first as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent;
}

/** A tool's refusal: its one text. */
function refusalOf(result: CallToolResult): string {
  expect(result.isError, JSON.stringify(result.structuredContent)).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return (result.content[0] as { text: string }).text;
}

let n = 0;
const uniqueKey = () => `mcp-${Date.now()}-${n++}`;

/** A photo uploaded through upload_media_from_url: its media id. */
async function uploadPhoto(client: Client, seed = 1): Promise<string> {
  const media = okOf(
    await tool(client, 'upload_media_from_url', { url: `${filesBase}/photo-${seed}.jpg`, idempotencyKey: uniqueKey() }),
  );
  return media.id;
}

/** A raw MCP request, as a client would send it (for what the SDK's client does not show: status, headers). */
const rawPost = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(mcpUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
const jsonOf = (res: Response): Promise<any> => res.json();

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

const TOOLS = [
  'add_to_queue',
  'create_post',
  'delete_post',
  'get_post',
  'get_post_analytics',
  'get_queue',
  'list_accounts',
  'list_posts',
  'set_queue',
  'upload_media_from_url',
];

describe('who may connect to /api/mcp', () => {
  it('a live API key only: no key, a wrong or revoked key, a session token are 401 with WWW-Authenticate: Bearer, and the client cannot connect', async () => {
    const k = await withKey('read');
    await refused(connect(), V1_MSG.keyMissing);
    await refused(connect(`${k.key.slice(0, -2)}xx`), V1_MSG.keyInvalid);
    // a person's session is never a key
    await refused(connect(k.token), V1_MSG.keyInvalid);

    const none = await rawPost(INITIALIZE);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await jsonOf(none)).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: V1_MSG.keyMissing }, id: null });
    const wrong = await rawPost(INITIALIZE, { authorization: `Bearer ${k.token}` });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await jsonOf(wrong)).error.message).toBe(V1_MSG.keyInvalid);

    // the key works, until it is revoked
    const client = await connect(k.key);
    expect((await client.listTools()).tools.length).toBe(TOOLS.length);
    expect((await call(t, 'DELETE', `/api/apiKeys/${k.keyId}`, { token: k.token })).json.message).toBe(API_KEY_MSG.revoked);
    await refused(connect(k.key), V1_MSG.keyInvalid);
    await refused(client.listTools(), V1_MSG.keyInvalid);
  });

  it('the key is checked first; then a body that is not JSON-RPC is refused in JSON-RPC', async () => {
    const k = await withKey('read');
    const send = (body: string, headers: Record<string, string> = {}) =>
      fetch(mcpUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body,
      });
    const auth = { authorization: `Bearer ${k.key}` };
    // no key: 401 whatever the body
    expect((await send('{"broken": ')).status).toBe(401);
    expect((await send('hello', { 'content-type': 'text/plain' })).status).toBe(401);
    const broken = await send('{"broken": ', auth);
    expect(broken.status).toBe(400);
    expect(await jsonOf(broken)).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
    const notRpc = await send(JSON.stringify({ hello: 'world' }), auth);
    expect(notRpc.status).toBe(400);
    expect(await jsonOf(notRpc)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 }, id: null });
    const plain = await send('hello', { ...auth, 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect((await jsonOf(plain)).error.code).toBe(-32000);
  });

  it('GET and DELETE have nothing to give a stateless server: 405 with a JSON-RPC error', async () => {
    const k = await withKey('read');
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl(), { method, headers: { authorization: `Bearer ${k.key}`, accept: 'text/event-stream' } });
      expect(res.status, method).toBe(405);
      expect(await jsonOf(res)).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
    }
  });

  it(`every call counts against its key, as on /api/v1: ${V1_RATE_LIMIT_PER_MINUTE} a minute in RateLimit headers, then 429 with Retry-After`, async () => {
    const k = await withKey('read');
    const auth = { authorization: `Bearer ${k.key}` };
    const first = await rawPost(INITIALIZE, auth);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe(String(V1_RATE_LIMIT_PER_MINUTE));
    expect(first.headers.get('ratelimit-remaining')).toBe(String(V1_RATE_LIMIT_PER_MINUTE - 1));
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await jsonOf(first)).result.serverInfo.name).toBe('virality');
    for (let i = 1; i < V1_RATE_LIMIT_PER_MINUTE; i++) await (await rawPost(INITIALIZE, auth)).arrayBuffer();
    const over = await rawPost(INITIALIZE, auth);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await jsonOf(over)).error.message).toMatch(/^Too many requests: try again in \d+ s$/);
    // another key counts on its own; a minute later the key works again
    expect((await rawPost(INITIALIZE, { authorization: `Bearer ${(await withKey('read')).key}` })).status).toBe(200);
    t.clock.advance(61_000);
    expect((await rawPost(INITIALIZE, auth)).status).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('lists POST /api/mcp with its key and a JSON-RPC body; GET and DELETE, which only answer 405, are left out', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/mcp'])).toEqual(['post']);
    const op = doc.paths['/api/mcp'].post;
    expect(op).toMatchObject({ tags: ['MCP'], operationId: 'mcp', security: [{ apiKey: [] }] });
    expect(op.summary.length).toBeGreaterThan(20);
    expect(op.requestBody.content['application/json'].schema).toBeTruthy();
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(op.responses['401'].content['application/json'].schema.properties).toHaveProperty('error');
  });
});

describe('the tools', () => {
  it('lists the ten tools, each described, every argument described, with the shape of its answer', async () => {
    const client = await connect((await withKey('read')).key);
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(TOOLS);
    for (const x of tools) {
      expect(x.description?.length, x.name).toBeGreaterThan(80);
      expect(x.inputSchema.type, x.name).toBe('object');
      for (const [field, s] of Object.entries(x.inputSchema.properties ?? {}))
        expect((s as { description?: string }).description?.length, `${x.name}.${field}`).toBeGreaterThan(10);
      expect(x.outputSchema?.type, x.name).toBe('object');
      expect(typeof x.annotations?.readOnlyHint, x.name).toBe('boolean');
    }
    const byName = Object.fromEntries(tools.map((x) => [x.name, x]));
    expect(byName.create_post.inputSchema.required?.sort()).toEqual(['accountIds', 'idempotencyKey', 'text']);
    expect(Object.keys(byName.create_post.inputSchema.properties ?? {}).sort()).toEqual(
      ['accountIds', 'draft', 'idempotencyKey', 'mediaIds', 'scheduledAt', 'text'].sort(),
    );
    expect(byName.upload_media_from_url.inputSchema.required?.sort()).toEqual(['idempotencyKey', 'url']);
    expect(byName.list_posts.inputSchema.properties?.status).toMatchObject({
      enum: ['draft', 'scheduled', 'publishing', 'published', 'failed'],
    });
    for (const name of ['get_post', 'delete_post', 'get_post_analytics'])
      expect(byName[name].inputSchema.required).toEqual(['id']);
    for (const name of ['list_accounts', 'list_posts', 'get_post', 'get_post_analytics', 'get_queue'])
      expect(byName[name].annotations?.readOnlyHint, name).toBe(true);
    expect(Object.keys(byName.add_to_queue.inputSchema.properties ?? {}).sort()).toEqual(
      ['accountIds', 'idempotencyKey', 'mediaIds', 'text'].sort(),
    );
    expect(byName.set_queue.inputSchema.required?.sort()).toEqual(['accountId', 'slots', 'timeZone']);
    expect(byName.delete_post.annotations?.destructiveHint).toBe(true);
  });

  it('set_queue, add_to_queue, get_queue: a post takes the account’s next free slot once per idempotencyKey; bad slots and a read key are refused in the app’s words', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const client = await connect(k.key);
    const everyDay = [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
      { day, time: '09:00' },
      { day, time: '21:00' },
    ]);
    expect(
      refusalOf(await tool(client, 'set_queue', { accountId: ids.twitter, timeZone: 'UTC', slots: [{ day: 9, time: '9am' }] })),
    ).toBe([QUEUE_MSG.dayInvalid, QUEUE_MSG.timeInvalid].join('\n'));
    const set = okOf(await tool(client, 'set_queue', { accountId: ids.twitter, timeZone: 'UTC', slots: everyDay }));
    expect(set).toMatchObject({ accountId: ids.twitter, timeZone: 'UTC', paused: false, usesDefault: false });
    expect(set.slots).toHaveLength(14);
    const firstFree = set.upcoming[0].at;

    const mediaId = await uploadPhoto(client, 21);
    const args = {
      text: `Queued via MCP ${Date.now()}`,
      accountIds: [ids.twitter],
      mediaIds: [mediaId],
      idempotencyKey: uniqueKey(),
    };
    const added = okOf(await tool(client, 'add_to_queue', args));
    expect(added).toMatchObject({ queued: true, draft: false });
    expect(added.accounts[0]).toMatchObject({ accountId: ids.twitter, scheduledAt: firstFree });
    // a retry takes no second slot
    expect(okOf(await tool(client, 'add_to_queue', args))).toEqual(added);
    const queue = okOf(await tool(client, 'get_queue', { accountId: ids.twitter }));
    expect(queue.upcoming.filter((s: { kind: string }) => s.kind === 'queued')).toEqual([
      { at: firstFree, kind: 'queued', postId: added.id },
    ]);

    const reader = await connect((await keyFor(k.token, 'read')).key);
    expect(okOf(await tool(reader, 'get_queue', { accountId: ids.twitter })).accountId).toBe(ids.twitter);
    expect(refusalOf(await tool(reader, 'set_queue', { accountId: ids.twitter, timeZone: 'UTC', slots: [] }))).toBe(
      V1_MSG.readOnly,
    );
    expect(refusalOf(await tool(reader, 'add_to_queue', { ...args, idempotencyKey: uniqueKey() }))).toBe(V1_MSG.readOnly);
    const stranger = await connect((await withKey()).key);
    expect(refusalOf(await tool(stranger, 'get_queue', { accountId: ids.twitter }))).toBe(SOCIAL_MSG.accountNotFound);
  });

  it("list_accounts: the organization's linked accounts, never another's", async () => {
    const k = await withKey('read');
    const ids = await linkAll(t, k.token, ['twitter', 'instagram']);
    const other = await withKey('read');
    await linkAll(t, other.token, ['facebook']);
    const client = await connect(k.key);
    const answer = okOf(await tool(client, 'list_accounts'));
    expect(answer.nextCursor).toBeNull();
    expect(answer.data.map((a: { id: string }) => a.id).sort()).toEqual([ids.twitter, ids.instagram].sort());
    for (const a of answer.data) expect(a).toMatchObject({ status: 'linked', statusReason: null });
  });

  it('create_post twice with one idempotencyKey makes one post, published once on X; other arguments under the key are refused', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const client = await connect(k.key);
    const mediaId = await uploadPhoto(client, 11);
    const text = `Once through MCP ${Date.now()}`;
    const args = { text, accountIds: [ids.twitter], mediaIds: [mediaId], idempotencyKey: uniqueKey() };
    const first = okOf(await tool(client, 'create_post', args));
    expect(first).toMatchObject({ text, draft: false, scheduledAt: null });
    expect(first.accounts).toEqual([expect.objectContaining({ accountId: ids.twitter, network: 'twitter', state: 'queued' })]);
    // a retry (a lost answer, a second agent turn) answers the same post and makes no other
    const again = okOf(await tool(client, 'create_post', args));
    expect(again).toEqual(first);
    expect(await t.database.db.select().from(posts).where(eq(posts.caption, text))).toHaveLength(1);
    expect(refusalOf(await tool(client, 'create_post', { ...args, text: 'Something else' }))).toBe(V1_MSG.idempotencyKeyReused);

    await publishDue(t);
    expect(await copiesOn(t, ids.twitter, text)).toBe(1);
    const read = okOf(await tool(client, 'get_post', { id: first.id }));
    expect(read.status).toBe('Posted');
    expect(read.accounts[0]).toMatchObject({ state: 'published', stateLabel: 'Published', error: null });
    // the same post, as /api/v1 lists it
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/posts', headers: { authorization: `Bearer ${k.key}` } });
    expect(listed.json().data.filter((p: { text: string }) => p.text === text)).toHaveLength(1);
  });

  it('a read key may list and read posts, and is refused anything that changes one, in the app’s words', async () => {
    const owner = await withKey('write');
    const read = await keyFor(owner.token, 'read');
    const ids = await linkAll(t, owner.token, ['twitter']);
    const writer = await connect(owner.key);
    const mediaId = await uploadPhoto(writer, 12);
    const draft = okOf(
      await tool(writer, 'create_post', {
        text: 'A draft to keep',
        accountIds: [ids.twitter],
        mediaIds: [mediaId],
        draft: true,
        idempotencyKey: uniqueKey(),
      }),
    );
    expect(draft).toMatchObject({ status: 'Draft', draft: true });

    const reader = await connect(read.key);
    const listed = okOf(await tool(reader, 'list_posts', { status: 'draft' }));
    expect(listed.data.map((p: { id: string }) => p.id)).toEqual([draft.id]);
    expect(listed.nextCursor).toBeNull();
    expect(okOf(await tool(reader, 'get_post', { id: draft.id })).id).toBe(draft.id);
    const text = `Not from a read key ${Date.now()}`;
    expect(
      refusalOf(
        await tool(reader, 'create_post', { text, accountIds: [ids.twitter], mediaIds: [mediaId], idempotencyKey: uniqueKey() }),
      ),
    ).toBe(V1_MSG.readOnly);
    expect(refusalOf(await tool(reader, 'delete_post', { id: draft.id }))).toBe(V1_MSG.readOnly);
    expect(
      refusalOf(await tool(reader, 'upload_media_from_url', { url: `${filesBase}/photo-13.jpg`, idempotencyKey: uniqueKey() })),
    ).toBe(V1_MSG.readOnly);
    expect(await t.database.db.select().from(posts).where(eq(posts.caption, text))).toEqual([]);
    expect(okOf(await tool(reader, 'get_post', { id: draft.id })).status).toBe('Draft');

    // the write key deletes it: then it is not found
    expect(okOf(await tool(writer, 'delete_post', { id: draft.id }))).toEqual({ id: draft.id, deleted: true });
    expect(refusalOf(await tool(reader, 'get_post', { id: draft.id }))).toBe(POST_MSG.postNotFound);
  });

  it("another organization's post is not found, to read, to delete or for its figures", async () => {
    const other = await withKey();
    const theirIds = await linkAll(t, other.token, ['twitter']);
    const theirClient = await connect(other.key);
    const theirs = okOf(
      await tool(theirClient, 'create_post', {
        text: 'Theirs',
        accountIds: [theirIds.twitter],
        mediaIds: [await uploadPhoto(theirClient, 14)],
        draft: true,
        idempotencyKey: uniqueKey(),
      }),
    );
    const mine = await connect((await withKey()).key);
    expect(refusalOf(await tool(mine, 'get_post', { id: theirs.id }))).toBe(POST_MSG.postNotFound);
    expect(refusalOf(await tool(mine, 'delete_post', { id: theirs.id }))).toBe(POST_MSG.postNotFound);
    expect(refusalOf(await tool(mine, 'get_post_analytics', { id: theirs.id }))).toBe(POST_MSG.postNotFound);
    expect(refusalOf(await tool(mine, 'get_post', { id: 'x'.repeat(200) }))).toBe(POST_MSG.postNotFound);
    // still theirs
    expect(okOf(await tool(theirClient, 'get_post', { id: theirs.id })).status).toBe('Draft');
  });

  it('the app’s rules answer in its words, as tool errors, and make nothing', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const client = await connect(k.key);
    const mediaId = await uploadPhoto(client, 15);
    const text = `Refused ${Date.now()}`;
    const post = (more: Record<string, unknown>) =>
      tool(client, 'create_post', { text, accountIds: [ids.twitter], mediaIds: [mediaId], idempotencyKey: uniqueKey(), ...more });
    expect(refusalOf(await post({ accountIds: [] }))).toBe(V1_MSG.accountsRequired);
    expect(refusalOf(await post({ scheduledAt: 'tomorrow' }))).toBe(V1_MSG.scheduledAtInvalid);
    expect(refusalOf(await post({ scheduledAt: '2030-01-01T09:00:30Z' }))).toBe(V1_MSG.scheduledAtWholeMinute);
    expect(refusalOf(await post({ mediaIds: [] }))).toBe(POST_MSG.mediaRequired);
    expect(refusalOf(await post({ mediaIds: ['nope'] }))).toBe(V1_MSG.mediaNotFound);
    expect(refusalOf(await post({ text: 'x'.repeat(281) }))).toMatch(/280/);
    // an argument the tool does not take is refused by its schema
    expect(refusalOf(await post({ campaign: 'x' }))).toMatch(/campaign/);
    expect(
      refusalOf(await tool(client, 'upload_media_from_url', { url: 'ftp://example.com/a.jpg', idempotencyKey: uniqueKey() })),
    ).toBe(V1_MSG.urlInvalid);
    expect(refusalOf(await tool(client, 'list_posts', { cursor: 'not-a-cursor' }))).toBe(V1_MSG.cursorInvalid);
    expect(await t.database.db.select().from(posts).where(eq(posts.caption, text))).toEqual([]);
  });

  it('an unexpected failure answers "Something went wrong", never its details, and is logged without the key', async () => {
    const k = await withKey('read');
    const client = await connect(k.key);
    const failing = vi
      .spyOn(t.services.publicApi, 'accounts')
      .mockRejectedValue(new Error('the database said something private'));
    try {
      expect(refusalOf(await tool(client, 'list_accounts'))).toBe(MSG.somethingWentWrong);
    } finally {
      failing.mockRestore();
    }
    const entry = logged.map((l) => JSON.parse(l)).find((e) => e.msg === 'MCP tool failed');
    expect(entry).toMatchObject({ level: 50, tool: 'list_accounts' });
    const secret = k.key.split('_').at(-1) as string;
    expect(logged.filter((l) => l.includes(secret))).toEqual([]);
  });

  it('upload_media_from_url fetches a photo from its address; the post goes out and get_post_analytics reads its figures', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const client = await connect(k.key);
    const key = uniqueKey();
    const url = `${filesBase}/photo-16.jpg`;
    const media = okOf(await tool(client, 'upload_media_from_url', { url, idempotencyKey: key }));
    expect(media).toMatchObject({ kind: 'image', mimeType: 'image/jpeg', width: 1080, height: 1080, name: 'photo-16.jpg' });
    expect(media.url).toMatch(/^https?:\/\//);
    // the same key and address: the same upload
    expect(okOf(await tool(client, 'upload_media_from_url', { url, idempotencyKey: key }))).toEqual(media);

    const made = okOf(
      await tool(client, 'create_post', {
        text: `With figures ${Date.now()}`,
        accountIds: [ids.twitter],
        mediaIds: [media.id],
        idempotencyKey: uniqueKey(),
      }),
    );
    expect(made.mediaUrls).toEqual([media.url]);
    await publishDue(t);
    const figures = okOf(await tool(client, 'get_post_analytics', { id: made.id }));
    expect(figures.nextCursor).toBeNull();
    expect(figures.data).toEqual([
      expect.objectContaining({ accountId: ids.twitter, network: 'twitter', state: expect.stringMatching(/^(pending|ready)$/) }),
    ]);
    expect(figures.data[0].url).toMatch(/^https?:\/\//);
    // a post that went out stays on its network
    expect(refusalOf(await tool(client, 'delete_post', { id: made.id }))).toBe(V1_MSG.publishedNotDeleted);
  });
});
