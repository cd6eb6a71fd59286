import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * One Vitest run for the whole repo, in two projects: the server's tests (units and GraphQL integration) and
 * the other units (domain, i18n, web components). The server tests use PGlite in memory, or PostgreSQL when TEST_PG_URL
 * is set (each test file then gets its own fresh database).
 */
export default defineConfig({
  // mercurius loads graphql as CommonJS; make our imports use the same copy (one graphql realm).
  resolve: { alias: { graphql: require.resolve('graphql') } },
  test: {
    setupFiles: ['apps/web/test-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Test files share their process (server, one per fork) or thread (units): each would otherwise load the whole
    // server (about 3 s), or React and MUI, anew. Every server file starts and stops its own portals; each web file
    // still gets a new document (apps/web/test-setup.ts points the libraries at it); none changes what another reads.
    poolOptions: {
      forks: { maxForks: 2, minForks: 1, isolate: false },
      threads: { maxThreads: 2, minThreads: 1, isolate: false },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'units',
          pool: 'threads',
          // DOMPurify binds the window it is loaded in: run as one of the portal's modules, it is loaded anew with each
          // file's (apps/web/test-setup.ts).
          server: { deps: { inline: ['dompurify'] } },
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/scripts/**/*.test.ts'],
        },
      },
    ],
  },
});
