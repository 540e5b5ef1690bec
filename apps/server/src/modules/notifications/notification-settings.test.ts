import { DEFAULT_NOTIFICATION_SETTINGS, MSG, NOTIFICATION_SETTINGS_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { makeTeam } from '../team/team-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const URL = '/api/user/notificationSettings';
const read = (token?: string, query = '') => call(t, 'GET', `${URL}${query}`, { token });
const save = (body: unknown, token?: string, query = '') => call(t, 'PUT', `${URL}${query}`, { token, body });
const DEFAULTS = { allNotification: true, promotional: false, socialMedia: true, advertisements: false };

describe('GET and PUT /api/user/notificationSettings', () => {
  it('a user who never changed a switch reads the defaults: posts and accounts on, offers and advertisements off', async () => {
    const { token } = await buildUser(t);
    const res = await read(token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, response: DEFAULTS });
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual(DEFAULTS);
  });

  it('changes only the switches it names, answers all four, and keeps them for the next read and session', async () => {
    const { user, token } = await buildUser(t);
    const first = await save({ promotional: true, allNotification: false }, token);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      status: true,
      message: NOTIFICATION_SETTINGS_MSG.saved,
      response: { allNotification: false, promotional: true, socialMedia: true, advertisements: false },
    });
    const second = await save({ socialMedia: false }, token, `?userId=${user.id}`);
    expect(second.json.response).toEqual({
      allNotification: false,
      promotional: true,
      socialMedia: false,
      advertisements: false,
    });
    const other = await t.services.auth.issueSession(user);
    expect((await read(other.accessToken)).json.response).toEqual(second.json.response);
  });

  it('two saves of different switches at once both hold', async () => {
    const { token } = await buildUser(t);
    const [a, b] = await Promise.all([save({ promotional: true }, token), save({ advertisements: true }, token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await read(token)).json.response).toEqual({ ...DEFAULTS, promotional: true, advertisements: true });
  });

  it("each user's switches are their own, even a business owner's and their manager's in one organization", async () => {
    const { owner, manager } = await makeTeam(t);
    const stranger = await buildUser(t, { profileType: 'IMC' });
    expect((await save({ allNotification: false }, manager.token)).status).toBe(200);
    expect((await save({ advertisements: true }, stranger.token)).status).toBe(200);
    expect((await read(owner.token)).json.response).toEqual(DEFAULTS);
    expect((await read(manager.token)).json.response).toEqual({ ...DEFAULTS, allNotification: false });
    expect((await read(stranger.token)).json.response).toEqual({ ...DEFAULTS, advertisements: true });
  });

  it('refuses a switch that is not true or false, an unknown setting and an empty body with 400, changing nothing', async () => {
    const { token } = await buildUser(t);
    expect((await save({ promotional: true }, token)).status).toBe(200);
    const cases: [unknown, string][] = [
      [{ advertisements: 'yes' }, NOTIFICATION_SETTINGS_MSG.notBoolean('advertisements')],
      [{ socialMedia: 0, promotional: false }, NOTIFICATION_SETTINGS_MSG.notBoolean('socialMedia')],
      [{ promotional: false, emailDigest: true }, NOTIFICATION_SETTINGS_MSG.unknownSetting('emailDigest')],
      [{}, NOTIFICATION_SETTINGS_MSG.nothingToSave],
      [[true], NOTIFICATION_SETTINGS_MSG.nothingToSave],
    ];
    for (const [body, message] of cases) {
      const res = await save(body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ status: false, message, code: 'VALIDATION_FAILED' });
    }
    expect(NOTIFICATION_SETTINGS_MSG.unknownSetting('emailDigest')).toBe('emailDigest is not a notification setting');
    expect((await read(token)).json.response).toEqual({ ...DEFAULTS, promotional: true });
  });

  it("403 for another user's id, reading or changing, and their switches stay as they were", async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    await save({ advertisements: true }, other.token);
    const peek = await read(me.token, `?userId=${other.user.id}`);
    expect(peek.status).toBe(403);
    expect(peek.json).toMatchObject({ status: false, message: MSG.forbidden, response: null });
    const change = await save({ advertisements: false }, me.token, `?userId=${other.user.id}`);
    expect(change.status).toBe(403);
    expect((await read(other.token)).json.response).toEqual({ ...DEFAULTS, advertisements: true });
    expect((await read(me.token)).json.response).toEqual(DEFAULTS);
  });

  it('401 without a session, before the body is looked at', async () => {
    const unauthorized = { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' };
    expect(await read()).toMatchObject({ status: 401, json: unauthorized });
    expect(await save({ promotional: 'nope' })).toMatchObject({ status: 401, json: unauthorized });
  });

  it('push and e-mail ask the switches: All notification off silences every kind, a kind off silences only itself', async () => {
    const { user, token } = await buildUser(t);
    const allows = t.services.notifications.allows;
    expect([await allows(user.id, 'socialMedia'), await allows(user.id, 'promotional')]).toEqual([true, false]);
    await save({ promotional: true }, token);
    expect(await allows(user.id, 'promotional')).toBe(true);
    await save({ allNotification: false }, token);
    expect([await allows(user.id, 'socialMedia'), await allows(user.id, 'promotional')]).toEqual([false, false]);
    await save({ allNotification: true, socialMedia: false }, token);
    expect([await allows(user.id, 'socialMedia'), await allows(user.id, 'promotional')]).toEqual([false, true]);
  });
});
