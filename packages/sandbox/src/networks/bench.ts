import type { FastifyInstance } from 'fastify';
import type { TDemoProfile } from './kit';

/**
 * Benchmark mode of the emulators: generated demo profiles besides the built-in ones (SANDBOX_BENCH_PROFILES),
 * and answers that take about as long as the real networks' (SANDBOX_NETWORK_LATENCY).
 */

/** The most generated profiles an emulator offers. */
export const BENCH_PROFILES_MAX = 5000;

const BENCH_COLORS = ['#2563eb', '#16a34a', '#db2777', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#475569'];

/**
 * The generated profiles of one emulator, numbered 1..count: each is made from its number when asked for and
 * never kept, so 5000 of them cost nothing until a page lists them. `prefix` names them (`x` gives `x-bench-0001`).
 */
export function benchRoster<T extends TDemoProfile>(
  prefix: string,
  count: number | undefined,
  make: (n: number, base: TDemoProfile) => T,
) {
  const size = Math.max(0, Math.min(BENCH_PROFILES_MAX, Math.floor(count ?? 0)));
  const pad = (n: number) => String(n).padStart(4, '0');
  const at = (n: number): T | null =>
    Number.isInteger(n) && n >= 1 && n <= size
      ? make(n, {
          id: `${prefix}-bench-${pad(n)}`,
          userName: `bench${pad(n)}`,
          displayName: `Bench ${pad(n)}`,
          color: BENCH_COLORS[n % BENCH_COLORS.length],
        })
      : null;
  /** The number a value made as `stem` + digits carries, when it is one of this roster's. */
  const numberIn = (value: string, stem: string): number | null => {
    if (!value.startsWith(stem)) return null;
    const digits = value.slice(stem.length);
    if (!/^\d{1,20}$/.test(digits)) return null;
    const n = Number(digits);
    return n >= 1 && n <= size ? n : null;
  };
  return {
    size,
    at,
    /** A generated profile by its id (`x-bench-0001`), or null. */
    byId: (id: string): T | null => at(numberIn(id, `${prefix}-bench-`) ?? 0),
    /** A generated profile by a remote id made as `stem` + its number (a user id, a page id) that `remoteOf` reads. */
    byRemote: (value: string, stem: string, remoteOf: (p: T) => string): T | null => {
      const p = at(numberIn(value, stem) ?? 0);
      return p && remoteOf(p) === value ? p : null;
    },
    numberIn,
    /** Every generated profile, in order: made for the consent page and dropped after it. */
    all: (): T[] => Array.from({ length: size }, (_, i) => at(i + 1)!),
  };
}

/** A remote id of a generated profile: `stem` and the profile's number, padded to `width` digits. */
export const benchRemoteId = (stem: string, n: number, width: number) => `${stem}${String(n).padStart(width, '0')}`;

// ---- latency ----

/** SANDBOX_NETWORK_LATENCY: none, a figure per network and call that resembles the real API's, or fixed ms. */
export type TEmulatorLatency = 'off' | 'realistic' | number;
export type TLatencyNetwork = 'x' | 'facebook' | 'instagram' | 'linkedin' | 'threads' | 'youtube' | 'tiktok';
/**
 * What a call does, for how long it takes: `read` a read or a light call that makes nothing (a status poll,
 * opening or closing an upload), `token` an OAuth token call, `post` creating or publishing a post, `container`
 * making an Instagram or Threads media container (the network fetches and checks the media), `upload` a call
 * that carries media bytes or has the network pull a media file from its address.
 */
export type TCallKind = 'read' | 'token' | 'post' | 'container' | 'upload';

/**
 * With `realistic`, how long each kind of call takes on each network, in ms: the least and the most, a call
 * waiting a uniformly drawn figure between them. Round estimates of the real APIs' usual answer times, not
 * measurements: reads 150–350 ms, token calls 150–450, creating a post 400–900, Instagram and Threads containers
 * 600–1200, media uploads and pulls one to a few seconds (a few MB at a time). `container` is unused where a
 * network has none (it is given the figure of a post there).
 */
export const REALISTIC_LATENCY: Record<TLatencyNetwork, Record<TCallKind, readonly [number, number]>> = {
  x: { read: [150, 300], token: [200, 400], post: [400, 800], container: [400, 800], upload: [800, 2000] },
  facebook: { read: [180, 320], token: [200, 400], post: [500, 900], container: [500, 900], upload: [1000, 2500] },
  instagram: { read: [180, 320], token: [200, 400], post: [500, 900], container: [600, 1200], upload: [1000, 2500] },
  linkedin: { read: [200, 350], token: [250, 450], post: [450, 900], container: [450, 900], upload: [900, 2200] },
  threads: { read: [180, 320], token: [200, 400], post: [500, 900], container: [600, 1200], upload: [1000, 2500] },
  youtube: { read: [150, 280], token: [150, 300], post: [400, 800], container: [400, 800], upload: [1500, 3500] },
  tiktok: { read: [200, 350], token: [250, 450], post: [500, 900], container: [500, 900], upload: [1000, 2500] },
};

/** How long a call waits before its answer, in ms (`random` draws in [0, 1), as Math.random). */
export function emulatorLatencyMs(
  setting: TEmulatorLatency | undefined,
  network: TLatencyNetwork,
  kind: TCallKind,
  random: () => number = Math.random,
): number {
  if (setting === undefined || setting === 'off') return 0;
  if (typeof setting === 'number') return Math.max(0, Math.round(setting));
  const [least, most] = REALISTIC_LATENCY[network][kind];
  return Math.round(least + random() * (most - least));
}

/**
 * Makes every API call of an emulator wait its latency before it is answered, in real time (the product's clock
 * may be moved by a test; the network's answer time is not). Not the emulator's own tools (avatars, `_control`,
 * `_published`, `_revoke`) nor the pages a person sees (`pages`: route paths such as the consent page). Closing
 * the emulator wakes every waiting call.
 */
export function emulateLatency(
  app: FastifyInstance,
  opts: {
    base: string;
    network: TLatencyNetwork;
    setting: TEmulatorLatency | undefined;
    pages: string[];
    /** The kind of a call by its method and route path (`/sandbox/x/2/tweets/:id`). */
    kindOf: (method: string, route: string) => TCallKind;
  },
) {
  if (opts.setting === undefined || opts.setting === 'off' || opts.setting === 0) return;
  const tools = new Set(['_control', '_published', '_revoke']);
  const skipped = (route: string) =>
    !route.startsWith(`${opts.base}/`) ||
    route.startsWith(`${opts.base}/avatar/`) ||
    tools.has(route.slice(opts.base.length + 1)) ||
    opts.pages.includes(route);
  const waiting = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const wake of waiting) wake();
  });
  app.addHook('onRequest', async (req) => {
    const route = req.routeOptions.url;
    if (!route || skipped(route)) return;
    const ms = emulatorLatencyMs(opts.setting, opts.network, opts.kindOf(req.method, route));
    if (ms <= 0) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiting.add(wake);
    });
  });
}
