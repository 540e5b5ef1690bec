import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type TAuditRow = typeof auditLog.$inferSelect;
export type TAuditEntry = TAuditRow & { actorEmail: string | null; actorName: string | null };

/** The admins' audit log: rows are only ever added. */
export function createAuditRepository(db: TDb) {
  return {
    async insert(row: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(row);
    },
    /** The newest rows first, `limit` of them, older than the row `before` names (keyset paging). */
    async page(limit: number, before: { at: Date; id: string } | null): Promise<TAuditEntry[]> {
      const older = before
        ? or(lt(auditLog.at, before.at), and(eq(auditLog.at, before.at), lt(auditLog.id, before.id)))
        : undefined;
      return db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          before: auditLog.before,
          after: auditLog.after,
          at: auditLog.at,
          actorEmail: users.email,
          actorName: users.name,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(older)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },
    async find(id: string): Promise<TAuditRow | null> {
      const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
      return row ?? null;
    },
  };
}
export type TAuditRepository = ReturnType<typeof createAuditRepository>;
