/**
 * A ticket: what an adapter's later call needs (a publish still processing, a post prepared ahead), kept by the
 * engine as an opaque string. Every adapter writes its own object as base64url JSON; each checks its own fields.
 */
export const encodeTicket = (ticket: object): string => Buffer.from(JSON.stringify(ticket)).toString('base64url');

/** A ticket's object, or null when it is not base64url JSON of an object (the adapter then refuses it). */
export function decodeTicket(ticket: string): Record<string, unknown> | null {
  try {
    const t: unknown = JSON.parse(Buffer.from(ticket, 'base64url').toString('utf8'));
    return t !== null && typeof t === 'object' && !Array.isArray(t) ? (t as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
