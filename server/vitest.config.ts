import { defineConfig } from 'vitest/config';

// Cheap password hashes under test (src/lib/password.ts), set here so that both this process
// (globalSetup seeds the demo accounts into the template) and the test workers see it.
process.env.PORTAL_PASSWORD_HASH_COST = 'test';

// API tests run against a real database: an in-memory PGlite per test file (loaded from a
// migrated and seeded template made once in globalSetup), or with DATABASE_URL a fresh
// PostgreSQL database per test file cloned from a migrated and seeded template database.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    pool: 'forks',
    // Each worker imports the server's modules once for all its files (each file still builds
    // its own app on its own database; no test mocks modules): about half the suite's CPU.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
