import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * One Vitest run for the whole repo: unit tests (domain, i18n, web components) and the server's
 * GraphQL integration tests. The server tests use PGlite in memory, or PostgreSQL when TEST_PG_URL
 * is set (each test file then gets its own fresh database).
 */
export default defineConfig({
  // mercurius loads graphql as CommonJS; make our imports use the same copy (one graphql realm).
  resolve: { alias: { graphql: require.resolve('graphql') } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/scripts/**/*.test.ts',
    ],
    setupFiles: ['apps/web/test-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
