import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { invitations, roles, users } from '../../db/schema';
import { createCache } from '../../lib/cache';
import type { TChanges } from '../../lib/changes';

export type TRoleRow = typeof roles.$inferSelect;

/**
 * Roles and invitations, and the read model of a business's sub-users (users joined with their role);
 * writes to user rows go through the users service.
 */
export function createTeamRepository(db: TDb, changes: TChanges) {
  // a manager's role is read on every getUserStatus; a write of it is heard by every process (lib/cache)
  const roleById = createCache<TRoleRow>(changes, { ttlMs: 30_000, max: 20_000, tags: (r) => [['role', r.id]] });
  return {
    /** Inserts a role; null when the business already has one by that name (the unique index decides races). */
    async insertRole(row: typeof roles.$inferInsert): Promise<TRoleRow | null> {
      const [r] = await db.insert(roles).values(row).onConflictDoNothing().returning();
      return r ?? null;
    },
    async findRole(orgId: string, id: string): Promise<TRoleRow | null> {
      const [r] = await db
        .select()
        .from(roles)
        .where(and(eq(roles.orgId, orgId), eq(roles.id, id)));
      return r ?? null;
    },
    findRoleById(id: string): Promise<TRoleRow | null> {
      return roleById.get(id, async () => {
        const [r] = await db.select().from(roles).where(eq(roles.id, id));
        return r ?? null;
      });
    },
    async roleNameTaken(orgId: string, lower: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: roles.id })
        .from(roles)
        .where(
          and(eq(roles.orgId, orgId), eq(roles.roleNameLower, lower), exceptId ? sql`${roles.id} <> ${exceptId}` : undefined),
        );
      return rows.length > 0;
    },
    async updateRole(id: string, patch: Partial<typeof roles.$inferInsert>): Promise<TRoleRow> {
      const [r] = await db.update(roles).set(patch).where(eq(roles.id, id)).returning();
      await changes.changed('role', id);
      return r;
    },
    async deleteRole(id: string) {
      await db.delete(roles).where(eq(roles.id, id));
      await changes.changed('role', id);
    },
    async pageRoles(orgId: string, page: number, size: number) {
      const [{ n }] = await db.select({ n: count() }).from(roles).where(eq(roles.orgId, orgId));
      const rows = await db
        .select()
        .from(roles)
        .where(eq(roles.orgId, orgId))
        .orderBy(desc(roles.createdAt), asc(roles.id))
        .limit(size)
        .offset((page - 1) * size);
      return { rows, total: Number(n) };
    },
    async activeRoles(orgId: string): Promise<TRoleRow[]> {
      return db
        .select()
        .from(roles)
        .where(and(eq(roles.orgId, orgId), eq(roles.status, true)))
        .orderBy(asc(roles.roleNameLower));
    },
    async countHolders(roleId: string): Promise<number> {
      const [{ n }] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.roleId, roleId), isNull(users.deletedAt)));
      return Number(n);
    },
    async pageSubUsers(businessId: string, page: number, size: number, search: string | null) {
      // the search is taken literally: LIKE's own wildcards (% and _) and its escape (\) are escaped
      const term = search?.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
      const where = and(
        eq(users.businessId, businessId),
        isNull(users.deletedAt),
        term ? or(ilike(users.name, `%${term}%`), ilike(users.email, `%${term}%`)) : undefined,
      );
      const [{ n }] = await db.select({ n: count() }).from(users).where(where);
      const rows = await db
        .select({ user: users, roleId: roles.id, roleName: roles.roleName })
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(where)
        .orderBy(desc(users.createdAt), asc(users.id))
        .limit(size)
        .offset((page - 1) * size);
      return { rows, total: Number(n) };
    },
    async insertInvitation(row: typeof invitations.$inferInsert) {
      await db.insert(invitations).values(row);
    },
    async findInvitation(tokenHash: string) {
      const [r] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
      return r ?? null;
    },
    /** Whether the user holds an invitation that is neither used nor expired. */
    async hasOpenInvitation(userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), gt(invitations.expiresAt, now)))
        .limit(1);
      return rows.length === 1;
    },
    /** Every live sub-user of a business. */
    async memberIds(businessId: string): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.businessId, businessId), isNull(users.deletedAt)));
      return rows.map((r) => r.id);
    },
    /** Ends every invitation of the user still open (marked used), before a new one replaces them. */
    async voidOpenInvitations(userId: string, at: Date) {
      await db
        .update(invitations)
        .set({ usedAt: at })
        .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt)));
    },
    /** Uses an invitation once: false when it was already used. */
    async useInvitation(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ usedAt: at })
        .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },
  };
}
export type TTeamRepository = ReturnType<typeof createTeamRepository>;
