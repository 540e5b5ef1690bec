import { describe, expect, it } from 'vitest';
import { measureUploadMemory } from './upload-memory';

/**
 * Uploads are streamed to disk as they arrive: the compiled server taking 8 uploads of 99 MB at once stays
 * within 100 MB of its idle memory. Runs on PostgreSQL (it makes a scratch database there), once per test run.
 */
const databaseUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!databaseUrl)('the server’s memory under large uploads', () => {
  it('8 parallel 99 MB uploads keep the server within 100 MB of its idle memory', async () => {
    const m = await measureUploadMemory({ databaseUrl: databaseUrl!, uploads: 8, mbEach: 99 });
    console.log(
      `upload memory: idle ${m.idleMb} MB, peak ${m.peakMb} MB (+${m.riseMb} MB) during ${m.uploads} parallel uploads of ${m.mbEach} MB (${m.seconds} s)`,
    );
    expect(m.statuses).toEqual(Array.from({ length: 8 }, () => 200));
    expect(m.riseMb).toBeLessThanOrEqual(100);
  }, 300_000);
});
