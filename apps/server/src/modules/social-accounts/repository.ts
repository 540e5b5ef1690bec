import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { linkStates, socialAccounts } from '../../db/schema';
import { batched } from '../../lib/batched';
import { createCache } from '../../lib/cache';
import type { TChanges } from '../../lib/changes';

export type TSocialAccountRow = typeof socialAccounts.$inferSelect;
export type TLinkStateRow = typeof linkStates.$inferSelect;

/** The only place that touches the social_accounts and link_states tables. Tokens arrive here already sealed. */
export function createSocialRepository(db: TDb, changes: TChanges) {
  // reads of accounts asked for at the same moment, as one query (findForPublishing)
  const readTogether = batched<string, TSocialAccountRow | null>({
    max: 100,
    async runBatch(ids) {
      const rows = await db
        .select()
        .from(socialAccounts)
        .where(inArray(socialAccounts.id, [...new Set(ids)]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    },
  });
  // an organization's accounts are read on every user answer (socialLinks); each write is heard by every process
  const byOrg = createCache<{ orgId: string; rows: TSocialAccountRow[] }>(changes, {
    ttlMs: 30_000,
    max: 20_000,
    tags: (v) => [['social', v.orgId]],
  });
  const changed = (orgId: string | undefined) => (orgId ? changes.changed('social', orgId) : Promise.resolve());
  return {
    async insertState(row: typeof linkStates.$inferInsert) {
      await db.insert(linkStates).values(row);
    },
    /** Takes a linking flow once: the row when it was unused and unexpired (and is now used), else null. */
    async claimState(id: string, now: Date): Promise<TLinkStateRow | null> {
      const [row] = await db
        .update(linkStates)
        .set({ usedAt: now })
        .where(and(eq(linkStates.id, id), isNull(linkStates.usedAt), sql`${linkStates.expiresAt} > ${now}`))
        .returning();
      return row ?? null;
    },
    async findStateByRequestToken(token: string): Promise<TLinkStateRow | null> {
      const [row] = await db.select().from(linkStates).where(eq(linkStates.requestToken, token));
      return row ?? null;
    },
    /** A user's newest linking flow of a network that is still open (unused, unexpired), if any. */
    async newestOpenState(userId: string, network: string, now: Date): Promise<TLinkStateRow | null> {
      const [row] = await db
        .select()
        .from(linkStates)
        .where(
          and(
            eq(linkStates.userId, userId),
            eq(linkStates.network, network),
            isNull(linkStates.usedAt),
            gt(linkStates.expiresAt, now),
          ),
        )
        .orderBy(desc(linkStates.createdAt), desc(linkStates.id))
        .limit(1);
      return row ?? null;
    },
    async findState(id: string): Promise<TLinkStateRow | null> {
      const [row] = await db.select().from(linkStates).where(eq(linkStates.id, id));
      return row ?? null;
    },
    /** Keeps the pages a consent gave on its (claimed) flow, until `until`. */
    async keepPages(id: string, pages: unknown[], until: Date) {
      await db.update(linkStates).set({ pages, expiresAt: until }).where(eq(linkStates.id, id));
    },
    /** Takes the kept pages away, once: true for the one caller that did. */
    async dropPages(id: string): Promise<boolean> {
      const rows = await db
        .update(linkStates)
        .set({ pages: null })
        .where(and(eq(linkStates.id, id), sql`${linkStates.pages} IS NOT NULL`))
        .returning({ id: linkStates.id });
      return rows.length > 0;
    },
    async dropStatesBefore(now: Date): Promise<number> {
      const rows = await db.delete(linkStates).where(lte(linkStates.expiresAt, now)).returning({ id: linkStates.id });
      return rows.length;
    },

    async insertAccount(row: typeof socialAccounts.$inferInsert): Promise<TSocialAccountRow> {
      const [created] = await db.insert(socialAccounts).values(row).returning();
      await changed(created.orgId);
      return created;
    },
    async findAccount(orgId: string, id: string): Promise<TSocialAccountRow | null> {
      const [row] = await db
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.id, id), eq(socialAccounts.orgId, orgId)));
      return row ?? null;
    },
    async findById(id: string): Promise<TSocialAccountRow | null> {
      const [row] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
      return row ?? null;
    },
    /**
     * The account for a publish: as findById, but reads asked for at the same moment (the targets of a batch the
     * publishing engine claimed together) go as one query. Inside a unit of work it reads alone, in the unit.
     */
    async findForPublishing(id: string): Promise<TSocialAccountRow | null> {
      if (!changes.inUnit()) return readTogether(id);
      const [row] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
      return row ?? null;
    },
    async findByRemote(orgId: string, network: string, remoteId: string): Promise<TSocialAccountRow | null> {
      const [row] = await db
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.orgId, orgId), eq(socialAccounts.network, network), eq(socialAccounts.remoteId, remoteId)));
      return row ?? null;
    },
    async listByOrg(orgId: string): Promise<TSocialAccountRow[]> {
      const v = await byOrg.get(orgId, async () => ({
        orgId,
        rows: await db
          .select()
          .from(socialAccounts)
          .where(eq(socialAccounts.orgId, orgId))
          .orderBy(asc(socialAccounts.createdAt), asc(socialAccounts.id)),
      }));
      return v?.rows ?? [];
    },
    async deleteAccount(orgId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(socialAccounts)
        .where(and(eq(socialAccounts.id, id), eq(socialAccounts.orgId, orgId)))
        .returning({ id: socialAccounts.id });
      if (rows.length) await changed(orgId);
      return rows.length > 0;
    },
    /**
     * New tokens, written only if the row still holds the tokens they replace (`seenAccess`): a rotating refresh
     * token renewed by another process first is not overwritten with an older one. True when written.
     */
    async replaceTokens(
      id: string,
      seenAccess: string,
      patch: Pick<
        typeof socialAccounts.$inferInsert,
        'accessToken' | 'refreshToken' | 'tokenSecret' | 'accessExpiresAt' | 'refreshExpiresAt' | 'scopes' | 'updatedAt'
      >,
    ): Promise<boolean> {
      const rows = await db
        .update(socialAccounts)
        .set({ ...patch, status: 'linked', statusReason: null })
        .where(and(eq(socialAccounts.id, id), eq(socialAccounts.accessToken, seenAccess)))
        .returning({ orgId: socialAccounts.orgId });
      await changed(rows[0]?.orgId);
      return rows.length > 0;
    },
    async relink(id: string, patch: Partial<typeof socialAccounts.$inferInsert>): Promise<TSocialAccountRow> {
      const [row] = await db
        .update(socialAccounts)
        .set({ ...patch, status: 'linked', statusReason: null })
        .where(eq(socialAccounts.id, id))
        .returning();
      await changed(row?.orgId);
      return row;
    },
    /** Marks for reconnect, once: true when this call changed it (so the user is told once). */
    async markReconnect(id: string, seenAccess: string, reason: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(socialAccounts)
        .set({ status: 'needs_reconnect', statusReason: reason, updatedAt: now })
        .where(and(eq(socialAccounts.id, id), eq(socialAccounts.accessToken, seenAccess), eq(socialAccounts.status, 'linked')))
        .returning({ orgId: socialAccounts.orgId });
      await changed(rows[0]?.orgId);
      return rows.length > 0;
    },
    /** Linked accounts whose access expires before `before` and that can be renewed. */
    async dueForRefresh(before: Date, limit: number): Promise<TSocialAccountRow[]> {
      return db
        .select()
        .from(socialAccounts)
        .where(
          and(
            eq(socialAccounts.status, 'linked'),
            lte(socialAccounts.accessExpiresAt, before),
            sql`${socialAccounts.refreshToken} IS NOT NULL`,
          ),
        )
        .orderBy(asc(socialAccounts.accessExpiresAt))
        .limit(limit);
    },
    /** Accounts linked after `after` (when, then id), oldest first: the analytics sweep's pages. */
    async linkedAfter(after: { at: Date; id: string }, limit: number): Promise<TSocialAccountRow[]> {
      return db
        .select()
        .from(socialAccounts)
        .where(sql`(${socialAccounts.createdAt}, ${socialAccounts.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`)
        .orderBy(asc(socialAccounts.createdAt), asc(socialAccounts.id))
        .limit(limit);
    },
  };
}
export type TSocialRepository = ReturnType<typeof createSocialRepository>;
