import { postDisplayedAt, type TPost, type TPostState } from '@virality/domain';
import dayjs from 'dayjs';
import type { TPostStatus } from '../../../components/status-badge';

/** The moment a card shows, in the browser's zone ('Tue 10 Mar 2026, 15:30'); empty when there is none. */
export function displayedDateText(p: TPostState): string {
  const at = postDisplayedAt(p);
  return at ? dayjs(at).format('ddd D MMM YYYY, HH:mm') : '';
}

/** The status of a draft's card: a manager's draft waiting for the owner, sent back by the owner, or a plain draft. */
export function draftStatus(p: Pick<TPost, 'ApprovalStatus'>): TPostStatus {
  if (p.ApprovalStatus === 'pending') return 'Pending approval';
  if (p.ApprovalStatus === 'sent_back') return 'Sent back';
  return 'Draft';
}

/** The networks of a post by SocialMediaID, each once. */
export const networkIdsOf = (p: Pick<TPost, 'MediaPostedOn' | 'MediaSelectedOn'>): string[] => [
  ...new Set([...p.MediaSelectedOn, ...p.MediaPostedOn.map((m) => m.SocialMediaID)]),
];

/** The time zone the browser shows times in, when it says. */
export function zoneName(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
