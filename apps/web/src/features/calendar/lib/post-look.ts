import { postBadge, postDisplayedAt, type TPost, timeInZone } from '@virality/domain';
import { generatePath } from 'react-router';
import { statusColor } from '../../../components/status-badge';
import { paths } from '../../../config/paths';

/** The networks of a post by SocialMediaID, each once. */
export const networkIdsOf = (p: Pick<TPost, 'MediaPostedOn' | 'MediaSelectedOn'>): string[] => [
  ...new Set([...p.MediaSelectedOn, ...p.MediaPostedOn.map((m) => m.SocialMediaID)]),
];

/** The colour of a chip's edge: its status badge's text colour (the badge itself names the status). */
export const statusEdge = (p: TPost) => statusColor(postBadge(p));

/** A post's time on the browser's clock ('' when it has none). */
export function postTime(p: TPost, zone: string): string {
  const at = postDisplayedAt(p);
  return at ? timeInZone(at, zone) : '';
}

/** What a post is called on a chip: its caption, else its title. */
export const postCaption = (p: TPost) => p.CaptionDescription.trim() || p.Title?.trim() || 'Untitled post';

/** The post's overview page. */
export const postOverviewPath = (p: Pick<TPost, 'CommonPostID'>) => generatePath(paths.postOverview, { id: p.CommonPostID });
