import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { smtpPort } from './mail-catcher.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** E2E_PORT lets two runs share a machine (default 3100). */
const port = Number(process.env.E2E_PORT ?? 3100);
/** Set E2E_BASE_URL to run against a portal that is already up; otherwise a fresh one starts here. */
const externalBaseUrl = process.env.E2E_BASE_URL;

/** Debian's `/usr/bin/<binary>`, never a downloaded browser. */
function chromium(binary: 'chromium' | 'chromium-headless-shell') {
  return {
    executablePath: `/usr/bin/${binary}`,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the real server on a
 * fresh embedded database. The runner builds the web app first: `npm run build -w apps/web`.
 */
export default defineConfig({
  testDir: './tests',
  // A real SMTP server receives the portal's mail (e2e/mail-catcher.ts); journeys read it with mailTo().
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // The journeys share the demo users (one of them changes its language): one worker keeps them apart.
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, '.reports/e2e.json') }]],
  use: {
    baseURL: externalBaseUrl ?? `http://localhost:${port}`,
    headless: true,
    locale: 'pt-BR',
    // A failed journey keeps a screenshot. Recording a trace (every action's DOM and network) costs every journey CPU
    // for the few that fail: E2E_TRACE=1 keeps the failures' traces, without the screencast's frames.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    // The portal's service worker (/sw-portal.js) would answer the app's files before page.route() sees them, and
    // precache the whole build in every journey: only installable.spec.ts, which tests it, allows it.
    serviceWorkers: 'block',
  },
  projects: [
    // Debian's headless shell: the same engine without the browser's window and its compositing, about a quarter less
    // CPU for the same journeys (decision 0049).
    { name: 'journeys', testIgnore: /installable\.spec/, use: { launchOptions: chromium('chromium-headless-shell') } },
    // The shell has no Push API: the journey of the installable portal and its pushes runs in the full Chromium.
    { name: 'push', testMatch: /installable\.spec/, use: { launchOptions: chromium('chromium') } },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        // What `npm start` runs (decisions 0045, 0056): the journeys test the bundle a newcomer starts. `npm run build` first.
        command: 'node --heap-growing-percent=40 apps/server/dist/main.js',
        cwd: repoRoot,
        env: {
          PORT: String(port),
          // A new directory per run: every run starts from the demo seed. The config is also
          // loaded by each worker, so the name is only computed here, never created.
          DATA_DIR: path.join(os.tmpdir(), `portal-e2e-${Date.now()}-${process.pid}`),
          LOG_LEVEL: 'warn',
          // Journeys of scheduled sends move the server's business clock (POST /api/dev/clock).
          DEV_CLOCK: 'true',
          SCHEDULE_SWEEP_MS: '1000',
          ...(externalBaseUrl ? {} : { SMTP_URL: `smtp://127.0.0.1:${smtpPort(port)}` }),
        },
        url: `http://localhost:${port}/readyz`,
        reuseExistingServer: false,
        timeout: 120_000,
      },
});
