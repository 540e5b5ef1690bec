// Makes and migrates a new embedded database in a process of its own (db/client.ts starts it), then ends.
// Creating the database costs the engine far more memory (a peak near 1 GB) than serving it; in a short-lived
// process all of it goes back to the system, instead of staying with the server, which then opens the
// finished database afresh. Plain JavaScript, so the same file runs beside the TypeScript sources and beside
// the compiled server (build.mjs copies it).
// Usage: node create-embedded.mjs <dir> <migrations folder> <setting>...
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dir, migrationsFolder, ...settings] = process.argv.slice(2);
const pglite = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...settings.flatMap((p) => ['-c', p])] });
try {
  await pglite.waitReady;
  await migrate(drizzle(pglite), { migrationsFolder });
} finally {
  await pglite.close();
}
