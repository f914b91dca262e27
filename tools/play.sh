#!/usr/bin/env bash
# Builds Stackhouse (Release) and starts the game. Extra arguments go to the game.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh play
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j"$(nproc)" --target stackhouse
exec build/release/stackhouse "$@"
