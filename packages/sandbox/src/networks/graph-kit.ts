import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSandboxClock } from '../seams';

/**
 * What the emulators of Meta's Graph APIs share (Facebook and Instagram in meta.ts, Threads in threads.ts): the
 * error envelope, the way Graph writes a moment in its messages, where a call's token is read from, and the
 * refusals every Graph call may answer with. Each network keeps its own wording where Meta's differs.
 */

/** What one Graph error says; `userTitle` and `userMsg` are the words Graph means for a person to read. */
export type TGraphErrorInput = {
  message: string;
  code: number;
  subcode?: number;
  type?: string;
  transient?: boolean;
  userTitle?: string;
  userMsg?: string;
};

const fbtraceId = () => randomBytes(8).toString('base64url');

/** Graph's error envelope. */
export const graphError = (e: TGraphErrorInput) => ({
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

/** Meta's way of writing a moment in its error messages, e.g. "Tuesday, 02-Jun-26 05:00:00 PDT" (here UTC). */
export function graphTime(ms: number): string {
  const d = new Date(ms);
  const day = d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const month = d.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day}, ${pad(d.getUTCDate())}-${month}-${String(d.getUTCFullYear()).slice(2)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

/** The token a Graph call is made with: an `Authorization: Bearer` (or `OAuth`) header, else `?access_token=`. */
export function graphTokenOf(req: FastifyRequest): string | null {
  const header = /^(?:Bearer|OAuth) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const query = (req.query as Record<string, unknown> | undefined)?.access_token;
  return header ?? (typeof query === 'string' ? query : null);
}

/** A token row as a Graph emulator keeps it: null `expiresAt` never expires. */
type TGraphTokenRow = { revoked: boolean; expiresAt: number | null };

/**
 * The refusals every Graph emulator answers with, worded as Graph words them: `clientId` is the app a revoked token
 * names, `clock` the product's clock an expired token's message tells the time by.
 */
export function graphRefusals(opts: { clock: TSandboxClock; clientId: string }) {
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
      message: `Error validating access token: The user has not authorized application ${opts.clientId}.`,
      code: 190,
      subcode: 458,
    });

  return {
    send,
    invalidToken,
    expiredToken,
    revokedToken,

    /** The row of the token a call is made with, or null once refused in Graph's words. */
    checkedToken<T extends TGraphTokenRow>(reply: FastifyReply, token: string | null, tokens: Map<string, T>): T | null {
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
      return row;
    },

    /**
     * A `rate_limit` failure: Graph's 400 with code 4, and the usage headers that say whose limit it is (`owner`),
     * of which kind (`type`), and in how many minutes it lifts.
     */
    rateLimited(
      reply: FastifyReply,
      usage: { owner: string; type: string; callCount: number; cpuTime: number; totalTime: number; minutes: number },
    ) {
      const counts = { call_count: usage.callCount, total_cputime: usage.cpuTime, total_time: usage.totalTime };
      return reply
        .header('x-app-usage', JSON.stringify(counts))
        .header(
          'x-business-use-case-usage',
          JSON.stringify({
            [usage.owner]: [{ type: usage.type, ...counts, estimated_time_to_regain_access: usage.minutes }],
          }),
        )
        .status(400)
        .send(graphError({ message: '(#4) Application request limit reached', code: 4, transient: true }));
    },

    /** A `server_error` failure: Graph's transient 500. */
    serverError: (reply: FastifyReply) =>
      send(reply, 500, {
        message: 'An unexpected error has occurred. Please retry your request later.',
        code: 2,
        transient: true,
      }),

    /** What a `timeout` failure answers once it has been held. */
    timedOut: (reply: FastifyReply) => send(reply, 504, { message: 'The request timed out.', code: 2, transient: true }),
  };
}
