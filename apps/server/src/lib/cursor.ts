import { badRequest } from '../errors';

/**
 * A list's cursor: where the previous page ended (its last row's time and id, the list's order), opaque to clients.
 * A cursor not made here (altered, or from another list) is a 400 in `refusal`'s words, never a silent first page.
 */
export const encodeCursor = (at: Date, id: string): string =>
  Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');

export function decodeCursor(cursor: string | undefined, refusal: string): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(String(at));
    if (typeof id !== 'string' || typeof at !== 'string' || Number.isNaN(createdAt.getTime())) throw new Error();
    return { createdAt, id };
  } catch {
    throw badRequest(refusal);
  }
}
