import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SANDBOX_YOUTUBE_CLIENT, YOUTUBE_DEMO_CHANNELS, youtubeEmulatorRoutes } from '@virality/sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { clickConsent, emulatorApp, emulatorSettings, TEST_PUBLIC_URL } from '../../sandbox-integration/networks/test-kit';
import { createYouTubeAdapter, nextPacificMidnight } from './youtube';

/**
 * A video of a gigabyte goes to YouTube (its emulator) with a flat memory line: the file is made on the fly by a
 * local HTTP server (never a gigabyte in memory here either), read by the adapter as a stream and sent in 8 MB
 * chunks; the emulator counts the bytes rather than keeping them. What is checked is memory, not time.
 */

/**
 * A full garbage collection, run every 100 ms while the file goes up: what is measured is then what the upload
 * holds, not the chunks already sent that the collector has not come to yet (a file held whole could not be freed).
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const GB = 1024 ** 3;
const MB = 1024 ** 2;
/**
 * The most the process's memory (heap and array buffers, after a collection) may grow while the gigabyte goes
 * through, and the most its resident size may grow at any moment (garbage not yet collected included).
 */
const HELD_BOUND = 150 * MB;
const RSS_BOUND = 300 * MB;

/** A local server sending a `size`-byte MP4-looking file made as it is sent (a repeated 1 MB block after its header). */
function generatedVideo(size: number): Promise<{ server: Server; url: string }> {
  const block = Buffer.alloc(MB, 0x5a);
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(size) });
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = sent === 0 ? Buffer.concat([head, block.subarray(head.length)]) : block;
        const n = Math.min(piece.length, size - sent);
        sent += n;
        if (!res.write(n === piece.length ? piece : piece.subarray(0, n))) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/big.mp4` });
    }),
  );
}

const clock = new Clock();
const emulators = emulatorApp(async (app, viaAppFetch) => {
  await app.register(youtubeEmulatorRoutes({ clock, publicUrl: TEST_PUBLIC_URL, fetch: viaAppFetch }));
});
let media: { server: Server; url: string };
beforeAll(async () => {
  media = await generatedVideo(GB);
});
afterAll(async () => {
  await new Promise((resolve) => media.server.close(resolve));
});

/** The media file over real HTTP (a stream), everything else to the emulator in-process. */
const routed: typeof fetch = (input, init) =>
  String(input).startsWith(media.url) ? fetch(input, init) : emulators.viaApp.fetch(input, init);
const adapter = createYouTubeAdapter(emulatorSettings(SANDBOX_YOUTUBE_CLIENT, '/sandbox/youtube'), routed, () => clock.now());

// it touches no database: the server suite's PostgreSQL run (the same files again) leaves it to the first run
describe.skipIf(process.env.TEST_DB === 'postgres')('a 1 GB video sent as a stream', () => {
  it('goes to YouTube in 8 MB chunks holding less than 150 MB more memory, and YouTube holds all its bytes', async () => {
    clock.advance(nextPacificMidnight(clock.now()).getTime() - clock.nowMs() + 1000);
    const { url, secret } = await adapter.authorize({ state: 'st' });
    const { res } = await clickConsent(emulators.app, url, { profile: 'yt-ava', decision: 'allow' });
    const code = new URL(String(res.headers.location)).searchParams.get('code');
    const grant = await adapter.exchange({ code, oauthToken: null, oauthVerifier: null }, secret, clock.now());
    const channelId = YOUTUBE_DEMO_CHANNELS.find((c) => c.id === 'yt-ava')!.channelId;

    const used = () => {
      const m = process.memoryUsage();
      return { heap: m.heapUsed + m.arrayBuffers, rss: m.rss };
    };
    collect();
    const base = used();
    let peak = base;
    let samples = 0;
    let held = base.heap;
    const sampler = setInterval(() => {
      const collected = ++samples % 5 === 0;
      if (collected) collect();
      const now = used();
      if (collected) held = Math.max(held, now.heap);
      peak = { heap: Math.max(peak.heap, now.heap), rss: Math.max(peak.rss, now.rss) };
    }, 20);
    const startedAt = Date.now();
    let state: Awaited<ReturnType<typeof adapter.publish>>;
    try {
      state = await adapter.publish(grant, {
        account: { remoteId: channelId, kind: 'channel' },
        format: 'post',
        text: 'A gigabyte, streamed',
        media: [{ url: media.url, type: 'video', mimeType: 'video/mp4', bytes: GB, width: 1920, height: 1080, durationSec: 600 }],
        title: 'One gigabyte',
        categoryId: '22',
      });
    } finally {
      clearInterval(sampler);
    }
    const growth = { heap: peak.heap - base.heap, rss: peak.rss - base.rss };
    console.info(
      `1 GB upload: ${((Date.now() - startedAt) / 1000).toFixed(1)} s, heap+buffers grew ${(growth.heap / MB).toFixed(0)} MB (${((held - base.heap) / MB).toFixed(0)} MB held after a collection), rss ${(growth.rss / MB).toFixed(0)} MB`,
    );
    expect(state.state).toBe('processing');
    if (state.state !== 'processing') return;
    const videoId = (JSON.parse(Buffer.from(state.ticket, 'base64url').toString()) as { videoId: string }).videoId;
    const listed = await emulators.app.inject({
      method: 'GET',
      url: `/sandbox/youtube/youtube/v3/videos?part=fileDetails&id=${videoId}`,
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    expect(listed.json().items[0].fileDetails.fileSize).toBe(String(GB));
    // the rule: the file is never held whole, so memory stays flat whatever the file's size
    expect(held - base.heap).toBeLessThan(HELD_BOUND);
    expect(growth.rss).toBeLessThan(RSS_BOUND);
  }, 180_000);
});
