#!/usr/bin/env bash
# The Firefox browser tests drive Debian's Firefox ESR. Installs it when missing (root: apt-get directly).
set -euo pipefail
if [ -n "${FIREFOX_PATH:-}" ] && [ -x "$FIREFOX_PATH" ]; then exit 0; fi
if command -v firefox-esr >/dev/null 2>&1; then exit 0; fi
echo "Firefox ESR is not installed: installing Debian's firefox-esr package."
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr >/dev/null
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -qq && sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr >/dev/null
else
  echo "Install it with: apt-get install -y firefox-esr (or set FIREFOX_PATH)." >&2
  exit 1
fi
