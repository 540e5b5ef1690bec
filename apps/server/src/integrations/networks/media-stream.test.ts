import { describe, expect, it } from 'vitest';
import { openMedia, readWholeMedia, restOfPiece } from './media-stream';
import { networkFailure } from './test-kit';

/** A fetch serving `bytes` at any address in reads of `read` bytes, with or without a Content-Length. */
function serving(bytes: Uint8Array, read: number, withLength = true) {
  let pulls = 0;
  const fetchFn = (async () => {
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulls++;
        if (at >= bytes.length) return c.close();
        c.enqueue(bytes.slice(at, at + read));
        at += read;
      },
    });
    return new Response(body, { status: 200, headers: withLength ? { 'content-length': String(bytes.length) } : {} });
  }) as unknown as typeof fetch;
  return { fetchFn, pulls: () => pulls };
}
const counting = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);

describe('reading a media file as a stream, in the pieces a network takes', () => {
  it('gives pieces of exactly the size asked, the last one shorter, whatever the reads of the address', async () => {
    const file = counting(10_000);
    const reader = await openMedia(serving(file, 777).fetchFn, 'youtube', { url: 'http://media/x.mp4', bytes: 10_000 });
    expect(reader.bytes).toBe(10_000);
    const pieces: Uint8Array[] = [];
    for await (const p of reader.pieces(4096)) pieces.push(p);
    expect(pieces.map((p) => p.length)).toEqual([4096, 4096, 1808]);
    expect(Buffer.concat(pieces).equals(Buffer.from(file))).toBe(true);
  });

  it('reads as it sends: a piece is given before the rest of the file is read', async () => {
    const source = serving(counting(1_000_000), 1000);
    const reader = await openMedia(source.fetchFn, 'twitter', { url: 'http://media/x.mp4', bytes: 1_000_000 });
    const pieces = reader.pieces(10_000);
    await pieces.next();
    // ten reads fill the first piece (a read or two ahead at most), not the thousand of the whole file
    expect(source.pulls()).toBeLessThan(20);
    await pieces.return(undefined);
  });

  it("without a Content-Length the saved size is used; a file of another size is permanent, in the network's name", async () => {
    const shorter = await openMedia(serving(counting(900), 100, false).fetchFn, 'linkedin', { url: 'http://m/a', bytes: 1000 });
    expect(shorter.bytes).toBe(1000);
    const drain = async () => {
      for await (const _ of shorter.pieces(256));
    };
    const err = await networkFailure(drain());
    expect(err).toMatchObject({ network: 'linkedin', kind: 'permanent', details: { code: 'media_size' } });
    const longer = await openMedia(serving(counting(1100), 100, false).fetchFn, 'linkedin', { url: 'http://m/a', bytes: 1000 });
    const drainLonger = async () => {
      for await (const _ of longer.pieces(256));
    };
    expect((await networkFailure(drainLonger())).kind).toBe('permanent');
  });

  it('an address that does not answer 2xx, or cannot be reached, is permanent: the media file could not be read', async () => {
    const missing = (async () => new Response('gone', { status: 404 })) as unknown as typeof fetch;
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    for (const f of [missing, down]) {
      const err = await networkFailure(openMedia(f, 'youtube', { url: 'http://m/a', bytes: 1 }));
      expect(err).toMatchObject({ kind: 'permanent', reason: 'the media file could not be read' });
    }
  });

  it('a read that stops coming is a passing failure (retry) after the idle time', async () => {
    const stalled = (async () =>
      new Response(new ReadableStream({ pull: () => new Promise(() => undefined) }), {
        headers: { 'content-length': '10' },
      })) as unknown as typeof fetch;
    const reader = await openMedia(stalled, 'youtube', { url: 'http://m/a', bytes: 10 }, 30);
    const drain = async () => {
      for await (const _ of reader.pieces(4));
    };
    expect((await networkFailure(drain())).kind).toBe('retry');
  });

  it('an image is read whole once; one over the limit is refused before its bytes are read', async () => {
    const image = counting(5000);
    const whole = await readWholeMedia(serving(image, 512).fetchFn, 'twitter', { url: 'http://m/p.jpg', bytes: 5000 }, 8000);
    expect(Buffer.from(whole).equals(Buffer.from(image))).toBe(true);
    const big = serving(counting(50_000), 512);
    const err = await networkFailure(readWholeMedia(big.fetchFn, 'twitter', { url: 'http://m/p.jpg', bytes: 50_000 }, 8000));
    expect(err.kind).toBe('permanent');
    expect(big.pulls()).toBeLessThan(3);
  });

  it('an image is read as it is, whatever size it was saved with; past the limit without a Content-Length it is refused', async () => {
    const image = counting(700);
    const whole = await readWholeMedia(
      serving(image, 100, false).fetchFn,
      'linkedin',
      { url: 'http://m/p.jpg', bytes: 10 },
      8000,
    );
    expect(whole.length).toBe(700);
    const err = await networkFailure(
      readWholeMedia(serving(counting(9000), 1000, false).fetchFn, 'linkedin', { url: 'http://m/p.jpg', bytes: 10 }, 8000),
    );
    expect(err.kind).toBe('permanent');
  });

  it('a resumed upload sends the rest of the piece from the offset the network holds, or starts again', () => {
    const piece = counting(100);
    expect(restOfPiece(piece, 1000, 1040)).toEqual(piece.subarray(40));
    expect(restOfPiece(piece, 1000, 1000)?.length).toBe(100);
    expect(restOfPiece(piece, 1000, 1100)?.length).toBe(0);
    expect(restOfPiece(piece, 1000, 900)).toBeNull();
    expect(restOfPiece(piece, 1000, 1200)).toBeNull();
  });
});
