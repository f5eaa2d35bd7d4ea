#!/usr/bin/env bash
# The live-notification tests run the production path against Debian's Mosquitto with its dynamic-security plugin
# (and `mosquitto_ctrl` to set it up). Install it when missing, so `npm test` works on a fresh machine. Only the
# binaries are used: the tests start brokers of their own on free ports, never the system service.
set -euo pipefail

[ -x /usr/sbin/mosquitto ] && [ -f /usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so ] \
  && command -v mosquitto_ctrl >/dev/null && exit 0

echo "tests: installing mosquitto (with its dynamic-security plugin and mosquitto_ctrl) from Debian's packages" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "tests: need root or sudo to install mosquitto" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends mosquitto >/dev/null
# A fresh install starts the system broker on 1883; the tests do not need it.
$sudo systemctl disable --now mosquitto >/dev/null 2>&1 || true
