import {
  facebookEmulatorRoutes,
  instagramEmulatorRoutes,
  META_DEMO_PEOPLE,
  parseFields,
  SANDBOX_FACEBOOK_CLIENT,
  SANDBOX_INSTAGRAM_CLIENT,
} from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import {
  createFacebookAdapter,
  createInstagramAdapter,
  FACEBOOK_SCOPES,
  INSTAGRAM_SCOPES,
} from '../../integrations/networks/meta';
import { networkFailure } from '../../integrations/networks/test-kit';
import { POSTS_SINCE_MAX_PAGES, type TAccountRef, type TGrant } from '../../integrations/networks/types';
import { clickConsent, emulatorApp, emulatorSettings, TEST_PUBLIC_URL as publicUrl, testPhoto } from './test-kit';

const fbSettings = emulatorSettings(SANDBOX_FACEBOOK_CLIENT, '/sandbox/facebook');
const igSettings = emulatorSettings(SANDBOX_INSTAGRAM_CLIENT, '/sandbox/instagram');
const clock = new Clock();
const emulators = emulatorApp(async (app, viaAppFetch) => {
  app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
  // lists of two: the demo people's pages, and an account's posts, take more than one answer, so paging is followed
  await app.register(facebookEmulatorRoutes({ clock, publicUrl, maxPageSize: 2, fetch: viaAppFetch }));
  await app.register(instagramEmulatorRoutes({ clock, publicUrl, maxPageSize: 2, fetch: viaAppFetch }));
});
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const { app, viaApp } = emulators;
/** The paths the adapters asked for, in turn (the media the emulators pull is not counted). */
const asked: string[] = [];
const recording: typeof fetch = (input, init) => {
  asked.push(String(input));
  return viaApp.fetch(input, init);
};
const facebook = createFacebookAdapter(fbSettings, recording, () => clock.now());
const instagram = createInstagramAdapter(igSettings, recording, () => clock.now());
type TAdapter = typeof facebook | typeof instagram;

afterEach(async () => {
  await control('facebook', { clear: true });
  await control('instagram', { clear: true });
});

const control = (network: 'facebook' | 'instagram', payload: Record<string, unknown>) =>
  emulators.control(`/sandbox/${network}`, payload);
const person = (id: string) => META_DEMO_PEOPLE.find((p) => p.id === id)!;
const noConsent = { oauthToken: null, oauthVerifier: null };

/** What a person does on the sandbox consent dialog: picks who they are and clicks Allow (or Cancel). */
async function consent(url: string, decision: 'allow' | 'cancel', profile = 'fb-ava', change: Record<string, string> = {}) {
  const { page, res } = await clickConsent(app, url, { profile, decision, change });
  expect(page.statusCode).toBe(200);
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

/** Authorize, Allow and exchange: the person's long-lived grant. */
async function link(adapter: TAdapter, profile = 'fb-ava', change: Record<string, string> = {}): Promise<TGrant> {
  const { url } = await adapter.authorize({ state: 'st' });
  const back = await consent(url, 'allow', profile, change);
  return adapter.exchange({ code: back.searchParams.get('code'), ...noConsent }, null, clock.now());
}

describe('linking Facebook pages through the emulator', () => {
  it('the consent dialog names the demo people and the permissions, with Allow and Cancel', async () => {
    const { url } = await facebook.authorize({ state: 'state-1' });
    const u = new URL(url);
    expect(u.pathname).toBe('/sandbox/facebook/v21.0/dialog/oauth');
    const page = await app.inject({ method: 'GET', url: u.pathname + u.search });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Allow Virality to use your Facebook account');
    for (const p of META_DEMO_PEOPLE) expect(page.body).toContain(p.displayName);
    expect(page.body).toContain('Show a list of the Pages you manage');
    expect(page.body).toContain('value="allow"');
    expect(page.body).toContain('value="cancel"');
  });

  it("Allow, exchange and discover: the person's pages, named and pictured, each with a page token that works", async () => {
    const { url } = await facebook.authorize({ state: 'state-1' });
    const back = await consent(url, 'allow', 'fb-ava');
    expect(back.origin + back.pathname).toBe(`${publicUrl}/social/return`);
    expect(back.searchParams.get('state')).toBe('state-1');
    const at = clock.now();
    const grant = await facebook.exchange({ code: back.searchParams.get('code'), ...noConsent }, null, at);
    expect(grant.refreshToken).toBeNull();
    expect(grant.scopes).toEqual(FACEBOOK_SCOPES);

    const found = await facebook.discover(grant);
    const pages = person('fb-ava').pages;
    expect(found.map((a) => [a.remoteId, a.kind, a.userName])).toEqual(pages.map((p) => [p.id, 'page', p.name]));
    for (const a of found) {
      expect(a.pictureUrl).toBe(`${publicUrl}/sandbox/facebook/avatar/${a.remoteId}.svg`);
      expect(a.grant).toMatchObject({ accessExpiresAt: null, refreshToken: null });
      expect(a.grant!.accessToken).not.toBe(grant.accessToken);
      const me = await app.inject({
        method: 'GET',
        url: '/sandbox/facebook/v21.0/me?fields=id,name,fan_count',
        headers: { authorization: `Bearer ${a.grant!.accessToken}` },
      });
      expect(me.json()).toEqual({ id: a.remoteId, name: a.userName, fan_count: pages.find((p) => p.id === a.remoteId)!.fans });
    }
    const avatar = await app.inject({ method: 'GET', url: new URL(found[0].pictureUrl!).pathname });
    expect(avatar.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('the exchange ends with the 60-day token, not the two-hour one', async () => {
    const at = clock.now();
    const grant = await link(facebook, 'fb-milo');
    const sixtyDays = 60 * 24 * 3600_000;
    expect(grant.accessExpiresAt!.getTime()).toBeGreaterThanOrEqual(at.getTime() + sixtyDays);
    expect(grant.accessExpiresAt!.getTime()).toBeLessThanOrEqual(clock.nowMs() + sixtyDays);
    clock.advance(3 * 3600_000);
    expect(await facebook.discover(grant)).toHaveLength(1);
    clock.advance(60 * 24 * 3600_000);
    const err = await networkFailure(facebook.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('190/463');
  });

  it('page tokens read with the long-lived token outlive it', async () => {
    const grant = await link(facebook, 'fb-milo');
    const [page] = await facebook.discover(grant);
    clock.advance(61 * 24 * 3600_000);
    const res = await app.inject({
      method: 'GET',
      url: `/sandbox/facebook/v21.0/${page.remoteId}?fields=name,picture`,
      headers: { authorization: `Bearer ${page.grant!.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().picture.data.url).toBe(page.pictureUrl);
  });

  it('Cancel returns error=access_denied with the state and no code', async () => {
    const { url } = await facebook.authorize({ state: 'state-2' });
    const back = await consent(url, 'cancel');
    expect(back.pathname).toBe('/social/return');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_reason')).toBe('user_denied');
    expect(back.searchParams.get('state')).toBe('state-2');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('a code is used once: the second exchange is refused, permanently', async () => {
    const { url } = await facebook.authorize({ state: 's' });
    const code = (await consent(url, 'allow')).searchParams.get('code');
    await facebook.exchange({ code, ...noConsent }, null, clock.now());
    const again = await networkFailure(facebook.exchange({ code, ...noConsent }, null, clock.now()));
    expect(again.kind).toBe('permanent');
    expect(again.details).toMatchObject({ status: 400, code: '100/36009' });
  });

  it('a code lasts 10 minutes of the product clock', async () => {
    const { url } = await facebook.authorize({ state: 's' });
    const code = (await consent(url, 'allow')).searchParams.get('code');
    clock.advance(11 * 60_000);
    const late = await networkFailure(facebook.exchange({ code, ...noConsent }, null, clock.now()));
    expect(late.kind).toBe('permanent');
    expect(late.details.code).toBe('100/36007');
  });

  it("each emulator accepts only its own client: another app's id or secret is refused", async () => {
    const { url } = await instagram.authorize({ state: 's' });
    const u = new URL(url);
    const wrong = `/sandbox/facebook/v21.0/dialog/oauth${u.search}`;
    const page = await app.inject({ method: 'GET', url: wrong });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Invalid App ID');

    const code = (await consent((await facebook.authorize({ state: 's' })).url, 'allow')).searchParams.get('code');
    const badSecret = createFacebookAdapter({ ...fbSettings, clientSecret: 'guessed' }, viaApp.fetch, () => clock.now());
    const err = await networkFailure(badSecret.exchange({ code, ...noConsent }, null, clock.now()));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/app id or secret/);
  });

  it('a return address on another origin is refused', async () => {
    const { url } = await facebook.authorize({ state: 's' });
    const u = new URL(url);
    u.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const page = await app.inject({ method: 'GET', url: u.pathname + u.search });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('URL Blocked');
    const posted = await app.inject({
      method: 'POST',
      url: u.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: SANDBOX_FACEBOOK_CLIENT.clientId,
        redirect_uri: 'https://evil.example/steal',
        state: 's',
        scope: 'pages_show_list',
        profile: 'fb-ava',
        decision: 'allow',
      }).toString(),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers.location).toBeUndefined();
  });

  it('a code given for another return address is refused', async () => {
    const other = createFacebookAdapter({ ...fbSettings, redirectUri: `${publicUrl}/other/return` }, viaApp.fetch);
    const code = (await consent((await other.authorize({ state: 's' })).url, 'allow')).searchParams.get('code');
    const err = await networkFailure(facebook.exchange({ code, ...noConsent }, null, clock.now()));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('100/36008');
  });

  it('a list longer than one answer is followed through paging.next', async () => {
    const grant = await link(facebook, 'fb-ava');
    const first = await app.inject({
      method: 'GET',
      url: '/sandbox/facebook/v21.0/me/accounts?fields=id,name&limit=100',
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    const body = first.json();
    expect(body.data).toHaveLength(2);
    expect(body.paging.next).toMatch(/^http:\/\/localhost:3000\/sandbox\/facebook\/v21\.0\/me\/accounts\?/);
    expect(await facebook.discover(grant)).toHaveLength(3);
  });

  it('a person who unticks a permission gets only those given; without pages_show_list no page is found', async () => {
    const grant = await link(facebook, 'fb-ava', { scope: 'pages_manage_posts' });
    expect(grant.scopes).toEqual(['pages_manage_posts']);
    expect(await facebook.discover(grant)).toEqual([]);
  });
});

describe('linking Instagram accounts through the emulator', () => {
  it('Allow, exchange and discover: only the pages with an Instagram account, by username and picture', async () => {
    const grant = await link(instagram, 'fb-ava');
    expect(grant.scopes).toEqual(INSTAGRAM_SCOPES);
    const found = await instagram.discover(grant);
    const withInstagram = person('fb-ava').pages.filter((p) => p.instagram);
    expect(withInstagram).toHaveLength(2);
    expect(found).toEqual(
      withInstagram.map((p) => ({
        remoteId: p.instagram!.id,
        kind: 'profile',
        userName: p.instagram!.username,
        pictureUrl: `${publicUrl}/sandbox/instagram/avatar/${p.instagram!.id}.svg`,
        grant: expect.objectContaining({ accessExpiresAt: null, refreshToken: null }),
      })),
    );
    // the page's token reads its Instagram account
    const ig = withInstagram[0].instagram!;
    const res = await app.inject({
      method: 'GET',
      url: `/sandbox/instagram/v21.0/${ig.id}?fields=username,followers_count,follows_count,media_count,profile_picture_url`,
      headers: { authorization: `Bearer ${found[0].grant!.accessToken}` },
    });
    expect(res.json()).toEqual({
      id: ig.id,
      username: ig.username,
      followers_count: ig.followers,
      follows_count: ig.follows,
      media_count: ig.media,
      profile_picture_url: found[0].pictureUrl,
    });
    // but not another page's
    const other = await app.inject({
      method: 'GET',
      url: `/sandbox/instagram/v21.0/${withInstagram[1].instagram!.id}`,
      headers: { authorization: `Bearer ${found[0].grant!.accessToken}` },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('a person whose pages have no Instagram account finds none', async () => {
    expect(await instagram.discover(await link(instagram, 'fb-milo'))).toEqual([]);
  });

  it('the fields parameter is read with its nested fields, and an unknown field is refused', async () => {
    expect([...parseFields('id,name,instagram_business_account{id,username},picture.type(large)').entries()]).toEqual([
      ['id', null],
      ['name', null],
      [
        'instagram_business_account',
        new Map([
          ['id', null],
          ['username', null],
        ]),
      ],
      ['picture', null],
    ]);
    const grant = await link(instagram, 'fb-nora');
    const res = await app.inject({
      method: 'GET',
      url: '/sandbox/instagram/v21.0/me/accounts?fields=name,instagram_business_account{username}',
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    expect(res.json().data[0]).toEqual({
      name: 'Nora Travels',
      instagram_business_account: { username: 'noratravels', id: '17841400000000301' },
      id: '104000000000301',
    });
    expect(res.json().data[1]).toEqual({ name: 'Slow City Guides', id: '104000000000302' });
    const bad = await app.inject({
      method: 'GET',
      url: '/sandbox/instagram/v21.0/me/accounts?fields=id,secret_sauce',
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    expect(bad.json().error).toMatchObject({ code: 100, message: expect.stringContaining('(secret_sauce)') });
  });
});

describe('failures are answered in Graph shape and classified by the adapters', () => {
  it('expired_token: 190/463, reconnect', async () => {
    const grant = await link(facebook);
    await control('facebook', { fail: 'expired_token' });
    const err = await networkFailure(facebook.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 400, code: '190/463' });
    expect(await facebook.discover(grant)).toHaveLength(3);
  });

  it("revoking a person stops all their tokens, user's and pages', with 190/458; others' still work", async () => {
    const grant = await link(instagram, 'fb-nora');
    const [account] = await instagram.discover(grant);
    const other = await link(instagram, 'fb-ava');
    const revoked = await app.inject({ method: 'POST', url: '/sandbox/instagram/_revoke', payload: { profile: 'fb-nora' } });
    expect(revoked.json().revoked).toBeGreaterThanOrEqual(3);
    const err = await networkFailure(instagram.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('190/458');
    const page = await app.inject({
      method: 'GET',
      url: `/sandbox/instagram/v21.0/${account.remoteId}`,
      headers: { authorization: `Bearer ${account.grant!.accessToken}` },
    });
    expect(page.json().error).toMatchObject({ code: 190, error_subcode: 458 });
    expect(await instagram.discover(other)).toHaveLength(2);
  });

  it('revoked, asked for: the call and every later one fail with 190/458', async () => {
    const grant = await link(facebook, 'fb-milo');
    await control('facebook', { fail: 'revoked' });
    expect((await networkFailure(facebook.discover(grant))).details.code).toBe('190/458');
    expect((await networkFailure(facebook.discover(grant))).kind).toBe('reconnect');
  });

  it('rate_limit: rate_limited until the usage header says access comes back', async () => {
    const grant = await link(facebook);
    await control('facebook', { fail: 'rate_limit' });
    const before = clock.nowMs();
    const err = await networkFailure(facebook.discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.details).toMatchObject({ status: 400, code: '4' });
    expect(err.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 7 * 60_000);
    expect(err.retryAt!.getTime()).toBeLessThanOrEqual(clock.nowMs() + 7 * 60_000);
  });

  it('missing_permission: (#200), reconnect, saying a permission was not given', async () => {
    const grant = await link(instagram);
    await control('instagram', { fail: 'missing_permission' });
    const err = await networkFailure(instagram.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 403, code: '200' });
    expect(err.reason).toMatch(/permission/);
  });

  it('server_error: 500 with code 2, retry', async () => {
    const grant = await link(facebook);
    await control('facebook', { fail: 'server_error' });
    const err = await networkFailure(facebook.discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(500);
  });

  it('processing_error: an invalid request, permanent', async () => {
    const grant = await link(facebook);
    await control('facebook', { fail: 'processing_error' });
    expect((await networkFailure(facebook.discover(grant))).kind).toBe('permanent');
  });

  it('timeout: no answer in time, retry', async () => {
    const grant = await link(facebook);
    // the network's 15 s deadline, shortened so the test does not wait for it
    const impatient = emulators.impatientFetch;
    await control('facebook', { fail: 'timeout' });
    const err = await networkFailure(createFacebookAdapter(fbSettings, impatient, () => clock.now()).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });

  it('the token call fails the same way: a server error during the exchange is retry', async () => {
    const { url } = await facebook.authorize({ state: 's' });
    const code = (await consent(url, 'allow')).searchParams.get('code');
    await control('facebook', { fail: 'server_error' });
    expect((await networkFailure(facebook.exchange({ code, ...noConsent }, null, clock.now()))).kind).toBe('retry');
  });

  it('each emulator has its own failures: one asked of Instagram does not touch Facebook', async () => {
    const grant = await link(facebook);
    await control('instagram', { fail: 'server_error' });
    expect(await facebook.discover(grant)).toHaveLength(3);
    expect((await control('instagram', {})).json().pending).toEqual(['server_error']);
  });
});

describe('postsSince reads an account back to a moment, answer by answer (two posts an answer here)', () => {
  /** A linked page or Instagram account (the person's first) with its page token. */
  async function account(adapter: TAdapter, profile: string): Promise<{ grant: TGrant; account: TAccountRef }> {
    const [first] = await adapter.discover(await link(adapter, profile));
    return { grant: first.grant!, account: { remoteId: first.remoteId, kind: first.kind } };
  }
  /** Publishes `text` and answers its post id (an Instagram photo is published once its container is finished). */
  async function publish(adapter: TAdapter, a: { grant: TGrant; account: TAccountRef }, text: string): Promise<string> {
    const media = adapter === instagram ? [testPhoto(100_000)] : [];
    let state = await adapter.publish(a.grant, { account: a.account, format: 'post', text, media });
    if (state.state === 'processing') state = await adapter.publishStatus(a.grant, a.account, state.ticket);
    if (state.state !== 'published') throw new Error('not published');
    return state.postId;
  }
  /** The list answers asked for since `from` (an index into `asked`) of the account's `edge`. */
  const answersOf = (from: number, a: TAccountRef, edge: string) =>
    asked.slice(from).filter((u) => new URL(u).pathname.endsWith(`/${a.remoteId}/${edge}`));

  for (const [adapter, profile, edge] of [
    [facebook, 'fb-nora', 'posts'],
    [instagram, 'fb-nora', 'media'],
  ] as const)
    it(`${adapter.network}: finds a post made before 30 newer ones, reading more than one answer`, async () => {
      const a = await account(adapter, profile);
      clock.advance(60_000);
      const since = clock.now();
      const sought = await publish(adapter, a, 'the one looked for');
      const newer: string[] = [];
      for (let i = 0; i < 30; i++) newer.push(await publish(adapter, a, `newer ${i}`));
      const from = asked.length;
      const found = await adapter.postsSince(a.grant, a.account, since);
      expect(found.complete).toBe(true);
      expect(found.posts.map((p) => p.postId)).toEqual([...newer.reverse(), sought]);
      expect(found.posts.at(-1)).toMatchObject({ postId: sought, text: 'the one looked for' });
      // 31 posts at two an answer: 16 answers of the list, each asking for Graph's most (100)
      const answers = answersOf(from, a.account, edge);
      expect(answers).toHaveLength(16);
      expect(new URL(answers[0]).searchParams.get('limit')).toBe('100');
    });

  it('stops at since: posts made before it are not returned, and Graph is asked only for those after', async () => {
    const a = await account(facebook, 'fb-milo');
    clock.advance(60_000);
    for (let i = 0; i < 5; i++) await publish(facebook, a, `older ${i}`);
    clock.advance(60_000);
    const since = clock.now();
    const newer = [await publish(facebook, a, 'newer 1'), await publish(facebook, a, 'newer 2')];
    const from = asked.length;
    const found = await facebook.postsSince(a.grant, a.account, since);
    expect(found).toEqual({
      posts: [expect.objectContaining({ postId: newer[1] }), expect.objectContaining({ postId: newer[0] })],
      complete: true,
    });
    const [first, ...rest] = answersOf(from, a.account, 'posts');
    expect(new URL(first).searchParams.get('since')).toBe(String(Math.floor(since.getTime() / 1000)));
    expect(rest).toEqual([]);
  });

  it(`is not complete when more than POSTS_SINCE_MAX_PAGES (${POSTS_SINCE_MAX_PAGES}) answers would be needed`, async () => {
    const a = await account(facebook, 'fb-milo');
    clock.advance(60_000);
    const since = clock.now();
    const made: string[] = [];
    for (let i = 0; i < 2 * POSTS_SINCE_MAX_PAGES + 1; i++) made.push(await publish(facebook, a, `many ${i}`));
    const from = asked.length;
    const found = await facebook.postsSince(a.grant, a.account, since);
    expect(found.complete).toBe(false);
    // the newest 40 were read; the oldest, on a 21st answer, was not
    expect(found.posts.map((p) => p.postId)).toEqual(made.slice(1).reverse());
    expect(answersOf(from, a.account, 'posts')).toHaveLength(POSTS_SINCE_MAX_PAGES);
  });

  it("Facebook lists a page's stories, archived ones too, and pages them as it pages posts", async () => {
    const a = await account(facebook, 'fb-milo');
    clock.advance(60_000);
    const since = clock.now();
    const story = async () => {
      const state = await facebook.publish(a.grant, {
        account: a.account,
        format: 'story',
        text: '',
        media: [testPhoto(100_000)],
      });
      if (state.state !== 'published') throw new Error('not published');
      return state.postId;
    };
    const stories = [await story(), await story(), await story()];
    clock.advance(25 * 3600_000);
    const found = await facebook.postsSince(a.grant, a.account, since);
    expect(found.complete).toBe(true);
    expect(found.posts.map((p) => p.postId)).toEqual(stories.reverse());
    const listed = await app.inject({
      method: 'GET',
      url: `/sandbox/facebook/v21.0/${a.account.remoteId}/stories`,
      headers: { authorization: `Bearer ${a.grant.accessToken}` },
    });
    expect(listed.json().data[0]).toMatchObject({ post_id: stories[0], status: 'ARCHIVED' });
    expect(listed.json().paging.next).toContain('after=');
  });

  it('a page refuses more than 100 posts in one answer; a cursor it did not give is refused', async () => {
    const a = await account(facebook, 'fb-milo');
    const list = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/sandbox/facebook/v21.0/${a.account.remoteId}/posts?${query}`,
        headers: { authorization: `Bearer ${a.grant.accessToken}` },
      });
    expect((await list('limit=101')).json().error).toMatchObject({ code: 100 });
    expect((await list('limit=100')).statusCode).toBe(200);
    expect((await list('after=bm90LWEtY3Vyc29y')).json().error).toMatchObject({ code: 100 });
  });
});
