#!/usr/bin/env bash
# Runs the phone page's browser tests under CTest: tests/web/run.sh BUILD_DIR TEST.mjs
# Debian's chromium (headless, driven by puppeteer-core) loads the page; the
# real-game test (phones.test.mjs) starts the game on its own Xvfb.
# Exits 77 (CTest's SKIP_RETURN_CODE) with the reason when chromium, node or
# the test's npm packages are missing: tools/deps.sh test installs the first
# two, and this script installs the third from tests/web/package-lock.json
# (npm ci) when the registry can be reached.
# Nothing is written into the source tree: the packages and a copy of the test
# files live in BUILD_DIR/web (node finds packages beside the importing file).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: run.sh BUILD_DIR TEST.mjs}" && pwd)
test=${2:?usage: run.sh BUILD_DIR TEST.mjs}
skip() { echo "SKIP: $*" >&2; exit 77; }

export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || skip "no chromium at $CHROMIUM (tools/deps.sh test installs Debian's chromium)"
command -v node >/dev/null || skip "no node (tools/deps.sh test installs nodejs)"
work="$build/web"
mkdir -p "$work"
# CTest runs the web tests in parallel: one installs while the other waits on
# the lock, and "installed" is written last, so a half-finished install is
# never taken for a finished one. A changed package-lock.json installs anew.
stamp=$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)
install() {
  if [ "$(cat "$work/installed" 2>/dev/null)" != "$stamp" ]; then
    command -v npm >/dev/null || { echo "no npm to install puppeteer-core (tools/deps.sh test installs it)" >&2; return 1; }
    rm -f "$work/installed"
    cp "$here/package.json" "$here/package-lock.json" "$work/"
    echo "installing the test packages: npm ci --prefix $work" >&2
    npm ci --prefix "$work" --no-audit --no-fund >&2 || return 1
    echo "$stamp" > "$work/installed"
  fi
  cp "$here"/*.mjs "$work/"
}
exec 9>"$work/.lock"
flock 9
if ! install; then
  skip "npm ci --prefix $work failed (no network?): puppeteer-core is not installed"
fi
flock -u 9
export STACKHOUSE_SOURCE_DIR="$here/../.."

export STACKHOUSE_BIN="$build/stackhouse"
export SDL_AUDIODRIVER=dummy STACKHOUSE_HEADLESS=1

# A private X server for the game, on the first free display from :140.
xpid=
cleanup() { [ -n "$xpid" ] && kill "$xpid" 2>/dev/null && wait "$xpid" 2>/dev/null; }
trap cleanup EXIT
if [ "$test" = phones.test.mjs ] || [ "$test" = flood.test.mjs ]; then
  [ -x "$STACKHOUSE_BIN" ] || { echo "no game binary at $STACKHOUSE_BIN" >&2; exit 1; }
  command -v Xvfb >/dev/null || skip "no Xvfb (tools/deps.sh test installs xvfb)"
  for n in $(seq $((140 + $$ % 40)) 239); do
    [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] && continue
    Xvfb ":$n" -screen 0 1920x1080x24 -nolisten tcp -noreset >/dev/null 2>&1 &
    xpid=$!
    for _ in $(seq 100); do
      [ -e "/tmp/.X11-unix/X$n" ] && break
      kill -0 "$xpid" 2>/dev/null || break
      sleep 0.05
    done
    if [ -e "/tmp/.X11-unix/X$n" ] && kill -0 "$xpid" 2>/dev/null; then
      export DISPLAY=":$n"
      break
    fi
    xpid= # lost a race for this display: try the next
  done
  [ -n "$xpid" ] || { echo "could not start Xvfb" >&2; exit 1; }
fi

cd "$work" && node --test --test-reporter=spec "$test"
