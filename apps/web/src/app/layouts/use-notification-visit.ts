import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { countNotificationVisit } from '../../features/notifications/api/activities';

/** The mark the service worker puts on the address of a page it opens from a notification's click (public/sw.js). */
export const OPENED_PARAM = 'opened';
export const OPENED_VALUE = 'notification';

/**
 * A visit that began with a click on a push notification is counted, as a click on the notifications page counts
 * one (admin/notification/ctrCount): the page the worker opened carries ?opened=notification, counted once and then
 * dropped from the address (so a reload or a shared link counts nothing); a tab already on that page is told by the
 * worker instead ('notification-opened').
 */
export function useNotificationVisit(userId: string | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  // the entry already counted: a second run of the effect (React's checks, a re-render) counts nothing more
  const counted = useRef<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    const params = new URLSearchParams(location.search);
    if (params.get(OPENED_PARAM) !== OPENED_VALUE) return;
    if (counted.current !== location.key) {
      counted.current = location.key;
      countNotificationVisit(userId);
    }
    params.delete(OPENED_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      {
        replace: true,
        state: location.state,
      },
    );
  }, [userId, location, navigate]);

  useEffect(() => {
    if (!userId || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === 'notification-opened') countNotificationVisit(userId);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [userId]);
}
