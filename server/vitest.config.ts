import { defineConfig } from 'vitest/config';

// API tests run against a real database: an in-memory PGlite per test file (loaded from a
// migrated template made once in globalSetup), or with DATABASE_URL a fresh PostgreSQL
// database per test file cloned from a migrated template database.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
