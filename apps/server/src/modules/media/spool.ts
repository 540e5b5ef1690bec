import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { HEAD_BYTES, type TSource } from './probe';

/**
 * An upload is written to a file of its own as it arrives, never gathered in memory: the request's chunks
 * flow to disk at the pace the disk takes them (a slow disk slows the upload, it does not fill memory), and
 * the stream's own limit cuts a file off where it is too large to be any media. The file is read from there
 * for what it is, then handed to storage (a rename on local disk, a streamed PUT on S3) and removed.
 */

/** A file spooled to disk: where it is, how long it is, and its first bytes (kept for telling its type). */
export type TSpooled = { file: string; size: number; head: Buffer };

/**
 * A young-generation collection, asked for by the upload path. Each chunk a socket reads is a buffer of its own
 * that is garbage once written to disk; V8 counts such buffers only loosely (it collects once some 64 MB have
 * piled up, and on a young generation sized for small objects a scavenge is rare), so uploads arriving fast
 * would hold tens of megabytes of read buffers waiting for a collection. A scavenge every SCAVENGE_EVERY bytes
 * spooled (by this process, all uploads together) frees them as they go; it takes about a millisecond.
 */
const scavenge: (() => void) | null = (() => {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as ((o: { type: 'minor' | 'major'; execution: 'sync' }) => void) | undefined;
    return gc ? () => gc({ type: 'minor', execution: 'sync' }) : null;
  } catch {
    return null;
  }
})();
const SCAVENGE_EVERY = 16 * 1024 * 1024;
let sinceScavenge = 0;

/** A spooled file as the prober reads it. */
export function spooledSource(s: TSpooled): TSource {
  return {
    head: s.head,
    size: s.size,
    input: s.file,
    async read(offset, length) {
      const fh = await fs.open(s.file, 'r');
      try {
        const buf = Buffer.alloc(Math.max(0, Math.min(length, s.size - offset)));
        const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
        return buf.subarray(0, bytesRead);
      } finally {
        await fh.close();
      }
    },
  };
}

/**
 * Writes `stream` to a new file in `dir` (made if needed). Resolves once every byte is on disk; if the stream
 * fails (cut off at its limit, the client gone), the file is removed and the stream's error is thrown.
 */
export async function spool(stream: Readable, dir: string): Promise<TSpooled> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  const firsts: Buffer[] = [];
  let kept = 0;
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      sinceScavenge += chunk.length;
      if (sinceScavenge >= SCAVENGE_EVERY) {
        sinceScavenge = 0;
        scavenge?.();
      }
      if (kept < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - kept);
        // a copy: the chunk's memory is not held for the head's sake
        firsts.push(Buffer.from(part));
        kept += part.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, count, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
  return { file, size, head: Buffer.concat(firsts) };
}

/** Removes a spooled file (one already moved into storage is gone: not an error). */
export const unspool = (s: TSpooled | null) => (s ? fs.rm(s.file, { force: true }) : Promise.resolve());

/** Files left in `dir` by a process that stopped mid-upload, older than `olderThanMs`: removed; how many. */
export async function sweepSpoolDir(dir: string, now: Date, olderThanMs: number): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat?.isFile() || now.getTime() - stat.mtime.getTime() < olderThanMs) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}
