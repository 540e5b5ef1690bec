import { readSession, type TStoredSession, tokenExpiresAtMs } from './auth-storage';

/** The stored session when its token has not expired, else null. */
export function readLiveSession(nowMs: number = Date.now()): TStoredSession | null {
  const session = readSession();
  if (!session) return null;
  const exp = tokenExpiresAtMs(session.token);
  if (exp !== null && exp <= nowMs) return null;
  return session;
}
