import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { SANDBOX_X_CLIENT, X_DEMO_PROFILES, xEmulatorRoutes } from '@virality/sandbox/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ApiResponseError, TwitterApi } from 'twitter-api-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { createXAdapter } from '../../integrations/networks/x';
import { inProcessFetch } from '../../test/helpers';
import { freePort } from '../../test/over-the-wire';
import { linkThroughConsent } from './test-kit';

// The X emulator as X's most used client sees it: twitter-api-v2 with OAuth 1.0a user tokens and its defaults (its
// signing, its JSON, its errors). The library speaks only https and signs the URL it calls, so the emulator is served
// over https (a certificate made for this run, trusted by the client's agent) and the client's v2 prefix names it.

const clock = new Clock();
let app: FastifyInstance;
let publicUrl: string;
let ca: Buffer;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-x-sdk-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  ca = fs.readFileSync(path.join(dir, 'cert.pem'));
  const port = await freePort();
  publicUrl = `https://127.0.0.1:${port}`;
  app = Fastify({ logger: false, https: { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: ca } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const viaApp = inProcessFetch(publicUrl);
  await app.register(xEmulatorRoutes({ clock, publicUrl, fetch: viaApp.fetch }));
  await app.listen({ port, host: '127.0.0.1' });
  viaApp.bind(app as never);
}, 30_000);
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The library's v2 client, its prefix naming the emulator (its `cloneWithPrefix` fails in this version: it calls its
 * class without `new`, so the prefix is set as that method would set it).
 */
function atEmulator<T extends TwitterApi['v2']>(v2: T): T {
  (v2 as unknown as { setPrefix(prefix: string): void }).setPrefix(`${publicUrl}/sandbox/twitter/2/`);
  return v2;
}

/** A profile linked as the product links it (OAuth 1.0a: request token, consent, access token): the library's client. */
async function clientFor(who: string) {
  const viaApp = inProcessFetch(publicUrl);
  viaApp.bind(app as never);
  const settings = {
    ...SANDBOX_X_CLIENT,
    authBase: `${publicUrl}/sandbox/twitter`,
    apiBase: `${publicUrl}/sandbox/twitter`,
    redirectUri: `${publicUrl}/social/return`,
    sandbox: true,
  };
  const adapter = createXAdapter(settings, viaApp.fetch, () => clock.now());
  const grant = await linkThroughConsent(adapter, app, who, clock.now());
  const client = new TwitterApi(
    {
      appKey: SANDBOX_X_CLIENT.clientId,
      appSecret: SANDBOX_X_CLIENT.clientSecret,
      accessToken: grant.accessToken,
      accessSecret: grant.tokenSecret as string,
    },
    { httpAgent: new https.Agent({ ca }) },
  );
  return atEmulator(client.v2);
}

describe('the X emulator through twitter-api-v2', () => {
  it('me, a post, the post read back, and the profile’s timeline', async () => {
    const v2 = await clientFor('x-ava');
    const ava = X_DEMO_PROFILES.find((p) => p.id === 'x-ava');
    const me = await v2.me();
    expect(me.data).toMatchObject({ id: ava?.userId, username: ava?.userName });

    const posted = await v2.tweet(`From the library, ${Date.now()}`);
    expect(posted.data.id).toMatch(/^\d+$/);
    expect(posted.data.text).toMatch(/^From the library/);

    const read = await v2.singleTweet(posted.data.id);
    expect(read.data).toMatchObject({ id: posted.data.id, text: posted.data.text });

    const timeline = await v2.get(`users/${ava?.userId}/tweets`, { max_results: 5 });
    expect((timeline.data as { id: string }[]).map((t) => t.id)).toContain(posted.data.id);
  });

  it("a post X refuses reaches the library as X's error: the same text twice", async () => {
    const v2 = await clientFor('x-milo');
    const text = `Only once, ${Date.now()}`;
    await v2.tweet(text);
    const err = await v2.tweet(text).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiResponseError);
    expect((err as ApiResponseError).code).toBe(403);
    expect(JSON.stringify((err as ApiResponseError).data)).toContain('duplicate');
  });

  it('a request signed with another secret is refused as X refuses it (401)', async () => {
    const v2 = await clientFor('x-ava');
    const forged = new TwitterApi(
      { appKey: SANDBOX_X_CLIENT.clientId, appSecret: 'not-the-secret', accessToken: 'x', accessSecret: 'y' },
      { httpAgent: new https.Agent({ ca }) },
    ).v2;
    atEmulator(forged);
    const err = await forged.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiResponseError);
    expect((err as ApiResponseError).code).toBe(401);
    expect((await v2.me()).data.id).toBeTruthy();
  });
});
