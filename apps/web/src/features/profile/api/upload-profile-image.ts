import { api } from '../../../lib/api-client';

/** POST user/uploadProfileImage, multipart field `file`: the stored image's URL (the profile takes it at once). */
export async function uploadProfileImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const res = await api.post('user/uploadProfileImage', body);
  return res.response.profileImage;
}
