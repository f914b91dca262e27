#!/usr/bin/env bash
# CPU a resting screen costs: starts the game on each screen and table with
# nobody touching it, lets it settle, then reads its user+system time from
# /proc/PID/stat over a window. Usage: tools/idle-cpu.sh [BUILD_DIR] [SECONDS]
# (default build/release, 30 s). Needs Xvfb (xvfb-run). Prints one line a case,
# the share of one core the game used over the window (SETTLE: seconds
# first, default 15: a table draws for TABLE_LIVELY seconds after a change).
set -euo pipefail
build=${1:-build/release}
window=${2:-30}
settle=${SETTLE:-15}
game="$build/stackhouse"
[ -x "$game" ] || { echo "no game at $game (build it first)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
hz=$(getconf CLK_TCK)
cases=(
  "picker|--scene picker"
  "setup 9 STAX|--scene setup --game 9stax"
  "settings|--scene settings"
  "rules|--scene rules --game stakz"
  "score|--scene score --game stax"
  "STAX table, a person to move|--scene table --game stax --seats human,easy"
  "9 STAX table, a person to move|--scene table --game 9stax --seats human,easy"
  "Stakz table, a person to move|--scene table --game stakz --seats human,easy"
  "Stack-A-Track table, a person to move|--scene table --game stackatrack --seats human,easy"
  "SPEEDSTAX table, a round running|--scene table --game speedstax --seats human,easy"
)
run_case() {
  local args=$1 pid t0 t1
  # shellcheck disable=SC2086
  STACKHOUSE_PREF_DIR="$tmp/pref" SDL_AUDIODRIVER=dummy STACKHOUSE_LOG=debug \
    "$game" --window 1920x1080 $args >/dev/null 2>"$tmp/err" &
  pid=$!
  sleep "$settle"
  t0=$(awk '{print $14 + $15}' "/proc/$pid/stat")

  sleep "$window"
  t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  awk -v a="$t0" -v b="$t1" -v hz="$hz" -v w="$window" 'BEGIN { printf "%6.1f%% of a core", 100 * (b - a) / hz / w }'
}
export -f run_case 2>/dev/null || true
xvfb-run -a -s "-screen 0 1920x1080x24 -nolisten tcp" bash -c "$(declare -f run_case); tmp=$tmp game=$game settle=$settle window=$window hz=$hz
$(for c in "${cases[@]}"; do printf 'printf "%%-40s " %q; run_case %q; echo\n' "${c%%|*}" "${c#*|}"; done)"
