import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { TS3Config } from '../config';
import type { TStorage, TStoredFile } from './storage';

/** A key as local storage takes it: relative, no empty, '.' or '..' part. */
function checkKey(key: string): string {
  const parts = key.split('/');
  if (!key || key.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..'))
    throw new Error('storage key must be a relative path');
  return key;
}

/** The public address of a key: each part percent-encoded, the slashes kept. */
const urlOf = (publicUrl: string, key: string) => `${publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;

type TS3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * The SDK, loaded on the first call that needs it: it is large (some 6 MB of the server's heap), and a server
 * that stores on local disk never loads it.
 */
let sdkLoading: Promise<TS3Sdk> | null = null;
const loadSdk = () => {
  sdkLoading ??= import('@aws-sdk/client-s3');
  return sdkLoading;
};

/** The SDK's client for these settings: path-style addresses on an S3-compatible server. */
function clientFor(sdk: TS3Sdk, config: TS3Config): S3Client {
  const custom = Boolean(config.endpoint);
  return new sdk.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: custom,
    credentials: config.credentials,
    // S3-compatible servers often refuse the checksums the SDK now sends by default
    requestChecksumCalculation: custom ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
    responseChecksumValidation: custom ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  });
}

/**
 * STORAGE=s3: files in an S3 bucket (or an S3-compatible server at S3_ENDPOINT, addressed path-style), at
 * `<S3_PUBLIC_URL>/<key>`. Objects are written without an ACL: the bucket's own policy (or a CDN in front of
 * it) makes them readable, as the networks must fetch them. `close()` ends the client's connections; tests
 * may hand in a client of their own.
 */
export function createS3Storage(config: TS3Config, opts: { client?: S3Client } = {}): TStorage & { close(): void } {
  const Bucket = config.bucket;
  let made: S3Client | null = opts.client ?? null;
  /** The SDK and the client, made on the first call. */
  const ready = async () => {
    const sdk = await loadSdk();
    made ??= clientFor(sdk, config);
    return { sdk, client: made };
  };

  return {
    async put(key, bytes, contentType) {
      const { sdk, client } = await ready();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          // a key is never written twice with other bytes (each upload has a new id)
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return urlOf(config.publicUrl, key);
    },

    async putFile(key, file, contentType) {
      const { size } = await fs.stat(file);
      const { sdk, client } = await ready();
      // streamed from disk with its length known: one PUT, the file never whole in memory
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: createReadStream(file),
          ContentType: contentType,
          ContentLength: size,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return urlOf(config.publicUrl, key);
    },

    async list(prefix) {
      const { sdk, client } = await ready();
      const out: TStoredFile[] = [];
      let token: string | undefined;
      do {
        const page: ListObjectsV2CommandOutput = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key) out.push({ key: o.Key, modifiedAt: o.LastModified ?? new Date(0), size: o.Size ?? 0 });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    },

    async remove(key) {
      const { sdk, client } = await ready();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      } catch (err) {
        // S3 answers a missing key with success; some compatible servers say NoSuchKey
        if ((err as { name?: string }).name !== 'NoSuchKey') throw err;
      }
    },

    close() {
      made?.destroy();
    },
  };
}
