import { type Clock as BossClock, systemClock } from 'pg-boss';
import type { Clock } from '../clock';
import type { TSqlExecutor } from '../lib/unit-of-work';

/** The setting that makes a session read the product's time in `job_now()` (pg-boss's own opt-in). */
export const PRODUCT_TIME_SETTING = 'pgboss.test_clock';

/**
 * The product's clock as pg-boss's clock, for when that clock can move (the sandbox, tests).
 *
 * pg-boss reads "now" in SQL through `<schema>.job_now()`. Installed, job_now() is the database's time plus
 * the product clock's offset (kept in `<schema>.product_clock`) in every session that opted in (pg-boss's
 * connections, opted in when they connect; all of the embedded database): a job due at a moment of the
 * product's clock runs when that clock reaches it, cron schedules and retries follow it, and moving the
 * clock moves them all at once. In JavaScript pg-boss reads `now()`; its timers stay real (the product's
 * time runs at the real rate between moves). `sync()` writes the offset when it changed (the container
 * calls it on a timer when the clock is shared, and before running due jobs in tests).
 *
 * The function is left installed when pg-boss stops: another process on the same database may still read
 * it, and a session that did not opt in (any other program) still reads the plain time.
 */
export function productBossClock(clock: Clock) {
  let db: TSqlExecutor | null = null;
  let table = '';
  let written: number | null = null;
  const sync = async () => {
    if (!db) return;
    const offset = Math.round(clock.offset);
    if (offset === written) return;
    await db.executeSql(`UPDATE ${table} SET offset_ms = $1`, [offset]);
    written = offset;
  };
  const bossClock: BossClock = {
    now: () => clock.nowMs(),
    setTimeout: systemClock.setTimeout,
    clearTimeout: systemClock.clearTimeout,
    setInterval: systemClock.setInterval,
    clearInterval: systemClock.clearInterval,
  };
  return {
    bossClock,
    /** Installs the product's time in pg-boss's schema (after pg-boss has made it). */
    async install(through: TSqlExecutor, schema: string) {
      table = `${schema}.product_clock`;
      await through.executeSql(`
        CREATE TABLE IF NOT EXISTS ${table} (offset_ms bigint NOT NULL);
        INSERT INTO ${table} (offset_ms) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM ${table});
        CREATE OR REPLACE FUNCTION ${schema}.job_now() RETURNS timestamp with time zone AS
        $$
          SELECT COALESCE(CASE WHEN current_setting('${PRODUCT_TIME_SETTING}', true) = 'on'
            THEN pg_catalog.now() + (SELECT c.offset_ms FROM ${table} c LIMIT 1) * interval '1 millisecond' END,
            pg_catalog.now());
        $$
        LANGUAGE sql STABLE;
      `);
      db = through;
      written = null;
      await sync();
    },
    sync,
  };
}
export type TProductBossClock = ReturnType<typeof productBossClock>;
