import { COMPOSER_MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../testing';
import { uploadMultipleFiles, uploadSingleFile } from './upload-media';

type TAnswer = { status: number; body: string } | 'network-error';

/** A stand-in XMLHttpRequest: records what was sent, reports progress, then answers `answer`. */
function stubXhr(answer: TAnswer) {
  const sent: { url: string; headers: Record<string, string>; body: FormData | null }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body });
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        if (answer === 'network-error') return this.onerror?.();
        this.status = answer.status;
        this.responseText = answer.body;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const uploaded = {
  result: '/uploads/a.jpg',
  file_size: 3,
  file_type: 'image/jpeg',
  file_name: 'a.jpg',
  width: 10,
  height: 10,
  duration: null,
};
const file = (name = 'a.jpg') => new File(['abc'], name, { type: 'image/jpeg' });

describe('uploading media with progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the file as `file` with the token header and the user id, reports progress, and reads the answer', async () => {
    storeSession('INFLUENCER');
    const sent = stubXhr({ status: 200, body: JSON.stringify({ status: true, message: 'ok', response: uploaded }) });
    const progress: number[] = [];
    await expect(uploadSingleFile(file(), 'u1', (p) => progress.push(p))).resolves.toEqual(uploaded);
    expect(sent[0].url).toBe('/api/s3/uploadSingleFile?userId=u1');
    expect(sent[0].headers['x-access-token']).toBeTruthy();
    expect((sent[0].body!.get('file') as File).name).toBe('a.jpg');
    expect(progress).toEqual([0.5, 1]);
  });

  it('several files go as `files` to multipleUploadVal and come back as data.data', async () => {
    const sent = stubXhr({
      status: 200,
      body: JSON.stringify({
        status: true,
        message: 'ok',
        response: { data: { data: [uploaded, { ...uploaded, file_name: 'b.jpg' }] } },
      }),
    });
    const out = await uploadMultipleFiles([file(), file('b.jpg')], 'u1', () => {});
    expect(out.map((u) => u.file_name)).toEqual(['a.jpg', 'b.jpg']);
    expect(sent[0].url).toBe('/api/s3/multipleUploadVal?userId=u1');
    expect(sent[0].body?.getAll('files')).toHaveLength(2);
  });

  it("a server fault says 'server error : file upload failed'", async () => {
    stubXhr({ status: 500, body: JSON.stringify({ status: false, message: 'boom' }) });
    await expect(uploadSingleFile(file(), 'u1', () => {})).rejects.toThrow(COMPOSER_MSG.uploadServerError);
  });

  it("a refusal shows the server's message", async () => {
    stubXhr({ status: 400, body: JSON.stringify({ status: false, message: 'This file is not supported' }) });
    await expect(uploadSingleFile(file(), 'u1', () => {})).rejects.toThrow('This file is not supported');
  });

  it("no answer says 'Upload failed. Please try again later.'", async () => {
    stubXhr('network-error');
    await expect(uploadSingleFile(file(), 'u1', () => {})).rejects.toThrow(COMPOSER_MSG.uploadFailed);
  });
});
