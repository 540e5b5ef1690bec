import { describe, expect, it } from 'vitest';
import { answering, networkFailure } from './test-kit';
import type { TGrant } from './types';
import { createYouTubeAdapter, nextPacificMidnight, YOUTUBE_SCOPES } from './youtube';

const settings = {
  clientId: 'cid.apps.googleusercontent.com',
  clientSecret: 'csecret',
  authBase: 'https://accounts.google.com',
  apiBase: 'https://www.googleapis.com',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: 'ya29.act',
  refreshToken: '1//rft',
  tokenSecret: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
  scopes: ['https://www.googleapis.com/auth/youtube.readonly'],
};

/** The Data API's error envelope, as YouTube sends it. */
const apiError = (code: number, reason: string, message: string, domain = 'global') => ({
  error: { code, message, errors: [{ message, domain, reason }] },
});

describe("the YouTube adapter reads Google's documented answers", () => {
  it('the consent address asks for offline access, a fresh consent, the scopes, state and PKCE', async () => {
    const a = createYouTubeAdapter(settings, answering(200, {}).fetchFn);
    const { url, secret, requestToken } = await a.authorize({ state: 'st' });
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const q = u.searchParams;
    expect(q.get('client_id')).toBe('cid.apps.googleusercontent.com');
    expect(q.get('redirect_uri')).toBe('https://app.example/social/return');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')?.split(' ')).toEqual(YOUTUBE_SCOPES);
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('state')).toBe('st');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(secret).toBeTruthy();
    expect(requestToken).toBeNull();
  });

  it('a code becomes tokens at oauth2.googleapis.com/token (form-encoded, with the verifier)', async () => {
    const { fetchFn, calls } = answering(200, {
      access_token: 'ya29.a0new',
      expires_in: 3599,
      refresh_token: '1//0gnew',
      scope: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
      token_type: 'Bearer',
    });
    const g = await createYouTubeAdapter(settings, fetchFn).exchange(
      { code: '4/0Acode', oauthToken: null, oauthVerifier: null },
      'verifier',
      at,
    );
    expect(g).toEqual({
      accessToken: 'ya29.a0new',
      refreshToken: '1//0gnew',
      tokenSecret: null,
      accessExpiresAt: new Date('2026-06-01T12:59:59Z'),
      refreshExpiresAt: null,
      scopes: ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'],
    });
    expect(calls[0].url).toBe('https://oauth2.googleapis.com/token');
    expect(calls[0].init.method).toBe('POST');
    expect(new Headers(calls[0].init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    const sent = new URLSearchParams(String(calls[0].init.body));
    expect(Object.fromEntries(sent)).toEqual({
      client_id: 'cid.apps.googleusercontent.com',
      client_secret: 'csecret',
      code: '4/0Acode',
      grant_type: 'authorization_code',
      redirect_uri: 'https://app.example/social/return',
      code_verifier: 'verifier',
    });
  });

  it('the token call goes to the API base in the sandbox, where the emulator serves every host', async () => {
    const { fetchFn, calls } = answering(200, { access_token: 'ya29.x', expires_in: 3599, token_type: 'Bearer' });
    const sandbox = {
      ...settings,
      authBase: 'http://localhost:3000/sandbox/youtube',
      apiBase: 'http://localhost:3000/sandbox/youtube',
      sandbox: true,
    };
    const a = createYouTubeAdapter(sandbox, fetchFn);
    expect((await a.authorize({ state: 's' })).url).toMatch(/^http:\/\/localhost:3000\/sandbox\/youtube\/o\/oauth2\/v2\/auth\?/);
    await a.exchange({ code: 'c', oauthToken: null, oauthVerifier: null }, null, at);
    expect(calls[0].url).toBe('http://localhost:3000/sandbox/youtube/token');
  });

  it('a refresh answered without a refresh token keeps the one held (Google does not rotate them)', async () => {
    const { fetchFn, calls } = answering(200, {
      access_token: 'ya29.renewed',
      expires_in: 3599,
      scope: 'https://www.googleapis.com/auth/youtube.readonly',
      token_type: 'Bearer',
    });
    const g = await createYouTubeAdapter(settings, fetchFn).refresh(grant, at);
    expect(g.accessToken).toBe('ya29.renewed');
    expect(g.refreshToken).toBe('1//rft');
    expect(g.accessExpiresAt?.toISOString()).toBe('2026-06-01T12:59:59.000Z');
    const sent = new URLSearchParams(String(calls[0].init.body));
    expect(sent.get('grant_type')).toBe('refresh_token');
    expect(sent.get('refresh_token')).toBe('1//rft');
    expect(sent.get('client_secret')).toBe('csecret');
  });

  it('a refresh that does bring a refresh token takes it', async () => {
    const { fetchFn } = answering(200, { access_token: 'ya29.r', expires_in: 3599, refresh_token: '1//other' });
    expect((await createYouTubeAdapter(settings, fetchFn).refresh(grant, at)).refreshToken).toBe('1//other');
  });

  it('a dead refresh token (400 invalid_grant) means the user must reconnect', async () => {
    const { fetchFn } = answering(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    const err = await networkFailure(createYouTubeAdapter(settings, fetchFn).refresh(grant, at));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 400, code: 'invalid_grant' });
  });

  it("a wrong client (401 invalid_client) is Virality's configuration: permanent, not the user's to fix", async () => {
    const { fetchFn } = answering(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    expect((await networkFailure(createYouTubeAdapter(settings, fetchFn).refresh(grant, at))).kind).toBe('permanent');
  });

  it('an expired or revoked access token (401 authError) means reconnect unless renewed', async () => {
    const { fetchFn } = answering(401, {
      error: {
        code: 401,
        message: 'Request had invalid authentication credentials.',
        errors: [
          {
            message: 'Invalid Credentials',
            domain: 'global',
            reason: 'authError',
            location: 'Authorization',
            locationType: 'header',
          },
        ],
        status: 'UNAUTHENTICATED',
      },
    });
    const err = await networkFailure(createYouTubeAdapter(settings, fetchFn).discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 401, code: 'authError' });
  });

  it('a spent daily quota (403 quotaExceeded) waits until the next midnight Pacific time', async () => {
    const { fetchFn } = answering(
      403,
      apiError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.', 'youtube.quota'),
    );
    const err = await networkFailure(createYouTubeAdapter(settings, fetchFn, () => at).discover(grant));
    expect(err.kind).toBe('rate_limited');
    // 12:00 UTC on 1 June is 05:00 PDT (UTC-7): the quota comes back at 07:00 UTC on 2 June
    expect(err.retryAt?.toISOString()).toBe('2026-06-02T07:00:00.000Z');
  });

  it('the next Pacific midnight follows daylight saving time, and is always ahead', () => {
    expect(nextPacificMidnight(new Date('2026-01-15T20:00:00Z')).toISOString()).toBe('2026-01-16T08:00:00.000Z');
    expect(nextPacificMidnight(new Date('2026-01-16T07:59:59Z')).toISOString()).toBe('2026-01-16T08:00:00.000Z');
    expect(nextPacificMidnight(new Date('2026-01-16T08:00:00Z')).toISOString()).toBe('2026-01-17T08:00:00.000Z');
    // 8 March 2026 is the day clocks go forward: its midnight is still PST, the next one PDT
    expect(nextPacificMidnight(new Date('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    // 1 November 2026 is the day clocks go back
    expect(nextPacificMidnight(new Date('2026-11-01T12:00:00Z')).toISOString()).toBe('2026-11-02T08:00:00.000Z');
    expect(nextPacificMidnight(new Date('2026-12-31T09:00:00Z')).toISOString()).toBe('2027-01-01T08:00:00.000Z');
  });

  it('a short-term rate limit (403 rateLimitExceeded) waits for Retry-After, or a minute', async () => {
    const limited = apiError(403, 'rateLimitExceeded', 'The request cannot be completed due to rate limiting.', 'usageLimits');
    const withHeader = answering(403, limited, { 'retry-after': '30' });
    const err = await networkFailure(createYouTubeAdapter(settings, withHeader.fetchFn, () => at).discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.getTime()).toBe(at.getTime() + 30_000);
    const bare = answering(403, apiError(403, 'userRateLimitExceeded', 'User rate limit exceeded.', 'usageLimits'));
    const err2 = await networkFailure(createYouTubeAdapter(settings, bare.fetchFn, () => at).discover(grant));
    expect(err2.kind).toBe('rate_limited');
    expect(err2.retryAt?.getTime()).toBe(at.getTime() + 60_000);
  });

  it('a missing permission (403 insufficientPermissions or forbidden) means reconnect, in plain words', async () => {
    for (const reason of ['insufficientPermissions', 'forbidden']) {
      const { fetchFn } = answering(403, apiError(403, reason, 'Request had insufficient authentication scopes.'));
      const err = await networkFailure(createYouTubeAdapter(settings, fetchFn).categories(grant, 'US'));
      expect(err.kind).toBe('reconnect');
      expect(err.reason).toMatch(/permission/);
      expect(err.details.code).toBe(reason);
    }
  });

  it('a 5xx and a timeout are passing failures (retry), never reconnect', async () => {
    const backend = answering(503, apiError(503, 'backendError', 'Backend Error'));
    expect((await networkFailure(createYouTubeAdapter(settings, backend.fetchFn).discover(grant))).kind).toBe('retry');
    const tokenDown = answering(500, { error: 'internal_failure' });
    expect((await networkFailure(createYouTubeAdapter(settings, tokenDown.fetchFn).refresh(grant, at))).kind).toBe('retry');
    const timingOut = (async () => {
      throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    }) as unknown as typeof fetch;
    const err = await networkFailure(createYouTubeAdapter(settings, timingOut).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });

  it('any other 4xx is permanent, with YouTube message', async () => {
    const { fetchFn } = answering(
      400,
      apiError(400, 'invalidRegionCode', 'The regionCode parameter specifies an invalid region code.'),
    );
    const err = await networkFailure(createYouTubeAdapter(settings, fetchFn).categories(grant, 'XX'));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/regionCode/);
  });

  it('each channel of /youtube/v3/channels?mine=true is a channel account named by its handle, else its title', async () => {
    const { fetchFn, calls } = answering(200, {
      kind: 'youtube#channelListResponse',
      etag: 'e',
      pageInfo: { totalResults: 2, resultsPerPage: 5 },
      items: [
        {
          kind: 'youtube#channel',
          etag: 'e1',
          id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
          snippet: {
            title: 'Google for Developers',
            customUrl: '@googledevelopers',
            thumbnails: {
              default: { url: 'https://yt3.ggpht.com/a=s88', width: 88, height: 88 },
              medium: { url: 'https://yt3.ggpht.com/a=s240', width: 240, height: 240 },
            },
          },
          statistics: { viewCount: '1000', subscriberCount: '10', hiddenSubscriberCount: false, videoCount: '5' },
        },
        {
          kind: 'youtube#channel',
          etag: 'e2',
          id: 'UCbrandchannel000000000',
          snippet: { title: 'Brand Channel', thumbnails: {} },
          statistics: { viewCount: '0', subscriberCount: '0', hiddenSubscriberCount: true, videoCount: '0' },
        },
      ],
    });
    const found = await createYouTubeAdapter(settings, fetchFn).discover(grant);
    expect(found).toEqual([
      {
        remoteId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
        kind: 'channel',
        userName: 'googledevelopers',
        pictureUrl: 'https://yt3.ggpht.com/a=s88',
      },
      { remoteId: 'UCbrandchannel000000000', kind: 'channel', userName: 'Brand Channel', pictureUrl: null },
    ]);
    const u = new URL(calls[0].url);
    expect(u.origin + u.pathname).toBe('https://www.googleapis.com/youtube/v3/channels');
    expect(u.searchParams.get('part')).toBe('snippet,statistics');
    expect(u.searchParams.get('mine')).toBe('true');
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe('Bearer ya29.act');
  });

  it('a Google account without a channel finds none (YouTube leaves items out)', async () => {
    const { fetchFn } = answering(200, { kind: 'youtube#channelListResponse', etag: 'e', pageInfo: { totalResults: 0 } });
    expect(await createYouTubeAdapter(settings, fetchFn).discover(grant)).toEqual([]);
  });

  it('categories are the assignable ones of /youtube/v3/videoCategories for the region', async () => {
    const { fetchFn, calls } = answering(200, {
      kind: 'youtube#videoCategoryListResponse',
      etag: 'e',
      items: [
        {
          kind: 'youtube#videoCategory',
          etag: 'a',
          id: '1',
          snippet: { title: 'Film & Animation', assignable: true, channelId: 'UCBR8-60-B28hp2BmDPdntcQ' },
        },
        {
          kind: 'youtube#videoCategory',
          etag: 'b',
          id: '18',
          snippet: { title: 'Short Movies', assignable: false, channelId: 'UCBR8-60-B28hp2BmDPdntcQ' },
        },
        {
          kind: 'youtube#videoCategory',
          etag: 'c',
          id: '22',
          snippet: { title: 'People & Blogs', assignable: true, channelId: 'UCBR8-60-B28hp2BmDPdntcQ' },
        },
      ],
    });
    expect(await createYouTubeAdapter(settings, fetchFn).categories(grant, 'GB')).toEqual([
      { id: '1', title: 'Film & Animation' },
      { id: '22', title: 'People & Blogs' },
    ]);
    const u = new URL(calls[0].url);
    expect(u.origin + u.pathname).toBe('https://www.googleapis.com/youtube/v3/videoCategories');
    expect(u.searchParams.get('part')).toBe('snippet');
    expect(u.searchParams.get('regionCode')).toBe('GB');
  });
});
