#!/usr/bin/env bash
# The live-notification tests run the production path against Debian's Mosquitto with its dynamic-security plugin
# (and `mosquitto_ctrl` to set it up). Install it when missing, so `npm test` works on a fresh machine. Only the
# binaries are used: the tests start brokers of their own on free ports, never the system service.
set -euo pipefail

[ -x /usr/sbin/mosquitto ] && [ -f /usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so ] \
  && command -v mosquitto_ctrl >/dev/null && exit 0

bash "$(dirname "$0")/apt-install.sh" tests mosquitto
# A fresh install starts the system broker on 1883; the tests do not need it.
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo systemctl disable --now mosquitto >/dev/null 2>&1 || true
