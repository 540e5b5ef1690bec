import fs from 'node:fs';
import path from 'node:path';
import { MSG, POST_MSG, SVG_MAX_BYTES, UPLOAD_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { buildTestApp, buildUser, type TTestApp } from '../../test/helpers';
import { jpegBytes, pngBytes } from '../../test/media-fixtures';
import { multipart, sendFiles, type TPart } from './media-test-kit';

/**
 * The hostile files of the upload probe (fixtures/, made by fixtures/make-fixtures.ts) against every upload
 * call that takes pictures: post media and profile images.
 */

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
/** A fixture's bytes; an SVG's file is named .svg.txt (see make-fixtures.ts). */
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name.endsWith('.svg') ? `${name}.txt` : name));
const HOSTILE_SVGS = ['svg-prefixed-script.svg', 'svg-set-onmouseover.svg', 'svg-css-escaped-url.svg', 'svg-xml-stylesheet.svg'];
const FAKE_PICTURES = ['png-header-only.png', 'png-claims-100000x100000.png', 'png-deflate-bomb.png'];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const rowsOf = (orgId: string) => t.database.db.select().from(mediaFiles).where(eq(mediaFiles.orgId, orgId));
const everythingStored = () => t.container.storage.list('');

/** Uploads one file as a profile image; the status and the answer. */
async function profileUpload(token: string, part: TPart) {
  const body = multipart([part]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/uploadProfileImage',
    headers: { 'content-type': body.contentType, 'x-access-token': token },
    payload: body.payload,
  });
  return { status: res.statusCode, json: res.json() };
}

/** What the public address of an upload serves: its type and bytes. */
async function served(url: string) {
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload };
}

describe('an SVG is never stored or served as SVG', () => {
  it('each SVG that slipped past the old filter is kept, and served, only as the PNG drawn from it', async () => {
    const { user, token } = await buildUser(t);
    for (const name of HOSTILE_SVGS) {
      const res = await sendFiles(t, '/api/s3/uploadSingleFile', [{ name, type: 'image/svg+xml', bytes: fixture(name) }], {
        token,
      });
      expect(res.status, name).toBe(200);
      expect(res.json.response, name).toMatchObject({ file_type: 'image/png', width: 1080, height: 1080, file_name: name });
      expect(res.json.response.result).toMatch(/\.png$/);
      const file = await served(res.json.response.result);
      expect(file.status).toBe(200);
      expect(file.type).toContain('image/png');
      expect(file.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(file.bytes.toString('latin1')).not.toMatch(/alert|evil\.example|script/i);
    }
    expect((await rowsOf(user.orgId)).map((r) => r.mimeType)).toEqual(HOSTILE_SVGS.map(() => 'image/png'));
    expect((await everythingStored()).filter((f) => /\.svg$/i.test(f.key))).toEqual([]);
  });

  it('a profile image sent as SVG is kept only as a PNG', async () => {
    const { token } = await buildUser(t);
    for (const name of HOSTILE_SVGS) {
      const res = await profileUpload(token, { name, type: 'image/svg+xml', bytes: fixture(name) });
      expect(res.status, name).toBe(200);
      const url: string = res.json.response.profileImage;
      expect(url).toMatch(/\/uploads\/profile\/.+\.png$/);
      const file = await served(url);
      expect(file.type).toContain('image/png');
      expect(file.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }
    expect((await everythingStored()).filter((f) => /\.svg$/i.test(f.key))).toEqual([]);
  });
});

describe('an SVG is read only up to its own size limit', () => {
  it(`refuses an SVG of ${SVG_MAX_BYTES / 1024 / 1024} MB or more in words, before drawing it`, async () => {
    const { user, token } = await buildUser(t);
    const filler = `<!-- ${'x'.repeat(SVG_MAX_BYTES)} -->`;
    const big = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${filler}</svg>`);
    const res = await sendFiles(t, '/api/s3/uploadSingleFile', [{ name: 'big.svg', type: 'image/svg+xml', bytes: big }], {
      token,
    });
    expect(res).toMatchObject({ status: 400, json: { message: UPLOAD_MSG.svgTooLarge } });
    expect(await rowsOf(user.orgId)).toHaveLength(0);
  });
});

describe('every picture is decoded whole, within the pixel limit, before it is kept', () => {
  it("refuses a PNG of only its header, a header claiming 100,000 × 100,000 and a deflate bomb with 'This file is not supported'", async () => {
    const { user, token } = await buildUser(t);
    for (const name of FAKE_PICTURES) {
      const started = performance.now();
      const single = await sendFiles(t, '/api/s3/uploadSingleFile', [{ name, type: 'image/png', bytes: fixture(name) }], {
        token,
      });
      expect(single, name).toMatchObject({ status: 400, json: { status: false, message: POST_MSG.fileNotSupported } });
      // refused from its header: no pixel of the bomb is inflated
      expect(performance.now() - started, name).toBeLessThan(2000);
      const many = await sendFiles(
        t,
        '/api/s3/multipleUploadVal',
        [
          { name: 'fine.png', type: 'image/png', bytes: pngBytes(100, 100) },
          { name, type: 'image/png', bytes: fixture(name) },
        ],
        { token },
      );
      expect(many, name).toMatchObject({ status: 400, json: { message: POST_MSG.fileNotSupported } });
    }
    expect(await rowsOf(user.orgId)).toHaveLength(0);
    expect(await t.container.storage.list(`media/${user.orgId}/`)).toHaveLength(0);
  });

  it('refuses a JPEG and a PNG cut short', async () => {
    const { token } = await buildUser(t);
    const whole = jpegBytes(800, 800);
    const png = pngBytes(400, 400, 3);
    for (const [name, bytes, type] of [
      ['cut.jpg', whole.subarray(0, whole.length - 300), 'image/jpeg'],
      ['cut.png', png.subarray(0, png.length - 40), 'image/png'],
    ] as const) {
      const res = await sendFiles(t, '/api/s3/uploadSingleFile', [{ name, type, bytes }], { token });
      expect(res, name).toMatchObject({ status: 400, json: { message: POST_MSG.fileNotSupported } });
    }
    // the same files whole are taken
    expect(
      (await sendFiles(t, '/api/s3/uploadSingleFile', [{ name: 'a.jpg', type: 'image/jpeg', bytes: whole }], { token })).status,
    ).toBe(200);
  });

  it('refuses the same fake pictures as a profile image, keeping nothing', async () => {
    const { user, token } = await buildUser(t);
    for (const name of FAKE_PICTURES) {
      const res = await profileUpload(token, { name, type: 'image/png', bytes: fixture(name) });
      expect(res, name).toMatchObject({ status: 400, json: { message: MSG.imageNotSupported } });
    }
    expect((await everythingStored()).filter((f) => f.key.startsWith(`profile/${user.id}`))).toEqual([]);
  });
});
