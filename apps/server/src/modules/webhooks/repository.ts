import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { organizations, users, webhookDeliveries, webhookEvents, webhooks } from '../../db/schema';

export type TWebhookRow = typeof webhooks.$inferSelect;
export type TWebhookEventRow = typeof webhookEvents.$inferSelect;
export type TWebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The only place that touches webhooks, webhook_events and webhook_deliveries. */
export function createWebhooksRepository(db: TDb) {
  return {
    /** Holds the organization's row until the unit of work ends: two webhooks added at once are counted in turn. */
    async lockOrg(orgId: string): Promise<void> {
      await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId)).for('update');
    },
    async countLive(orgId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhooks)
        .where(and(eq(webhooks.orgId, orgId), isNull(webhooks.deletedAt)));
      return row?.n ?? 0;
    },
    async insert(row: typeof webhooks.$inferInsert): Promise<TWebhookRow> {
      const [made] = await db.insert(webhooks).values(row).returning();
      return made;
    },
    /** The organization's live webhooks, newest first. */
    listLive(orgId: string): Promise<TWebhookRow[]> {
      return db
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.orgId, orgId), isNull(webhooks.deletedAt)))
        .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
    },
    async findLive(orgId: string, id: string): Promise<TWebhookRow | null> {
      const [row] = await db
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.id, id), eq(webhooks.orgId, orgId), isNull(webhooks.deletedAt)));
      return row ?? null;
    },
    async findById(id: string): Promise<TWebhookRow | null> {
      const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
      return row ?? null;
    },
    /** Deletes a live webhook (its secret dropped, its log kept); false when the organization has no such webhook. */
    async remove(orgId: string, id: string, at: Date): Promise<boolean> {
      const done = await db
        .update(webhooks)
        .set({ deletedAt: at, secretSealed: null })
        .where(and(eq(webhooks.id, id), eq(webhooks.orgId, orgId), isNull(webhooks.deletedAt)))
        .returning({ id: webhooks.id });
      return done.length > 0;
    },

    /**
     * The live webhooks listening for `type`: of the organization `orgId`, or of the organization of the user
     * `userId`; with that organization's id.
     */
    async listening(who: { orgId: string } | { userId: string }, type: string): Promise<TWebhookRow[]> {
      const subscribed = sql`${webhooks.events} @> ${JSON.stringify([type])}::jsonb`;
      if ('orgId' in who)
        return db
          .select()
          .from(webhooks)
          .where(and(eq(webhooks.orgId, who.orgId), isNull(webhooks.deletedAt), subscribed));
      const rows = await db
        .select({ w: webhooks })
        .from(webhooks)
        .innerJoin(users, eq(users.orgId, webhooks.orgId))
        .where(and(eq(users.id, who.userId), isNull(webhooks.deletedAt), subscribed));
      return rows.map((r) => r.w);
    },
    async insertEvent(row: typeof webhookEvents.$inferInsert): Promise<void> {
      await db.insert(webhookEvents).values(row);
    },
    async insertDeliveries(rows: (typeof webhookDeliveries.$inferInsert)[]): Promise<void> {
      if (rows.length) await db.insert(webhookDeliveries).values(rows);
    },

    /**
     * Takes a pending delivery for one attempt until `leaseUntil`: null when it is not pending, or another attempt
     * holds it (two jobs never send one delivery at once; a dead attempt's lease lapses).
     */
    async lease(id: string, now: Date, leaseUntil: Date): Promise<TWebhookDeliveryRow | null> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ leaseUntil })
        .where(
          and(
            eq(webhookDeliveries.id, id),
            eq(webhookDeliveries.state, 'pending'),
            or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, now)),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Writes an attempt's end, only under the lease it was sent under (a lapsed attempt writes nothing). */
    async finish(id: string, leaseUntil: Date, patch: Partial<TWebhookDeliveryRow>): Promise<TWebhookDeliveryRow | null> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ ...patch, leaseUntil: null })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.leaseUntil, leaseUntil)))
        .returning();
      return row ?? null;
    },
    async findEvent(id: string): Promise<TWebhookEventRow | null> {
      const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
      return row ?? null;
    },
    async findDelivery(id: string): Promise<TWebhookDeliveryRow | null> {
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      return row ?? null;
    },
    /** Puts a delivery back to pending, due now, with a fresh round of attempts (a redelivery asked by hand). */
    async reopen(id: string, now: Date): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ state: 'pending', attempts: 0, nextAttemptAt: now, leaseUntil: null })
        .where(eq(webhookDeliveries.id, id));
    },
    /** A webhook's deliveries, newest first, `limit` after `after`, each with its event. */
    async deliveriesOf(
      webhookId: string,
      q: { after: { createdAt: Date; id: string } | null; limit: number },
    ): Promise<{ d: TWebhookDeliveryRow; e: TWebhookEventRow }[]> {
      return db
        .select({ d: webhookDeliveries, e: webhookEvents })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(
          and(
            eq(webhookDeliveries.webhookId, webhookId),
            q.after
              ? or(
                  lt(webhookDeliveries.createdAt, q.after.createdAt),
                  and(eq(webhookDeliveries.createdAt, q.after.createdAt), lt(webhookDeliveries.id, q.after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(q.limit);
    },
    /** Pending deliveries due before `before` that no attempt holds (at most 500). */
    async stalePending(before: Date, now: Date): Promise<string[]> {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.state, 'pending'),
            lt(webhookDeliveries.nextAttemptAt, before),
            or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, now)),
          ),
        )
        .limit(500);
      return rows.map((r) => r.id);
    },
    /** Events older than `before` whose deliveries are all over (delivered or failed), with their deliveries: removed. */
    async sweep(before: Date): Promise<number> {
      const old = await db
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(
          and(
            lt(webhookEvents.createdAt, before),
            sql`NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} WHERE ${webhookDeliveries.eventId} = ${webhookEvents.id} AND ${webhookDeliveries.state} = 'pending')`,
          ),
        )
        .limit(5_000);
      if (old.length === 0) return 0;
      await db.delete(webhookEvents).where(
        inArray(
          webhookEvents.id,
          old.map((o) => o.id),
        ),
      );
      return old.length;
    },
  };
}
export type TWebhooksRepository = ReturnType<typeof createWebhooksRepository>;
