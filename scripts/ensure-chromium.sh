#!/usr/bin/env bash
# Browser tests and the demo drive Debian's Chromium. Installs it when missing (root: apt-get directly).
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "Chromium is not installed: installing Debian's chromium package."
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -qq && sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Install it with: apt-get install -y chromium (or set CHROMIUM_PATH)." >&2
  exit 1
fi
