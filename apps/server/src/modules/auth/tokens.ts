import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** A secret of its own for one use of a master secret: what one signer signs, another never accepts. */
export const derivedSecret = (secret: string, use: string): string =>
  createHmac('sha256', secret).update(use).digest('base64url');

/** `jti`: a ticket's own id (a live-stream ticket is used once, by this id); access tokens carry none. */
export type TTokenClaims = { sub: string; sid: string; role: string; jti?: string };

/** How many verified tokens are remembered (a few MB at most); the oldest is forgotten first. */
const VERIFIED_CACHE_SIZE = 10_000;

/** Access tokens: HS256 JWTs naming the session; the session row decides whether they still work. */
export function createTokenSigner(secret: string) {
  // Imported once: given raw bytes, jose imports the key again on every sign and verify (a WebCrypto call
  // that cost about a tenth of an authenticated request).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token's signature and claims never change, so a verified token is remembered with its expiry and not
  // verified again (only a token whose signature checked out is kept). Whether its session still works is
  // not cached: the session row is read on every call.
  const verified = new Map<string, { claims: TTokenClaims; expiresAtMs: number }>();
  return {
    async sign(claims: TTokenClaims, issuedAt: Date, expiresAt: Date): Promise<string> {
      const jwt = new SignJWT({ sid: claims.sid, role: claims.role });
      if (claims.jti) jwt.setJti(claims.jti);
      return jwt
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
    },
    async verify(token: string, now: Date): Promise<TTokenClaims | null> {
      const known = verified.get(token);
      if (known) return known.expiresAtMs > now.getTime() ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: now });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
        const claims: TTokenClaims = { sub: payload.sub, sid: payload.sid, role: String(payload.role ?? '') };
        if (typeof payload.jti === 'string') claims.jti = payload.jti;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type TTokenSigner = ReturnType<typeof createTokenSigner>;
