/**
 * Account probing by time: the forgot-password form must answer a known and an unknown e-mail in the same time
 * (the lookup, the token and the mail run in a job: apps/server/src/platform/auth/password-reset.ts). Posts the
 * provider's form in pairs of alternating order (known first, then unknown first) and prints the median of the
 * pair differences beside its budget; the load of the machine and of the jobs meanwhile falls on both sides alike.
 * Before the job, a known address answered 6 to 20 ms slower.
 *
 * The portal runs in this process on PGlite in memory with the demo seed (no mail server: mails stay queued).
 *
 *   npm run bench:recovery -w bench
 *   BENCH_RECOVERY_PAIRS=200 npm run bench:recovery -w bench
 */
import { loginTentativa } from '../../apps/server/src/platform/auth/auth.tables.js';
import { startTestPortal } from '../../apps/server/test/harness.js';
import { recordFigure } from './results.js';

const PAIRS = Number(process.env.BENCH_RECOVERY_PAIRS ?? 60);
const BUDGET_MS = 5;
const KNOWN = 'admin@portal.demo';
const UNKNOWN = 'nobody-at-all@portal.demo';

async function main() {
  const portal = await startTestPortal();
  try {
    const bodies = new Set<string>();
    const timed = async (email: string) => {
      // Within the limits every time, so both go the whole way (count, queue, answer).
      await portal.services.db.delete(loginTentativa);
      const started = performance.now();
      const res = await fetch(`${portal.baseUrl}/oidc/forgot`, {
        method: 'POST',
        body: new URLSearchParams({ email }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      bodies.add(await res.text());
      if (res.status !== 200) throw new Error(`POST /oidc/forgot answered ${res.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 10; i++) await timed(i % 2 ? KNOWN : UNKNOWN); // warm-up
    const differences: number[] = [];
    for (let i = 0; i < PAIRS * 2; i++) {
      if (i % 2 === 0) {
        const known = await timed(KNOWN);
        differences.push(known - (await timed(UNKNOWN)));
      } else {
        const unknown = await timed(UNKNOWN);
        differences.push((await timed(KNOWN)) - unknown);
      }
    }
    const sorted = [...differences].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const met = Math.abs(median) < BUDGET_MS;
    recordFigure({
      figure: 'forgot password: known minus unknown e-mail, median answer time',
      budget: `< ${BUDGET_MS} ms either way`,
      backend: 'pglite',
      value: Math.round(median * 100) / 100,
      unit: 'ms',
      size: `${sorted.length} pairs`,
      met,
    });
    console.log(`forgot password, known - unknown e-mail, median of ${sorted.length} pairs (PGlite)`);
    console.log(`  ${median.toFixed(2)} ms   budget |x| < ${BUDGET_MS} ms   ${met ? 'met' : 'NOT MET'}`);
    console.log(`  same page for both: ${bodies.size === 1 ? 'yes' : 'NO'}`);
    if (!met || bodies.size !== 1) process.exitCode = 1;
  } finally {
    await portal.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
