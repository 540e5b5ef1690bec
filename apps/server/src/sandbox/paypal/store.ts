import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { appSettings } from '../../db/schema';

/**
 * Where the PayPal emulator keeps its objects: rows of the settings table (key → JSON), one per object, under
 * `sandbox_paypal:<kind>:<id>`, as the Stripe emulator does. So orders, payouts and sent webhooks outlive a restart
 * and every process sees the same ones.
 */
const PREFIX = 'sandbox_paypal:';

export type TKind = 'token' | 'order' | 'idem' | 'batch' | 'sender' | 'item' | 'event' | 'transmission';

const keyOf = (kind: TKind, id: string) => `${PREFIX}${kind}:${id}`;

export function paypalStore(db: TDb) {
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

    /** Replaces an object only while its `field` still holds `expected` (one approval, one capture); true when replaced. */
    async replaceIf(kind: TKind, id: string, field: string, expected: string, value: object): Promise<boolean> {
      const rows = await db
        .update(appSettings)
        .set({ value })
        .where(and(eq(appSettings.key, keyOf(kind, id)), sql`${appSettings.value} ->> ${field} = ${expected}`))
        .returning({ key: appSettings.key });
      return rows.length === 1;
    },

    /** Appends an entry to a list field in place and sets other fields (concurrent deliveries all keep their record). */
    async append(kind: TKind, id: string, field: string, entry: object, set: Record<string, string> = {}) {
      let value = sql`jsonb_set(${appSettings.value}, ARRAY[${field}]::text[], coalesce(${appSettings.value} -> ${field}, '[]'::jsonb) || jsonb_build_array(${JSON.stringify(entry)}::jsonb))`;
      for (const [k, v] of Object.entries(set))
        value = sql`jsonb_set(${value}, ARRAY[${k}]::text[], ${JSON.stringify(v)}::jsonb)`;
      await db
        .update(appSettings)
        .set({ value })
        .where(eq(appSettings.key, keyOf(kind, id)));
    },

    /** The objects of a kind whose `field` holds `value` (the batches still pending). */
    async listWhere<T>(kind: TKind, field: string, value: string): Promise<T[]> {
      const prefix = keyOf(kind, '');
      const rows = await db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(
          and(sql`left(${appSettings.key}, ${prefix.length}) = ${prefix}`, sql`${appSettings.value} ->> ${field} = ${value}`),
        );
      return rows.map((r) => r.value as T);
    },

    async list<T>(kind: TKind): Promise<T[]> {
      const prefix = keyOf(kind, '');
      const rows = await db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(sql`left(${appSettings.key}, ${prefix.length}) = ${prefix}`);
      return rows.map((r) => r.value as T);
    },
  };
}
export type TPayPalStore = ReturnType<typeof paypalStore>;
