import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dateAt, timeAt } from '@virality/domain';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes } from '../../test/media-fixtures';
import { freePort, fromHtml, httpCall as http } from '../../test/over-the-wire';
import { postgresBin, startPgCluster, type TPgCluster } from '../../test/pg-cluster';

/**
 * A scaled-out deployment (`npm run test:scale-out`; in `npm test` when TEST_DATABASE_URL is set): two servers
 * (WORKERS=off) and two worker processes on one PostgreSQL database, the media in an S3-compatible bucket (s3rver),
 * the networks' emulators in a process of their own, and every request of the test sent to either server at random.
 *
 * A user signs up, links and uploads through any server and posts through any other; a batch is published with no
 * duplicate and no loss; a worker killed (SIGKILL) after X published a post but before the answer was recorded is
 * restarted, and every post is on X exactly once; a third server and a worker killed while a batch arrives lose
 * nothing and double nothing; a user's live updates reach them through the server they are connected to when a
 * worker on another process publishes; a session ended on one server is ended on every one; the login guard counts
 * the failures made on every server.
 *
 * A second round runs on a PostgreSQL cluster of the test's own, restarted (`pg_ctl restart -m fast`) while due posts
 * are being published and then stopped for a while: every process reconnects by itself, /api/ready of the servers
 * and the workers says 503 while the database is down and 200 after, and every due post is published exactly once.
 */
const BASE_URL = process.env.TEST_DATABASE_URL;
const ON_POSTGRES = Boolean(BASE_URL) && process.env.TEST_DB === 'postgres';
const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
const JWT_SECRET = randomBytes(32).toString('hex');
const PASSWORD = 'Scale#Pass1';

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

/** The media bucket every process of a round writes to and reads from (an S3-compatible store). */
async function startBucket() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-scale-s3-'));
  const bucket = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: 'virality-media', configs: [] }],
  });
  const url = `http://127.0.0.1:${(await bucket.run()).port}`;
  return {
    url,
    close: async () => {
      await bucket.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type TStack = {
  servers: string[];
  emulators: string;
  env: Record<string, string>;
  workers: TProc[];
  /** Where each worker answers /metrics and /api/ready (METRICS_PORT). */
  workerUrls: string[];
  /** A server at random: every request of the flow goes to either. */
  any: () => string;
  /** Starts one more worker (with its own METRICS_PORT). */
  addWorker: () => Promise<TProc>;
};

/** The emulators, `servers` servers (WORKERS=off) and `workers` workers on the database at `dbUrl`. */
async function startStack(
  dbUrl: string,
  s3: string,
  counts: { servers: number; workers: number; networkLatencyMs?: number },
): Promise<TStack> {
  const ports = await Promise.all(Array.from({ length: counts.servers }, () => freePort()));
  const servers = ports.map((p) => `http://127.0.0.1:${p}`);
  const portE = await freePort();
  const emulators = `http://127.0.0.1:${portE}`;
  const env: Record<string, string> = {
    DATABASE_URL: dbUrl,
    PUBLIC_URL: servers[0],
    SANDBOX: 'on',
    WORKERS: 'off',
    JWT_SECRET,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'virality-scale-')),
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
  await start('emulators', {
    PORT: String(portE),
    SANDBOX_PRODUCT_URL: servers[0],
    SANDBOX_NETWORK_LATENCY: String(counts.networkLatencyMs ?? 'off'),
  });
  // the first server applies the migrations; the others start on a current database
  await start('main', { ...env, PORT: String(ports[0]) });
  await Promise.all(ports.slice(1).map((p) => start('main', { ...env, PORT: String(p) })));
  const workers: TProc[] = [];
  const workerUrls: string[] = [];
  const addWorker = async () => {
    const port = await freePort();
    const w = await start('worker', { ...env, METRICS_PORT: String(port) });
    workers.push(w);
    workerUrls.push(`http://127.0.0.1:${port}`);
    return w;
  };
  await Promise.all(Array.from({ length: counts.workers }, addWorker));
  return { servers, emulators, env, workers, workerUrls, any: () => servers[randomInt(servers.length)], addWorker };
}

/** The OTP in the newest message to `to` in the sandbox outbox (kept in the database: any server shows it). */
async function otpFor(any: () => string, to: string): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const box = await http(any(), 'GET', '/sandbox/outbox', { headers: { accept: 'application/json' } });
    const message = (box.json?.response as { to: string; body: string }[] | undefined)?.find((m) => m.to === to);
    const code = message && /(?<!\d)\d{4}(?!\d)/.exec(message.body)?.[0];
    if (code) return code;
    if (Date.now() > until) throw new Error(`no code for ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Signs an influencer up as a person does, each call to a server at random: create_user, the code from the outbox,
 * verifyOtp, the registration profile and interests. Its session and e-mail.
 */
async function signUp(any: () => string): Promise<{ token: string; email: string }> {
  const email = `scale-${randomBytes(6).toString('hex')}@example.com`;
  const created = await http(any(), 'POST', '/api/user/create_user', {
    body: { email, password: PASSWORD, confirmPassword: PASSWORD, profileType: 'INFLUENCER' },
  });
  expect(created.status, created.text).toBe(200);
  const emailPhone = created.json.response.emailPhone as string;
  const verified = await http(any(), 'POST', '/api/otp/verifyOtp', { body: { emailPhone, otp: await otpFor(any, emailPhone) } });
  expect(verified.status, verified.text).toBe(200);
  const token = verified.json.response.accessToken as string;
  const userId = verified.json.response.userData._id as string;
  const profile = await http(any(), 'PUT', `/api/user/updateUser?userId=${userId}`, {
    token,
    body: {
      name: 'Scale Tester',
      userName: `scale${randomBytes(5).toString('hex')}`,
      gender: 'female',
      dateOfBirth: '1994-03-12',
      phoneCode: '1',
      mobileNumber: `9${String(randomInt(0, 1e9)).padStart(9, '0')}`,
      email,
    },
  });
  expect(profile.status, profile.text).toBe(200);
  const done = await http(any(), 'PUT', `/api/user/updateUser?userId=${userId}`, {
    token,
    body: { interested: ['fashion', 'travel', 'food'] },
  });
  expect(done.json?.response?.result?.profileCompleted, done.text).toBe(true);
  return { token, email };
}

/** Links an X demo profile (OAuth 1.0a through the emulator's consent page) for the user of `token`. */
async function linkX(any: () => string, token: string, profileIndex: number): Promise<string> {
  const start = await http(any(), 'GET', '/sph/x-app/login-url/', { token });
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
  const add = await http(any(), 'POST', '/sph/x-app/add-account/', {
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

/** A photo post to the accounts, now or at `at` (a minute of the product's clock, in UTC). */
const postBody = (caption: string, photo: string, accounts: string[], at?: Date) => ({
  CaptionDescription: caption,
  MediaDetails: [{ ImageVideoUrl: photo }],
  PostDetails: accounts.map((id) => ({ UserSocialMediaID: id })),
  ...(at ? { IsScheduled: true, ScheduledDate: dateAt(at, 0), ScheduledTime: timeAt(at, 0) } : {}),
});

/** What a round reads back from its database: the targets of posts by caption, and what X holds. */
function readBack(db: () => pg.Client, emulators: () => string, accounts: () => string[]) {
  const targetsOf = async (captionPrefix: string) =>
    (
      await db().query<{ state: string; attempts: number; error: string | null; internal_error: string | null }>(
        'SELECT t.state, t.attempts, t.error, t.internal_error FROM post_targets t JOIN posts p ON p.id = t.post_id WHERE p.caption LIKE $1',
        [`${captionPrefix}%`],
      )
    ).rows;
  return {
    targetsOf,
    async settled(prefix: string, count: number, timeoutMs: number) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const rows = await targetsOf(prefix);
        if (rows.length === count && rows.every((r) => ['published', 'failed', 'needs_reconnect'].includes(r.state))) return rows;
        if (Date.now() > until) throw new Error(`not settled: ${JSON.stringify(rows.map((r) => r.state))}`);
        await new Promise((r) => setTimeout(r, 300));
      }
    },
    /** How many posts on X carry the caption, per account (the emulator's own list, read through its API). */
    async onX(caption: string): Promise<number[]> {
      const counts: number[] = [];
      for (const id of accounts()) {
        const res = await db().query<{ remote_id: string }>('SELECT remote_id FROM social_accounts WHERE id = $1', [id]);
        const list = await http(emulators(), 'GET', `/sandbox/twitter/_published?user=${res.rows[0].remote_id}`);
        counts.push(list.json.filter((p: { text: string }) => p.text === caption).length);
      }
      return counts;
    },
  };
}

afterAll(() => {
  for (const p of procs) p.child.kill('SIGKILL');
});

describe.skipIf(!ON_POSTGRES)('publishing across processes', () => {
  const dbName = `virality_scale_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let stack: TStack;
  let a: string;
  let b: string;
  let db: pg.Client;
  let token: string;
  let accounts: string[];
  let photo: string;
  let bucket: Awaited<ReturnType<typeof startBucket>>;
  const { targetsOf, settled, onX } = readBack(
    () => db,
    () => stack.emulators,
    () => accounts,
  );

  beforeAll(async () => {
    bucket = await startBucket();
    admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const u = new URL(BASE_URL!);
    u.pathname = `/${dbName}`;
    stack = await startStack(u.toString(), bucket.url, { servers: 2, workers: 2 });
    [a, b] = stack.servers;
    db = new pg.Client({ connectionString: u.toString() });
    await db.connect();

    // signed up, linked and uploaded through the servers at random
    token = (await signUp(stack.any)).token;
    accounts = [await linkX(stack.any, token, 0), await linkX(stack.any, token, 1)];
    photo = await uploadPhoto(stack.any(), token);
    expect(photo.startsWith(`${bucket.url}/virality-media/`)).toBe(true);
  }, 240_000);

  afterAll(async () => {
    for (const w of stack?.workers ?? []) w.child.kill('SIGKILL');
    await bucket?.close();
    await db?.end().catch(() => undefined);
    if (admin) {
      await new Promise((r) => setTimeout(r, 500));
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  });

  it('uploaded through one server, posted through the other, published by a worker: once on X', async () => {
    const caption = `Across ${randomBytes(3).toString('hex')}`;
    const picture = await uploadPhoto(a, token);
    const sent = await http(b, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, picture, [accounts[0]]),
    });
    expect(sent.status, sent.text).toBe(200);
    expect((await settled(caption, 1, 60_000))[0].state).toBe('published');
    expect((await onX(caption))[0]).toBe(1);
  }, 120_000);

  it('two servers and two workers publish a batch sent to either at random: every post once on each account', async () => {
    const prefix = `Batch ${randomBytes(3).toString('hex')}`;
    const captions = Array.from({ length: 30 }, (_, i) => `${prefix} #${i}`);
    await Promise.all(
      captions.map((caption) =>
        http(stack.any(), 'POST', '/sph/social-media-manager/single-post/', {
          token,
          body: postBody(caption, photo, accounts),
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
    await http(stack.emulators, 'POST', '/sandbox/twitter/_control', { body: { lose_answers: 4 } });
    for (const caption of captions)
      await http(stack.any(), 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: postBody(caption, photo, [accounts[0]]),
      });
    const until = Date.now() + 60_000;
    while ((await targetsOf(prefix)).filter((r) => r.state === 'publishing').length < 2 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    for (const w of stack.workers.splice(0)) w.child.kill('SIGKILL');
    await http(stack.emulators, 'POST', '/sandbox/twitter/_control', { body: { clear: true } });
    await Promise.all([stack.addWorker(), stack.addWorker()]);
    const rows = await settled(prefix, captions.length, 150_000);
    expect(rows.every((r) => r.state === 'published')).toBe(true);
    for (const caption of captions) expect((await onX(caption))[0]).toBe(1);
  }, 240_000);

  it('a server and a worker killed while a batch arrives: every post accepted is published once, none twice', async () => {
    const portC = await freePort();
    const c = `http://127.0.0.1:${portC}`;
    const server = await start('main', { ...stack.env, PORT: String(portC) });
    const extra = await stack.addWorker();
    const prefix = `Killed ${randomBytes(3).toString('hex')}`;
    const captions = Array.from({ length: 24 }, (_, i) => `${prefix} #${i}`);
    const send = (base: string, caption: string) =>
      http(base, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: postBody(caption, photo, [accounts[1]]),
      }).then(
        (r) => r.status === 200,
        () => false,
      );
    // the first half to any of the three servers, at random; then server c and one worker die mid-run
    const accepted: string[] = [];
    const first = captions.slice(0, 12).map(async (caption) => {
      if (await send([a, b, c][randomInt(3)], caption)) accepted.push(caption);
    });
    await new Promise((r) => setTimeout(r, 150));
    server.child.kill('SIGKILL');
    stack.workers.splice(stack.workers.indexOf(extra), 1);
    extra.child.kill('SIGKILL');
    await Promise.all(first);
    for (const caption of captions.slice(12)) if (await send(stack.any(), caption)) accepted.push(caption);
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
        body: postBody(caption, photo, [accounts[0]]),
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
    const { email } = await signUp(stack.any);
    const login = (base: string, pw: string) =>
      http(base, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: pw } });
    const signedIn = await login(a, PASSWORD);
    expect(signedIn.status, signedIn.text).toBe(200);
    const session = signedIn.json.response.accessToken as string;
    expect((await http(b, 'GET', '/api/user/getUserStatus', { token: session })).status).toBe(200);
    expect((await http(b, 'POST', '/api/user/logout', { token: session })).status).toBe(200);
    expect((await http(a, 'GET', '/api/user/getUserStatus', { token: session })).status).toBe(401);

    // ten wrong passwords, half on each server: the next login is refused on both, the right password included
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? a : b, 'Wrong#Pass1')).status).toBe(401);
    expect((await login(a, PASSWORD)).status).toBe(429);
    expect((await login(b, PASSWORD)).status).toBe(429);
  }, 120_000);
});

describe.skipIf(!ON_POSTGRES || !postgresBin())('when the database itself restarts', () => {
  let cluster: TPgCluster;
  let stack: TStack;
  let db: pg.Client;
  let token: string;
  let accounts: string[];
  let photo: string;
  let bucket: Awaited<ReturnType<typeof startBucket>>;
  const { targetsOf, settled, onX } = readBack(
    () => db,
    () => stack.emulators,
    () => accounts,
  );

  /** A client of the test's own that survives the restarts (it reconnects when asked again). */
  async function connect() {
    await db?.end().catch(() => undefined);
    db = new pg.Client({ connectionString: cluster.url('virality') });
    db.on('error', () => undefined);
    await db.connect();
  }

  beforeAll(async () => {
    cluster = await startPgCluster();
    bucket = await startBucket();
    const dbUrl = await cluster.createDatabase('virality');
    // each call to a network takes 300 ms: a batch is still being published when the database restarts
    stack = await startStack(dbUrl, bucket.url, { servers: 2, workers: 2, networkLatencyMs: 300 });
    await connect();
    token = (await signUp(stack.any)).token;
    accounts = [await linkX(stack.any, token, 0)];
    photo = await uploadPhoto(stack.any(), token);
  }, 240_000);

  afterAll(async () => {
    for (const w of stack?.workers ?? []) w.child.kill('SIGKILL');
    await db?.end().catch(() => undefined);
    await bucket?.close();
    cluster?.destroy();
  });

  /** Every process's /api/ready: the servers' and the workers' (at their METRICS_PORT). */
  const readiness = () =>
    Promise.all(
      [...stack.servers, ...stack.workerUrls].map((base) =>
        http(base, 'GET', '/api/ready').then(
          (r) => `${r.status} ${r.json?.message}`,
          (e: Error) => `no answer: ${e.message}`,
        ),
      ),
    );
  async function everyProcess(expected: string, timeoutMs: number) {
    const until = Date.now() + timeoutMs;
    let seen: string[] = [];
    while (Date.now() < until) {
      seen = await readiness();
      if (seen.every((s) => s === expected)) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`expected every process to answer ${expected}, got ${JSON.stringify(seen)}`);
  }

  /** Waits until some of the posts are published and some are not yet. */
  async function midway(prefix: string, count: number) {
    const until = Date.now() + 60_000;
    for (;;) {
      const states = (await targetsOf(prefix)).map((r) => r.state);
      const published = states.filter((s) => s === 'published').length;
      if (published > 0 && published < count) return;
      if (Date.now() > until || published === count) throw new Error(`never midway: ${JSON.stringify(states)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Schedules posts (at least ten minutes ahead, as the product asks) and moves the product's clock there: they are due at once. */
  async function dueNow(prefix: string, count: number): Promise<string[]> {
    const clock = await http(stack.any(), 'GET', '/sandbox/clock');
    const now = Date.parse(clock.json.response.now);
    const at = new Date((Math.floor(now / 60_000) + 12) * 60_000);
    const captions = Array.from({ length: count }, (_, i) => `${prefix} #${i}`);
    for (const caption of captions) {
      const sent = await http(stack.any(), 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: postBody(caption, photo, accounts, at),
      });
      expect(sent.status, sent.text).toBe(200);
    }
    // The emulators follow the product's clock by asking server 0 for it twice a second: a jump of ten minutes
    // seen by a worker before them would date a post on X ten minutes early, past the window in which the engine
    // looks for what an interrupted attempt sent. So the clock goes to a minute before the posts' time, the
    // emulators catch up, and only then does it go the last minute (within the engine's allowance for skew).
    const advance = async (seconds: number) => {
      const moved = await http(stack.servers[0], 'POST', '/sandbox/clock/advance', { body: { seconds } });
      expect(moved.status, moved.text).toBe(200);
    };
    const lastMinute = 61;
    await advance(Math.ceil((at.getTime() - now) / 1000) + 1 - lastMinute);
    await new Promise((r) => setTimeout(r, 1500));
    await advance(lastMinute);
    return captions;
  }

  it('restarted while due posts are published, then down for a while: every process reconnects, says 503 while it is down, and every post goes out once', async () => {
    await everyProcess('200 ready', 30_000);

    // a fast restart (every connection ended) while the workers publish a batch that just came due
    const first = await dueNow(`Restart ${randomBytes(3).toString('hex')}`, 12);
    await midway(first[0].replace(/ #0$/, ''), first.length);
    cluster.restart();
    await connect();

    // then the database is down: no process may take traffic, and each says why
    const second = await dueNow(`Down ${randomBytes(3).toString('hex')}`, 8);
    cluster.stop();
    await everyProcess('503 The database does not answer', 30_000);
    await new Promise((r) => setTimeout(r, 5000));
    cluster.start();
    await everyProcess('200 ready', 60_000);
    await connect();

    for (const captions of [first, second]) {
      const prefix = captions[0].replace(/ #0$/, '');
      const rows = await settled(prefix, captions.length, 150_000);
      expect(rows.filter((r) => r.state !== 'published')).toEqual([]);
      for (const caption of captions) expect(await onX(caption)).toEqual([1]);
    }

    // the same processes go on: a post sent now through any server is published once
    const caption = `After ${randomBytes(3).toString('hex')}`;
    const sent = await http(stack.any(), 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, photo, accounts),
    });
    expect(sent.status, sent.text).toBe(200);
    expect((await settled(caption, 1, 60_000))[0].state).toBe('published');
    expect(await onX(caption)).toEqual([1]);
  }, 420_000);
});
