/**
 * Crash test of withdrawals: every payout is paid exactly once, and every payout PayPal refuses puts its money back
 * once, while the worker processes that send payouts are killed (SIGKILL) at random moments and PayPal's answers are
 * lost or fail.
 *
 * Runs the product as `npm start` builds it, on a fresh PostgreSQL database: the compiled server (WORKERS=off,
 * SANDBOX=on, its PayPal emulator) and CHAOS_PAYOUT_WORKERS worker processes. A brand runs a campaign and tags
 * influencers, who accept; the brand pays each one through the emulator's approval page (the money reaches their
 * wallets through the product's own capture). Then every influencer asks for several withdrawals at once (a few to
 * PayPal accounts that refuse them), while PayPal is told to lose answers and fail calls, answers each call 1.5 s after it took effect,
 * and a random worker is killed every 0.2–0.9 s. The product clock moves on until every payout is final. Then the database and the emulator are
 * compared: each payout is one PayPal batch (its sender_batch_id), paid payouts are completed, refused ones are back
 * in the wallet, every wallet equals its ledger entries and what it was paid less what was withdrawn, and every
 * movement's entries sum to zero.
 *
 * Ends with `N passed, N failed` (its checks) and exits 1 when any check failed.
 *
 * Run: npm run test:chaos-payouts
 *   CHAOS_DATABASE_URL        PostgreSQL to create the run's database in (else TEST_DATABASE_URL's server)
 *   CHAOS_PAYOUT_INFLUENCERS  influencers (12), each paid $60 and asking for 3 withdrawals
 *   CHAOS_PAYOUT_WORKERS      worker processes kept alive (2)
 *   CHAOS_PAYOUT_KILLS        workers killed at most (16)
 *   CHAOS_TIMEOUT_S           how long payouts may take to become final (300)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  advanceClock,
  CHAOS_BASE_URL as BASE_URL,
  buildAsNpmStart,
  createScratchDatabase,
  envNumber,
  killProcess,
  pool,
  sandboxEnv,
  startProcess,
  stopAll,
  type TLiveProcess,
} from './live-stack';
import { freePort, httpCall as http, type TJson } from './over-the-wire';

const INFLUENCERS = Math.max(2, Math.floor(envNumber('CHAOS_PAYOUT_INFLUENCERS', 12)));
const WORKERS = Math.max(1, Math.floor(envNumber('CHAOS_PAYOUT_WORKERS', 2)));
const MAX_KILLS = Math.floor(envNumber('CHAOS_PAYOUT_KILLS', 16));
const TIMEOUT_MS = envNumber('CHAOS_TIMEOUT_S', 300) * 1000;
/** What the brand pays each influencer, and the withdrawals each asks for (in cents; they sum to less than it). */
const PAID_MINOR = 6000;
const WITHDRAWALS_MINOR = [1000, 1500, 2250];
/** Every this-many-th influencer's PayPal account refuses payouts (the emulator's "fail" receivers). */
const REFUSING_EVERY = 4;
/** How long the emulator takes to answer a call that took effect while the withdrawals are sent. */
const SLOW_MS = 1500;
/** Payouts PayPal makes whose answer it then loses (the worker hears a 504). */
const LOST_PAYOUT_ANSWERS = 8;

type TCheck = { name: string; ok: boolean; detail: string };

async function api(base: string, method: 'GET' | 'POST' | 'PUT', p: string, token: string, body?: unknown): Promise<TJson> {
  const res = await http(base, method, `/api/${p}`, { token, body });
  if (res.status !== 200) throw new Error(`${method} /api/${p} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.json.response;
}

const refuses = (i: number) => i % REFUSING_EVERY === REFUSING_EVERY - 1;

/** Makes the brand and the influencers through the product's own services (as the publishing chaos test does). */
async function makeUsers(env: Record<string, string>, dbUrl: string, runId: string) {
  const { loadConfig } = await import('../config');
  const { openDatabase } = await import('../db/client');
  const { createContainer } = await import('../container');
  const database = await openDatabase({ databaseUrl: dbUrl });
  const container = await createContainer({ config: loadConfig({ ...env, LOG_LEVEL: 'silent' }), database, logger: false });
  const make = async (profileType: 'BRANDS' | 'INFLUENCER', label: string, paypalId: string | null = null) => {
    const slug = label.replace(/\W+/g, '-').toLowerCase();
    const row = await container.services.users.createAccount({
      email: `${slug}@example.com`,
      paypalId,
      emailVerified: true,
      passwordHash: null,
      profileType,
      authType: 'LOCAL',
      profileCompleted: true,
      name: label,
      userName: label.replace(/\W/g, '').toLowerCase(),
      userNameLower: label.replace(/\W/g, '').toLowerCase(),
    } as never);
    return { id: row.id as string, token: (await container.services.auth.issueSession(row)).accessToken as string };
  };
  try {
    const brand = await make('BRANDS', `Brand ${runId}`);
    const influencers = [];
    // every REFUSING_EVERY-th one's PayPal account refuses payouts (the emulator's "fail" receivers)
    for (let i = 0; i < INFLUENCERS; i++)
      influencers.push(
        await make(
          'INFLUENCER',
          `Payee ${i} ${runId}`,
          refuses(i) ? `fail-payee-${i}-${runId}@example.com` : `payee-${i}-${runId}@example.com`,
        ),
      );
    return { brand, influencers };
  } finally {
    await container.close();
    await database.close();
  }
}

/** The brand pays an influencer: an order, the emulator's approval page, the capture. */
async function pay(base: string, brandToken: string, campaignId: string, influencerId: string): Promise<void> {
  const order = await api(base, 'POST', 'payments/createOrder', brandToken, {
    campaignId,
    influencerId,
    amount: (PAID_MINOR / 100).toFixed(2),
  });
  const approve = new URL(order.approveUrl);
  const form = new URLSearchParams({ token: order.orderId, email: 'brand-payer@example.com', action: 'pay' });
  const approved = await http(approve.origin, 'POST', '/sandbox/paypal/checkoutnow', { form });
  if (approved.status !== 303) throw new Error(`the approval page answered ${approved.status}`);
  const captured = await api(base, 'POST', 'payments/paycapture', brandToken, { orderId: order.orderId });
  if (captured.paymentStatus !== 'COMPLETED') throw new Error(`the capture is ${captured.paymentStatus}`);
}

async function main(): Promise<{ passed: number; failed: number }> {
  const t0 = Date.now();
  const step = (what: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${what}`);
  const runId = randomBytes(3).toString('hex');
  console.log(
    `chaos-payouts: ${INFLUENCERS} influencers × ${WITHDRAWALS_MINOR.length} withdrawals, ${WORKERS} workers, at most ${MAX_KILLS} kills`,
  );
  step('building (as npm start does)');
  buildAsNpmStart();
  const scratch = await createScratchDatabase(BASE_URL, 'virality_payouts');
  const db = new pg.Client({ connectionString: scratch.url });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-payouts-'));
  const procs: TLiveProcess[] = [];
  let errorCount = 0;
  const errorKinds = new Map<string, number>();
  const onError = (entry: string, chunk: string) => {
    for (const line of chunk.split('\n').filter((l) => /"level":(50|60)/.test(l))) {
      errorCount++;
      let what = line.slice(0, 160);
      try {
        const j = JSON.parse(line);
        what = `${j.msg ?? ''}: ${String(j.err?.message ?? '')
          .split('\n')[0]
          .slice(0, 120)}`;
      } catch {}
      errorKinds.set(`[${entry}] ${what}`, (errorKinds.get(`[${entry}] ${what}`) ?? 0) + 1);
    }
  };
  let stopping = false;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = sandboxEnv({ dbUrl: scratch.url, port, dataDir, benchProfiles: 1, extra: { WORKERS: 'off' } });
    const logDir = path.join(dataDir, 'logs');
    fs.mkdirSync(logDir);
    let workerSeq = 0;
    const startWorker = () =>
      startProcess('worker', env, { registry: procs, onError, logFile: path.join(logDir, `worker-${++workerSeq}.log`) });
    step('starting the server');
    await startProcess('main', env, { registry: procs, onError });
    await db.connect();
    const { brand, influencers } = await makeUsers(env, scratch.url, runId);

    step('a campaign, tagged influencers who accept, and a payment to each (workers up)');
    for (let w = 0; w < WORKERS; w++) await startWorker();
    const today = new Date((await http(base, 'GET', '/sandbox/clock')).json.response.now).toISOString().slice(0, 10);
    const campaign = await api(base, 'POST', 'campaigns/create', brand.token, {
      name: `Payout chaos ${runId}`,
      brief: 'Paid posts, then withdrawals while workers die.',
      budget: ((PAID_MINOR * INFLUENCERS) / 100).toFixed(2),
      startDate: today,
      endDate: today,
      influencerIds: influencers.map((i) => i.id),
    });
    await pool(influencers, 4, (inf) => api(base, 'POST', `campaigns/${campaign._id}/respond`, inf.token, { accept: true }));
    await pool(influencers, 3, (inf) => pay(base, brand.token, campaign._id, inf.id));
    const walletOf = async () =>
      new Map(
        (await db.query('SELECT id, wallet_minor FROM users WHERE id = ANY($1)', [influencers.map((i) => i.id)])).rows.map(
          (r) => [r.id as string, Number(r.wallet_minor)],
        ),
      );
    const before = await walletOf();

    step('withdrawals at once, PayPal losing answers and failing, workers killed');
    const control = (body: TJson) => http(base, 'POST', '/sandbox/paypal/_control', { body });
    // PayPal answers each call SLOW_MS after it took effect: a worker killed meanwhile made the batch but never heard
    await control({ lose_answers: 4, fail: 6, lose_payout_answers: LOST_PAYOUT_ANSWERS, latency_ms: SLOW_MS });
    let kills = 0;
    let sending = true;
    const killer = (async () => {
      while (sending && !stopping && kills < MAX_KILLS) {
        await new Promise((r) => setTimeout(r, 200 + Math.random() * 700));
        const alive = procs.filter((p) => p.entry === 'worker' && p.ready);
        if (!alive.length || !sending) continue;
        const victim = alive[Math.floor(Math.random() * alive.length)];
        await killProcess(victim);
        kills++;
        if (kills % 4 === 0) await control({ lose_answers: 2, fail: 2 });
        await startWorker().catch((err) => console.error(`a worker did not start: ${(err as Error).message.slice(0, 200)}`));
      }
    })();
    const asked = await pool(
      influencers.flatMap((inf) => WITHDRAWALS_MINOR.map((m) => ({ inf, m }))),
      6,
      async ({ inf, m }) => {
        const res = await http(base, 'POST', '/api/payments/payout', {
          token: inf.token,
          body: { amount: (m / 100).toFixed(2) },
        });
        return { inf: inf.id, minor: m, status: res.status, id: res.json?.response?._id as string | undefined };
      },
    );
    const refusedAsks = asked.filter((a) => a.status !== 200);

    step('moving the product clock until every payout is final');
    const deadline = Date.now() + TIMEOUT_MS;
    let pending = Number.POSITIVE_INFINITY;
    while (Date.now() < deadline) {
      pending = Number((await db.query("SELECT count(*) AS n FROM payouts WHERE status = 'PENDING'")).rows[0].n);
      if (pending === 0) break;
      await advanceClock(base, 70);
      await new Promise((r) => setTimeout(r, 2000));
    }
    sending = false;
    await killer;
    const left = (await control({})).json?.pending ?? {};
    await control({ clear: true });

    step('comparing the database, the ledger and the emulator');
    const payouts = (await db.query('SELECT id, user_id, amount_minor, status, receiver FROM payouts')).rows as TJson[];
    const batches = (
      await db.query(
        "SELECT value -> 'batch_header' -> 'sender_batch_header' ->> 'sender_batch_id' AS sender, value -> 'itemIds' AS items FROM app_settings WHERE key LIKE 'sandbox_paypal:batch:%'",
      )
    ).rows as TJson[];
    const batchCount = new Map<string, number>();
    for (const b of batches) batchCount.set(b.sender, (batchCount.get(b.sender) ?? 0) + 1);
    const paidItems = (
      await db.query(
        "SELECT value -> 'item' -> 'payout_item' ->> 'sender_item_id' AS sender, value -> 'item' ->> 'transaction_status' AS status FROM app_settings WHERE key LIKE 'sandbox_paypal:item:%'",
      )
    ).rows as TJson[];
    const successCount = new Map<string, number>();
    for (const it of paidItems) if (it.status === 'SUCCESS') successCount.set(it.sender, (successCount.get(it.sender) ?? 0) + 1);

    const after = await walletOf();
    // sends that took effect at PayPal while the worker never heard: answers lost (a 504 the job failed with), and
    // sends PayPal refused as a repeat of a batch it had (sent before by a worker that was killed or lost the answer).
    // Either way the payout must end once: settled from PayPal's webhook or read, or sent again and found.
    let sentAgain = 0;
    let lostAnswers = 0;
    for (const f of fs.readdirSync(logDir))
      for (const line of fs.readFileSync(path.join(logDir, f), 'utf8').split('\n')) {
        if (line.includes('"msg":"money: payout sent"') && line.includes('"again":true')) sentAgain++;
        if (line.includes('"queue":"payout-send"') && line.includes('PayPal answered 504')) lostAnswers++;
      }
    const checks: TCheck[] = [];
    const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
    const accepted = asked.filter((a) => a.status === 200);
    check(
      'every withdrawal within the balance was taken',
      refusedAsks.length === 0 && accepted.length === payouts.length,
      `${accepted.length} taken, ${refusedAsks.length} refused (${refusedAsks
        .slice(0, 3)
        .map((a) => a.status)
        .join(', ')}), ${payouts.length} payouts recorded`,
    );
    check('every payout is final', pending === 0, `${pending} still pending`);
    const lostMade = LOST_PAYOUT_ANSWERS - Number(left.lose_payout_answers ?? LOST_PAYOUT_ANSWERS);
    check(
      'the hard case happened: payouts made at PayPal whose answer the worker never had',
      lostMade === LOST_PAYOUT_ANSWERS,
      `${lostMade} of ${LOST_PAYOUT_ANSWERS} answers lost (${lostAnswers} seen by a living worker), ${sentAgain} sends found their batch already made`,
    );
    const notOne = payouts.filter((p) => batchCount.get(p.id) !== 1);
    const strays = [...batchCount.keys()].filter((s) => !payouts.some((p) => p.id === s));
    check(
      'each payout is one PayPal batch (its own sender_batch_id)',
      notOne.length === 0 && strays.length === 0,
      `${notOne.length} payouts without exactly one batch, ${strays.length} batches of no payout`,
    );
    const paidTwice = payouts.filter((p) => (successCount.get(p.id) ?? 0) > 1);
    check('no payout paid twice', paidTwice.length === 0, `${paidTwice.length} paid more than once`);
    const wrong = payouts.filter((p) => {
      const refused = String(p.receiver).startsWith('fail-');
      const paid = successCount.get(p.id) ?? 0;
      return refused ? p.status !== 'FAILED' || paid !== 0 : p.status !== 'COMPLETED' || paid !== 1;
    });
    check(
      'paid payouts are completed; refused ones failed',
      wrong.length === 0,
      `${payouts.filter((p) => p.status === 'COMPLETED').length} completed, ${payouts.filter((p) => p.status === 'FAILED').length} failed, ${wrong.length} wrong`,
    );
    const walletWrong = influencers.filter((inf) => {
      const out = payouts
        .filter((p) => p.user_id === inf.id && p.status === 'COMPLETED')
        .reduce((s, p) => s + Number(p.amount_minor), 0);
      return after.get(inf.id) !== (before.get(inf.id) ?? 0) - out;
    });
    check(
      'each wallet is what it was paid less what was paid out',
      walletWrong.length === 0,
      `${walletWrong.length} wallets off (paid ${PAID_MINOR} each before the withdrawals)`,
    );
    const unbalanced = Number(
      (
        await db.query(
          'SELECT count(*) AS n FROM (SELECT movement_id FROM ledger_entries GROUP BY movement_id HAVING sum(amount_minor) <> 0) m',
        )
      ).rows[0].n,
    );
    check('every ledger movement sums to zero', unbalanced === 0, `${unbalanced} unbalanced`);
    const offLedger = Number(
      (
        await db.query(
          `SELECT count(*) AS n FROM users u
           WHERE u.wallet_minor <> coalesce((SELECT sum(e.amount_minor) FROM ledger_entries e WHERE e.account = 'wallet:' || u.id), 0)`,
        )
      ).rows[0].n,
    );
    check('every wallet equals its ledger entries', offLedger === 0, `${offLedger} wallets differ`);
    const movements = (await db.query('SELECT kind, ref_id FROM ledger_movements')).rows as TJson[];
    const count = (kind: string, id: string) => movements.filter((m) => m.kind === kind && m.ref_id === id).length;
    const badMoves = payouts.filter(
      (p) =>
        count('payout_hold', p.id) !== 1 ||
        count('payout_paid', p.id) !== (p.status === 'COMPLETED' ? 1 : 0) ||
        count('payout_return', p.id) !== (p.status === 'FAILED' ? 1 : 0),
    );
    check('each payout moved its money once (held, then paid or returned)', badMoves.length === 0, `${badMoves.length} wrong`);

    console.log('  figures:');
    console.log(`    payouts         ${payouts.length} (${accepted.length} asked and taken)`);
    console.log(`    workers killed  ${kills}`);
    console.log(`    answers lost    ${lostAnswers} (the payout made, the worker not told)`);
    console.log(`    sent again      ${sentAgain} (PayPal already had the batch)`);
    console.log(`    run time        ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    if (errorCount) {
      console.log(`  process errors logged: ${errorCount}`);
      for (const [k, n] of [...errorKinds].sort((x, y) => y[1] - x[1]).slice(0, 8))
        console.log(`    ${String(n).padStart(4)}  ${k}`);
    }
    console.log('  checks:');
    for (const c of checks) console.log(`    ${c.ok ? '✓' : '✗'} ${c.name} (${c.detail})`);
    const failed = checks.filter((c) => !c.ok).length;
    return { passed: checks.length - failed, failed };
  } finally {
    stopping = true;
    await stopAll(procs, 2000);
    await db.end().catch(() => undefined);
    await scratch.drop();
    if (process.env.CHAOS_KEEP_LOGS) console.log(`logs kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  ({ passed, failed }) => {
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  },
  (err) => {
    console.error(err);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
