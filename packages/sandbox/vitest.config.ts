import { defineConfig } from 'vitest/config';

// The stand-ins' own tests: the parts that need no database and no product (Stripe's form encoding, Web Push
// encryption, the networks' emulators on their own). The emulators driven by the product's adapters and the whole
// app are tested in apps/server.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
