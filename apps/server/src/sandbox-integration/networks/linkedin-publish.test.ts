import {
  LINKEDIN_DEMO_MEMBERS,
  LINKEDIN_DEMO_ORGANIZATIONS,
  linkedinEmulatorRoutes,
  SANDBOX_LINKEDIN_CLIENT,
} from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { createLinkedInAdapter, escapeLittleText, linkedinPostIssues } from '../../integrations/networks/linkedin';
import { networkFailure } from '../../integrations/networks/test-kit';
import type { TAccountRef, TGrant, TPublishMedia, TPublishRequest } from '../../integrations/networks/types';
import {
  clickConsent,
  emulatorApp,
  emulatorSettings,
  onceTaken,
  TEST_PUBLIC_URL as publicUrl,
  testClip,
  testPhoto,
} from './test-kit';

/** Posting to LinkedIn as a member and as an organization, through the emulator. */
const settings = emulatorSettings(SANDBOX_LINKEDIN_CLIENT, '/sandbox/linkedin');
const clock = new Clock();
const emulators = emulatorApp(
  async (app, viaAppFetch) => {
    app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
    app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(MP4));
    await app.register(linkedinEmulatorRoutes({ clock, publicUrl, fetch: viaAppFetch }));
  },
  { bodyLimit: 50 * 1024 * 1024 },
);
const { app, viaApp } = emulators;
let calls = 0;
const counting: typeof fetch = (input, init) => {
  calls++;
  return viaApp.fetch(input, init);
};
const adapter = createLinkedInAdapter(settings, counting, () => clock.now());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(5 * 1024 * 1024, 3)]);

afterEach(async () => {
  await emulators.control('/sandbox/linkedin', { clear: true });
});

async function link(profile = 'li-ava'): Promise<TGrant> {
  const { url } = await adapter.authorize({ state: 'st' });
  const { res } = await clickConsent(app, url, { profile, decision: 'allow' });
  const code = new URL(String(res.headers.location)).searchParams.get('code');
  return adapter.exchange({ code, oauthToken: null, oauthVerifier: null }, null, clock.now());
}

const ava = LINKEDIN_DEMO_MEMBERS.find((m) => m.id === 'li-ava')!;
const person: TAccountRef = { remoteId: `urn:li:person:${ava.sub}`, kind: 'profile' };
const avaOrg = LINKEDIN_DEMO_ORGANIZATIONS.find((o) => ava.roles.some((r) => r.organization === o.id && r.state === 'APPROVED'))!;
const organization: TAccountRef = { remoteId: `urn:li:organization:${avaOrg.orgId}`, kind: 'organization' };

const photo = testPhoto(JPEG.length, { width: 1200, height: 800 });
const clip = testClip(MP4.length, { width: 1280, height: 720 });
const post = (account: TAccountRef, text: string, media: TPublishMedia[] = []): TPublishRequest => ({
  account,
  format: 'post',
  text,
  media,
});

describe('posting to LinkedIn', () => {
  it('a text post goes out as the member, its markup characters escaped, and is found among the recent posts', async () => {
    const grant = await link();
    const state = await adapter.publish(grant, post(person, 'Launch day (finally) #news @team'));
    expect(state).toMatchObject({ state: 'published', postId: expect.stringMatching(/^urn:li:share:/) });
    if (state.state !== 'published') throw new Error('not published');
    expect(state.url).toBe(`https://www.linkedin.com/feed/update/${state.postId}`);
    const recent = await adapter.recentPosts(grant, person, 5);
    expect(recent[0]).toMatchObject({ postId: state.postId, text: 'Launch day (finally) #news @team' });
  });

  it('one photo, then several photos (a multi-image post), as an organization the member administers', async () => {
    const grant = await link();
    const one = await adapter.publish(grant, post(organization, 'One photo', [photo]));
    const three = await adapter.publish(grant, post(organization, 'Three photos', [photo, photo, photo]));
    expect(one.state).toBe('published');
    expect(three.state).toBe('published');
    const recent = await adapter.recentPosts(grant, organization, 10);
    expect(recent.map((r) => r.text)).toEqual(expect.arrayContaining(['One photo', 'Three photos']));
  });

  it('a video is uploaded in parts, processes, and the post goes out on the next status check', async () => {
    const grant = await link();
    const first = await adapter.publish(grant, post(person, 'A clip', [clip]));
    expect(first.state).toBe('processing');
    if (first.state !== 'processing') throw new Error('not processing');
    const done = await adapter.publishStatus(grant, person, first.ticket);
    expect(done).toMatchObject({ state: 'published', postId: expect.stringMatching(/^urn:li:share:/) });
    if (done.state !== 'published') throw new Error('not published');
    const recent = await adapter.recentPosts(grant, person, 5);
    expect(recent[0]).toMatchObject({ postId: done.postId, text: 'A clip' });
  });

  it('the emulator refuses what LinkedIn refuses: no version, a commentary over 3000, a multi-image post of one', async () => {
    const grant = await link();
    const headers = {
      authorization: `Bearer ${grant.accessToken}`,
      'linkedin-version': '202510',
      'x-restli-protocol-version': '2.0.0',
    };
    const body = {
      author: person.remoteId,
      commentary: 'hello',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
    };
    const url = '/sandbox/linkedin/rest/posts';
    const before = (await adapter.recentPosts(grant, person, 100)).length;
    const { 'linkedin-version': _v, ...unversioned } = headers;
    const noVersion = await app.inject({ method: 'POST', url, headers: unversioned, payload: body });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json()).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
    const long = await app.inject({ method: 'POST', url, headers, payload: { ...body, commentary: 'x'.repeat(3001) } });
    expect(long.statusCode).toBe(422);
    const one = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { ...body, content: { multiImage: { images: [{ id: 'urn:li:image:x' }] } } },
    });
    expect(one.statusCode).toBe(422);
    expect((await adapter.recentPosts(grant, person, 100)).length).toBe(before);
  });

  it('a video whose processing fails is refused for good, with the reason', async () => {
    const grant = await link();
    await app.inject({ method: 'POST', url: '/sandbox/linkedin/_control', payload: { fail: 'processing_error' } });
    const first = await adapter.publish(grant, post(person, 'A broken clip', [clip]));
    if (first.state !== 'processing') throw new Error('not processing');
    const err = await networkFailure(adapter.publishStatus(grant, person, first.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe(
      'LinkedIn could not process the video: The video file is corrupt or in a format LinkedIn does not support',
    );
  });

  it('a post over the limits is refused before any call', async () => {
    const grant = await link();
    calls = 0;
    const err = await networkFailure(adapter.publish(grant, post(person, 'x'.repeat(3001))));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('LinkedIn allows 3000 characters; this post has 3001');
    const mixed = await networkFailure(adapter.publish(grant, post(person, 'mixed', [photo, clip])));
    expect(mixed.reason).toContain('LinkedIn does not mix photos and videos in one post');
    expect(calls).toBe(0);
    expect(linkedinPostIssues({ format: 'story', text: 'x', media: [] })).toContain(
      'LinkedIn does not take a story from Virality',
    );
  });

  it("a post's figures grow with time: likes and comments, and for an organization views, clicks and shares", async () => {
    const grant = await link();
    const out = await adapter.publish(grant, post(organization, 'Figures'));
    if (out.state !== 'published') throw new Error('not published');
    const early = await adapter.analytics(grant, organization, out.postId, 'post');
    clock.advance(60 * 60_000);
    const later = await adapter.analytics(grant, organization, out.postId, 'post');
    expect(later.views).toBeGreaterThan(early.views ?? 0);
    expect(later.likes).toBeGreaterThan(0);
    expect(later).toHaveProperty('clicks');
    expect(later).toHaveProperty('shares');
    const mine = await adapter.publish(grant, post(person, 'Mine'));
    if (mine.state !== 'published') throw new Error('not published');
    clock.advance(30 * 60_000);
    const member = await adapter.analytics(grant, person, mine.postId, 'post');
    expect(Object.keys(member).sort()).toEqual(['comments', 'likes']);
  });

  it("an organization's profile figures: its followers, name and logo; a member's name and picture", async () => {
    const grant = await link();
    const org = await adapter.profile(grant, organization);
    expect(org.userName).toBe(avaOrg.displayName);
    expect(org.followers).toBeGreaterThan(0);
    const me = await adapter.profile(grant, person);
    expect(me.userName).toBe(ava.displayName);
    expect(me.followers).toBeNull();
  });

  it('an expired access during a publish means reconnect; a rate limit waits until midnight UTC; a server error is passing', async () => {
    const grant = await link();
    await app.inject({ method: 'POST', url: '/sandbox/linkedin/_control', payload: { fail: 'expired_token' } });
    expect((await networkFailure(adapter.publish(grant, post(person, 'x')))).kind).toBe('reconnect');
    await app.inject({ method: 'POST', url: '/sandbox/linkedin/_control', payload: { fail: 'rate_limit' } });
    const limited = await networkFailure(adapter.publish(grant, post(person, 'x')));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAt?.getUTCHours()).toBe(0);
    await app.inject({ method: 'POST', url: '/sandbox/linkedin/_control', payload: { fail: 'server_error' } });
    expect((await networkFailure(adapter.publish(grant, post(person, 'x')))).kind).toBe('retry');
  });

  it('a member cannot post as an organization it does not administer', async () => {
    const grant = await link('li-milo');
    const err = await networkFailure(adapter.publish(grant, post(organization, 'Not mine')));
    expect(err.kind).toBe('reconnect');
  });

  it("LinkedIn's markup characters are escaped so they appear as typed", () => {
    expect(escapeLittleText('a_b (c) #d @e [f] {g} <h> *i* ~j~ |k| \\l')).toBe(
      'a\\_b \\(c\\) \\#d \\@e \\[f\\] \\{g\\} \\<h\\> \\*i\\* \\~j\\~ \\|k\\| \\\\l',
    );
  });
});

describe('finding a post whose answer was lost (postsSince), through the emulator', () => {
  /** The calls that list an author's posts, counted. */
  let listings = 0;
  const listing: typeof fetch = (input, init) => {
    if ((init?.method ?? 'GET') === 'GET' && String(input).includes('/rest/posts?')) listings++;
    return viaApp.fetch(input, init);
  };
  /** The adapter as a test may make it: pages of `pageSize` posts, so that a few posts make several pages. */
  const paged = (pageSize: number) => createLinkedInAdapter(settings, listing, () => clock.now(), { pageSize });
  const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/linkedin', payload);
  const nora = LINKEDIN_DEMO_MEMBERS.find((m) => m.id === 'li-nora')!;
  const noraPerson: TAccountRef = { remoteId: `urn:li:person:${nora.sub}`, kind: 'profile' };
  /** A moment after every post made so far: what a check made now looks back to. */
  const freshSince = () => {
    clock.advance(1000);
    return clock.now();
  };
  const publishText = async (grant: TGrant, account: TAccountRef, text: string) => {
    clock.advance(1000);
    expect(await adapter.publish(grant, post(account, text))).toMatchObject({ state: 'published' });
  };

  it('postsSince finds a post made before more than one page of newer ones', async () => {
    const grant = await link('li-nora');
    await publishText(grant, noraPerson, 'Yesterday');
    const since = freshSince();
    await publishText(grant, noraPerson, 'The one whose answer was lost');
    for (let i = 1; i <= 5; i++) await publishText(grant, noraPerson, `Newer ${i}`);
    listings = 0;
    const found = await paged(2).postsSince(grant, noraPerson, since);
    expect(found.complete).toBe(true);
    expect(found.posts.map((p) => p.text)).toEqual([
      'Newer 5',
      'Newer 4',
      'Newer 3',
      'Newer 2',
      'Newer 1',
      'The one whose answer was lost',
    ]);
    // three pages of two hold the posts since; the fourth reaches yesterday's
    expect(listings).toBe(4);
  });

  it('postsSince stops at `since`: older posts are not returned, and no page past the one reaching them is asked for', async () => {
    const grant = await link('li-nora');
    for (let i = 1; i <= 6; i++) await publishText(grant, noraPerson, `Before ${i}`);
    const since = freshSince();
    await publishText(grant, noraPerson, 'After 1');
    await publishText(grant, noraPerson, 'After 2');
    listings = 0;
    const found = await paged(2).postsSince(grant, noraPerson, since);
    expect(found).toMatchObject({ complete: true });
    expect(found.posts.map((p) => p.text)).toEqual(['After 2', 'After 1']);
    // the first page holds both posts since; the second reaches a post from before, and the check stops there
    expect(listings).toBe(2);
  });

  it('postsSince is not complete when more than POSTS_SINCE_MAX_PAGES pages would be needed', async () => {
    const grant = await link('li-nora');
    const since = freshSince();
    for (let i = 1; i <= 21; i++) await publishText(grant, noraPerson, `Busy day ${i}`);
    listings = 0;
    const found = await paged(1).postsSince(grant, noraPerson, since);
    expect(found.complete).toBe(false);
    expect(found.posts).toHaveLength(20);
    expect(found.posts[0].text).toBe('Busy day 21');
    expect(listings).toBe(20);
    // with LinkedIn's own page of 100, the same check is one page, and complete
    expect(await adapter.postsSince(grant, noraPerson, since)).toMatchObject({ complete: true });
  });

  it("a failure kept for one account is not taken by another account's call", async () => {
    const grant = await link('li-ava');
    await control({ fail: 'server_error', account: organization.remoteId });
    // the member's own profile, with the same token: not the organization's failure
    expect((await adapter.postsSince(grant, person, freshSince())).complete).toBe(true);
    await publishText(grant, person, 'As myself');
    const err = await networkFailure(adapter.postsSince(grant, organization, freshSince()));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(500);
    // taken once, by the organization's call
    expect((await adapter.postsSince(grant, organization, freshSince())).complete).toBe(true);
  });

  it('a failure kept for reads fails postsSince but not a publish', async () => {
    const grant = await link('li-ava');
    const since = freshSince();
    await control({ fail: 'server_error', only: 'read' });
    const out = await adapter.publish(grant, post(person, 'Published while reads fail'));
    expect(out.state).toBe('published');
    expect((await networkFailure(adapter.postsSince(grant, person, since))).kind).toBe('retry');
    const found = await adapter.postsSince(grant, person, since);
    expect(found.posts.map((p) => p.text)).toEqual(['Published while reads fail']);
  });

  it('a lost answer (lose_answers): the publish fails as a passing failure, yet the post is on the account', async () => {
    const grant = await link('li-ava');
    const since = freshSince();
    await control({ lose_answers: 1, account: person.remoteId });
    // the organization's post is not the one asked to lose its answer
    expect((await adapter.publish(grant, post(organization, 'For the page'))).state).toBe('published');
    const impatient = createLinkedInAdapter(settings, emulators.impatientFetch, () => clock.now());
    const err = await networkFailure(impatient.publish(grant, post(person, 'Sent once, answer lost')));
    expect(err.kind).toBe('retry');
    const found = await onceTaken(
      () => adapter.postsSince(grant, person, since),
      (f) => f.posts.length > 0,
    );
    expect(found).toMatchObject({ complete: true, posts: [{ text: 'Sent once, answer lost' }] });
    expect(found.posts[0].postId).toMatch(/^urn:li:share:/);
    // one answer lost, the next publish answered as usual
    expect((await adapter.publish(grant, post(person, 'Answered'))).state).toBe('published');
  });

  it("the emulator's list pages as LinkedIn's: start and count (at most 100), sortBy, and a next link while more follow", async () => {
    const grant = await link('li-milo');
    const milo = LINKEDIN_DEMO_MEMBERS.find((m) => m.id === 'li-milo')!;
    const author = `urn:li:person:${milo.sub}`;
    for (let i = 1; i <= 3; i++) await publishText(grant, { remoteId: author, kind: 'profile' }, `Milo ${i}`);
    const list = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/sandbox/linkedin/rest/posts?q=author&author=${encodeURIComponent(author)}&${query}`,
        headers: { authorization: `Bearer ${grant.accessToken}`, 'linkedin-version': '202510' },
      });
    const first = (await list('sortBy=CREATED&start=0&count=2')).json();
    expect(first.elements.map((e: { commentary: string }) => e.commentary)).toEqual(['Milo 3', 'Milo 2']);
    expect(first.paging).toMatchObject({ start: 0, count: 2, total: 3, links: [{ rel: 'next' }] });
    expect(first.paging.links[0].href).toContain('start=2&count=2');
    const second = (await list('sortBy=CREATED&start=2&count=2')).json();
    expect(second.elements.map((e: { commentary: string }) => e.commentary)).toEqual(['Milo 1']);
    expect(second.paging.links.map((l: { rel: string }) => l.rel)).toEqual(['prev']);
    expect((await list('count=500')).json().paging.count).toBe(100);
    expect((await list('sortBy=POPULAR')).statusCode).toBe(400);
  });
});
