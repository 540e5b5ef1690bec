// Makes and migrates a new embedded database (the product's tables and the job queue's) in a process of its own (db/client.ts starts it), then ends.
// Creating the database costs the engine far more memory (a peak near 1 GB) than serving it; in a short-lived
// process all of it goes back to the system, instead of staying with the server, which then opens the
// finished database afresh. Plain JavaScript, so the same file runs beside the TypeScript sources and beside
// the compiled server (build.mjs copies it).
// Usage: node create-embedded.mjs <dir> <migrations folder> <setting>...
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { fromPglite, PgBoss } from 'pg-boss';

const [dir, migrationsFolder, ...settings] = process.argv.slice(2);
// who is making this folder: a start that finds it left behind (its server was killed) stops this process first,
// instead of clearing a folder it still writes into
fs.writeFileSync(`${dir}.pid`, String(process.pid));
const pglite = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...settings.flatMap((p) => ['-c', p])] });
try {
  await pglite.waitReady;
  await migrate(drizzle(pglite), { migrationsFolder });
  // the job queue's tables too: made here, their cost leaves with this process (the server finds them made)
  const boss = new PgBoss({ db: fromPglite(pglite), backend: 'pglite', supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false });
} finally {
  await pglite.close();
}
