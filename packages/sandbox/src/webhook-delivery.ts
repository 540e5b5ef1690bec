import type { FastifyBaseLogger } from 'fastify';

/** Waits between a failed delivery and its retries (Stripe's and PayPal's emulators alike). */
export const RETRY_DELAYS_MS = [1000, 5000, 30_000] as const;
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * One POST of a webhook to the product: its status, and why it failed unless it answered 2xx (an answer other
 * than 2xx, a network error, or no answer within 10 s).
 */
export async function postWebhook(
  fetchFn: typeof fetch,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number | null; error: string | null }> {
  try {
    const res = await fetchFn(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
    await res.arrayBuffer().catch(() => undefined);
    return { status: res.status, error: res.ok ? null : `answered ${res.status}` };
  } catch (err) {
    const error = (err as Error).name === 'TimeoutError' ? 'no answer within 10 s' : 'the endpoint could not be reached';
    return { status: null, error };
  }
}

/**
 * What an emulator's webhooks do in the background: retries after the delays while a delivery fails, sends the
 * caller does not wait for, and closing (the retries still waiting are dropped, the work under way finishes).
 * Retries live in this process: a restart drops the ones still waiting (the event stays recorded).
 */
export function webhookBackground(opts: { delays: readonly number[]; log: FastifyBaseLogger; label: string }) {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  const track = (p: Promise<unknown>) => {
    const tracked = p.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  /** Runs `attempt(last)` after the n-th delay, and again after the next one while it answers false (failed). */
  function retryLater(attempt: (last: boolean) => Promise<boolean>, n: number, about: Record<string, unknown>) {
    if (closed || n >= opts.delays.length) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (closed) return;
      track(
        attempt(n === opts.delays.length - 1).then(
          (ok) => {
            if (!ok) retryLater(attempt, n + 1, about);
          },
          (err) => opts.log.error({ err, ...about }, `${opts.label}: webhook retry could not be recorded`),
        ),
      );
    }, opts.delays[n]);
    timer.unref();
    timers.add(timer);
  }

  return {
    get closed() {
      return closed;
    },
    retryLater,
    /** Runs `send` without the caller waiting; a failure to record is logged. */
    later(send: () => Promise<unknown>, about: Record<string, unknown>) {
      if (closed) return;
      track(send().catch((err) => opts.log.error({ err, ...about }, `${opts.label}: event could not be recorded`)));
    },
    /** Drops the retries still waiting and lets the deliveries under way finish (the app is closing). */
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
