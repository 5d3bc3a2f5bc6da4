#!/usr/bin/env bash
# `npm test`: every test. Type check, unit and API tests (no build needed), then one site build
# shared by the HTML checks of tests/site and the browser tests (Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensureChromium.sh

echo "== typecheck"
npx tsc --noEmit

echo "== lint (ESLint, Prettier)"
npm run --silent lint

echo "== unit and API tests"
npx vitest run --project unit --project unit-alone

echo "== build (shared by the HTML checks and the browser tests)"
node scripts/buildRunner.mjs

echo "== HTML checks of the build"
npx vitest run --project site

echo "== browser tests (Chromium)"
npx playwright test
