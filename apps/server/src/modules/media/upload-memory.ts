import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  buildAsNpmStart,
  createScratchDatabase,
  makeBusinessUsers,
  sandboxEnv,
  startProcess,
  stopAll,
  type TLiveProcess,
  upload,
} from '../../test/live-stack';
import { jpegBytes, mp4Bytes } from '../../test/media-fixtures';
import { freePort } from '../../test/over-the-wire';

/**
 * The server's memory while it takes large uploads at once, measured on the compiled server as `npm start` runs
 * it (bin/serve's memory settings) on a scratch PostgreSQL database: its resident memory idle (after a first
 * upload of each kind, so that everything an upload loads is loaded), then its peak while `uploads` videos of
 * `mbEach` MB each are sent at once over loopback, read from /proc (Linux) every 20 ms. Used by the upload
 * memory test and `npm run bench:uploads`.
 */

const MB = 1024 * 1024;

export type TUploadMemory = {
  uploads: number;
  mbEach: number;
  /** Resident memory of the idle server, MB. */
  idleMb: number;
  /** The most it held while the uploads ran, MB. */
  peakMb: number;
  /** peak − idle, MB. */
  riseMb: number;
  /** How long the uploads took together, s. */
  seconds: number;
  /** Each upload's status (200: stored). */
  statuses: number[];
};

/** A process's resident memory now, in MB (VmRSS of /proc/<pid>/status). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Sends one MP4 of `bytes` bytes to s3/uploadSingleFile as a multipart body made as it is sent (a 1 MB block of
 * zeros written again and again, waiting whenever the socket is full), so the sender holds almost nothing.
 */
function sendLargeVideo(base: string, token: string, bytes: number): Promise<number> {
  const boundary = `----virality-memory-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // the movie's boxes first, then a media-data box holding the rest of the bytes
  const movie = mp4Bytes(1280, 720, 60, { padBytes: 0 });
  const dataLength = bytes - movie.length;
  const mdatHead = Buffer.alloc(8);
  mdatHead.writeUInt32BE(dataLength);
  mdatHead.write('mdat', 4, 'latin1');
  // mp4Bytes ends with an empty mdat (8 bytes): replaced by one holding the rest
  const prefix = Buffer.concat([head, movie.subarray(0, movie.length - 8), mdatHead]);
  const zeros = Buffer.alloc(MB);
  const total = prefix.length + (dataLength - 8) + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/s3/uploadSingleFile`,
      {
        method: 'POST',
        headers: {
          'x-access-token': token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(total),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    let left = dataLength - 8;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, zeros.length);
        left -= n;
        if (!req.write(n === zeros.length ? zeros : zeros.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    req.write(prefix);
    pump();
  });
}

export async function measureUploadMemory(opts: {
  /** A PostgreSQL server to make the scratch database on. */
  databaseUrl: string;
  uploads?: number;
  mbEach?: number;
  log?: (line: string) => void;
}): Promise<TUploadMemory> {
  const uploads = opts.uploads ?? 8;
  const mbEach = opts.mbEach ?? 99;
  const log = opts.log ?? (() => undefined);
  log('building (as npm start does)');
  buildAsNpmStart();
  const scratch = await createScratchDatabase(opts.databaseUrl, 'virality_uploads');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-uploads-'));
  const procs: TLiveProcess[] = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = sandboxEnv({ dbUrl: scratch.url, port, dataDir, benchProfiles: 0 });
    log('starting the server');
    const server = await startProcess('main', env, { registry: procs });
    const pid = server.child.pid!;
    const [token] = await makeBusinessUsers(env, scratch.url, 1, 'uploads');

    // a first upload of each kind loads what uploads use (the image decoder, the upload routes' code)
    log('warming up');
    await upload(base, token, mp4Bytes(1280, 720, 5), 'video/mp4', 'warm.mp4');
    await upload(base, token, jpegBytes(1080, 1080, 1), 'image/jpeg', 'warm.jpg');
    await new Promise((r) => setTimeout(r, 2000));
    let idleMb = 0;
    for (let i = 0; i < 10; i++) {
      idleMb = Math.max(idleMb, rssMb(pid));
      await new Promise((r) => setTimeout(r, 100));
    }

    log(`sending ${uploads} uploads of ${mbEach} MB at once`);
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      try {
        peakMb = Math.max(peakMb, rssMb(pid));
      } catch {
        // the process is gone: the uploads fail and say so
      }
    }, 20);
    const started = Date.now();
    let statuses: number[];
    try {
      statuses = await Promise.all(Array.from({ length: uploads }, () => sendLargeVideo(base, token, mbEach * MB)));
    } finally {
      clearInterval(sampler);
    }
    peakMb = Math.max(peakMb, rssMb(pid));
    const seconds = (Date.now() - started) / 1000;
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      uploads,
      mbEach,
      idleMb: round(idleMb),
      peakMb: round(peakMb),
      riseMb: round(peakMb - idleMb),
      seconds: round(seconds),
      statuses,
    };
  } finally {
    await stopAll(procs, 2000);
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
