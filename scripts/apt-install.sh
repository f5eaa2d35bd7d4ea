#!/usr/bin/env bash
# Installs Debian packages the tests need, as root or through sudo: `apt-install.sh <who is asking> <package>...`.
# The test scripts call it for what is missing, so `npm test` works on a fresh machine.
set -euo pipefail

who=$1
shift
echo "$who: installing $* from Debian's packages" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "$who: need root or sudo to install $*" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
