/**
 * Runs the seven networks' emulators as a process of their own (a benchmark's), following the product's clock:
 *   PORT=4100 SANDBOX_PRODUCT_URL=http://127.0.0.1:3000 [SANDBOX_NETWORK_LATENCY=realistic] [SANDBOX_BENCH_PROFILES=200] \
 *     npx tsx packages/sandbox/src/networks/serve.ts
 * The product is pointed at it with SANDBOX_EMULATORS_URL. It keeps nothing: its accounts and posts live in memory.
 */
import type { TEmulatorLatency } from './bench';
import { followProductClock, startNetworkEmulators } from './standalone';

const env = process.env;
const port = Number(env.PORT);
const productUrl = env.SANDBOX_PRODUCT_URL?.replace(/\/+$/, '');
const latencySetting = env.SANDBOX_NETWORK_LATENCY ?? 'off';
if (!Number.isInteger(port) || port <= 0 || !productUrl || !/^(off|realistic|\d+)$/.test(latencySetting)) {
  console.error('PORT and SANDBOX_PRODUCT_URL are needed; SANDBOX_NETWORK_LATENCY is off, realistic or milliseconds');
  process.exit(2);
}
const latency: TEmulatorLatency =
  latencySetting === 'off' || latencySetting === 'realistic' ? latencySetting : Number(latencySetting);
const clock = followProductClock(productUrl);
const emulators = await startNetworkEmulators({
  port,
  publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://127.0.0.1:${port}`,
  productUrl,
  clock,
  latency,
  benchProfiles: Number(env.SANDBOX_BENCH_PROFILES ?? 0),
});
console.log(`network emulators on ${emulators.url}, following the clock of ${productUrl}`);
const stop = async () => {
  clock.stop();
  await emulators.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
