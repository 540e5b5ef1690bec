import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { sendFiles } from '../modules/media/media-test-kit';
import { buildTestApp, buildUser } from '../test/helpers';
import { pngBytes } from '../test/media-fixtures';
import { createS3Storage } from './storage-s3';

/** STORAGE=s3 against s3rver, an S3 stand-in started here on a free port with a folder of its own. */
let server: S3rver;
let dir: string;
let endpoint: string;
const BUCKET = 'virality-media';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The storage as the container builds it from these settings. */
function storageFrom(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ...env,
  });
  return createS3Storage(config.storage.s3!);
}

describe('S3 storage keeps files in a bucket at public addresses', () => {
  it('puts a file and answers its public address, from which its bytes read back', async () => {
    const storage = storageFrom({});
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    const url = await storage.put('media/org1/abc.png', bytes, 'image/png');
    expect(url).toBe(`${endpoint}/${BUCKET}/media/org1/abc.png`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    storage.close();
  });

  it('puts a file from disk as a stream, with its length, and its bytes read back', async () => {
    const storage = storageFrom({});
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'virality-s3-')), 'upload.part');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 5);
    fs.writeFileSync(file, bytes);
    const url = await storage.putFile('media/org1/streamed.mp4', file, 'video/mp4');
    expect(url).toBe(`${endpoint}/${BUCKET}/media/org1/streamed.mp4`);
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    storage.close();
  });

  it('answers addresses under S3_PUBLIC_URL when it is set (a CDN in front of the bucket)', async () => {
    const storage = storageFrom({ S3_PUBLIC_URL: 'https://cdn.example.com/' });
    expect(await storage.put('media/org1/cdn.svg', Buffer.from('<svg/>'), 'image/svg+xml')).toBe(
      'https://cdn.example.com/media/org1/cdn.svg',
    );
    storage.close();
  });

  it('lists by prefix, removes, and takes a missing key as already removed', async () => {
    const storage = storageFrom({});
    await storage.put('profile/u1-a.png', Buffer.from('a'), 'image/png');
    await storage.put('media/org2/x.mp4', Buffer.from('xx'), 'video/mp4');
    await storage.put('media/org2/y.jpg', Buffer.from('yyy'), 'image/jpeg');
    const listed = await storage.list('media/org2/');
    expect(listed.map((f) => f.key).sort()).toEqual(['media/org2/x.mp4', 'media/org2/y.jpg']);
    expect(listed.find((f) => f.key.endsWith('y.jpg'))).toMatchObject({ size: 3, modifiedAt: expect.any(Date) });
    expect((await storage.list('profile/')).map((f) => f.key)).toContain('profile/u1-a.png');

    await storage.remove('media/org2/x.mp4');
    expect((await storage.list('media/org2/')).map((f) => f.key)).toEqual(['media/org2/y.jpg']);
    expect((await fetch(`${endpoint}/${BUCKET}/media/org2/x.mp4`)).status).toBe(404);
    await expect(storage.remove('media/org2/never-was.png')).resolves.toBeUndefined();
    storage.close();
  });

  it('lists past one page of results', async () => {
    // s3rver cannot page (its continuation tokens use a cipher today's OpenSSL no longer has): a stand-in client
    const asked: (string | undefined)[] = [];
    const pages = [
      {
        Contents: [{ Key: 'media/a/1.png', Size: 1, LastModified: new Date(1) }],
        IsTruncated: true,
        NextContinuationToken: 't1',
      },
      {
        Contents: [{ Key: 'media/a/2.png', Size: 2, LastModified: new Date(2) }],
        IsTruncated: true,
        NextContinuationToken: 't2',
      },
      { Contents: [{ Key: 'media/a/3.png', Size: 3 }], IsTruncated: false },
    ];
    const client = {
      send: async (command: ListObjectsV2Command) => {
        asked.push(command.input.ContinuationToken);
        expect(command.input).toMatchObject({ Bucket: BUCKET, Prefix: 'media/a/' });
        return pages[asked.length - 1];
      },
      destroy: () => undefined,
    } as unknown as S3Client;
    const storage = createS3Storage(loadConfig({ NODE_ENV: 'test', STORAGE: 's3', S3_BUCKET: BUCKET }).storage.s3!, { client });
    const listed = await storage.list('media/a/');
    expect(asked).toEqual([undefined, 't1', 't2']);
    expect(listed).toEqual([
      { key: 'media/a/1.png', size: 1, modifiedAt: new Date(1) },
      { key: 'media/a/2.png', size: 2, modifiedAt: new Date(2) },
      { key: 'media/a/3.png', size: 3, modifiedAt: new Date(0) },
    ]);
  });

  it('refuses keys that are not plain relative paths', async () => {
    const storage = storageFrom({});
    for (const key of ['/abs.png', 'media/../x.png', 'media//x.png', ''])
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/relative/);
    storage.close();
  });
});

describe('STORAGE=s3 is what the server stores uploads in', () => {
  it('keeps a post’s upload in the bucket and answers its public address', async () => {
    const t = await buildTestApp({
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    try {
      const { user, token } = await buildUser(t);
      const bytes = pngBytes(64, 48);
      const res = await sendFiles(t, '/api/s3/uploadSingleFile', [{ name: 'p.png', type: 'image/png', bytes }], { token });
      expect(res.status).toBe(200);
      const url: string = res.json.response.result;
      expect(url.startsWith(`${endpoint}/${BUCKET}/media/${user.orgId}/`)).toBe(true);
      const fetched = await fetch(url);
      expect(fetched.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
      expect(await t.services.media.resolve(user.orgId, [url])).toMatchObject([{ url, width: 64, height: 48 }]);
    } finally {
      await t.close();
    }
  });
});

describe('S3 settings', () => {
  it('refuses STORAGE=s3 without a bucket, or with half a key pair', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });

  it('defaults to us-east-1 and the bucket’s own address on AWS', () => {
    const config = loadConfig({ NODE_ENV: 'test', STORAGE: 's3', S3_BUCKET: 'media-bucket' });
    expect(config.storage.s3).toMatchObject({
      bucket: 'media-bucket',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      publicUrl: 'https://media-bucket.s3.us-east-1.amazonaws.com',
    });
    expect(loadConfig({ NODE_ENV: 'test', STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-3' }).storage.s3?.publicUrl).toBe(
      'https://b.s3.eu-west-3.amazonaws.com',
    );
    expect(loadConfig({ NODE_ENV: 'test' }).storage.s3).toBeUndefined();
  });
});
