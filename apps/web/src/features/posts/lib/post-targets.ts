import { type TPost, type TTargetTone, targetStateLook } from '@virality/domain';
import { generatePath } from 'react-router';
import { paths } from '../../../config/paths';

type TTarget = TPost['MediaPostedOn'][number];

export type { TTargetTone };

export type TTargetLook = { label: string; tone: TTargetTone; reason: string | null };

/** An account's state on a post: published, or failed with the reason the network gave, or still on its way. */
export function targetLook(t: Pick<TTarget, 'Status' | 'Error'>): TTargetLook {
  const { label, tone } = targetStateLook(t.Status);
  return { label, tone, reason: tone === 'failed' ? t.Error || null : null };
}

/** The accounts a post went to, in the networks' order (as the network marks are). */
export function targetsOf(p: Pick<TPost, 'MediaPostedOn'>): TTarget[] {
  return [...p.MediaPostedOn].sort((a, b) => Number(a.SocialMediaID) - Number(b.SocialMediaID));
}

/** Where a post's overview is. */
export const postOverviewPath = (id: string) => generatePath(paths.postOverview, { id });
