import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, givePlan, type TTestApp } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(bytes: Buffer, filename: string) {
  const boundary = '----virality-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(token: string | null, bytes: Buffer, filename = 'photo.png') {
  const m = multipart(bytes, filename);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bussiness/uploadImage',
    headers: { ...m.headers, ...(token ? { 'x-access-token': token } : {}) },
    payload: m.payload,
  });
  return { status: res.statusCode, json: res.json() };
}

describe("POST /api/bussiness/uploadImage (a sub-user's photo)", () => {
  it('stores the image, leaves the owner’s own photo alone, and the URL goes into bussiness/add', async () => {
    const owner = await buildUser(t, { profileType: 'BUSINESS', name: 'Photo Co', userName: 'photo.co', profileCompleted: true });
    await givePlan(t, owner.user.id);
    const res = await upload(owner.token, PNG);
    expect(res.status).toBe(200);
    const url: string = res.json.response.profileImage;
    expect(url).toMatch(/\/uploads\/profile\/.+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
    const me = await call(t, 'GET', '/api/user/getUserStatus', { token: owner.token });
    expect(me.json.response.result.profileImage).toBeNull();

    const role = await call(t, 'POST', '/api/roleManagement/create', {
      token: owner.token,
      body: { roleName: 'Poster', roleDesc: 'Posts' },
    });
    const add = await call(t, 'POST', '/api/bussiness/add', {
      token: owner.token,
      body: {
        name: 'Pia Photo',
        userName: 'pia.photo',
        email: 'pia.photo@example.com',
        mobileNumber: '9876512345',
        dateOfBirth: '1994-01-01',
        gender: 'female',
        roleId: role.json.response.role._id,
        profileImage: url,
      },
    });
    expect(add.status).toBe(200);
    expect(add.json.response.result.subUserId.profileImage).toBe(url);
  });

  it('refuses other roles, no token, a file over 2 MB and a file that is not an image', async () => {
    const influencer = await buildUser(t);
    expect((await upload(influencer.token, PNG)).status).toBe(403);
    const none = await upload(null, PNG);
    expect(none.status).toBe(401);
    expect(none.json.message).toBe(MSG.unauthorized);
    const owner = await buildUser(t, { profileType: 'BUSINESS' });
    const big = await upload(owner.token, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.status).toBe(400);
    expect(big.json.message).toBe(MSG.imageTooLarge);
    const text = await upload(owner.token, Buffer.from('not an image at all'), 'fake.png');
    expect(text.status).toBe(400);
    expect(text.json.message).toBe(MSG.imageNotSupported);
  });
});
