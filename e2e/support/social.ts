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

/**
 * Allows on the consent page at `url` as its demo profile `profile` (the first, as a person accepting the page's
 * default would, unless a journey asks for another): the return address the network sends back.
 */
async function allow(request: APIRequestContext, url: string, profile?: string): Promise<URL> {
  const u = new URL(url);
  const page = await (await request.get(u.pathname + u.search)).text();
  const action = fromHtml(/<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '');
  const hidden = [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]) => [k, fromHtml(v)]);
  const offered = [...page.matchAll(/<input type="radio" name="profile" value="([^"]+)"/g)].map((m) => fromHtml(m[1]));
  if (profile !== undefined) expect(offered, `the consent page at ${u.pathname} offers ${profile}`).toContain(profile);
  profile ??= offered[0] ?? '';
  const res = await request.post(action, {
    form: Object.fromEntries([...hidden, ['profile', profile], ['decision', 'allow']]),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  return new URL(res.headers().location);
}

const urlOf = (data: string | { url: string }) => (typeof data === 'string' ? data : data.url);

/** Links one account of `network` for the user of `token` (the consent page's first demo profile); its id. */
export async function linkByApi(request: APIRequestContext, token: string, network: TNetworkKey): Promise<string> {
  return (await link(request, token, network)).id;
}

/** Links one account: its id, and its id on the network where the product's answers carry it (the page lists). */
async function link(
  request: APIRequestContext,
  token: string,
  network: TNetworkKey,
  profile?: string,
): Promise<{ id: string; remoteId: string | null; userName: string }> {
  if (network === 'twitter') {
    const back = await allow(request, urlOf(await sph(request, 'GET', 'x-app/login-url/', token)), profile);
    const added = await sph<{ id: string; UserName: string }>(request, 'POST', 'x-app/add-account/', token, {
      oauth_token: back.searchParams.get('oauth_token'),
      oauth_verifier: back.searchParams.get('oauth_verifier'),
    });
    return { id: added.id, remoteId: null, userName: added.UserName };
  }
  const direct = {
    tiktok: ['tiktok/login-url/', 'tiktok/add-account/'],
    youtube: ['getYTLoginUrl/', 'add_yt_account/'],
    threads: ['threads/login-url/', 'threads/add-account/'],
  }[network as 'tiktok'];
  if (direct) {
    const back = await allow(request, urlOf(await sph(request, 'GET', direct[0], token)), profile);
    const added = await sph<{ id: string; UserName: string }>(request, 'POST', direct[1], token, {
      Code: back.searchParams.get('code'),
      State: back.searchParams.get('state'),
    });
    return { id: added.id, remoteId: null, userName: added.UserName };
  }
  const chooser = {
    facebook: ['facebook/fb_login/', 'facebook/fb_pages_list/', 'facebook/save_fb_details/'],
    instagram: ['instagram/ig-login-url', 'instagram/ig-accounts-list/', 'instagram/save-ig-details/'],
    linkedin: ['linkedin/login_url/', 'linkedin/li-accounts-list/', 'linkedin/save-li-accounts/'],
  }[network as 'facebook'];
  const back = await allow(request, urlOf(await sph(request, 'GET', chooser[0], token)), profile);
  const State = back.searchParams.get('state');
  const list = await sph<Record<string, { id: string }[]>>(request, 'POST', chooser[1], token, {
    Code: back.searchParams.get('code'),
    State,
  });
  const [first] = Object.values(list).flat();
  const saved = await sph<{ id: string; UserName: string }[]>(request, 'POST', chooser[2], token, { State, PageIDs: [first.id] });
  return { id: saved[0].id, remoteId: first.id, userName: saved[0].UserName };
}

/**
 * The demo profiles that journeys arming an emulator's faults link, so that no other journey's post takes the
 * fault: every other journey links the first profile of each consent page (the one it offers by default), and a
 * fault is kept for its account (`_control`'s `account`). One profile per spec file that arms faults on the
 * network; two files may share one only where they arm the same fault, each taking one. The remote ids are the
 * emulators' own (packages/sandbox/src/networks: x.ts, threads.ts); the pages lists give them for the others.
 */
const FAULT_PROFILES = {
  'post-overview': { network: 'twitter', profile: 'x-milo', userName: 'milomoves', remoteId: '1600000000000000002' },
  notifications: { network: 'twitter', profile: 'x-nora', userName: 'noratravels', remoteId: '1600000000000000003' },
  'admin-overview': { network: 'threads', profile: 'th-milo', userName: 'milo.moves', remoteId: '7100000000000201' },
  dashboard: { network: 'threads', profile: 'th-milo', userName: 'milo.moves', remoteId: '7100000000000201' },
  publishing: { network: 'threads', profile: 'th-nora', userName: 'nora.travels', remoteId: '7100000000000301' },
  'core-flows': { network: 'linkedin', profile: 'li-milo', userName: null, remoteId: null },
} as const;
export type TFaultOwner = keyof typeof FAULT_PROFILES;

/** An account a journey may arm faults for: its id, and its id on the network (what `_control` keeps a fault for). */
export type TFaultAccount = { id: string; network: TNetworkKey; remoteId: string };

/**
 * Links the account of `network` kept for the spec file `owner` (FAULT_PROFILES) for the user of `token`, so the
 * faults the journey arms with failNext are taken by its own posts only.
 */
export async function linkForFaults(
  request: APIRequestContext,
  token: string,
  owner: TFaultOwner,
  network: TNetworkKey,
): Promise<TFaultAccount> {
  const kept = FAULT_PROFILES[owner];
  expect(kept.network, `${owner} keeps a profile on ${kept.network}, not ${network}`).toBe(network);
  const linked = await link(request, token, network, kept.profile);
  // the network's own answer names the profile: a remote id kept here that no longer matches the emulator fails here
  if (kept.userName !== null) expect(linked.userName).toBe(kept.userName);
  const remoteId = kept.remoteId ?? linked.remoteId;
  expect(remoteId, `the id on ${network} of the account linked for ${owner}`).toBeTruthy();
  return { id: linked.id, network, remoteId: remoteId as string };
}

/**
 * Asks `account`'s network emulator to fail its next calls for that account only (`_control` with `account`), so a
 * journey running at the same time never takes the fault; `only: 'publish'` keeps the failures for publishes (where
 * the emulator tells them apart), so that a read made meanwhile (the figures job) does not take them.
 */
export async function failNext(request: APIRequestContext, account: TFaultAccount, fail: string, times = 1, only?: 'publish') {
  const res = await request.post(`/sandbox/${account.network}/_control`, {
    data: { fail, times, only, account: account.remoteId },
  });
  expect(res.ok(), `/sandbox/${account.network}/_control answered ${res.status()}: ${await res.text()}`).toBe(true);
}

/** The posts X's emulator holds with this text. */
export async function onX(request: APIRequestContext, text: string): Promise<number> {
  const res = await request.get('/sandbox/twitter/_published');
  const posts = (await res.json()) as { text: string }[];
  return posts.filter((p) => p.text === text).length;
}

/** The posts `network`'s emulator holds with this text (its id on the network, and its user's). */
export async function publishedOn(
  request: APIRequestContext,
  network: 'twitter' | 'threads',
  text: string,
): Promise<{ id: string; user: string; text: string }[]> {
  const res = await request.get(`/sandbox/${network}/_published`);
  expect(res.ok(), `/sandbox/${network}/_published answered ${res.status()}`).toBe(true);
  const posts = (await res.json()) as { id: string; user: string; text: string }[];
  return posts.filter((p) => p.text === text);
}

/** A post as the details call reads it. */
export const postDetails = (request: APIRequestContext, token: string, id: string) =>
  sph<{
    IsPostDone: boolean;
    IsScheduled: boolean;
    MediaPostedOn: { SocialMediaName: string; Status: string; ResponseMediaID: string | null }[];
  }>(request, 'GET', `drafts/get-draft-details/${id}/`, token);
