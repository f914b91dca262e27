#!/usr/bin/env bash
# Makes sure Debian's packages that Stackhouse needs are installed.
# Usage: tools/deps.sh play|test
# As root it installs what is missing; otherwise it says what to install.
set -euo pipefail
want=(cmake make gcc pkg-config libsdl2-dev libsdl2-image-dev libsdl2-mixer-dev libsdl2-ttf-dev
      libcmocka-dev libchipmunk-dev libepoxy-dev libsqlite3-dev libstb-dev libmd4c-dev libpng-dev
      libwebsockets-dev libcjson-dev libqrencode-dev
      fonts-dejavu-core
      python3 fluidsynth fluid-soundfont-gm sox)
missing=()
if [ "${1:-play}" = test ]; then
  # clang and its runtime build the libFuzzer harness (tests/fuzz); chromium
  # runs the phone page's browser tests (tests/web), with node and npm
  want+=(xvfb xauth sox libgl1-mesa-dri clang libclang-rt-14-dev chromium)
  # node and npm by command: a node from elsewhere (with its own npm) is fine
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
fi
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "Stackhouse needs these Debian packages: ${missing[*]}" >&2
  echo "Install them with:  sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
