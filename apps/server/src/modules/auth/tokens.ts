import { jwtVerify, SignJWT } from 'jose';

export type TTokenClaims = { sub: string; sid: string; role: string };

/** Access tokens: HS256 JWTs naming the session; the session row decides whether they still work. */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: TTokenClaims, issuedAt: Date, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sid, role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token: string, now: Date): Promise<TTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { sub: payload.sub, sid: payload.sid, role: String(payload.role ?? '') };
      } catch {
        return null;
      }
    },
  };
}
export type TTokenSigner = ReturnType<typeof createTokenSigner>;
