#!/usr/bin/env bash
# `npm test`: every test. Type check, unit and API tests, one site build shared by the HTML
# checks and the browser tests, then the browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensureChromium.sh

echo "== typecheck"
npx tsc --noEmit

echo "== build (shared by the HTML checks and the browser tests)"
npx tsx scripts/build.ts

echo "== unit, API and HTML tests"
npx vitest run

echo "== browser tests (Chromium)"
npx playwright test
