import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { callNetwork, retryAtFrom, type TNetworkResponse } from './http';
import { NetworkError, type TConsent, type TFetch, type TGrant, type TNetworkAdapter, type TNetworkSettings } from './types';

/** The fields of /2/users/me the product reads: the handle, the name, the picture and the counts. */
export const X_USER_FIELDS = ['username', 'name', 'profile_image_url', 'public_metrics'];

/** The shape of X's v1.1 and OAuth endpoints' errors. */
type TXErrors = { errors?: { code?: number; message?: string }[] };
/** The shape of X's v2 errors (RFC 7807 problem JSON). */
type TXProblem = { title?: string; detail?: string; type?: string; status?: number; reason?: string };

const PROBLEMS = 'https://api.twitter.com/2/problems/';

/** The code of X's first error (`{errors:[{code}]}`), if the answer has one; a form or text answer has none. */
function errorCode(body: unknown): number | null {
  const first = (body as TXErrors | null)?.errors?.[0];
  return typeof first?.code === 'number' ? first.code : null;
}

/** A form-encoded answer (X's OAuth endpoints answer `a=b&c=d`, labelled text/html). */
function formAnswer(body: unknown): URLSearchParams {
  return new URLSearchParams(typeof body === 'string' ? body : '');
}

/**
 * X (API v2) with OAuth 1.0a: a request token (signed with the consumer only), the person's consent at
 * /oauth/authorize, then an access token for the request token and its verifier (signed with the request token).
 * There is no `state`: the product finds its pending flow by the request token, and keeps the request token's
 * secret to sign the exchange. Access tokens do not expire and cannot be renewed: `refresh` is null.
 * OAuth and v1.1 endpoints answer `{errors:[{code,message}]}`; v2 endpoints answer problem JSON `{title,type,detail}`.
 */
export function createXAdapter(settings: TNetworkSettings, fetchFn: TFetch = fetch, now: () => Date = () => new Date()) {
  const oauth = new OAuth({
    consumer: { key: settings.clientId, secret: settings.clientSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });

  /**
   * The Authorization header of one call: signed with the consumer, and with `token` when given. `extra` are
   * oauth_* parameters (oauth_callback, oauth_verifier) sent in the header and signed with the rest.
   */
  function authorization(method: string, url: string, token: OAuth.Token | null, extra: Record<string, string> = {}) {
    const signed = oauth.authorize({ url, method, data: { ...extra } }, token ?? undefined);
    return oauth.toHeader({ ...signed, ...extra }).Authorization;
  }

  /** A refusal by an OAuth endpoint: `step` is the request-token call or the access-token exchange. */
  function failOAuth(res: TNetworkResponse, at: Date, step: 'request' | 'access'): never {
    const code = errorCode(res.body);
    const message = (res.body as TXErrors | null)?.errors?.[0]?.message;
    const details = { status: res.status, code: code === null ? null : String(code) };
    if (res.status === 429 || code === 88)
      throw new NetworkError('twitter', 'rate_limited', 'X limits how often this can be done; it will be tried again', {
        ...details,
        retryAt: retryAtFrom(res.headers, at, 'x-rate-limit-reset'),
      });
    if (code === 89)
      throw new NetworkError(
        'twitter',
        'reconnect',
        step === 'access'
          ? 'the X sign-in expired or was already used; connect the account again'
          : 'X no longer accepts the saved access',
        details,
      );
    if (code === 326)
      throw new NetworkError(
        'twitter',
        'reconnect',
        'X has locked this account for now; unlock it on X, then connect it again',
        details,
      );
    if (code === 220)
      throw new NetworkError(
        'twitter',
        'reconnect',
        'X access was given without a permission Virality needs; connect the account again',
        details,
      );
    if (code === 415)
      throw new NetworkError('twitter', 'permanent', "X does not accept Virality's return address for signing in", details);
    // a bad signature, a wrong verifier: the consent cannot be finished, but a new one may work
    if (step === 'access') throw new NetworkError('twitter', 'permanent', 'the X sign-in did not complete, try again', details);
    if (code === 32) throw new NetworkError('twitter', 'permanent', "X did not accept Virality's app keys", details);
    throw new NetworkError('twitter', 'permanent', message || `X refused the request (${code ?? res.status})`, details);
  }

  /** A refusal by a v2 endpoint (problem JSON; a few still answer `{errors}`). */
  function failApi(res: TNetworkResponse, at: Date): never {
    const p = (res.body && typeof res.body === 'object' ? res.body : {}) as TXProblem & TXErrors;
    const type = typeof p.type === 'string' ? p.type : '';
    const problem = type.startsWith(PROBLEMS) ? type.slice(PROBLEMS.length) : null;
    const v1Code = errorCode(p);
    const details = {
      status: res.status,
      code: problem ?? (v1Code === null ? null : String(v1Code)) ?? (typeof p.title === 'string' ? p.title : null),
    };
    if (res.status === 429 || v1Code === 88)
      throw new NetworkError('twitter', 'rate_limited', 'X limits how often this can be done; it will be tried again', {
        ...details,
        retryAt: retryAtFrom(res.headers, at, 'x-rate-limit-reset'),
      });
    if (res.status === 401 || v1Code === 89)
      throw new NetworkError('twitter', 'reconnect', 'X no longer accepts the saved access', details);
    if (v1Code === 326)
      throw new NetworkError(
        'twitter',
        'reconnect',
        'X has locked this account for now; unlock it on X, then connect it again',
        details,
      );
    // the access was given under permissions that no longer cover this call: a new consent gives the app's current ones
    if (res.status === 403 && problem === 'oauth1-permissions')
      throw new NetworkError(
        'twitter',
        'reconnect',
        'X access was given without a permission Virality needs; connect the account again',
        details,
      );
    // the app's developer project lacks the access level: Virality's to fix, not the user's
    if (res.status === 403 && problem === 'client-forbidden')
      throw new NetworkError('twitter', 'permanent', "X does not let Virality's app do this yet", details);
    const said = typeof p.detail === 'string' && p.detail ? p.detail : (p.errors?.[0]?.message ?? '');
    throw new NetworkError('twitter', 'permanent', said || `X refused the request (${details.code ?? res.status})`, details);
  }

  async function apiGet(grant: TGrant, path: string, query: Record<string, string>) {
    if (!grant.tokenSecret) throw new NetworkError('twitter', 'reconnect', 'the saved X access is incomplete');
    const at = now();
    const url = `${settings.apiBase}${path}?${new URLSearchParams(query)}`;
    const res = await callNetwork(fetchFn, 'twitter', url, {
      method: 'GET',
      headers: {
        authorization: authorization('GET', url, { key: grant.accessToken, secret: grant.tokenSecret }),
        accept: 'application/json',
      },
    });
    if (res.status >= 400) failApi(res, at);
    return res.body;
  }

  const adapter = {
    network: 'twitter' as const,
    /** A request token for the product's return page; the consent page is X's, for that token. */
    async authorize(_input: { state: string }) {
      const at = now();
      const url = `${settings.authBase}/oauth/request_token`;
      const res = await callNetwork(fetchFn, 'twitter', url, {
        method: 'POST',
        headers: { authorization: authorization('POST', url, null, { oauth_callback: settings.redirectUri }) },
      });
      if (res.status >= 400) failOAuth(res, at, 'request');
      const answer = formAnswer(res.body);
      const token = answer.get('oauth_token');
      const secret = answer.get('oauth_token_secret');
      if (!token || !secret) throw new NetworkError('twitter', 'permanent', 'X answered without a request token');
      if (answer.get('oauth_callback_confirmed') !== 'true')
        throw new NetworkError('twitter', 'permanent', "X did not confirm Virality's return address");
      return {
        url: `${settings.authBase}/oauth/authorize?${new URLSearchParams({ oauth_token: token })}`,
        secret,
        requestToken: token,
      };
    },
    /** The request token and its verifier, brought back by the return page, become an access token and its secret. */
    async exchange(consent: TConsent, secret: string | null, at: Date): Promise<TGrant> {
      if (!consent.oauthToken) throw new NetworkError('twitter', 'permanent', 'X sent no request token back');
      if (!consent.oauthVerifier) throw new NetworkError('twitter', 'permanent', 'X sent no verifier back');
      if (!secret) throw new NetworkError('twitter', 'permanent', 'the X sign-in did not complete, try again');
      const url = `${settings.authBase}/oauth/access_token`;
      const res = await callNetwork(fetchFn, 'twitter', url, {
        method: 'POST',
        headers: {
          authorization: authorization(
            'POST',
            url,
            { key: consent.oauthToken, secret },
            { oauth_verifier: consent.oauthVerifier },
          ),
        },
      });
      if (res.status >= 400) failOAuth(res, at, 'access');
      const answer = formAnswer(res.body);
      const accessToken = answer.get('oauth_token');
      const tokenSecret = answer.get('oauth_token_secret');
      if (!accessToken || !tokenSecret) throw new NetworkError('twitter', 'permanent', 'X answered without an access token');
      return { accessToken, tokenSecret, refreshToken: null, accessExpiresAt: null, refreshExpiresAt: null, scopes: [] };
    },
    refresh: null,
    /** The profile the consent was given for. */
    async discover(grant: TGrant) {
      const body = (await apiGet(grant, '/2/users/me', { 'user.fields': X_USER_FIELDS.join(',') })) as {
        data?: { id?: string; name?: string; username?: string; profile_image_url?: string };
      } | null;
      const u = body?.data;
      if (!u?.id) throw new NetworkError('twitter', 'permanent', 'X did not say whose account this is');
      return [
        {
          remoteId: u.id,
          kind: 'profile' as const,
          userName: u.username || u.name || u.id,
          pictureUrl: u.profile_image_url ?? null,
        },
      ];
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TXAdapter = ReturnType<typeof createXAdapter>;
