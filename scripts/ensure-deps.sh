#!/usr/bin/env bash
# Installs what the portal needs when it is missing: npm packages (npm ci) and, for the tests,
# Debian's chromium, chromium-headless-shell and postgresql (as root), then starts PostgreSQL 15 with the test role.
# Usage: ensure-deps.sh [--system | --system-only] (--system-only: chromium and postgresql, not the npm packages)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--system-only" ] && { [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; }; then
  echo "==> Installing npm packages (npm ci)"
  bash scripts/npm-ci.sh
fi

if [ "${1:-}" = "--system" ] || [ "${1:-}" = "--system-only" ]; then
  missing=()
  command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
  command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "==> Installing ${missing[*]} (apt-get)"
    if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
    $SUDO apt-get update
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${missing[@]}"
  fi
  if ! pg_lsclusters -h 2>/dev/null | awk '$1==15 && $2=="main" && $4=="online"' | grep -q .; then
    echo "==> Starting PostgreSQL 15"
    if [ "$(id -u)" -ne 0 ]; then sudo pg_ctlcluster 15 main start; else pg_ctlcluster 15 main start; fi
  fi
  # The test role: a superuser so each test file can create and drop its own database.
  su postgres -c "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname='portal'\"" | grep -q 1 ||
    su postgres -c "psql -qc \"CREATE ROLE portal LOGIN SUPERUSER PASSWORD 'portal'\""
fi
