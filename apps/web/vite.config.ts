import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` forwards the server's own paths (the server must run on port 3000). */
const API_ORIGIN = process.env.PORTAL_API_ORIGIN ?? 'http://localhost:3000';
const SERVER_PATHS = ['/api', '/auth', '/oidc', '/portalProperties', '/healthz'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The Host header is kept so the server's same-origin check accepts the dev origin.
    proxy: Object.fromEntries(SERVER_PATHS.map((p) => [p, { target: API_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
