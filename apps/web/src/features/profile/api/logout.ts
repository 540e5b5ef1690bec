import { API_BASE } from '../../../lib/api-client';
import { removePushOnLogout } from '../../../lib/web-push';

/**
 * POST user/logout with the stored token. Sent straight with fetch so that a session the server has
 * already ended does not trigger the app-wide 401 handling: the user is leaving anyway. This browser's push
 * subscription is removed first, while the session can still do it.
 */
export async function logout(token: string): Promise<void> {
  await removePushOnLogout(token);
  await fetch(`${API_BASE.main}/user/logout`, { method: 'POST', headers: { 'x-access-token': token } }).catch(() => undefined);
}
