import { API_BASE } from '../../../lib/api-client';

/**
 * POST user/logout with the stored token. Sent straight with fetch so that a session the server has
 * already ended does not trigger the app-wide 401 handling: the user is leaving anyway.
 */
export async function logout(token: string): Promise<void> {
  await fetch(`${API_BASE.main}/user/logout`, { method: 'POST', headers: { 'x-access-token': token } }).catch(() => undefined);
}
