import { useQueryClient } from '@tanstack/react-query';
import type { TLiveEvents } from '@virality/domain';
import { useEffect, useRef } from 'react';
import { API_BASE, api, sessionEnded } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../lib/auth-storage';
import { CURRENT_USER_KEY, type TCurrentUser } from '../../../lib/use-current-user';
import { ACTIVITIES_KEY } from './activities';

/** After a lost stream, the wait before trying again: doubled each time up to a minute, reset once it opens. */
const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;
/** After the last post event of a burst, the lists of posts are read once more this much later. */
const TRAILING_READ_MS = 1500;

/** POST events/ticket: a short-lived ticket that opens this session's live stream. */
export async function getEventsTicket(): Promise<string> {
  const res = await api.post('events/ticket');
  return res.response.ticket;
}

/**
 * Keeps the bell's unseen count live while a logged-in page is open: the server's stream (GET events) says the
 * count when it opens and whenever it changes (a new notification, the bell clicked in another tab). A lost
 * stream is opened again with a new ticket. When the server ends it because the session ended (a logout in
 * another tab, a password change, a deactivation), the page does what a 401 does at once: to the login page.
 */
export function useLiveUnseenCount(
  enabled: boolean,
  /** Other events of the stream, for the features that show them (composed by the layout). */
  on: { onPoints?: (event: TLiveEvents['points']) => void } = {},
) {
  const queryClient = useQueryClient();
  const onPoints = useRef(on.onPoints);
  onPoints.current = on.onPoints;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let wait = FIRST_RETRY_MS;
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const rereadPosts = () => {
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      void queryClient.invalidateQueries({ queryKey: ['drafts'] });
    };
    const later = () => {
      if (stopped) return;
      timer = setTimeout(connect, wait);
      wait = Math.min(wait * 2, MAX_RETRY_MS);
    };
    async function connect() {
      let ticket: string;
      try {
        ticket = await getEventsTicket();
      } catch {
        return later();
      }
      if (stopped) return;
      source = new EventSource(`${API_BASE.main}/events?ticket=${encodeURIComponent(ticket)}`);
      source.addEventListener('open', () => {
        wait = FIRST_RETRY_MS;
      });
      source.addEventListener('unseen', (e) => {
        const { count } = JSON.parse((e as MessageEvent<string>).data) as TLiveEvents['unseen'];
        localStorage.setItem(STORAGE_KEYS.notificationCount, String(count));
        queryClient.setQueryData<TCurrentUser>(CURRENT_USER_KEY, (user) => (user ? { ...user, UnseenNotifsCount: count } : user));
        // the notifications page, if it is open, shows what came
        void queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY });
      });
      // a post of the organization moved (published, failed, scheduled...): the lists that show posts read again,
      // at once and once more when the burst is over (a post's accounts and the post itself change one after the
      // other; a list read between two of those changes would otherwise keep the middle state)
      source.addEventListener('post', () => {
        rereadPosts();
        if (trailing) clearTimeout(trailing);
        trailing = setTimeout(rereadPosts, TRAILING_READ_MS);
      });
      // a post of the user earned points: the congratulation (once per earning: the stream says each once)
      source.addEventListener('points', (e) => {
        try {
          onPoints.current?.(JSON.parse((e as MessageEvent<string>).data) as TLiveEvents['points']);
        } catch {
          // a malformed event is ignored
        }
      });
      source.addEventListener('end', () => {
        source?.close();
        source = null;
        stopped = true;
        sessionEnded();
      });
      // the browser would retry with the same ticket, which soon expires: a new one is asked for instead
      source.addEventListener('error', () => {
        source?.close();
        source = null;
        later();
      });
    }
    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (trailing) clearTimeout(trailing);
      source?.close();
    };
  }, [enabled, queryClient]);
}
