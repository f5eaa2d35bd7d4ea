#!/usr/bin/env bash
# e2e needs Debian's Chromium (Playwright must never download its own browser here) and CJK fonts,
# without which Chinese renders as boxes. Install them when missing, so `npm test` works on a fresh machine.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'install ok installed' || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "e2e: installing ${missing[*]} from Debian's packages" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "e2e: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
