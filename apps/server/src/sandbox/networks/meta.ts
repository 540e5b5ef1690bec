import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { META_GRAPH_VERSION } from '../../integrations/networks/meta';
import {
  acceptForms,
  consentPage,
  failureQueue,
  randomToken,
  registerEmulatorTools,
  sameOrigin,
  type TDemoProfile,
  type TEmulatorFailure,
} from './kit';

export const SANDBOX_FACEBOOK_CLIENT = { clientId: '900000000000001', clientSecret: 'sandbox-facebook-app-secret' };
export const SANDBOX_INSTAGRAM_CLIENT = { clientId: '900000000000002', clientSecret: 'sandbox-instagram-app-secret' };

/** Facebook's figures: a token from a code lasts about two hours, an exchanged one 60 days, a page's never. */
const SHORT_TTL_SECONDS = 2 * 3600;
const LONG_TTL_SECONDS = 60 * 24 * 3600;
const CODE_TTL_MS = 10 * 60_000;
/** How long a `timeout` failure holds its answer: longer than any caller waits. */
const HANG_MS = 20_000;
/** The wait a `rate_limit` failure announces, in minutes (Graph counts its limits in minutes). */
const RATE_LIMIT_MINUTES = 7;
/** Graph's own default and cap for a list's `limit`. */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

export type TMetaDemoInstagram = {
  id: string;
  username: string;
  name: string;
  biography: string;
  followers: number;
  follows: number;
  media: number;
};
export type TMetaDemoPage = {
  id: string;
  name: string;
  color: string;
  category: string;
  fans: number;
  instagram: TMetaDemoInstagram | null;
};
/** A demo Facebook person: `id` is what the consent page and /_revoke name them by; `userId` what Graph answers. */
export type TMetaDemoPerson = TDemoProfile & { userId: string; pages: TMetaDemoPage[] };

export const META_DEMO_PEOPLE: TMetaDemoPerson[] = [
  {
    id: 'fb-ava',
    userId: '10160000000000101',
    userName: 'ava.cooks',
    displayName: 'Ava Cooks',
    color: '#1877f2',
    pages: [
      {
        id: '104000000000101',
        name: 'Ava Cooks',
        color: '#f97316',
        category: 'Chef',
        fans: 48_200,
        instagram: {
          id: '17841400000000101',
          username: 'avacooks',
          name: 'Ava Cooks',
          biography: 'Weeknight recipes in under 30 minutes.',
          followers: 61_300,
          follows: 412,
          media: 684,
        },
      },
      {
        id: '104000000000102',
        name: 'Weeknight Suppers',
        color: '#16a34a',
        category: 'Food & beverage',
        fans: 9_870,
        instagram: {
          id: '17841400000000102',
          username: 'weeknightsuppers',
          name: 'Weeknight Suppers',
          biography: 'One pan, one pot, one plan.',
          followers: 12_450,
          follows: 88,
          media: 201,
        },
      },
      {
        id: '104000000000103',
        name: 'Ava Cooks Catering',
        color: '#a855f7',
        category: 'Caterer',
        fans: 1_140,
        instagram: null,
      },
    ],
  },
  {
    id: 'fb-milo',
    userId: '10160000000000201',
    userName: 'milo.moves',
    displayName: 'Milo Moves',
    color: '#0866ff',
    pages: [
      { id: '104000000000201', name: 'Milo Moves Studio', color: '#0ea5e9', category: 'Gym', fans: 3_100, instagram: null },
    ],
  },
  {
    id: 'fb-nora',
    userId: '10160000000000301',
    userName: 'nora.travels',
    displayName: 'Nora Travels',
    color: '#42b72a',
    pages: [
      {
        id: '104000000000301',
        name: 'Nora Travels',
        color: '#0f766e',
        category: 'Travel company',
        fans: 251_000,
        instagram: {
          id: '17841400000000301',
          username: 'noratravels',
          name: 'Nora Travels',
          biography: 'Slow travel, one city a month.',
          followers: 318_900,
          follows: 1_020,
          media: 2_113,
        },
      },
      {
        id: '104000000000302',
        name: 'Slow City Guides',
        color: '#ca8a04',
        category: 'Publisher',
        fans: 22_400,
        instagram: null,
      },
    ],
  },
];

/** The words Facebook's consent dialog uses for each permission the product asks for. */
const SCOPE_WORDS: Record<string, string> = {
  pages_show_list: 'Show a list of the Pages you manage',
  business_management: 'Manage your business',
  pages_manage_posts: 'Create and manage content on your Page',
  pages_manage_engagement: 'Create and manage content on your Page',
  pages_read_engagement: 'Read content posted on the Page',
  read_insights: 'Read Insights',
  instagram_basic: 'Access profile and posts from the Instagram account connected to your Page',
  instagram_content_publish: 'Create and manage content on your Page and connected Instagram account',
  instagram_manage_comments: 'Manage comments for the Instagram account connected with your Page',
  instagram_manage_insights: 'Access insights for the Instagram account connected to your Page',
};

const PAGE_FIELDS = [
  'id',
  'name',
  'access_token',
  'picture',
  'category',
  'fan_count',
  'followers_count',
  'link',
  'tasks',
  'instagram_business_account',
] as const;
const INSTAGRAM_FIELDS = [
  'id',
  'username',
  'name',
  'biography',
  'profile_picture_url',
  'followers_count',
  'follows_count',
  'media_count',
] as const;
const USER_FIELDS = ['id', 'name', 'picture'] as const;

type TCode = { personId: string; clientId: string; redirectUri: string; scopes: string[]; expiresAt: number };
type TToken = {
  personId: string;
  /** A person's token from a code (short), one exchanged for it (long), or a page's own. */
  kind: 'short' | 'long' | 'page';
  pageId: string | null;
  scopes: string[];
  /** Null: never expires (a page token read with a long-lived user token). */
  expiresAt: number | null;
  revoked: boolean;
};
type TFields = Map<string, TFields | null>;

/** Graph's `fields` parameter: names separated by commas, each perhaps with `{sub,fields}`; modifiers are ignored. */
export function parseFields(spec: string): TFields {
  const out: TFields = new Map();
  let depth = 0;
  let start = 0;
  const take = (part: string) => {
    const s = part.trim();
    if (!s) return;
    const brace = s.indexOf('{');
    const head = (brace === -1 ? s : s.slice(0, brace)).replace(/\..*$/, '').trim();
    out.set(head, brace === -1 ? null : parseFields(s.slice(brace + 1, s.lastIndexOf('}'))));
  };
  for (let i = 0; i < spec.length; i++) {
    if (spec[i] === '{') depth++;
    else if (spec[i] === '}') depth--;
    else if (spec[i] === ',' && depth === 0) {
      take(spec.slice(start, i));
      start = i + 1;
    }
  }
  take(spec.slice(start));
  return out;
}

const fbtraceId = () => randomBytes(8).toString('base64url');

type TGraphErrorInput = {
  message: string;
  code: number;
  subcode?: number;
  type?: string;
  transient?: boolean;
  userTitle?: string;
  userMsg?: string;
};

/** Graph's error envelope. */
const graphError = (e: TGraphErrorInput) => ({
  error: {
    message: e.message,
    type: e.type ?? 'OAuthException',
    code: e.code,
    ...(e.subcode === undefined ? {} : { error_subcode: e.subcode }),
    ...(e.transient === undefined ? {} : { is_transient: e.transient }),
    ...(e.userTitle ? { error_user_title: e.userTitle } : {}),
    ...(e.userMsg ? { error_user_msg: e.userMsg } : {}),
    fbtrace_id: fbtraceId(),
  },
});

/** Facebook's way of writing a moment in its error messages, e.g. "Tuesday, 02-Jun-26 05:00:00 PDT" (here UTC). */
function graphTime(ms: number): string {
  const d = new Date(ms);
  const day = d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const month = d.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day}, ${pad(d.getUTCDate())}-${month}-${String(d.getUTCFullYear()).slice(2)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

type TEmulatorOptions = {
  clock: Clock;
  publicUrl: string;
  /** The most items one answer of a list holds, whatever `limit` asks (a test shows paging with a small one). */
  maxPageSize?: number;
};

/**
 * One Graph API emulator, mounted once per network: Facebook Login (the consent dialog, /oauth/access_token for a
 * code and for `fb_exchange_token`) and the Graph reads linking needs (/me, /me/accounts, /me/permissions,
 * /{id}), with Graph's answer shapes (`{error:{message,type,code,error_subcode,fbtrace_id}}`, lists as
 * `{data, paging}`). Each mount has its own app, tokens and failure queue. Time is the product's clock.
 */
function metaEmulatorRoutes(
  network: 'facebook' | 'instagram',
  client: { clientId: string; clientSecret: string },
  opts: TEmulatorOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    const base = `/sandbox/${network}`;
    const v = `${base}/${META_GRAPH_VERSION}`;
    const tags = [`Sandbox: ${network === 'facebook' ? 'Facebook' : 'Instagram'}`];
    const pageSize = Math.min(opts.maxPageSize ?? MAX_LIMIT, MAX_LIMIT);
    const codes = new Map<string, TCode>();
    const tokens = new Map<string, TToken>();
    /** The page token handed out for a (user token, page): the same one each time it is read. */
    const pageTokens = new Map<string, string>();
    const failures = failureQueue();
    const hanging = new Set<() => void>();
    app.addHook('onClose', async () => {
      for (const wake of hanging) wake();
    });
    acceptForms(app);

    const personOf = (id: string) => META_DEMO_PEOPLE.find((p) => p.id === id) ?? null;
    const avatarUrl = (id: string) => `${opts.publicUrl}${base}/avatar/${id}.svg`;
    /** The avatar route draws people, pages and Instagram accounts alike. */
    function profileOf(id: string): TDemoProfile | null {
      const person = personOf(id);
      if (person) return person;
      for (const p of META_DEMO_PEOPLE)
        for (const page of p.pages) {
          if (page.id === id) return { id, userName: page.name, displayName: page.name, color: page.color };
          if (page.instagram?.id === id)
            return { id, userName: page.instagram.username, displayName: page.instagram.name, color: page.color };
        }
      return null;
    }

    const send = (reply: FastifyReply, status: number, e: TGraphErrorInput) => reply.status(status).send(graphError(e));
    const invalidToken = (reply: FastifyReply) =>
      send(reply, 400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });
    const expiredToken = (reply: FastifyReply, expiredAt: number) =>
      send(reply, 400, {
        message: `Error validating access token: Session has expired on ${graphTime(expiredAt)}. The current time is ${graphTime(opts.clock.nowMs())}.`,
        code: 190,
        subcode: 463,
      });
    const revokedToken = (reply: FastifyReply) =>
      send(reply, 400, {
        message: `Error validating access token: The user has not authorized application ${client.clientId}.`,
        code: 190,
        subcode: 458,
      });
    const unsupported = (reply: FastifyReply, id: string) =>
      send(reply, 400, {
        message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        type: 'GraphMethodException',
        code: 100,
        subcode: 33,
      });
    const nonexistingField = (reply: FastifyReply, field: string, node: string) =>
      send(reply, 400, { message: `(#100) Tried accessing nonexisting field (${field}) on node type (${node})`, code: 100 });

    function tokenOf(req: FastifyRequest): string | null {
      const header = /^(?:Bearer|OAuth) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const query = (req.query as Record<string, unknown> | undefined)?.access_token;
      return header ?? (typeof query === 'string' ? query : null);
    }

    /** As a person removing the app in their Facebook settings would: every token of theirs stops working. */
    function revoke(personId: string): number {
      let revoked = 0;
      for (const t of tokens.values())
        if (t.personId === personId && !t.revoked) {
          t.revoked = true;
          revoked++;
        }
      for (const [k, c] of codes) if (c.personId === personId) codes.delete(k);
      return revoked;
    }

    async function hang() {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          hanging.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, HANG_MS);
        hanging.add(wake);
      });
    }

    /** A failure asked for by a test, answered in Graph's shape. Returns true when it answered. */
    async function injected(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const f = failures.next();
      if (!f) return false;
      const token = tokenOf(req);
      const row = token ? tokens.get(token) : undefined;
      // keyed by every failure: one added to the kit does not compile until it has an answer here
      const answers: Record<Exclude<TEmulatorFailure, 'timeout'>, () => unknown> = {
        expired_token: () => expiredToken(reply, opts.clock.nowMs() - 60_000),
        revoked: () => {
          if (row) revoke(row.personId);
          return revokedToken(reply);
        },
        rate_limit: () => {
          const owner = row?.pageId ?? personOf(row?.personId ?? '')?.pages[0]?.id ?? client.clientId;
          const usage = { call_count: 100, total_cputime: 31, total_time: 44 };
          return reply
            .header('x-app-usage', JSON.stringify(usage))
            .header(
              'x-business-use-case-usage',
              JSON.stringify({
                [owner]: [
                  {
                    type: network === 'instagram' ? 'instagram' : 'pages',
                    ...usage,
                    estimated_time_to_regain_access: RATE_LIMIT_MINUTES,
                  },
                ],
              }),
            )
            .status(400)
            .send(graphError({ message: '(#4) Application request limit reached', code: 4, transient: true }));
        },
        server_error: () =>
          send(reply, 500, {
            message: 'An unexpected error has occurred. Please retry your request later.',
            code: 2,
            transient: true,
          }),
        missing_permission: () => send(reply, 403, { message: '(#200) Permissions error', code: 200 }),
        processing_error: () =>
          send(reply, 400, {
            message: '(#100) Invalid parameter',
            code: 100,
            userTitle: 'Request could not be processed',
            userMsg: 'This request could not be processed.',
          }),
      };
      if (f === 'timeout') {
        await hang();
        send(reply, 504, { message: 'The request timed out.', code: 2, transient: true });
        return true;
      }
      answers[f]();
      return true;
    }

    /** The token a Graph call is made with, or null once refused in Graph's words. */
    function bearer(req: FastifyRequest, reply: FastifyReply): (TToken & { token: string }) | null {
      const token = tokenOf(req);
      if (!token) {
        send(reply, 400, {
          message: 'An active access token must be used to query information about the current user.',
          code: 2500,
        });
        return null;
      }
      const row = tokens.get(token);
      if (!row) {
        invalidToken(reply);
        return null;
      }
      if (row.revoked) {
        revokedToken(reply);
        return null;
      }
      if (row.expiresAt !== null && row.expiresAt <= opts.clock.nowMs()) {
        expiredToken(reply, row.expiresAt);
        return null;
      }
      return { ...row, token };
    }

    /** Injected failures first, then the token. */
    async function caller(req: FastifyRequest, reply: FastifyReply) {
      if (await injected(req, reply)) return null;
      return bearer(req, reply);
    }

    function userToken(personId: string, kind: 'short' | 'long', scopes: string[]) {
      const ttl = kind === 'short' ? SHORT_TTL_SECONDS : LONG_TTL_SECONDS;
      const token = randomToken('EAAB');
      tokens.set(token, {
        personId,
        kind,
        pageId: null,
        scopes,
        expiresAt: opts.clock.nowMs() + ttl * 1000,
        revoked: false,
      });
      return { access_token: token, token_type: 'bearer', expires_in: ttl };
    }

    /** A page's token read with a user token: it never expires when the user token is long-lived. */
    function pageToken(user: TToken & { token: string }, pageId: string): string {
      const key = `${user.token}|${pageId}`;
      const known = pageTokens.get(key);
      if (known) return known;
      const token = randomToken('EAAP');
      tokens.set(token, {
        personId: user.personId,
        kind: 'page',
        pageId,
        scopes: user.scopes,
        expiresAt: user.kind === 'long' ? null : user.expiresAt,
        revoked: false,
      });
      pageTokens.set(key, token);
      return token;
    }

    const pictureOf = (id: string) => ({ data: { height: 50, is_silhouette: false, url: avatarUrl(id), width: 50 } });

    /** An Instagram account with the fields asked for (Graph always includes the id). */
    function instagramNode(ig: TMetaDemoInstagram, fields: TFields): Record<string, unknown> | string {
      const all: Record<(typeof INSTAGRAM_FIELDS)[number], unknown> = {
        id: ig.id,
        username: ig.username,
        name: ig.name,
        biography: ig.biography,
        profile_picture_url: avatarUrl(ig.id),
        followers_count: ig.followers,
        follows_count: ig.follows,
        media_count: ig.media,
      };
      const node: Record<string, unknown> = {};
      for (const f of fields.keys()) {
        if (!(f in all)) return f;
        node[f] = all[f as keyof typeof all];
      }
      node.id = ig.id;
      return node;
    }

    /** A page with the fields asked for; a string is the name of a field a page does not have. */
    function pageNode(page: TMetaDemoPage, fields: TFields, asker: TToken & { token: string }): Record<string, unknown> | string {
      const node: Record<string, unknown> = {};
      for (const [f, sub] of fields) {
        if (!(PAGE_FIELDS as readonly string[]).includes(f)) return f;
        if (f === 'access_token') {
          // a page's token is given to the people who run it, asking with their own token
          if (asker.kind !== 'page') node.access_token = pageToken(asker, page.id);
        } else if (f === 'instagram_business_account') {
          if (!page.instagram) continue;
          const ig = instagramNode(page.instagram, sub ?? new Map([['id', null]]));
          if (typeof ig === 'string') return ig;
          node.instagram_business_account = ig;
        } else if (f === 'picture') node.picture = pictureOf(page.id);
        else if (f === 'category') node.category = page.category;
        else if (f === 'fan_count') node.fan_count = page.fans;
        else if (f === 'followers_count') node.followers_count = Math.round(page.fans * 1.08);
        else if (f === 'link') node.link = `https://www.facebook.com/${page.id}`;
        else if (f === 'tasks') node.tasks = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];
        else if (f === 'name') node.name = page.name;
      }
      node.id = page.id;
      return node;
    }

    function userNode(person: TMetaDemoPerson, fields: TFields): Record<string, unknown> | string {
      const node: Record<string, unknown> = {};
      for (const f of fields.keys()) {
        if (!(USER_FIELDS as readonly string[]).includes(f)) return f;
        if (f === 'name') node.name = person.displayName;
        if (f === 'picture') node.picture = pictureOf(person.id);
      }
      node.id = person.userId;
      return node;
    }

    const zQuery = z.record(z.string(), z.string());
    const fieldsOf = (q: Record<string, string>, fallback: string) => parseFields(q.fields || fallback);

    const zDialog = z.object({
      client_id: z.string(),
      redirect_uri: z.string(),
      state: z.string().optional(),
      response_type: z.string().optional(),
      scope: z.string().optional(),
    });

    app.get(`${v}/dialog/oauth`, { schema: { tags, summary: 'Consent dialog', querystring: zDialog } }, async (req, reply) => {
      const q = req.query;
      if (q.client_id !== client.clientId)
        return reply
          .status(400)
          .type('text/html')
          .send('<p>Invalid App ID: The provided app ID does not look like a valid app ID.</p>');
      if (!sameOrigin(q.redirect_uri, opts.publicUrl))
        return reply
          .status(400)
          .type('text/html')
          .send(
            "<p>URL Blocked: This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.</p>",
          );
      if ((q.response_type ?? 'code') !== 'code')
        return reply.status(400).type('text/html').send('<p>Only response_type=code is supported here.</p>');
      const scopes = (q.scope ?? '').split(',').filter(Boolean);
      return reply.type('text/html').send(
        consentPage({
          network: 'Facebook',
          color: network === 'facebook' ? '#1877f2' : '#e1306c',
          scopes: [...new Set(scopes.map((s) => SCOPE_WORDS[s] ?? s))],
          profiles: META_DEMO_PEOPLE,
          action: `${v}/dialog/oauth`,
          avatarBase: `${base}/avatar`,
          hidden: { client_id: q.client_id, redirect_uri: q.redirect_uri, state: q.state ?? '', scope: scopes.join(',') },
        }),
      );
    });

    app.post(
      `${v}/dialog/oauth`,
      {
        schema: {
          tags,
          summary: 'Consent given or refused: back to the product',
          body: z.object({
            client_id: z.string(),
            redirect_uri: z.string(),
            state: z.string(),
            scope: z.string(),
            profile: z.string().optional(),
            decision: z.enum(['allow', 'cancel']),
          }),
        },
      },
      async (req, reply) => {
        const b = req.body;
        if (b.client_id !== client.clientId) return reply.status(400).send('Invalid App ID');
        if (!sameOrigin(b.redirect_uri, opts.publicUrl)) return reply.status(400).send('URL Blocked');
        const back = new URL(b.redirect_uri);
        const person = b.profile ? personOf(b.profile) : null;
        if (b.decision === 'cancel' || !person) {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_code', '200');
          back.searchParams.set('error_description', 'Permissions error');
          back.searchParams.set('error_reason', 'user_denied');
        } else {
          const code = randomToken('AQ');
          codes.set(code, {
            personId: person.id,
            clientId: b.client_id,
            redirectUri: b.redirect_uri,
            scopes: b.scope.split(',').filter(Boolean),
            expiresAt: opts.clock.nowMs() + CODE_TTL_MS,
          });
          back.searchParams.set('code', code);
        }
        back.searchParams.set('state', b.state);
        // Facebook adds an empty fragment to every return
        back.hash = '_=_';
        return reply.redirect(back.toString(), 302);
      },
    );

    app.get(
      `${v}/oauth/access_token`,
      { schema: { tags, summary: 'A token for a code, or a long-lived token for a short-lived one', querystring: zQuery } },
      async (req, reply) => {
        if (await injected(req, reply)) return reply;
        const q = req.query;
        if (q.client_id !== client.clientId)
          return send(reply, 400, { message: 'Error validating application. Invalid application ID.', code: 101 });
        if (q.client_secret !== client.clientSecret)
          return send(reply, 400, { message: 'Error validating client secret.', code: 1 });
        if (q.grant_type === 'fb_exchange_token') {
          const row = q.fb_exchange_token ? tokens.get(q.fb_exchange_token) : undefined;
          if (!row || row.kind === 'page') return invalidToken(reply);
          if (row.revoked) return revokedToken(reply);
          if (row.expiresAt !== null && row.expiresAt <= opts.clock.nowMs()) return expiredToken(reply, row.expiresAt);
          return userToken(row.personId, 'long', row.scopes);
        }
        if (!q.code) return send(reply, 400, { message: 'Missing authorization code', code: 1 });
        const code = codes.get(q.code);
        if (!code) return send(reply, 400, { message: 'This authorization code has been used.', code: 100, subcode: 36009 });
        codes.delete(q.code);
        if (code.expiresAt <= opts.clock.nowMs())
          return send(reply, 400, { message: 'This authorization code has expired.', code: 100, subcode: 36007 });
        if (code.redirectUri !== q.redirect_uri)
          return send(reply, 400, {
            message:
              'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
            code: 100,
            subcode: 36008,
          });
        return userToken(code.personId, 'short', code.scopes);
      },
    );

    app.get(`${v}/me`, { schema: { tags, summary: 'Whose token this is', querystring: zQuery } }, async (req, reply) => {
      const t = await caller(req, reply);
      if (!t) return reply;
      const person = personOf(t.personId)!;
      const page = t.pageId ? person.pages.find((p) => p.id === t.pageId) : undefined;
      const node = page ? pageNode(page, fieldsOf(req.query, 'id,name'), t) : userNode(person, fieldsOf(req.query, 'id,name'));
      if (typeof node === 'string') return nonexistingField(reply, node, page ? 'Page' : 'User');
      return node;
    });

    app.get(
      `${v}/me/accounts`,
      { schema: { tags, summary: 'The pages the person runs', querystring: zQuery } },
      async (req, reply) => {
        const t = await caller(req, reply);
        if (!t) return reply;
        if (t.kind === 'page') return nonexistingField(reply, 'accounts', 'Page');
        const person = personOf(t.personId)!;
        // without pages_show_list Graph answers an empty list, not an error
        const pages = t.scopes.includes('pages_show_list') ? person.pages : [];
        const limit = Math.max(1, Math.min(Number(req.query.limit) || DEFAULT_LIMIT, pageSize));
        const after = req.query.after ? Number(Buffer.from(req.query.after, 'base64url').toString()) : 0;
        const start = Number.isInteger(after) && after >= 0 ? after : 0;
        const slice = pages.slice(start, start + limit);
        const fields = fieldsOf(req.query, 'access_token,category,name,id,tasks');
        const data: Record<string, unknown>[] = [];
        for (const page of slice) {
          const node = pageNode(page, fields, t);
          if (typeof node === 'string') return nonexistingField(reply, node, 'Page');
          data.push(node);
        }
        const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
        const paging: Record<string, unknown> = {
          cursors: { before: cursor(start), after: cursor(start + slice.length) },
        };
        if (start + slice.length < pages.length) {
          const next = new URLSearchParams({ ...req.query, access_token: t.token, limit: String(limit) });
          next.set('after', cursor(start + slice.length));
          paging.next = `${opts.publicUrl}${v}/me/accounts?${next}`;
        }
        if (start > 0) {
          const previous = new URLSearchParams({ ...req.query, access_token: t.token, limit: String(limit) });
          previous.delete('after');
          previous.set('before', cursor(start));
          paging.previous = `${opts.publicUrl}${v}/me/accounts?${previous}`;
        }
        return slice.length ? { data, paging } : { data };
      },
    );

    app.get(
      `${v}/me/permissions`,
      { schema: { tags, summary: 'The permissions the person gave', querystring: zQuery } },
      async (req, reply) => {
        const t = await caller(req, reply);
        if (!t) return reply;
        return { data: t.scopes.map((permission) => ({ permission, status: 'granted' })) };
      },
    );

    app.get(
      `${v}/:id`,
      { schema: { tags, summary: 'A page or an Instagram account', params: z.object({ id: z.string() }), querystring: zQuery } },
      async (req, reply) => {
        const t = await caller(req, reply);
        if (!t) return reply;
        const id = req.params.id;
        const person = personOf(t.personId)!;
        // a page's token reaches its page and that page's Instagram account; a person's, everything they run
        const reachable = person.pages.filter((p) => t.kind !== 'page' || p.id === t.pageId);
        if (id === person.userId && t.kind !== 'page') {
          const node = userNode(person, fieldsOf(req.query, 'id,name'));
          return typeof node === 'string' ? nonexistingField(reply, node, 'User') : node;
        }
        const page = reachable.find((p) => p.id === id);
        if (page) {
          const node = pageNode(page, fieldsOf(req.query, 'id,name'), t);
          return typeof node === 'string' ? nonexistingField(reply, node, 'Page') : node;
        }
        const ig = reachable.find((p) => p.instagram?.id === id)?.instagram;
        if (ig) {
          const node = instagramNode(ig, fieldsOf(req.query, 'id'));
          return typeof node === 'string' ? nonexistingField(reply, node, 'IGUser') : node;
        }
        return unsupported(reply, id);
      },
    );

    registerEmulatorTools(app, { base, tags, failures, profileOf, revoke });
  };
}

/** The Facebook emulator, under /sandbox/facebook: it accepts only SANDBOX_FACEBOOK_CLIENT. */
export const facebookEmulatorRoutes = (opts: TEmulatorOptions): FastifyPluginAsyncZod =>
  metaEmulatorRoutes('facebook', SANDBOX_FACEBOOK_CLIENT, opts);

/** The Instagram emulator (Graph API with Facebook Login), under /sandbox/instagram: only SANDBOX_INSTAGRAM_CLIENT. */
export const instagramEmulatorRoutes = (opts: TEmulatorOptions): FastifyPluginAsyncZod =>
  metaEmulatorRoutes('instagram', SANDBOX_INSTAGRAM_CLIENT, opts);
