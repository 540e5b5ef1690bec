import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { pngBytes } from '../../test/media-fixtures';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** A valid w×h PNG; `padding` bytes of a private ancillary chunk make it as large as a test needs. */
const png = (w = 2, h = 2, padding = 0): Buffer => pngBytes(w, h, 0, padding);

/** A multipart/form-data body built by hand, as a browser would send it. */
function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----virality${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string | undefined, parts: Parameters<typeof multipart>[0]) {
  const { payload, contentType } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/uploadProfileImage',
    headers: { 'content-type': contentType, ...(token ? { 'x-access-token': token } : {}) },
    payload,
  });
  return { status: res.statusCode, json: res.json() };
}

const pathOf = (url: string) => new URL(url).pathname;

describe('POST /api/user/uploadProfileImage', () => {
  it('stores a real PNG, sets profileImage and serves it at /uploads/...', async () => {
    const { token } = await buildUser(t);
    const bytes = png(3, 3);
    const res = await upload(token, [{ name: 'file', filename: 'me.png', type: 'image/png', data: bytes }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.status).toBe(true);
    const url: string = res.json.response.profileImage;
    expect(url).toMatch(/^https?:\/\/[^/]+\/uploads\/profile\/.+\.png$/);

    const served = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);

    const status = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(status.json.response.result.profileImage).toBe(url);
  });

  it('sniffs the bytes, not the name or MIME type: a PNG named .jpg sent as octet-stream is stored as .png', async () => {
    const { token } = await buildUser(t);
    const res = await upload(token, [{ name: 'file', filename: 'photo.jpg', type: 'application/octet-stream', data: png() }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.profileImage).toMatch(/\.png$/);
  });

  it('accepts an image between 1 MB and 2 MB (above the JSON body limit)', async () => {
    const { token } = await buildUser(t);
    const bytes = png(2, 2, 1_500_000);
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(token, [{ name: 'file', filename: 'big.png', type: 'image/png', data: bytes }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: pathOf(res.json.response.profileImage) });
    expect(served.rawPayload.length).toBe(bytes.length);
  });

  it("refuses an image over 2 MB with 'Please upload an image smaller than 2MB.' and keeps the old image", async () => {
    const { token, user } = await buildUser(t);
    const first = await upload(token, [{ name: 'file', filename: 'a.png', type: 'image/png', data: png() }]);
    expect(first.status).toBe(200);
    const bytes = png(2, 2, 2 * 1024 * 1024);
    const res = await upload(token, [{ name: 'file', filename: 'huge.png', type: 'image/png', data: bytes }]);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message: MSG.imageTooLarge });
    expect((await t.services.users.findById(user.id))?.profileImage).toBe(first.json.response.profileImage);
  });

  it('refuses a text file renamed .png with MSG.imageNotSupported', async () => {
    const { token, user } = await buildUser(t);
    const res = await upload(token, [{ name: 'file', filename: 'notes.png', type: 'image/png', data: 'just some text\n' }]);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message: MSG.imageNotSupported });
    expect((await t.services.users.findById(user.id))?.profileImage).toBeNull();
  });

  it('refuses a GIF (only JPEG, PNG and WebP)', async () => {
    const { token } = await buildUser(t);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const res = await upload(token, [{ name: 'file', filename: 'a.gif', type: 'image/gif', data: gif }]);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.imageNotSupported);
  });

  it('refuses a request with no file, or that is not multipart', async () => {
    const { token } = await buildUser(t);
    const noFile = await upload(token, [{ name: 'note', data: 'hello' }]);
    expect(noFile.status).toBe(400);
    expect(noFile.json).toMatchObject({ status: false, message: MSG.imageUploadFailed });
    const json = await call(t, 'POST', '/api/user/uploadProfileImage', { token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.json).toMatchObject({ status: false, message: MSG.imageUploadFailed });
  });

  it('401 without a token, and nothing is stored', async () => {
    const res = await upload(undefined, [{ name: 'file', filename: 'me.png', type: 'image/png', data: png() }]);
    expect(res).toMatchObject({
      status: 401,
      json: { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' },
    });
  });
});
