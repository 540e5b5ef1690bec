import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** One message the sandbox outbox received (mail or SMS), as GET /sandbox/outbox returns it. */
export type TOutboxMessage = {
  id: string | number;
  channel: string;
  to: string;
  subject?: string | null;
  body: string;
  createdAt: string;
};

type TOutboxResponse = { status: boolean; response: TOutboxMessage[] };

/** Phones compare by digits (the outbox may hold '+15551234567' for '5551234567'); e-mails case-insensitively. */
function sameRecipient(a: string, b: string): boolean {
  if (a.includes('@') || b.includes('@')) return a.trim().toLowerCase() === b.trim().toLowerCase();
  const da = a.replace(/\D/g, '');
  const db = b.replace(/\D/g, '');
  return da.length >= 7 && db.length >= 7 && (da.endsWith(db) || db.endsWith(da));
}

/** Messages in the sandbox outbox, newest first. */
export async function outbox(request: APIRequestContext): Promise<TOutboxMessage[]> {
  const res = await request.get('/sandbox/outbox', { headers: { Accept: 'application/json' } });
  if (!res.ok()) throw new Error(`GET /sandbox/outbox answered ${res.status()}: ${(await res.text()).slice(0, 200)}`);
  const json = (await res.json()) as TOutboxResponse;
  if (!json.status || !Array.isArray(json.response))
    throw new Error(`GET /sandbox/outbox: unexpected body ${JSON.stringify(json).slice(0, 200)}`);
  return json.response;
}

/** Waits for the newest message to `to` (created after `since`, if given) and returns it. */
export async function latestMessage(
  request: APIRequestContext,
  to: string,
  { since, timeoutMs = 15_000 }: { since?: Date; timeoutMs?: number } = {},
): Promise<TOutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outbox(request)).find(
      (m) => sameRecipient(m.to, to) && (!since || new Date(m.createdAt).getTime() >= since.getTime()),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No message to ${to} reached the sandbox outbox within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Waits for the newest message to `to` and returns the only 4-digit number in its body (the OTP).
 * Pass `since` (taken before the action that sends the code) to skip codes sent earlier.
 */
export async function latestOtp(
  request: APIRequestContext,
  to: string,
  options: { since?: Date; timeoutMs?: number } = {},
): Promise<string> {
  const message = await latestMessage(request, to, options);
  const codes = [...new Set(message.body.match(/(?<!\d)\d{4}(?!\d)/g) ?? [])];
  if (codes.length !== 1) throw new Error(`Expected exactly one 4-digit code in the message to ${to}, got: ${message.body}`);
  return codes[0];
}

let counter = 0;
const uniquePart = () => `${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}`;

/** A fresh, valid e-mail address (at most 60 characters), unique across workers. */
export const uniqueEmail = (prefix = 'user'): string => `${prefix}-${uniquePart()}@example.com`;

/**
 * A fresh phone: country code, 10-digit mobile number (the sign-up form's fields) and the key '+{code}{number}'
 * the server stores and the outbox addresses.
 */
export function uniquePhone(phoneCode = '1'): { phoneCode: string; mobileNumber: string; key: string } {
  const mobileNumber = `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  return { phoneCode, mobileNumber, key: `+${phoneCode}${mobileNumber}` };
}
