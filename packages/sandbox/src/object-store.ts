import { and, eq, sql } from 'drizzle-orm';
import type { TSandboxDb } from './seams';
import { settingsRows as appSettings } from './seams';

/**
 * Where an emulator (Stripe's, PayPal's) keeps its objects: rows of the settings table (key → JSON), one per
 * object, under keys of its own (`<prefix><kind>:<id>`). So they outlive a restart and every process sees the
 * same ones, without a table of their own.
 */
export function sandboxObjectStore<TKind extends string>(db: TSandboxDb, prefix: string) {
  const keyOf = (kind: TKind, id: string) => `${prefix}${kind}:${id}`;
  const ofKind = (kind: TKind) => {
    const start = keyOf(kind, '');
    return sql`left(${appSettings.key}, ${start.length}) = ${start}`;
  };
  return {
    async get<T>(kind: TKind, id: string): Promise<T | null> {
      const [row] = await db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, keyOf(kind, id)));
      return (row?.value as T | undefined) ?? null;
    },

    /** Adds an object unless one with that id exists; true when this call added it. */
    async insert(kind: TKind, id: string, value: object): Promise<boolean> {
      const rows = await db
        .insert(appSettings)
        .values({ key: keyOf(kind, id), value })
        .onConflictDoNothing()
        .returning({ key: appSettings.key });
      return rows.length === 1;
    },

    async put(kind: TKind, id: string, value: object): Promise<void> {
      await db
        .insert(appSettings)
        .values({ key: keyOf(kind, id), value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value } });
    },

    /** Replaces an object only while its `field` still holds `expected` (one payment, one capture); true when replaced. */
    async replaceIf(kind: TKind, id: string, field: string, expected: string, value: object): Promise<boolean> {
      const rows = await db
        .update(appSettings)
        .set({ value })
        .where(and(eq(appSettings.key, keyOf(kind, id)), sql`${appSettings.value} ->> ${field} = ${expected}`))
        .returning({ key: appSettings.key });
      return rows.length === 1;
    },

    /** Adds one to a counting field in place (two payments at once each count). */
    async increment(kind: TKind, id: string, field: string): Promise<void> {
      await db
        .update(appSettings)
        .set({
          value: sql`jsonb_set(${appSettings.value}, ARRAY[${field}]::text[], to_jsonb(coalesce((${appSettings.value} ->> ${field})::int, 0) + 1))`,
        })
        .where(eq(appSettings.key, keyOf(kind, id)));
    },

    /** Appends an entry to a list field in place and sets other fields, so concurrent deliveries all keep their record. */
    async append(kind: TKind, id: string, field: string, entry: object, set: Record<string, string | number | boolean> = {}) {
      let value = sql`jsonb_set(${appSettings.value}, ARRAY[${field}]::text[], coalesce(${appSettings.value} -> ${field}, '[]'::jsonb) || jsonb_build_array(${JSON.stringify(entry)}::jsonb))`;
      for (const [k, v] of Object.entries(set))
        value = sql`jsonb_set(${value}, ARRAY[${k}]::text[], ${JSON.stringify(v)}::jsonb)`;
      await db
        .update(appSettings)
        .set({ value })
        .where(eq(appSettings.key, keyOf(kind, id)));
    },

    async remove(kind: TKind, id: string): Promise<void> {
      await db.delete(appSettings).where(eq(appSettings.key, keyOf(kind, id)));
    },

    async list<T>(kind: TKind): Promise<T[]> {
      const rows = await db.select({ value: appSettings.value }).from(appSettings).where(ofKind(kind));
      return rows.map((r) => r.value as T);
    },

    /** The objects of a kind whose `field` holds `value` (the payout batches still pending, say). */
    async listWhere<T>(kind: TKind, field: string, value: string): Promise<T[]> {
      const rows = await db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(and(ofKind(kind), sql`${appSettings.value} ->> ${field} = ${value}`));
      return rows.map((r) => r.value as T);
    },
  };
}
export type TSandboxObjectStore<TKind extends string> = ReturnType<typeof sandboxObjectStore<TKind>>;
