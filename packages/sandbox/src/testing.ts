/**
 * The stand-ins' parts, for the product's tests that drive one emulator directly (an adapter against its network's
 * emulator, a payment against Stripe's or PayPal's, a push against the push service's) and for benchmarks. The
 * product itself mounts the sandbox through index.ts only.
 */
export { clockRoutes } from './clock';
export * from './facts';
export { googleSandboxRoutes } from './google';
export {
  BENCH_PROFILES_MAX,
  benchRoster,
  emulatorLatencyMs,
  REALISTIC_LATENCY,
  type TCallKind,
  type TEmulatorLatency,
  type TLatencyNetwork,
} from './networks/bench';
export { lazyEmulator } from './networks/lazy';
export { LINKEDIN_DEMO_MEMBERS, LINKEDIN_DEMO_ORGANIZATIONS, linkedinEmulatorRoutes } from './networks/linkedin';
export { facebookEmulatorRoutes, instagramEmulatorRoutes, META_DEMO_PEOPLE, parseFields } from './networks/meta';
export { THREADS_DEMO_PROFILES, threadsEmulatorRoutes } from './networks/threads';
export { TIKTOK_DEMO_FIGURES, tiktokEmulatorRoutes } from './networks/tiktok';
export {
  oauth1BaseString,
  oauth1Signature,
  oauth1SignatureValid,
  parseOAuthHeader,
  percentEncode,
  X_DEMO_PROFILES,
  xEmulatorRoutes,
} from './networks/x';
export { YOUTUBE_DAILY_QUOTA, YOUTUBE_DEMO_CHANNELS, YOUTUBE_QUOTA_COST, youtubeEmulatorRoutes } from './networks/youtube';
export { notificationsSandboxRoutes } from './notifications';
export { outboxRoutes } from './outbox';
export { paypalSandboxRoutes } from './paypal/routes';
export { paypalStore } from './paypal/store';
export type { TEventRecord } from './paypal/webhooks';
export { decryptAes128gcm, makeUserAgentKeys } from './push/rfc8291';
export { pushStandInRoutes } from './push/routes';
export { esc as escapeHtml } from './stripe/page';
export { stripeSandboxRoutes } from './stripe/routes';
export { STRIPE_API_VERSION } from './stripe/settings';
export { stripeStore } from './stripe/store';
