// Sums the runners' results (Vitest and Playwright JSON reports) and the one-shot checks (lint,
// type check, drift, build) into the last line CI reads: "N passed, N failed". Exit 1 on any failure.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

for (const [file, label] of [
  ['.reports/vitest-pglite.json', 'vitest (PGlite)'],
  ['.reports/vitest-postgres.json', 'vitest (PostgreSQL)'],
]) {
  const r = read(file);
  if (!r) continue;
  const failedHere = r.numFailedTests + (r.numRuntimeErrorTests ?? 0) + (r.success || r.numFailedTests ? 0 : 1);
  passed += r.numPassedTests;
  failed += failedHere;
  console.log(`${label}: ${r.numPassedTests} passed, ${failedHere} failed`);
  if (!r.success && !r.numFailedTests)
    console.log('  FAILED: errors outside the tests (unhandled errors: see the run above)');
  // Name every failure here, next to the totals: CI keeps only the tail of the output.
  for (const file of r.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const reason = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 200);
      console.log(`  FAILED ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}: ${reason}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).length) {
      console.log(`  FAILED ${file.name.replace(`${process.cwd()}/`, '')}: ${String(file.message).split('\n')[0]}`);
    }
  }
}
const e2e = read('.reports/e2e.json');
if (e2e) {
  const s = e2e.stats ?? {};
  const bad = (s.unexpected ?? 0) + (s.flaky ?? 0) + (e2e.errors?.length ?? 0);
  passed += s.expected ?? 0;
  failed += bad;
  console.log(`playwright: ${s.expected ?? 0} passed, ${bad} failed`);
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = test.results?.find((result) => result.error)?.error?.message ?? '';
        console.log(
          `  ${test.status.toUpperCase()} ${spec.file} › ${[...titles, spec.title].join(' › ')}: ${error.split('\n')[0].slice(0, 200)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of e2e.suites ?? []) walk(suite, []);
  for (const error of e2e.errors ?? []) console.log(`  ERROR ${String(error.message ?? '').split('\n')[0]}`);
}
const steps = fs.existsSync('.reports/steps.txt')
  ? fs.readFileSync('.reports/steps.txt', 'utf8').trim().split('\n')
  : [];
for (const line of steps) {
  const [name, status] = line.split(' ');
  const isRunner = name.startsWith('unit') || name.startsWith('integration') || name === 'e2e';
  if (isRunner) {
    // A runner that failed without reporting (crash, missing report) still counts as one failure.
    const report =
      name === 'e2e'
        ? e2e
        : read(name.endsWith('postgres') ? '.reports/vitest-postgres.json' : '.reports/vitest-pglite.json');
    if (status === 'FAILED' && !report) failed += 1;
    continue;
  }
  if (status === 'passed') passed += 1;
  else failed += 1;
  console.log(`${name}: ${status}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
