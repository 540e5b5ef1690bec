import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, openDatabase } from '../db/client';

/** What the migrations folder holds: a new or changed migration names a new template. */
export function migrationsKey(): string {
  const h = createHash('sha256');
  const files = (fs.readdirSync(MIGRATIONS_DIR, { recursive: true }) as string[]).sort();
  for (const name of files) {
    const file = path.join(MIGRATIONS_DIR, name);
    if (!fs.statSync(file).isFile()) continue;
    h.update(name).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

let memo: Promise<Blob> | null = null;

/**
 * An embedded database with every migration applied, as a data-folder tarball. Making an empty one (initdb)
 * takes seconds; a test's database starts as a copy of this one instead. It is made once and kept in the temp
 * folder under the migrations' hash, so the test files of a run (and the next runs) share it; two processes
 * making it at once each write their own file and rename it into place.
 */
export function migratedTemplate(): Promise<Blob> {
  memo ??= (async () => {
    const file = path.join(os.tmpdir(), `virality-pglite-template-${migrationsKey()}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({ dataDir: null });
    try {
      await database.migrate();
      const dump = await database.pglite!.dumpDataDir('none');
      const bytes = Buffer.from(await dump.arrayBuffer());
      const temp = `${file}.${process.pid}-${Date.now()}`;
      fs.writeFileSync(temp, bytes);
      fs.renameSync(temp, file);
      return new Blob([bytes]);
    } finally {
      await database.close();
    }
  })();
  return memo;
}
