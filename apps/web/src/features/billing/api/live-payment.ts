import { useEffect, useRef } from 'react';
import { API_BASE, api } from '../../../lib/api-client';

/** The server-sent 'payment' event: a payment was recorded for the user. */
export type TPaymentEvent = { orderId: string; status: string };

/**
 * While a payment page is open, listens on the user's live stream (GET events, opened with a ticket) for the
 * 'payment' event the server sends the moment the webhook records a payment, and calls `onPayment` with it. The
 * page keeps asking the server too: a stream that cannot open only makes the answer slower, never wrong.
 */
export function useLivePayment(enabled: boolean, onPayment: (event: TPaymentEvent) => void) {
  const handler = useRef(onPayment);
  handler.current = onPayment;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let stopped = false;
    void (async () => {
      try {
        const res = await api.post('events/ticket');
        if (stopped) return;
        source = new EventSource(`${API_BASE.main}/events?ticket=${encodeURIComponent(res.response.ticket)}`);
        source.addEventListener('payment', (e) => {
          try {
            handler.current(JSON.parse((e as MessageEvent<string>).data) as TPaymentEvent);
          } catch {
            // a malformed event is ignored: the page's own checks still answer
          }
        });
        // no reconnect: the page polls meanwhile
        source.addEventListener('error', () => source?.close());
      } catch {
        // no live stream: the page's own checks still answer
      }
    })();
    return () => {
      stopped = true;
      source?.close();
    };
  }, [enabled]);
}
