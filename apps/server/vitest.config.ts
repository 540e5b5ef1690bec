import { defineConfig } from 'vitest/config';

// Each test file gets its own database, so files run in parallel in separate processes.
// TEST_DB=postgres (with TEST_DATABASE_URL) switches the suite from PGlite to PostgreSQL.
// Files of one worker share its loaded modules (isolate: false): each file builds its own app, database, clock
// and emulators, so nothing of a test lives in a module; loading the app's module graph once per worker instead of
// once per file halves the suite's CPU time.
// The tests that measure the process's own memory run in a fresh process each (isolate: true): they force a full
// collection every 100 ms, and in a worker that already holds the heaps of the files before them each collection
// costs many times more (a 1 GB upload that takes 18 s alone took 260-340 s there, past its time limit).
const MEMORY_TESTS = ['src/integrations/networks/big-upload.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Two cores: files wait on the database and on argon2 in native threads, so two workers keep both busy with the
    // embedded database (it runs in the worker). On PostgreSQL a worker also waits on the server's answers: a third
    // keeps the cores busy (the suite took 291 s with two, 238 s with three, and no less with four).
    maxWorkers: process.env.TEST_DB === 'postgres' ? 3 : 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'server', include: ['src/**/*.test.ts'], exclude: MEMORY_TESTS, isolate: false } },
      { extends: true, test: { name: 'memory', include: MEMORY_TESTS, isolate: true } },
    ],
  },
});
