import { SOCIAL_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, linkStates, socialAccounts } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { makeTeam, perms } from '../team/team-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** What the sandbox consent page does when a person chooses a profile and clicks Allow (or Cancel). */
async function consent(url: string, decision: 'allow' | 'cancel', profile = 'tt-ava') {
  const u = new URL(url);
  const q = u.searchParams;
  const page = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Allow Virality to use your TikTok account');
  const res = await t.app.inject({
    method: 'POST',
    url: u.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      redirect_uri: q.get('redirect_uri')!,
      state: q.get('state')!,
      scope: q.get('scope')!,
      code_challenge: q.get('code_challenge') ?? '',
      profile,
      decision,
    }).toString(),
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

/** Starts linking as `token` and consents: the return page's address (code and state). */
async function startAndConsent(token: string, profile = 'tt-ava') {
  const start = await call(t, 'GET', '/sph/tiktok/login-url/?origin=addsocialmedia', { token });
  expect(start.status).toBe(200);
  return consent(start.json.response_data, 'allow', profile);
}

async function link(token: string, profile = 'tt-ava') {
  const back = await startAndConsent(token, profile);
  return call(t, 'POST', '/sph/tiktok/add-account/', {
    token,
    body: { Code: back.searchParams.get('code'), State: back.searchParams.get('state') },
  });
}

describe('linking a TikTok account through its consent page', () => {
  it('the login url is TikTok consent page with a state and a PKCE challenge, returned as the address itself', async () => {
    const { token } = await buildUser(t);
    const res = await call(t, 'GET', '/sph/tiktok/login-url/', { token });
    expect(res.status).toBe(200);
    expect(res.json.response_code).toBe(200);
    const url = new URL(res.json.response_data);
    expect(url.pathname).toBe('/sandbox/tiktok/v2/auth/authorize/');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/social\/return$/);
  });

  it('Allow, then add-account: the account is linked with its name and picture and listed', async () => {
    const { token, user } = await buildUser(t);
    const res = await link(token);
    expect(res.status).toBe(200);
    expect(res.json.response_message).toBe('TikTok account added successfully');
    expect(res.json.response_data).toMatchObject({
      UserName: 'ava.cooks',
      SocialMediaID: '5',
      SocialMediaName: 'TikTok',
      Status: 'linked',
    });
    expect(res.json.response_data.ProfilePictureURL).toMatch(/\/sandbox\/tiktok\/avatar\/tt-ava\.svg$/);

    const list = await call(t, 'POST', '/sph/social_media_accounts/', { token, body: {} });
    expect(list.json.response_data.map((a: { UserName: string }) => a.UserName)).toEqual(['ava.cooks']);
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(status.json.response.result.socialLinks.Tiktok).toEqual([
      expect.objectContaining({ id: res.json.response_data.id, UserName: 'ava.cooks', SocialMediaID: '5' }),
    ]);
    const [row] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId));
    expect(row.linkedBy).toBe(user.id);
  });

  it('tokens in the database are sealed: the row holds neither the access nor the refresh token in plain text', async () => {
    const { token, user } = await buildUser(t);
    await link(token, 'tt-milo');
    const [row] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId));
    for (const sealed of [row.accessToken, row.refreshToken!]) {
      expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(sealed).not.toMatch(/act\.|rft\./);
    }
    expect(row.accessExpiresAt!.getTime()).toBeGreaterThan(t.clock.nowMs() + 23 * 3600_000);
  });

  it("linking an account that is already linked answers 'Account Already Exist' and changes nothing", async () => {
    const { token, user } = await buildUser(t);
    await link(token, 'tt-nora');
    const [before] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId));
    const again = await link(token, 'tt-nora');
    expect(again.status).toBe(409);
    expect(again.json.response_message).toBe(SOCIAL_MSG.accountExists);
    expect(again.json.response_code).toBe(409);
    const rows = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId));
    expect(rows).toHaveLength(1);
    expect(rows[0].accessToken).toBe(before.accessToken);
  });

  it('Cancel on the consent page returns error=access_denied with the state, and links nothing', async () => {
    const { token, user } = await buildUser(t);
    const start = await call(t, 'GET', '/sph/tiktok/login-url/', { token });
    const back = await consent(start.json.response_data, 'cancel');
    expect(back.pathname).toBe('/social/return');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId))).toEqual([]);
  });
});

describe('the state of a linking flow is bound to its user, used once, and short-lived', () => {
  it('a forged state is refused and links nothing', async () => {
    const { token, user } = await buildUser(t);
    const back = await startAndConsent(token);
    const res = await call(t, 'POST', '/sph/tiktok/add-account/', {
      token,
      body: { Code: back.searchParams.get('code'), State: 'forged-state-value' },
    });
    expect(res.status).toBe(400);
    expect(res.json.response_message).toBe(SOCIAL_MSG.linkExpired);
    expect(await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId))).toEqual([]);
  });

  it('a replayed state is refused the second time', async () => {
    const { token } = await buildUser(t);
    const back = await startAndConsent(token);
    const body = { Code: back.searchParams.get('code'), State: back.searchParams.get('state') };
    expect((await call(t, 'POST', '/sph/tiktok/add-account/', { token, body })).status).toBe(200);
    const replay = await call(t, 'POST', '/sph/tiktok/add-account/', { token, body });
    expect(replay.status).toBe(400);
    expect(replay.json.response_message).toBe(SOCIAL_MSG.linkExpired);
  });

  it("another user's state is refused, and stays usable by its owner", async () => {
    const alice = await buildUser(t);
    const mallory = await buildUser(t);
    const back = await startAndConsent(alice.token);
    const body = { Code: back.searchParams.get('code'), State: back.searchParams.get('state') };
    const stolen = await call(t, 'POST', '/sph/tiktok/add-account/', { token: mallory.token, body });
    expect(stolen.status).toBe(400);
    expect((await call(t, 'POST', '/sph/tiktok/add-account/', { token: alice.token, body })).status).toBe(200);
  });

  it('a state older than 15 minutes is refused', async () => {
    const { token } = await buildUser(t);
    const back = await startAndConsent(token);
    t.clock.advance(16 * 60_000);
    const res = await call(t, 'POST', '/sph/tiktok/add-account/', {
      token,
      body: { Code: back.searchParams.get('code'), State: back.searchParams.get('state') },
    });
    expect(res.status).toBe(400);
    expect(res.json.response_message).toBe(SOCIAL_MSG.linkExpired);
  });

  it('the state is kept hashed, and the PKCE verifier sealed', async () => {
    const { token, user } = await buildUser(t);
    const start = await call(t, 'GET', '/sph/tiktok/login-url/', { token });
    const state = new URL(start.json.response_data).searchParams.get('state')!;
    const rows = await t.database.db.select().from(linkStates).where(eq(linkStates.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(state);
    expect(rows[0].secret).toMatch(/^v1\./);
  });
});

describe("add-account without State (the documented body): the code redeems the caller's own newest open flow, bound by PKCE", () => {
  const addWithoutState = (token: string, body: Record<string, unknown>) =>
    call(t, 'POST', '/sph/tiktok/add-account/', { token, body });

  it("{Code, OrgID, UserID, SocialMediaID} links; the flow is used up, and linking the same account again answers 'Account Already Exist'", async () => {
    const { token, user } = await buildUser(t);
    const ids = { OrgID: user.orgId, UserID: user.id, SocialMediaID: '5' };
    const back = await startAndConsent(token, 'tt-ava');
    const body = { Code: back.searchParams.get('code'), ...ids };
    const res = await addWithoutState(token, body);
    expect(res.status).toBe(200);
    expect(res.json.response_message).toBe('TikTok account added successfully');
    expect(res.json.response_data).toMatchObject({ UserName: 'ava.cooks', SocialMediaID: '5', Status: 'linked' });
    const replay = await addWithoutState(token, body);
    expect(replay.status).toBe(400);
    expect(replay.json.response_message).toBe(SOCIAL_MSG.linkExpired);
    const [before] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId));
    const again = await startAndConsent(token, 'tt-ava');
    const exists = await addWithoutState(token, { Code: again.searchParams.get('code'), ...ids, SocialMediaID: 5 });
    expect(exists.status).toBe(409);
    expect(exists.json.response_message).toBe(SOCIAL_MSG.accountExists);
    const rows = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId));
    expect(rows).toHaveLength(1);
    expect(rows[0].accessToken).toBe(before.accessToken);
  });

  it("a code read from another user's return address links nothing for the taker: it fails with the taker's own flow", async () => {
    const alice = await buildUser(t);
    const mallory = await buildUser(t);
    const back = await startAndConsent(alice.token, 'tt-milo');
    // without a flow of her own the code is refused at once
    const none = await addWithoutState(mallory.token, { Code: back.searchParams.get('code') });
    expect(none.status).toBe(400);
    expect(none.json.response_message).toBe(SOCIAL_MSG.linkExpired);
    // with one, her flow is taken and TikTok refuses the code with its PKCE verifier (not the one it was issued for)
    await call(t, 'GET', '/sph/tiktok/login-url/', { token: mallory.token });
    const stolen = await addWithoutState(mallory.token, { Code: back.searchParams.get('code') });
    expect(stolen.status).toBe(400);
    expect(stolen.json.response_message).toBe(SOCIAL_MSG.linkExpired);
    const [flow] = await t.database.db.select().from(linkStates).where(eq(linkStates.userId, mallory.user.id));
    expect(flow.usedAt).not.toBeNull();
    for (const who of [alice, mallory])
      expect(await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, who.user.orgId))).toEqual([]);
  });

  it('only the newest open flow is redeemed: the code of an older one is refused', async () => {
    const { token, user } = await buildUser(t);
    const older = await startAndConsent(token, 'tt-nora');
    await call(t, 'GET', '/sph/tiktok/login-url/', { token });
    const res = await addWithoutState(token, { Code: older.searchParams.get('code') });
    expect(res.status).toBe(400);
    expect(await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId))).toEqual([]);
  });

  it("refuses bad input before using the flow (no code: 400, another network's SocialMediaID: 400, another user's ids: 403), and a manager (403)", async () => {
    const { token, user } = await buildUser(t);
    const other = await buildUser(t);
    const back = await startAndConsent(token, 'tt-ava');
    const code = back.searchParams.get('code');
    const noCode = await addWithoutState(token, { OrgID: user.orgId });
    expect(noCode).toMatchObject({ status: 400, json: { response_message: SOCIAL_MSG.codeRequired } });
    const youtube = await addWithoutState(token, { Code: code, SocialMediaID: '3' });
    expect(youtube).toMatchObject({ status: 400, json: { response_message: SOCIAL_MSG.wrongNetwork('TikTok') } });
    expect((await addWithoutState(token, { Code: code, UserID: other.user.id })).status).toBe(403);
    const team = await makeTeam(t, 'Acme Foods', perms({ '5': { Post: true } }));
    const manager = await addWithoutState(team.manager.token, { Code: code });
    expect(manager).toMatchObject({ status: 403, json: { response_message: SOCIAL_MSG.managerCannotLink } });
    // none of them used the flow up: its owner still links with it
    expect((await addWithoutState(token, { Code: code, SocialMediaID: 5 })).status).toBe(200);
  });
});

describe('who may link, list and unlink', () => {
  it('without a session the calls answer 401 in the posting API envelope', async () => {
    const res = await call(t, 'GET', '/sph/tiktok/login-url/');
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ response_code: 401, response_message: 'Unauthorized access', response_data: null });
  });

  it('a business manager cannot add accounts, and sees only the networks its role opens', async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '1': { Post: true } }));
    const refused = await call(t, 'GET', '/sph/tiktok/login-url/', { token: team.manager.token });
    expect(refused.status).toBe(403);
    expect(refused.json.response_message).toBe(SOCIAL_MSG.managerCannotLink);
    const linked = await link(team.owner.token);
    expect(linked.status).toBe(200);
    const ownerList = await call(t, 'POST', '/sph/social_media_accounts/', { token: team.owner.token, body: {} });
    expect(ownerList.json.response_data).toHaveLength(1);
    const managerList = await call(t, 'POST', '/sph/social_media_accounts/', { token: team.manager.token, body: {} });
    expect(managerList.json.response_data).toEqual([]);
    const options = await call(t, 'POST', '/sph/tiktok/user-privacy-options/', {
      token: team.manager.token,
      body: { UserSocialMediaID: linked.json.response_data.id },
    });
    expect(options.status).toBe(404);
  });

  it('a manager whose role opens TikTok sees the business account and its privacy options', async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '5': { Post: true } }));
    const linked = await link(team.owner.token, 'tt-milo');
    const list = await call(t, 'POST', '/sph/social_media_accounts/', { token: team.manager.token, body: { SocialMediaID: 5 } });
    expect(list.json.response_data.map((a: { id: string }) => a.id)).toEqual([linked.json.response_data.id]);
    const options = await call(t, 'POST', '/sph/tiktok/user-privacy-options/', {
      token: team.manager.token,
      body: { UserSocialMediaID: linked.json.response_data.id },
    });
    expect(options.status).toBe(200);
    // in the order clients name them by position: Everyone, Private (followers), Friends (mutual), Self
    expect(options.json.response_data.privacy_level_options).toEqual([
      'PUBLIC_TO_EVERYONE',
      'FOLLOWER_OF_CREATOR',
      'MUTUAL_FOLLOW_FRIENDS',
      'SELF_ONLY',
    ]);
  });

  it("another user's ids in the body are refused", async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const back = await startAndConsent(alice.token);
    const res = await call(t, 'POST', '/sph/tiktok/add-account/', {
      token: alice.token,
      body: { Code: back.searchParams.get('code'), State: back.searchParams.get('state'), UserID: bob.user.id },
    });
    expect(res.status).toBe(403);
  });

  it("unlinking says '{platform} Account unlinked successfully'; another organization's account is not found", async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const linked = await link(alice.token, 'tt-nora');
    const id = linked.json.response_data.id;
    const foreign = await call(t, 'PUT', `/sph/deleteSocialMediaDetails/${id}/`, { token: bob.token, body: {} });
    expect(foreign.status).toBe(404);
    const res = await call(t, 'PUT', `/sph/deleteSocialMediaDetails/${id}/`, { token: alice.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.response_message).toBe('TikTok Account unlinked successfully');
    const after = await call(t, 'PUT', '/api/user/removeSocialAccount', { token: alice.token, body: { accountID: id } });
    expect(after.status).toBe(200);
    expect(after.json.response.socialLinks).toEqual({});
    expect(await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, id))).toEqual([]);
  });

  it('addSocialAccount confirms a linked account of the caller, and refuses one of another organization', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const linked = await link(alice.token);
    const id = linked.json.response_data.id;
    const mine = await call(t, 'PUT', '/api/user/addSocialAccount', {
      token: alice.token,
      body: { accountType: 'tiktok', accountID: id },
    });
    expect(mine.status).toBe(200);
    expect(mine.json.response.socialLinks.Tiktok[0].id).toBe(id);
    const theirs = await call(t, 'PUT', '/api/user/addSocialAccount', {
      token: bob.token,
      body: { accountType: 'tiktok', accountID: id },
    });
    expect(theirs.status).toBe(404);
    const bad = await call(t, 'PUT', '/api/user/addSocialAccount', {
      token: alice.token,
      body: { accountType: 'myspace', accountID: id },
    });
    expect(bad.status).toBe(400);
  });
});

describe('keeping access fresh', () => {
  async function linked() {
    const owner = await buildUser(t);
    const res = await link(owner.token);
    const id = res.json.response_data.id as string;
    const row = async () => (await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, id)))[0];
    const options = () =>
      call(t, 'POST', '/sph/tiktok/user-privacy-options/', { token: owner.token, body: { UserSocialMediaID: id } });
    return { owner, id, row, options };
  }

  it('an access about to expire is renewed by the job before it does, with the rotated refresh token kept', async () => {
    const a = await linked();
    const before = await a.row();
    t.clock.advance(23.5 * 3600_000);
    await t.services.socialAccounts.refreshDue();
    const after = await a.row();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessExpiresAt!.getTime()).toBeGreaterThan(t.clock.nowMs() + 23 * 3600_000);
    expect((await a.options()).status).toBe(200);
  });

  it('an access past its expiry is renewed on use without the user noticing', async () => {
    const a = await linked();
    t.clock.advance(25 * 3600_000);
    const res = await a.options();
    expect(res.status).toBe(200);
    expect((await a.row()).status).toBe('linked');
  });

  it('a revoked consent marks the account for reconnect and tells the user once', async () => {
    const a = await linked();
    await t.app.inject({ method: 'POST', url: '/sandbox/tiktok/_revoke', payload: { profile: 'tt-ava' } });
    const res = await a.options();
    expect(res.status).toBe(409);
    expect(res.json.response_message).toBe('Reconnect your TikTok account');
    const row = await a.row();
    expect(row.status).toBe('needs_reconnect');
    expect(row.statusReason).toMatch(/no longer accepts/);
    await a.options();
    const told = await t.database.db.select().from(activities).where(eq(activities.userId, a.owner.user.id));
    expect(told.filter((n) => n.type === 'ACCOUNT_RECONNECT')).toHaveLength(1);
    const list = await call(t, 'POST', '/sph/social_media_accounts/', { token: a.owner.token, body: {} });
    expect(list.json.response_data[0]).toMatchObject({ Status: 'needs_reconnect' });

    // linking it again takes the new tokens and the account is linked again
    const again = await link(a.owner.token);
    expect(again.status).toBe(200);
    expect((await a.row()).status).toBe('linked');
  });

  it('a 5xx or a rate limit at the network answers try again later and never marks the account for reconnect', async () => {
    const a = await linked();
    await t.app.inject({ method: 'POST', url: '/sandbox/tiktok/_control', payload: { fail: 'server_error' } });
    const busy = await a.options();
    expect(busy.status).toBe(503);
    expect(busy.json.response_message).toBe(SOCIAL_MSG.networkBusy('TikTok'));
    await t.app.inject({ method: 'POST', url: '/sandbox/tiktok/_control', payload: { fail: 'rate_limit' } });
    expect((await a.options()).status).toBe(503);
    expect((await a.row()).status).toBe('linked');
    expect((await a.options()).status).toBe(200);
  });

  it('a renewal that fails for a passing reason leaves the account linked for the next run', async () => {
    const a = await linked();
    t.clock.advance(23.5 * 3600_000);
    await t.app.inject({ method: 'POST', url: '/sandbox/tiktok/_control', payload: { fail: 'server_error', times: 50 } });
    const out = await t.services.socialAccounts.refreshDue();
    await t.app.inject({ method: 'POST', url: '/sandbox/tiktok/_control', payload: { clear: true } });
    expect(out.reconnect).toBe(0);
    expect((await a.row()).status).toBe('linked');
  });
});
