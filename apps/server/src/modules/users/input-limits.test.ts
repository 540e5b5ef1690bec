import {
  DELETE_REMARKS_TOO_LONG,
  DEVICE_TOKEN_MAX,
  ID_MAX,
  MSG,
  TEAM_MSG,
  TEAM_SEARCH_MAX,
  TOKEN_MAX,
  toIsoDate,
} from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens } from '../../db/schema';
import {
  buildTestApp,
  buildUser,
  call,
  giveVerifiedPhone,
  PASSWORD,
  setUserFields,
  type TTestApp,
  uniqueEmail,
} from '../../test/helpers';
import { addSubUser, makeOwner, makeRole, subUserForm, uniqueUserName } from '../team/team-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const NOT_HTTPS = 'Profile image must be an https:// address';
const BAD_COLOR = 'Background color must be a hex color such as #ff8800';
const HTTPS_IMAGE = 'https://cdn.example.com/avatars/asha.png';
const BAD_IMAGES = ['javascript:alert(1)', 'http://evil.example/x.png', 'data:image/png;base64,AAAA', '//evil.example/x.png'];
const long = (n: number, c = 'a') => c.repeat(n);

/** The 400 envelope naming `field` with `message`. */
const refused = (field: string, message: string) => ({
  status: 400,
  json: { status: false, message, response: { errors: { [field]: message } } },
});
const rowOf = async (id: string) => (await t.services.users.findById(id))!;

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Uploads a PNG through `url` (multipart `file`, as the browser sends it) and returns the stored image's URL. */
async function uploadPng(token: string, url: '/api/user/uploadProfileImage' | '/api/bussiness/uploadImage') {
  const boundary = '----virality-limits';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': token },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response.profileImage as string;
}

/** An influencer who finished the profile step (name, username, date of birth, verified mobile) with an https photo. */
async function influencer() {
  const userName = uniqueUserName('asha');
  const u = await buildUser(t, { name: 'Asha Rao', userName, profileCompleted: true });
  const p = await giveVerifiedPhone(t, u.user.id, {
    dateOfBirth: '1995-04-12',
    gender: 'female',
    profileImage: HTTPS_IMAGE,
    backgroundColor: '#123456',
  });
  return { ...u, userName, phone: p };
}

/** A business owner with a complete profile (industry, company size, address). */
async function business() {
  const owner = await makeOwner(t);
  await setUserFields(t, owner.user.id, {
    industryType: 'Accounting',
    companySize: 3,
    dateOfBirth: '1980-01-01',
    country: 'India',
    state: 'Maharashtra',
    city: 'Mumbai',
    addressLine: '12 Marine Drive',
    pinCode: '400001',
  });
  return owner;
}

const updateProfile = (token: string, body: unknown) => call(t, 'PUT', '/api/user/updateProfile', { token, body });

describe('every string a client may send has a length limit', () => {
  type TJson = {
    type?: string;
    format?: string;
    maxLength?: number;
    enum?: unknown[];
    properties?: Record<string, TJson>;
    items?: TJson;
    anyOf?: TJson[];
    oneOf?: TJson[];
    allOf?: TJson[];
  };
  const unbounded = (s: TJson | undefined, path: string): string[] => {
    if (!s) return [];
    // an uploaded file (multipart, `format: binary`) is bounded by its upload's size limit (413), not by a length
    const here = s.type === 'string' && s.format !== 'binary' && s.maxLength === undefined && !s.enum ? [path] : [];
    return [
      ...here,
      ...Object.entries(s.properties ?? {}).flatMap(([k, v]) => unbounded(v, `${path}.${k}`)),
      ...unbounded(s.items, `${path}[]`),
      ...[...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap((v) => unbounded(v, path)),
    ];
  };

  it('the API description shows a maximum length on every string of every request (sandbox stand-ins aside)', () => {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; schema: TJson }[];
            requestBody?: { content: Record<string, { schema: TJson }> };
          }
        >
      >;
    };
    const found: string[] = [];
    let strings = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path.includes('/sandbox/')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const p of op.parameters ?? []) {
          if (p.schema?.type === 'string') strings++;
          found.push(...unbounded(p.schema, `${where} ?${p.name}`));
        }
        for (const c of Object.values(op.requestBody?.content ?? {})) found.push(...unbounded(c.schema, `${where} body`));
      }
    }
    expect(strings).toBeGreaterThan(10); // the walk did see the query strings
    expect(found).toEqual([]);
  });
});

describe('push registration: a deviceToken is at most 4096 characters', () => {
  const tokensOf = async (userId: string) =>
    (await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, userId))).length;

  it('an over-long deviceToken is refused and nothing is registered; 4096 characters are accepted (a mobile token)', async () => {
    const { user, token } = await buildUser(t);
    const res = await call(t, 'POST', '/api/notification/registerDeviceToken', {
      token,
      body: { deviceToken: long(DEVICE_TOKEN_MAX + 1), deviceType: 'web' },
    });
    expect(res).toMatchObject(refused('deviceToken', 'deviceToken is too long'));
    expect(await tokensOf(user.id)).toBe(0);
    const ok = await call(t, 'POST', '/api/notification/registerDeviceToken', {
      token,
      body: { deviceToken: long(DEVICE_TOKEN_MAX), deviceType: 'android' },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(await tokensOf(user.id)).toBe(1);
  });

  it('an over-long deviceType is refused too', async () => {
    const { user, token } = await buildUser(t);
    const res = await call(t, 'POST', '/api/notification/registerDeviceToken', {
      token,
      body: { deviceToken: 'fcm-token', deviceType: long(33) },
    });
    expect(res).toMatchObject(refused('deviceType', 'deviceType is too long'));
    expect(await tokensOf(user.id)).toBe(0);
  });
});

describe('free text is bounded on every route, with the field named and nothing saved', () => {
  it('role description over 250 characters: no role is created, and an edit changes nothing', async () => {
    const owner = await makeOwner(t);
    const res = await call(t, 'POST', '/api/roleManagement/create', {
      token: owner.token,
      body: { roleName: 'Lead', roleDesc: long(251) },
    });
    expect(res).toMatchObject(refused('roleDesc', 'Role Description must be at most 250 characters'));
    const list = await call(t, 'GET', '/api/roleManagement/getAllRoles?page=1', { token: owner.token });
    expect(list.json.response.roles).toEqual([]);

    const role = await makeRole(t, owner.token, 'Lead', 'Leads');
    const edit = await call(t, 'PUT', `/api/roleManagement/update?roleId=${role._id}`, {
      token: owner.token,
      body: { roleName: 'Lead', roleDesc: long(10_000) },
    });
    expect(edit).toMatchObject(refused('roleDesc', 'Role Description must be at most 250 characters'));
    const after = await call(t, 'GET', '/api/roleManagement/getAllRoles?page=1', { token: owner.token });
    expect(after.json.response.roles).toMatchObject([{ _id: role._id, roleName: 'Lead', roleDesc: 'Leads' }]);
  });

  it('a delete reason of 1000 characters is refused and the account stays', async () => {
    const a = await buildUser(t);
    const res = await call(t, 'POST', '/api/user/deleteUserDetails', { token: a.token, body: { remarks: long(1000) } });
    expect(res).toMatchObject(refused('remarks', DELETE_REMARKS_TOO_LONG));
    const row = await rowOf(a.user.id);
    expect(row.deletedAt).toBeNull();
    expect(row.email).toBe(a.email);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: a.email, password: PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('an address line over 250 characters is refused and the saved address stays', async () => {
    const owner = await business();
    const res = await call(t, 'PUT', '/api/user/updateAddress', {
      token: owner.token,
      body: { country: 'India', state: 'Maharashtra', city: 'Mumbai', addressLine: long(251), pinCode: '400001' },
    });
    expect(res).toMatchObject(refused('addressLine', MSG.addressMax));
    expect((await rowOf(owner.user.id)).addressLine).toBe('12 Marine Drive');
    const country = await call(t, 'PUT', '/api/user/updateAddress', {
      token: owner.token,
      body: { country: long(5000), addressLine: '1 Road', pinCode: '400001' },
    });
    expect(country).toMatchObject(refused('country', 'Country is too long'));
    expect((await rowOf(owner.user.id)).country).toBe('India');
  });

  it('a 101-character name in the account details is refused and the name stays', async () => {
    const u = await influencer();
    const res = await updateProfile(u.token, { name: long(101) });
    expect(res).toMatchObject(refused('name', 'Name is too long'));
    expect((await rowOf(u.user.id)).name).toBe('Asha Rao');
  });

  it('a sub-user search over 60 characters is refused', async () => {
    const owner = await makeOwner(t);
    const res = await call(t, 'GET', `/api/bussiness/getAll?page=1&search=${long(TEAM_SEARCH_MAX + 1)}`, {
      token: owner.token,
    });
    expect(res).toMatchObject(refused('search', 'Search is too long'));
    const ok = await call(t, 'GET', `/api/bussiness/getAll?page=1&search=${long(TEAM_SEARCH_MAX)}`, { token: owner.token });
    expect(ok.status).toBe(200);
  });

  it('ids and tokens are bounded: a location id, an invitation token, an interest id', async () => {
    expect(await call(t, 'GET', `/api/location/getAllState?countryId=${long(ID_MAX + 1)}`)).toMatchObject(
      refused('countryId', 'countryId is too long'),
    );
    expect(
      await call(t, 'POST', '/api/bussiness/acceptInvitation', {
        body: { token: long(TOKEN_MAX + 1), newPassword: 'Passw0rd!', confirmPassword: 'Passw0rd!' },
      }),
    ).toMatchObject(refused('token', TEAM_MSG.inviteInvalid));

    const u = await influencer();
    await setUserFields(t, u.user.id, { interested: ['fashion', 'beauty', 'travel'] });
    const res = await call(t, 'PUT', '/api/user/updateUser', {
      token: u.token,
      body: { interested: ['fashion', 'beauty', long(ID_MAX + 1)] },
    });
    expect(res).toMatchObject(refused('interested', MSG.interestsUnknown));
    expect((await rowOf(u.user.id)).interested).toEqual(['fashion', 'beauty', 'travel']);
  });
});

describe('a profile image must be https or one of our own uploads', () => {
  it.each(BAD_IMAGES)('account details: %s is refused and the saved image stays', async (bad) => {
    const u = await influencer();
    const res = await updateProfile(u.token, { name: 'Asha Mehta', profileImage: bad });
    expect(res).toMatchObject(refused('profileImage', NOT_HTTPS));
    const row = await rowOf(u.user.id);
    expect(row.profileImage).toBe(HTTPS_IMAGE);
    expect(row.name).toBe('Asha Rao');
  });

  it('the registration profile step refuses javascript: as well', async () => {
    const u = await influencer();
    const res = await call(t, 'PUT', '/api/user/updateUser', {
      token: u.token,
      body: { name: 'Asha Mehta', userName: u.userName, dateOfBirth: '1995-04-12', profileImage: 'javascript:alert(1)' },
    });
    expect(res).toMatchObject(refused('profileImage', NOT_HTTPS));
    expect((await rowOf(u.user.id)).profileImage).toBe(HTTPS_IMAGE);
    const ok = await call(t, 'PUT', '/api/user/updateUser', {
      token: u.token,
      body: {
        name: 'Asha Mehta',
        userName: u.userName,
        dateOfBirth: '1995-04-12',
        profileImage: 'https://img.example.org/a.webp',
      },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await rowOf(u.user.id)).profileImage).toBe('https://img.example.org/a.webp');
  });

  it('an https:// address and an image uploaded to this server are accepted', async () => {
    const u = await influencer();
    const https = await updateProfile(u.token, { profileImage: 'https://images.example.net/me.jpg' });
    expect(https.status, JSON.stringify(https.json)).toBe(200);
    expect((await rowOf(u.user.id)).profileImage).toBe('https://images.example.net/me.jpg');

    // two uploads: the second becomes the photo, then the first (our own upload, over http locally) is chosen again
    const first = await uploadPng(u.token, '/api/user/uploadProfileImage');
    const second = await uploadPng(u.token, '/api/user/uploadProfileImage');
    expect(first).toMatch(/^http:\/\/localhost:\d+\/uploads\/profile\/.+\.png$/);
    expect((await rowOf(u.user.id)).profileImage).toBe(second);
    const own = await updateProfile(u.token, { profileImage: first });
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    expect((await rowOf(u.user.id)).profileImage).toBe(first);
  });

  it('a saved image a form sends back unchanged is not judged again; a new one is', async () => {
    const u = await influencer();
    await setUserFields(t, u.user.id, { profileImage: 'http://legacy.example/old.png' });
    const same = await updateProfile(u.token, { name: 'Asha Mehta', profileImage: 'http://legacy.example/old.png' });
    expect(same.status, JSON.stringify(same.json)).toBe(200);
    expect((await rowOf(u.user.id)).name).toBe('Asha Mehta');
    const other = await updateProfile(u.token, { profileImage: 'http://legacy.example/new.png' });
    expect(other).toMatchObject(refused('profileImage', NOT_HTTPS));
    expect((await rowOf(u.user.id)).profileImage).toBe('http://legacy.example/old.png');
  });

  it.each(BAD_IMAGES)('sub-user add: %s is refused and nobody is created', async (bad) => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const form = subUserForm(role._id, { profileImage: bad });
    const res = await call(t, 'POST', '/api/bussiness/add', { token: owner.token, body: form });
    expect(res).toMatchObject(refused('profileImage', NOT_HTTPS));
    expect(await t.services.users.findByKey(form.email)).toBeFalsy();
  });

  it('sub-user update: javascript: is refused and the photo stays; our own upload and https are accepted', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const uploaded = await uploadPng(owner.token, '/api/bussiness/uploadImage');
    const sub = await addSubUser(t, owner.token, role._id, { profileImage: uploaded });
    expect((await rowOf(sub.id)).profileImage).toBe(uploaded);

    const { email: _e, ...form } = sub.form;
    const bad = await call(t, 'PUT', `/api/bussiness/update?userId=${sub.id}`, {
      token: owner.token,
      body: { ...form, profileImage: 'javascript:alert(1)' },
    });
    expect(bad).toMatchObject(refused('profileImage', NOT_HTTPS));
    expect((await rowOf(sub.id)).profileImage).toBe(uploaded);

    const ok = await call(t, 'PUT', `/api/bussiness/update?userId=${sub.id}`, {
      token: owner.token,
      body: { ...form, profileImage: HTTPS_IMAGE },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await rowOf(sub.id)).profileImage).toBe(HTTPS_IMAGE);
  });
});

describe('a background colour is a hex colour', () => {
  it('account details: red;background:url(x) is refused and the colour stays; #ABC is accepted', async () => {
    const u = await influencer();
    const res = await updateProfile(u.token, { backgroundColor: 'red;background:url(x)' });
    expect(res).toMatchObject(refused('backgroundColor', BAD_COLOR));
    expect((await rowOf(u.user.id)).backgroundColor).toBe('#123456');
    const ok = await updateProfile(u.token, { backgroundColor: '#ABC' });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await rowOf(u.user.id)).backgroundColor).toBe('#ABC');
  });

  it('sub-user add and update: a non-colour is refused, nothing created or changed', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const form = subUserForm(role._id, { backgroundColor: 'red;background:url(x)' });
    expect(await call(t, 'POST', '/api/bussiness/add', { token: owner.token, body: form })).toMatchObject(
      refused('backgroundColor', BAD_COLOR),
    );
    expect(await t.services.users.findByKey(form.email)).toBeFalsy();

    const sub = await addSubUser(t, owner.token, role._id, { backgroundColor: '#ffaa0080' });
    const { email: _e, ...rest } = sub.form;
    const res = await call(t, 'PUT', `/api/bussiness/update?userId=${sub.id}`, {
      token: owner.token,
      body: { ...rest, backgroundColor: '</style><script>alert(1)</script>' },
    });
    expect(res).toMatchObject(refused('backgroundColor', BAD_COLOR));
    expect((await rowOf(sub.id)).backgroundColor).toBe('#ffaa0080');
  });
});

describe('the minimum age of 18 is for accounts that sign up themselves', () => {
  it('a sub-user follows the sub-user form: one born 16 years ago is added, one born tomorrow is refused', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const now = t.clock.now();
    const sixteen = toIsoDate(new Date(Date.UTC(now.getUTCFullYear() - 16, 0, 15)));
    const sub = await addSubUser(t, owner.token, role._id, { dateOfBirth: sixteen });
    expect((await rowOf(sub.id)).dateOfBirth).toBe(sixteen);
    const tomorrow = toIsoDate(new Date(now.getTime() + 86_400_000));
    const form = subUserForm(role._id, { dateOfBirth: tomorrow, email: uniqueEmail() });
    const res = await call(t, 'POST', '/api/bussiness/add', { token: owner.token, body: form });
    expect(res.status).toBe(400);
    expect(await t.services.users.findByKey(form.email)).toBeFalsy();
  });
});

describe('a birth year before 1900 is refused', () => {
  it('account details of a business: 1899-12-31 is refused (date stays), 1900-01-01 is accepted', async () => {
    const owner = await business();
    const res = await updateProfile(owner.token, { dateOfBirth: '1899-12-31' });
    expect(res).toMatchObject(refused('dateOfBirth', MSG.dobInvalid));
    expect((await rowOf(owner.user.id)).dateOfBirth).toBe('1980-01-01');
    const ok = await updateProfile(owner.token, { dateOfBirth: '1900-01-01' });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await rowOf(owner.user.id)).dateOfBirth).toBe('1900-01-01');
  });

  it('sub-user form: 1899-12-31 is refused (nobody created, nothing changed), 1900-01-01 is accepted', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const form = subUserForm(role._id, { dateOfBirth: '1899-12-31', email: uniqueEmail() });
    expect(await call(t, 'POST', '/api/bussiness/add', { token: owner.token, body: form })).toMatchObject(
      refused('dateOfBirth', MSG.dobInvalid),
    );
    expect(await t.services.users.findByKey(form.email)).toBeFalsy();

    const sub = await addSubUser(t, owner.token, role._id, { dateOfBirth: '1900-01-01' });
    expect((await rowOf(sub.id)).dateOfBirth).toBe('1900-01-01');
    const { email: _e, ...rest } = sub.form;
    const res = await call(t, 'PUT', `/api/bussiness/update?userId=${sub.id}`, {
      token: owner.token,
      body: { ...rest, dateOfBirth: '1899-12-31' },
    });
    expect(res).toMatchObject(refused('dateOfBirth', MSG.dobInvalid));
    expect((await rowOf(sub.id)).dateOfBirth).toBe('1900-01-01');
  });
});
