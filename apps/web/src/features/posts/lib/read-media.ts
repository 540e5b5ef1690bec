import type { TMediaFacts } from '@virality/domain';

const READ_TIMEOUT_MS = 15_000;

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  gif: 'image/gif',
  heic: 'image/heic',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
};

/** A file's media type: what the browser says, else what its extension says (some systems leave .mov untyped). */
export function mimeOf(file: File): string {
  if (file.type) return file.type.toLowerCase();
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXTENSION[ext] ?? 'application/octet-stream';
}

export const kindOf = (mimeType: string): TMediaFacts['kind'] =>
  mimeType.startsWith('image/') ? 'image' : mimeType.startsWith('video/') ? 'video' : 'other';

/** Waits for one of an element's events, or gives up (resolves false) after a while or on an error. */
function loaded(el: HTMLImageElement | HTMLVideoElement, event: 'load' | 'loadedmetadata'): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(false), READ_TIMEOUT_MS);
    el.addEventListener(event, () => {
      window.clearTimeout(timer);
      resolve(true);
    });
    el.addEventListener('error', () => {
      window.clearTimeout(timer);
      resolve(false);
    });
  });
}

/**
 * What the rules need to know of a file, read by the browser before anything is uploaded: its type and size, an
 * image's pixels, a video's pixels and length. What the browser cannot read (a codec it does not play) is left
 * null, and the server's reading after the upload decides.
 */
export async function readMediaFacts(file: File): Promise<TMediaFacts> {
  const mimeType = mimeOf(file);
  const kind = kindOf(mimeType);
  const facts: TMediaFacts = { kind, mimeType, bytes: file.size, width: null, height: null, durationSec: null };
  if (kind === 'other' || mimeType === 'image/tiff') return facts;
  const url = URL.createObjectURL(file);
  try {
    if (kind === 'image') {
      const img = new Image();
      const done = loaded(img, 'load');
      img.src = url;
      if (await done) {
        facts.width = img.naturalWidth || null;
        facts.height = img.naturalHeight || null;
      }
    } else {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.muted = true;
      const done = loaded(video, 'loadedmetadata');
      video.src = url;
      if (await done) {
        facts.width = video.videoWidth || null;
        facts.height = video.videoHeight || null;
        facts.durationSec = Number.isFinite(video.duration) ? Math.round(video.duration * 10) / 10 : null;
      }
    }
  } finally {
    URL.revokeObjectURL(url);
  }
  return facts;
}
