import type { TPostResult } from '@virality/domain';
import { sph } from '../../../lib/api-client';

/** POST social-media-manager/post-now/: a saved post (a scheduled one, a draft) sent now; the server's message and result. */
export async function postNow(body: {
  CommonPostID: string;
  UserID?: string;
}): Promise<{ message: string; result: TPostResult }> {
  const res = await sph.post<TPostResult>('social-media-manager/post-now/', body);
  return { message: res.message, result: res.response };
}
