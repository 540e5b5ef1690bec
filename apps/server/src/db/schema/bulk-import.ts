import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A CSV file imported as posts: written in the same transaction as the posts it made, so an import either made all
 * its posts and this row, or neither. The client's import key is unique per organization: the same import sent again
 * (its answer lost) finds this row and answers what it kept, without making the posts again. The file's SHA-256 tells
 * the same file imported again under a new key (refused with this row's date unless the user confirms).
 */
export const bulkImports = pgTable(
  'bulk_imports',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    importKey: text('import_key').notNull(),
    fileSha256: text('file_sha256').notNull(),
    rowCount: integer('row_count').notNull(),
    postIds: jsonb('post_ids').$type<string[]>().notNull(),
    /** The answer the import gave, kept for a repeat of it. */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('bulk_imports_org_key_uq').on(t.orgId, t.importKey),
    index('bulk_imports_org_file_idx').on(t.orgId, t.fileSha256),
  ],
);
