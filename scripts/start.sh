#!/usr/bin/env bash
# npm start: installs what is missing, builds the web app and the server (when their sources changed),
# then starts the portal from built JavaScript (decision 0045; migrations and the demo seed run at start).
# PORT (3000), DATA_DIR (./data), DATABASE_URL (PostgreSQL instead of PGlite).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
if [ ! -f apps/web/dist/index.html ] || [ -n "$(find apps/web/src apps/web/index.html packages -newer apps/web/dist/index.html -type f 2>/dev/null | head -n 1)" ]; then
  echo "==> Building the web app"
  npm run build -w apps/web
fi
if [ ! -f apps/server/dist/main.js ] || [ -n "$(find apps/server/src apps/server/scripts/build.ts apps/server/scripts/start-bundle.js apps/server/package.json packages -newer apps/server/dist/main.js -type f 2>/dev/null | head -n 1)" ]; then
  echo "==> Building the server"
  npm run build -w apps/server
fi
# The old generation grows by 40 % over what a full collection keeps, not up to 4x (decision 0058).
exec node --heap-growing-percent=40 apps/server/dist/main.js
