import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  IMAGE_MAX_PIXELS,
  imageConversion,
  MEDIA_CONVERT_MSG,
  MEDIA_LIMITS,
  NETWORK_LIMITS,
  socialNetwork,
  type TNetworkLimits,
  type TSocialNetworkKey,
} from '@virality/domain';
import { NetworkError, type TPublishMedia } from '../../integrations/networks/types';
import type { TStorage } from '../../integrations/storage';
import { inSlot, loadSharp } from './image';

/**
 * A post's photos made fit for one network before they are sent: a photo whose type the network does not take
 * (a PNG or a WebP for Instagram) becomes a JPEG, and one heavier than the network takes is re-encoded until it
 * fits. What the network takes as it is goes as it is (videos are never read). The converted file is kept in
 * the product's storage beside the original (which stays as uploaded), under a key made of the original's and
 * the network's names, so the network (or the emulator) fetches it like any upload, and converting again finds
 * it there rather than encoding it twice.
 *
 * The JPEG: the picture turned as its EXIF orientation says, transparency laid on white, its colour profile kept,
 * every other piece of metadata (EXIF with its location, XMP, comments) left out. The same original always gives
 * the same bytes, so two processes converting it at once write the same file; each writes a whole file of its own
 * first and then moves it in place (one rename on local disk, one PUT on S3), so no one ever reads half a file.
 */

/** The longer side a photo too heavy at every quality is brought down to. */
export const DOWNSCALE_SIDE = 2160;

/**
 * The encodings tried, in order, until the JPEG weighs no more than the network takes: quality 90 (a photo's
 * look kept), 85, 75, and then quality 75 with the longer side brought down to DOWNSCALE_SIDE pixels (never
 * up). One still too heavy after the last is refused (MEDIA_CONVERT_MSG.cannotFit).
 */
export const JPEG_STEPS: readonly { quality: number; side: number | null }[] = [
  { quality: 90, side: null },
  { quality: 85, side: null },
  { quality: 75, side: null },
  { quality: 75, side: DOWNSCALE_SIDE },
];

/** The longest one conversion may take (decoding and encoding once). */
const ENCODE_SECONDS = 30;
/** The longest the original (or a file converted before) may take to arrive. */
const FETCH_MS = 60_000;

type TDeps = {
  storage: TStorage;
  /** How the server reads files at their public address (the tests' goes to the app in-process). */
  fetch: typeof fetch;
  /** The storage key of the upload at this address; null when no upload is there. */
  keyOf(url: string): Promise<string | null>;
  /**
   * Where a converted file is written before it is stored: on the same disk as local storage (the upload spool
   * folder), so storing it is one rename.
   */
  workDir: string;
  /** The heaviest original read; an upload's own limit by default. */
  maxSourceBytes?: number;
  /** What each network takes; NETWORK_LIMITS by default (tests lower a weight rather than make a 40 MB photo). */
  limits?: Record<TSocialNetworkKey, TNetworkLimits>;
};

/** The key of the file converted from `key` for `network`: beside it, 'media/o/abc.png' → 'media/o/abc.instagram.jpg'. */
export const convertedKey = (key: string, network: TSocialNetworkKey) => `${key.replace(/\.[a-z0-9]+$/i, '')}.${network}.jpg`;

/** A storage key as its public address ends: each part percent-encoded (S3), which is the key itself for ours. */
const encodedKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * The public address `key` will have, from the address of `originalKey` (both are the storage's prefix and the
 * key); null when the original's address does not end with its key.
 */
function addressBeside(originalUrl: string, originalKey: string, key: string): string | null {
  for (const [from, to] of [
    [encodedKey(originalKey), encodedKey(key)],
    [originalKey, key],
  ])
    if (originalUrl.endsWith(`/${from}`)) return originalUrl.slice(0, originalUrl.length - from.length) + to;
  return null;
}

/** Reads at most `max` bytes from a response, or null when it is longer. */
async function bodyUpTo(res: Response, max: number): Promise<Buffer | null> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > max) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) {
      await res.body.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** A JPEG made from a photo, and its displayed size. */
type TJpeg = { bytes: Buffer; width: number; height: number };

/** The photo as a JPEG of at most `maxBytes`, trying JPEG_STEPS in order; null when none is light enough. */
async function jpegWithin(source: Buffer, maxBytes: number): Promise<TJpeg | null> {
  const sharp = await loadSharp();
  let longer = 0;
  for (const step of JPEG_STEPS) {
    // a downscale that would not make the picture smaller is the step before it again
    if (step.side !== null && longer <= step.side) continue;
    let image = sharp(source, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .timeout({ seconds: ENCODE_SECONDS })
      .autoOrient();
    if (step.side !== null)
      image = image.resize({ width: step.side, height: step.side, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await image
      .flatten({ background: '#ffffff' })
      .keepIccProfile()
      .jpeg({ quality: step.quality })
      .toBuffer({ resolveWithObject: true });
    longer = Math.max(info.width, info.height);
    if (data.length <= maxBytes) return { bytes: data, width: info.width, height: info.height };
  }
  return null;
}

/**
 * The converter: `forNetwork(network, media)` gives the media to send to `network`, each photo it would not
 * take as it is replaced by its JPEG (new address, type, weight and size), the others as they came, in the same
 * order. A photo that cannot be made fit (still too heavy at the last step, or no longer readable) fails with a
 * `permanent` NetworkError saying so in plain words; a passing failure (the original did not arrive) with a
 * `retry` one, as a network's failures are.
 */
export function createMediaConverter(deps: TDeps) {
  const maxSource = deps.maxSourceBytes ?? MEDIA_LIMITS.imageSingleBytes;

  /** The file converted before for this network, if it is stored and fits: read back, never encoded again. */
  async function stored(url: string, maxBytes: number): Promise<TJpeg | null> {
    try {
      const res = await deps.fetch(url, { signal: AbortSignal.timeout(FETCH_MS) });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        return null;
      }
      const bytes = await bodyUpTo(res, maxBytes);
      if (!bytes) return null;
      const sharp = await loadSharp();
      const meta = await inSlot(() => sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata());
      if (meta.format !== 'jpeg' || !meta.width || !meta.height) return null;
      return { bytes, width: meta.width, height: meta.height };
    } catch {
      // not there, or not readable: it is made again
      return null;
    }
  }

  /** The original photo's bytes. */
  async function original(network: TSocialNetworkKey, label: string, url: string): Promise<Buffer> {
    let res: Response;
    try {
      res = await deps.fetch(url, { signal: AbortSignal.timeout(FETCH_MS) });
    } catch {
      throw new NetworkError(network, 'retry', MEDIA_CONVERT_MSG.cannotPrepare(label), { code: 'media_unreadable' });
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      const gone = res.status === 404 || res.status === 410;
      const reason = gone ? MEDIA_CONVERT_MSG.cannotRead(label) : MEDIA_CONVERT_MSG.cannotPrepare(label);
      throw new NetworkError(network, gone ? 'permanent' : 'retry', reason, {
        status: res.status,
        code: 'media_unreadable',
      });
    }
    const bytes = await bodyUpTo(res, maxSource);
    if (!bytes) throw new NetworkError(network, 'permanent', MEDIA_CONVERT_MSG.cannotRead(label), { code: 'media_unreadable' });
    return bytes;
  }

  /** One photo made fit for the network, stored beside its original. */
  async function convert(network: TSocialNetworkKey, label: string, maxBytes: number, m: TPublishMedia): Promise<TPublishMedia> {
    const key = await deps.keyOf(m.url);
    if (!key) throw new NetworkError(network, 'permanent', MEDIA_CONVERT_MSG.cannotRead(label), { code: 'media_unreadable' });
    const target = convertedKey(key, network);
    const beside = addressBeside(m.url, key, target);
    const kept = beside ? await stored(beside, maxBytes) : null;
    if (kept && beside)
      return { ...m, url: beside, mimeType: 'image/jpeg', bytes: kept.bytes.length, width: kept.width, height: kept.height };

    const source = await original(network, label, m.url);
    let jpeg: TJpeg | null;
    try {
      jpeg = await inSlot(() => jpegWithin(source, maxBytes));
    } catch {
      throw new NetworkError(network, 'permanent', MEDIA_CONVERT_MSG.cannotRead(label), { code: 'media_unreadable' });
    }
    if (!jpeg)
      throw new NetworkError(network, 'permanent', MEDIA_CONVERT_MSG.cannotFit(label, maxBytes), { code: 'media_too_large' });

    // a whole file of its own first, then moved in place: a reader never meets half a file (one a killed process
    // leaves is a '.part' file, which the daily sweep of the spool folder removes)
    await fs.mkdir(deps.workDir, { recursive: true });
    const file = path.join(deps.workDir, `convert-${randomBytes(8).toString('hex')}.jpg.part`);
    let url: string;
    try {
      await fs.writeFile(file, jpeg.bytes);
      url = await deps.storage.putFile(target, file, 'image/jpeg');
    } catch {
      throw new NetworkError(network, 'retry', MEDIA_CONVERT_MSG.cannotPrepare(label), { code: 'media_not_stored' });
    } finally {
      await fs.rm(file, { force: true });
    }
    return { ...m, url, mimeType: 'image/jpeg', bytes: jpeg.bytes.length, width: jpeg.width, height: jpeg.height };
  }

  return {
    async forNetwork(network: TSocialNetworkKey, media: TPublishMedia[]): Promise<TPublishMedia[]> {
      const limits = (deps.limits ?? NETWORK_LIMITS)[network];
      const label = socialNetwork(network)?.label ?? network;
      const out: TPublishMedia[] = [];
      // one at a time: a carousel of ten PNGs holds one original in memory, not ten
      for (const m of media) {
        const fix = m.type === 'image' ? imageConversion(limits, m) : null;
        out.push(fix && limits.image ? await convert(network, label, limits.image.maxBytes, m) : m);
      }
      return out;
    },
  };
}
export type TMediaConverter = ReturnType<typeof createMediaConverter>;
