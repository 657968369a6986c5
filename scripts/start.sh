#!/usr/bin/env bash
# `npm start`: install, build, then one process on http://localhost:8080 with embedded PGlite
# (data under ./data) and the demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npm run build --if-present --silent
exec node --import tsx apps/all-in-one/src/main.ts
