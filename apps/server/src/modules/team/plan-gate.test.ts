import { TEAM_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, subscriptions, users } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { linkAll, postBody, uploadPhoto } from '../posts/posts-test-kit';
import { makeTeam, perms, subUserForm, uniqueUserName } from './team-test-kit';

/** A business builds its team, and its managers draft, only while its plan runs; taking access away never waits for one. */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const rolesOf = (orgId: string) => t.database.db.select().from(roles).where(eq(roles.orgId, orgId));
const membersOf = (businessId: string) => t.database.db.select().from(users).where(eq(users.businessId, businessId));

describe('a business without a running plan', () => {
  it('cannot build a team: roles, permissions and sub-users are refused (402) with the plan’s words and nothing is written; the lists still answer', async () => {
    const owner = await buildUser(t, {
      profileType: 'BUSINESS',
      name: 'No Plan Co',
      userName: uniqueUserName('np'),
      profileCompleted: true,
    });
    const role = await call(t, 'POST', '/api/roleManagement/create', {
      token: owner.token,
      body: { roleName: 'Lead', roleDesc: 'Posts' },
    });
    expect(role.status).toBe(402);
    expect(role.json.message).toBe(TEAM_MSG.planRequired);
    expect(await rolesOf(owner.user.orgId)).toHaveLength(0);
    const sub = await call(t, 'POST', '/api/bussiness/add', { token: owner.token, body: subUserForm('any-role') });
    expect(sub.status).toBe(402);
    expect(sub.json.message).toBe(TEAM_MSG.planRequired);
    expect(await membersOf(owner.user.id)).toHaveLength(0);
    expect(t.messenger.sent.filter((m) => m.subject?.includes('No Plan Co'))).toHaveLength(0);
    expect((await call(t, 'GET', '/api/roleManagement/getAllRoles?page=1', { token: owner.token })).status).toBe(200);
  });

  it('whose plan has ended: its manager’s draft is refused in words before anything is written; the owner may still deactivate the manager', async () => {
    const team = await makeTeam(t, 'Lapsed Co', perms({ '1': { Post: true } }));
    const ids = await linkAll(t, team.owner.token, ['instagram']);
    const photo = await uploadPhoto(t, team.manager.token);
    await t.database.db
      .update(subscriptions)
      .set({ planStatus: 'EXPIRED', planEndDate: new Date(t.clock.nowMs() - 60 * 86_400_000) })
      .where(eq(subscriptions.userId, team.owner.user.id));
    await t.container.changes.changed('subscription', team.owner.user.id);
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: team.manager.token,
      body: postBody(`Lapsed ${Date.now()}`, [photo], [{ UserSocialMediaID: ids.instagram }]),
    });
    expect(res.status).toBe(402);
    expect(JSON.stringify(res.json)).toContain(TEAM_MSG.businessPlanRequired);
    const grant = await call(t, 'PUT', '/api/permission/update', {
      token: team.owner.token,
      body: { roleId: team.role._id, permissionAccess: perms({ '1': { Post: true, Analytics: true } }) },
    });
    expect(grant.status).toBe(402);
    const off = await call(t, 'PUT', `/api/bussiness/activeInactive?userId=${team.sub.id}`, {
      token: team.owner.token,
      body: { status: false },
    });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
  });
});
