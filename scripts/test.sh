#!/usr/bin/env bash
# `npm test`: every check and test on embedded defaults (PGlite, in-process counters).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== unit and API tests"; npx vitest run
