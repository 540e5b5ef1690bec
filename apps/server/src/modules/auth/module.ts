import { SANDBOX_GOOGLE_CLIENT_ID } from '@virality/sandbox/facts';
import { cleanupJob } from '../../jobs/cleanup';
import { getOrCreateSetting, randomSecret } from '../../lib/settings';
import type { TModule } from '../../module-types';
import { createGoogleVerifier } from './google';
import { createAuthRepository } from './repository';
import { authRoutes } from './routes';
import { createAuthService, type TAuthService } from './service';
import { createTokenSigner, derivedSecret } from './tokens';

declare module '../../module-types' {
  interface TServices {
    auth: TAuthService;
  }
}

/** Sign-up, login, OTP, passwords and sessions; the daily sweep of expired codes, attempts and guards. */
export const authModule: TModule = {
  name: 'auth',
  async services({ db, changes, config, unitOfWork, clock, messenger, log, services }) {
    const jwtSecret = config.jwtSecret ?? (await getOrCreateSetting(db, 'jwt_secret', randomSecret));
    const otpSecret = await getOrCreateSetting(db, 'otp_secret', randomSecret);
    const googleClientId = config.google.clientId ?? (config.sandbox ? SANDBOX_GOOGLE_CLIENT_ID : null);
    return {
      auth: createAuthService({
        repo: createAuthRepository(db, changes),
        unitOfWork,
        users: services.users,
        clock,
        tokens: createTokenSigner(jwtSecret),
        tickets: createTokenSigner(derivedSecret(jwtSecret, 'live-stream tickets')),
        messenger,
        google: googleClientId ? createGoogleVerifier({ jwksUrl: config.google.jwksUrl, clientId: googleClientId }) : null,
        otpSecret,
        sessionTtlHours: config.sessionTtlHours,
        log,
      }),
    };
  },
  routes: ({ services, config }) => [
    authRoutes(services.auth, { max: config.rateLimit.max, timeWindow: config.rateLimit.windowSeconds * 1000 }),
  ],
  jobs: ({ db, clock, log }) => [cleanupJob({ db, clock, log })],
};
