import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_KEY, useCurrentUser } from '../../../lib/use-current-user';
import { MONEY_KEY } from './transactions';

/** The notifications that mean money moved for the user: a payment received or sent, a withdrawal paid or returned. */
export const isMoneyNotification = (type: string): boolean => /^(PAYMENT|PAYOUT)_/.test(type);

/**
 * Reads the list and the user (the wallet) again when a money notification arrives. The logged-in layout's live
 * stream keeps the user's unseen-notification count; when it goes up, the newest notifications are read, and an
 * unseen PAYMENT_* or PAYOUT_* one not handled before makes the money queries read again. Each is handled once.
 */
export function useLiveMoney() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const unseen = user?.UnseenNotifsCount ?? null;
  const last = useRef<number | null>(null);
  const handled = useRef(new Set<string>());
  useEffect(() => {
    const before = last.current;
    last.current = unseen;
    if (unseen === null || before === null || unseen <= before) return;
    let stopped = false;
    void (async () => {
      try {
        const page = (await api.get('activity/getAllActivityById', { page: 1 })).response;
        if (stopped) return;
        const fresh = page.docs.filter((a) => !a.isSeen && isMoneyNotification(a.type) && !handled.current.has(a._id));
        if (fresh.length === 0) return;
        for (const a of fresh) handled.current.add(a._id);
        void queryClient.invalidateQueries({ queryKey: MONEY_KEY });
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      } catch (err) {
        // the page's own poll of rows on their way still answers
        console.error('Transactions: reading the new notifications failed', err instanceof Error ? err.message : err);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [unseen, queryClient]);
}
