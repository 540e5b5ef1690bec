import {
  DELIVERABLES_MAX,
  deliverableText,
  NETWORK_LIMITS,
  POST_TYPE_LABELS,
  SOCIAL_NETWORKS,
  type TCampaign,
  type TCampaignTermsInput,
  type TCampaignTermsView,
  type TDeliverable,
  type TPostFormat,
  type TSocialNetworkKey,
  termsIssues,
  zCampaignTerms,
  zDeliverable,
} from '@virality/domain';
import { dayText } from './campaign-view';

/** One deliverable as the editor holds it: '' until chosen or typed. */
export type TDeliverableDraft = {
  /** Stable across edits and removals (React's key), never sent. */
  key: string;
  network: TSocialNetworkKey | '';
  postType: TPostFormat | '';
  /** As typed: 2, or '' while empty. */
  count: number | '';
  /** yyyy-MM-dd, '' until picked. */
  dueDate: string;
};

export type TTermsDraft = { deliverables: TDeliverableDraft[] /** USD as typed: '400', '99.90'. */; fee: string };

/** What the terms are checked against: the campaign's days and its budget (USD). */
export type TTermsCampaign = Pick<TCampaign, 'startDate' | 'endDate' | 'budget'>;

/** Each field's words by path ('deliverables.0.dueDate', 'fee', 'deliverables' for the list itself). */
export type TTermsErrors = Record<string, string>;

let nextKey = 0;
const newKey = () => `d${++nextKey}`;

/** A new row: nothing chosen, one post, due on the campaign's last day. */
export const emptyDeliverable = (campaign: TTermsCampaign): TDeliverableDraft => ({
  key: newKey(),
  network: '',
  postType: '',
  count: 1,
  dueDate: campaign.endDate.slice(0, 10),
});

/** The editor's start: the terms set already, or one empty row and no fee. */
export function draftOf(campaign: TTermsCampaign, terms?: Pick<TCampaignTermsView, 'deliverables' | 'fee'> | null): TTermsDraft {
  if (!terms) return { deliverables: [emptyDeliverable(campaign)], fee: '' };
  return { deliverables: terms.deliverables.map((d) => ({ ...d, key: newKey() })), fee: String(terms.fee) };
}

/** The post types a network takes, in the domain's order. */
export const postTypesOf = (network: TSocialNetworkKey | ''): readonly TPostFormat[] =>
  network ? NETWORK_LIMITS[network].formats : [];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A post type as a choice says it: 'Post', 'Story', 'Reel'. */
export const postTypeLabel = (t: TPostFormat) => capital(POST_TYPE_LABELS[t].one);

export const NETWORK_OPTIONS = SOCIAL_NETWORKS.map((n) => ({ value: n.key, label: n.label }));

/** A row with another network: its post type kept when the network takes it, else a feed post (every network's). */
export function withNetwork(row: TDeliverableDraft, network: TSocialNetworkKey | ''): TDeliverableDraft {
  const types = postTypesOf(network);
  const postType = row.postType && types.includes(row.postType) ? row.postType : network ? 'post' : '';
  return { ...row, network, postType };
}

/** The row as the wire takes it; what is still empty is left out, so the domain's schema names what is missing. */
const rowBody = (d: TDeliverableDraft) => ({
  network: d.network || undefined,
  postType: d.postType || undefined,
  count: d.count === '' ? undefined : d.count,
  dueDate: d.dueDate || undefined,
});

/** The fee as sent: the text typed (USD, 2 decimals at most), absent while empty. */
const feeBody = (fee: string) => (fee.trim() === '' ? undefined : fee.trim());

/**
 * What is wrong with the terms, field by field, in the domain's words: each row's shape by zDeliverable (what is
 * missing), then the rows that are whole by termsIssues, the rule the server applies (the network's post types, the
 * campaign's days, one row per network and post type, the fee against the budget).
 */
export function termsFormErrors(draft: TTermsDraft, campaign: TTermsCampaign): TTermsErrors {
  const errors: TTermsErrors = {};
  const whole: { index: number; row: TDeliverable }[] = [];
  draft.deliverables.forEach((d, index) => {
    const parsed = zDeliverable.safeParse(rowBody(d));
    if (parsed.success) {
      whole.push({ index, row: parsed.data });
      return;
    }
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      // with no network there is no post type to choose yet: the network's words say what to do
      if (field === 'postType' && !d.network) continue;
      errors[`deliverables.${index}.${field}`] ??= issue.message;
    }
  });
  const shape = zCampaignTerms.safeParse({ deliverables: draft.deliverables.map(rowBody), fee: feeBody(draft.fee) });
  if (!shape.success)
    for (const issue of shape.error.issues) {
      if (issue.path.length === 1) errors[String(issue.path[0])] ??= issue.message;
    }
  const fee = feeBody(draft.fee);
  const rules = termsIssues(
    { deliverables: whole.map((w) => w.row), fee: fee ?? '' },
    { startDate: campaign.startDate.slice(0, 10), endDate: campaign.endDate.slice(0, 10), budgetMinor: budgetMinor(campaign) },
  );
  for (const [path, message] of Object.entries(rules)) {
    const m = /^deliverables\.(\d+)\.(.+)$/.exec(path);
    if (m) {
      const index = whole[Number(m[1])]?.index;
      if (index !== undefined) errors[`deliverables.${index}.${m[2]}`] ??= message;
    } else if (path !== 'fee' || fee !== undefined) errors[path] ??= message;
  }
  return errors;
}

const budgetMinor = (c: TTermsCampaign) => Math.round(c.budget * 100);

/** The body of PUT …/terms (and a tag's `terms`) once termsFormErrors finds nothing. */
export function termsBody(draft: TTermsDraft): TCampaignTermsInput {
  return {
    deliverables: draft.deliverables.map((d) => ({
      network: d.network as TSocialNetworkKey,
      postType: d.postType as TPostFormat,
      count: Number(d.count),
      dueDate: d.dueDate,
    })),
    fee: draft.fee.trim(),
  };
}

/** Whether another row may be added. */
export const canAddDeliverable = (draft: TTermsDraft) => draft.deliverables.length < DELIVERABLES_MAX;

/** The server's field words (400 `response.errors`) when it sent them by path; null otherwise. */
export function serverFieldErrors(response: unknown): TTermsErrors | null {
  const errors = (response as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  const out: TTermsErrors = {};
  for (const [k, v] of Object.entries(errors)) if (typeof v === 'string') out[k] = v;
  return Object.keys(out).length > 0 ? out : null;
}

/** A field path the editor shows under a field (the rest go above the form). */
export const isFieldPath = (path: string, rows: number) => {
  if (path === 'fee') return true;
  const m = /^deliverables\.(\d+)\.(network|postType|count|dueDate)$/.exec(path);
  return m !== null && Number(m[1]) < rows;
};

/** A deliverable in words, its day as screens write days: '2 Instagram reels by Mar 20, 2027'. */
export const deliverableWords = (d: TDeliverable) => deliverableText({ ...d, dueDate: dayText(d.dueDate) || d.dueDate });
