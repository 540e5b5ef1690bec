import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_LINKEDIN_CLIENT } from '../facts';
import { benchRemoteId, benchRoster, type TCallKind } from './bench';
import {
  answerFailure,
  answerLosses,
  bearerToken,
  consentPage,
  esc,
  forgetWhere,
  oauthError,
  registerEmulatorTools,
  revokeTokens,
  sameOrigin,
  startEmulator,
  type TDemoProfile,
  type TEmulatorFailure,
  type TEmulatorOptions,
  type TFailureScope,
  zConsentChoice,
} from './kit';

export { SANDBOX_LINKEDIN_CLIENT };

/** LinkedIn's figures: access tokens last 60 days, refresh tokens (partner apps) a fixed 365 days from the consent. */
const ACCESS_TTL_SECONDS = 60 * 24 * 3600;
const REFRESH_TTL_SECONDS = 365 * 24 * 3600;
const CODE_TTL_MS = 10 * 60_000;
const LINKEDIN_BLUE = '#0a66c2';

/** A demo organization page: `id` names its picture; `orgId` is LinkedIn's number for it. */
export type TDemoOrganization = TDemoProfile & { orgId: number; vanityName: string; hasLogo: boolean };

/** A role a member holds on an organization page (only approved administrators may link it). */
export type TDemoRole = {
  organization: string;
  role: 'ADMINISTRATOR' | 'ANALYST' | 'CONTENT_ADMINISTRATOR' | 'RECRUITING_POSTER';
  state: 'APPROVED' | 'REQUESTED' | 'REJECTED' | 'REVOKED';
};

/** A demo member: `id` is what the consent page and /_revoke name it by; `sub` is what /v2/userinfo answers. */
export type TDemoMember = TDemoProfile & {
  sub: string;
  givenName: string;
  familyName: string;
  email: string;
  roles: TDemoRole[];
};

export const LINKEDIN_DEMO_ORGANIZATIONS: TDemoOrganization[] = [
  {
    id: 'li-org-ava-kitchen',
    orgId: 90_210_001,
    vanityName: 'ava-cooks-kitchen',
    userName: 'ava-cooks-kitchen',
    displayName: 'Ava Cooks Kitchen',
    color: '#e16745',
    hasLogo: true,
  },
  {
    id: 'li-org-fresh-table',
    orgId: 90_210_002,
    vanityName: 'fresh-table-co',
    userName: 'fresh-table-co',
    displayName: 'Fresh Table Co.',
    color: '#2e7d32',
    hasLogo: true,
  },
  {
    id: 'li-org-wanderlust',
    orgId: 90_210_003,
    vanityName: 'wanderlust-guides',
    userName: 'wanderlust-guides',
    displayName: 'Wanderlust Guides',
    color: '#6a1b9a',
    // a page that never uploaded a logo
    hasLogo: false,
  },
];

export const LINKEDIN_DEMO_MEMBERS: TDemoMember[] = [
  {
    id: 'li-ava',
    sub: 'sbxAva7Qm2',
    userName: 'ava-cooks',
    displayName: 'Ava Cooks',
    givenName: 'Ava',
    familyName: 'Cooks',
    email: 'ava@example.com',
    color: LINKEDIN_BLUE,
    roles: [
      { organization: 'li-org-ava-kitchen', role: 'ADMINISTRATOR', state: 'APPROVED' },
      { organization: 'li-org-fresh-table', role: 'ADMINISTRATOR', state: 'APPROVED' },
      // an analyst may read a page's figures but not post for it: not linkable
      { organization: 'li-org-wanderlust', role: 'ANALYST', state: 'APPROVED' },
    ],
  },
  {
    id: 'li-milo',
    sub: 'sbxMilo4Kp9',
    userName: 'milo-moves',
    displayName: 'Milo Moves',
    givenName: 'Milo',
    familyName: 'Moves',
    email: 'milo@example.com',
    color: '#004182',
    roles: [],
  },
  {
    id: 'li-nora',
    sub: 'sbxNora1Xt5',
    userName: 'nora-travels',
    displayName: 'Nora Travels',
    givenName: 'Nora',
    familyName: 'Travels',
    email: 'nora@example.com',
    color: '#057642',
    roles: [
      { organization: 'li-org-wanderlust', role: 'ADMINISTRATOR', state: 'APPROVED' },
      // asked to be an administrator, not yet approved
      { organization: 'li-org-fresh-table', role: 'ADMINISTRATOR', state: 'REQUESTED' },
    ],
  },
];

/** Where benchmark mode's generated organization numbers start: 903 followed by five digits of their number. */
const BENCH_ORG_STEM = '903';
/** Benchmark mode's generated organization pages (`li-org-bench-0001`, …), one per generated member. */
export const linkedinBenchOrganizations = (count: number | undefined) =>
  benchRoster<TDemoOrganization>('li-org', count, (n, p) => ({
    ...p,
    orgId: Number(benchRemoteId(BENCH_ORG_STEM, n, 5)),
    userName: `bench-${p.id.slice(-4)}-org`,
    vanityName: `bench-${p.id.slice(-4)}-org`,
    displayName: `${p.displayName} Org`,
    hasLogo: false,
  }));
/**
 * Benchmark mode's generated members (`li-bench-0001`, …): each a person of its own and the approved administrator
 * of its own organization page, so that linking member k links a profile (or a page) no one else has.
 */
export const linkedinBenchMembers = (count: number | undefined) =>
  benchRoster<TDemoMember>('li', count, (_n, p) => ({
    ...p,
    sub: `sbxBench${p.id.slice(-4)}`,
    givenName: 'Bench',
    familyName: p.id.slice(-4),
    email: `${p.id}@example.com`,
    roles: [{ organization: `li-org-bench-${p.id.slice(-4)}`, role: 'ADMINISTRATOR', state: 'APPROVED' }],
  }));

/** How long each LinkedIn call takes with benchmark latency, by what it does. */
function linkedinCallKind(method: string, route: string): TCallKind {
  if (route.endsWith('/oauth/v2/accessToken')) return 'token';
  if (route.includes('/upload/')) return 'upload';
  if (method === 'POST' && route.endsWith('/rest/posts')) return 'post';
  return 'read';
}

/** The consent page words LinkedIn uses for each scope the product may ask for. */
const SCOPE_WORDS: Record<string, string> = {
  openid: 'Use your name and photo',
  profile: 'Use your name and photo',
  email: 'Use the primary email address associated with your LinkedIn account',
  w_member_social: 'Create, modify, and delete posts, comments, and reactions on your behalf',
  r_organization_social: "Retrieve your organizations' posts, comments, reactions, and other engagement data",
  w_organization_social: "Create, modify, and delete posts, comments, and reactions on your organization's behalf",
  rw_organization_admin: "Manage your organizations' pages and retrieve reporting data",
  r_organization_admin: "Retrieve your organizations' pages and their reporting data",
};
/** Scopes that may list the organizations a member administers and read their pages. */
const ORGANIZATION_SCOPES = ['rw_organization_admin', 'r_organization_admin', 'r_organization_social', 'w_organization_social'];

type TCode = { memberId: string; redirectUri: string; scopes: string[]; expiresAt: number };
type TToken = { memberId: string; scopes: string[]; expiresAt: number; revoked: boolean };
type TRefresh = { memberId: string; scopes: string[]; expiresAt: number };
/**
 * What a call is, for the failures a test keeps for publishes or reads (`kind`) and for one account (`account`: the
 * member's or the organization's URN, as the product links it). `failure`: one already taken from the queue for it.
 */
type TCallFor = { kind: TFailureScope; account: string | null; failure?: TEmulatorFailure | null };

/** The most posts one page of /rest/posts?q=author holds, and what it holds when no count is given. */
const POSTS_COUNT_MAX = 100;
const POSTS_COUNT_DEFAULT = 10;
const POSTS_SORTS = ['LAST_MODIFIED', 'CREATED'];

const imageId = (o: TDemoOrganization) => `C4E0BAQsandbox${o.orgId}`;

/**
 * The LinkedIn emulator: LinkedIn's OAuth 2.0 (consent page, /oauth/v2/accessToken without PKCE, refresh tokens
 * as a partner app gets them: the same one answered back with what remains of its fixed year), OpenID's
 * /v2/userinfo, and the versioned /rest calls the product makes to find the organization pages a member
 * administers, with LinkedIn's answer shapes (`{status, serviceErrorCode, code, message}`, OAuth's
 * `{error, error_description}`). Every /rest call must name a LinkedIn-Version. LinkedIn's two hosts are one base
 * here. Time is the product's clock, so moving it expires tokens. POST /sandbox/linkedin/_control makes the next
 * calls fail. Benchmark mode: `benchProfiles` generated members (and their pages), and `latency` before each
 * API answer.
 */
export const linkedinEmulatorRoutes =
  (opts: TEmulatorOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/sandbox/linkedin';
    const tags = ['Sandbox: LinkedIn'];
    const { failures, hang } = startEmulator(app, {
      base,
      network: 'linkedin',
      setting: opts.latency,
      pages: [`${base}/oauth/v2/authorization`],
      kindOf: linkedinCallKind,
    });
    const benchMembers = linkedinBenchMembers(opts.benchProfiles);
    const benchOrganizations = linkedinBenchOrganizations(opts.benchProfiles);
    const codes = new Map<string, TCode>();
    const access = new Map<string, TToken>();
    const refresh = new Map<string, TRefresh>();
    const memberOf = (id: string) => LINKEDIN_DEMO_MEMBERS.find((m) => m.id === id) ?? benchMembers.byId(id);
    const organizationOf = (id: string) => LINKEDIN_DEMO_ORGANIZATIONS.find((o) => o.id === id) ?? benchOrganizations.byId(id);
    /** An organization by LinkedIn's number for it, or by its URN (`urn:li:organization:…`). */
    const organizationByNumber = (orgId: string) =>
      LINKEDIN_DEMO_ORGANIZATIONS.find((o) => String(o.orgId) === orgId) ??
      benchOrganizations.byRemote(orgId, BENCH_ORG_STEM, (o) => String(o.orgId));
    const organizationByUrn = (urn: string) =>
      urn.startsWith('urn:li:organization:') ? organizationByNumber(urn.slice('urn:li:organization:'.length)) : null;
    /** The avatar route draws members and organization logos alike. */
    const profileOf = (id: string): TDemoProfile | null => memberOf(id) ?? organizationOf(id);
    const pictureUrl = (p: TDemoProfile) => `${opts.publicUrl}${base}/avatar/${p.id}.svg`;

    /** As a member removing the app in LinkedIn's settings would: every token of the member stops working. */
    function revokeMember(memberId: string): number {
      const revoked = revokeTokens(access, (t) => t.memberId === memberId);
      forgetWhere(refresh, (r) => r.memberId === memberId);
      return revoked;
    }

    /** LinkedIn's API error envelope. */
    const apiError = (
      reply: FastifyReply,
      status: number,
      message: string,
      extra: { serviceErrorCode?: number; code?: string } = {},
    ) => reply.status(status).send({ status, ...extra, message });

    const expired = (reply: FastifyReply) =>
      apiError(reply, 401, 'The token used in the request has expired', {
        serviceErrorCode: 65601,
        code: 'EXPIRED_ACCESS_TOKEN',
      });
    const revokedAnswer = (reply: FastifyReply) =>
      apiError(reply, 401, 'The token used in the request has been revoked by the user', {
        serviceErrorCode: 65602,
        code: 'REVOKED_ACCESS_TOKEN',
      });
    const accessDenied = (reply: FastifyReply, what: string) =>
      apiError(reply, 403, `Not enough permissions to access: ${what}`, { serviceErrorCode: 100, code: 'ACCESS_DENIED' });

    /** Posts to be made whose answers are then lost (held like a timeout, then a 504). */
    const losses = answerLosses();

    /** The URN of the member whose token a call carries (live or not), or null: the account a call is for by default. */
    function tokenAccount(req: FastifyRequest): string | null {
      const token = bearerToken(req);
      const row = token ? access.get(token) : undefined;
      const member = row ? memberOf(row.memberId) : null;
      return member ? `urn:li:person:${member.sub}` : null;
    }

    /**
     * A failure asked for by a test (one for any call, for this call's kind, or for its account), answered in the
     * API's shape. Returns true when it answered.
     */
    function injectedApi(req: FastifyRequest, reply: FastifyReply, call: TCallFor): Promise<boolean> {
      const failure = call.failure !== undefined ? call.failure : failures.next(call.kind, call.account);
      return answerFailure(failure, hang, () => ({
        expired_token: () => expired(reply),
        revoked: () => {
          const token = bearerToken(req);
          const row = token ? access.get(token) : undefined;
          if (row) revokeMember(row.memberId);
          return revokedAnswer(reply);
        },
        // LinkedIn's limits are daily: the answer says nothing of when they lift
        rate_limit: () =>
          apiError(reply, 429, 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.'),
        server_error: () => apiError(reply, 500, 'Internal Server Error', { code: 'INTERNAL_SERVER_ERROR' }),
        missing_permission: () => accessDenied(reply, `${req.method} ${req.url.replace(base, '').split('?')[0]}`),
        processing_error: () =>
          apiError(reply, 400, 'The request could not be processed: a parameter has an invalid value.', {
            serviceErrorCode: 100,
            code: 'ILLEGAL_ARGUMENT',
          }),
        timeout: () => apiError(reply, 504, 'Gateway Timeout'),
      }));
    }

    /**
     * A failure asked for by a test, answered in the shape of LinkedIn's token endpoint: only one asked for any call
     * (a token call is neither a publish nor a read, and names no account).
     */
    function injectedOAuth(body: Record<string, string>, reply: FastifyReply): Promise<boolean> {
      const invalidGrant = () =>
        oauthError(
          reply,
          400,
          'invalid_grant',
          'The provided authorization grant or refresh token is invalid, expired or revoked',
        );
      return answerFailure(failures.next(), hang, () => ({
        timeout: () => oauthError(reply, 504, 'temporarily_unavailable', 'Gateway Timeout'),
        server_error: () => oauthError(reply, 500, 'server_error', 'Internal Server Error'),
        rate_limit: () =>
          apiError(reply, 429, 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.'),
        missing_permission: () => oauthError(reply, 400, 'invalid_scope', 'The requested permission scope is not valid'),
        processing_error: () => oauthError(reply, 400, 'invalid_request', 'A required parameter has an invalid value'),
        expired_token: invalidGrant,
        revoked: () => {
          const row = body.refresh_token ? refresh.get(body.refresh_token) : undefined;
          if (row) revokeMember(row.memberId);
          return invalidGrant();
        },
      }));
    }

    /** The token of the call, if it is live and carries one of `anyOf` (every scope will do when empty). */
    function bearer(req: FastifyRequest, reply: FastifyReply, anyOf: string[] = []): TToken | null {
      const token = bearerToken(req);
      const row = token ? access.get(token) : undefined;
      if (!row) {
        apiError(reply, 401, 'Invalid access token', { serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN' });
        return null;
      }
      if (row.revoked) {
        revokedAnswer(reply);
        return null;
      }
      if (row.expiresAt <= opts.clock.nowMs()) {
        expired(reply);
        return null;
      }
      if (anyOf.length && !anyOf.some((s) => row.scopes.includes(s))) {
        accessDenied(reply, `${req.method} ${req.url.replace(base, '').split('?')[0]}`);
        return null;
      }
      return row;
    }

    /** Every versioned call names its version (YYYYMM or YYYYMM.RR); LinkedIn refuses it otherwise. */
    function versioned(req: FastifyRequest, reply: FastifyReply): boolean {
      const version = req.headers['linkedin-version'];
      if (typeof version !== 'string' || !version) {
        apiError(reply, 400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', {
          code: 'VERSION_MISSING',
        });
        return false;
      }
      if (!/^\d{6}(\.\d{2})?$/.test(version)) {
        apiError(reply, 400, `Requested version ${version} is not active`, { code: 'NONEXISTENT_VERSION' });
        return false;
      }
      return true;
    }

    /**
     * Failure, version and token checks every /rest call makes, in LinkedIn's order. `call`: a publish or a read, for
     * the account it names (by default the member whose token it carries).
     */
    async function restCall(
      req: FastifyRequest,
      reply: FastifyReply,
      call: Omit<TCallFor, 'account'> & { account?: string | null },
      anyOf: string[] = [],
    ): Promise<TToken | null> {
      if (!versioned(req, reply)) return null;
      if (await injectedApi(req, reply, { ...call, account: call.account === undefined ? tokenAccount(req) : call.account }))
        return null;
      return bearer(req, reply, anyOf);
    }

    function issueAccess(memberId: string, scopes: string[]) {
      const accessToken = `AQV${randomBytes(48).toString('base64url')}`;
      access.set(accessToken, {
        memberId,
        scopes,
        expiresAt: opts.clock.nowMs() + ACCESS_TTL_SECONDS * 1000,
        revoked: false,
      });
      return { access_token: accessToken, expires_in: ACCESS_TTL_SECONDS };
    }

    /** LinkedIn's consent errors before the return address is trusted are a page for the person, not a redirect. */
    const errorPage = (reply: FastifyReply, status: number, error: string, detail: string) =>
      reply
        .status(status)
        .type('text/html')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LinkedIn: ${esc(error)}</title></head><body><main><h1>Bummer, something went wrong.</h1><p>${esc(error)}</p><p>${esc(detail)}</p></main></body></html>`,
        );

    const zAuthorize = z.object({
      response_type: z.literal('code'),
      client_id: z.string(),
      redirect_uri: z.string(),
      state: z.string(),
      scope: z.string(),
    });

    app.get(
      `${base}/oauth/v2/authorization`,
      { schema: { tags, summary: 'Consent page', querystring: zAuthorize } },
      async (req, reply) => {
        const q = req.query;
        if (q.client_id !== SANDBOX_LINKEDIN_CLIENT.clientId)
          return errorPage(reply, 401, 'invalid_client', 'The passed in client_id is invalid');
        if (!sameOrigin(q.redirect_uri, opts.productUrl ?? opts.publicUrl))
          return errorPage(reply, 400, 'invalid_redirect_uri', 'The redirect_uri does not match the registered value');
        const scopes = q.scope.split(/[\s,]+/).filter(Boolean);
        const unknown = scopes.filter((s) => !SCOPE_WORDS[s]);
        if (!scopes.length || unknown.length) {
          // once the return address is known good, LinkedIn sends scope errors back to it
          const back = new URL(q.redirect_uri);
          back.searchParams.set('error', 'unauthorized_scope_error');
          back.searchParams.set('error_description', `Scope "${unknown[0] ?? ''}" is not authorized for your application`);
          back.searchParams.set('state', q.state);
          return reply.redirect(back.toString(), 302);
        }
        return reply.type('text/html').send(
          consentPage({
            network: 'LinkedIn',
            color: LINKEDIN_BLUE,
            scopes: [...new Set(scopes.map((s) => SCOPE_WORDS[s]))],
            profiles: [...LINKEDIN_DEMO_MEMBERS, ...benchMembers.all()],
            action: `${base}/oauth/v2/authorization`,
            avatarBase: `${base}/avatar`,
            hidden: { redirect_uri: q.redirect_uri, state: q.state, scope: scopes.join(' ') },
          }),
        );
      },
    );

    app.post(
      `${base}/oauth/v2/authorization`,
      {
        schema: {
          tags,
          summary: 'Consent given or refused: back to the product',
          body: z.object({
            redirect_uri: z.string(),
            state: z.string(),
            scope: z.string(),
            ...zConsentChoice,
          }),
        },
      },
      async (req, reply) => {
        const b = req.body;
        if (!sameOrigin(b.redirect_uri, opts.productUrl ?? opts.publicUrl))
          return reply.status(400).send('redirect_uri is not registered');
        const back = new URL(b.redirect_uri);
        if (b.decision === 'cancel') {
          back.searchParams.set('error', 'user_cancelled_authorize');
          back.searchParams.set('error_description', 'The user cancelled the authorization');
        } else if (!b.profile || !memberOf(b.profile)) {
          // nobody signed in: as a member closing LinkedIn's sign-in page
          back.searchParams.set('error', 'user_cancelled_login');
          back.searchParams.set('error_description', 'The user cancelled LinkedIn login');
        } else {
          const code = `AQ${randomBytes(60).toString('base64url')}`;
          codes.set(code, {
            memberId: b.profile,
            redirectUri: b.redirect_uri,
            scopes: b.scope.split(/[\s,]+/).filter(Boolean),
            expiresAt: opts.clock.nowMs() + CODE_TTL_MS,
          });
          back.searchParams.set('code', code);
        }
        back.searchParams.set('state', b.state);
        return reply.redirect(back.toString(), 302);
      },
    );

    app.post(
      `${base}/oauth/v2/accessToken`,
      {
        schema: {
          tags,
          summary: 'Tokens for a code, or a new access token for a refresh token',
          body: z.record(z.string(), z.string()),
        },
      },
      async (req, reply) => {
        const b = req.body;
        if (await injectedOAuth(b, reply)) return reply;
        reply.header('cache-control', 'no-store');
        const refused = (description: string, error = 'invalid_grant', status = 400) =>
          oauthError(reply, status, error, description);
        if (b.client_id !== SANDBOX_LINKEDIN_CLIENT.clientId || b.client_secret !== SANDBOX_LINKEDIN_CLIENT.clientSecret)
          return refused('Client authentication failed', 'invalid_client', 401);
        const nowMs = opts.clock.nowMs();
        if (b.grant_type === 'authorization_code') {
          if (!b.code) return refused('A required parameter "code" is missing', 'invalid_request');
          const code = codes.get(b.code);
          // a code is spent by its first use, right or wrong, so a stolen one cannot be tried again
          codes.delete(b.code);
          if (!code || code.expiresAt <= nowMs)
            return refused('The provided authorization grant is invalid, expired, revoked or was already used');
          if (code.redirectUri !== b.redirect_uri)
            return refused(
              'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code',
              'invalid_request',
            );
          const refreshToken = `AQX${randomBytes(48).toString('base64url')}`;
          refresh.set(refreshToken, {
            memberId: code.memberId,
            scopes: code.scopes,
            expiresAt: nowMs + REFRESH_TTL_SECONDS * 1000,
          });
          return {
            ...issueAccess(code.memberId, code.scopes),
            refresh_token: refreshToken,
            refresh_token_expires_in: REFRESH_TTL_SECONDS,
            scope: code.scopes.join(','),
            token_type: 'Bearer',
          };
        }
        if (b.grant_type === 'refresh_token') {
          const row = b.refresh_token ? refresh.get(b.refresh_token) : undefined;
          if (!row || row.expiresAt <= nowMs)
            return refused('The provided authorization grant or refresh token is invalid, expired or revoked');
          // the same refresh token comes back, with what remains of its fixed life
          return {
            ...issueAccess(row.memberId, row.scopes),
            refresh_token: b.refresh_token,
            refresh_token_expires_in: Math.floor((row.expiresAt - nowMs) / 1000),
            scope: row.scopes.join(','),
            token_type: 'Bearer',
          };
        }
        return refused(`Unsupported grant_type: ${b.grant_type ?? ''}`, 'unsupported_grant_type');
      },
    );

    app.get(`${base}/v2/userinfo`, { schema: { tags, summary: 'The member behind a token (OpenID)' } }, async (req, reply) => {
      if (await injectedApi(req, reply, { kind: 'read', account: tokenAccount(req) })) return reply;
      const t = bearer(req, reply, ['openid', 'profile']);
      if (!t) return reply;
      const m = memberOf(t.memberId)!;
      return {
        sub: m.sub,
        email_verified: true,
        name: m.displayName,
        locale: { country: 'US', language: 'en' },
        given_name: m.givenName,
        family_name: m.familyName,
        ...(t.scopes.includes('email') ? { email: m.email } : {}),
        picture: pictureUrl(m),
      };
    });

    app.get(
      `${base}/rest/organizationAcls`,
      {
        schema: {
          tags,
          summary: 'The organizations a member holds a role on',
          querystring: z.object({
            q: z.string().optional(),
            role: z.string().optional(),
            state: z.string().optional(),
            start: z.coerce.number().int().min(0).optional(),
            count: z.coerce.number().int().min(0).optional(),
          }),
        },
      },
      async (req, reply) => {
        const t = await restCall(req, reply, { kind: 'read' }, ORGANIZATION_SCOPES);
        if (!t) return reply;
        const q = req.query;
        if (q.q !== 'roleAssignee')
          return apiError(reply, 400, 'Invalid query parameters passed to request', {
            serviceErrorCode: 100,
            code: 'QUERY_PARAM_NOT_ALLOWED',
          });
        const m = memberOf(t.memberId)!;
        const all = m.roles
          .filter((r) => (!q.role || r.role === q.role) && (!q.state || r.state === q.state))
          .map((r) => ({
            roleAssignee: `urn:li:person:${m.sub}`,
            state: r.state,
            role: r.role,
            organization: `urn:li:organization:${organizationOf(r.organization)!.orgId}`,
          }));
        const start = q.start ?? 0;
        const count = q.count ?? 10;
        return { paging: { start, count, total: all.length, links: [] }, elements: all.slice(start, start + count) };
      },
    );

    app.get(
      `${base}/rest/organizations/:id`,
      { schema: { tags, summary: 'An organization page', params: z.object({ id: z.string() }) } },
      async (req, reply) => {
        if (!(await restCall(req, reply, { kind: 'read', account: `urn:li:organization:${req.params.id}` }))) return reply;
        const o = organizationByNumber(req.params.id);
        if (!o) return apiError(reply, 404, `Organization ${req.params.id} not found`, { code: 'NOT_FOUND' });
        return {
          id: o.orgId,
          localizedName: o.displayName,
          name: { localized: { en_US: o.displayName }, preferredLocale: { country: 'US', language: 'en' } },
          vanityName: o.vanityName,
          primaryOrganizationType: 'NONE',
          organizationType: 'PRIVATELY_HELD',
          ...(o.hasLogo
            ? {
                logoV2: {
                  original: `urn:li:digitalmediaAsset:${imageId(o)}`,
                  cropped: `urn:li:digitalmediaAsset:${imageId(o)}`,
                  cropInfo: { x: 0, y: 0, width: 0, height: 0 },
                },
              }
            : {}),
        };
      },
    );

    app.get(
      `${base}/rest/images/:urn`,
      { schema: { tags, summary: 'Where to download an image', params: z.object({ urn: z.string() }) } },
      async (req, reply) => {
        const o = LINKEDIN_DEMO_ORGANIZATIONS.find((x) => x.hasLogo && `urn:li:image:${imageId(x)}` === req.params.urn);
        const upload = kept(images.get(req.params.urn));
        // a logo is read for its organization, an uploaded photo for its owner
        const token = await restCall(req, reply, {
          kind: 'read',
          account: o ? `urn:li:organization:${o.orgId}` : upload?.owner,
        });
        if (!token) return reply;
        if (upload && !o) {
          if (upload.memberId !== token.memberId)
            return apiError(reply, 403, `Not enough permissions to access: GET /rest/images/${req.params.urn}`, {
              code: 'ACCESS_DENIED',
            });
          return { id: req.params.urn, owner: upload.owner, status: upload.uploaded ? 'AVAILABLE' : 'WAITING_UPLOAD' };
        }
        if (!o) return apiError(reply, 404, `Image ${req.params.urn} not found`, { code: 'NOT_FOUND' });
        return {
          id: req.params.urn,
          owner: `urn:li:organization:${o.orgId}`,
          status: 'AVAILABLE',
          downloadUrl: pictureUrl(o),
          downloadUrlExpiresAt: opts.clock.nowMs() + 3600_000,
        };
      },
    );

    // ---- posting: image and video uploads, posts, their figures, and organization followers ----

    /** A photo or video upload: whose, whether its bytes are in, when it was started and whether a post uses it. */
    type TUpload = { owner: string; memberId: string; uploaded: boolean; startedAtMs: number; used: boolean };
    type TVideo = TUpload & {
      parts: { firstByte: number; lastByte: number; etag: string | null }[];
      finalized: boolean;
      polls: number;
      failed: boolean;
    };
    type TPost = { id: string; author: string; memberId: string; commentary: string; createdAt: number };
    const images = new Map<string, TUpload>();
    const videos = new Map<string, TVideo>();
    const posts: TPost[] = [];
    let postSeq = 7_300_000_000_000_000_000n;
    const PART_BYTES = 4 * 1024 * 1024;
    const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
    /**
     * How long an upload no post uses is kept. LinkedIn does not document it; the sandbox forgets such an upload a day
     * after it was started (what the product counts on at most), so a post naming it later is refused.
     */
    const UNUSED_UPLOAD_TTL_MS = 24 * 3600_000;
    /** The upload, if the sandbox still has it. */
    const kept = <T extends TUpload>(m: T | undefined): T | undefined =>
      m && (m.used || opts.clock.nowMs() < m.startedAtMs + UNUSED_UPLOAD_TTL_MS) ? m : undefined;

    if (app.hasContentTypeParser('application/octet-stream')) app.removeContentTypeParser('application/octet-stream');
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) =>
      done(null, body),
    );

    /** May this member act as `author` (itself, or an organization it administers), with the scope that needs? */
    function mayActAs(token: TToken, author: string): boolean {
      const member = memberOf(token.memberId);
      if (!member) return false;
      if (author === `urn:li:person:${member.sub}`) return token.scopes.includes('w_member_social');
      const org = organizationByUrn(author);
      const admin =
        org && member.roles.some((r) => r.organization === org.id && r.role === 'ADMINISTRATOR' && r.state === 'APPROVED');
      return Boolean(admin) && token.scopes.includes('w_organization_social');
    }

    /** Figures a post has gathered by now: 40 views a minute since it went out, the rest in proportion. */
    function figures(p: TPost) {
      const minutes = Math.max(0, Math.floor((opts.clock.nowMs() - p.createdAt) / 60_000));
      const views = Math.min(100_000, minutes * 40);
      return {
        views,
        likes: Math.floor(views / 10),
        comments: Math.floor(views / 50),
        shares: Math.floor(views / 100),
        clicks: Math.floor(views / 20),
      };
    }

    const actionOf = (req: FastifyRequest) => (req.query as { action?: string }).action;

    app.post(
      `${base}/rest/images`,
      { schema: { tags, summary: 'Start a photo upload (action=initializeUpload)' } },
      async (req, reply) => {
        const owner = (req.body as { initializeUploadRequest?: { owner?: string } } | null)?.initializeUploadRequest?.owner ?? '';
        const token = await restCall(req, reply, { kind: 'publish', account: owner || undefined });
        if (!token) return reply;
        if (actionOf(req) !== 'initializeUpload') return apiError(reply, 400, 'Unsupported action', { code: 'ILLEGAL_ARGUMENT' });
        if (!mayActAs(token, owner)) return accessDenied(reply, `POST /rest/images for ${owner}`);
        const urn = `urn:li:image:D4E10AQ${randomBytes(9).toString('base64url')}`;
        images.set(urn, { owner, memberId: token.memberId, uploaded: false, startedAtMs: opts.clock.nowMs(), used: false });
        return {
          value: {
            uploadUrlExpiresAt: opts.clock.nowMs() + 3600_000,
            uploadUrl: `${opts.publicUrl}${base}/upload/image/${encodeURIComponent(urn)}`,
            image: urn,
          },
        };
      },
    );

    app.post(
      `${base}/rest/videos`,
      { schema: { tags, summary: 'Start or finish a video upload (action=initializeUpload|finalizeUpload)' } },
      async (req, reply) => {
        const body = req.body as {
          initializeUploadRequest?: { owner?: string };
          finalizeUploadRequest?: { video?: string };
        } | null;
        const finishing = body?.finalizeUploadRequest?.video;
        const owner = body?.initializeUploadRequest?.owner ?? (finishing ? videos.get(finishing)?.owner : undefined);
        const account = owner ?? tokenAccount(req);
        // a processing failure asked for by a test (for publishes of this account) is kept for the video this call
        // finishes; any other failure asked for answers the call
        let failure = failures.next('publish', account);
        const failNext = failure === 'processing_error';
        if (failNext) failure = failures.next('publish', account);
        const token = await restCall(req, reply, { kind: 'publish', account, failure });
        if (!token) return reply;
        if (actionOf(req) === 'initializeUpload') {
          const r = (req.body as { initializeUploadRequest?: { owner?: string; fileSizeBytes?: number } } | null)
            ?.initializeUploadRequest;
          const owner = r?.owner ?? '';
          const size = r?.fileSizeBytes ?? 0;
          if (!mayActAs(token, owner)) return accessDenied(reply, `POST /rest/videos for ${owner}`);
          if (!Number.isInteger(size) || size <= 0 || size > MAX_UPLOAD_BYTES)
            return apiError(reply, 400, 'fileSizeBytes must be between 1 and 200 MB here', { code: 'ILLEGAL_ARGUMENT' });
          const urn = `urn:li:video:D5F10AQ${randomBytes(9).toString('base64url')}`;
          const parts: TVideo['parts'] = [];
          for (let first = 0; first < size; first += PART_BYTES)
            parts.push({ firstByte: first, lastByte: Math.min(size, first + PART_BYTES) - 1, etag: null });
          videos.set(urn, {
            owner,
            memberId: token.memberId,
            uploaded: false,
            startedAtMs: opts.clock.nowMs(),
            used: false,
            parts,
            finalized: false,
            polls: 0,
            failed: failNext,
          });
          return {
            value: {
              uploadUrlsExpireAt: opts.clock.nowMs() + 3600_000,
              video: urn,
              uploadInstructions: parts.map((p, i) => ({
                uploadUrl: `${opts.publicUrl}${base}/upload/video/${encodeURIComponent(urn)}/${i}`,
                firstByte: p.firstByte,
                lastByte: p.lastByte,
              })),
              uploadToken: '',
            },
          };
        }
        if (actionOf(req) === 'finalizeUpload') {
          const r = (req.body as { finalizeUploadRequest?: { video?: string; uploadedPartIds?: string[] } } | null)
            ?.finalizeUploadRequest;
          const video = r?.video ? kept(videos.get(r.video)) : undefined;
          if (!video || video.memberId !== token.memberId) return apiError(reply, 404, 'Video not found', { code: 'NOT_FOUND' });
          const etags = video.parts.map((p) => p.etag);
          if (etags.some((e) => !e) || JSON.stringify(etags) !== JSON.stringify(r?.uploadedPartIds ?? []))
            return apiError(reply, 400, 'Uploaded part ids do not match the parts uploaded', { code: 'ILLEGAL_ARGUMENT' });
          video.finalized = true;
          video.failed ||= failNext;
          return reply.status(200).send({});
        }
        return apiError(reply, 400, 'Unsupported action', { code: 'ILLEGAL_ARGUMENT' });
      },
    );

    const zUploadParams = z.object({ urn: z.string(), part: z.string().optional() });
    const receive = async (req: FastifyRequest<{ Params: z.infer<typeof zUploadParams> }>, reply: FastifyReply) => {
      const token = bearer(req, reply);
      if (!token) return reply;
      const bytes = req.body as Buffer | undefined;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0)
        return apiError(reply, 400, 'Empty upload', { code: 'ILLEGAL_ARGUMENT' });
      const etag = `"${randomBytes(8).toString('hex')}"`;
      if (req.params.part === undefined) {
        const image = kept(images.get(req.params.urn));
        if (!image || image.memberId !== token.memberId) return apiError(reply, 404, 'Upload not found', { code: 'NOT_FOUND' });
        image.uploaded = true;
        return reply.status(201).header('etag', etag).send('');
      }
      const video = kept(videos.get(req.params.urn));
      const part = video?.parts[Number(req.params.part)];
      if (!video || !part || video.memberId !== token.memberId)
        return apiError(reply, 404, 'Upload not found', { code: 'NOT_FOUND' });
      if (bytes.length !== part.lastByte - part.firstByte + 1)
        return apiError(reply, 400, 'The part does not have the size announced', { code: 'ILLEGAL_ARGUMENT' });
      part.etag = etag;
      return reply.status(200).header('etag', etag).send('');
    };
    app.put(`${base}/upload/image/:urn`, { schema: { tags, summary: 'Photo bytes', params: zUploadParams } }, receive);
    app.put(
      `${base}/upload/video/:urn/:part`,
      { schema: { tags, summary: 'A part of a video', params: zUploadParams } },
      receive,
    );

    app.get(
      `${base}/rest/videos/:urn`,
      { schema: { tags, summary: "A video's processing state", params: z.object({ urn: z.string() }) } },
      async (req, reply) => {
        const token = await restCall(req, reply, { kind: 'read', account: videos.get(req.params.urn)?.owner });
        if (!token) return reply;
        const video = kept(videos.get(req.params.urn));
        if (!video || video.memberId !== token.memberId) return apiError(reply, 404, 'Video not found', { code: 'NOT_FOUND' });
        // processing at the first look after the upload is finished, ready (or failed) at the next
        const status = !video.finalized
          ? 'WAITING_UPLOAD'
          : video.polls++ === 0
            ? 'PROCESSING'
            : video.failed
              ? 'PROCESSING_FAILED'
              : 'AVAILABLE';
        if (status === 'AVAILABLE') video.uploaded = true;
        return {
          id: req.params.urn,
          owner: video.owner,
          status,
          ...(status === 'PROCESSING_FAILED'
            ? { processingFailureReason: 'The video file is corrupt or in a format LinkedIn does not support' }
            : {}),
        };
      },
    );

    app.post(`${base}/rest/posts`, { schema: { tags, summary: 'Create a post' } }, async (req, reply) => {
      const b = (req.body ?? {}) as {
        author?: string;
        commentary?: string;
        lifecycleState?: string;
        content?: { media?: { id?: string }; multiImage?: { images?: { id?: string }[] } };
      };
      const author = b.author ?? '';
      const token = await restCall(req, reply, { kind: 'publish', account: author || undefined });
      if (!token) return reply;
      if (!mayActAs(token, author)) return accessDenied(reply, `POST /rest/posts as ${author}`);
      if (b.lifecycleState !== 'PUBLISHED')
        return apiError(reply, 422, 'lifecycleState must be PUBLISHED', { code: 'UNPROCESSABLE_ENTITY' });
      const commentary = b.commentary ?? '';
      if ([...commentary].length > 3000)
        return apiError(reply, 422, 'commentary is longer than 3000 characters', { code: 'UNPROCESSABLE_ENTITY' });
      const ids = b.content?.media?.id ? [b.content.media.id] : (b.content?.multiImage?.images ?? []).map((i) => i.id ?? '');
      if (b.content?.multiImage && (ids.length < 2 || ids.length > 20))
        return apiError(reply, 422, 'A multi-image post takes 2 to 20 images', { code: 'UNPROCESSABLE_ENTITY' });
      const media = ids.map((id) => kept(images.get(id) ?? videos.get(id)));
      for (const [i, id] of ids.entries()) {
        const m = media[i];
        if (!m || m.owner !== author || !m.uploaded)
          return apiError(reply, 422, `Media ${id} is not ready or does not belong to the author`, {
            code: 'UNPROCESSABLE_ENTITY',
          });
      }
      if (!commentary.trim() && ids.length === 0)
        return apiError(reply, 422, 'A post needs commentary or content', { code: 'UNPROCESSABLE_ENTITY' });
      for (const m of media) if (m) m.used = true;
      postSeq += 1n;
      const id = `urn:li:share:${postSeq}`;
      posts.push({ id, author, memberId: token.memberId, commentary, createdAt: opts.clock.nowMs() });
      if (losses.take(author)) {
        // the post is out, but its answer is lost: held like a timeout, then LinkedIn's gateway gives up
        await hang();
        return apiError(reply, 504, 'Gateway Timeout');
      }
      return reply.status(201).header('x-restli-id', id).send('');
    });

    app.get(
      `${base}/rest/posts`,
      {
        schema: {
          tags,
          summary: "An author's posts (q=author), newest first, a page at a time (start, count up to 100)",
        },
      },
      async (req, reply) => {
        const q = req.query as { q?: string; author?: string; count?: string; start?: string; sortBy?: string };
        const token = await restCall(req, reply, { kind: 'read', account: q.author || undefined });
        if (!token) return reply;
        if (q.q !== 'author' || !q.author)
          return apiError(reply, 400, 'q=author and author are required', { code: 'ILLEGAL_ARGUMENT' });
        if (q.sortBy !== undefined && !POSTS_SORTS.includes(q.sortBy))
          return apiError(reply, 400, `Invalid value for sortBy: ${q.sortBy}`, { code: 'ILLEGAL_ARGUMENT' });
        const start = q.start === undefined ? 0 : Number(q.start);
        if (!Number.isInteger(start) || start < 0)
          return apiError(reply, 400, 'start must be a whole number of at least 0', { code: 'ILLEGAL_ARGUMENT' });
        const count = Math.min(POSTS_COUNT_MAX, Math.max(1, Number(q.count ?? POSTS_COUNT_DEFAULT) || POSTS_COUNT_DEFAULT));
        // posts are never edited here: last modified is when they were created; the later of two made at once first
        const all = posts
          .filter((p) => p.author === q.author)
          .reverse()
          .sort((a, b) => b.createdAt - a.createdAt);
        const elements = all.slice(start, start + count).map((p) => ({
          id: p.id,
          author: p.author,
          commentary: p.commentary,
          createdAt: p.createdAt,
          publishedAt: p.createdAt,
          lastModifiedAt: p.createdAt,
          lifecycleState: 'PUBLISHED',
          visibility: 'PUBLIC',
        }));
        const link = (rel: 'next' | 'prev', at: number) => ({
          type: 'application/json',
          rel,
          href: `/rest/posts?q=author&author=${encodeURIComponent(q.author ?? '')}${q.sortBy ? `&sortBy=${q.sortBy}` : ''}&start=${at}&count=${count}`,
        });
        const links = [
          ...(start > 0 ? [link('prev', Math.max(0, start - count))] : []),
          ...(start + count < all.length ? [link('next', start + count)] : []),
        ];
        return { elements, paging: { start, count, links, total: all.length } };
      },
    );

    app.get(
      `${base}/rest/socialActions/:urn`,
      { schema: { tags, summary: "A post's likes and comments", params: z.object({ urn: z.string() }) } },
      async (req, reply) => {
        const p = posts.find((x) => x.id === req.params.urn);
        if (!(await restCall(req, reply, { kind: 'read', account: p?.author }))) return reply;
        if (!p) return apiError(reply, 404, `${req.params.urn} not found`, { code: 'NOT_FOUND' });
        const f = figures(p);
        return {
          target: p.id,
          likesSummary: { totalLikes: f.likes, likedByCurrentUser: false },
          commentsSummary: { totalFirstLevelComments: f.comments, aggregatedTotalComments: f.comments },
        };
      },
    );

    app.get(
      `${base}/rest/organizationalEntityShareStatistics`,
      { schema: { tags, summary: "An organization's post figures" } },
      async (req, reply) => {
        const q = req.query as { organizationalEntity?: string; shares?: string; ugcPosts?: string };
        const token = await restCall(req, reply, { kind: 'read', account: q.organizationalEntity || undefined }, [
          'rw_organization_admin',
          'r_organization_admin',
        ]);
        if (!token) return reply;
        const listed = /^List\((.*)\)$/.exec(q.shares ?? q.ugcPosts ?? '')?.[1] ?? '';
        const ids = listed ? listed.split(',').map((x) => decodeURIComponent(x)) : [];
        const elements = posts
          .filter((p) => p.author === q.organizationalEntity && ids.includes(p.id))
          .map((p) => {
            const f = figures(p);
            return {
              organizationalEntity: p.author,
              share: p.id,
              totalShareStatistics: {
                impressionCount: f.views,
                uniqueImpressionsCount: Math.floor(f.views * 0.8),
                clickCount: f.clicks,
                likeCount: f.likes,
                commentCount: f.comments,
                shareCount: f.shares,
                engagement: f.views ? (f.clicks + f.likes + f.comments + f.shares) / f.views : 0,
              },
            };
          });
        return { elements, paging: { start: 0, count: elements.length } };
      },
    );

    app.get(
      `${base}/rest/networkSizes/:urn`,
      { schema: { tags, summary: "An organization's followers", params: z.object({ urn: z.string() }) } },
      async (req, reply) => {
        if (!(await restCall(req, reply, { kind: 'read', account: req.params.urn }))) return reply;
        const o = organizationByUrn(req.params.urn);
        if (!o) return apiError(reply, 404, `${req.params.urn} not found`, { code: 'NOT_FOUND' });
        return { firstDegreeSize: 1000 + (o.orgId % 1000) * 37 };
      },
    );

    // what was published, for tests and benchmarks that count posts across processes (not a LinkedIn call): the
    // posts of one author (its URN, or the bare person or organization id), or all, with their commentary
    app.get(
      `${base}/_published`,
      { schema: { tags, summary: 'Posts published on the emulator (of one author, or all)' } },
      async (req) => {
        const user = (req.query as { user?: string }).user;
        return posts
          .filter((p) => !user || p.author === user || p.author.slice(p.author.lastIndexOf(':') + 1) === user)
          .map((p) => ({ id: p.id, user: p.author, text: p.commentary, createdAt: new Date(p.createdAt).toISOString() }));
      },
    );

    registerEmulatorTools(app, {
      base,
      tags,
      failures,
      profileOf,
      revoke: revokeMember,
      scoped: true,
      perAccount: true,
      losses,
    });
  };
