import { Readable } from 'node:stream';
import { auth, youtube } from '@googleapis/youtube';
import { SANDBOX_YOUTUBE_CLIENT, YOUTUBE_DEMO_CHANNELS, youtubeEmulatorRoutes } from '@virality/sandbox/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { createYouTubeAdapter } from '../../integrations/networks/youtube';
import { freePort } from '../../test/over-the-wire';
import { linkThroughConsent } from './test-kit';

// The YouTube emulator as Google's own client sees it: @googleapis/youtube with its defaults (its multipart upload,
// its query encoding, its error handling), pointed at the emulator by each call's `rootUrl` option (the client's
// global one keeps only a host, not the emulator's path).

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4096, 7)]);
const clock = new Clock();
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  base = `${publicUrl}/sandbox/youtube`;
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(youtubeEmulatorRoutes({ clock, publicUrl, fetch }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => app?.close());

/** A channel linked as the product links it (consent, then the code exchanged): Google's client for it. */
async function clientFor(profile: string) {
  const settings = {
    ...SANDBOX_YOUTUBE_CLIENT,
    authBase: base,
    apiBase: base,
    redirectUri: `${new URL(base).origin}/social/return`,
    sandbox: true,
  };
  const adapter = createYouTubeAdapter(settings, fetch, () => clock.now());
  const grant = await linkThroughConsent(adapter, app, profile, clock.now());
  const oauth = new auth.OAuth2();
  oauth.setCredentials({ access_token: grant.accessToken });
  return youtube({ version: 'v3', auth: oauth });
}
/** Each call's options: where the API is. */
const at = () => ({ rootUrl: `${base}/` });

describe('the YouTube emulator through @googleapis/youtube', () => {
  it("lists the caller's channel, uploads a video with the client's default multipart upload, and reads it back", async () => {
    const yt = await clientFor('yt-ava');
    const ava = YOUTUBE_DEMO_CHANNELS.find((c) => c.id === 'yt-ava');
    const channels = await yt.channels.list({ part: ['snippet'], mine: true }, at());
    expect(channels.data.items?.map((c) => c.id)).toEqual([ava?.channelId]);

    const inserted = await yt.videos.insert(
      {
        part: ['snippet', 'status'],
        requestBody: {
          snippet: { title: 'Tomato soup in 10 minutes', description: 'Start to finish.', categoryId: '26' },
          status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
        },
        media: { mimeType: 'video/mp4', body: Readable.from(MP4) },
      },
      at(),
    );
    expect(inserted.status).toBe(200);
    expect(inserted.data).toMatchObject({
      kind: 'youtube#video',
      snippet: { title: 'Tomato soup in 10 minutes', channelId: ava?.channelId },
      status: { privacyStatus: 'public', uploadStatus: 'uploaded' },
    });

    const read = await yt.videos.list({ part: ['snippet', 'status'], id: [inserted.data.id as string] }, at());
    expect(read.data.items?.map((v) => v.snippet?.title)).toEqual(['Tomato soup in 10 minutes']);
  });

  it("answers a bad upload as Google does, and the client's error carries the reason", async () => {
    const yt = await clientFor('yt-milo');
    const err = await yt.videos
      .insert(
        {
          part: ['snippet', 'status'],
          requestBody: { snippet: { title: '' }, status: { privacyStatus: 'public' } },
          media: { mimeType: 'video/mp4', body: Readable.from(MP4) },
        },
        at(),
      )
      .then(
        () => null,
        (e: unknown) => e as { status?: number; response?: { data?: { error?: { errors?: { reason: string }[] } } } },
      );
    expect(err).toMatchObject({ status: 400 });
    expect(err?.response?.data?.error?.errors?.[0].reason).toBe('invalidTitle');

    // a call without its token is refused as Google refuses it
    const anonymous = youtube({ version: 'v3' });
    const refused = await anonymous.channels
      .list({ part: ['snippet'], mine: true }, at())
      .catch((e: unknown) => e as { status?: number });
    expect(refused).toMatchObject({ status: 401 });
  });
});
