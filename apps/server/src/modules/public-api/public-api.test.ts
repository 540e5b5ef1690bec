import { API_KEY_MSG, POST_MSG, V1_MSG, V1_RATE_LIMIT_PER_MINUTE } from '@virality/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { buildTestApp, call, type TTestApp } from '../../test/helpers';
import { jpegBytes } from '../../test/media-fixtures';
import { copiesOn, linkAll, publishDue } from '../posts/posts-test-kit';
import { makeTeam } from '../team/team-test-kit';
import { v1Kit } from './public-api-test-kit';

/**
 * The public API (/api/v1) with an API key: who may call (a live key of the right scope, nothing else), problem
 * details for every error, the key's rate limit, the linked accounts, uploads and posts made exactly once per
 * Idempotency-Key (ten identical requests at once make one post and one copy on the network).
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { withKey, v1, expectProblem, multipart, uniqueKey, uploadV1 } = v1Kit(() => t);

describe('who may call /api/v1', () => {
  it('a live key of the right scope, and nothing else: no key, a wrong or revoked key, a session token', async () => {
    const k = await withKey('read');
    expect((await v1('GET', '/accounts', { key: k.key })).status).toBe(200);
    expectProblem(await v1('GET', '/accounts'), 401, V1_MSG.keyMissing);
    expectProblem(await v1('GET', '/accounts', { key: `${k.key.slice(0, -2)}xx` }), 401, V1_MSG.keyInvalid);
    // a person's session is never a key
    expectProblem(await v1('GET', '/accounts', { key: k.token }), 401, V1_MSG.keyInvalid);
    expectProblem(await v1('GET', '/accounts', { headers: { 'x-access-token': k.token } }), 401, V1_MSG.keyMissing);
    // a read key may only read
    expectProblem(
      await v1('POST', '/posts', { key: k.key, idempotencyKey: uniqueKey(), body: { text: 'x', accountIds: ['a'] } }),
      403,
      V1_MSG.readOnly,
    );
    // revoked: refused at once
    expect((await call(t, 'DELETE', `/api/apiKeys/${k.keyId}`, { token: k.token })).json.message).toBe(API_KEY_MSG.revoked);
    expectProblem(await v1('GET', '/accounts', { key: k.key }), 401, V1_MSG.keyInvalid);
  });

  it('an unknown route is a problem too', async () => {
    const k = await withKey();
    const res = await v1('GET', '/nothing-here', { key: k.key });
    expect(res.status).toBe(404);
    expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  });

  it(`every key has ${V1_RATE_LIMIT_PER_MINUTE} calls a minute over all routes, said in RateLimit headers; then 429 with Retry-After`, async () => {
    const k = await withKey('read');
    const other = await withKey('read');
    const first = await v1('GET', '/accounts', { key: k.key });
    // calls to different routes count together
    expect(first.headers['ratelimit-limit']).toBe(String(V1_RATE_LIMIT_PER_MINUTE));
    expect(first.headers['ratelimit-remaining']).toBe(String(V1_RATE_LIMIT_PER_MINUTE - 1));
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 1; i < V1_RATE_LIMIT_PER_MINUTE; i++) await v1('GET', i % 2 ? '/accounts' : '/webhooks', { key: k.key });
    const over = await v1('GET', '/accounts', { key: k.key });
    expect(over.status).toBe(429);
    expect(String(over.headers['content-type'])).toMatch(/^application\/problem\+json/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json.detail).toMatch(/^Too many requests: try again in \d+ s$/);
    // the count is the key's, whichever call: another route is refused too
    expect((await v1('GET', '/posts', { key: k.key })).status).toBe(429);
    // another key is counted on its own
    expect((await v1('GET', '/accounts', { key: other.key })).status).toBe(200);
    // a minute later the key works again
    t.clock.advance(61_000);
    expect((await v1('GET', '/accounts', { key: k.key })).status).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('names every v1 operation, with its key, its answer and its problems', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method} ${path}`, op })));
    expect(ops.map((o) => o.name).sort()).toEqual(
      [
        'delete /api/v1/posts/{id}',
        'get /api/v1/accounts',
        'get /api/v1/accounts/{id}/queue',
        'put /api/v1/accounts/{id}/queue',
        'get /api/v1/accounts/{id}/best-times',
        'get /api/v1/campaigns/{id}/report',
        'get /api/v1/posts',
        'get /api/v1/posts/{id}',
        'get /api/v1/posts/{id}/analytics',
        'patch /api/v1/posts/{id}',
        'post /api/v1/media',
        'post /api/v1/posts',
        'post /api/v1/posts/bulk',
        'get /api/v1/webhooks',
        'post /api/v1/webhooks',
        'delete /api/v1/webhooks/{id}',
        'get /api/v1/webhooks/{id}/deliveries',
      ].sort(),
    );
    for (const { name, op } of ops) {
      const o = op as {
        operationId?: string;
        security?: unknown;
        responses: Record<string, { content?: Record<string, unknown> }>;
      };
      expect(o.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(o.security, name).toEqual([{ apiKey: [] }]);
      expect(Object.keys(o.responses), name).toEqual(expect.arrayContaining(['401', '429']));
      expect(
        Object.keys(o.responses).some((s) => s === '200' || s === '201' || s === '204'),
        name,
      ).toBe(true);
    }
  });
});

describe('GET /api/v1/accounts', () => {
  it("lists the organization's linked accounts, never another's", async () => {
    const k = await withKey('read');
    const ids = await linkAll(t, k.token, ['twitter', 'instagram']);
    const other = await withKey('read');
    await linkAll(t, other.token, ['facebook']);
    const res = await v1('GET', '/accounts', { key: k.key });
    expect(res.status).toBe(200);
    expect(res.json.nextCursor).toBeNull();
    expect(res.json.data.map((a: { id: string }) => a.id).sort()).toEqual([ids.twitter, ids.instagram].sort());
    for (const a of res.json.data) {
      expect(a).toMatchObject({ status: 'linked', statusReason: null });
      expect(['twitter', 'instagram']).toContain(a.network);
      expect(a.name.length).toBeGreaterThan(0);
    }
  });
});

describe('POST /api/v1/media', () => {
  it('uploads a file with the app’s checks; the same Idempotency-Key and file answer the same upload', async () => {
    const k = await withKey();
    const key = uniqueKey();
    const body = multipart(jpegBytes(1080, 1080, 3));
    const first = await v1('POST', '/media', { key: k.key, idempotencyKey: key, ...body });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json).toMatchObject({ kind: 'image', mimeType: 'image/jpeg', width: 1080, height: 1080 });
    const again = await v1('POST', '/media', { key: k.key, idempotencyKey: key, ...body });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    // another file under the same key is another request
    const other = await v1('POST', '/media', { key: k.key, idempotencyKey: key, ...multipart(jpegBytes(1080, 1080, 4)) });
    expectProblem(other, 422, V1_MSG.idempotencyKeyReused);
    // not an image or video
    const bad = await v1('POST', '/media', {
      key: k.key,
      idempotencyKey: uniqueKey(),
      ...multipart(Buffer.from('plain words'), 'notes.txt', 'text/plain'),
    });
    expect(bad.status).toBe(400);
    expect(String(bad.headers['content-type'])).toMatch(/^application\/problem\+json/);
    // no Idempotency-Key
    expectProblem(await v1('POST', '/media', { key: k.key, ...body }), 400, V1_MSG.idempotencyKeyRequired);
  });
});

describe('POST /api/v1/posts', () => {
  it('posts now: 201 with where it stands on each account; it goes out, and GET reads it back in the app’s words', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const media = await uploadV1(k);
    const made = await v1('POST', '/posts', {
      key: k.key,
      idempotencyKey: uniqueKey(),
      body: { text: 'Hello from the API', accountIds: [ids.twitter], mediaIds: [media.id] },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json).toMatchObject({ text: 'Hello from the API', draft: false, scheduledAt: null, mediaUrls: [media.url] });
    expect(made.json.accounts).toEqual([
      expect.objectContaining({ accountId: ids.twitter, network: 'twitter', state: 'queued', stateLabel: 'Publishing' }),
    ]);
    await publishDue(t);
    const read = await v1('GET', `/posts/${made.json.id}`, { key: k.key });
    expect(read.status).toBe(200);
    expect(read.json.status).toBe('Posted');
    expect(read.json.accounts[0]).toMatchObject({ state: 'published', stateLabel: 'Published', error: null });
    expect(read.json.accounts[0].url).toMatch(/^https?:\/\//);
    // the app shows it as any other post of the organization
    const inApp = await call(t, 'GET', `/sph/drafts/get-draft-details/${made.json.id}/`, { token: k.token });
    expect(inApp.json.response_data.CaptionDescription).toBe('Hello from the API');
  });

  it('schedules with scheduledAt (an ISO date and time with its offset) and saves drafts', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const media = await uploadV1(k);
    const at = new Date(Math.ceil((t.clock.nowMs() + 3 * 3_600_000) / 60_000) * 60_000);
    const local = new Date(at.getTime() + 2 * 3_600_000).toISOString().replace(/\.000Z$/, '+02:00');
    const scheduled = await v1('POST', '/posts', {
      key: k.key,
      idempotencyKey: uniqueKey(),
      body: { text: 'Later', accountIds: [ids.twitter], mediaIds: [media.id], scheduledAt: local },
    });
    expect(scheduled.status, JSON.stringify(scheduled.json)).toBe(201);
    expect(scheduled.json).toMatchObject({ status: 'Scheduled', scheduledAt: at.toISOString() });
    const draft = await v1('POST', '/posts', {
      key: k.key,
      idempotencyKey: uniqueKey(),
      body: { text: 'Not yet', accountIds: [ids.twitter], mediaIds: [media.id], draft: true },
    });
    expect(draft.status).toBe(201);
    expect(draft.json).toMatchObject({ status: 'Draft', draft: true });
  });

  it('bad input is a problem with each field, in the app’s words, and makes nothing', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const media = await uploadV1(k);
    const post = (body: unknown) => v1('POST', '/posts', { key: k.key, idempotencyKey: uniqueKey(), body });
    const missing = await post({ text: 'x' });
    expectProblem(missing, 400, V1_MSG.accountsRequired);
    expect(missing.json.errors).toEqual([{ field: 'accountIds', message: V1_MSG.accountsRequired }]);
    expectProblem(
      await post({ text: 'x', accountIds: [ids.twitter], mediaIds: [media.id], scheduledAt: 'tomorrow' }),
      400,
      V1_MSG.scheduledAtInvalid,
    );
    expectProblem(
      await post({ text: 'x', accountIds: [ids.twitter], mediaIds: [media.id], scheduledAt: '2030-01-01T09:00:30Z' }),
      400,
      V1_MSG.scheduledAtWholeMinute,
    );
    // the app's own rules, with their words
    expectProblem(await post({ text: 'x', accountIds: [ids.twitter] }), 400, POST_MSG.mediaRequired);
    expectProblem(await post({ text: 'x', accountIds: [ids.twitter], mediaIds: ['nope'] }), 400, V1_MSG.mediaNotFound);
    const past = new Date(t.clock.nowMs() - 3_600_000);
    past.setUTCSeconds(0, 0);
    const late = await post({ text: 'x', accountIds: [ids.twitter], mediaIds: [media.id], scheduledAt: past.toISOString() });
    expect(late.status).toBe(400);
    const unknown = await post({ text: 'x', accountIds: [ids.twitter], mediaIds: [media.id], extra: 1 });
    expect(unknown.status).toBe(400);
    const made = await t.database.db
      .select()
      .from(posts)
      .where(and(eq(posts.userId, k.userId), like(posts.caption, 'x%')));
    expect(made).toEqual([]);
  });

  it("another organization's accounts and media are not found; another organization's post is not found", async () => {
    const k = await withKey();
    const other = await withKey();
    const theirs = await linkAll(t, other.token, ['twitter']);
    const theirMedia = await uploadV1(other);
    const mine = await linkAll(t, k.token, ['twitter']);
    const myMedia = await uploadV1(k);
    const onTheirs = await v1('POST', '/posts', {
      key: k.key,
      idempotencyKey: uniqueKey(),
      body: { text: 'x', accountIds: [theirs.twitter], mediaIds: [myMedia.id] },
    });
    expect([400, 404]).toContain(onTheirs.status);
    expectProblem(
      await v1('POST', '/posts', {
        key: k.key,
        idempotencyKey: uniqueKey(),
        body: { text: 'x', accountIds: [mine.twitter], mediaIds: [theirMedia.id] },
      }),
      400,
      V1_MSG.mediaNotFound,
    );
    const theirPost = await v1('POST', '/posts', {
      key: other.key,
      idempotencyKey: uniqueKey(),
      body: { text: 'Theirs', accountIds: [theirs.twitter], mediaIds: [theirMedia.id], draft: true },
    });
    expect((await v1('GET', `/posts/${theirPost.json.id}`, { key: k.key })).status).toBe(404);
    expect((await v1('GET', '/posts/unknown-id', { key: k.key })).status).toBe(404);
  });

  it('exactly once: ten identical requests at once make one post and one copy on X; a repeat answers 200 with the same post; another body under the key is 422', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const media = await uploadV1(k);
    const key = uniqueKey();
    const text = `Once only ${Date.now()}`;
    const body = { text, accountIds: [ids.twitter], mediaIds: [media.id] };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => v1('POST', '/posts', { key: k.key, idempotencyKey: key, body })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
    const made = await t.database.db.select().from(posts).where(eq(posts.caption, text));
    expect(made).toHaveLength(1);
    await publishDue(t);
    expect(await copiesOn(t, ids.twitter, text)).toBe(1);

    // a retry after a lost answer: the same post, never a second
    const retry = await v1('POST', '/posts', { key: k.key, idempotencyKey: key, body });
    expect(retry.status).toBe(200);
    expect(retry.json.id).toBe(answers[0].json.id);
    expectProblem(
      await v1('POST', '/posts', { key: k.key, idempotencyKey: key, body: { ...body, text: 'Something else' } }),
      422,
      V1_MSG.idempotencyKeyReused,
    );
    // the same key from another organization is its own
    const other = await withKey();
    const theirIds = await linkAll(t, other.token, ['twitter']);
    const theirMedia = await uploadV1(other);
    const theirs = await v1('POST', '/posts', {
      key: other.key,
      idempotencyKey: key,
      body: { text, accountIds: [theirIds.twitter], mediaIds: [theirMedia.id] },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.json.id).not.toBe(answers[0].json.id);
  });

  it('a request that fails keeps nothing: the same key may be sent again, fixed', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const media = await uploadV1(k);
    const key = uniqueKey();
    const refused = await v1('POST', '/posts', {
      key: k.key,
      idempotencyKey: key,
      body: { text: 'Fix me', accountIds: [ids.twitter] },
    });
    expect(refused.status).toBe(400);
    const fixed = await v1('POST', '/posts', {
      key: k.key,
      idempotencyKey: key,
      body: { text: 'Fix me', accountIds: [ids.twitter], mediaIds: [media.id] },
    });
    expect(fixed.status).toBe(201);
  });

  it("a key acts for its organization's owner: a business's key posts under the business's plan; managers cannot make keys", async () => {
    const { owner, manager } = await makeTeam(t, 'API Foods');
    expect((await call(t, 'POST', '/api/apiKeys', { token: manager.token, body: { name: 'x', scope: 'write' } })).status).toBe(
      403,
    );
    const made = await call(t, 'POST', '/api/apiKeys', { token: owner.token, body: { name: 'Owner', scope: 'write' } });
    expect(made.status).toBe(200);
    const res = await v1('GET', '/accounts', { key: made.json.response.key });
    expect(res.status).toBe(200);
  });
});
