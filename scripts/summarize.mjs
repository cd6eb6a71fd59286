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
}
const e2e = read('.reports/e2e.json');
if (e2e) {
  const s = e2e.stats ?? {};
  const bad = (s.unexpected ?? 0) + (s.flaky ?? 0) + (e2e.errors?.length ?? 0);
  passed += s.expected ?? 0;
  failed += bad;
  console.log(`playwright: ${s.expected ?? 0} passed, ${bad} failed`);
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
