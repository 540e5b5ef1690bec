import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { POST_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { buildTestApp, buildUser, type TTestApp } from '../../test/helpers';
import { jpegBytes, mp4Bytes, pngBytes } from '../../test/media-fixtures';
import { readMp4 } from './probe';

/**
 * Uploads for posts: what a file is comes from its bytes (never its name or the browser's word), its facts are
 * recorded, a refused file is told in the spec's words, and a refused upload keeps nothing.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type TFile = { name: string; type: string; bytes: Buffer };
function multipart(field: string, files: TFile[]) {
  const boundary = `----v${randomBytes(6).toString('hex')}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
    ),
    f.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}
async function uploadAs(token: string | null, files: TFile[], url = '/api/s3/uploadSingleFile') {
  const field = url.includes('multiple') ? 'files' : 'file';
  const m = multipart(field, files);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? { 'x-access-token': token } : {}), 'content-type': m.type },
    payload: m.payload,
  });
  return { status: res.statusCode, json: res.json() };
}
const rowsOf = (orgId: string) => t.database.db.select().from(mediaFiles).where(eq(mediaFiles.orgId, orgId));
const uploadsDir = () => path.join(t.container.config.storage.localDir, 'media');

describe('s3/uploadSingleFile', () => {
  it('stores a JPEG, a PNG and an MP4 with the size (and length) read from their bytes', async () => {
    const { token, user } = await buildUser(t);
    const jpg = await uploadAs(token, [{ name: 'a.jpg', type: 'image/jpeg', bytes: jpegBytes(1080, 1350) }]);
    expect(jpg.status).toBe(200);
    expect(jpg.json.response).toMatchObject({
      file_type: 'image/jpeg',
      width: 1080,
      height: 1350,
      duration: null,
      file_name: 'a.jpg',
    });
    const png = await uploadAs(token, [{ name: 'b.png', type: 'image/png', bytes: pngBytes(640, 480) }]);
    expect(png.json.response).toMatchObject({ file_type: 'image/png', width: 640, height: 480 });
    const mp4 = await uploadAs(token, [{ name: 'c.mp4', type: 'video/mp4', bytes: mp4Bytes(1920, 1080, 12.5) }]);
    expect(mp4.json.response).toMatchObject({ file_type: 'video/mp4', width: 1920, height: 1080, duration: 12.5 });
    const fetched = await t.app.inject({ method: 'GET', url: new URL(jpg.json.response.result).pathname });
    expect(fetched.statusCode).toBe(200);
    expect(await rowsOf(user.orgId)).toHaveLength(3);
  });

  it('a PNG named .mp4 and sent as video/mp4 is still a PNG', async () => {
    const { token } = await buildUser(t);
    const res = await uploadAs(token, [{ name: 'movie.mp4', type: 'video/mp4', bytes: pngBytes(100, 100) }]);
    expect(res.status).toBe(200);
    expect(res.json.response.file_type).toBe('image/png');
    expect(res.json.response.result).toMatch(/\.png$/);
  });

  it.each([
    [
      'a TIFF',
      { name: 'a.tif', type: 'image/tiff', bytes: Buffer.concat([Buffer.from('II*\0'), Buffer.alloc(64)]) },
      POST_MSG.fileNotSupported,
    ],
    [
      'a text file',
      { name: 'a.txt', type: 'text/plain', bytes: Buffer.from('hello there, not media') },
      POST_MSG.mediaNotSupported,
    ],
    [
      'a WebM video',
      {
        name: 'a.webm',
        type: 'video/webm',
        bytes: Buffer.concat([
          Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]),
          Buffer.alloc(64),
        ]),
      },
      POST_MSG.videoFormat,
    ],
    [
      'an SVG with a script',
      {
        name: 'a.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      POST_MSG.fileNotSupported,
    ],
    [
      'an MP4 without its movie header',
      { name: 'a.mp4', type: 'video/mp4', bytes: mp4Bytes(100, 100, 1).subarray(0, 24) },
      POST_MSG.videoFormat,
    ],
  ])('%s is refused in the spec’s words, and nothing is kept', async (_name, file, message) => {
    const { token, user } = await buildUser(t);
    const res = await uploadAs(token, [file]);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(await rowsOf(user.orgId)).toHaveLength(0);
  });

  it('an image of 30 MB or more is refused', async () => {
    const { token } = await buildUser(t);
    const big = Buffer.concat([jpegBytes(1000, 1000), Buffer.alloc(30 * 1024 * 1024)]);
    const res = await uploadAs(token, [{ name: 'big.jpg', type: 'image/jpeg', bytes: big }]);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(POST_MSG.imageTooLarge30);
  });

  it('a clean SVG is kept as the PNG drawn from it', async () => {
    const { token } = await buildUser(t);
    const res = await uploadAs(token, [
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"></svg>'),
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({ file_type: 'image/png', width: 1080, height: 540 });
    expect(res.json.response.result).toMatch(/\.png$/);
  });

  it("needs a session; another user's userId is refused", async () => {
    const { token } = await buildUser(t);
    const other = await buildUser(t);
    expect((await uploadAs(null, [{ name: 'a.png', type: 'image/png', bytes: pngBytes(10, 10) }])).status).toBe(401);
    const m = multipart('file', [{ name: 'a.png', type: 'image/png', bytes: pngBytes(10, 10) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/s3/uploadSingleFile?userId=${other.user.id}`,
      headers: { 'x-access-token': token, 'content-type': m.type },
      payload: m.payload,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('s3/multipleUploadVal', () => {
  it('stores several files and answers each', async () => {
    const { token } = await buildUser(t);
    const res = await uploadAs(
      token,
      [
        { name: '1.jpg', type: 'image/jpeg', bytes: jpegBytes(1080, 1080, 1) },
        { name: '2.jpg', type: 'image/jpeg', bytes: jpegBytes(1080, 1080, 2) },
      ],
      '/api/s3/multipleUploadVal',
    );
    expect(res.status).toBe(200);
    expect(res.json.response.data.data).toHaveLength(2);
  });

  it('one bad file among good ones keeps none; more than 10 files are refused', async () => {
    const { token, user } = await buildUser(t);
    const mixed = await uploadAs(
      token,
      [
        { name: '1.jpg', type: 'image/jpeg', bytes: jpegBytes(1080, 1080, 1) },
        { name: 'x.tif', type: 'image/tiff', bytes: Buffer.concat([Buffer.from('II*\0'), Buffer.alloc(64)]) },
      ],
      '/api/s3/multipleUploadVal',
    );
    expect(mixed.status).toBe(400);
    expect(await rowsOf(user.orgId)).toHaveLength(0);
    const dir = path.join(uploadsDir(), user.orgId);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    const eleven = await uploadAs(
      token,
      Array.from({ length: 11 }, (_, i) => ({ name: `${i}.jpg`, type: 'image/jpeg', bytes: jpegBytes(500, 500, i) })),
      '/api/s3/multipleUploadVal',
    );
    expect(eleven.status).toBe(400);
    expect(eleven.json.message).toBe(POST_MSG.maxFiles);
    expect(await rowsOf(user.orgId)).toHaveLength(0);
  });
});

describe('reading a video’s boxes', () => {
  it('reads width, height and duration, and never throws or hangs on broken or hostile input', () => {
    expect(readMp4(mp4Bytes(1280, 720, 3))).toEqual({ width: 1280, height: 720, durationSec: 3 });
    const good = mp4Bytes(1280, 720, 3);
    for (let i = 0; i < 2000; i++) {
      const bad = Buffer.from(good);
      const n = 1 + (i % 8);
      for (let k = 0; k < n; k++) bad[(i * 7919 + k * 104729) % bad.length] = (i * 31 + k) & 0xff;
      expect(() => readMp4(bad.subarray(0, (i * 13) % bad.length))).not.toThrow();
      expect(() => readMp4(bad)).not.toThrow();
    }
    // a box claiming a 64-bit size far past the end, and one of size zero in the middle
    const huge = Buffer.concat([
      Buffer.from([0, 0, 0, 1]),
      Buffer.from('moov'),
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    ]);
    expect(readMp4(huge)).toBeNull();
    expect(readMp4(Buffer.concat([Buffer.alloc(4), Buffer.from('free'), good]))).toBeNull();
  });
});
