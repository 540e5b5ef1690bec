import { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss } from 'pg-boss';
import { afterAll, beforeAll } from 'vitest';

/**
 * A pg-boss of its own for a test file, on an embedded database, with no supervision or schedules of its own (the
 * test drives them): `boss()` and `pglite()` once the file's setup has run.
 */
export function useTestBoss() {
  let pglite: PGlite | undefined;
  let boss: PgBoss | undefined;
  beforeAll(async () => {
    pglite = new PGlite();
    boss = new PgBoss({ db: fromPglite(pglite as never), backend: 'pglite', supervise: false, schedule: false });
    await boss.start();
  }, 60_000);
  afterAll(async () => {
    await boss?.stop({ graceful: false });
    await pglite?.close();
  });
  return { boss: () => boss!, pglite: () => pglite! };
}
