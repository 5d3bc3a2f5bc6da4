#!/usr/bin/env bash
# Browser tests need Debian's Chromium (npx playwright install cannot download here): the headless
# shell of the chromium-headless-shell package runs them, and the full browser of the chromium
# package runs Lighthouse (npm run audit) and the JS-weight bench, and the browser tests when the
# shell is missing (docs/decisions/214-test-time-headless-shell.md). Installs both when we can
# (root with apt), otherwise stops with the exact command to run.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH is set to $CHROMIUM_PATH, which is not an executable file." >&2
  exit 1
fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} package(s) for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
if [ -x /usr/bin/chromium ]; then
  # The browser tests run in the full browser instead, only slower.
  echo "Note: chromium-headless-shell is not installed; the browser tests run in /usr/bin/chromium (slower)." >&2
  echo "Install it with:  sudo apt-get install -y chromium-headless-shell" >&2
  exit 0
fi
echo "Chromium is required for the browser tests and was not found at /usr/bin/chromium." >&2
echo "Install it with:  sudo apt-get install -y chromium chromium-headless-shell" >&2
echo "(or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
