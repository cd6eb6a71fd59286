#!/usr/bin/env bash
# npm run typecheck: every TypeScript project, in two lanes at once (the CI machine has two cores).
set -uo pipefail
cd "$(dirname "$0")/.."

check() { npx tsc -p "$1" || { echo "typecheck failed: $1"; return 1; }; }

(check apps/web && check packages/domain && check e2e) &
web=$!
(check apps/server && check bench && check packages/i18n) &
server=$!
status=0
wait "$web" || status=1
wait "$server" || status=1
exit "$status"
