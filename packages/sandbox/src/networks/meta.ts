import { META_GRAPH_VERSION, NETWORK_LIMITS } from '@virality/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_FACEBOOK_CLIENT, SANDBOX_INSTAGRAM_CLIENT } from '../facts';
import { benchRemoteId, benchRoster, type TCallKind } from './bench';
import { graphRefusals, graphTokenOf, type TGraphErrorInput } from './graph-kit';
import {
  answerFailure,
  answerLosses,
  consentPage,
  forgetWhere,
  randomToken,
  registerEmulatorTools,
  revokeTokens,
  sameOrigin,
  startEmulator,
  type TDemoProfile,
  type TEmulatorOptions,
  type TFailureScope,
  zConsentChoice,
} from './kit';

export { SANDBOX_FACEBOOK_CLIENT, SANDBOX_INSTAGRAM_CLIENT };

/** Facebook's figures: a token from a code lasts about two hours, an exchanged one 60 days, a page's never. */
const SHORT_TTL_SECONDS = 2 * 3600;
const LONG_TTL_SECONDS = 60 * 24 * 3600;
const CODE_TTL_MS = 10 * 60_000;
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

/** Where benchmark mode's generated ids start: a person's user id, its page's id, and that page's Instagram account's. */
const BENCH_USER_STEM = '10161';
const BENCH_PAGE_STEM = '10410';
const BENCH_INSTAGRAM_STEM = '17841410';

/**
 * Benchmark mode's generated people (`fb-bench-0001`, …): each runs one page of its own with an Instagram business
 * account of its own, so that linking person k links a page (or an Instagram account) no one else has.
 */
export const metaBenchPeople = (count: number | undefined) =>
  benchRoster<TMetaDemoPerson>('fb', count, (n, p) => ({
    ...p,
    userId: benchRemoteId(BENCH_USER_STEM, n, 12),
    pages: [
      {
        id: benchRemoteId(BENCH_PAGE_STEM, n, 10),
        name: `${p.displayName} Page`,
        color: p.color,
        category: 'Brand',
        fans: 1000 + n,
        instagram: {
          id: benchRemoteId(BENCH_INSTAGRAM_STEM, n, 9),
          username: p.userName,
          name: p.displayName,
          biography: 'Generated for benchmarks.',
          followers: 1000 + n,
          follows: 10,
          media: 5,
        },
      },
    ],
  }));

/** How long each Graph call takes with benchmark latency, by what it does. */
function metaCallKind(method: string, route: string): TCallKind {
  if (route.endsWith('/oauth/access_token')) return 'token';
  if (method !== 'POST') return 'read';
  if (route.endsWith('/:id/media')) return 'container';
  if (/\/:id\/(media_publish|feed|photo_stories|video_reels)$/.test(route)) return 'post';
  if (/\/:id\/(photos|videos)$/.test(route) || route.includes('/rupload/')) return 'upload';
  return 'read';
}

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

/** What a call is, for the failures a test keeps for one kind of call or one account: null where it cannot be told. */
type TCallScope = { kind: TFailureScope | null; account: string | null };

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

type TMetaEmulatorOptions = TEmulatorOptions & {
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
  opts: TMetaEmulatorOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    const base = `/sandbox/${network}`;
    const v = `${base}/${META_GRAPH_VERSION}`;
    const tags = [`Sandbox: ${network === 'facebook' ? 'Facebook' : 'Instagram'}`];
    const { failures, hang } = startEmulator(app, {
      base,
      network,
      setting: opts.latency,
      pages: [`${v}/dialog/oauth`],
      kindOf: metaCallKind,
    });
    const losses = answerLosses();
    const bench = metaBenchPeople(opts.benchProfiles);
    const pageSize = Math.min(opts.maxPageSize ?? MAX_LIMIT, MAX_LIMIT);
    const codes = new Map<string, TCode>();
    const tokens = new Map<string, TToken>();
    /** The page token handed out for a (user token, page): the same one each time it is read. */
    const pageTokens = new Map<string, string>();

    const personOf = (id: string) => META_DEMO_PEOPLE.find((p) => p.id === id) ?? bench.byId(id);
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
      const page =
        bench.byRemote(id, BENCH_PAGE_STEM, (p) => p.pages[0].id)?.pages[0] ??
        bench.byRemote(id, BENCH_INSTAGRAM_STEM, (p) => p.pages[0].instagram?.id ?? '')?.pages[0];
      if (page?.id === id) return { id, userName: page.name, displayName: page.name, color: page.color };
      if (page?.instagram) return { id, userName: page.instagram.username, displayName: page.instagram.name, color: page.color };
      return null;
    }

    const refusals = graphRefusals({ clock: opts.clock, clientId: client.clientId });
    const { send, invalidToken, expiredToken, revokedToken } = refusals;
    const unsupported = (reply: FastifyReply, id: string) =>
      send(reply, 400, {
        message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        type: 'GraphMethodException',
        code: 100,
        subcode: 33,
      });
    const nonexistingField = (reply: FastifyReply, field: string, node: string) =>
      send(reply, 400, { message: `(#100) Tried accessing nonexisting field (${field}) on node type (${node})`, code: 100 });

    /** As a person removing the app in their Facebook settings would: every token of theirs stops working. */
    function revoke(personId: string): number {
      const revoked = revokeTokens(tokens, (t) => t.personId === personId);
      forgetWhere(codes, (c) => c.personId === personId);
      return revoked;
    }

    /**
     * The account a call is for, as the product links it (a page's id on Facebook, an Instagram account's id on
     * Instagram): the owner of the object `id` names (a container, post, video or photo), else `id` itself (the page
     * or account in the path), else the page of a page token. Null when it cannot be told (a person's own token).
     */
    function accountOf(req: FastifyRequest, id: string | null = null): string | null {
      if (id) {
        const owner =
          containers.get(id)?.igId ?? posts.get(id)?.owner ?? videos.get(id)?.pageId ?? photos.get(id)?.pageId ?? null;
        if (owner) return owner;
        const person = META_DEMO_PEOPLE.find((p) => p.userId === id) ?? bench.byRemote(id, BENCH_USER_STEM, (p) => p.userId);
        return person ? null : id;
      }
      const token = graphTokenOf(req);
      const row = token ? tokens.get(token) : undefined;
      if (!row?.pageId) return null;
      if (network === 'facebook') return row.pageId;
      return personOf(row.personId)?.pages.find((p) => p.id === row.pageId)?.instagram?.id ?? null;
    }
    /** A publish (its uploads, containers and their status reads included) or a read, for `account`. */
    const publishFor = (account: string | null): TCallScope => ({ kind: 'publish', account });
    const readFor = (account: string | null): TCallScope => ({ kind: 'read', account });
    /** A read of `id`: a step of a publish when it is a container, video or photo (its status), else a read. */
    const scopeOfObject = (req: FastifyRequest, id: string): TCallScope =>
      containers.has(id) || videos.has(id) || photos.has(id) ? publishFor(accountOf(req, id)) : readFor(accountOf(req, id));

    /**
     * A failure asked for by a test, answered in Graph's shape: the first one kept for this call's kind and account
     * (`scope`), or for any. Returns true when it answered.
     */
    async function injected(
      req: FastifyRequest,
      reply: FastifyReply,
      scope: TCallScope,
      onProcessing?: () => void,
    ): Promise<boolean> {
      const f = failures.next(scope.kind, scope.account);
      if (!f) return false;
      // a call that starts processing lets that processing end in Graph's error state instead
      if (f === 'processing_error' && onProcessing) {
        onProcessing();
        return false;
      }
      return answerFailure(f, hang, () => {
        const token = graphTokenOf(req);
        const row = token ? tokens.get(token) : undefined;
        return {
          expired_token: () => expiredToken(reply, opts.clock.nowMs() - 60_000),
          revoked: () => {
            if (row) revoke(row.personId);
            return revokedToken(reply);
          },
          rate_limit: () =>
            refusals.rateLimited(reply, {
              owner: row?.pageId ?? personOf(row?.personId ?? '')?.pages[0]?.id ?? client.clientId,
              type: network === 'instagram' ? 'instagram' : 'pages',
              callCount: 100,
              cpuTime: 31,
              totalTime: 44,
              minutes: RATE_LIMIT_MINUTES,
            }),
          server_error: () => refusals.serverError(reply),
          missing_permission: () => send(reply, 403, { message: '(#200) Permissions error', code: 200 }),
          processing_error: () =>
            send(reply, 400, {
              message: '(#100) Invalid parameter',
              code: 100,
              userTitle: 'Request could not be processed',
              userMsg: 'This request could not be processed.',
            }),
          timeout: () => refusals.timedOut(reply),
        };
      });
    }

    /** The token a Graph call is made with, or null once refused in Graph's words. */
    function bearer(req: FastifyRequest, reply: FastifyReply): (TToken & { token: string }) | null {
      const token = graphTokenOf(req);
      const row = refusals.checkedToken(reply, token, tokens);
      return row && token ? { ...row, token } : null;
    }

    /** Injected failures first (those kept for this call's kind and account, or for any), then the token. */
    async function caller(req: FastifyRequest, reply: FastifyReply, scope: TCallScope, onProcessing?: () => void) {
      if (await injected(req, reply, scope, onProcessing)) return null;
      return bearer(req, reply);
    }

    /**
     * A publish whose answer is to be lost (`lose_answers`): it has taken effect (with `takeEffect`, what else
     * makes it visible), and the answer is held as a timeout holds it, then a 504. Returns true when it answered so.
     */
    async function lostAnswer(reply: FastifyReply, account: string, takeEffect?: () => void): Promise<boolean> {
      if (!losses.take(account)) return false;
      takeEffect?.();
      await hang();
      refusals.timedOut(reply);
      return true;
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
        media_count: ig.media + publishedCount(ig.id),
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
      if (!sameOrigin(q.redirect_uri, opts.productUrl ?? opts.publicUrl))
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
          profiles: [...META_DEMO_PEOPLE, ...bench.all()],
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
            ...zConsentChoice,
          }),
        },
      },
      async (req, reply) => {
        const b = req.body;
        if (b.client_id !== client.clientId) return reply.status(400).send('Invalid App ID');
        if (!sameOrigin(b.redirect_uri, opts.productUrl ?? opts.publicUrl)) return reply.status(400).send('URL Blocked');
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
        if (await injected(req, reply, { kind: null, account: null })) return reply;
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
      const t = await caller(req, reply, readFor(accountOf(req)));
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
        const t = await caller(req, reply, readFor(accountOf(req)));
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
        const t = await caller(req, reply, readFor(accountOf(req)));
        if (!t) return reply;
        return { data: t.scopes.map((permission) => ({ permission, status: 'granted' })) };
      },
    );

    app.get(
      `${v}/:id`,
      { schema: { tags, summary: 'A page or an Instagram account', params: z.object({ id: z.string() }), querystring: zQuery } },
      async (req, reply) => {
        const t = await caller(req, reply, scopeOfObject(req, req.params.id));
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
        const owners = new Set(reachable.flatMap((p) => [p.id, p.instagram?.id ?? '']));
        const found = objectNode(id, owners, fieldsOf(req.query, 'id'));
        if (found) return typeof found === 'string' ? nonexistingField(reply, found, nodeType(id)) : found;
        return unsupported(reply, id);
      },
    );

    // ---- Publishing: Instagram's containers and media, Facebook's posts, photos, videos and reels ----

    type TContainer = {
      id: string;
      igId: string;
      mediaType: 'IMAGE' | 'VIDEO' | 'REELS' | 'STORIES' | 'CAROUSEL';
      caption: string;
      children: string[];
      carouselItem: boolean;
      video: boolean;
      /** Status reads so far: a video is in progress at the first and finished from the second. */
      polls: number;
      failed: boolean;
      createdMs: number;
      publishedId: string | null;
    };
    type TPost = {
      id: string;
      /** The page or Instagram account it is on. */
      owner: string;
      text: string;
      createdMs: number;
      permalink: string;
      /** Instagram's media_product_type (FEED, REELS, STORY); Facebook: STORY or FEED. */
      product: 'FEED' | 'REELS' | 'STORY';
      mediaType: string;
      mediaId: string | null;
    };
    type TPhoto = { id: string; pageId: string; published: boolean; used: boolean };
    type TVideo = {
      id: string;
      pageId: string;
      reel: boolean;
      description: string;
      uploaded: boolean;
      finished: boolean;
      polls: number;
      failed: boolean;
      postId: string | null;
    };
    const containers = new Map<string, TContainer>();
    const posts = new Map<string, TPost>();
    const photos = new Map<string, TPhoto>();
    const videos = new Map<string, TVideo>();
    let serial = 0;
    const nextId = (prefix: string) => `${prefix}${String(++serial).padStart(11, '0')}`;
    const pullFetch = opts.fetch ?? fetch;
    const nowMs = () => opts.clock.nowMs();
    const DAY_MS = 24 * 3600_000;

    /** Posts published through the emulator that count as the account's media (stories do not). */
    function publishedCount(owner: string): number {
      let n = 0;
      for (const p of posts.values()) if (p.owner === owner && p.product !== 'STORY') n++;
      return n;
    }

    /** Graph pulls media from its address: reachable, and answered with a photo's or a video's content type. */
    async function pull(url: string, kind: 'image' | 'video'): Promise<string | null> {
      try {
        const res = await pullFetch(url, { signal: AbortSignal.timeout(10_000) });
        const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
        await res.arrayBuffer().catch(() => undefined);
        return res.ok && type.startsWith(`${kind}/`) ? type : null;
      } catch {
        return null;
      }
    }

    const params = (req: FastifyRequest) =>
      ({ ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown> | null) ?? {}) }) as Record<
        string,
        unknown
      >;
    const str = (v: unknown) =>
      typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
    const yes = (v: unknown) => v === true || v === 'true' || v === '1';
    const graphTimestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
    const permissionError = (reply: FastifyReply, scope: string) =>
      send(reply, 403, { message: `(#200) Requires ${scope} permission to manage the object`, code: 200 });
    const invalidParameter = (reply: FastifyReply, message: string, more: Partial<TGraphErrorInput> = {}) =>
      send(reply, 400, { message, code: 100, ...more });

    /** The page (or, for Instagram, the page whose account it is) a token reaches. */
    function reachablePages(t: TToken) {
      const person = personOf(t.personId)!;
      return person.pages.filter((p) => t.kind !== 'page' || p.id === t.pageId);
    }

    /** Deterministic figures that grow with the minutes since publishing. */
    function figures(p: TPost) {
      const minutes = Math.max(0, Math.floor((nowMs() - p.createdMs) / 60_000));
      const views = Math.min(40 * minutes, 400_000);
      return {
        views,
        reach: Math.floor(views * 0.6),
        likes: Math.floor(views / 10),
        comments: Math.floor(views / 100),
        shares: Math.floor(views / 200),
        saved: Math.floor(views / 150),
        replies: Math.floor(views / 80),
        clicks: Math.floor(views / 20),
      };
    }

    /** A container's status_code, read (a read counts as a poll) or only looked at. */
    function containerStatus(c: TContainer, read: boolean): 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED' {
      if (c.publishedId) return 'PUBLISHED';
      if (nowMs() - c.createdMs > DAY_MS) return 'EXPIRED';
      if (c.failed || c.children.some((id) => containers.get(id)?.failed)) return 'ERROR';
      if (read) c.polls++;
      return !c.video || c.polls >= 2 ? 'FINISHED' : 'IN_PROGRESS';
    }
    const containerStatusText = (c: TContainer, code: string) =>
      ({
        IN_PROGRESS: 'In Progress: Media is still being processed.',
        FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
        PUBLISHED: 'Published: Media has been successfully published.',
        EXPIRED: 'Expired: The container was not published within 24 hours and has expired.',
        ERROR: c.video
          ? 'Error: The video could not be processed (2207026). Use an MP4 or MOV file with H.264 video and AAC audio.'
          : 'Error: The image could not be processed (2207005). Use a JPEG file.',
      })[code] ?? code;

    /** A video's status as Graph answers it; the read that finds it ready publishes its post. */
    function videoStatus(vid: TVideo) {
      const reading = vid.reel ? vid.finished : true;
      if (reading && !vid.failed) vid.polls++;
      const ready = !vid.failed && reading && vid.polls >= 2;
      if (ready && !vid.postId) {
        vid.postId = `${vid.pageId}_${vid.id}`;
        posts.set(vid.postId, {
          id: vid.postId,
          owner: vid.pageId,
          text: vid.description,
          createdMs: nowMs(),
          permalink: vid.reel
            ? `https://www.facebook.com/reel/${vid.id}`
            : `https://www.facebook.com/${vid.pageId}/videos/${vid.id}/`,
          product: vid.reel ? 'REELS' : 'FEED',
          mediaType: 'video',
          mediaId: vid.id,
        });
      }
      const phase = (s: string) => ({ status: s });
      if (vid.failed)
        return {
          video_status: 'error',
          uploading_phase: phase('complete'),
          processing_phase: {
            status: 'error',
            errors: [{ code: 1363008, message: 'The video file could not be processed: its format is not supported.' }],
          },
          publishing_phase: phase('not_started'),
        };
      if (vid.reel && !vid.uploaded)
        return { video_status: 'upload_pending', uploading_phase: phase('not_started'), processing_phase: phase('not_started') };
      if (!reading)
        return { video_status: 'upload_complete', uploading_phase: phase('complete'), processing_phase: phase('not_started') };
      return ready
        ? {
            video_status: 'ready',
            uploading_phase: phase('complete'),
            processing_phase: phase('complete'),
            publishing_phase: phase('complete'),
          }
        : {
            video_status: 'processing',
            uploading_phase: phase('complete'),
            processing_phase: { status: 'in_progress', progress: 50 },
            publishing_phase: phase('not_started'),
          };
    }

    /**
     * A video whose answer was lost: its processing runs on without anyone asking, and it is out (its post made)
     * unless it failed.
     */
    function publishNow(vid: TVideo) {
      if (vid.failed) return;
      vid.polls = Math.max(vid.polls, 1);
      videoStatus(vid);
    }

    const nodeType = (id: string) =>
      containers.has(id)
        ? 'ShadowIGMediaBuilder'
        : videos.has(id)
          ? 'Video'
          : photos.has(id)
            ? 'Photo'
            : network === 'instagram'
              ? 'IGMedia'
              : 'Post';

    /** A container, media, post, video or photo the token reaches, with the fields asked; a string: an unknown field. */
    function objectNode(id: string, owners: Set<string>, fields: TFields): Record<string, unknown> | string | null {
      const pick = (all: Record<string, unknown>) => {
        const node: Record<string, unknown> = {};
        for (const f of fields.keys()) {
          if (!(f in all)) return f;
          node[f] = all[f];
        }
        node.id = id;
        return node;
      };
      const c = containers.get(id);
      if (c && owners.has(c.igId)) {
        const code = containerStatus(c, fields.has('status_code') || fields.has('status'));
        return pick({ id, status_code: code, status: containerStatusText(c, code) });
      }
      const p = posts.get(id);
      if (p && owners.has(p.owner)) {
        const f = figures(p);
        if (network === 'instagram')
          return pick({
            id,
            caption: p.text,
            timestamp: graphTimestamp(p.createdMs),
            permalink: p.permalink,
            media_type: p.mediaType,
            media_product_type: p.product,
            like_count: f.likes,
            comments_count: f.comments,
          });
        const all: Record<string, unknown> = {
          id,
          message: p.text,
          created_time: graphTimestamp(p.createdMs),
          permalink_url: p.permalink,
          reactions: { data: [], summary: { total_count: f.likes, viewer_reaction: 'NONE' } },
          comments: { data: [], summary: { order: 'ranked', total_count: f.comments, can_comment: true } },
        };
        // Graph leaves `shares` out of a post nobody shared
        if (f.shares > 0) all.shares = { count: f.shares };
        const node = pick({ ...all, shares: all.shares });
        if (typeof node !== 'string' && node.shares === undefined) delete node.shares;
        return node;
      }
      const vid = videos.get(id);
      if (vid && owners.has(vid.pageId))
        return pick({
          id,
          description: vid.description,
          status: videoStatus(vid),
          permalink_url: vid.reel ? `/reel/${vid.id}` : `/${vid.pageId}/videos/${vid.id}/`,
        });
      const ph = photos.get(id);
      if (ph && owners.has(ph.pageId)) return pick({ id, published: ph.published });
      return null;
    }

    /** Graph's `since` and `until`: Unix seconds, or a date (`strtotime` reads more; these are what Graph shows). */
    function momentOf(v: string | undefined): number | null {
      if (!v) return null;
      if (/^\d+$/.test(v)) return Number(v) * 1000;
      const ms = Date.parse(v);
      return Number.isNaN(ms) ? null : ms;
    }
    /** A cursor names one post of a list: when it was made and its id (it stays valid as newer posts come). */
    const cursorOf = (p: TPost) => Buffer.from(`${p.createdMs}_${p.id}`).toString('base64url');
    function readCursor(cursor: string): { ms: number; id: string } | null {
      const text = Buffer.from(cursor, 'base64url').toString('utf8');
      const cut = text.indexOf('_');
      const ms = Number(text.slice(0, cut));
      return cut > 0 && Number.isInteger(ms) ? { ms, id: text.slice(cut + 1) } : null;
    }
    const newerFirst = (a: TPost, b: TPost) => b.createdMs - a.createdMs || (b.id < a.id ? -1 : 1);

    /**
     * One answer of a list of posts, newest first, as Graph pages one: at most `limit` (Graph's 25 unless asked,
     * never more than the page size), those after the `after` cursor, and on an edge with Graph's time-based paging
     * (`timed`) only those made from `since` to `until` (to the second). `paging.cursors` name the answer's first and
     * last post; `paging.next` (with the same parameters and the caller's token, as Graph writes it) is there while
     * more are left. Stories are listed while live, or (`archive`, Facebook's story archive) always. Sends a refusal
     * for a cursor Graph did not give or a field `nodeType` does not have.
     */
    function postPage(
      req: FastifyRequest,
      reply: FastifyReply,
      list: { owner: string; story: boolean; timed: boolean; archive: boolean; path: string; token: string; nodeType: string },
      node: (p: TPost) => Record<string, unknown> | string,
    ) {
      const q = req.query as Record<string, string>;
      const limit = Math.max(1, Math.min(Math.floor(Number(q.limit)) || DEFAULT_LIMIT, pageSize));
      const since = list.timed ? momentOf(q.since) : null;
      const until = list.timed ? momentOf(q.until) : null;
      const after = q.after ? readCursor(q.after) : null;
      if (q.after && !after) return invalidParameter(reply, '(#100) The after cursor is not valid');
      const second = (ms: number) => Math.floor(ms / 1000) * 1000;
      const listed = [...posts.values()]
        .filter(
          (p) =>
            p.owner === list.owner &&
            (p.product === 'STORY') === list.story &&
            (!list.story || list.archive || nowMs() - p.createdMs < DAY_MS) &&
            (since === null || second(p.createdMs) >= second(since)) &&
            (until === null || second(p.createdMs) <= until),
        )
        .sort(newerFirst)
        .filter((p) => !after || p.createdMs < after.ms || (p.createdMs === after.ms && p.id < after.id));
      const slice = listed.slice(0, limit);
      const data: Record<string, unknown>[] = [];
      for (const p of slice) {
        const n = node(p);
        if (typeof n === 'string') return nonexistingField(reply, n, list.nodeType);
        data.push(n);
      }
      if (!slice.length) return { data };
      const paging: Record<string, unknown> = {
        cursors: { before: cursorOf(slice[0]), after: cursorOf(slice[slice.length - 1]) },
      };
      if (listed.length > slice.length) {
        const next = new URLSearchParams({ ...q, access_token: list.token, limit: String(limit) });
        next.set('after', cursorOf(slice[slice.length - 1]));
        paging.next = `${opts.publicUrl}${list.path}?${next}`;
      }
      return { data, paging };
    }

    if (network === 'instagram') {
      const igOf = (t: TToken, id: string) => reachablePages(t).find((p) => p.instagram?.id === id)?.instagram ?? null;

      app.post(
        `${v}/:id/media`,
        {
          schema: {
            tags,
            summary: 'A media container (photo, reel, story, carousel item or carousel)',
            params: z.object({ id: z.string() }),
          },
        },
        async (req, reply) => {
          let failed = false;
          const t = await caller(req, reply, publishFor(accountOf(req, req.params.id)), () => {
            failed = true;
          });
          if (!t) return reply;
          const ig = igOf(t, req.params.id);
          if (!ig) return unsupported(reply, req.params.id);
          if (!t.scopes.includes('instagram_content_publish')) return permissionError(reply, 'instagram_content_publish');
          const p = params(req);
          const mediaType = (str(p.media_type) ?? '').toUpperCase();
          const carouselItem = yes(p.is_carousel_item);
          const caption = mediaType === 'STORIES' || carouselItem ? '' : (str(p.caption) ?? '');
          if ([...caption].length > NETWORK_LIMITS.instagram.textMax)
            return invalidParameter(reply, 'Invalid parameter', {
              subcode: 2207010,
              userTitle: 'Caption too long',
              userMsg: `The caption is longer than ${NETWORK_LIMITS.instagram.textMax} characters.`,
            });
          const made = {
            id: nextId('1789'),
            igId: ig.id,
            caption,
            carouselItem,
            polls: 0,
            failed,
            createdMs: nowMs(),
            publishedId: null,
          };
          if (mediaType === 'CAROUSEL') {
            const children = (str(p.children) ?? '')
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean);
            const valid = children.every((c) => {
              const child = containers.get(c);
              return child && child.igId === ig.id && child.carouselItem;
            });
            if (!valid || children.length < 2 || children.length > NETWORK_LIMITS.instagram.mediaMax)
              return invalidParameter(reply, 'Invalid parameter', {
                subcode: 2207028,
                userTitle: 'Carousel could not be made',
                userMsg: `A carousel takes 2 to ${NETWORK_LIMITS.instagram.mediaMax} items made for it (is_carousel_item) on this account.`,
              });
            const video = children.some((c) => containers.get(c)!.video);
            containers.set(made.id, { ...made, mediaType: 'CAROUSEL', children, video });
            return { id: made.id };
          }
          const imageUrl = str(p.image_url);
          const videoUrl = str(p.video_url);
          if (mediaType === 'VIDEO' && !carouselItem)
            return invalidParameter(reply, '(#100) The VIDEO media type is no longer supported for feed videos. Use REELS.', {
              subcode: 2207067,
            });
          const wantsVideo = mediaType === 'VIDEO' || mediaType === 'REELS' || (mediaType === 'STORIES' && !imageUrl);
          const url = wantsVideo ? videoUrl : imageUrl;
          if (!url) return invalidParameter(reply, `(#100) The parameter ${wantsVideo ? 'video_url' : 'image_url'} is required`);
          const type = await pull(url, wantsVideo ? 'video' : 'image');
          if (!type)
            return send(reply, 400, {
              message: "Media download has failed. The media URI doesn't meet our requirements.",
              code: 9004,
              subcode: 2207052,
              userTitle: 'Media could not be fetched',
              userMsg: 'The media could not be fetched from its address: it must be public and a photo or a video.',
            });
          if (!wantsVideo && type !== 'image/jpeg')
            return invalidParameter(reply, 'Invalid parameter', {
              subcode: 2207005,
              userTitle: 'Unsupported format',
              userMsg: 'The image format is not supported: Instagram takes JPEG images.',
            });
          const kind = mediaType === 'STORIES' ? 'STORIES' : mediaType === 'REELS' ? 'REELS' : wantsVideo ? 'VIDEO' : 'IMAGE';
          containers.set(made.id, { ...made, mediaType: kind, children: [], video: wantsVideo });
          return { id: made.id };
        },
      );

      app.post(
        `${v}/:id/media_publish`,
        { schema: { tags, summary: 'Publish a finished container', params: z.object({ id: z.string() }) } },
        async (req, reply) => {
          const t = await caller(req, reply, publishFor(accountOf(req, req.params.id)));
          if (!t) return reply;
          const ig = igOf(t, req.params.id);
          if (!ig) return unsupported(reply, req.params.id);
          if (!t.scopes.includes('instagram_content_publish')) return permissionError(reply, 'instagram_content_publish');
          const c = containers.get(str(params(req).creation_id) ?? '');
          if (!c || c.igId !== ig.id || c.carouselItem)
            return invalidParameter(
              reply,
              '(#100) The parameter creation_id is not a container of this account that can be published',
            );
          const status = containerStatus(c, false);
          if (status !== 'FINISHED')
            return send(reply, 400, {
              message: 'Media ID is not available',
              code: 9007,
              subcode: status === 'EXPIRED' ? 2207020 : 2207027,
              userTitle: 'Media not ready',
              userMsg:
                status === 'PUBLISHED'
                  ? 'This media has already been published.'
                  : status === 'EXPIRED'
                    ? 'The media has expired: make it again.'
                    : status === 'ERROR'
                      ? 'The media could not be processed.'
                      : 'The media is not ready for publishing, please wait for a moment.',
            });
          const dayAgo = nowMs() - DAY_MS;
          const today = [...posts.values()].filter((p) => p.owner === ig.id && p.createdMs > dayAgo).length;
          if (today >= (NETWORK_LIMITS.instagram.postsPerDay ?? Number.POSITIVE_INFINITY))
            return send(reply, 400, {
              message: 'Application request limit reached',
              code: 9,
              subcode: 2207042,
              userTitle: 'Publishing limit reached',
              userMsg: 'You reached the maximum number of posts that is allowed to be published in 24 hours.',
            });
          const id = nextId('1790');
          const product = c.mediaType === 'STORIES' ? 'STORY' : c.mediaType === 'REELS' ? 'REELS' : 'FEED';
          const code = Buffer.from(id.slice(-9)).toString('base64url');
          posts.set(id, {
            id,
            owner: ig.id,
            text: c.caption,
            createdMs: nowMs(),
            permalink:
              product === 'STORY'
                ? `https://www.instagram.com/stories/${ig.username}/${id}/`
                : `https://www.instagram.com/${product === 'REELS' ? 'reel' : 'p'}/${code}/`,
            product,
            mediaType: c.mediaType === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : c.video ? 'VIDEO' : 'IMAGE',
            mediaId: null,
          });
          c.publishedId = id;
          if (await lostAnswer(reply, ig.id)) return reply;
          return { id };
        },
      );

      const zList = { params: z.object({ id: z.string() }), querystring: zQuery };
      for (const [path, story] of [
        ['media', false],
        ['stories', true],
      ] as const)
        app.get(
          `${v}/:id/${path}`,
          { schema: { tags, summary: `The account's ${path}, newest first`, ...zList } },
          async (req, reply) => {
            const t = await caller(req, reply, readFor(accountOf(req, req.params.id)));
            if (!t) return reply;
            const ig = igOf(t, req.params.id);
            if (!ig) return unsupported(reply, req.params.id);
            const fields = fieldsOf(req.query, 'id');
            const owners = new Set([ig.id]);
            // the media edge has time-based paging (since, until); the stories edge lists the live stories
            const list = { owner: ig.id, story, timed: !story, archive: false, path: `${v}/${ig.id}/${path}`, token: t.token };
            return postPage(req, reply, { ...list, nodeType: 'IGMedia' }, (p) => objectNode(p.id, owners, fields) ?? '');
          },
        );

      const FEED_METRICS = ['views', 'reach', 'saved', 'likes', 'comments', 'shares', 'total_interactions'];
      const STORY_METRICS = [
        'views',
        'reach',
        'replies',
        'shares',
        'navigation',
        'follows',
        'profile_visits',
        'total_interactions',
      ];
      /** A story shows its insights from this many viewers on. */
      const STORY_MIN_VIEWERS = 5;
      app.get(
        `${v}/:id/insights`,
        { schema: { tags, summary: "A media's lifetime insights", params: z.object({ id: z.string() }), querystring: zQuery } },
        async (req, reply) => {
          const t = await caller(req, reply, readFor(accountOf(req, req.params.id)));
          if (!t) return reply;
          const owners = new Set(reachablePages(t).map((p) => p.instagram?.id ?? ''));
          const p = posts.get(req.params.id);
          if (!p || !owners.has(p.owner)) return unsupported(reply, req.params.id);
          if (!t.scopes.includes('instagram_manage_insights')) return permissionError(reply, 'instagram_manage_insights');
          const story = p.product === 'STORY';
          const allowed = story ? STORY_METRICS : FEED_METRICS;
          const asked = (req.query.metric ?? '')
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean);
          const wrong = asked.find((m) => !allowed.includes(m));
          if (!asked.length || wrong)
            return invalidParameter(
              reply,
              `(#100) metric[${Math.max(0, asked.indexOf(wrong ?? ''))}] must be one of the following values: ${allowed.join(', ')}`,
            );
          if (story && nowMs() - p.createdMs >= DAY_MS)
            return invalidParameter(reply, '(#100) Insights are not available for this story', {
              subcode: 2108006,
              userTitle: 'Story insights expired',
              userMsg: "A story's insights are kept for 24 hours after it is posted.",
            });
          const f = figures(p);
          if (story && f.views < STORY_MIN_VIEWERS)
            return send(reply, 400, { message: '(#10) Not enough viewers for the media to show insights', code: 10 });
          const value: Record<string, number> = {
            ...f,
            total_interactions: f.likes + f.comments + f.shares + f.saved,
            navigation: Math.floor(f.views / 3),
            follows: Math.floor(f.views / 400),
            profile_visits: Math.floor(f.views / 50),
          };
          return {
            data: asked.map((name) => ({
              name,
              period: 'lifetime',
              values: [{ value: value[name] }],
              title: name,
              description: '',
              id: `${p.id}/insights/${name}/lifetime`,
            })),
          };
        },
      );
    }

    if (network === 'facebook') {
      const pageOf = (t: TToken, id: string) => reachablePages(t).find((p) => p.id === id) ?? null;
      const zPage = { params: z.object({ id: z.string() }) };
      /**
       * The start of every write on the page `id`: injected failures, the token, the page and the right to post on
       * it. With `lateProcessing`, a `processing_error` asked for is not answered here: it marks what the call makes
       * as failing (`failed`). Null once refused, the answer sent.
       */
      async function pageWrite(req: FastifyRequest, reply: FastifyReply, id: string, lateProcessing = false) {
        let failed = false;
        const onProcessing = () => {
          failed = true;
        };
        const t = await caller(req, reply, publishFor(accountOf(req, id)), lateProcessing ? onProcessing : undefined);
        if (!t) return null;
        const page = pageOf(t, id);
        if (!page) {
          unsupported(reply, id);
          return null;
        }
        if (!t.scopes.includes('pages_manage_posts')) {
          permissionError(reply, 'pages_manage_posts');
          return null;
        }
        return { page, failed };
      }
      const tooLong = (reply: FastifyReply, text: string) =>
        [...text].length > NETWORK_LIMITS.facebook.textMax
          ? invalidParameter(reply, `(#100) The message is longer than ${NETWORK_LIMITS.facebook.textMax} characters`)
          : null;
      function newPost(pageId: string, text: string, product: TPost['product'], mediaType: string, mediaId: string | null) {
        const n = nextId('1240');
        const id = `${pageId}_${n}`;
        posts.set(id, {
          id,
          owner: pageId,
          text,
          createdMs: nowMs(),
          permalink:
            product === 'STORY'
              ? `https://www.facebook.com/stories/${pageId}/${n}/`
              : `https://www.facebook.com/${pageId}/posts/${n}`,
          product,
          mediaType,
          mediaId,
        });
        return id;
      }
      const cannotFetch = (reply: FastifyReply, what: 'photo' | 'video') =>
        what === 'photo'
          ? send(reply, 400, { message: '(#324) Missing or invalid image file', code: 324 })
          : send(reply, 400, { message: 'Unable to fetch video file from URL.', code: 389, subcode: 1363030 });

      app.post(`${v}/:id/feed`, { schema: { tags, summary: 'A post on the page', ...zPage } }, async (req, reply) => {
        const w = await pageWrite(req, reply, req.params.id);
        if (!w) return reply;
        const { page } = w;
        const p = params(req);
        const message = str(p.message) ?? '';
        if (tooLong(reply, message)) return reply;
        let attached: unknown = p.attached_media;
        if (typeof attached === 'string') {
          try {
            attached = JSON.parse(attached);
          } catch {
            attached = [];
          }
        }
        const ids = (Array.isArray(attached) ? attached : []).map((a) => {
          const x =
            typeof a === 'string'
              ? (() => {
                  try {
                    return JSON.parse(a);
                  } catch {
                    return {};
                  }
                })()
              : a;
          return str((x as { media_fbid?: unknown } | null)?.media_fbid) ?? '';
        });
        if (!message.trim() && ids.length === 0) return invalidParameter(reply, '(#100) Missing message or attachment');
        if (ids.length > NETWORK_LIMITS.facebook.mediaMax)
          return invalidParameter(reply, `(#100) A post takes at most ${NETWORK_LIMITS.facebook.mediaMax} attached photos`);
        for (const id of ids) {
          const ph = photos.get(id);
          if (!ph || ph.pageId !== page.id || ph.published || ph.used)
            return invalidParameter(
              reply,
              `(#100) param attached_media[${ids.indexOf(id)}] must be an unpublished photo of this page`,
            );
        }
        for (const id of ids) photos.get(id)!.used = true;
        const id = newPost(page.id, message, 'FEED', ids.length ? 'album' : 'status', ids[0] ?? null);
        if (await lostAnswer(reply, page.id)) return reply;
        return { id };
      });

      app.post(`${v}/:id/photos`, { schema: { tags, summary: 'A photo, published or not', ...zPage } }, async (req, reply) => {
        const w = await pageWrite(req, reply, req.params.id);
        if (!w) return reply;
        const { page } = w;
        const p = params(req);
        const caption = str(p.caption) ?? str(p.message) ?? '';
        if (tooLong(reply, caption)) return reply;
        const url = str(p.url);
        if (!url || !(await pull(url, 'image'))) return cannotFetch(reply, 'photo');
        const published = p.published === undefined ? true : yes(p.published);
        const id = nextId('1220');
        photos.set(id, { id, pageId: page.id, published, used: false });
        if (!published) return { id };
        const postId = newPost(page.id, caption, 'FEED', 'photo', id);
        if (await lostAnswer(reply, page.id)) return reply;
        return { id, post_id: postId };
      });

      app.delete(
        `${v}/:id`,
        { schema: { tags, summary: 'Delete a photo of the page (an unpublished one, or one with its post)', ...zPage } },
        async (req, reply) => {
          const id = req.params.id;
          const t = await caller(req, reply, publishFor(accountOf(req, id)));
          if (!t) return reply;
          const ph = photos.get(id);
          if (!ph || !pageOf(t, ph.pageId))
            return send(reply, 400, {
              message: `Unsupported delete request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
              type: 'GraphMethodException',
              code: 100,
              subcode: 33,
            });
          if (!t.scopes.includes('pages_manage_posts')) return permissionError(reply, 'pages_manage_posts');
          photos.delete(id);
          // a published photo's own post goes with it
          for (const p of posts.values())
            if (p.mediaId === id && p.mediaType === 'photo' && p.product === 'FEED') posts.delete(p.id);
          return { success: true };
        },
      );

      app.post(
        `${v}/:id/photo_stories`,
        { schema: { tags, summary: 'A photo story from an unpublished photo', ...zPage } },
        async (req, reply) => {
          const w = await pageWrite(req, reply, req.params.id);
          if (!w) return reply;
          const { page } = w;
          const ph = photos.get(str(params(req).photo_id) ?? '');
          if (!ph || ph.pageId !== page.id || ph.published || ph.used)
            return invalidParameter(reply, '(#100) param photo_id must be an unpublished photo of this page');
          ph.used = true;
          const postId = newPost(page.id, '', 'STORY', 'photo', ph.id);
          if (await lostAnswer(reply, page.id)) return reply;
          return { success: true, post_id: postId };
        },
      );

      app.post(
        `${v}/:id/videos`,
        { schema: { tags, summary: 'A video, pulled from its address', ...zPage } },
        async (req, reply) => {
          const w = await pageWrite(req, reply, req.params.id, true);
          if (!w) return reply;
          const { page, failed } = w;
          const p = params(req);
          const description = str(p.description) ?? '';
          if (tooLong(reply, description)) return reply;
          const url = str(p.file_url);
          if (!url || !(await pull(url, 'video'))) return cannotFetch(reply, 'video');
          const id = nextId('1230');
          const vid: TVideo = {
            id,
            pageId: page.id,
            reel: false,
            description,
            uploaded: true,
            finished: true,
            polls: 0,
            failed,
            postId: null,
          };
          videos.set(id, vid);
          if (await lostAnswer(reply, page.id, () => publishNow(vid))) return reply;
          return { id };
        },
      );

      app.post(
        `${v}/:id/video_reels`,
        { schema: { tags, summary: 'A reel: start, then (after the upload) finish', ...zPage } },
        async (req, reply) => {
          const w = await pageWrite(req, reply, req.params.id, true);
          if (!w) return reply;
          const { page, failed } = w;
          const p = params(req);
          const phase = str(p.upload_phase);
          if (phase === 'start') {
            const id = nextId('1230');
            videos.set(id, {
              id,
              pageId: page.id,
              reel: true,
              description: '',
              uploaded: false,
              finished: false,
              polls: 0,
              failed,
              postId: null,
            });
            return { video_id: id, upload_url: `${opts.publicUrl}${base}/rupload/${META_GRAPH_VERSION}/${id}` };
          }
          if (phase !== 'finish')
            return invalidParameter(reply, '(#100) upload_phase must be one of the following values: start, finish');
          const vid = videos.get(str(p.video_id) ?? '');
          if (!vid?.reel || vid.pageId !== page.id) return invalidParameter(reply, '(#100) Invalid video_id');
          if (!vid.uploaded) return invalidParameter(reply, '(#100) The video has not been uploaded', { subcode: 1363041 });
          const description = str(p.description) ?? '';
          if (tooLong(reply, description)) return reply;
          if (failed) vid.failed = true;
          vid.description = description;
          vid.finished = true;
          if (await lostAnswer(reply, page.id, () => publishNow(vid))) return reply;
          return { success: true };
        },
      );

      app.post(
        `${base}/rupload/${META_GRAPH_VERSION}/:videoId`,
        {
          schema: { tags, summary: "A reel's file, by its address (file_url header)", params: z.object({ videoId: z.string() }) },
        },
        async (req, reply) => {
          const t = await caller(req, reply, publishFor(accountOf(req, req.params.videoId)));
          if (!t) return reply;
          const vid = videos.get(req.params.videoId);
          const page = vid ? pageOf(t, vid.pageId) : null;
          const refuse = (message: string) =>
            reply.status(400).send({ debug_info: { retriable: false, type: 'ProcessingFailedError', message } });
          if (!vid || !page || !vid.reel) return refuse('Request processing failed: unknown video');
          const url = req.headers.file_url;
          if (typeof url !== 'string' || !(await pull(url, 'video')))
            return refuse('The video could not be fetched from file_url: it must be public and a video');
          vid.uploaded = true;
          return { success: true };
        },
      );

      const zList = { params: z.object({ id: z.string() }), querystring: zQuery };
      app.get(`${v}/:id/posts`, { schema: { tags, summary: "The page's posts, newest first", ...zList } }, async (req, reply) => {
        const t = await caller(req, reply, readFor(accountOf(req, req.params.id)));
        if (!t) return reply;
        const page = pageOf(t, req.params.id);
        if (!page) return unsupported(reply, req.params.id);
        // Graph refuses more than 100 posts in one answer (the words are the emulator's)
        if (Number(req.query.limit) > MAX_LIMIT)
          return invalidParameter(reply, `(#100) The limit parameter cannot exceed ${MAX_LIMIT} posts`);
        const fields = fieldsOf(req.query, 'id,message,created_time');
        const owners = new Set([page.id]);
        const list = { owner: page.id, story: false, timed: true, archive: false, path: `${v}/${page.id}/posts`, token: t.token };
        return postPage(req, reply, { ...list, nodeType: 'Post' }, (p) => objectNode(p.id, owners, fields) ?? '');
      });

      app.get(`${v}/:id/stories`, { schema: { tags, summary: "The page's stories", ...zList } }, async (req, reply) => {
        const t = await caller(req, reply, readFor(accountOf(req, req.params.id)));
        if (!t) return reply;
        const page = pageOf(t, req.params.id);
        if (!page) return unsupported(reply, req.params.id);
        // with the story archive on, stories stay listed once they are no longer live (ARCHIVED)
        const list = {
          owner: page.id,
          story: true,
          timed: false,
          archive: true,
          path: `${v}/${page.id}/stories`,
          token: t.token,
        };
        return postPage(req, reply, { ...list, nodeType: 'Stories' }, (p) => ({
          post_id: p.id,
          status: nowMs() - p.createdMs < DAY_MS ? 'PUBLISHED' : 'ARCHIVED',
          creation_time: String(Math.floor(p.createdMs / 1000)),
          media_type: p.mediaType,
          media_id: p.mediaId,
          url: p.permalink,
        }));
      });

      const POST_METRICS = ['post_total_media_view_unique', 'post_clicks', 'post_reactions_by_type_total'];
      app.get(`${v}/:id/insights`, { schema: { tags, summary: "A post's lifetime insights", ...zList } }, async (req, reply) => {
        const t = await caller(req, reply, readFor(accountOf(req, req.params.id)));
        if (!t) return reply;
        const owners = new Set(reachablePages(t).map((p) => p.id));
        const p = posts.get(req.params.id);
        if (!p || !owners.has(p.owner)) return unsupported(reply, req.params.id);
        if (!t.scopes.includes('read_insights')) return permissionError(reply, 'read_insights');
        const asked = (req.query.metric ?? '')
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean);
        if (!asked.length || asked.some((m) => !POST_METRICS.includes(m)))
          return invalidParameter(reply, '(#100) The value must be a valid insights metric');
        const f = figures(p);
        const value: Record<string, unknown> = {
          post_total_media_view_unique: f.views,
          post_clicks: f.clicks,
          post_reactions_by_type_total: { like: f.likes },
        };
        return {
          data: asked.map((name) => ({
            name,
            period: 'lifetime',
            values: [{ value: value[name] }],
            title: name,
            description: '',
            id: `${p.id}/insights/${name}/lifetime`,
          })),
          paging: {},
        };
      });
    }

    // what was published, for tests and benchmarks that count posts across processes (not a Graph call): the posts
    // of one page or Instagram account (`user`), or all, with the message or caption each carried
    app.get(
      `${base}/_published`,
      { schema: { tags, summary: 'Posts published on the emulator (of one page or account id, or all)' } },
      async (req) => {
        const user = (req.query as { user?: string }).user;
        return [...posts.values()]
          .filter((p) => !user || p.owner === user)
          .map((p) => ({ id: p.id, user: p.owner, text: p.text, createdAt: new Date(p.createdMs).toISOString() }));
      },
    );

    registerEmulatorTools(app, {
      base,
      tags,
      failures,
      profileOf,
      revoke,
      // the final publish steps (a feed post, a published photo, a photo story, a video, a reel's finish,
      // media_publish) take effect, then their answers are lost
      losses,
      scoped: true,
      perAccount: true,
    });
  };
}

/** The Facebook emulator, under /sandbox/facebook: it accepts only SANDBOX_FACEBOOK_CLIENT. */
export const facebookEmulatorRoutes = (opts: TMetaEmulatorOptions): FastifyPluginAsyncZod =>
  metaEmulatorRoutes('facebook', SANDBOX_FACEBOOK_CLIENT, opts);

/** The Instagram emulator (Graph API with Facebook Login), under /sandbox/instagram: only SANDBOX_INSTAGRAM_CLIENT. */
export const instagramEmulatorRoutes = (opts: TMetaEmulatorOptions): FastifyPluginAsyncZod =>
  metaEmulatorRoutes('instagram', SANDBOX_INSTAGRAM_CLIENT, opts);
