/**
 * The live stream of a logged-in user (GET /api/events): server-sent events that tell an open page what
 * changed without it asking again. A browser's EventSource cannot send the access token, so the stream is
 * opened with a short-lived ticket the page asks for first (POST /api/events/ticket, with the token).
 */

/** How long a ticket opens a stream; a page asks for a new one each time it (re)connects. */
export const EVENTS_TICKET_TTL_SECONDS = 60;
/** How often an open stream sends a comment, so proxies keep it open and a lost connection is noticed. */
export const EVENTS_HEARTBEAT_SECONDS = 25;

/** The events a stream sends, and what each carries. */
export type TLiveEvents = {
  /** The unseen-notification count (sent when the stream opens and on every change). */
  unseen: { count: number };
  /** A post of the user's organization moved (sent, published, failed, scheduled, paused...): read it again. */
  post: { CommonPostID: string };
  /** A payment of the user was recorded (paid or failed) by the card processor's signed message: read it again. */
  payment: { orderId: string; status: string };
  /** The user's post earned points (once per earning): the congratulation toast, which leads to the point wallet. */
  points: { postId: string; points: number; total: number };
  /** The session ended (logout, password change, deactivation, expiry): the stream closes after it. */
  end: { reason: 'session' };
};
export type TLiveEventName = keyof TLiveEvents;
