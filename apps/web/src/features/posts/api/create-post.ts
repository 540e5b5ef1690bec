import type { TPostResult, zPostBody } from '@virality/domain';
import type { z } from 'zod';
import { sph } from '../../../lib/api-client';

export type TPostRequest = z.input<typeof zPostBody>;

/**
 * POST social-media-manager/single-post/ (one media file) or multi-post/ (several): a post sent now, scheduled
 * or saved as a draft. Resolves to the server's message and result.
 */
export async function createPost(body: TPostRequest, multi: boolean): Promise<{ message: string; result: TPostResult }> {
  const res = await sph.post<TPostResult>(multi ? 'social-media-manager/multi-post/' : 'social-media-manager/single-post/', body);
  return { message: res.message, result: res.response };
}
