#!/usr/bin/env bash
# `npm test`: every check and test on embedded defaults (PGlite, in-process counters), then the
# end-to-end tests: Debian's Chromium against the real API serving the built web app.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

# The e2e tests drive /usr/bin/chromium (CHROMIUM_PATH overrides it); install it when missing.
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
if [ ! -x "$chromium" ]; then
  echo "== installing Chromium ($chromium is missing)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
  if [ ! -x "$chromium" ]; then
    echo "Chromium is still not at $chromium after apt-get install; set CHROMIUM_PATH" >&2
    exit 1
  fi
fi

echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== build the web app"; npm run --silent build -w @rtb/web
echo "== unit, web and API tests"; npx vitest run --project shared --project web --project api
echo "== end-to-end tests (Chromium)"; npx vitest run --project e2e
