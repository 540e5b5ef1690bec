import {
  facebookEmulatorRoutes,
  instagramEmulatorRoutes,
  linkedinEmulatorRoutes,
  REALISTIC_LATENCY,
  SANDBOX_FACEBOOK_CLIENT,
  SANDBOX_INSTAGRAM_CLIENT,
  SANDBOX_LINKEDIN_CLIENT,
  SANDBOX_THREADS_CLIENT,
  SANDBOX_TIKTOK_CLIENT,
  SANDBOX_X_CLIENT,
  SANDBOX_YOUTUBE_CLIENT,
  threadsEmulatorRoutes,
  tiktokEmulatorRoutes,
  xEmulatorRoutes,
  YOUTUBE_DAILY_QUOTA,
  YOUTUBE_QUOTA_COST,
  youtubeEmulatorRoutes,
} from '@virality/sandbox/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Clock } from '../../clock';
import { createLinkedInAdapter } from '../../integrations/networks/linkedin';
import { createFacebookAdapter, createInstagramAdapter } from '../../integrations/networks/meta';
import { createThreadsAdapter } from '../../integrations/networks/threads';
import { createTikTokAdapter } from '../../integrations/networks/tiktok';
import type { TGrant, TPublishRequest, TRemoteAccount } from '../../integrations/networks/types';
import { createXAdapter } from '../../integrations/networks/x';
import { createYouTubeAdapter } from '../../integrations/networks/youtube';
import { linkAccount } from '../../modules/social-accounts/link-test-kit';
import { buildTestApp, buildUser } from '../../test/helpers';
import {
  emulatorApp,
  emulatorSettings,
  fromHtml,
  hiddenFields,
  TEST_PUBLIC_URL as publicUrl,
  testClip,
  testPhoto,
} from './test-kit';

const clock = new Clock();
const BENCH = 7;

// ---- every emulator in benchmark mode, linked and published to through the product's own adapters ----

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64, 7)]);
const photo = testPhoto(JPEG.length);
const clip = testClip(MP4.length);

const emulators = emulatorApp(async (app, viaAppFetch) => {
  app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
  app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(MP4));
  const opts = { clock, publicUrl, fetch: viaAppFetch, benchProfiles: BENCH };
  for (const routes of [
    xEmulatorRoutes,
    facebookEmulatorRoutes,
    instagramEmulatorRoutes,
    linkedinEmulatorRoutes,
    threadsEmulatorRoutes,
    youtubeEmulatorRoutes,
    tiktokEmulatorRoutes,
  ])
    await app.register(routes(opts));
});
const { app, viaApp } = emulators;
const settings = (path: string, client: { clientId: string; clientSecret: string }) =>
  emulatorSettings(client, `/sandbox/${path}`);
const now = () => clock.now();
const adapters = {
  twitter: createXAdapter(settings('twitter', SANDBOX_X_CLIENT), viaApp.fetch, now),
  facebook: createFacebookAdapter(settings('facebook', SANDBOX_FACEBOOK_CLIENT), viaApp.fetch, now),
  instagram: createInstagramAdapter(settings('instagram', SANDBOX_INSTAGRAM_CLIENT), viaApp.fetch, now),
  linkedin: createLinkedInAdapter(settings('linkedin', SANDBOX_LINKEDIN_CLIENT), viaApp.fetch, now),
  threads: createThreadsAdapter(settings('threads', SANDBOX_THREADS_CLIENT), viaApp.fetch, now),
  youtube: createYouTubeAdapter(settings('youtube', SANDBOX_YOUTUBE_CLIENT), viaApp.fetch, now),
  tiktok: createTikTokAdapter(settings('tiktok', SANDBOX_TIKTOK_CLIENT), viaApp.fetch, now),
};
type TNetwork = keyof typeof adapters;

/** The consent page of `network`: the profiles it offers, in order; then Allow as `profile`, and the grant. */
async function link(network: TNetwork, profile: string): Promise<{ offered: string[]; grant: TGrant }> {
  const adapter = adapters[network];
  const { url, secret } = await adapter.authorize({ state: 'st' });
  const u = new URL(url);
  const page = await app.inject({ method: 'GET', url: u.pathname + u.search });
  expect(page.statusCode).toBe(200);
  const offered = [...page.body.matchAll(/<input type="radio" name="profile" value="([^"]+)"/g)].map((m) => fromHtml(m[1]));
  const action = fromHtml(/<form method="post" action="([^"]+)"/.exec(page.body)?.[1] ?? '');
  const res = await app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...hiddenFields(page.body), profile, decision: 'allow' }).toString(),
  });
  expect(res.statusCode).toBe(302);
  const back = new URL(String(res.headers.location));
  const grant = await adapter.exchange(
    {
      code: back.searchParams.get('code'),
      oauthToken: back.searchParams.get('oauth_token'),
      oauthVerifier: back.searchParams.get('oauth_verifier'),
    },
    secret,
    clock.now(),
  );
  return { offered, grant };
}

/** Publish, and ask again while the network processes it: the post's id. */
async function publish(network: TNetwork, grant: TGrant, request: TPublishRequest): Promise<string> {
  const adapter = adapters[network];
  let state = await adapter.publish(grant, request);
  for (let i = 0; i < 5 && state.state === 'processing'; i++)
    state = await adapter.publishStatus(grant, request.account, state.ticket);
  if (state.state !== 'published') throw new Error(`${network}: not published`);
  return state.postId;
}

const published = async (network: TNetwork, user?: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/sandbox/${network}/_published${user ? `?user=${encodeURIComponent(user)}` : ''}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; user: string; text: string; createdAt?: string }[];
};

/** Each network: the prefix of its profiles, a built-in one, and what a post there carries. */
const CASES: {
  network: TNetwork;
  prefix: string;
  builtIn: string;
  request: (account: TRemoteAccount, text: string) => Omit<TPublishRequest, 'account'>;
  /** What `_published` says the post carried. */
  carried?: (text: string) => string;
}[] = [
  { network: 'twitter', prefix: 'x', builtIn: 'x-ava', request: (_a, text) => ({ format: 'post', text, media: [] }) },
  { network: 'facebook', prefix: 'fb', builtIn: 'fb-ava', request: (_a, text) => ({ format: 'post', text, media: [] }) },
  {
    network: 'instagram',
    prefix: 'fb',
    builtIn: 'fb-ava',
    request: (_a, text) => ({ format: 'post', text, media: [photo] }),
  },
  { network: 'linkedin', prefix: 'li', builtIn: 'li-ava', request: (_a, text) => ({ format: 'post', text, media: [] }) },
  { network: 'threads', prefix: 'th', builtIn: 'th-ava', request: (_a, text) => ({ format: 'post', text, media: [] }) },
  {
    network: 'youtube',
    prefix: 'yt',
    builtIn: 'yt-ava',
    request: (_a, text) => ({ format: 'post', text: `About ${text}`, title: text, categoryId: '22', media: [clip] }),
  },
  {
    network: 'tiktok',
    prefix: 'tt',
    builtIn: 'tt-ava',
    request: (_a, text) => ({ format: 'post', text, media: [clip], privacy: 'SELF_ONLY' }),
  },
];

describe('every emulator in benchmark mode', () => {
  for (const c of CASES)
    it(`${c.network}: offers the generated profiles after its own, links two of them as distinct accounts, and lists what each published`, async () => {
      const accounts: TRemoteAccount[] = [];
      const grants: TGrant[] = [];
      for (const n of [3, 7]) {
        const id = `${c.prefix}-bench-${String(n).padStart(4, '0')}`;
        const { offered, grant } = await link(c.network, id);
        const generated = Array.from({ length: BENCH }, (_, i) => `${c.prefix}-bench-${String(i + 1).padStart(4, '0')}`);
        // the built-in profiles first, then the generated ones in order
        expect(offered[0]).toBe(c.builtIn);
        expect(offered.slice(-BENCH)).toEqual(generated);
        const [first]: TRemoteAccount[] = await adapters[c.network].discover(grant);
        expect(first.remoteId).toBeTruthy();
        accounts.push(first);
        grants.push(first.grant ?? grant);
      }
      expect(accounts[0].remoteId).not.toBe(accounts[1].remoteId);

      const before = (await published(c.network)).length;
      const texts = accounts.map((_a, i) => `Bench post ${i} on ${c.network}`);
      for (const [i, a] of accounts.entries()) {
        const account = { remoteId: a.remoteId, kind: a.kind };
        await publish(c.network, grants[i], { account, ...c.request(a, texts[i]) });
      }
      for (const [i, a] of accounts.entries()) {
        const mine = await published(c.network, a.remoteId);
        expect(mine).toEqual([{ id: expect.any(String), user: a.remoteId, text: texts[i], createdAt: expect.any(String) }]);
      }
      expect((await published(c.network)).length).toBe(before + 2);
    });

  it('youtube: the project quota grows with the generated channels (per-channel limits stay)', async () => {
    const { grant } = await link('youtube', 'yt-bench-0001');
    const [channel] = await adapters.youtube.discover(grant);
    const account = { remoteId: channel.remoteId, kind: channel.kind };
    // more uploads than the 10,000 units of a project without benchmark mode hold
    const uploads = Math.floor(YOUTUBE_DAILY_QUOTA / YOUTUBE_QUOTA_COST.insert) + 2;
    for (let i = 0; i < uploads; i++)
      await publish('youtube', grant, {
        account,
        format: 'post',
        text: '',
        title: `Quota ${i}`,
        categoryId: '22',
        media: [clip],
      });
    expect((await published('youtube', channel.remoteId)).filter((v) => v.text.startsWith('Quota '))).toHaveLength(uploads);
  });
});

describe('network latency', () => {
  let slow: FastifyInstance;
  beforeAll(async () => {
    slow = Fastify();
    slow.setValidatorCompiler(validatorCompiler);
    slow.setSerializerCompiler(serializerCompiler);
    await slow.register(xEmulatorRoutes({ clock, publicUrl, latency: 150 }));
    await slow.register(linkedinEmulatorRoutes({ clock, publicUrl, latency: 150 }));
    await slow.ready();
  });
  afterAll(async () => slow?.close());

  const timed = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const start = performance.now();
    const res = await slow.inject({ method, url, ...(payload ? { payload } : {}) });
    return { ms: performance.now() - start, status: res.statusCode };
  };

  it('an API call waits at least the fixed number of ms, in real time, even when it is refused', async () => {
    const me = await timed('GET', '/sandbox/twitter/2/users/me');
    expect(me.status).toBe(401);
    expect(me.ms).toBeGreaterThanOrEqual(149);
    const token = await timed('POST', '/sandbox/linkedin/oauth/v2/accessToken', { grant_type: 'authorization_code' });
    expect(token.ms).toBeGreaterThanOrEqual(149);
  });

  it("the emulator's own tools and the consent page answer at once", async () => {
    for (const [method, url, payload] of [
      ['POST', '/sandbox/twitter/_control', { clear: true }],
      ['GET', '/sandbox/twitter/_published'],
      ['GET', '/sandbox/twitter/avatar/x-ava.svg'],
      ['POST', '/sandbox/twitter/_revoke', { profile: 'x-ava' }],
      ['GET', '/sandbox/twitter/oauth/authorize?oauth_token=nope'],
      ['GET', '/sandbox/linkedin/_published'],
    ] as const) {
      const r = await timed(method, url, payload);
      expect(r.ms, url).toBeLessThan(100);
    }
  });

  it("without benchmark mode the consent page offers only the emulator's own profiles, at once", async () => {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: SANDBOX_LINKEDIN_CLIENT.clientId,
      redirect_uri: `${publicUrl}/social/return`,
      state: 's',
      scope: 'openid profile',
    });
    // an API call here would wait 30 s: the page answering well before that shows it waits for none
    const slower = Fastify();
    slower.setValidatorCompiler(validatorCompiler);
    slower.setSerializerCompiler(serializerCompiler);
    await slower.register(linkedinEmulatorRoutes({ clock, publicUrl, latency: 30_000 }));
    await slower.ready();
    onTestFinished(() => slower.close());
    const start = performance.now();
    const page = await slower.inject({ method: 'GET', url: `/sandbox/linkedin/oauth/v2/authorization?${q}` });
    expect(performance.now() - start).toBeLessThan(5_000);
    const offered = [...page.body.matchAll(/<input type="radio" name="profile" value="([^"]+)"/g)].map((m) => m[1]);
    expect(offered).toEqual(['li-ava', 'li-milo', 'li-nora']);
  });

  it('realistic: each call waits the figure of its network and kind, a post longer than a read', async () => {
    const real = Fastify();
    real.setValidatorCompiler(validatorCompiler);
    real.setSerializerCompiler(serializerCompiler);
    await real.register(xEmulatorRoutes({ clock, publicUrl, latency: 'realistic' }));
    await real.ready();
    // the least figure of each range, drawn with a random number of 0
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const time = async (method: 'GET' | 'POST', url: string) => {
        const start = performance.now();
        await real.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        return performance.now() - start;
      };
      const read = await time('GET', '/sandbox/twitter/2/users/me');
      const post = await time('POST', '/sandbox/twitter/2/tweets');
      expect(read).toBeGreaterThanOrEqual(REALISTIC_LATENCY.x.read[0] - 1);
      expect(read).toBeLessThan(REALISTIC_LATENCY.x.post[0]);
      expect(post).toBeGreaterThanOrEqual(REALISTIC_LATENCY.x.post[0] - 1);
    } finally {
      random.mockRestore();
      await real.close();
    }
  });

  it('closing the emulator wakes a waiting call', async () => {
    const other = Fastify();
    other.setValidatorCompiler(validatorCompiler);
    other.setSerializerCompiler(serializerCompiler);
    await other.register(xEmulatorRoutes({ clock, publicUrl, latency: 30_000 }));
    await other.ready();
    const start = performance.now();
    const pending = other.inject({ method: 'GET', url: '/sandbox/twitter/2/users/me' });
    await new Promise((r) => setTimeout(r, 20));
    await other.close();
    await pending.catch(() => undefined);
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});

describe('the server in benchmark mode (SANDBOX_BENCH_PROFILES, SANDBOX_NETWORK_LATENCY)', () => {
  it('links two generated profiles of every network as distinct accounts, each API call waiting the latency set', async () => {
    const t = await buildTestApp({ SANDBOX_BENCH_PROFILES: '25', SANDBOX_NETWORK_LATENCY: '20' });
    try {
      const { token } = await buildUser(t, { profileType: 'BUSINESS' });
      const networks = [
        ['twitter', 'x'],
        ['facebook', 'fb'],
        ['instagram', 'fb'],
        ['linkedin', 'li'],
        ['threads', 'th'],
        ['youtube', 'yt'],
        ['tiktok', 'tt'],
      ] as const;
      for (const [network, prefix] of networks) {
        const start = performance.now();
        const first = await linkAccount(t, token, network, `${prefix}-bench-0024`);
        // every link makes at least two API calls (a token call, then whose account it is)
        expect(performance.now() - start, network).toBeGreaterThanOrEqual(40);
        const second = await linkAccount(t, token, network, `${prefix}-bench-0025`);
        expect(first.id, network).not.toBe(second.id);
        expect(first.UserName, network).toMatch(/Bench 0024|bench0024/);
      }
    } finally {
      await t.close();
    }
  }, 60_000);
});
