import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** How a publish target ended, as the targets counter names it. */
export type TTargetOutcome = 'published' | 'reconciled' | 'failed' | 'needs_check' | 'needs_reconnect';
/** What became of a webhook delivery. */
export type TWebhookOutcome = 'accepted' | 'refused' | 'duplicate';

/** Seconds a scheduled post may be late, as the lateness histogram counts them. */
const LATENESS_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's metrics, in Prometheus's text format (`GET /metrics` on a server, `METRICS_PORT` on a worker). The
 * names are fixed, so dashboards and the alert rules (deploy/alerts.yml) are written once:
 * - `virality_publish_lateness_seconds{network}`: published at minus due at, for scheduled targets;
 * - `virality_publish_targets_total{network,outcome}`: targets ended (published, reconciled, failed, needs_check,
 *   needs_reconnect);
 * - `virality_jobs_queued{queue}` (read from the queue when scraped) and `virality_jobs_failed_total{queue}`;
 * - `virality_http_request_duration_seconds{method,route,status_class}`: `route` is the route's pattern;
 * - `virality_webhooks_received_total{provider,outcome}`;
 * - `virality_payouts_total{outcome}` and `virality_ledger_check_failures_total`;
 * - the Node process's own (`process_*`, `nodejs_*`).
 * Counters count what this process did; Prometheus sums the processes.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let queued: (() => Promise<Record<string, number>>) | null = null;

  const lateness = new Histogram({
    name: 'virality_publish_lateness_seconds',
    help: 'How late a scheduled post went out on a network: published at minus due at, in seconds',
    labelNames: ['network'],
    buckets: LATENESS_BUCKETS,
    registers: [registry],
  });
  const targets = new Counter({
    name: 'virality_publish_targets_total',
    help: 'Publish targets (a post on one account) that ended, by network and how they ended',
    labelNames: ['network', 'outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'virality_jobs_queued',
    help: 'Jobs waiting in each queue (due now or later), read when scraped',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      if (!queued) return;
      for (const [queue, n] of Object.entries(await queued())) this.set({ queue }, n);
    },
  });
  const jobsFailed = new Counter({
    name: 'virality_jobs_failed_total',
    help: 'Job runs that failed (each is retried as its queue says)',
    labelNames: ['queue'],
    registers: [registry],
  });
  const http = new Histogram({
    name: 'virality_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'virality_webhooks_received_total',
    help: 'Webhook deliveries received, by provider and what became of them',
    labelNames: ['provider', 'outcome'],
    registers: [registry],
  });
  const payouts = new Counter({
    name: 'virality_payouts_total',
    help: 'Payouts (withdrawals) that reached an end, by how they ended',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const webhookAttempts = new Counter({
    name: 'virality_webhook_attempts_total',
    help: "Attempts to deliver an event to an organization's webhook, by what came of them",
    labelNames: ['outcome'],
    registers: [registry],
  });
  const ledgerFailures = new Counter({
    name: 'virality_ledger_check_failures_total',
    help: 'Ledger checks that found a wallet whose balance is not the sum of its entries',
    registers: [registry],
  });

  return {
    registry,
    /** Where the queued gauge reads the queues from (the job queue is opened after the metrics). */
    readQueuedFrom(read: () => Promise<Record<string, number>>) {
      queued = read;
    },
    targetEnded(network: string, outcome: TTargetOutcome, dueAt: Date | null, at: Date) {
      targets.inc({ network, outcome });
      if (dueAt && (outcome === 'published' || outcome === 'reconciled'))
        lateness.observe({ network }, Math.max(0, (at.getTime() - dueAt.getTime()) / 1000));
    },
    jobFailed: (queue: string) => jobsFailed.inc({ queue }),
    httpAnswered(method: string, route: string, status: number, seconds: number) {
      http.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    },
    webhookReceived: (provider: string, outcome: TWebhookOutcome) => webhooks.inc({ provider, outcome }),
    payoutEnded: (outcome: string) => payouts.inc({ outcome }),
    /** An attempt to deliver to a customer's webhook: delivered, retry (refused, will try again) or failed (gave up). */
    webhookAttempted: (outcome: 'delivered' | 'retry' | 'failed') => webhookAttempts.inc({ outcome }),
    ledgerCheckFailed: (n = 1) => ledgerFailures.inc(n),
    /** The text Prometheus scrapes, and its content type. */
    async exposition(): Promise<{ body: string; contentType: string }> {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
export type TMetrics = ReturnType<typeof createMetrics>;

/** Loopback addresses (127.0.0.0/8, ::1, and 127.x.x.x written as IPv4-mapped IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * Who may read the metrics: with a token set, a request that carries it (`Authorization: Bearer <token>`, compared
 * in constant time); without one, only a client on this machine that did not come through a proxy (a proxy on the
 * same machine would otherwise make every visitor look local). Answers null when allowed, else the status and words.
 */
export function metricsAccess(
  token: string | null,
  req: { socketAddress: string | undefined; headers: Record<string, string | string[] | undefined> },
): { status: 401 | 403; message: string } | null {
  if (token) {
    const given = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1]?.trim() ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b) ? null : { status: 401, message: 'The metrics need their token' };
  }
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return isLoopback(req.socketAddress) && !proxied
    ? null
    : { status: 403, message: 'The metrics are read from this machine only, or with METRICS_TOKEN' };
}
