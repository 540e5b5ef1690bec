import type { TDb } from '../../db/client';
import { rateLimits } from '../../db/schema';

/** Where a used ticket is remembered: a row of the shared counters table, swept with them once it expires. */
const USED_TICKET = 'events-ticket:';

/** What the live streams keep: the tickets already used, in the database every process shares. */
export function createEventsRepository(db: TDb) {
  return {
    /**
     * Marks a ticket used, true only for its first use: one insert that a second one (here, in another process,
     * or at the same instant) cannot repeat. Kept until `until` (the ticket's expiry or later), then swept.
     */
    async useTicketOnce(ticketId: string, until: Date): Promise<boolean> {
      const rows = await db
        .insert(rateLimits)
        .values({ key: `${USED_TICKET}${ticketId}`, count: 1, resetAt: until })
        .onConflictDoNothing({ target: rateLimits.key })
        .returning({ key: rateLimits.key });
      return rows.length === 1;
    },
  };
}
export type TEventsRepository = ReturnType<typeof createEventsRepository>;
