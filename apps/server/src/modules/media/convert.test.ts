import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { MEDIA_CONVERT_MSG, NETWORK_LIMITS, type TSocialNetworkKey } from '@virality/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, type TPublishMedia } from '../../integrations/networks/types';
import type { TStorage } from '../../integrations/storage';
import { buildTestApp, buildUser, call, type TTestApp, withClockAhead } from '../../test/helpers';
import { linkAll, postBody, scheduleIn, upload } from '../posts/posts-test-kit';
import { createMediaConverter, DOWNSCALE_SIDE } from './convert';
import { spoolDirOf } from './module';
import { createMediaRepository } from './repository';

/**
 * A post's photos made fit for a network before they are sent: each photo the network would not take as it is
 * (its type, or its weight) is stored beside its original as a JPEG the network takes; what it takes goes as it
 * came. Real pictures made by sharp, uploaded through the upload call, converted, and read back from their
 * public address as a network would fetch them.
 */
const MB = 1024 * 1024;
let t: TTestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await buildUser(t, { profileType: 'BUSINESS' })).token;
});
afterAll(async () => t?.close());

/** A picture of random pixels (it compresses badly: its JPEG is heavy) or of one colour. */
const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 140, b: 200, alpha: 0.6 } } });

/** Uploads `bytes` and gives it as the engine hands a post's photo to a network. */
async function uploaded(bytes: Buffer, name: string, type: string): Promise<TPublishMedia> {
  const url = await upload(t, token, bytes, name, type);
  const meta = await sharp(bytes).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    url,
    type: 'image',
    mimeType: type,
    bytes: bytes.length,
    width: turned ? meta.height! : meta.width!,
    height: turned ? meta.width! : meta.height!,
    durationSec: null,
  };
}

/** The file at a public address, as a network fetches it. */
async function fetched(url: string) {
  const res = await t.container.fetch(url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, type: res.headers.get('content-type'), meta: await sharp(bytes).metadata() };
}

/** A converter over the test app's storage and uploads; `storage` may be wrapped to count what is stored. */
const converterOf = (more: Partial<Parameters<typeof createMediaConverter>[0]> = {}) =>
  createMediaConverter({
    storage: t.container.storage,
    fetch: t.container.fetch,
    keyOf: (url) => createMediaRepository(t.database.db).keyOfUrl(url),
    workDir: spoolDirOf(t.container.config.dataDir),
    ...more,
  });

/** Storage that counts the files written through it. */
function counting(): TStorage & { writes: string[] } {
  const real = t.container.storage;
  const writes: string[] = [];
  return {
    ...real,
    writes,
    put: (key, bytes, type) => {
      writes.push(key);
      return real.put(key, bytes, type);
    },
    putFile: (key, file, type) => {
      writes.push(key);
      return real.putFile(key, file, type);
    },
  };
}

describe('a photo a network does not take as it is is converted to a JPEG it takes', () => {
  it('a PNG for Instagram: a JPEG of the same size in pixels, its colour profile kept, beside the original', async () => {
    const png = await plain(1080, 1080).withIccProfile('p3').png().toBuffer();
    const original = await uploaded(png, 'wide-gamut.png', 'image/png');
    const [sent] = await t.services.mediaConverter.forNetwork('instagram', [original]);

    expect(sent.mimeType).toBe('image/jpeg');
    expect(sent.url).not.toBe(original.url);
    expect(sent.url).toMatch(/\.instagram\.jpg$/);
    expect(sent.url.slice(0, sent.url.lastIndexOf('/'))).toBe(original.url.slice(0, original.url.lastIndexOf('/')));
    const out = await fetched(sent.url);
    expect(out.type).toBe('image/jpeg');
    expect(out.meta.format).toBe('jpeg');
    expect([out.meta.width, out.meta.height]).toEqual([1080, 1080]);
    expect([sent.width, sent.height, sent.bytes]).toEqual([1080, 1080, out.bytes.length]);
    const profile = (await sharp(png).metadata()).icc;
    expect(profile).toBeDefined();
    expect(out.meta.icc?.equals(profile!)).toBe(true);
    // the original stays as uploaded
    const kept = await fetched(original.url);
    expect(kept.meta.format).toBe('png');
    expect(kept.bytes.equals(png)).toBe(true);
  });

  it('a WebP for LinkedIn: turned as its EXIF says, and its other metadata (the author) left out', async () => {
    const webp = await plain(900, 600)
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Artist: 'Ana Example' } })
      .webp()
      .toBuffer();
    expect((await sharp(webp).metadata()).exif?.toString('latin1')).toContain('Ana Example');
    const original = await uploaded(webp, 'turned.webp', 'image/webp');
    expect([original.width, original.height]).toEqual([600, 900]);
    const [sent] = await t.services.mediaConverter.forNetwork('linkedin', [original]);

    const out = await fetched(sent.url);
    expect(out.meta.format).toBe('jpeg');
    expect([out.meta.width, out.meta.height]).toEqual([600, 900]);
    expect(out.meta.orientation).toBeUndefined();
    expect(out.meta.exif).toBeUndefined();
    expect(out.bytes.toString('latin1')).not.toContain('Ana Example');
    expect(sent).toMatchObject({ mimeType: 'image/jpeg', width: 600, height: 900, bytes: out.bytes.length });
  });

  it("a JPEG over Facebook's 4 MB is re-encoded under it, at the same size in pixels when a lower quality is enough", async () => {
    const heavy = await noise(2160, 2160).jpeg({ quality: 100 }).toBuffer();
    expect(heavy.length).toBeGreaterThan(NETWORK_LIMITS.facebook.image!.maxBytes);
    const original = await uploaded(heavy, 'heavy.jpg', 'image/jpeg');
    const [sent] = await t.services.mediaConverter.forNetwork('facebook', [original]);

    const out = await fetched(sent.url);
    expect(out.meta.format).toBe('jpeg');
    expect(out.bytes.length).toBeLessThanOrEqual(4 * MB);
    expect([out.meta.width, out.meta.height]).toEqual([2160, 2160]);
    expect(sent.bytes).toBe(out.bytes.length);
  });

  it('a photo no quality brings under the limit has its longer side brought down to 2160 px', async () => {
    const heavy = await noise(3500, 2800).jpeg({ quality: 100 }).toBuffer();
    const original = await uploaded(heavy, 'huge.jpg', 'image/jpeg');
    const [sent] = await t.services.mediaConverter.forNetwork('facebook', [original]);

    const out = await fetched(sent.url);
    expect(out.bytes.length).toBeLessThanOrEqual(4 * MB);
    expect([out.meta.width, out.meta.height]).toEqual([DOWNSCALE_SIDE, 1728]);
    expect([sent.width, sent.height]).toEqual([DOWNSCALE_SIDE, 1728]);
  });

  it('a photo still too heavy at the last step is refused for good, saying the limit; nothing is stored for it', async () => {
    const heavy = await noise(2400, 2400).jpeg({ quality: 95 }).toBuffer();
    const original = await uploaded(heavy, 'dense.jpg', 'image/jpeg');
    const storage = counting();
    const tight = {
      ...NETWORK_LIMITS,
      facebook: { ...NETWORK_LIMITS.facebook, image: { ...NETWORK_LIMITS.facebook.image!, maxBytes: MB } },
    };
    const converter = converterOf({ storage, limits: tight });

    const err = await converter.forNetwork('facebook', [original]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ kind: 'permanent', reason: MEDIA_CONVERT_MSG.cannotFit('Facebook', MB) });
    expect((err as NetworkError).reason).toBe(
      "A photo of this post is still larger than Facebook's 1 MB limit after re-encoding: post a smaller photo",
    );
    expect(storage.writes).toEqual([]);
  });

  it('a photo the network takes as it is, and a video, are handed back untouched; nothing is stored', async () => {
    const jpeg = await plain(1080, 1350).jpeg({ quality: 85 }).toBuffer();
    const photo = await uploaded(jpeg, 'fine.jpg', 'image/jpeg');
    const png = await uploaded(await plain(800, 800).png().toBuffer(), 'fine.png', 'image/png');
    const video: TPublishMedia = { ...photo, url: `${photo.url}.mp4`, type: 'video', mimeType: 'video/mp4', durationSec: 12 };
    const storage = counting();
    const converter = converterOf({ storage });

    const sent = await converter.forNetwork('instagram', [photo, video]);
    expect(sent[0]).toBe(photo);
    expect(sent[1]).toBe(video);
    // X takes a PNG
    expect((await converter.forNetwork('twitter', [png]))[0]).toBe(png);
    expect(storage.writes).toEqual([]);
  });

  it('converting again reuses the stored file: the same address, nothing encoded or written twice', async () => {
    const original = await uploaded(await plain(1000, 1000).webp().toBuffer(), 'twice.webp', 'image/webp');
    const storage = counting();
    const converter = converterOf({ storage });

    const first = await converter.forNetwork('threads', [original]);
    expect(storage.writes).toHaveLength(1);
    const again = await converter.forNetwork('threads', [original]);
    expect(again).toEqual(first);
    expect(storage.writes).toHaveLength(1);
    // another network has a file of its own
    const [ig] = await converter.forNetwork('instagram', [original]);
    expect(ig.url).not.toBe(first[0].url);
    expect(storage.writes).toHaveLength(2);
  });

  it('two processes converting the same photo at once end with one good file', async () => {
    const original = await uploaded(await noise(1200, 1200).png().toBuffer(), 'race.png', 'image/png');
    const [a, b] = await Promise.all([
      converterOf().forNetwork('instagram', [original]),
      converterOf().forNetwork('instagram', [original]),
    ]);
    expect(a).toEqual(b);
    const out = await fetched(a[0].url);
    expect(out.meta.format).toBe('jpeg');
    expect(out.bytes.length).toBe(a[0].bytes);
    const keyOf = (url: string) => new URL(url).pathname.replace(/^\/uploads\//, '');
    const originalKey = keyOf(original.url);
    const folder = originalKey.slice(0, originalKey.lastIndexOf('/') + 1);
    const base = originalKey.replace(/\.png$/, '.');
    const stored = (await t.container.storage.list(folder)).filter((f) => f.key.startsWith(base)).map((f) => f.key);
    expect(stored.sort()).toEqual([keyOf(a[0].url), originalKey].sort());
    // each process wrote a whole file of its own first: none is left behind
    const left = await fs.readdir(spoolDirOf(t.container.config.dataDir)).catch(() => []);
    expect(left.filter((f) => f.startsWith('convert-'))).toEqual([]);
  });

  it('a photo whose upload is gone is refused for good, in plain words', async () => {
    const original = await uploaded(await plain(600, 600).png().toBuffer(), 'gone.png', 'image/png');
    const err = await converterOf({ keyOf: async () => null })
      .forNetwork('instagram', [original])
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'permanent', reason: MEDIA_CONVERT_MSG.cannotRead('Instagram') });
  });
});

describe('every network that takes photos gets one it takes', () => {
  it.each(['instagram', 'facebook', 'linkedin', 'threads'] as TSocialNetworkKey[])('a WebP for %s', async (network) => {
    const original = await uploaded(await plain(720, 720).webp().toBuffer(), `${network}.webp`, 'image/webp');
    const [sent] = await t.services.mediaConverter.forNetwork(network, [original]);
    expect(NETWORK_LIMITS[network].image!.types).toContain(sent.mimeType);
    expect((await fetched(sent.url)).meta.format).toBe('jpeg');
  });
});

describe('a converted file lives as long as its upload', () => {
  it('the sweep keeps it while a post names its upload, and removes it with an upload no post names', async () => {
    const who = await buildUser(t);
    const ids = await linkAll(t, who.token, ['twitter']);
    const named = await upload(t, who.token, await plain(800, 800).png().toBuffer(), 'named.png', 'image/png');
    const made = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: who.token,
      body: postBody('Names its photo', [named], [{ UserSocialMediaID: ids.twitter }], {
        IsScheduled: true,
        ...scheduleIn(t, 30 * 60_000),
      }),
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const unnamed = await upload(t, who.token, await plain(800, 800).webp().toBuffer(), 'unnamed.webp', 'image/webp');
    const asMedia = (url: string, mimeType: string): TPublishMedia => ({
      url,
      type: 'image',
      mimeType,
      bytes: 1000,
      width: 800,
      height: 800,
      durationSec: null,
    });
    const [keptCopy] = await t.services.mediaConverter.forNetwork('instagram', [asMedia(named, 'image/png')]);
    const [goneCopy] = await t.services.mediaConverter.forNetwork('linkedin', [asMedia(unnamed, 'image/webp')]);
    const keys = async () => (await t.container.storage.list(`media/${who.user.orgId}/`)).map((f) => f.key).sort();
    const keyOf = (url: string) => new URL(url).pathname.replace(/^\/uploads\//, '');
    expect(await keys()).toEqual([named, unnamed, keptCopy.url, goneCopy.url].map(keyOf).sort());

    await withClockAhead(t, 24 * 3_600_000 + 60_000, () => t.services.media.sweep());
    expect(await keys()).toEqual([named, keptCopy.url].map(keyOf).sort());
    expect((await t.container.fetch(goneCopy.url)).status).toBe(404);
  });
});

describe('the network takes what the converter gives it', () => {
  it("Instagram (its emulator, fetching the photo's address) refuses the PNG and publishes its JPEG", async () => {
    const who = await buildUser(t);
    const ids = await linkAll(t, who.token, ['instagram']);
    const png = await uploaded(await plain(1080, 1080).png().toBuffer(), 'for-instagram.png', 'image/png');
    const publish = (media: TPublishMedia[]) =>
      t.services.socialAccounts.withPublishing(ids.instagram, (adapter, grant, account) =>
        adapter.publish(grant, { account, format: 'post', text: `Converted ${Date.now()}`, media }),
      );

    const refused = await publish([png]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NetworkError);
    expect(refused).toMatchObject({ kind: 'permanent' });
    const converted = await t.services.mediaConverter.forNetwork('instagram', [png]);
    const state = await publish(converted);
    expect(['published', 'processing']).toContain(state.state);
  });
});
