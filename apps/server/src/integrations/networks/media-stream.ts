import type { TSocialNetworkKey } from '@virality/domain';
import { NetworkError, type TFetch } from './types';

/**
 * Reading a post's media file from where the product keeps it, as a stream: a video of a gigabyte is sent to a
 * network piece by piece (X's appended segments, YouTube's resumable chunks, LinkedIn's parts) and never held whole.
 * Only the piece being sent is in memory. An image, small by every network's rules, may be read whole, once.
 */

/** How long the media's address may stay silent (before it answers, or between two reads of its bytes). */
export const MEDIA_IDLE_MS = 60_000;

/** Where a media file is, and the size the post was saved with (used when the address gives no Content-Length). */
export type TMediaSource = { url: string; bytes: number };

/** A media file being read: its size, and its bytes in pieces of the size a network takes. */
export type TMediaReader = {
  /** The file's size in bytes: the address's Content-Length, else the size the post was saved with. */
  readonly bytes: number;
  /**
   * The bytes in pieces of exactly `size` bytes (the last one shorter), each a new Buffer, read once and in order.
   * Fails when the file turns out longer or shorter than `bytes`. May be called once per reader.
   */
  pieces(size: number): AsyncGenerator<Uint8Array, void, undefined>;
  /** The bytes as the address sends them, whatever their size (a small file read whole). May be called once. */
  raw(): AsyncGenerator<Uint8Array, void, undefined>;
  /** Stops reading (an upload that failed part way lets go of the rest of the file). */
  cancel(): Promise<void>;
};

const unreadable = (network: TSocialNetworkKey) => new NetworkError(network, 'permanent', 'the media file could not be read');

/**
 * Opens the media file at `media.url` for reading as a stream. A file that cannot be opened (no answer, not 2xx) is
 * a `permanent` NetworkError of `network` ("the media file could not be read"), as before any call to the network;
 * a read cut off part way is a `retry` (what was sent so far is not a post); a file of another size than it says
 * is `permanent`.
 */
export async function openMedia(
  fetchFn: TFetch,
  network: TSocialNetworkKey,
  media: TMediaSource,
  idleMs = MEDIA_IDLE_MS,
): Promise<TMediaReader> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), idleMs);
  let res: Response;
  try {
    res = await fetchFn(media.url, { method: 'GET', signal: controller.signal });
    if (!res.ok || !res.body) throw new Error(`status ${res.status}`);
  } catch {
    throw unreadable(network);
  } finally {
    clearTimeout(timer);
  }
  const length = res.headers.get('content-length');
  const bytes = length && /^\d+$/.test(length) ? Number(length) : media.bytes;
  const body = res.body;
  let started = false;

  /** One read of the stream, given `idleMs` to bring something. */
  async function read(reader: ReadableStreamDefaultReader<Uint8Array>) {
    let idle: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          idle = setTimeout(() => {
            controller.abort();
            reject(new Error('the media file stopped coming'));
          }, idleMs);
        }),
      ]);
    } catch {
      throw new NetworkError(network, 'retry', 'the media file could not be read to its end');
    } finally {
      clearTimeout(idle);
    }
  }

  const wrongSize = () =>
    new NetworkError(network, 'permanent', `the media file is not the ${bytes} bytes it was said to be`, { code: 'media_size' });

  return {
    bytes,
    async *pieces(size: number) {
      if (!Number.isInteger(size) || size <= 0) throw new RangeError('a piece holds at least one byte');
      if (started) throw new Error('a media file is read once');
      started = true;
      const reader = body.getReader();
      let total = 0;
      let piece = Buffer.alloc(Math.min(size, bytes));
      let filled = 0;
      try {
        for (;;) {
          const { done, value } = await read(reader);
          if (done) break;
          if (total + value.length > bytes) throw wrongSize();
          let at = 0;
          while (at < value.length) {
            const n = Math.min(piece.length - filled, value.length - at);
            piece.set(value.subarray(at, at + n), filled);
            filled += n;
            at += n;
            total += n;
            if (filled === piece.length) {
              yield piece;
              piece = Buffer.alloc(Math.min(size, bytes - total));
              filled = 0;
            }
          }
        }
        if (total !== bytes) throw wrongSize();
      } finally {
        await reader.cancel().catch(() => undefined);
      }
    },
    async *raw() {
      if (started) throw new Error('a media file is read once');
      started = true;
      const reader = body.getReader();
      try {
        for (;;) {
          const { done, value } = await read(reader);
          if (done) return;
          yield value;
        }
      } finally {
        await reader.cancel().catch(() => undefined);
      }
    },
    async cancel() {
      if (!started) await body.cancel().catch(() => undefined);
      controller.abort();
    },
  };
}

/**
 * A small media file (an image) read whole, once, whatever size it was saved with: refused as `permanent` past
 * `maxBytes` (a network's image limit is a few megabytes), before its bytes are read when its Content-Length says so.
 * Fails to open as `openMedia` does.
 */
export async function readWholeMedia(
  fetchFn: TFetch,
  network: TSocialNetworkKey,
  media: TMediaSource,
  maxBytes: number,
): Promise<Uint8Array> {
  const tooBig = () =>
    new NetworkError(network, 'permanent', `the media file is larger than the ${maxBytes} bytes this network takes`);
  const file = await openMedia(fetchFn, network, media);
  if (file.bytes > maxBytes) {
    await file.cancel();
    throw tooBig();
  }
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const part of file.raw()) {
    total += part.length;
    if (total > maxBytes) throw tooBig();
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/**
 * Where a resumable upload goes on after a piece failed: the offset the network says it holds, which must lie
 * within the piece being sent (from `pieceStart` to `pieceStart + piece.length`). Answers the rest of the piece to
 * send again, or null when the network holds less than the pieces already let go of (the upload cannot go on
 * from this reader: it starts again).
 */
export function restOfPiece(piece: Uint8Array, pieceStart: number, networkHolds: number): Uint8Array | null {
  if (networkHolds < pieceStart || networkHolds > pieceStart + piece.length) return null;
  return piece.subarray(networkHolds - pieceStart);
}
