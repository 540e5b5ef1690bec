import { api } from '../../../lib/api-client';

/**
 * GET subscription/postCountTrack: the plan's count, asked before any post that is not a draft (429: none left).
 * With the id of a scheduled post (before resuming it or sending it now), a post the plan already counted passes
 * even at the limit: it never counts twice.
 */
export async function checkPostCount(commonPostId?: string) {
  return (await api.get('subscription/postCountTrack', { CommonPostID: commonPostId })).response;
}
