import { SOCIAL_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** What a person does on the sandbox consent page: every hidden field of its form, the profile chosen, the decision. */
async function consent(url: string, decision: 'allow' | 'cancel', profile: string) {
  const u = new URL(url);
  const page = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
  expect(page.statusCode).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  const hidden = [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    ([, k, v]): [string, string] => [k, v.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: action!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([...hidden, ['profile', profile], ['decision', decision]]).toString(),
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

async function link(token: string, profile = 'yt-ava') {
  const start = await call(t, 'GET', '/sph/getYTLoginUrl/?origin=Home', { token });
  expect(start.status).toBe(200);
  const back = await consent(start.json.response_data.url, 'allow', profile);
  return call(t, 'POST', '/sph/add_yt_account/', {
    token,
    body: { Code: back.searchParams.get('code'), State: back.searchParams.get('state') },
  });
}

describe('linking a YouTube channel through Google consent', () => {
  it("add_yt_account without State links with the caller's newest open flow (PKCE binds the code to it)", async () => {
    const { token, user } = await buildUser(t);
    const start = await call(t, 'GET', '/sph/getYTLoginUrl/', { token });
    const back = await consent(start.json.response_data.url, 'allow', 'yt-ava');
    const res = await call(t, 'POST', '/sph/add_yt_account/', {
      token,
      body: { Code: back.searchParams.get('code'), OrgID: user.orgId, UserID: user.id, SocialMediaID: '3' },
    });
    expect(res.status).toBe(200);
    expect(res.json.response_data).toMatchObject({ SocialMediaID: '3', Status: 'linked' });
  });

  it("the login url is Google's consent page asking for offline access, with state and PKCE", async () => {
    const { token } = await buildUser(t);
    const res = await call(t, 'GET', '/sph/getYTLoginUrl/', { token });
    expect(res.status).toBe(200);
    const url = new URL(res.json.response_data.url);
    expect(url.pathname).toBe('/sandbox/youtube/o/oauth2/v2/auth');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('Allow, then add_yt_account: the channel is linked with its name and picture, its tokens sealed', async () => {
    const { token, user } = await buildUser(t);
    const res = await link(token);
    expect(res.status).toBe(200);
    expect(res.json.response_message).toBe('YouTube account added successfully');
    expect(res.json.response_data).toMatchObject({ SocialMediaID: '3', SocialMediaName: 'YouTube', Status: 'linked' });
    expect(res.json.response_data.ProfilePictureURL).toBeTruthy();
    const [row] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId));
    expect(row.kind).toBe('channel');
    expect(row.accessToken).toMatch(/^v1\./);
    expect(row.refreshToken).toMatch(/^v1\./);
  });

  it('Cancel returns error=access_denied and links nothing', async () => {
    const { token, user } = await buildUser(t);
    const start = await call(t, 'GET', '/sph/getYTLoginUrl/', { token });
    const back = await consent(start.json.response_data.url, 'cancel', 'yt-ava');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId))).toEqual([]);
  });

  it("a TikTok flow's state cannot finish a YouTube link", async () => {
    const { token } = await buildUser(t);
    const tiktok = await call(t, 'GET', '/sph/tiktok/login-url/', { token });
    const state = new URL(tiktok.json.response_data).searchParams.get('state');
    const res = await call(t, 'POST', '/sph/add_yt_account/', { token, body: { Code: 'x', State: state } });
    expect(res.status).toBe(400);
    expect(res.json.response_message).toBe(SOCIAL_MSG.linkExpired);
  });

  it("the region's assignable categories are read with the caller's channel; without one, a clear 400", async () => {
    const none = await buildUser(t);
    const refused = await call(t, 'POST', '/sph/youtube/yt_category_list/', { token: none.token, body: { RegionCode: 'US' } });
    expect(refused.status).toBe(400);
    expect(refused.json.response_message).toBe(SOCIAL_MSG.youtubeFirst);

    const { token } = await buildUser(t);
    await link(token, 'yt-milo');
    const res = await call(t, 'POST', '/sph/youtube/yt_category_list/', { token, body: { RegionCode: 'us' } });
    expect(res.status).toBe(200);
    expect(res.json.response_data.length).toBeGreaterThan(0);
    expect(res.json.response_data[0]).toEqual({ id: expect.any(String), title: expect.any(String) });
    const bad = await call(t, 'POST', '/sph/youtube/yt_category_list/', { token, body: { RegionCode: 'USA' } });
    expect(bad.status).toBe(400);
  });

  it('an hour later the access is renewed on use, keeping the refresh token Google does not send again', async () => {
    const { token, user } = await buildUser(t);
    await link(token, 'yt-nora');
    const [before] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId));
    t.clock.advance(2 * 3600_000);
    const res = await call(t, 'POST', '/sph/youtube/yt_category_list/', { token, body: { RegionCode: 'GB' } });
    expect(res.status).toBe(200);
    const [after] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId));
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).toBeTruthy();
    expect(after.status).toBe('linked');
  });

  it('a revoked consent marks the channel for reconnect', async () => {
    const { token, user } = await buildUser(t);
    await link(token, 'yt-ava');
    await t.app.inject({ method: 'POST', url: '/sandbox/youtube/_revoke', payload: { profile: 'yt-ava' } });
    const res = await call(t, 'POST', '/sph/youtube/yt_category_list/', { token, body: { RegionCode: 'US' } });
    expect(res.status).toBe(409);
    expect(res.json.response_message).toBe('Reconnect your YouTube account');
    const [row] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, user.orgId));
    expect(row.status).toBe('needs_reconnect');
  });
});
