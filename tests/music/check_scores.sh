#!/usr/bin/env bash
# tools/score2mid.py on our scores and on broken ones (docs/music.md): every
# score in music/ becomes a type-1 MIDI file of the length its bars give, and
# a bar that does not fill its meter, parts of different lengths or a note
# that is not one fail with the file, line and reason.
# Usage: check_scores.sh SOURCE_DIR PYTHON3
set -euo pipefail
src=$1 py=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# menu: 16 bars of 4/4 at 96 bpm = 40 s; table 16 bars at 75 = 51.2 s;
# maxstax and its urgent twin 16 bars at 150 = 25.6 s; fanfare one bar at 96.
declare -A want=([menu]=1920000 [table]=2457600 [maxstax]=1228800
                 [maxstax_urgent]=1228800 [fanfare]=120000)
for name in "${!want[@]}"; do
  "$py" "$src/tools/score2mid.py" "$src/music/$name.score" "$tmp/$name.mid" --info "$tmp/$name.info"
  [ "$(head -c 4 "$tmp/$name.mid")" = MThd ] || fail "$name.mid is not a MIDI file"
  grep -qx "samples=${want[$name]}" "$tmp/$name.info" || fail "$name: $(cat "$tmp/$name.info")"
done

expect_error() {  # SCORE-TEXT MESSAGE
  printf '%b' "$1" > "$tmp/bad.score"
  if "$py" "$src/tools/score2mid.py" "$tmp/bad.score" "$tmp/bad.mid" 2> "$tmp/err"; then
    fail "accepted: $1"
  fi
  grep -qF "$2" "$tmp/err" || fail "wrong message for $1: $(cat "$tmp/err")"
}
head='tempo 120\nmeter 4/4\npart a program=0\npart b program=1\n'
expect_error "${head}a: | C4/4 D4 E4 | C4/1 |\nb: | C4/1 | C4/1 |\n" "bad.score:5: part a bar 1 holds 3 beats, not 4"
expect_error "${head}a: | C4/4 D4 E4 F4 | C4/1 |\nb: | C4/1 |\n" "parts differ in length (bars: a 2, b 1)"
expect_error "${head}a: | C4/4 H4 E4 F4 |\nb: | C4/1 |\n" "bad.score:5: not a note: 'H4'"
expect_error "${head}a: | @nothing |\nb: | C4/1 |\n" "no phrase named 'nothing'"
echo "ok: ${#want[@]} scores, 4 broken ones refused"
