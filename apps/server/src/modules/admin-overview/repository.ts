import {
  CURRENCIES,
  OVERVIEW_MONTHS,
  SIGNUP_PROFILE_TYPES,
  SOCIAL_NETWORK_KEYS,
  type TCurrency,
  type TSocialNetworkKey,
} from '@virality/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { payments, postTargets, users } from '../../db/schema';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** A count or a sum as the driver gives it (a number, a numeric string or a bigint) as a number. */
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** A list of our constants as a one-column VALUES table with its order: `(VALUES ('a', 0), ('b', 1)) AS name(value, ord)`. */
const valuesTable = (values: readonly string[], name: string, column: string): SQL =>
  sql`(VALUES ${sql.join(
    values.map((v, i) => sql`(${v}::text, ${i}::int)`),
    sql`, `,
  )}) AS ${sql.raw(name)}(${sql.raw(column)}, ord)`;

/** The states in which a target counts as failed: it did not go out, and will not unless someone acts. */
export const FAILED_TARGET_STATES = ['failed', 'needs_reconnect'] as const;

export type TOverviewMonthRow = { month: string; signUps: number; activeSubscriptions: number };
export type TOverviewRevenueRow = { month: string; currency: TCurrency; amountMinor: number };
export type TOverviewNetworkRow = { network: TSocialNetworkKey; published: number; failed: number };

/**
 * The console's overview, every figure an aggregate computed by the database (grouped by UTC month or by network;
 * empty months and networks come from generate_series and VALUES lists, so they are there with zeros). Reads only:
 * accounts, payments and post targets of every organization.
 */
export function createAdminOverviewRepository(db: TDb) {
  /**
   * The last OVERVIEW_MONTHS UTC months up to `now`'s, oldest first: `start_at` and `end_at` (timestamptz) bound
   * each month, `at` is the moment its subscriptions are counted at (its end, or now for the current month).
   */
  const monthsCte = (now: Date) => sql`months AS (
    SELECT m AS month_utc,
      m AT TIME ZONE 'UTC' AS start_at,
      (m + interval '1 month') AT TIME ZONE 'UTC' AS end_at,
      LEAST((m + interval '1 month') AT TIME ZONE 'UTC', ${now.toISOString()}::timestamptz) AS at
    FROM generate_series(
      date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC') - ${`${OVERVIEW_MONTHS - 1} months`}::interval,
      date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC'),
      interval '1 month'
    ) AS m
  )`;

  return {
    /** Per month: sign-ups and the subscriptions active at its end (see TOverviewMonth for what each counts). */
    async months(now: Date): Promise<TOverviewMonthRow[]> {
      const result = await db.execute(sql`
        WITH ${monthsCte(now)},
        signups AS (
          SELECT date_trunc('month', ${users.createdAt} AT TIME ZONE 'UTC') AS month_utc, count(*)::int AS n
          FROM ${users}
          WHERE ${users.createdAt} >= (SELECT min(start_at) FROM months)
            AND ${users.createdAt} <= ${now.toISOString()}::timestamptz
            AND ${users.profileType} IN ${SIGNUP_PROFILE_TYPES}
            AND (${users.emailVerified} OR ${users.mobileVerified})
          GROUP BY 1
        ),
        active AS (
          SELECT months.month_utc, count(DISTINCT ${payments.userId})::int AS n
          FROM months
          JOIN ${payments} ON ${payments.status} = 'paid'
            AND ${payments.paidAt} <= months.at
            AND ${payments.periodEnd} > months.at
          JOIN ${users} ON ${users.id} = ${payments.userId}
            AND ${users.profileType} <> 'ADMIN'
            AND (${users.deletedAt} IS NULL OR ${users.deletedAt} > months.at)
          GROUP BY months.month_utc
        )
        SELECT to_char(months.month_utc, 'YYYY-MM') AS month,
          coalesce(signups.n, 0) AS sign_ups,
          coalesce(active.n, 0) AS active
        FROM months
        LEFT JOIN signups ON signups.month_utc = months.month_utc
        LEFT JOIN active ON active.month_utc = months.month_utc
        ORDER BY months.month_utc`);
      return rowsOf<{ month: string; sign_ups: unknown; active: unknown }>(result).map((r) => ({
        month: r.month,
        signUps: num(r.sign_ups),
        activeSubscriptions: num(r.active),
      }));
    },

    /** Per month and currency (every currency, zeros included): what paid payments brought in, in minor units. */
    async revenue(now: Date): Promise<TOverviewRevenueRow[]> {
      const result = await db.execute(sql`
        WITH ${monthsCte(now)},
        paid AS (
          SELECT date_trunc('month', ${payments.paidAt} AT TIME ZONE 'UTC') AS month_utc, ${payments.currency} AS currency,
            sum(${payments.amountPaidMinor})::bigint AS amount
          FROM ${payments}
          WHERE ${payments.status} = 'paid'
            AND ${payments.paidAt} >= (SELECT min(start_at) FROM months)
            AND ${payments.paidAt} <= ${now.toISOString()}::timestamptz
          GROUP BY 1, 2
        )
        SELECT to_char(months.month_utc, 'YYYY-MM') AS month, currencies.currency, coalesce(paid.amount, 0) AS amount
        FROM months
        CROSS JOIN ${valuesTable(CURRENCIES, 'currencies', 'currency')}
        LEFT JOIN paid ON paid.month_utc = months.month_utc AND paid.currency = currencies.currency
        ORDER BY months.month_utc, currencies.ord`);
      return rowsOf<{ month: string; currency: TCurrency; amount: unknown }>(result).map((r) => ({
        month: r.month,
        currency: r.currency,
        amountMinor: num(r.amount),
      }));
    },

    /**
     * Per network (every one, in the networks' order): the targets published in [from, now], and those that ended
     * failed in it (their last change, which for a final state is when it was reached).
     */
    async networks(from: Date, now: Date): Promise<TOverviewNetworkRow[]> {
      const f = from.toISOString();
      const n = now.toISOString();
      const published = sql`${postTargets.state} = 'published' AND ${postTargets.publishedAt} >= ${f}::timestamptz AND ${postTargets.publishedAt} <= ${n}::timestamptz`;
      const failed = sql`${postTargets.state} IN ${FAILED_TARGET_STATES} AND ${postTargets.updatedAt} >= ${f}::timestamptz AND ${postTargets.updatedAt} <= ${n}::timestamptz`;
      const result = await db.execute(sql`
        SELECT networks.network,
          count(${postTargets.id}) FILTER (WHERE ${published})::int AS published,
          count(${postTargets.id}) FILTER (WHERE ${failed})::int AS failed
        FROM ${valuesTable(SOCIAL_NETWORK_KEYS, 'networks', 'network')}
        LEFT JOIN ${postTargets} ON ${postTargets.network} = networks.network AND ((${published}) OR (${failed}))
        GROUP BY networks.network, networks.ord
        ORDER BY networks.ord`);
      return rowsOf<{ network: TSocialNetworkKey; published: unknown; failed: unknown }>(result).map((r) => ({
        network: r.network,
        published: num(r.published),
        failed: num(r.failed),
      }));
    },
  };
}
export type TAdminOverviewRepository = ReturnType<typeof createAdminOverviewRepository>;
