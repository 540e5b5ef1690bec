import { COMPOSER_MSG, type TUploadedFile, zUploadedFile, zUploadedFiles } from '@virality/domain';
import { API_BASE, ApiError, sessionEnded } from '../../../lib/api-client';
import { readSession } from '../../../lib/auth-storage';

/** How far an upload has gone, from 0 to 1. */
export type TProgress = (fraction: number) => void;

/**
 * A multipart POST to the main API through XMLHttpRequest (fetch cannot report upload progress), with the token
 * header the API client sends. Resolves to the envelope's `response`; rejects with an ApiError carrying the
 * spec's upload message: the server's own for a refusal, 'server error : file upload failed' for a server
 * fault, 'Upload failed. Please try again later.' when nothing usable came back.
 */
function postMultipart(path: string, userId: string, form: FormData, onProgress: TProgress): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE.main}/${path}?userId=${encodeURIComponent(userId)}`);
    const session = readSession();
    if (session) xhr.setRequestHeader('x-access-token', session.token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onerror = () => reject(new ApiError(COMPOSER_MSG.uploadFailed, 0));
    xhr.onabort = () => reject(new ApiError(COMPOSER_MSG.uploadFailed, 0));
    xhr.onload = () => {
      let json: { status?: boolean; message?: string; response?: unknown } | null = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (xhr.status === 401 && session) sessionEnded();
      if (xhr.status >= 200 && xhr.status < 300 && json && json.status !== false) {
        onProgress(1);
        resolve(json.response);
        return;
      }
      if (xhr.status >= 500) reject(new ApiError(COMPOSER_MSG.uploadServerError, xhr.status));
      else reject(new ApiError(json?.message || COMPOSER_MSG.uploadFailed, xhr.status));
    };
    xhr.send(form);
  });
}

/** POST s3/uploadSingleFile?userId (multipart `file`): the stored file with what the server read from it. */
export async function uploadSingleFile(file: File, userId: string, onProgress: TProgress): Promise<TUploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const parsed = zUploadedFile.safeParse(await postMultipart('s3/uploadSingleFile', userId, form, onProgress));
  if (!parsed.success) throw new ApiError(COMPOSER_MSG.uploadFailed, 200);
  return parsed.data;
}

/** POST s3/multipleUploadVal?userId (multipart `files`): the stored files, in the order sent. */
export async function uploadMultipleFiles(files: File[], userId: string, onProgress: TProgress): Promise<TUploadedFile[]> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  const parsed = zUploadedFiles.safeParse(await postMultipart('s3/multipleUploadVal', userId, form, onProgress));
  if (!parsed.success || parsed.data.data.data.length !== files.length) throw new ApiError(COMPOSER_MSG.uploadFailed, 200);
  return parsed.data.data.data;
}
