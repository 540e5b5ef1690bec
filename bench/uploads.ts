/**
 * Upload memory benchmark: the compiled server (as `npm start` runs it, on a scratch PostgreSQL database) takes
 * BENCH_UPLOADS uploads of BENCH_UPLOAD_MB MB at once (8 of 99 MB by default); prints its resident memory idle
 * and at its peak during the uploads, and writes bench/results/uploads.json. Exits 1 when the peak is more than
 * 100 MB above idle or an upload was not stored (the same check the server's upload memory test makes).
 *
 * Run: npm run bench:uploads   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import fs from 'node:fs';
import path from 'node:path';
import { measureUploadMemory } from '../apps/server/src/modules/media/upload-memory';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 8);
const MB_EACH = Number(process.env.BENCH_UPLOAD_MB ?? 99);
const BUDGET_MB = 100;

const t0 = Date.now();
const m = await measureUploadMemory({
  databaseUrl: BASE_URL,
  uploads: UPLOADS,
  mbEach: MB_EACH,
  log: (line) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${line}`),
});
const stored = m.statuses.filter((s) => s === 200).length;
console.log(`idle RSS: ${m.idleMb} MB`);
console.log(`peak RSS: ${m.peakMb} MB (+${m.riseMb} MB; budget +${BUDGET_MB} MB)`);
console.log(`${stored} of ${m.uploads} uploads of ${m.mbEach} MB stored in ${m.seconds} s`);
const result = { measuredAt: new Date().toISOString(), budgetMb: BUDGET_MB, ...m };
fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'uploads.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('written to bench/results/uploads.json');
if (m.riseMb > BUDGET_MB || stored !== m.uploads) {
  console.log('FAILED: over the memory budget, or an upload was not stored');
  process.exit(1);
}
