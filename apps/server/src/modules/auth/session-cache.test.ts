import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPeerApp, buildTestApp, buildUser, call, PASSWORD, setUserFields, type TTestApp } from '../../test/helpers';
import { makeTeam, perms, setPerms } from '../team/team-test-kit';

// The session check and getUserStatus are served from a cache in each process; a change made by one process
// reaches every other one at once. Two processes on one PostgreSQL database: `t` and its peer.
const onPg = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPg)('a change made in one process is seen by the next call to another (sessions and accounts)', () => {
  let t: TTestApp;
  let peer: Awaited<ReturnType<typeof buildPeerApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
    peer = await buildPeerApp(t);
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  const onPeer = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
    call(peer as unknown as TTestApp, method, url, { token, body });
  const statusOnPeer = (token: string) => onPeer('GET', '/api/user/getUserStatus', token);

  it('a logout in one process refuses the token on the next call to another', async () => {
    const { token } = await buildUser(t);
    // read twice on the peer: the second answer comes from its cache
    expect((await statusOnPeer(token)).status).toBe(200);
    expect((await statusOnPeer(token)).status).toBe(200);
    expect((await call(t, 'POST', '/api/user/logout', { token })).status).toBe(200);
    const res = await statusOnPeer(token);
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(MSG.unauthorized);
  });

  it("a password change in one process ends the user's other sessions in another at once", async () => {
    const { email, token } = await buildUser(t);
    const other = (await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: PASSWORD } })).json
      .response.accessToken as string;
    expect((await statusOnPeer(other)).status).toBe(200);
    const change = await call(t, 'POST', '/api/user/changePassword', {
      token,
      body: { oldPassword: PASSWORD, newPassword: 'N3w!Secret' },
    });
    expect(change.status).toBe(200);
    expect((await statusOnPeer(other)).status).toBe(401);
    expect((await statusOnPeer(token)).status).toBe(200);
  });

  it('an account row written in one process shows in the next getUserStatus of another', async () => {
    const { user, token } = await buildUser(t);
    expect((await statusOnPeer(token)).json.response.result.name).toBeNull();
    await setUserFields(t, user.id, { name: 'Rosa Fernandez' });
    expect((await statusOnPeer(token)).json.response.result.name).toBe('Rosa Fernandez');
  });

  it("deactivating a team member in one process refuses the member's token in another; a role's new permissions show at once", async () => {
    const { owner, role, sub, manager } = await makeTeam(t);
    const before = await statusOnPeer(manager.token);
    expect(before.status).toBe(200);
    const instagramOf = (res: typeof before) =>
      res.json.response.result.businessRoleId.permission.find((p: { accountId: string }) => p.accountId === '1');
    expect(instagramOf(before).moduleAccess.Post).toBe(true);
    await setPerms(t, owner.token, role._id, perms({ '1': { Analytics: true } }));
    const after = await statusOnPeer(manager.token);
    expect(instagramOf(after).moduleAccess).toEqual({ Post: false, Analytics: true, Scheduler: false });
    const off = await call(t, 'PUT', `/api/bussiness/activeInactive?userId=${sub.id}`, {
      token: owner.token,
      body: { status: false },
    });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect((await statusOnPeer(manager.token)).status).toBe(401);
  });

  it('while its listening connection is down a process serves nothing from its cache, and listens again by itself', async () => {
    const { token } = await buildUser(t);
    expect((await statusOnPeer(token)).status).toBe(200);
    const peerChanges = peer.container.changes;
    expect(peerChanges.live()).toBe(true);
    await t.database.pool!.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [`vchanges:${t.database.schemaName}`],
    );
    await expect.poll(() => peerChanges.live(), { timeout: 5000 }).toBe(false);
    expect((await call(t, 'POST', '/api/user/logout', { token })).status).toBe(200);
    expect((await statusOnPeer(token)).status).toBe(401);
    await expect.poll(() => peerChanges.live(), { timeout: 10_000 }).toBe(true);
    expect((await statusOnPeer(token)).status).toBe(401);
  });
});
