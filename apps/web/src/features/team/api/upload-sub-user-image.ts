import { api } from '../../../lib/api-client';

/** POST bussiness/uploadImage, multipart field `file` → the stored photo's URL, sent later as profileImage. */
export async function uploadSubUserImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const res = await api.post('bussiness/uploadImage', body);
  return res.response.profileImage;
}
