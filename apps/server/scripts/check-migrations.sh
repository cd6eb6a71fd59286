#!/usr/bin/env bash
# Fails when the Drizzle schema has changes that no committed migration captures.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(npx drizzle-kit generate --config drizzle.config.ts 2>&1)
if ! grep -q "No schema changes" <<<"$out"; then
  echo "$out"
  echo "Migrations are out of date with the Drizzle schema: run 'npm run generate -w apps/server' and commit." >&2
  git checkout -- migrations 2>/dev/null || true
  git clean -fdq migrations 2>/dev/null || true
  exit 1
fi
