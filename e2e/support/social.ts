import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Linking accounts without the browser (through the sandbox consent pages, as a person would click them), for
 * journeys that are about something else: publishing, the calendar.
 */

export type TNetworkKey = 'instagram' | 'facebook' | 'youtube' | 'linkedin' | 'tiktok' | 'twitter' | 'threads';

const fromHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

async function sph<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, token: string, data?: unknown) {
  const res = await request.fetch(`/sph/${path}`, { method, data, headers: { 'x-access-token': token } });
  const text = await res.text();
  expect(res.ok(), `${method} /sph/${path} answered ${res.status()}: ${text.slice(0, 300)}`).toBe(true);
  return JSON.parse(text).response_data as T;
}

/** Allows on the consent page at `url` (its first demo profile): the return address the network sends back. */
async function allow(request: APIRequestContext, url: string): Promise<URL> {
  const u = new URL(url);
  const page = await (await request.get(u.pathname + u.search)).text();
  const action = fromHtml(/<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '');
  const hidden = [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]) => [k, fromHtml(v)]);
  const profile = fromHtml(/<input type="radio" name="profile" value="([^"]+)"/.exec(page)?.[1] ?? '');
  const res = await request.post(action, {
    form: Object.fromEntries([...hidden, ['profile', profile], ['decision', 'allow']]),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  return new URL(res.headers().location);
}

const urlOf = (data: string | { url: string }) => (typeof data === 'string' ? data : data.url);

/** Links one account of `network` for the user of `token`; its id. */
export async function linkByApi(request: APIRequestContext, token: string, network: TNetworkKey): Promise<string> {
  if (network === 'twitter') {
    const back = await allow(request, urlOf(await sph(request, 'GET', 'x-app/login-url/', token)));
    const added = await sph<{ id: string }>(request, 'POST', 'x-app/add-account/', token, {
      oauth_token: back.searchParams.get('oauth_token'),
      oauth_verifier: back.searchParams.get('oauth_verifier'),
    });
    return added.id;
  }
  const direct = {
    tiktok: ['tiktok/login-url/', 'tiktok/add-account/'],
    youtube: ['getYTLoginUrl/', 'add_yt_account/'],
    threads: ['threads/login-url/', 'threads/add-account/'],
  }[network as 'tiktok'];
  if (direct) {
    const back = await allow(request, urlOf(await sph(request, 'GET', direct[0], token)));
    const added = await sph<{ id: string }>(request, 'POST', direct[1], token, {
      Code: back.searchParams.get('code'),
      State: back.searchParams.get('state'),
    });
    return added.id;
  }
  const chooser = {
    facebook: ['facebook/fb_login/', 'facebook/fb_pages_list/', 'facebook/save_fb_details/'],
    instagram: ['instagram/ig-login-url', 'instagram/ig-accounts-list/', 'instagram/save-ig-details/'],
    linkedin: ['linkedin/login_url/', 'linkedin/li-accounts-list/', 'linkedin/save-li-accounts/'],
  }[network as 'facebook'];
  const back = await allow(request, urlOf(await sph(request, 'GET', chooser[0], token)));
  const State = back.searchParams.get('state');
  const list = await sph<Record<string, { id: string }[]>>(request, 'POST', chooser[1], token, {
    Code: back.searchParams.get('code'),
    State,
  });
  const [first] = Object.values(list).flat();
  const saved = await sph<{ id: string }[]>(request, 'POST', chooser[2], token, { State, PageIDs: [first.id] });
  return saved[0].id;
}

/**
 * What a network's emulator was asked to fail next (`_control`); `only: 'publish'` keeps the failures for publishes
 * (where the emulator tells them apart), so that a read made meanwhile (the figures job) does not take them.
 */
export async function failNext(request: APIRequestContext, network: TNetworkKey, fail: string, times = 1, only?: 'publish') {
  expect((await request.post(`/sandbox/${network}/_control`, { data: { fail, times, only } })).ok()).toBe(true);
}

/** The posts X's emulator holds with this text. */
export async function onX(request: APIRequestContext, text: string): Promise<number> {
  const res = await request.get('/sandbox/twitter/_published');
  const posts = (await res.json()) as { text: string }[];
  return posts.filter((p) => p.text === text).length;
}

/** A post as the details call reads it. */
export const postDetails = (request: APIRequestContext, token: string, id: string) =>
  sph<{
    IsPostDone: boolean;
    IsScheduled: boolean;
    MediaPostedOn: { SocialMediaName: string; Status: string; ResponseMediaID: string | null }[];
  }>(request, 'GET', `drafts/get-draft-details/${id}/`, token);
