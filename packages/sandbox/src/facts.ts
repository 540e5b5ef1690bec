/**
 * What the product must know of the sandbox's stand-ins without loading them: the credentials each one accepts
 * (a network's sandbox app, Google's client id, PayPal's and Stripe's keys). This module has no code and imports
 * nothing, so the product imports it statically; the stand-ins themselves are loaded only in sandbox mode (index.ts).
 */

/** The sandbox app each network's emulator accepts (its client id and secret). */
export const SANDBOX_FACEBOOK_CLIENT = { clientId: '900000000000001', clientSecret: 'sandbox-facebook-app-secret' };
export const SANDBOX_INSTAGRAM_CLIENT = { clientId: '900000000000002', clientSecret: 'sandbox-instagram-app-secret' };
export const SANDBOX_YOUTUBE_CLIENT = { clientId: 'sandbox-youtube-client-id', clientSecret: 'sandbox-youtube-client-secret' };
export const SANDBOX_LINKEDIN_CLIENT = { clientId: 'sandbox-linkedin-client-id', clientSecret: 'sandbox-linkedin-client-secret' };
export const SANDBOX_TIKTOK_CLIENT = { clientId: 'sandbox-tiktok-client-key', clientSecret: 'sandbox-tiktok-client-secret' };
export const SANDBOX_X_CLIENT = { clientId: 'sandbox-x-consumer-key', clientSecret: 'sandbox-x-consumer-secret' };
export const SANDBOX_THREADS_CLIENT = { clientId: '900000000000007', clientSecret: 'sandbox-threads-app-secret' };

/** The client id the Google sign-in stand-in issues its ID tokens for. */
export const SANDBOX_GOOGLE_CLIENT_ID = 'virality-sandbox.apps.googleusercontent.com';

/** The sandbox PayPal emulator's own credentials and webhook id (used when no PayPal client id is set). */
export const SANDBOX_PAYPAL = {
  clientId: 'sandbox-paypal-client',
  clientSecret: 'sandbox-paypal-secret',
  webhookId: 'WH-SANDBOX-0000000000',
} as const;

/** The sandbox's Stripe keys when none are configured. */
export const SANDBOX_STRIPE_SECRET_KEY = 'sk_test_sandbox';
export const SANDBOX_STRIPE_WEBHOOK_SECRET = 'whsec_sandbox';
