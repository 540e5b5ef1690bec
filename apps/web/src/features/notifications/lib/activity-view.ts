import { socialNetwork, type TActivity, type TSocialNetworkKey } from '@virality/domain';
import dayjs from 'dayjs';
import { paths } from '../../../config/paths';

/** Clear All needs at least this many notifications on the page. */
export const CLEAR_ALL_MIN = 5;

/** Whether Clear All can be pressed: only with at least five notifications shown. */
export const canClearAll = (shown: number): boolean => shown >= CLEAR_ALL_MIN;

/** When a notification came, in the browser's zone: 'Nov 26,09:05 AM'. */
export function activityDateText(iso: string): string {
  const at = dayjs(iso);
  return at.isValid() ? at.format('MMM DD,hh:mm A') : '';
}

/** The same moment for screen readers and the tooltip: 'Wednesday, 26 November 2025 at 09:05'. */
export function activityDateLong(iso: string): string {
  const at = dayjs(iso);
  return at.isValid() ? at.format('dddd, D MMMM YYYY [at] HH:mm') : '';
}

const PLAN_TYPES = new Set(['PLAN_PAID', 'PLAN_RENEWED', 'PLAN_ENDING', 'PLAN_ENDED']);

const POINT_TYPES = new Set(['POINTS_EARNED', 'LEVEL_REACHED']);

/**
 * Notifications about a campaign (a tag, an answer, an influencer who delivered everything, a brand's payment made in
 * it): their payloadId is the campaign. The delivered one leads its owner to the campaign, where paying the fee is
 * the first thing asked.
 */
const CAMPAIGN_TYPES = new Set(['CAMPAIGN_TAGGED', 'CAMPAIGN_ANSWERED', 'CAMPAIGN_ENDED', 'PAYMENT_SENT']);

/**
 * Where a click on a notification leads, or null when it leads nowhere: the post it is about (its overview, which
 * also shows drafts), the accounts page for a reconnect, the plans for a plan, the point wallet for points and
 * levels (for a user who has one; otherwise the post that earned them), the campaign for a campaign's tag, answer or
 * payment.
 */
export function activityLink(a: Pick<TActivity, 'type' | 'payload'>, opts: { pointWallet?: boolean } = {}): string | null {
  if (a.type === 'ACCOUNT_RECONNECT') return paths.addSocialMedia;
  if (PLAN_TYPES.has(a.type)) return paths.profilePricing;
  if (POINT_TYPES.has(a.type) && opts.pointWallet) return paths.pointWallet;
  const id = a.payload?.payloadId;
  if (CAMPAIGN_TYPES.has(a.type)) return id ? paths.campaign.replace(':id', encodeURIComponent(id)) : null;
  return id ? paths.postOverview.replace(':id', encodeURIComponent(id)) : null;
}

/** How a notification reads at a glance: its icon's tone. */
export type TActivityTone = 'ok' | 'failed' | 'warning' | 'info';

export function activityTone(a: Pick<TActivity, 'type' | 'postResData'>): TActivityTone {
  switch (a.type) {
    case 'POST_NOTIFICATION':
      return a.postResData?.failure.length ? (a.postResData.success.length ? 'warning' : 'failed') : 'ok';
    case 'ACCOUNT_RECONNECT':
    case 'PLAN_ENDED':
      return 'failed';
    case 'PLAN_ENDING':
    case 'DRAFT_SENT_BACK':
      return 'warning';
    case 'PLAN_PAID':
    case 'PLAN_RENEWED':
    case 'DRAFT_APPROVED':
    case 'POINTS_EARNED':
    case 'LEVEL_REACHED':
      return 'ok';
    default:
      return 'info';
  }
}

/** One account of a post's result, as the list shows it. */
export type TResultRow = {
  key: string;
  network: TSocialNetworkKey | null;
  networkLabel: string;
  account: string;
  sent: boolean;
  reason: string | null;
};

/** A post's result, account by account: the failed ones first (with why), then those it went out on. */
export function resultRows(a: Pick<TActivity, 'postResData'>): TResultRow[] {
  const r = a.postResData;
  if (!r) return [];
  return [
    ...r.failure.map((f, i) => {
      const n = socialNetwork(f.SocialMediaID);
      return {
        key: `f${i}`,
        network: n?.key ?? null,
        networkLabel: n?.label ?? f.SocialMediaName,
        account: f.UserSocialMediaName,
        sent: false,
        reason: f.CustomUserError,
      };
    }),
    ...r.success.map((s, i) => {
      const n = socialNetwork(s.SocialMediaID);
      return {
        key: `s${i}`,
        network: n?.key ?? null,
        networkLabel: n?.label ?? s.SocialMediaName,
        account: s.UserSocialMediaName,
        sent: true,
        reason: null,
      };
    }),
  ];
}

/** The network a notification is about, when it names one (a reconnect). */
export const activityNetwork = (a: Pick<TActivity, 'payload'>): TSocialNetworkKey | null =>
  socialNetwork(a.payload?.network ?? '')?.key ?? null;
