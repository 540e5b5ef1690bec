import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST_MSG, V1_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, postTargets } from '../../db/schema';
import { buildTestApp, type TTestApp } from '../../test/helpers';
import { jpegBytes } from '../../test/media-fixtures';
import { readDue } from '../analytics/analytics-test-kit';
import { copiesOn, linkAll, publishDue } from '../posts/posts-test-kit';
import { v1Kit } from './public-api-test-kit';

/**
 * The public API's post calls beyond making one: the list (newest first, cursor pages, narrowed by status), a
 * scheduled post's text or time changed, a draft or scheduled post deleted, a post's figures, and an upload from
 * a URL. Each with success, bad input as problem details, a read key, and another organization's ids.
 */
let t: TTestApp;
let files: Server;
let filesUrl = '';
const served = new Map<string, { status: number; body: Buffer; headers?: Record<string, string> }>();
beforeAll(async () => {
  t = await buildTestApp();
  files = createServer((req, res) => {
    const f = served.get(req.url ?? '');
    if (!f) return res.writeHead(404).end();
    res.writeHead(f.status, f.headers ?? {}).end(f.body);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => files?.close(resolve));
});

const { withKey, v1, expectProblem, uniqueKey, uploadV1 } = v1Kit(() => t);

/** The next whole minute at least `ms` from now on the test clock, as ISO. */
const minuteIn = (ms: number) => new Date(Math.ceil((t.clock.nowMs() + ms) / 60_000) * 60_000).toISOString();

async function makePost(k: Awaited<ReturnType<typeof withKey>>, accountId: string, extra: Record<string, unknown> = {}) {
  const media = await uploadV1(k);
  const res = await v1('POST', '/posts', {
    key: k.key,
    idempotencyKey: uniqueKey(),
    body: { text: `Post ${uniqueKey()}`, accountIds: [accountId], mediaIds: [media.id], ...extra },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; text: string; status: string; scheduledAt: string | null };
}

describe('GET /api/v1/posts', () => {
  it('lists the organization’s posts newest first, a page at a time by cursor, narrowed by status; never another’s', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const sent = await makePost(k, ids.twitter);
    t.clock.advance(1_000);
    const draft = await makePost(k, ids.twitter, { draft: true });
    t.clock.advance(1_000);
    const later = await makePost(k, ids.twitter, { scheduledAt: minuteIn(3_600_000) });
    await publishDue(t);
    const other = await withKey();
    const theirs = await linkAll(t, other.token, ['twitter']);
    await makePost(other, theirs.twitter, { draft: true });

    const reader = await call_readKeyOf(k);
    const all = await v1('GET', '/posts', { key: reader });
    expect(all.status).toBe(200);
    expect(all.json.data.map((p: { id: string }) => p.id)).toEqual([later.id, draft.id, sent.id]);
    expect(all.json.nextCursor).toBeNull();

    const first = await v1('GET', '/posts?limit=2', { key: reader });
    expect(first.json.data.map((p: { id: string }) => p.id)).toEqual([later.id, draft.id]);
    expect(typeof first.json.nextCursor).toBe('string');
    const second = await v1('GET', `/posts?limit=2&cursor=${first.json.nextCursor}`, { key: reader });
    expect(second.json.data.map((p: { id: string }) => p.id)).toEqual([sent.id]);
    expect(second.json.nextCursor).toBeNull();

    const by = async (status: string) =>
      (await v1('GET', `/posts?status=${status}`, { key: reader })).json.data.map((p: { id: string }) => p.id);
    expect(await by('draft')).toEqual([draft.id]);
    expect(await by('scheduled')).toEqual([later.id]);
    expect(await by('published')).toEqual([sent.id]);
    expect(await by('failed')).toEqual([]);
    expect(await by('publishing')).toEqual([]);
  });

  it('bad input is a problem: an unknown status, a limit out of range, a cursor not from a page', async () => {
    const k = await withKey('read');
    expect((await v1('GET', '/posts?status=gone', { key: k.key })).status).toBe(400);
    expect((await v1('GET', '/posts?limit=0', { key: k.key })).status).toBe(400);
    expect((await v1('GET', '/posts?limit=101', { key: k.key })).status).toBe(400);
    expectProblem(await v1('GET', '/posts?cursor=not-a-cursor', { key: k.key }), 400, V1_MSG.cursorInvalid);
    expectProblem(await v1('GET', '/posts'), 401, V1_MSG.keyMissing);
  });
});

/** A read key of the same user as `k` (made on the same account). */
async function call_readKeyOf(k: Awaited<ReturnType<typeof withKey>>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/apiKeys',
    headers: { 'x-access-token': k.token },
    payload: { name: 'Reader', scope: 'read' },
  });
  return res.json().response.key;
}

describe('PATCH /api/v1/posts/{id}', () => {
  it('changes a scheduled post’s time and text; it goes out once, with the new text, at the new time', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const post = await makePost(k, ids.twitter, { scheduledAt: minuteIn(3_600_000) });
    const at = minuteIn(2 * 3_600_000);
    const text = `Changed ${uniqueKey()}`;
    const res = await v1('PATCH', `/posts/${post.id}`, { key: k.key, body: { text, scheduledAt: at } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ id: post.id, text, scheduledAt: at, status: 'Scheduled' });
    // nothing goes out at the old time
    t.clock.advance(3_600_000 + 60_000);
    await publishDue(t);
    expect(await copiesOn(t, ids.twitter, text)).toBe(0);
    t.clock.advance(3_600_000);
    await publishDue(t);
    expect(await copiesOn(t, ids.twitter, text)).toBe(1);
    expect(await copiesOn(t, ids.twitter, post.text)).toBe(0);
  });

  it('refuses with the app’s words and changes nothing: a past time, a post not scheduled, nothing to change, a text over a network’s limit', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const post = await makePost(k, ids.twitter, { scheduledAt: minuteIn(3_600_000) });
    const past = new Date(t.clock.nowMs() - 3_600_000);
    past.setUTCSeconds(0, 0);
    expect((await v1('PATCH', `/posts/${post.id}`, { key: k.key, body: { scheduledAt: past.toISOString() } })).status).toBe(400);
    expectProblem(await v1('PATCH', `/posts/${post.id}`, { key: k.key, body: {} }), 400, V1_MSG.patchEmpty);
    // X takes 280 characters: both changes are refused together
    const tooLong = await v1('PATCH', `/posts/${post.id}`, {
      key: k.key,
      body: { text: 'x'.repeat(300), scheduledAt: minuteIn(5 * 3_600_000) },
    });
    expect(tooLong.status).toBe(400);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row.caption).toBe(post.text);
    expect(row.scheduledAt?.toISOString()).toBe(post.scheduledAt);
    const draft = await makePost(k, ids.twitter, { draft: true });
    expectProblem(await v1('PATCH', `/posts/${draft.id}`, { key: k.key, body: { text: 'New' } }), 400, POST_MSG.notScheduled);
  });

  it('a read key, another organization’s post, an unknown id: refused', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const post = await makePost(k, ids.twitter, { scheduledAt: minuteIn(3_600_000) });
    expectProblem(
      await v1('PATCH', `/posts/${post.id}`, { key: await call_readKeyOf(k), body: { text: 'Read only' } }),
      403,
      V1_MSG.readOnly,
    );
    const other = await withKey();
    expectProblem(
      await v1('PATCH', `/posts/${post.id}`, { key: other.key, body: { text: 'Theirs' } }),
      404,
      POST_MSG.postNotFound,
    );
    expect((await v1('PATCH', '/posts/nope', { key: k.key, body: { text: 'x' } })).status).toBe(404);
  });
});

describe('DELETE /api/v1/posts/{id}', () => {
  it('deletes a draft and cancels a scheduled post (it never goes out); a post that went out stays (409)', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const draft = await makePost(k, ids.twitter, { draft: true });
    const later = await makePost(k, ids.twitter, { scheduledAt: minuteIn(3_600_000) });
    const sent = await makePost(k, ids.twitter);
    await publishDue(t);

    expect((await v1('DELETE', `/posts/${draft.id}`, { key: k.key })).status).toBe(204);
    expect((await v1('DELETE', `/posts/${later.id}`, { key: k.key })).status).toBe(204);
    expectProblem(await v1('DELETE', `/posts/${sent.id}`, { key: k.key }), 409, V1_MSG.publishedNotDeleted);
    // gone: a second delete and a read are not found
    expectProblem(await v1('DELETE', `/posts/${draft.id}`, { key: k.key }), 404, POST_MSG.postNotFound);
    expect((await v1('GET', `/posts/${later.id}`, { key: k.key })).status).toBe(404);
    t.clock.advance(2 * 3_600_000);
    await publishDue(t);
    expect(await copiesOn(t, ids.twitter, later.text)).toBe(0);
    const targets = await t.database.db.select().from(postTargets).where(eq(postTargets.postId, later.id));
    expect(targets.map((x) => x.state)).toEqual(['canceled']);
  });

  it('a read key and another organization refused; nothing deleted', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const draft = await makePost(k, ids.twitter, { draft: true });
    expectProblem(await v1('DELETE', `/posts/${draft.id}`, { key: await call_readKeyOf(k) }), 403, V1_MSG.readOnly);
    const other = await withKey();
    expectProblem(await v1('DELETE', `/posts/${draft.id}`, { key: other.key }), 404, POST_MSG.postNotFound);
    expect((await v1('GET', `/posts/${draft.id}`, { key: k.key })).status).toBe(200);
  });
});

describe('GET /api/v1/posts/{id}/analytics', () => {
  it('answers each account pending until the job reads it, then its figures; another organization’s post is not found', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const post = await makePost(k, ids.twitter);
    await publishDue(t);
    const reader = await call_readKeyOf(k);
    const before = await v1('GET', `/posts/${post.id}/analytics`, { key: reader });
    expect(before.status).toBe(200);
    expect(before.json.data).toEqual([
      expect.objectContaining({ accountId: ids.twitter, network: 'twitter', state: 'pending', updatedAt: null }),
    ]);
    t.clock.advance(60_000);
    await readDue(t);
    const after = await v1('GET', `/posts/${post.id}/analytics`, { key: reader });
    const [item] = after.json.data;
    expect(item.state).toBe('ready');
    expect(item.url).toMatch(/^https?:\/\//);
    expect(typeof item.updatedAt).toBe('string');
    expect(Object.values(item.metrics).some((v) => typeof v === 'number')).toBe(true);
    const other = await withKey('read');
    expect((await v1('GET', `/posts/${post.id}/analytics`, { key: other.key })).status).toBe(404);
  });
});

describe('POST /api/v1/media with {url}', () => {
  it('fetches the file and uploads it with the app’s checks; the same key and url answer the same upload without a second fetch', async () => {
    const k = await withKey();
    let fetched = 0;
    served.set('/photo.jpg', { status: 200, body: jpegBytes(1080, 1080, 9), headers: { 'content-type': 'image/jpeg' } });
    const counting = files.listeners('request')[0] as (...a: unknown[]) => void;
    files.removeAllListeners('request');
    files.on('request', (req, res) => {
      if (req.url === '/photo.jpg') fetched++;
      counting(req, res);
    });
    const key = uniqueKey();
    const first = await v1('POST', '/media', { key: k.key, idempotencyKey: key, body: { url: `${filesUrl}/photo.jpg` } });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json).toMatchObject({ kind: 'image', mimeType: 'image/jpeg', width: 1080, height: 1080, name: 'photo.jpg' });
    const again = await v1('POST', '/media', { key: k.key, idempotencyKey: key, body: { url: `${filesUrl}/photo.jpg` } });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(fetched).toBe(1);
    expectProblem(
      await v1('POST', '/media', { key: k.key, idempotencyKey: key, body: { url: `${filesUrl}/other.jpg` } }),
      422,
      V1_MSG.idempotencyKeyReused,
    );
  });

  it('refuses what is not a public https file: http elsewhere, a private address, a local name, an answer not 2xx, not media', async () => {
    const k = await withKey();
    const from = (url: string) => v1('POST', '/media', { key: k.key, idempotencyKey: uniqueKey(), body: { url } });
    expectProblem(await from('http://example.com/a.jpg'), 400, V1_MSG.urlInvalid);
    expectProblem(await from('https://10.0.0.8/a.jpg'), 400, V1_MSG.urlPrivate);
    expectProblem(await from('https://169.254.169.254/latest/meta-data'), 400, V1_MSG.urlPrivate);
    expectProblem(await from('https://printer.local/a.jpg'), 400, V1_MSG.urlPrivate);
    expectProblem(await from('not a url'), 400, V1_MSG.urlInvalid);
    expectProblem(await from(`${filesUrl}/missing.jpg`), 400, V1_MSG.urlUnreachable('it answered 404'));
    served.set('/notes.txt', { status: 200, body: Buffer.from('plain words') });
    const words = await from(`${filesUrl}/notes.txt`);
    expect(words.status).toBe(400);
    expect(String(words.headers['content-type'])).toMatch(/^application\/problem\+json/);
    // a redirect to a private address is refused too
    served.set('/hop', { status: 302, body: Buffer.alloc(0), headers: { location: 'https://192.168.1.1/a.jpg' } });
    expectProblem(await from(`${filesUrl}/hop`), 400, V1_MSG.urlPrivate);
  });
});
