import { createRemoteJWKSet, jwtVerify } from 'jose';

export type TGoogleIdentity = { sub: string; email: string; name: string | null; picture: string | null };

/** Checks a Google ID token against the published keys (or the sandbox's), issuer and audience. */
export function createGoogleVerifier(opts: { jwksUrl: string; clientId: string }) {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl));
  return async (idToken: string, now: Date): Promise<TGoogleIdentity | null> => {
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: ['https://accounts.google.com', 'accounts.google.com'],
        audience: opts.clientId,
        algorithms: ['RS256'],
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || payload.email_verified !== true) return null;
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        name: typeof payload.name === 'string' ? payload.name : null,
        picture: typeof payload.picture === 'string' ? payload.picture : null,
      };
    } catch {
      return null;
    }
  };
}
export type TGoogleVerifier = ReturnType<typeof createGoogleVerifier>;
