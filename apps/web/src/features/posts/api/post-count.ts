import { api } from '../../../lib/api-client';

/** GET subscription/postCountTrack: the plan's count, asked before any post that is not a draft (429: none left). */
export async function checkPostCount() {
  return (await api.get('subscription/postCountTrack')).response;
}
