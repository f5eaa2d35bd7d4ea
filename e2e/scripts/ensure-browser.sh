#!/usr/bin/env bash
# e2e needs Debian's Chromium (Playwright must never download its own browser here) and CJK fonts,
# without which Chinese renders as boxes. Install them when missing, so `npm test` works on a fresh machine.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'install ok installed' || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0

bash "$(dirname "$0")/../../scripts/apt-install.sh" e2e "${missing[@]}"
