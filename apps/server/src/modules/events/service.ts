import { EVENTS_HEARTBEAT_SECONDS, EVENTS_TICKET_TTL_SECONDS, type TLiveEventName, type TLiveEvents } from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { TChanges } from '../../lib/changes';
import type { TAuthContext, TAuthService } from '../auth/service';
import type { TNotificationsService } from '../notifications/service';
import type { TEventsRepository } from './repository';

/** Where an open stream writes (the HTTP response). */
export type TLiveSink = {
  send<E extends TLiveEventName>(event: E, data: TLiveEvents[E]): void;
  /** A comment line: keeps the connection open through proxies and shows a dead one. */
  heartbeat(): void;
  /** Ends the response. */
  end(): void;
};

/**
 * Live streams of logged-in users: what changes for a user is pushed to their open pages. The change feed
 * (lib/changes) says what was written in any process; a stream sends the user's unseen count when it opens
 * and each time their notifications change, and ends (with an `end` event) once its session no longer works:
 * a logout, a password change, a deactivation or its expiry, seen at once or at the next heartbeat at most.
 */
export function createEventsService(deps: {
  repo: TEventsRepository;
  auth: TAuthService;
  notifications: TNotificationsService;
  changes: TChanges;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repo, auth, notifications, changes, clock, log } = deps;
  return {
    issueTicket: (a: TAuthContext) => auth.issueTicket(a),

    /**
     * Opens the stream a ticket names: 'refused' when the ticket or its session does not work, 'used' when the
     * ticket already opened a stream (in any process: a ticket opens one stream only, so one read from a log or
     * a shared link opens nothing once the page used it); nothing is opened then.
     */
    async open(ticket: string, sink: TLiveSink): Promise<{ close(): void } | 'refused' | 'used'> {
      const session = await auth.authenticateTicket(ticket);
      if (!session) return 'refused';
      // kept at least as long as the ticket could still verify
      const until = new Date(clock.now().getTime() + EVENTS_TICKET_TTL_SECONDS * 1000);
      if (!(await repo.useTicketOnce(session.ticketId, until))) return 'used';
      const { userId, sessionId } = session;
      const orgPrefix = `${session.user.orgId}.`;
      let closed = false;
      // one count at a time: changes heard while counting ask for one more count after it, not one each
      let counting: Promise<void> | null = null;
      let again = false;
      // a change can be heard twice (from this process and back through the database): a count is sent once
      let lastCount: number | null = null;
      const toldPoints = new Set<string>();
      const pushCount = (): void => {
        if (closed) return;
        if (counting) {
          again = true;
          return;
        }
        counting = (async () => {
          do {
            again = false;
            const count = await notifications.unseenCount(userId);
            if (!closed && count !== lastCount) sink.send('unseen', { count });
            lastCount = count;
          } while (again && !closed);
        })()
          .catch((err: Error) => log.warn({ err: err.message }, 'live stream: cannot count unseen notifications'))
          .finally(() => {
            counting = null;
          });
      };
      const check = (): void => {
        if (closed) return;
        auth.liveSession(sessionId, userId).then(
          (still) => {
            if (still || closed) return;
            sink.send('end', { reason: 'session' });
            stop();
            sink.end();
          },
          (err: Error) => log.warn({ err: err.message }, 'live stream: cannot check its session'),
        );
      };
      const unlisten = changes.listen(
        (topic, key) => {
          if (topic === 'activity' && key === userId) pushCount();
          else if (topic === 'post' && key.startsWith(orgPrefix)) {
            if (!closed) sink.send('post', { CommonPostID: key.slice(orgPrefix.length) });
          } else if (topic === 'payment' && key.startsWith(`${userId}.`)) {
            // `<userId>.<orderId>.<status>`: a payment of this user was recorded by the card processor's webhook
            const [orderId, status] = key.slice(userId.length + 1).split('.');
            if (!closed && orderId && status) sink.send('payment', { orderId, status });
          } else if (topic === 'points' && key.startsWith(`${userId}.`)) {
            // `<userId>.<postId>.<points>.<total>`: a post of this user earned points; a change heard twice is sent once
            const [postId, points, total] = key.slice(userId.length + 1).split('.');
            if (!closed && postId && !toldPoints.has(key)) {
              toldPoints.add(key);
              sink.send('points', { postId, points: Number(points), total: Number(total) });
            }
          } else if ((topic === 'session' && key === sessionId) || (topic === 'user' && key === userId)) check();
        },
        // changes may have been missed (the feed's connection was lost): look again
        () => {
          check();
          lastCount = null;
          pushCount();
        },
      );
      const timer = setInterval(() => {
        sink.heartbeat();
        check();
      }, EVENTS_HEARTBEAT_SECONDS * 1000);
      timer.unref();
      const stop = () => {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        unlisten();
      };
      pushCount();
      return { close: stop };
    },
  };
}
export type TEventsService = ReturnType<typeof createEventsService>;
