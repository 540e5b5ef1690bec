import type { TPostResult } from '@virality/domain';
import { sph } from '../../../lib/api-client';

/**
 * POST social-media-manager/retry-failed/: a sent post tried again on the accounts that did not take it (each is
 * read back first, so nothing goes out twice); the server's message and where the post stands now.
 */
export async function retryFailed(body: { CommonPostID: string }): Promise<{ message: string; result: TPostResult }> {
  const res = await sph.post<TPostResult>('social-media-manager/retry-failed/', body);
  return { message: res.message, result: res.response };
}
