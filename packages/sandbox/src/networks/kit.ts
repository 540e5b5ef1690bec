import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TSandboxClock } from '../seams';
import { emulateLatency, type TEmulatorLatency } from './bench';

/**
 * What every network emulator shares: demo people to consent as, a consent page a person clicks through,
 * one-time codes, tokens that expire on the product's clock, and failures a test (or a demo) asks for.
 */

export type TDemoProfile = { id: string; userName: string; displayName: string; color: string };

/** Failures the next calls of an emulator answer with, in the network's own shape. */
export const EMULATOR_FAILURES = [
  'expired_token',
  'revoked',
  'rate_limit',
  'server_error',
  'timeout',
  'missing_permission',
  'processing_error',
] as const;
export type TEmulatorFailure = (typeof EMULATOR_FAILURES)[number];

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const randomToken = (prefix: string) => `${prefix}.${randomBytes(24).toString('base64url')}`;
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Only return addresses on the product itself: an open redirect would hand codes to another site. */
export function sameOrigin(uri: string, publicUrl: string): boolean {
  try {
    return new URL(uri).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/** A picture for a demo profile, served by the emulator itself (works offline). */
export function avatarSvg(p: TDemoProfile): string {
  const initial = esc(p.displayName.trim().charAt(0).toUpperCase() || '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="${p.color}"/><text x="48" y="60" font-family="system-ui,sans-serif" font-size="40" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
}

/** What every emulator is mounted with; a network that needs more adds its own options to these. */
export type TEmulatorOptions = {
  /** The product's clock: moving it expires codes and tokens. */
  clock: TSandboxClock;
  /** Where the emulator itself answers (its upload addresses and pictures are made from it). */
  publicUrl: string;
  /**
   * The product whose return addresses the consent pages accept: the same server by default; another one when the
   * emulators answer from a process of their own (a benchmark's).
   */
  productUrl?: string;
  /** Pulls media from the addresses a post names, where the network does (default: the global fetch). */
  fetch?: typeof fetch;
  /** Benchmark mode: generated profiles besides the demo ones, and the wait before each API answer. */
  benchProfiles?: number;
  latency?: TEmulatorLatency;
};

/** The token of an `Authorization: Bearer …` header, or null. */
export const bearerToken = (req: FastifyRequest) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;

/**
 * As a person removing the app in the network's settings would: every live token `owned` picks is marked revoked.
 * Returns how many were revoked, which `_revoke` answers with.
 */
export function revokeTokens<T extends { revoked: boolean }>(tokens: Map<string, T>, owned: (t: T) => boolean): number {
  let revoked = 0;
  for (const t of tokens.values())
    if (owned(t) && !t.revoked) {
      t.revoked = true;
      revoked++;
    }
  return revoked;
}

/** Forgets every entry `owned` picks: a revoked person's unused codes or refresh tokens. */
export function forgetWhere<T>(entries: Map<string, T>, owned: (v: T) => boolean): void {
  for (const [k, v] of entries) if (owned(v)) entries.delete(k);
}

/**
 * What every emulator does first: makes its API calls wait their benchmark latency (`latency`), reads form bodies,
 * and starts its failure queue with the hold a `timeout` failure puts a call in.
 */
export function startEmulator(app: FastifyInstance, latency: Parameters<typeof emulateLatency>[1]) {
  emulateLatency(app, latency);
  const failures = failureQueue();
  const hang = holdCalls(app);
  acceptForms(app);
  return { failures, hang };
}

/** How long a `timeout` failure holds its answer: longer than any caller waits. */
export const HANG_MS = 20_000;

/**
 * What a `timeout` failure does: holds the call's answer longer than any caller waits. Closing the emulator wakes
 * every held call, so a server stops at once.
 */
export function holdCalls(app: FastifyInstance): () => Promise<void> {
  const held = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const wake of held) wake();
  });
  return () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        held.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, HANG_MS);
      held.add(wake);
    });
}

/**
 * The kinds of call a failure may be kept for (`only`): a publish (the calls that put a post on the account, its
 * media uploads and containers included), or a read (anything that only looks: the account's posts, figures).
 */
export const FAILURE_SCOPES = ['publish', 'read'] as const;
export type TFailureScope = (typeof FAILURE_SCOPES)[number];

/**
 * The failure queue of one emulator: `next(kind, account)` takes the failure the next call must answer with, if any:
 * the first asked for any call, or for calls of this call's kind (`only`), and for any account or this call's own
 * (`account`: the account's id on the network, as the product links it). A failure kept for publishes is not taken
 * by a read made meanwhile (the figures job reading the same network), and one kept for an account is never taken
 * by a call for another (or by a call whose account the emulator cannot tell, such as a token call).
 */
export function failureQueue() {
  const queue: { failure: TEmulatorFailure; only: TFailureScope | null; account: string | null }[] = [];
  return {
    push: (f: TEmulatorFailure, times = 1, only: TFailureScope | null = null, account: string | null = null) => {
      for (let i = 0; i < times; i++) queue.push({ failure: f, only, account });
    },
    next: (kind: TFailureScope | null = null, account: string | null = null): TEmulatorFailure | null => {
      const i = queue.findIndex(
        (e) => (e.only === null || e.only === kind) && (e.account === null || (account !== null && e.account === account)),
      );
      return i < 0 ? null : queue.splice(i, 1)[0].failure;
    },
    clear: () => {
      queue.length = 0;
    },
    pending: () => queue.map((e) => e.failure),
  };
}
export type TFailureQueue = ReturnType<typeof failureQueue>;

/**
 * Publishes whose answers are to be lost: they take effect on the account, then the caller hears nothing (the answer
 * is held like a timeout). `take(account)` is true for a publish that must lose its answer: one asked for any
 * account, or for this one.
 */
export function answerLosses() {
  const queue: (string | null)[] = [];
  return {
    push: (n: number, account: string | null = null) => {
      for (let i = 0; i < n; i++) queue.push(account);
    },
    take: (account: string | null): boolean => {
      const i = queue.findIndex((a) => a === null || (account !== null && a === account));
      if (i < 0) return false;
      queue.splice(i, 1);
      return true;
    },
    clear: () => {
      queue.length = 0;
    },
    pending: () => queue.length,
  };
}
export type TAnswerLosses = ReturnType<typeof answerLosses>;

/** OAuth 2.0's error answer (RFC 6749, 5.2), as a token endpoint sends it. */
export const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.status(status).send({ error, error_description: description });

/**
 * An emulator's answers to the failures a test asks for, in the network's own shape. Keyed by every failure: one
 * added to the kit does not compile until each emulator has an answer for it.
 */
export type TFailureAnswers = Record<TEmulatorFailure, () => unknown>;

/**
 * Answers `failure` (taken from the failure queue) with `answers`, after holding the call when it is a `timeout`.
 * Returns true when it answered, false when no failure was asked for (the call goes on as usual).
 */
export async function answerFailure(
  failure: TEmulatorFailure | null,
  hang: () => Promise<void>,
  answers: () => TFailureAnswers,
): Promise<boolean> {
  if (!failure) return false;
  const answer = answers()[failure];
  if (failure === 'timeout') await hang();
  answer();
  return true;
}

/** The consent page: who asks for what, a demo profile to choose, Allow and Cancel. Both post to `action`. */
export function consentPage(opts: {
  network: string;
  color: string;
  scopes: string[];
  profiles: TDemoProfile[];
  action: string;
  hidden: Record<string, string>;
  avatarBase: string;
}): string {
  const hidden = Object.entries(opts.hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const people = opts.profiles
    .map(
      (p, i) =>
        `<label class="person"><input type="radio" name="profile" value="${esc(p.id)}"${i === 0 ? ' checked' : ''}><img src="${esc(`${opts.avatarBase}/${p.id}.svg`)}" alt="" width="40" height="40"><span><strong>${esc(p.displayName)}</strong><small>@${esc(p.userName)}</small></span></label>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(opts.network)}: allow Virality (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f7;color:#1a1b1e}main{max-width:440px;margin:3rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0001}h1{font-size:1.3rem;margin:.2rem 0 1rem}.bar{height:6px;background:${opts.color};border-radius:6px;margin-bottom:1rem}ul{padding-left:1.2rem;color:#444}.person{display:flex;gap:.75rem;align-items:center;border:1px solid #ddd;border-radius:8px;padding:.6rem;margin:.5rem 0;cursor:pointer}.person img{border-radius:50%}.person span{display:flex;flex-direction:column}small{color:#666}.actions{display:flex;gap:.75rem;margin-top:1.25rem}button{flex:1;padding:.7rem;font-size:1rem;border-radius:8px;border:1px solid #ccc;background:#fff;cursor:pointer}button[value=allow]{background:${opts.color};color:#fff;border-color:${opts.color}}@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}</style></head>
<body><main><div class="bar"></div><p>Sandbox: this page stands in for ${esc(opts.network)}'s own.</p><h1>Allow Virality to use your ${esc(opts.network)} account</h1>
<p>Virality will be able to:</p><ul>${opts.scopes.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>
<form method="post" action="${esc(opts.action)}">${hidden}<fieldset style="border:0;padding:0;margin:0"><legend>Continue as</legend>${people}</fieldset>
<div class="actions"><button type="submit" name="decision" value="cancel">Cancel</button><button type="submit" name="decision" value="allow">Allow</button></div></form></main></body></html>`;
}

/** What the consent page's form posts besides its hidden fields: the demo profile chosen and the button clicked. */
export const zConsentChoice = { profile: z.string().optional(), decision: z.enum(['allow', 'cancel']) };

/** Reads HTML-form and form-encoded API bodies inside an emulator's scope (the product's API takes JSON only). */
export function acceptForms(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** The control call every emulator has: make its next calls fail, or forget every failure asked for. */
export const zControlBody = z.object({
  fail: z.enum(EMULATOR_FAILURES).optional(),
  times: z.number().int().min(1).max(50).optional(),
  clear: z.boolean().optional(),
  /** Keep the failures for calls of this kind only (where an emulator tells its calls apart). */
  only: z.enum(FAILURE_SCOPES).optional(),
  /** The next publishes take effect but their answers are lost (held like a timeout): where an emulator has it. */
  lose_answers: z.number().int().min(1).max(50).optional(),
  /**
   * Keep the failures (and lost answers) for calls made for this account only: its id on the network, as the product
   * links it (a page, profile, channel or organization id). Where an emulator can tell a call's account.
   */
  account: z.string().min(1).max(200).optional(),
});

/**
 * The calls every emulator has besides the network's own: its demo profiles' pictures, `_control` (make the next
 * calls fail, or forget every failure asked for) and `_revoke` (revoke a demo profile's tokens, as a user removing
 * the app in the network's settings would).
 */
export function registerEmulatorTools(
  app: FastifyInstance,
  opts: {
    base: string;
    tags: string[];
    failures: TFailureQueue;
    profileOf: (id: string) => TDemoProfile | null;
    revoke: (profileId: string) => number;
    /** Publishes whose answers are lost (`lose_answers`): the emulator takes one at each final publish step. */
    losses?: TAnswerLosses;
    /** What else `clear` forgets besides the failures and the lost answers. */
    onClear?: () => void;
    /** The emulator tells its publishes from its reads: failures may be kept for either (`only`). */
    scoped?: boolean;
    /** The emulator tells which account a call is for: failures and lost answers may be kept for one (`account`). */
    perAccount?: boolean;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    `${opts.base}/avatar/:file`,
    { schema: { tags: opts.tags, summary: 'A demo profile picture', params: z.object({ file: z.string() }) } },
    async (req, reply) => {
      const p = opts.profileOf(req.params.file.replace(/\.svg$/, ''));
      if (!p) return reply.status(404).send('');
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(avatarSvg(p));
    },
  );
  typed.post(
    `${opts.base}/_control`,
    { schema: { tags: opts.tags, summary: 'Make the next calls fail', body: zControlBody } },
    async (req, reply) => {
      if (req.body.lose_answers && !opts.losses) return reply.status(400).send({ error: 'lose_answers is not offered here' });
      if (req.body.only && !opts.scoped) return reply.status(400).send({ error: 'only is not offered here' });
      if (req.body.account && !opts.perAccount) return reply.status(400).send({ error: 'account is not offered here' });
      const account = req.body.account ?? null;
      if (req.body.clear) {
        opts.failures.clear();
        opts.losses?.clear();
        opts.onClear?.();
      }
      if (req.body.fail) opts.failures.push(req.body.fail, req.body.times ?? 1, req.body.only ?? null, account);
      if (req.body.lose_answers) opts.losses?.push(req.body.lose_answers, account);
      return { pending: opts.failures.pending() };
    },
  );
  typed.post(
    `${opts.base}/_revoke`,
    { schema: { tags: opts.tags, summary: "Revoke a demo profile's tokens", body: z.object({ profile: z.string() }) } },
    async (req) => ({ revoked: opts.revoke(req.body.profile) }),
  );
}
