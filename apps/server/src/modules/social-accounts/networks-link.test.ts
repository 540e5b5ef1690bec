import { SOCIAL_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { consent as kitConsent, profilesOn as kitProfilesOn, loginUrlOf } from './link-test-kit';

/**
 * Linking Facebook, Instagram, LinkedIn, X and Threads through their documented calls, each against its sandbox
 * emulator: the consent page a person clicks through, the return, and what ends up linked.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const profilesOn = (url: string) => kitProfilesOn(t, url);
const consent = (url: string, decision: 'allow' | 'cancel', profile?: string) => kitConsent(t, url, decision, profile);

const accountsOf = async (orgId: string) => t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, orgId));

/** The page-chooser networks: their calls, and the keys their lists answer under. */
const CHOOSERS = [
  {
    key: 'facebook',
    id: '2',
    label: 'Facebook',
    loginUrl: '/sph/facebook/fb_login/',
    list: '/sph/facebook/fb_pages_list/',
    listKeys: ['FacebookPages'],
    save: '/sph/facebook/save_fb_details/',
    saved: 'Facebook page added successfully',
    kinds: ['page'],
  },
  {
    key: 'instagram',
    id: '1',
    label: 'Instagram',
    loginUrl: '/sph/instagram/ig-login-url',
    list: '/sph/instagram/ig-accounts-list/',
    listKeys: ['Instagram_account'],
    save: '/sph/instagram/save-ig-details/',
    saved: 'Instagram page added successfully',
    kinds: ['profile'],
  },
  {
    key: 'linkedin',
    id: '4',
    label: 'LinkedIn',
    loginUrl: '/sph/linkedin/login_url/',
    list: '/sph/linkedin/li-accounts-list/',
    listKeys: ['Linkedin_Pages', 'Linkedin_Profile'],
    save: '/sph/linkedin/save-li-accounts/',
    saved: 'LinkedIn page added successfully',
    kinds: ['organization', 'profile'],
  },
] as const;

describe.each(CHOOSERS)('linking $label pages through the page chooser', (n) => {
  async function consented(token: string) {
    const start = await call(t, 'GET', `${n.loginUrl}?origin=addsocialmedia`, { token });
    expect(start.status).toBe(200);
    const url = loginUrlOf(start.json);
    expect(new URL(url).pathname.startsWith(`/sandbox/${n.key}/`)).toBe(true);
    expect(new URL(url).searchParams.get('state')).toBeTruthy();
    const back = await consent(url, 'allow');
    const state = back.searchParams.get('state')!;
    const list = await call(t, 'POST', n.list, { token, body: { Code: back.searchParams.get('code'), State: state } });
    return { state, list };
  }

  it('Allow, then the list: every page the consent gave under its key, none Added; Save links the chosen ones', async () => {
    const { token, user } = await buildUser(t, { profileType: 'BUSINESS' });
    const { state, list } = await consented(token);
    expect(list.status).toBe(200);
    expect(Object.keys(list.json.response_data).sort()).toEqual([...n.listKeys].sort());
    const pages = n.listKeys.flatMap((k) => list.json.response_data[k]);
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages)
      expect(p).toEqual({ id: expect.any(String), name: expect.any(String), picture: expect.anything(), Added: false });
    const chosen = pages.map((p: { id: string }) => p.id);
    const saved = await call(t, 'POST', n.save, { token, body: { State: state, PageIDs: chosen } });
    expect(saved.status).toBe(200);
    expect(saved.json.response_message).toBe(n.saved);
    expect(saved.json.response_data.map((a: { SocialMediaID: string }) => a.SocialMediaID)).toEqual(chosen.map(() => n.id));
    const rows = await accountsOf(user.orgId);
    expect(rows.map((r) => r.remoteId).sort()).toEqual([...chosen].sort());
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(n.kinds));
    // tokens are sealed: no row holds its token in plain text
    for (const r of rows) expect(r.accessToken).toMatch(/^v1\./);

    // a second consent shows them Added
    const again = await consented(token);
    const pagesAgain = n.listKeys.flatMap((k) => again.list.json.response_data[k]);
    expect(pagesAgain.every((p: { Added: boolean }) => p.Added)).toBe(true);

    const listed = await call(t, 'POST', '/sph/social_media_accounts/', { token, body: { SocialMediaID: n.id } });
    expect(listed.json.response_data).toHaveLength(chosen.length);
  });

  it('Cancel at the consent page sends the browser back with an error, and links nothing', async () => {
    const { token, user } = await buildUser(t, { profileType: 'BUSINESS' });
    const start = await call(t, 'GET', n.loginUrl, { token });
    const back = await consent(loginUrlOf(start.json), 'cancel');
    expect(back.searchParams.get('error')).toBeTruthy();
    expect(back.searchParams.get('code')).toBeNull();
    expect(await accountsOf(user.orgId)).toEqual([]);
  });

  it("a list without a code is a 400; another user's state is refused and links nothing", async () => {
    const { token } = await buildUser(t, { profileType: 'BUSINESS' });
    const noCode = await call(t, 'POST', n.list, { token, body: { State: 'x' } });
    expect(noCode.status).toBe(400);
    expect(noCode.json.response_message).toBe(SOCIAL_MSG.codeRequired);

    const start = await call(t, 'GET', n.loginUrl, { token });
    const back = await consent(loginUrlOf(start.json), 'allow');
    const thief = await buildUser(t, { profileType: 'BUSINESS' });
    const stolen = await call(t, 'POST', n.list, {
      token: thief.token,
      body: { Code: back.searchParams.get('code'), State: back.searchParams.get('state') },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.json.response_message).toBe(SOCIAL_MSG.linkExpired);
    expect(await accountsOf(thief.user.orgId)).toEqual([]);
  });

  it('a list without State is refused (no PKCE binds the code to its flow), and the flow then still links with it', async () => {
    const { token, user } = await buildUser(t, { profileType: 'BUSINESS' });
    const start = await call(t, 'GET', n.loginUrl, { token });
    const back = await consent(loginUrlOf(start.json), 'allow');
    const code = back.searchParams.get('code');
    const res = await call(t, 'POST', n.list, { token, body: { Code: code, OrgID: user.orgId, UserID: user.id } });
    expect(res.status).toBe(400);
    expect(res.json.response_message).toBe(SOCIAL_MSG.stateRequired(n.label));
    const list = await call(t, 'POST', n.list, { token, body: { Code: code, State: back.searchParams.get('state') } });
    expect(list.status).toBe(200);
  });

  it('a business manager cannot start linking', async () => {
    const { token } = await buildUser(t, { profileType: 'BUSINESS_MANAGER' });
    const res = await call(t, 'GET', n.loginUrl, { token });
    expect(res.status).toBe(403);
    expect(res.json.response_message).toBe(SOCIAL_MSG.managerCannotLink);
  });
});

describe('linking X (OAuth 1.0a)', () => {
  async function linkX(token: string, profile?: string) {
    const start = await call(t, 'GET', '/sph/x-app/login-url/?origin=Home', { token });
    expect(start.status).toBe(200);
    const url = new URL(loginUrlOf(start.json));
    expect(url.pathname).toBe('/sandbox/twitter/oauth/authorize');
    const back = await consent(url.toString(), 'allow', profile);
    return {
      back,
      res: await call(t, 'POST', '/sph/x-app/add-account/', {
        token,
        body: { oauth_token: back.searchParams.get('oauth_token'), oauth_verifier: back.searchParams.get('oauth_verifier') },
      }),
    };
  }

  it('Allow, then add-account with oauth_token and oauth_verifier: the profile is linked, its token and secret sealed', async () => {
    const { token, user } = await buildUser(t);
    const { res } = await linkX(token);
    expect(res.status).toBe(200);
    expect(res.json.response_message).toBe('X account added successfully');
    expect(res.json.response_data).toMatchObject({ SocialMediaID: '6', SocialMediaName: 'X', Status: 'linked', Kind: 'profile' });
    const [row] = await accountsOf(user.orgId);
    expect(row.accessToken).toMatch(/^v1\./);
    expect(row.tokenSecret).toMatch(/^v1\./);
    expect(row.accessExpiresAt).toBeNull();
  });

  it('the same X profile linked again answers Account Already Exist and changes nothing', async () => {
    const { token, user } = await buildUser(t);
    const first = await linkX(token);
    expect(first.res.status).toBe(200);
    const profile = (await profilesOn((await call(t, 'GET', '/sph/x-app/login-url/', { token })).json.response_data.url))[0];
    const second = await linkX(token, profile);
    expect(second.res.status).toBe(409);
    expect(second.res.json.response_message).toBe(SOCIAL_MSG.accountExists);
    expect(await accountsOf(user.orgId)).toHaveLength(1);
  });

  it('a request token is used once; a verifier without its flow, or without a token, is refused', async () => {
    const { token } = await buildUser(t);
    const { back } = await linkX(token);
    const replay = await call(t, 'POST', '/sph/x-app/add-account/', {
      token,
      body: { oauth_token: back.searchParams.get('oauth_token'), oauth_verifier: back.searchParams.get('oauth_verifier') },
    });
    expect(replay.status).toBe(400);
    expect(replay.json.response_message).toBe(SOCIAL_MSG.linkExpired);
    const unknown = await call(t, 'POST', '/sph/x-app/add-account/', {
      token,
      body: { oauth_token: 'made-up', oauth_verifier: 'v' },
    });
    expect(unknown.status).toBe(400);
    const missing = await call(t, 'POST', '/sph/x-app/add-account/', { token, body: { oauth_verifier: 'v' } });
    expect(missing.status).toBe(400);
    expect(missing.json.response_message).toMatch(/oauth_token is required/);
  });

  it("another user's request token cannot finish the link", async () => {
    const { token } = await buildUser(t);
    const start = await call(t, 'GET', '/sph/x-app/login-url/', { token });
    const back = await consent(start.json.response_data.url, 'allow');
    const thief = await buildUser(t);
    const res = await call(t, 'POST', '/sph/x-app/add-account/', {
      token: thief.token,
      body: { oauth_token: back.searchParams.get('oauth_token'), oauth_verifier: back.searchParams.get('oauth_verifier') },
    });
    expect(res.status).toBe(400);
    expect(await accountsOf(thief.user.orgId)).toEqual([]);
  });

  it('Cancel at X sends the browser back with denied', async () => {
    const { token } = await buildUser(t);
    const start = await call(t, 'GET', '/sph/x-app/login-url/', { token });
    const back = await consent(start.json.response_data.url, 'cancel');
    expect(back.searchParams.get('denied')).toBeTruthy();
  });
});

describe('linking Threads', () => {
  async function linkThreads(token: string) {
    const start = await call(t, 'GET', '/sph/threads/login-url/?origin=addsocialmedia', { token });
    expect(start.status).toBe(200);
    const back = await consent(start.json.response_data.url, 'allow');
    return call(t, 'POST', '/sph/threads/add-account/', {
      token,
      body: { Code: back.searchParams.get('code'), State: back.searchParams.get('state') },
    });
  }

  it('Allow, then add-account: the profile is linked with a 60-day access, sealed', async () => {
    const { token, user } = await buildUser(t);
    const res = await linkThreads(token);
    expect(res.status).toBe(200);
    expect(res.json.response_message).toBe('Threads account added successfully');
    expect(res.json.response_data).toMatchObject({ SocialMediaID: '7', SocialMediaName: 'Threads', Kind: 'profile' });
    const [row] = await accountsOf(user.orgId);
    expect(row.accessToken).toMatch(/^v1\./);
    const days = (row.accessExpiresAt!.getTime() - t.clock.nowMs()) / 86_400_000;
    expect(days).toBeGreaterThan(55);
  });

  it('add-account without State is refused (no PKCE binds the code to its flow); with State the same consent links', async () => {
    const { token } = await buildUser(t);
    const start = await call(t, 'GET', '/sph/threads/login-url/', { token });
    const back = await consent(start.json.response_data.url, 'allow');
    const code = back.searchParams.get('code');
    const res = await call(t, 'POST', '/sph/threads/add-account/', { token, body: { Code: code, SocialMediaID: '7' } });
    expect(res.status).toBe(400);
    expect(res.json.response_message).toBe(SOCIAL_MSG.stateRequired('Threads'));
    const linked = await call(t, 'POST', '/sph/threads/add-account/', {
      token,
      body: { Code: code, State: back.searchParams.get('state') },
    });
    expect(linked.status).toBe(200);
  });

  it('a Threads access near its end is renewed by the job without the user noticing', async () => {
    const { token, user } = await buildUser(t);
    await linkThreads(token);
    const [before] = await accountsOf(user.orgId);
    t.clock.advance(before.accessExpiresAt!.getTime() - t.clock.nowMs() - 30 * 60_000);
    await t.services.socialAccounts.refreshDue();
    const [after] = await accountsOf(user.orgId);
    expect(after.status).toBe('linked');
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessExpiresAt!.getTime()).toBeGreaterThan(t.clock.nowMs() + 50 * 86_400_000);
  });
});
