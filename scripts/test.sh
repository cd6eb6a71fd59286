#!/usr/bin/env bash
# npm test: installs what is missing (npm packages, chromium, postgresql), then runs every check:
# lint, type check, generated-file drift, unit + integration tests on PGlite and on PostgreSQL,
# the production build and the browser journeys. Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --system || { echo "0 passed, 1 failed"; exit 1; }

mkdir -p .reports
rm -f .reports/*.json .reports/steps.txt
PG_URL="${TEST_PG_URL:-postgres://portal:portal@127.0.0.1:5432/postgres}"
unset TEST_PG_URL
start=$(date +%s)

step() {
  local name=$1; shift
  echo; echo "==> $name"
  local t0=$(date +%s)
  if "$@"; then echo "$name passed $(( $(date +%s) - t0 ))s" | tee -a .reports/steps.txt
  else echo "$name FAILED $(( $(date +%s) - t0 ))s" | tee -a .reports/steps.txt; fi
}

step lint npx biome check .
step typecheck npm run typecheck
step generated npm run check:generated
step unit+integration-pglite npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest-pglite.json
step integration-postgres env TEST_PG_URL="$PG_URL" npx vitest run apps/server --reporter=default --reporter=json --outputFile.json=.reports/vitest-postgres.json
step build npm run build
step e2e npx playwright test -c e2e/playwright.config.ts

echo
echo "Total time: $(( $(date +%s) - start ))s"
node scripts/summarize.mjs
