#!/usr/bin/env bash
# The Firefox browser tests drive Debian's Firefox ESR, with its German and Arabic language packs (the locale and
# first-screen tests run the panel in German and in Arabic). Installs what is missing (root: apt-get directly).
set -euo pipefail
LANGPACK=/usr/lib/firefox-esr/browser/extensions/langpack-de@firefox-esr.mozilla.org.xpi
LANGPACK_AR=/usr/lib/firefox-esr/browser/extensions/langpack-ar@firefox-esr.mozilla.org.xpi
if [ -n "${FIREFOX_PATH:-}" ] && [ -x "$FIREFOX_PATH" ]; then exit 0; fi
packages=()
command -v firefox-esr >/dev/null 2>&1 || packages+=(firefox-esr)
[ -f "$LANGPACK" ] || packages+=(firefox-esr-l10n-de)
[ -f "$LANGPACK_AR" ] || packages+=(firefox-esr-l10n-ar)
if [ "${#packages[@]}" -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${packages[*]} for the Firefox browser tests."
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -qq && sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
else
  echo "Install them with: apt-get install -y ${packages[*]} (or set FIREFOX_PATH)." >&2
  exit 1
fi
