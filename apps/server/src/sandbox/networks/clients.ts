/**
 * The sandbox app each network's emulator accepts (its client id and secret): kept apart from the emulators so
 * that the adapters can be pointed at an emulator without loading it.
 */
export const SANDBOX_FACEBOOK_CLIENT = { clientId: '900000000000001', clientSecret: 'sandbox-facebook-app-secret' };
export const SANDBOX_INSTAGRAM_CLIENT = { clientId: '900000000000002', clientSecret: 'sandbox-instagram-app-secret' };
export const SANDBOX_YOUTUBE_CLIENT = { clientId: 'sandbox-youtube-client-id', clientSecret: 'sandbox-youtube-client-secret' };
export const SANDBOX_LINKEDIN_CLIENT = { clientId: 'sandbox-linkedin-client-id', clientSecret: 'sandbox-linkedin-client-secret' };
export const SANDBOX_TIKTOK_CLIENT = { clientId: 'sandbox-tiktok-client-key', clientSecret: 'sandbox-tiktok-client-secret' };
export const SANDBOX_X_CLIENT = { clientId: 'sandbox-x-consumer-key', clientSecret: 'sandbox-x-consumer-secret' };
export const SANDBOX_THREADS_CLIENT = { clientId: '900000000000007', clientSecret: 'sandbox-threads-app-secret' };
