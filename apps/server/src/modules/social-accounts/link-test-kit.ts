import type { TSocialNetworkKey } from '@virality/domain';
import { expect } from 'vitest';
import { call, type TTestApp } from '../../test/helpers';

/** Tests' way through the sandbox consent pages: what a person clicks, and a whole link per network. */

const fromHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

/** The consent page's demo profiles, in the order it shows them. */
export async function profilesOn(t: TTestApp, url: string): Promise<string[]> {
  const u = new URL(url);
  const page = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
  expect(page.statusCode).toBe(200);
  return [...page.body.matchAll(/<input type="radio" name="profile" value="([^"]+)"/g)].map((m) => fromHtml(m[1]));
}

/** What a person does on the consent page: every hidden field of its form, the profile chosen, the decision. */
export async function consent(t: TTestApp, url: string, decision: 'allow' | 'cancel', profile?: string): Promise<URL> {
  const u = new URL(url);
  const page = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
  expect(page.statusCode).toBe(200);
  const action = fromHtml(/<form method="post" action="([^"]+)"/.exec(page.body)?.[1] ?? '');
  const hidden = [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    ([, k, v]): [string, string] => [k, fromHtml(v)],
  );
  const chosen = profile ?? (await profilesOn(t, url))[0];
  const res = await t.app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([...hidden, ['profile', chosen], ['decision', decision]]).toString(),
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

/** A login-url call's address (TikTok answers the address itself, the others `{url}`). */
export const loginUrlOf = (json: { response_data: string | { url: string } }) =>
  typeof json.response_data === 'string' ? json.response_data : json.response_data.url;

const DIRECT: Partial<Record<TSocialNetworkKey, { login: string; add: string }>> = {
  tiktok: { login: '/sph/tiktok/login-url/', add: '/sph/tiktok/add-account/' },
  youtube: { login: '/sph/getYTLoginUrl/', add: '/sph/add_yt_account/' },
  threads: { login: '/sph/threads/login-url/', add: '/sph/threads/add-account/' },
};
const CHOOSER: Partial<Record<TSocialNetworkKey, { login: string; list: string; save: string }>> = {
  facebook: { login: '/sph/facebook/fb_login/', list: '/sph/facebook/fb_pages_list/', save: '/sph/facebook/save_fb_details/' },
  instagram: {
    login: '/sph/instagram/ig-login-url',
    list: '/sph/instagram/ig-accounts-list/',
    save: '/sph/instagram/save-ig-details/',
  },
  linkedin: {
    login: '/sph/linkedin/login_url/',
    list: '/sph/linkedin/li-accounts-list/',
    save: '/sph/linkedin/save-li-accounts/',
  },
};

/**
 * Links one account of `network` for the user of `token` through its consent page (the first demo profile, or
 * `profile`; the first page of a chooser): the linked account as the calls answer it.
 */
export async function linkAccount(
  t: TTestApp,
  token: string,
  network: TSocialNetworkKey,
  profile?: string,
): Promise<{ id: string; UserName: string; SocialMediaID: string }> {
  if (network === 'twitter') {
    const start = await call(t, 'GET', '/sph/x-app/login-url/', { token });
    const back = await consent(t, loginUrlOf(start.json), 'allow', profile);
    const res = await call(t, 'POST', '/sph/x-app/add-account/', {
      token,
      body: { oauth_token: back.searchParams.get('oauth_token'), oauth_verifier: back.searchParams.get('oauth_verifier') },
    });
    expect(res.status).toBe(200);
    return res.json.response_data;
  }
  const direct = DIRECT[network];
  if (direct) {
    const start = await call(t, 'GET', direct.login, { token });
    const back = await consent(t, loginUrlOf(start.json), 'allow', profile);
    const res = await call(t, 'POST', direct.add, {
      token,
      body: { Code: back.searchParams.get('code'), State: back.searchParams.get('state') },
    });
    expect(res.status).toBe(200);
    return res.json.response_data;
  }
  const chooser = CHOOSER[network]!;
  const start = await call(t, 'GET', chooser.login, { token });
  const back = await consent(t, loginUrlOf(start.json), 'allow', profile);
  const state = back.searchParams.get('state');
  const list = await call(t, 'POST', chooser.list, { token, body: { Code: back.searchParams.get('code'), State: state } });
  expect(list.status).toBe(200);
  const pages = Object.values(list.json.response_data as Record<string, { id: string; Added: boolean }[]>).flat();
  const page = pages.find((p) => !p.Added)!;
  const saved = await call(t, 'POST', chooser.save, { token, body: { State: state, PageIDs: [page.id] } });
  expect(saved.status).toBe(200);
  return saved.json.response_data[0];
}
