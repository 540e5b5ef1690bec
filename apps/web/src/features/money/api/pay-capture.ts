import type { TTransaction } from '@virality/domain';
import { api } from '../../../lib/api-client';

/** POST payments/paycapture {orderId}: takes the payment the brand approved on PayPal. */
export async function payCapture(orderId: string): Promise<TTransaction> {
  return (await api.post('payments/paycapture', { orderId })).response;
}

/**
 * The capture asked for each order by this page load. The return page asks once per order even when React mounts
 * it twice (StrictMode) or it is opened again from history; a failed one is forgotten, so Try Again asks anew.
 */
const asked = new Map<string, Promise<TTransaction>>();

export function captureOnce(orderId: string): Promise<TTransaction> {
  let capture = asked.get(orderId);
  if (!capture) {
    capture = payCapture(orderId);
    asked.set(orderId, capture);
    capture.catch(() => asked.delete(orderId));
  }
  return capture;
}

/** Forgets a capture that failed or was left pending, so the next ask goes to the server. */
export function forgetCapture(orderId: string): void {
  asked.delete(orderId);
}
