#!/usr/bin/env bash
# Builds Stackhouse (Release) and starts the game. Extra arguments go to the game.
# STACKHOUSE_WERROR=ON turns warnings into errors (tools/test.sh does, for CI);
# a player's build never fails on a warning.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh play
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release \
      -DSTACKHOUSE_WERROR="${STACKHOUSE_WERROR:-OFF}" >/dev/null
cmake --build build/release -j"$(nproc)" --target stackhouse
exec build/release/stackhouse "$@"
