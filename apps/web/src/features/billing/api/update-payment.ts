import { MSG } from '@virality/domain';
import { API_BASE, ApiError, sessionEnded } from '../../../lib/api-client';
import { readSession } from '../../../lib/auth-storage';

/** Whether the payment is recorded as paid (200) or not yet (202), and the order it belongs to. */
export type TPaymentUpdate = { state: 'recorded' | 'waiting'; orderId: string | null };

/**
 * POST payment/updatePayment {session_id}: 200 once the webhook has recorded the payment as paid, 202 while not
 * yet. The status code is the answer, so the call is made here rather than through the envelope reader.
 */
export async function updatePayment(sessionId: string): Promise<TPaymentUpdate> {
  const session = readSession();
  let res: Response;
  try {
    res = await fetch(`${API_BASE.main}/payment/updatePayment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(session ? { 'x-access-token': session.token } : {}) },
      body: JSON.stringify({ session_id: sessionId }),
    });
  } catch {
    throw new ApiError(MSG.networkLost, 0);
  }
  if (res.status === 401) {
    sessionEnded();
    throw new ApiError(MSG.unauthorized, 401);
  }
  const json = (await res.json().catch(() => null)) as {
    status?: boolean;
    message?: string;
    response?: { orderId?: string } | null;
  } | null;
  const orderId = json?.response?.orderId ?? null;
  if (res.status === 202) return { state: 'waiting', orderId };
  if (res.ok && json?.status !== false) return { state: 'recorded', orderId };
  throw new ApiError(json?.message || MSG.somethingWentWrong, res.status);
}
