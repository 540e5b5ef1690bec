import type { TPostResult } from '@virality/domain';
import { sph } from '../../../lib/api-client';
import type { TPostRequest } from './create-post';

/** PUT drafts/update-draft/: the draft's new content (it stays a draft). */
export async function updateDraft(
  body: TPostRequest & { CommonPostID: string },
): Promise<{ message: string; result: TPostResult }> {
  const res = await sph.put<TPostResult>('drafts/update-draft/', body);
  return { message: res.message, result: res.response };
}
