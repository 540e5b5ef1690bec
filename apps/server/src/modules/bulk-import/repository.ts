import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { bulkImports } from '../../db/schema';

export type TBulkImportRow = typeof bulkImports.$inferSelect;

/** The only place that touches bulk_imports (and the savepoints an import checks its rows under). */
export function createBulkImportRepository(db: TDb) {
  return {
    async findByKey(orgId: string, importKey: string): Promise<TBulkImportRow | null> {
      const [row] = await db
        .select()
        .from(bulkImports)
        .where(and(eq(bulkImports.orgId, orgId), eq(bulkImports.importKey, importKey)));
      return row ?? null;
    },
    /** When the organization last imported a file with this SHA-256 (null: never). */
    async lastImportOf(orgId: string, fileSha256: string): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: bulkImports.createdAt })
        .from(bulkImports)
        .where(and(eq(bulkImports.orgId, orgId), eq(bulkImports.fileSha256, fileSha256)))
        .orderBy(desc(bulkImports.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },
    /**
     * Takes the import key (inside the import's unit of work): true when this request is its first. A second request
     * with the key waits here until the first one's transaction ends; then it finds the first one's row.
     */
    async claim(row: typeof bulkImports.$inferInsert): Promise<boolean> {
      const taken = await db.insert(bulkImports).values(row).onConflictDoNothing().returning({ id: bulkImports.id });
      return taken.length > 0;
    },
    async finish(id: string, postIds: string[], result: Record<string, unknown>): Promise<void> {
      await db.update(bulkImports).set({ postIds, result }).where(eq(bulkImports.id, id));
    },
    /** A savepoint inside the unit of work in progress: one row's post is made under it, and undone alone if refused. */
    async savepoint(): Promise<void> {
      await db.execute(sql`SAVEPOINT bulk_row`);
    },
    async release(): Promise<void> {
      await db.execute(sql`RELEASE SAVEPOINT bulk_row`);
    },
    async rollbackToSavepoint(): Promise<void> {
      await db.execute(sql`ROLLBACK TO SAVEPOINT bulk_row`);
    },
  };
}
export type TBulkImportRepository = ReturnType<typeof createBulkImportRepository>;
