import fs from 'node:fs';
import path from 'node:path';
import { MSG, STORAGE_QUOTA_BYTES, UPLOAD_MSG, UPLOAD_RATE } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, buildUser, givePlan, type TTestApp, withClockAhead } from '../../test/helpers';
import { pngBytes } from '../../test/media-fixtures';
import { xAuthor } from '../posts/posts-test-kit';
import { makeTeam, perms, setRoleStatus } from '../team/team-test-kit';
import { multipart, sendFiles, type TPart } from './media-test-kit';

/**
 * What an upload may cost: only accounts that can create posts upload post media, each at most UPLOAD_RATE
 * calls in a window, within its organization's storage quota by plan; uploads no post names are swept after a
 * day.
 */

const SINGLE = '/api/s3/uploadSingleFile';
const MULTI = '/api/s3/multipleUploadVal';
const png = (seed = 0): TPart => ({ name: 'p.png', type: 'image/png', bytes: pngBytes(64, 64, seed) });

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const rowsOf = (orgId: string) => t.database.db.select().from(mediaFiles).where(eq(mediaFiles.orgId, orgId));
const storedOf = (orgId: string) => t.container.storage.list(`media/${orgId}/`);

/** Records media of `bytes` for an organization, as earlier uploads would have (the quota counts media rows). */
async function fill(orgId: string, bytes: number) {
  const id = newId();
  await t.database.db.insert(mediaFiles).values({
    id,
    orgId,
    key: `media/${orgId}/${id}.mp4`,
    url: `https://files.example/media/${orgId}/${id}.mp4`,
    name: 'earlier.mp4',
    kind: 'video',
    mimeType: 'video/mp4',
    bytes,
    createdAt: t.clock.now(),
  });
}

describe('only accounts that can create posts upload post media', () => {
  it('refuses an IMC account with 403 in words, keeping nothing', async () => {
    const imc = await buildUser(t, { profileType: 'IMC' });
    for (const path of [SINGLE, MULTI] as const) {
      const res = await sendFiles(t, path, [png()], { token: imc.token });
      expect(res).toMatchObject({ status: 403, json: { status: false, message: UPLOAD_MSG.cannotUpload } });
    }
    expect(await rowsOf(imc.user.orgId)).toHaveLength(0);
  });

  it('refuses a manager whose role opens no network, or whose role is switched off; a manager who may post uploads', async () => {
    const closed = await makeTeam(t, 'Closed Co', perms({ '2': { Analytics: true } }));
    const refused = await sendFiles(t, SINGLE, [png()], { token: closed.manager.token });
    expect(refused).toMatchObject({ status: 403, json: { message: UPLOAD_MSG.cannotUpload } });

    const open = await makeTeam(t, 'Open Co', perms({ '1': { Post: true } }));
    const taken = await sendFiles(t, SINGLE, [png()], { token: open.manager.token });
    expect(taken.status, JSON.stringify(taken.json)).toBe(200);
    // the upload is the business's
    expect(await rowsOf(open.owner.user.orgId)).toHaveLength(1);

    await setRoleStatus(t, open.owner.token, open.role._id, false);
    const off = await sendFiles(t, MULTI, [png()], { token: open.manager.token });
    expect(off).toMatchObject({ status: 403, json: { message: UPLOAD_MSG.cannotUpload } });
  });

  it('lets the owner, a brand and an influencer upload', async () => {
    for (const profileType of ['BUSINESS', 'BRANDS', 'INFLUENCER'] as const) {
      const who = await buildUser(t, { profileType });
      if (profileType !== 'INFLUENCER') await givePlan(t, who.user.id);
      expect((await sendFiles(t, SINGLE, [png()], { token: who.token })).status, profileType).toBe(200);
    }
  });
});

describe('an account uploads at most UPLOAD_RATE calls in a window', () => {
  it(`answers 429 in words after ${UPLOAD_RATE.max} calls, for that account only, until the window ends`, async () => {
    const busy = await buildUser(t);
    const calm = await buildUser(t);
    for (let i = 0; i < UPLOAD_RATE.max; i++) {
      const res = await sendFiles(t, i % 2 ? MULTI : SINGLE, [png(i)], { token: busy.token });
      expect(res.status, `call ${i + 1}`).toBe(200);
    }
    const over = await sendFiles(t, SINGLE, [png()], { token: busy.token });
    expect(over).toMatchObject({
      status: 429,
      json: { status: false, message: UPLOAD_MSG.tooManyUploads(UPLOAD_RATE.windowMinutes) },
    });
    expect((await sendFiles(t, MULTI, [png()], { token: busy.token })).status).toBe(429);
    expect(await rowsOf(busy.user.orgId)).toHaveLength(UPLOAD_RATE.max);
    // another account is not held back
    expect((await sendFiles(t, SINGLE, [png()], { token: calm.token })).status).toBe(200);
    // once the window is over, the account uploads again
    await withClockAhead(t, UPLOAD_RATE.windowMinutes * 60_000 + 1000, async () => {
      expect((await sendFiles(t, SINGLE, [png()], { token: busy.token })).status).toBe(200);
    });
  });
});

describe('profile images are rate limited per account too', () => {
  it(`answers 429 in words after ${UPLOAD_RATE.max} profile image uploads, for that account only`, async () => {
    const busy = await buildUser(t);
    const calm = await buildUser(t);
    const send = (token: string) => {
      const body = multipart([{ name: 'me.png', type: 'image/png', bytes: pngBytes(4, 4) }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/user/uploadProfileImage',
        headers: { 'content-type': body.contentType, 'x-access-token': token },
        payload: body.payload,
      });
    };
    for (let i = 0; i < UPLOAD_RATE.max; i++) expect((await send(busy.token)).statusCode, `call ${i + 1}`).toBe(200);
    const over = await send(busy.token);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: false, message: UPLOAD_MSG.tooManyUploads(UPLOAD_RATE.windowMinutes) });
    expect((await send(calm.token)).statusCode).toBe(200);
  });
});

describe("an organization keeps at most its plan's storage quota of media", () => {
  it('the free tier has the smallest quota', () => {
    const paid = Object.entries(STORAGE_QUOTA_BYTES).filter(([plan]) => plan !== 'FreeTier');
    for (const [, quota] of paid) expect(quota).toBeGreaterThan(STORAGE_QUOTA_BYTES.FreeTier);
  });

  it('refuses with 413 in words an upload past the free quota, keeping nothing; a Starter plan has room for it', async () => {
    const free = await buildUser(t);
    await fill(free.user.orgId, STORAGE_QUOTA_BYTES.FreeTier - 20);
    const res = await sendFiles(t, SINGLE, [png()], { token: free.token });
    expect(res).toMatchObject({
      status: 413,
      json: { status: false, message: UPLOAD_MSG.quotaExceeded(STORAGE_QUOTA_BYTES.FreeTier) },
    });
    expect(res.json.message).toBe(
      'Your organization has used its 1 GB of media storage. Delete posts you no longer need, or upgrade your plan, to upload more',
    );
    expect(await rowsOf(free.user.orgId)).toHaveLength(1);
    expect(await storedOf(free.user.orgId)).toHaveLength(0);

    const starter = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, starter.user.id, 'Starter');
    await fill(starter.user.orgId, STORAGE_QUOTA_BYTES.FreeTier - 20);
    expect((await sendFiles(t, SINGLE, [png()], { token: starter.token })).status).toBe(200);
  });

  it('a call whose later file passes the quota keeps none of its files', async () => {
    const who = await buildUser(t);
    const first = png(1);
    await fill(who.user.orgId, STORAGE_QUOTA_BYTES.FreeTier - first.bytes.length - 10);
    const res = await sendFiles(t, MULTI, [first, png(2)], { token: who.token });
    expect(res).toMatchObject({ status: 413, json: { message: UPLOAD_MSG.quotaExceeded(STORAGE_QUOTA_BYTES.FreeTier) } });
    expect(await rowsOf(who.user.orgId)).toHaveLength(1);
    expect(await storedOf(who.user.orgId)).toHaveLength(0);
  });

  it('a full organization is refused before its file is read, and the connection is closed', async () => {
    const who = await buildUser(t);
    await fill(who.user.orgId, STORAGE_QUOTA_BYTES.FreeTier);
    const res = await sendFiles(t, SINGLE, [png()], { token: who.token });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
  });

  it("another user's id is still refused as before (403), and a call without a session with 401", async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    expect(await sendFiles(t, SINGLE, [png()], { token: me.token, query: `?userId=${other.user.id}` })).toMatchObject({
      status: 403,
      json: { message: MSG.forbidden },
    });
    expect((await sendFiles(t, SINGLE, [png()])).status).toBe(401);
  });
});

describe('uploads no post names are swept after a day', () => {
  it('removes an unused upload a day old (row and file, giving its room back), keeping what a post names and what is new, a stored file aged on the storage clock', async () => {
    const author = await xAuthor(t);
    const scheduled = await author.schedule('Kept: a scheduled post names its photo', 30);
    expect(scheduled.status, JSON.stringify(scheduled.json)).toBe(200);
    const unused = (await sendFiles(t, SINGLE, [png(7)], { token: author.token })).json.response.result as string;
    const orgId = author.user!.orgId;
    // a file stored by an upload that stopped before recording it
    const orphanKey = `media/${orgId}/${newId()}.png`;
    await t.container.storage.put(orphanKey, pngBytes(8, 8), 'image/png');

    const day = 24 * 3_600_000;
    // within the day nothing is swept
    await withClockAhead(t, day - 60_000, async () => expect(await t.services.media.sweep()).toEqual([]));
    // a stored file is a day old on the storage's own clock (the product's moves only in the sandbox)
    const aDayAgo = new Date(Date.now() - day - 60_000);
    fs.utimesSync(path.join(t.container.config.storage.localDir, orphanKey), aDayAgo, aDayAgo);
    let fresh = '';
    // stored by an upload cut off a minute ago: young on the storage's clock, though the product's is a day ahead
    const youngOrphan = `media/${orgId}/${newId()}.png`;
    await withClockAhead(t, day + 60_000, async () => {
      await t.container.storage.put(youngOrphan, pngBytes(8, 8), 'image/png');
      fresh = (await sendFiles(t, SINGLE, [png(9)], { token: author.token })).json.response.result;
      await t.container.enqueue('sweep-unreferenced-media', {});
      const ran = await t.runDueJobs('sweep-unreferenced-media');
      expect(ran.map((j) => j.error)).toEqual([undefined]);
    });
    const left = (await rowsOf(orgId)).map((r) => r.url).sort();
    expect(left).toEqual([author.photo, fresh].sort());
    const files = (await storedOf(orgId)).map((f) => f.key);
    expect(files).toHaveLength(3);
    expect(files).toContain(youngOrphan);
    expect(files.some((k) => unused.endsWith(k))).toBe(false);
    expect(files).not.toContain(orphanKey);
    const gone = await t.app.inject({ method: 'GET', url: new URL(unused).pathname });
    expect(gone.statusCode).toBe(404);
  });
});
