import { postBadge, postDisplayedAt, type TPost, type TTargetTone, targetStateLook, zPost } from '@virality/domain';
import dayjs from 'dayjs';
import type { TPostStatus } from '../../../components/status-badge';

/** How a post's overview reads: its status, when it shows, its hashtags and how each account fared. Pure. */

/** The post a list handed over with the navigation (router state), when it is this post and well formed. */
export function postFromState(state: unknown, id: string): TPost | null {
  const post = (state as { post?: unknown } | null)?.post;
  if (!post) return null;
  const parsed = zPost.safeParse(post);
  return parsed.success && parsed.data.CommonPostID === id ? parsed.data : null;
}

/** The post's badge: a draft's own (waiting for approval, sent back, or a plain draft), else the post rule's. */
export function postStatus(p: TPost): TPostStatus {
  if (p.IsDraft) {
    if (p.ApprovalStatus === 'pending') return 'Pending approval';
    if (p.ApprovalStatus === 'sent_back') return 'Sent back';
    return 'Draft';
  }
  return postBadge(p);
}

/** The moment the post shows (the displayed-date rule), in the browser's time zone: 'Tue 10 Mar 2026, 15:30'. */
export function displayedDateText(p: TPost): { text: string; iso: string } | null {
  const at = postDisplayedAt(p);
  return at ? { text: dayjs(at).format('ddd D MMM YYYY, HH:mm'), iso: at.toISOString() } : null;
}

/** The post's hashtags, each once and written with its #. */
export function hashtagsOf(p: Pick<TPost, 'HashTags'>): string[] {
  const tags = p.HashTags.map((t) => t.trim().replace(/^#+/, '')).filter(Boolean);
  return [...new Set(tags)].map((t) => `#${t}`);
}

/** The networks of the post by SocialMediaID, each once. */
export const networkIdsOf = (p: Pick<TPost, 'MediaPostedOn' | 'MediaSelectedOn'>): string[] => [
  ...new Set([...p.MediaSelectedOn, ...p.MediaPostedOn.map((m) => m.SocialMediaID)]),
];

type TTarget = TPost['MediaPostedOn'][number];

export type { TTargetTone };

export type TTargetLook = { label: string; tone: TTargetTone; reason: string | null; url: string | null };

/** An account's state on the post: published (with its link on the network), failed (with the reason), or on its way. */
export function targetLook(t: Pick<TTarget, 'Status' | 'Error' | 'PostUrl'>): TTargetLook {
  const { label, tone } = targetStateLook(t.Status);
  return {
    label,
    tone,
    reason: tone === 'failed' ? t.Error || 'The post could not be published' : null,
    url: t.Status === 'published' && t.PostUrl && /^https?:\/\//i.test(t.PostUrl) ? t.PostUrl : null,
  };
}

/** The accounts the post went to, in the networks' order. */
export const targetsOf = (p: Pick<TPost, 'MediaPostedOn'>): TTarget[] =>
  [...p.MediaPostedOn].sort((a, b) => Number(a.SocialMediaID) - Number(b.SocialMediaID));

/** A story or a reel says so beside the account (a plain post says nothing). */
export const formatLabel = (format: TTarget['Format']): string | null =>
  format === 'story' ? 'Story' : format === 'reel' ? 'Reel' : null;
