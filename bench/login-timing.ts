/**
 * Login timing: what a failed login costs when the address is unknown, when the password is wrong,
 * and when the account has no password (Google). An attacker who could tell them apart by time could
 * list who has an account; the figures should be alike. Each case uses fresh accounts, so the
 * per-account lock never answers early. Prints the medians and writes bench/results/login-timing.json.
 * Run: npm run bench:login-timing   (embedded database, nothing to set up)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

const N = Number(process.env.BENCH_LOGINS ?? 30);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function main() {
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `bench-${randomBytes(4).toString('hex')}`),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    SANDBOX: 'true',
  });
  const { app, services } = await buildApp({ config, database, logger: false });
  await app.ready();
  const passwordHash = await hash('Passw0rd!');
  const time = async (emailPhone: string) => {
    const t0 = process.hrtime.bigint();
    const res = await app.inject({ method: 'POST', url: '/api/user/userLogin', payload: { emailPhone, password: 'Wr0ng!pass' } });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode} for ${emailPhone}`);
    return ms;
  };
  const cases: Record<string, number[]> = { 'unknown address': [], 'wrong password': [], 'Google account (no password)': [] };
  try {
    for (let i = 0; i < N; i++) {
      const known = `known${i}@bench.example`;
      const google = `google${i}@bench.example`;
      await services.users.createAccount({
        email: known,
        emailVerified: true,
        passwordHash,
        profileType: 'INFLUENCER',
        authType: 'LOCAL',
      });
      await services.users.createAccount({
        email: google,
        emailVerified: true,
        googleSub: `g-${i}`,
        profileType: 'INFLUENCER',
        authType: 'GOOGLE',
      });
      // interleaved, so that a slow moment of the machine falls on every case alike
      cases['unknown address'].push(await time(`nobody${i}@bench.example`));
      cases['wrong password'].push(await time(known));
      cases['Google account (no password)'].push(await time(google));
    }
    const results = Object.entries(cases).map(([title, xs]) => ({
      title,
      logins: xs.length,
      medianMs: Number(median(xs).toFixed(1)),
    }));
    for (const r of results) console.log(`failed login, ${r.title}: median ${r.medianMs} ms over ${r.logins}`);
    const out = { at: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, results };
    fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    fs.writeFileSync(path.join(import.meta.dirname, 'results', 'login-timing.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.log('written bench/results/login-timing.json');
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
