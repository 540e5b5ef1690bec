import { CURRENCIES, CURRENCY_SYMBOLS, type TAdminCoupon, type TCurrency } from '@virality/domain';

/** A monthly price as people read it: '$19', '₹1,499', '£42.50'. */
export function money(amount: number, currency: string): string {
  const cur = currency.toUpperCase();
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency: cur,
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount} ${cur}`;
  }
}

export const CURRENCY_LABELS: Record<TCurrency, string> = {
  usd: 'US dollars',
  inr: 'Indian rupees',
  gbp: 'Pound sterling',
  eur: 'Euros',
};

export { CURRENCIES, CURRENCY_SYMBOLS };

/** What a coupon takes off: '25% off', '₹500 off'. */
export const discountOf = (c: Pick<TAdminCoupon, 'percentOff' | 'amountOff' | 'currency'>): string =>
  c.percentOff !== null ? `${c.percentOff}% off` : c.amountOff !== null ? `${money(c.amountOff, c.currency ?? 'usd')} off` : '—';

/** How long a coupon's discount lasts: 'First payment', '3 months', 'Every payment'. */
export const durationOf = (c: Pick<TAdminCoupon, 'duration' | 'durationInMonths'>): string =>
  c.duration === 'once'
    ? 'First payment'
    : c.duration === 'forever'
      ? 'Every payment'
      : `${c.durationInMonths} month${c.durationInMonths === 1 ? '' : 's'}`;

/** How often a coupon was used, of how many: '3 of 100', '0 (no limit)'. */
export const usesOf = (c: Pick<TAdminCoupon, 'timesRedeemed' | 'maxRedemptions'>): string =>
  c.maxRedemptions === null ? `${c.timesRedeemed} (no limit)` : `${c.timesRedeemed} of ${c.maxRedemptions}`;

/** A coupon's state as shown: an active code past its expiry or out of uses no longer works. */
export function couponState(c: TAdminCoupon, nowMs: number): 'Active' | 'Expired' | 'Used up' | 'Inactive' {
  if (!c.active) return c.expiresAt !== null && Date.parse(c.expiresAt) <= nowMs ? 'Expired' : 'Inactive';
  if (c.expiresAt !== null && Date.parse(c.expiresAt) <= nowMs) return 'Expired';
  if (c.maxRedemptions !== null && c.timesRedeemed >= c.maxRedemptions) return 'Used up';
  return 'Active';
}

export const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
