import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes } from '../../test/media-fixtures';
import { freePort, fromHtml, httpCall as http } from '../../test/over-the-wire';

/**
 * A scaled-out deployment (`npm run test:scale-out`; in `npm test` when TEST_DATABASE_URL is set): two servers
 * (WORKERS=off) and two worker processes on one PostgreSQL database, the media in an S3-compatible bucket (s3rver).
 * A photo uploaded through one server is posted through the other; a batch sent to either server at random is
 * published with no duplicate and no loss; a worker killed (SIGKILL) after X published a post but before the answer
 * was recorded is restarted, and every post is on X exactly once; a third server and a worker killed while a batch
 * arrives lose nothing and double nothing; a user's live updates reach them through the server they are connected to
 * when a worker on another process publishes; a session ended on one server is ended on every one; the login guard
 * counts the failures made on every server. The networks are the sandbox emulators, in a process of their own.
 */
const BASE_URL = process.env.TEST_DATABASE_URL;
const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
const JWT_SECRET = randomBytes(32).toString('hex');

type TProc = { child: ChildProcess; log: string[] };
const procs: TProc[] = [];

/** The networks' emulators as a process of their own (the sandbox package's entry). */
const EMULATORS_ENTRY = path.resolve(SERVER_DIR, '../../packages/sandbox/src/networks/serve.ts');

/**
 * Starts the server (`main`), a worker (`worker`) or the networks' emulators (`emulators`) from source; resolves once
 * it says it is ready.
 */
function start(entry: 'main' | 'worker' | 'emulators', env: Record<string, string>): Promise<TProc> {
  return new Promise((resolve, reject) => {
    const script = entry === 'emulators' ? EMULATORS_ENTRY : `src/${entry}.ts`;
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env, NODE_ENV: 'development', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: TProc = { child, log: [] };
    procs.push(proc);
    const ready = entry === 'main' ? 'Virality on' : entry === 'worker' ? 'worker started' : 'network emulators on';
    const timer = setTimeout(() => reject(new Error(`${entry} did not start:\n${proc.log.join('')}`)), 90_000);
    const onData = (c: Buffer) => {
      proc.log.push(String(c));
      if (proc.log.length > 400) proc.log.splice(0, 200);
      if (String(c).includes(ready)) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== null && code !== 0) reject(new Error(`${entry} exited ${code}:\n${proc.log.join('')}`));
    });
  });
}

/** Links an X demo profile (OAuth 1.0a through the emulator's consent page) for the user of `token`. */
async function linkX(base: string, token: string, profileIndex: number): Promise<string> {
  const start = await http(base, 'GET', '/sph/x-app/login-url/', { token });
  const url = new URL(start.json.response_data.url);
  // the consent page is the network's (the emulator at the public address), whichever server made the link
  const page = await http(url.origin, 'GET', url.pathname + url.search);
  expect(page.status).toBe(200);
  const action = fromHtml(/<form method="post" action="([^"]+)"/.exec(page.text)![1]);
  const hidden = [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    ([, k, v]): [string, string] => [k, fromHtml(v)],
  );
  const profiles = [...page.text.matchAll(/<input type="radio" name="profile" value="([^"]+)"/g)].map((m) => fromHtml(m[1]));
  const back = await http(url.origin, 'POST', action, {
    form: new URLSearchParams([...hidden, ['profile', profiles[profileIndex % profiles.length]], ['decision', 'allow']]),
  });
  const q = new URL(back.location!).searchParams;
  const add = await http(base, 'POST', '/sph/x-app/add-account/', {
    token,
    body: { oauth_token: q.get('oauth_token'), oauth_verifier: q.get('oauth_verifier') },
  });
  expect(add.status, add.text).toBe(200);
  return add.json.response_data.id;
}

async function uploadPhoto(base: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpegBytes(1080, 1080, 7))], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(new URL('/api/s3/uploadSingleFile', base), {
    method: 'POST',
    headers: { 'x-access-token': token },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { response: { result: string } }).response.result;
}

describe.skipIf(!BASE_URL || process.env.TEST_DB !== 'postgres')('publishing across processes', () => {
  const dbName = `virality_scale_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let dbUrl: string;
  let env: Record<string, string>;
  let a: string;
  let b: string;
  let emulators: string;
  let db: pg.Client;
  let token: string;
  let accounts: string[];
  let photo: string;
  const workers: TProc[] = [];
  let bucket: S3rver;
  const bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-scale-s3-'));

  beforeAll(async () => {
    bucket = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: bucketDir,
      silent: true,
      configureBuckets: [{ name: 'virality-media', configs: [] }],
    });
    const s3 = `http://127.0.0.1:${(await bucket.run()).port}`;
    admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const u = new URL(BASE_URL!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    const [portA, portB, portE] = [await freePort(), await freePort(), await freePort()];
    a = `http://127.0.0.1:${portA}`;
    b = `http://127.0.0.1:${portB}`;
    emulators = `http://127.0.0.1:${portE}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-scale-'));
    env = {
      DATABASE_URL: dbUrl,
      PUBLIC_URL: a,
      SANDBOX: 'on',
      WORKERS: 'off',
      JWT_SECRET,
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '100000',
      PUBLISH_LEASE_SECONDS: '8',
      POST_RESULT_WAIT_MS: '0',
      // the networks are a process of their own, as the real ones are
      SANDBOX_EMULATORS_URL: emulators,
      // the media of every process in one bucket
      STORAGE: 's3',
      S3_BUCKET: 'virality-media',
      S3_ENDPOINT: s3,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    await start('emulators', { PORT: String(portE), SANDBOX_PRODUCT_URL: a });
    await start('main', { ...env, PORT: String(portA) });
    await start('main', { ...env, PORT: String(portB) });
    workers.push(await start('worker', env), await start('worker', env));

    // a user and its session, made by the product's own services in this process (signing up through the
    // sandbox outbox would take a dozen calls that other tests cover)
    token = await inProcess(async (c) => {
      const row = await c.services.users.createAccount({
        email: `scale-${randomBytes(6).toString('hex')}@example.com`,
        emailVerified: true,
        passwordHash: null,
        profileType: 'BUSINESS',
        authType: 'LOCAL',
        profileCompleted: true,
        name: 'Scale Test',
        userName: null,
        userNameLower: null,
      } as never);
      // a business posts only with a plan
      const now = c.clock.now();
      await c.services.subscriptions.recordPurchase(
        {
          userId: row.id,
          planType: 'Professional',
          postLimit: null,
          periodStart: now,
          planEndDate: new Date(now.getTime() + 30 * 86_400_000),
        },
        null,
        now,
      );
      return (await c.services.auth.issueSession(row)).accessToken;
    });
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    accounts = [await linkX(a, token, 0), await linkX(b, token, 1)];
    // uploaded through one server, into the bucket: posted through the other, published by the workers
    photo = await uploadPhoto(b, token);
    expect(photo.startsWith(`${s3}/virality-media/`)).toBe(true);
  }, 240_000);

  /** Runs `work` with the product's own services on the shared database, in this process. */
  async function inProcess<T>(
    work: (c: Awaited<ReturnType<typeof import('../../container').createContainer>>) => Promise<T>,
  ): Promise<T> {
    const { loadConfig } = await import('../../config');
    const { openDatabase } = await import('../../db/client');
    const { createContainer } = await import('../../container');
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const database = await openDatabase({ databaseUrl: dbUrl });
    const container = await createContainer({ config, database, logger: false });
    try {
      return await work(container);
    } finally {
      await container.close();
      await database.close();
    }
  }

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await bucket?.close();
    fs.rmSync(bucketDir, { recursive: true, force: true });
    await db?.end().catch(() => undefined);
    if (admin) {
      await new Promise((r) => setTimeout(r, 500));
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  });

  const targetsOf = async (captionPrefix: string) =>
    (
      await db.query<{ state: string; attempts: number }>(
        'SELECT t.state, t.attempts FROM post_targets t JOIN posts p ON p.id = t.post_id WHERE p.caption LIKE $1',
        [`${captionPrefix}%`],
      )
    ).rows;

  async function settled(prefix: string, count: number, timeoutMs: number) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const rows = await targetsOf(prefix);
      if (rows.length === count && rows.every((r) => ['published', 'failed', 'needs_reconnect'].includes(r.state))) return rows;
      if (Date.now() > until) throw new Error(`not settled: ${JSON.stringify(rows.map((r) => r.state))}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  /** How many posts on X carry the caption, per account (the emulator's own list, read through the API). */
  async function onX(caption: string): Promise<number[]> {
    const counts: number[] = [];
    for (const id of accounts) {
      const res = await db.query<{ remote_id: string }>('SELECT remote_id FROM social_accounts WHERE id = $1', [id]);
      const list = await http(emulators, 'GET', `/sandbox/twitter/_published?user=${res.rows[0].remote_id}`);
      counts.push(list.json.filter((p: { text: string }) => p.text === caption).length);
    }
    return counts;
  }

  it('two servers and two workers publish a batch: every post once on each account', async () => {
    const prefix = `Batch ${randomBytes(3).toString('hex')}`;
    const captions = Array.from({ length: 30 }, (_, i) => `${prefix} #${i}`);
    await Promise.all(
      captions.map((caption, i) =>
        http(i % 2 ? a : b, 'POST', '/sph/social-media-manager/single-post/', {
          token,
          body: {
            CaptionDescription: caption,
            MediaDetails: [{ ImageVideoUrl: photo }],
            PostDetails: accounts.map((id) => ({ UserSocialMediaID: id })),
          },
        }).then((r) => expect(r.status, r.text).toBe(200)),
      ),
    );
    const rows = await settled(prefix, captions.length * accounts.length, 120_000);
    expect(rows.every((r) => r.state === 'published')).toBe(true);
    for (const caption of captions) expect(await onX(caption)).toEqual([1, 1]);
  }, 180_000);

  it('a worker killed after X published but before the answer was recorded: restarted, every post is on X once', async () => {
    const prefix = `Crash ${randomBytes(3).toString('hex')}`;
    const captions = Array.from({ length: 6 }, (_, i) => `${prefix} #${i}`);
    // the next publishes take effect on X but their answers are held: the workers are killed while they wait
    await http(emulators, 'POST', '/sandbox/twitter/_control', { body: { lose_answers: 4 } });
    for (const caption of captions)
      await http(a, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: {
          CaptionDescription: caption,
          MediaDetails: [{ ImageVideoUrl: photo }],
          PostDetails: [{ UserSocialMediaID: accounts[0] }],
        },
      });
    const until = Date.now() + 60_000;
    while ((await targetsOf(prefix)).filter((r) => r.state === 'publishing').length < 2 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    for (const w of workers.splice(0)) w.child.kill('SIGKILL');
    await http(emulators, 'POST', '/sandbox/twitter/_control', { body: { clear: true } });
    workers.push(await start('worker', env), await start('worker', env));
    const rows = await settled(prefix, captions.length, 150_000);
    expect(rows.every((r) => r.state === 'published')).toBe(true);
    for (const caption of captions) expect((await onX(caption))[0]).toBe(1);
  }, 240_000);

  it('a server and a worker killed while a batch arrives: every post accepted is published once, none twice', async () => {
    const portC = await freePort();
    const c = `http://127.0.0.1:${portC}`;
    const server = await start('main', { ...env, PORT: String(portC) });
    const extra = await start('worker', env);
    workers.push(extra);
    const prefix = `Killed ${randomBytes(3).toString('hex')}`;
    const captions = Array.from({ length: 24 }, (_, i) => `${prefix} #${i}`);
    const send = (base: string, caption: string) =>
      http(base, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: {
          CaptionDescription: caption,
          MediaDetails: [{ ImageVideoUrl: photo }],
          PostDetails: [{ UserSocialMediaID: accounts[1] }],
        },
      }).then(
        (r) => r.status === 200,
        () => false,
      );
    // the first half to any of the three servers, at random; then server c and one worker die mid-run
    const accepted: string[] = [];
    const first = captions.slice(0, 12).map(async (caption) => {
      if (await send([a, b, c][Math.floor(Math.random() * 3)], caption)) accepted.push(caption);
    });
    await new Promise((r) => setTimeout(r, 150));
    server.child.kill('SIGKILL');
    workers.splice(workers.indexOf(extra), 1);
    extra.child.kill('SIGKILL');
    await Promise.all(first);
    for (const caption of captions.slice(12)) if (await send(Math.random() < 0.5 ? a : b, caption)) accepted.push(caption);
    // every post the database holds (those c took before it died included) settles, each once on X
    const held = (await db.query<{ caption: string }>('SELECT caption FROM posts WHERE caption LIKE $1', [`${prefix}%`])).rows;
    const rows = await settled(prefix, held.length, 150_000);
    expect(rows.every((r) => r.state === 'published')).toBe(true);
    expect(held.map((p) => p.caption)).toEqual(expect.arrayContaining(accepted));
    for (const { caption } of held) expect((await onX(caption))[1]).toBe(1);
  }, 240_000);

  it("a user's live updates reach them through whichever server they are connected to, when a worker publishes", async () => {
    // the stream is opened on server b; the post goes to server a; a worker publishes it and tells the user
    const ticket = await http(b, 'POST', '/api/events/ticket', { token });
    expect(ticket.status, ticket.text).toBe(200);
    const abort = new AbortController();
    const stream = await fetch(new URL(`/api/events?ticket=${encodeURIComponent(ticket.json.response.ticket)}`, b), {
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const unseen: number[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.+)$/m.exec(message)?.[1];
          const data = /^data: (.+)$/m.exec(message)?.[1];
          if (event === 'unseen' && data) unseen.push((JSON.parse(data) as { count: number }).count);
        }
      }
    })().catch(() => undefined);
    try {
      const until = Date.now() + 10_000;
      while (unseen.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const before = unseen[0];
      expect(before).toBeGreaterThanOrEqual(0);
      const caption = `Live ${randomBytes(3).toString('hex')}`;
      const sent = await http(a, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: {
          CaptionDescription: caption,
          MediaDetails: [{ ImageVideoUrl: photo }],
          PostDetails: [{ UserSocialMediaID: accounts[0] }],
        },
      });
      expect(sent.status, sent.text).toBe(200);
      await settled(caption, 1, 60_000);
      const waitUntil = Date.now() + 15_000;
      while (!unseen.some((n) => n > before) && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
      expect(unseen.some((n) => n > before)).toBe(true);
    } finally {
      abort.abort();
      await reading;
    }
  }, 120_000);

  it('a session ended on one server is ended on every one; the login guard counts failures on every server', async () => {
    const email = `scale-login-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Scale#Pass1';
    await inProcess(async (c) => {
      await c.services.users.createAccount({
        email,
        emailVerified: true,
        passwordHash: await hash(password),
        profileType: 'INFLUENCER',
        authType: 'LOCAL',
        profileCompleted: true,
        name: 'Scale Login',
        userName: null,
        userNameLower: null,
      } as never);
    });
    const login = (base: string, pw: string) =>
      http(base, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: pw } });
    const signedIn = await login(a, password);
    expect(signedIn.status, signedIn.text).toBe(200);
    const session = signedIn.json.response.accessToken as string;
    expect((await http(b, 'GET', '/api/user/getUserStatus', { token: session })).status).toBe(200);
    expect((await http(b, 'POST', '/api/user/logout', { token: session })).status).toBe(200);
    expect((await http(a, 'GET', '/api/user/getUserStatus', { token: session })).status).toBe(401);

    // ten wrong passwords, half on each server: the next login is refused on both, the right password included
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? a : b, 'Wrong#Pass1')).status).toBe(401);
    expect((await login(a, password)).status).toBe(429);
    expect((await login(b, password)).status).toBe(429);
  }, 120_000);
});
