import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';
import { serviceWorker } from './scripts/service-worker';

/**
 * Where `npm run dev` forwards the server's own paths. Start that server with
 * PUBLIC_URL=http://localhost:5173 so sign-in and sign-out come back to the dev server.
 */
const API_ORIGIN = process.env.PORTAL_API_ORIGIN ?? 'http://localhost:3000';
const SERVER_PATHS = ['/api', '/auth', '/oidc', '/portalProperties', '/manifest.webmanifest', '/healthz'];
const REACT = /node_modules\/(react|react-dom|scheduler)\//;
const APOLLO = /node_modules\/(@apollo|graphql|optimism|@wry|zen-observable|zen-observable-ts|ts-invariant)\//;

export default defineConfig(({ command }) => ({
  plugins: [react(), serviceWorker(), precompress()],
  // Drops Apollo Client's development checks from the production bundle (its documented switch).
  define: command === 'build' ? { 'globalThis.__DEV__': JSON.stringify(false) } : {},
  server: {
    port: 5173,
    // The Host header is kept so the server's same-origin check accepts the dev origin.
    proxy: Object.fromEntries(SERVER_PATHS.map((p) => [p, { target: API_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: read by bench/src/web-initial-js.ts to size what /home loads first.
    manifest: true,
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Tiny shared chunks (a hook, a date formatter, a list item) are merged into a chunk loaded in like cases:
        // /home asked for 14 files, each one a <link rel=modulepreload> inserted and a request on a slow phone.
        experimentalMinChunkSize: 8_000,
        // Libraries every screen needs get their own long-cached chunks; screen code stays in its lazy chunk.
        manualChunks(id) {
          if (REACT.test(id)) return 'react';
          if (APOLLO.test(id)) return 'apollo';
        },
      },
    },
  },
}));
