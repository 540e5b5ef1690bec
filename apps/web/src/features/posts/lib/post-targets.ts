import type { TPost, TTargetState } from '@virality/domain';
import { generatePath } from 'react-router';
import { paths } from '../../../config/paths';

type TTarget = TPost['MediaPostedOn'][number];

/** How an account's state reads on a post's card: 'ok' went out, 'failed' did not (with why), 'waiting' not yet. */
export type TTargetTone = 'ok' | 'failed' | 'waiting';
export type TTargetLook = { label: string; tone: TTargetTone; reason: string | null };

const LABEL: Record<TTargetState, { label: string; tone: TTargetTone }> = {
  published: { label: 'Published', tone: 'ok' },
  failed: { label: 'Failed', tone: 'failed' },
  needs_reconnect: { label: 'Needs reconnect', tone: 'failed' },
  queued: { label: 'Publishing', tone: 'waiting' },
  publishing: { label: 'Publishing', tone: 'waiting' },
  processing: { label: 'Processing', tone: 'waiting' },
  scheduled: { label: 'Scheduled', tone: 'waiting' },
  paused: { label: 'Paused', tone: 'waiting' },
  draft: { label: 'Draft', tone: 'waiting' },
  canceled: { label: 'Canceled', tone: 'waiting' },
};

/** An account's state on a post: published, or failed with the reason the network gave, or still on its way. */
export function targetLook(t: Pick<TTarget, 'Status' | 'Error'>): TTargetLook {
  const { label, tone } = LABEL[t.Status] ?? { label: t.Status, tone: 'waiting' };
  return { label, tone, reason: tone === 'failed' ? t.Error || null : null };
}

/** The accounts a post went to, in the networks' order (as the network marks are). */
export function targetsOf(p: Pick<TPost, 'MediaPostedOn'>): TTarget[] {
  return [...p.MediaPostedOn].sort((a, b) => Number(a.SocialMediaID) - Number(b.SocialMediaID));
}

/** Where a post's overview is. */
export const postOverviewPath = (id: string) => generatePath(paths.postOverview, { id });
