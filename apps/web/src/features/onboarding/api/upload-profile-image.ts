import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST user/uploadProfileImage, multipart field `file` → the stored image's URL. */
export async function uploadProfileImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const res = await api.post('user/uploadProfileImage', body);
  return res.response.profileImage;
}

export function useUploadProfileImage() {
  return useMutation({ mutationFn: uploadProfileImage });
}
