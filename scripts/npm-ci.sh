#!/usr/bin/env bash
# Installs the locked npm packages. npm 11.19 (these machines) writes lockfiles without the other
# platforms' optional packages (biome, rollup, esbuild binaries) and then its own `npm ci` refuses
# them as out of sync; npm 10's `npm ci` installs the same lockfile exactly. See
# docs/decisions/0004-npm-ci-fallback.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if npm ci --no-audit --no-fund; then exit 0; fi
echo "==> npm ci refused the lockfile; installing it with npm 10's npm ci"
npx -y npm@10 ci --no-audit --no-fund
