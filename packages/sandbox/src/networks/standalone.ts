import type { FastifyPluginAsync } from 'fastify';
import type { TSandboxClock } from '../seams';
import type { TEmulatorLatency } from './bench';
import type { TEmulatorOptions } from './kit';
import { emulatorApp } from './lazy';

/** How often a following clock asks the product for its time. */
const FOLLOW_EVERY_MS = 500;

/**
 * A clock that follows the product's: it asks the product for its time (`/api/health`) every half second and
 * keeps the difference from this machine's (none until the product first answers). The emulators in a process of
 * their own read the product's time through it (tokens' expiry, the dates of what was posted), however the
 * product's clock is moved. It cannot be moved from here.
 */
export function followProductClock(productUrl: string): TSandboxClock & { stop(): void } {
  let offset = 0;
  const read = async () => {
    const before = Date.now();
    const res = await fetch(`${productUrl}/api/health`);
    if (!res.ok) throw new Error(`the product answered ${res.status} for its time`);
    const body = (await res.json()) as { response?: { time?: string } };
    const time = body.response?.time ? Date.parse(body.response.time) : Number.NaN;
    if (!Number.isFinite(time)) throw new Error('the product did not say its time');
    // the product read its clock about halfway through the call
    offset = time - Math.round((before + Date.now()) / 2);
  };
  void read().catch(() => undefined);
  const timer = setInterval(() => void read().catch(() => undefined), FOLLOW_EVERY_MS);
  timer.unref();
  const cannotMove = (): never => {
    throw new Error('this clock follows the product’s; move the product’s clock instead');
  };
  return {
    now: () => new Date(Date.now() + offset),
    nowMs: () => Date.now() + offset,
    get offset() {
      return offset;
    },
    advance: cannotMove,
    advanceShared: async () => cannotMove(),
    stop: () => clearInterval(timer),
  };
}

export type TNetworkEmulatorsOptions = {
  port: number;
  host?: string;
  /** Where these emulators answer (their upload addresses and pictures are made from it). */
  publicUrl: string;
  /** The product they serve: its consent pages send the browser back only there. */
  productUrl: string;
  clock: TSandboxClock;
  benchProfiles?: number;
  latency?: TEmulatorLatency;
};

/**
 * The seven networks' emulators alone, in a server of their own (a benchmark's): the same routes under the same
 * /sandbox/<network>/ paths as inside the product, without the product around them (no database, no sessions, no
 * other stand-ins), each built when the process starts. Their state lives in this process.
 */
export async function startNetworkEmulators(o: TNetworkEmulatorsOptions): Promise<{ url: string; close(): Promise<void> }> {
  const opts: TEmulatorOptions = {
    clock: o.clock,
    publicUrl: o.publicUrl,
    productUrl: o.productUrl,
    benchProfiles: o.benchProfiles,
    latency: o.latency,
  };
  const [meta, youtube, linkedin, tiktok, x, threads] = await Promise.all([
    import('./meta'),
    import('./youtube'),
    import('./linkedin'),
    import('./tiktok'),
    import('./x'),
    import('./threads'),
  ]);
  const networks: FastifyPluginAsync[] = [
    meta.instagramEmulatorRoutes(opts),
    meta.facebookEmulatorRoutes(opts),
    youtube.youtubeEmulatorRoutes(opts),
    linkedin.linkedinEmulatorRoutes(opts),
    tiktok.tiktokEmulatorRoutes(opts),
    x.xEmulatorRoutes(opts),
    threads.threadsEmulatorRoutes(opts),
  ];
  const app = emulatorApp();
  // each emulator parses its own bodies (uploads come as raw bytes), as it does when mounted inside the product
  for (const routes of networks) await app.register(routes);
  await app.listen({ port: o.port, host: o.host ?? '127.0.0.1' });
  return { url: `http://${o.host ?? '127.0.0.1'}:${o.port}`, close: () => app.close() };
}
