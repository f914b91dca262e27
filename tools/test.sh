#!/usr/bin/env bash
# Builds Stackhouse and runs every test: first the play command itself
# (tools/play.sh: the same Release build in build/release, started headless
# once for a picker screenshot), then the full suite (rules, screens with their
# own Xvfb, self-play, fuzzing), then the unit tests again under
# AddressSanitizer and UndefinedBehaviorSanitizer. Warnings are errors here.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh test
jobs=$(nproc)
# Tests write only under build/: what git sees in the source tree must be the
# same afterwards (in a fresh clone, nothing at all).
tree_state() { git -C "$PWD" status --porcelain --ignored --untracked-files=all 2>/dev/null | grep -Ev '^(\?\?|!!) build/' || true; }
before=$(tree_state)
export SDL_AUDIODRIVER=dummy STACKHOUSE_HEADLESS=1 STACKHOUSE_WERROR=ON

# What a new player runs, as they run it (a scratch user directory, no display).
shot=build/release/first-run.png
rm -f "$shot"
STACKHOUSE_PREF_DIR="$PWD/build/release/first-run-pref" \
  xvfb-run -a -s "-screen 0 1280x720x24 -nolisten tcp" \
  tools/play.sh --scene picker --frames 2 --screenshot "$shot"
[ -s "$shot" ] || { echo "tools/play.sh did not draw the picker ($shot)" >&2; exit 1; }
echo "play command: built build/release and drew the picker ($shot)"

cmake -S . -B build/test -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTACKHOUSE_WERROR=ON >/dev/null
cmake --build build/test -j"$jobs"
(cd build/test && ctest --output-on-failure -j"$jobs")

cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DSTACKHOUSE_SANITIZE=ON -DSTACKHOUSE_WERROR=ON >/dev/null
cmake --build build/asan -j"$jobs"
# Labels "screens" (pixel tests and whole-game runs of the binary, slow under
# ASan) and "strength" (games between AI levels, judged by who wins) stay out of
# this pass, and so does "web" (the phone page in chromium: it tests the page,
# and its whole-game run is like the screens'). Every other test runs under it,
# the GL ones included (they keep Mesa's driver loaded to exit:
# tests/app/glpin.h); tests/lsan.supp names D-Bus.
(cd build/asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
   LSAN_OPTIONS=suppressions="$PWD/../../tests/lsan.supp" UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j"$jobs" -LE 'screens|strength|web')

after=$(tree_state)
if [ "$before" != "$after" ]; then
  echo "the tests changed the source tree (they may write only under build/):" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  exit 1
fi
echo "source tree: unchanged by the tests"
