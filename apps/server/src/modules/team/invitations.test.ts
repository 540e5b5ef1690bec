import { MSG, TEAM_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TTestApp } from '../../test/helpers';
import { addSubUser, invitationToken, login, MANAGER_PASSWORD, makeOwner, makeRole, setPerms } from './team-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const info = (token: string) => call(t, 'GET', `/api/bussiness/invitation?token=${encodeURIComponent(token)}`);
const accept = (body: Record<string, unknown>) => call(t, 'POST', '/api/bussiness/acceptInvitation', { body });

async function invited(name = 'Ivy Invitee') {
  const owner = await makeOwner(t, 'Acme Foods');
  const role = await makeRole(t, owner.token, 'Social lead');
  await setPerms(t, owner.token, role._id);
  const sub = await addSubUser(t, owner.token, role._id, { name });
  return { owner, role, sub, token: invitationToken(t, sub.form.email) };
}

/** Runs `fn` with the server clock moved forward, then puts it back (sessions of other tests stay valid). */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const offset = t.clock.offset;
  t.clock.advance(ms);
  try {
    return await fn();
  } finally {
    t.clock.setOffset(offset);
  }
}

describe('the invitation message (a link valid 7 days to set a password)', () => {
  it('goes to the e-mail, names the business and carries the /set-password link', async () => {
    const { sub } = await invited();
    const mail = t.messenger.sent.filter((m) => m.to === sub.form.email).at(-1)!;
    expect(mail.channel).toBe('email');
    expect(mail.subject).toContain('Acme Foods');
    expect(mail.body).toContain('7 days');
    expect(mail.body).toMatch(/https?:\/\/[^\s]+\/set-password\?token=[\w-]{20,}/);
  });

  it('until the password is set the sub-user cannot log in', async () => {
    const { sub } = await invited();
    const res = await login(t, sub.form.email);
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(MSG.invalidCredentials);
  });
});

describe('GET /api/bussiness/invitation?token', () => {
  it('says who the link is for: {name, email}', async () => {
    const { sub, token } = await invited('Ivy Invitee');
    const res = await info(token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, response: { name: 'Ivy Invitee', email: sub.form.email } });
  });

  it('needs no session, but an unknown or missing token is refused', async () => {
    for (const url of ['/api/bussiness/invitation?token=not-a-real-token', '/api/bussiness/invitation']) {
      const res = await call(t, 'GET', url);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(TEAM_MSG.inviteInvalid);
    }
  });
});

describe('POST /api/bussiness/acceptInvitation {token, newPassword, confirmPassword}', () => {
  it("sets the password once; the sub-user logs in as BUSINESS_MANAGER with the business's orgId", async () => {
    const { owner, role, sub, token } = await invited();
    const res = await accept({ token, newPassword: MANAGER_PASSWORD, confirmPassword: MANAGER_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: TEAM_MSG.inviteAccepted, response: { emailPhone: sub.form.email } });

    const res2 = await login(t, sub.form.email);
    expect(res2.status).toBe(200);
    expect(res2.json.response.profileType).toBe('BUSINESS_MANAGER');
    const userData = res2.json.response.userData;
    expect(userData._id).toBe(sub.id);
    expect(userData.orgId).toBe(owner.user.orgId);
    expect(userData.businessId).toEqual({ _id: owner.user.id });
    expect(userData.businessRoleId).toMatchObject({ _id: role._id, roleName: 'Social lead', status: true });
    // the status check agrees
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: res2.json.response.accessToken });
    expect(status.json.response.result).toMatchObject({ orgId: owner.user.orgId, profileType: 'BUSINESS_MANAGER' });

    // the link works once
    for (const r of [await info(token), await accept({ token, newPassword: 'An0ther!pw' })]) {
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(TEAM_MSG.inviteInvalid);
    }
    expect((await login(t, sub.form.email, 'An0ther!pw')).status).toBe(401);
  });

  it.each([
    [{ newPassword: '' }, MSG.passwordRequired],
    [{}, MSG.passwordRequired],
    [{ newPassword: 'Ab1!xyz' }, 'Password must be at least 8 characters'],
    [{ newPassword: 'Abcdef1!Abcdef1!' }, 'Password must be at most 15 characters'],
    [{ newPassword: 'abcdefgh1!' }, MSG.passwordComplexity],
    [{ newPassword: 'ABCDEFGH1!' }, MSG.passwordComplexity],
    [{ newPassword: 'Abcdefgh!!' }, MSG.passwordComplexity],
    [{ newPassword: 'Abcdefgh12' }, MSG.passwordComplexity],
    [{ newPassword: 'Manag3r!x', confirmPassword: 'Manag3r!y' }, 'Passwords should match!'],
  ])('password rules: %j → 400 %s, and the link still works', async (body, message) => {
    const { sub, token } = await invited();
    const res = await accept({ token, ...body });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect((await info(token)).status).toBe(200);
    expect((await accept({ token, newPassword: MANAGER_PASSWORD })).status).toBe(200);
    expect((await login(t, sub.form.email)).status).toBe(200);
  });

  it('an unknown or missing token is refused', async () => {
    for (const body of [{ token: 'nope', newPassword: MANAGER_PASSWORD }, { newPassword: MANAGER_PASSWORD }]) {
      const res = await accept(body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(TEAM_MSG.inviteInvalid);
    }
  });

  it('a deactivated sub-user may set the password but cannot log in until activated', async () => {
    const { owner, sub, token } = await invited();
    await call(t, 'PUT', `/api/bussiness/activeInactive?userId=${sub.id}`, { token: owner.token, body: { status: false } });
    expect((await accept({ token, newPassword: MANAGER_PASSWORD })).status).toBe(200);
    expect((await login(t, sub.form.email)).status).toBe(403);
    await call(t, 'PUT', `/api/bussiness/activeInactive?userId=${sub.id}`, { token: owner.token, body: { status: true } });
    expect((await login(t, sub.form.email)).status).toBe(200);
  });

  it('a deleted sub-user’s link is dead', async () => {
    const { owner, sub, token } = await invited();
    await call(t, 'DELETE', `/api/bussiness/delete?subUserId=${sub.id}`, { token: owner.token });
    expect((await info(token)).json.message).toBe(TEAM_MSG.inviteInvalid);
    const res = await accept({ token, newPassword: MANAGER_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(TEAM_MSG.inviteInvalid);
  });
});

describe('the link expires after 7 days', () => {
  it('still works 6 days 23 hours later', async () => {
    const { sub, token } = await invited();
    await later(7 * DAY - 3_600_000, async () => {
      expect((await info(token)).status).toBe(200);
      const res = await accept({ token, newPassword: MANAGER_PASSWORD });
      expect(res.status).toBe(200);
      expect((await login(t, sub.form.email)).status).toBe(200);
    });
  });

  it('is refused once 7 days have passed, and no password is set', async () => {
    const { sub, token } = await invited();
    await later(7 * DAY + 1000, async () => {
      const seen = await info(token);
      expect(seen.status).toBe(400);
      expect(seen.json.message).toBe(TEAM_MSG.inviteInvalid);
      const res = await accept({ token, newPassword: MANAGER_PASSWORD, confirmPassword: MANAGER_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('This invitation link is invalid or has expired');
      expect((await login(t, sub.form.email)).status).toBe(401);
    });
    const row = await t.services.users.findById(sub.id);
    expect(row?.passwordHash).toBeNull();
  });
});
