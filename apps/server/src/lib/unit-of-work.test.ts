import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addSubUser, invitationToken, MANAGER_PASSWORD, makeOwner, makeRole, makeTeam } from '../modules/team/team-test-kit';
import { buildTestApp, buildUser, call, PASSWORD, type TTestApp } from '../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'N3w!Secret';
const statusOf = (token: string) => call(t, 'GET', '/api/user/getUserStatus', { token });

describe('a state change spanning several modules commits or fails as one', () => {
  it('a password reset that fails half-way keeps its ticket and changes nothing', async () => {
    const { email, token } = await buildUser(t);
    await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
    const v = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: t.messenger.lastOtp(email) } });
    const resetToken = v.json.response.resetToken as string;
    const body = { emailPhone: email, newPassword: NEW_PASSWORD, resetToken };

    const spy = vi.spyOn(t.services.users, 'setPasswordHash').mockRejectedValueOnce(new Error('disk full'));
    const failed = await call(t, 'PUT', '/api/user/resetPassword', { body });
    spy.mockRestore();
    expect(failed.status).toBe(500);
    expect((await statusOf(token)).status).toBe(200);

    const retried = await call(t, 'PUT', '/api/user/resetPassword', { body });
    expect(retried.status).toBe(200);
    expect((await statusOf(token)).status).toBe(401);
  });

  it('an invitation whose password could not be set is still good', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const sub = await addSubUser(t, owner.token, role._id);
    const body = { token: invitationToken(t, sub.form.email), newPassword: MANAGER_PASSWORD, confirmPassword: MANAGER_PASSWORD };

    const spy = vi.spyOn(t.services.users, 'acceptInvitation').mockRejectedValueOnce(new Error('disk full'));
    expect((await call(t, 'POST', '/api/bussiness/acceptInvitation', { body })).status).toBe(500);
    spy.mockRestore();

    expect((await call(t, 'POST', '/api/bussiness/acceptInvitation', { body })).status).toBe(200);
    const login = await call(t, 'POST', '/api/user/userLogin', {
      body: { emailPhone: sub.form.email, password: MANAGER_PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it('a business deletion that fails half-way leaves the owner and the team as they were', async () => {
    const { owner, manager } = await makeTeam(t);
    const spy = vi.spyOn(t.services.team, 'closeTeamOf').mockRejectedValueOnce(new Error('disk full'));
    const failed = await call(t, 'POST', '/api/user/deleteUserDetails', { token: owner.token, body: { remarks: 'Closing' } });
    spy.mockRestore();
    expect(failed.status).toBe(500);
    expect((await statusOf(owner.token)).status).toBe(200);
    expect((await statusOf(manager.token)).status).toBe(200);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: owner.email, password: PASSWORD } });
    expect(login.status).toBe(200);
  });
});
