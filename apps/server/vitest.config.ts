import { defineConfig } from 'vitest/config';

// Each test file gets its own database, so files run in parallel in separate processes.
// TEST_DB=postgres (with TEST_DATABASE_URL) switches the suite from PGlite to PostgreSQL.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    // Two cores: files wait on the database and on argon2 in native threads, so two workers keep both busy.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
