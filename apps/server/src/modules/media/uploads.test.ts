import { Readable } from 'node:stream';
import { MSG, POST_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import type { TStorage } from '../../integrations/storage';
import { buildTestApp, buildUser, type TTestApp } from '../../test/helpers';
import { jpegBytes, mp4Bytes, pngBytes } from '../../test/media-fixtures';
import type { TAuthContext } from '../auth/service';
import { MODULES } from '../index';
import { movBytes, multipart, sendFiles, svgBytes, type TPart, tiffBytes, webmBytes, webpBytes } from './media-test-kit';
import { mediaModuleWith, spoolDirOf } from './module';
import { createMediaRepository } from './repository';
import { createMediaService, type TIncomingFile } from './service';
import { spool } from './spool';

const SINGLE = '/api/s3/uploadSingleFile';
const MULTI = '/api/s3/multipleUploadVal';
const MB = 1024 * 1024;

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const rowsOf = (orgId: string) => t.database.db.select().from(mediaFiles).where(eq(mediaFiles.orgId, orgId));
const storedOf = (app: TTestApp, orgId: string) => app.container.storage.list(`media/${orgId}/`);

const png: TPart = { name: 'photo.png', type: 'image/png', bytes: pngBytes(640, 480) };
const jpeg: TPart = { name: 'photo.jpg', type: 'image/jpeg', bytes: jpegBytes(1080, 1350) };
const text: TPart = { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not a picture at all\n') };

describe('s3/uploadSingleFile keeps a file as what its bytes say', () => {
  it('stores each accepted type and answers its real size and length', async () => {
    const { user, token } = await buildUser(t);
    const cases: [TPart, Record<string, unknown>][] = [
      [png, { file_type: 'image/png', width: 640, height: 480, duration: null }],
      [jpeg, { file_type: 'image/jpeg', width: 1080, height: 1350, duration: null }],
      [
        { name: 'a.webp', type: 'image/webp', bytes: webpBytes(800, 800) },
        { file_type: 'image/webp', width: 800, height: 800 },
      ],
      [
        { name: 'clip.mp4', type: 'video/mp4', bytes: mp4Bytes(1280, 720, 12.5) },
        { file_type: 'video/mp4', width: 1280, height: 720, duration: 12.5 },
      ],
      [
        { name: 'clip.mov', type: 'video/quicktime', bytes: movBytes(1920, 1080, 7) },
        { file_type: 'video/quicktime', width: 1920, height: 1080, duration: 7 },
      ],
    ];
    for (const [part, expected] of cases) {
      const res = await sendFiles(t, SINGLE, [part], { token, query: `?userId=${user.id}` });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({
        status: true,
        response: { ...expected, file_name: part.name, file_size: part.bytes.length },
      });
      const url: string = res.json.response.result;
      expect(url).toMatch(new RegExp(`/uploads/media/${user.orgId}/[0-9a-f]{24}\\.(png|jpg|webp|mp4|mov)$`));
      // the public address serves the very bytes, with the type read from them
      const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain(expected.file_type as string);
      expect(served.rawPayload.equals(part.bytes)).toBe(true);
    }
    const rows = await rowsOf(user.orgId);
    expect(rows).toHaveLength(cases.length);
    expect(rows.find((r) => r.mimeType === 'video/mp4')).toMatchObject({
      userId: user.id,
      kind: 'video',
      name: 'clip.mp4',
      width: 1280,
      height: 720,
      durationSec: 12.5,
      createdAt: expect.any(Date),
    });
  });

  it('takes a PNG named .mp4 and sent as video/mp4 for the image it is', async () => {
    const { token } = await buildUser(t);
    const res = await sendFiles(t, SINGLE, [{ name: 'movie.mp4', type: 'video/mp4', bytes: pngBytes(300, 200) }], { token });
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({
      file_type: 'image/png',
      width: 300,
      height: 200,
      duration: null,
      file_name: 'movie.mp4',
    });
    expect(res.json.response.result).toMatch(/\.png$/);
  });

  it('refuses TIFF, text, WebM and an SVG with a script, each with its message, keeping nothing', async () => {
    const { user, token } = await buildUser(t);
    const cases: [TPart, string][] = [
      [{ name: 'scan.tiff', type: 'image/tiff', bytes: tiffBytes() }, POST_MSG.fileNotSupported],
      [text, POST_MSG.mediaNotSupported],
      [
        { name: 'fake.png', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
        POST_MSG.mediaNotSupported,
      ],
      [{ name: 'clip.webm', type: 'video/webm', bytes: webmBytes() }, POST_MSG.videoFormat],
      [
        { name: 'logo.svg', type: 'image/svg+xml', bytes: svgBytes('<script>alert(document.cookie)</script>') },
        POST_MSG.fileNotSupported,
      ],
      [{ name: 'logo.svg', type: 'image/svg+xml', bytes: svgBytes('<rect onclick="steal()"/>') }, POST_MSG.fileNotSupported],
    ];
    for (const [part, message] of cases) {
      const res = await sendFiles(t, SINGLE, [part], { token });
      expect(res.status, part.name).toBe(400);
      expect(res.json).toMatchObject({ status: false, message, code: 'BAD_REQUEST' });
    }
    expect(await rowsOf(user.orgId)).toHaveLength(0);
    expect(await storedOf(t, user.orgId)).toHaveLength(0);
  });

  it('refuses an image of 30 MB or more', async () => {
    const { user, token } = await buildUser(t);
    const big = Buffer.concat([pngBytes(100, 100), Buffer.alloc(30 * MB)]);
    const res = await sendFiles(t, SINGLE, [{ name: 'huge.png', type: 'image/png', bytes: big }], { token });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message: POST_MSG.imageTooLarge30 });
    expect(await storedOf(t, user.orgId)).toHaveLength(0);
  });

  it('keeps only the last part of the file name, at most 255 characters', async () => {
    const { user, token } = await buildUser(t);
    const long = `${'é'.repeat(300)}.png`;
    for (const name of ['C:\\fakepath\\..\\..\\secret.png', '../../etc/passwd.png', long]) {
      const res = await sendFiles(t, SINGLE, [{ ...png, name }], { token });
      expect(res.status).toBe(200);
    }
    const names = (await rowsOf(user.orgId)).map((r) => r.name).sort();
    expect(names).toEqual(['passwd.png', 'secret.png', 'é'.repeat(255)].sort());
  });

  it('refuses a second file and a call without one', async () => {
    const { token } = await buildUser(t);
    const two = await sendFiles(t, SINGLE, [png, jpeg], { token });
    expect(two).toMatchObject({ status: 400, json: { message: POST_MSG.singleDrop } });
    const none = await sendFiles(t, SINGLE, [], { token });
    expect(none).toMatchObject({ status: 400, json: { message: POST_MSG.noFile } });
    const json = await t.app.inject({
      method: 'POST',
      url: SINGLE,
      headers: { 'x-access-token': token },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(POST_MSG.noFile);
  });
});

describe('the upload calls need a session, and act for the caller only', () => {
  it('answers 401 without a token', async () => {
    for (const path of [SINGLE, MULTI] as const) {
      const res = await sendFiles(t, path, [png]);
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('UNAUTHORIZED');
    }
  });

  it("answers 403 for another user's id, and stores nothing", async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    for (const path of [SINGLE, MULTI] as const) {
      const res = await sendFiles(t, path, [png], { token: me.token, query: `?userId=${other.user.id}` });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(MSG.forbidden);
    }
    expect(await rowsOf(me.user.orgId)).toHaveLength(0);
  });
});

describe('s3/multipleUploadVal stores all the files or none', () => {
  it('stores up to ten files and answers each', async () => {
    const { user, token } = await buildUser(t);
    const parts = Array.from({ length: 10 }, (_, i) => ({
      name: `p${i}.jpg`,
      type: 'image/jpeg',
      bytes: jpegBytes(1000 + i, 1000, i),
    }));
    const res = await sendFiles(t, MULTI, parts, { token, query: `?userId=${user.id}` });
    expect(res.status).toBe(200);
    const data = res.json.response.data.data;
    expect(data).toHaveLength(10);
    expect(data.map((f: { width: number }) => f.width)).toEqual(parts.map((_, i) => 1000 + i));
    expect(await storedOf(t, user.orgId)).toHaveLength(10);
  });

  it('refuses more than ten files and keeps none', async () => {
    const { user, token } = await buildUser(t);
    const parts = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, type: 'image/png', bytes: pngBytes(10 + i, 10) }));
    const res = await sendFiles(t, MULTI, parts, { token });
    expect(res).toMatchObject({ status: 400, json: { status: false, message: POST_MSG.maxFiles } });
    expect(await rowsOf(user.orgId)).toHaveLength(0);
    expect(await storedOf(t, user.orgId)).toHaveLength(0);
  });

  it('keeps none when one file among good ones is refused, and names the problem', async () => {
    const { user, token } = await buildUser(t);
    const webm: TPart = { name: 'c.webm', type: 'video/webm', bytes: webmBytes() };
    for (const [parts, message] of [
      [[png, jpeg, text], POST_MSG.mediaNotSupported],
      [[png, webm, jpeg], POST_MSG.videoFormat],
    ] as const) {
      const res = await sendFiles(t, MULTI, [...parts], { token });
      expect(res).toMatchObject({ status: 400, json: { message } });
    }
    expect(await rowsOf(user.orgId)).toHaveLength(0);
    expect(await storedOf(t, user.orgId)).toHaveLength(0);
  });

  it('reads only the `files` field', async () => {
    const { token } = await buildUser(t);
    const body = multipart([{ ...png, field: 'other' }, jpeg], 'files');
    const res = await t.app.inject({
      method: 'POST',
      url: MULTI,
      headers: { 'content-type': body.contentType, 'x-access-token': token },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.data.data.map((f: { file_type: string }) => f.file_type)).toEqual(['image/jpeg']);
  });
});

describe('size limits by kind, and a stream cut off at the upload limit', () => {
  let small: TTestApp;
  beforeAll(async () => {
    const limits = { imageBytes: 2000, videoBytes: 4000, uploadBytes: 6000 };
    small = await buildTestApp({}, { modules: MODULES.map((m) => (m.name === 'media' ? mediaModuleWith(limits) : m)) });
  });
  afterAll(async () => small?.close());

  const padPng = (total: number) => {
    const head = pngBytes(20, 20);
    return Buffer.concat([head, Buffer.alloc(total - head.length)]);
  };
  const padMp4 = (total: number) => {
    const bare = mp4Bytes(640, 360, 3, { padBytes: 0 });
    return mp4Bytes(640, 360, 3, { padBytes: total - bare.length });
  };

  it('refuses an image at its limit and a video at its own, each with its message', async () => {
    const { token } = await buildUser(small);
    expect((await sendFiles(small, SINGLE, [{ ...png, bytes: padPng(1999) }], { token })).status).toBe(200);
    expect(await sendFiles(small, SINGLE, [{ ...png, bytes: padPng(2000) }], { token })).toMatchObject({
      status: 400,
      json: { message: POST_MSG.imageTooLarge30 },
    });
    const video = { name: 'v.mp4', type: 'video/mp4' };
    expect((await sendFiles(small, SINGLE, [{ ...video, bytes: padMp4(3999) }], { token })).status).toBe(200);
    expect(await sendFiles(small, SINGLE, [{ ...video, bytes: padMp4(4000) }], { token })).toMatchObject({
      status: 400,
      json: { message: POST_MSG.videoUnder100 },
    });
  });

  it('cuts a file off at the upload limit and keeps nothing of the call', async () => {
    const { user, token } = await buildUser(small);
    const res = await sendFiles(
      small,
      MULTI,
      [
        { ...png, bytes: padPng(1500) },
        { ...png, bytes: padPng(6001) },
      ],
      { token },
    );
    expect(res).toMatchObject({ status: 413, json: { message: POST_MSG.videoUnder100, code: 'PAYLOAD_TOO_LARGE' } });
    expect(await storedOf(small, user.orgId)).toHaveLength(0);
  });
});

describe('a failure to keep a file leaves nothing behind', () => {
  it("answers 'Upload failed' and removes what the call had stored", async () => {
    const { user } = await buildUser(t);
    const a = { userId: user.id, user, role: user.profileType } as unknown as TAuthContext;
    const real = t.container.storage;
    let puts = 0;
    const failing: TStorage = {
      ...real,
      putFile: async (key, file, type) => {
        if (++puts === 2) throw new Error('disk full');
        return real.putFile(key, file, type);
      },
    };
    const media = createMediaService({
      repo: createMediaRepository(t.container.db),
      storage: failing,
      clock: t.clock,
      log: t.container.log,
      spoolDir: spoolDirOf(t.container.config.dataDir),
      planTypeOf: async () => null,
      permissionsOf: async () => null,
    });
    async function* files(): AsyncIterable<TIncomingFile> {
      for (const bytes of [pngBytes(10, 10), pngBytes(20, 20)])
        yield { name: 'x.png', save: (dir) => spool(Readable.from([bytes]), dir) };
    }
    await expect(media.uploadMany(a, undefined, files())).rejects.toMatchObject({
      statusCode: 503,
      message: POST_MSG.uploadFailed,
    });
    expect(await storedOf(t, user.orgId)).toHaveLength(0);
    expect(await rowsOf(user.orgId)).toHaveLength(0);
  });
});

describe('media.resolve gives a post the facts of its own organization’s uploads', () => {
  it('answers the rows in the order asked', async () => {
    const { user, token } = await buildUser(t);
    const res = await sendFiles(t, MULTI, [png, { name: 'clip.mp4', type: 'video/mp4', bytes: mp4Bytes(1080, 1920, 30) }], {
      token,
    });
    const [img, vid] = res.json.response.data.data.map((f: { result: string }) => f.result);
    const out = await t.services.media.resolve(user.orgId, [vid, img]);
    expect(out).toEqual([
      {
        mediaId: expect.any(String),
        url: vid,
        name: 'clip.mp4',
        kind: 'video',
        mimeType: 'video/mp4',
        bytes: expect.any(Number),
        width: 1080,
        height: 1920,
        durationSec: 30,
      },
      {
        mediaId: expect.any(String),
        url: img,
        name: 'photo.png',
        kind: 'image',
        mimeType: 'image/png',
        bytes: png.bytes.length,
        width: 640,
        height: 480,
        durationSec: null,
      },
    ]);
  });

  it("refuses another organization's upload and an address that is no upload", async () => {
    const mine = await buildUser(t);
    const theirs = await buildUser(t);
    const res = await sendFiles(t, SINGLE, [png], { token: theirs.token });
    const url = res.json.response.result;
    await expect(t.services.media.resolve(mine.user.orgId, [url])).rejects.toMatchObject({
      statusCode: 400,
      message: POST_MSG.uploadNotFound,
    });
    await expect(t.services.media.resolve(theirs.user.orgId, [url, 'https://elsewhere.example/x.png'])).rejects.toMatchObject({
      statusCode: 400,
      message: POST_MSG.uploadNotFound,
    });
    expect(await t.services.media.resolve(theirs.user.orgId, [url])).toHaveLength(1);
  });
});
