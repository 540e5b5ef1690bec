import { z } from 'zod';
import { CURRENCIES } from '../rules/plans';
import { SOCIAL_NETWORK_KEYS_TUPLE } from '../rules/social';

// ── The console's Overview: the business month by month, and publishing by network ─────────────────

/** How many months the overview shows, the current one last (UTC calendar months, on the product clock). */
export const OVERVIEW_MONTHS = 12;
/** The publishing figures cover this many days up to now. */
export const OVERVIEW_POST_DAYS = 30;

/** One currency's revenue in a month, in minor units (cents, paise, pence). */
export const zOverviewRevenue = z.object({ currency: z.enum(CURRENCIES), amountMinor: z.number().int() });
export type TOverviewRevenue = z.infer<typeof zOverviewRevenue>;

/** One UTC calendar month of the business. */
export const zOverviewMonth = z.object({
  /** 'YYYY-MM' (UTC). */
  month: z.string(),
  /** Accounts signed up that month: self-registered types (influencer, business, IMC) with a verified e-mail or mobile. */
  signUps: z.number().int(),
  /** Accounts whose paid time covered the month's end (for the current month: now). */
  activeSubscriptions: z.number().int(),
  /** Payments received that month, per currency (every currency, zero where none). */
  revenue: z.array(zOverviewRevenue),
});
export type TOverviewMonth = z.infer<typeof zOverviewMonth>;

/** One network's post targets over the last OVERVIEW_POST_DAYS days. */
export const zOverviewNetwork = z.object({
  network: z.enum(SOCIAL_NETWORK_KEYS_TUPLE),
  /** Targets that went out in the period. */
  published: z.number().int(),
  /** Targets that ended failed (or waiting for the account to be reconnected) in the period. */
  failed: z.number().int(),
});
export type TOverviewNetwork = z.infer<typeof zOverviewNetwork>;

/** GET admin/overview. */
export const zAdminOverview = z.object({
  /** OVERVIEW_MONTHS months, oldest first, the current month last; a month with nothing is there with zeros. */
  months: z.array(zOverviewMonth),
  /** Every network, in the networks' order, zeros included. */
  networks: z.array(zOverviewNetwork),
  /** The period of the network figures: [postsFrom, asOf). */
  postsFrom: z.string(),
  /** The product clock's now when the figures were read. */
  asOf: z.string(),
});
export type TAdminOverview = z.infer<typeof zAdminOverview>;

export const ADMIN_OVERVIEW_RESPONSES = {
  'GET /admin/overview': zAdminOverview,
} as const satisfies Record<string, z.ZodType>;
