#!/usr/bin/env bash
# STAX perft (stackhouse-cli) side by side with English draughts perft from
# rapid-draughts (npm), in one run, alternating single timed runs of each.
#
#   tools/bench-vs-rapid-draughts.sh [--cli PATH] [--depth D] [--reps R]
#
# Without --cli it uses build/stackhouse-cli, building it first if missing.
# rapid-draughts is installed (pinned, scripts off) into a temporary
# directory that is removed on exit; nothing is written into the repository.
# Needs node and npm, and the npm registry.
#
# Both trees start from the same layout: 8x8, 12 men a side on the dark
# squares of each side's first three ranks, first player to move. Both count
# leaves, the last ply in bulk (the length of the move list). The trees are
# not the same game: STAX captures stack the captured man under the capturer
# (nothing leaves the board), so the counts part from English draughts as
# soon as captures occur (depth 6).
set -euo pipefail

RD_VERSION=${RD_VERSION:-1.0.6}
repo=$(cd "$(dirname "$0")/.." && pwd)
cli=""
depth=9
reps=5
while [ $# -gt 0 ]; do
    case $1 in
        --cli) cli=$2; shift 2 ;;
        --depth) depth=$2; shift 2 ;;
        --reps) reps=$2; shift 2 ;;
        *) echo "usage: $0 [--cli PATH] [--depth D] [--reps R]" >&2; exit 2 ;;
    esac
done
case $depth in ''|*[!0-9]*) echo "bad --depth" >&2; exit 2 ;; esac
case $reps in ''|*[!0-9]*) echo "bad --reps" >&2; exit 2 ;; esac
[ "$depth" -ge 1 ] && [ "$depth" -le 12 ] || { echo "--depth must be 1..12" >&2; exit 2; }
[ "$reps" -ge 1 ] || { echo "--reps must be at least 1" >&2; exit 2; }

if [ -z "$cli" ]; then
    cli=$repo/build/stackhouse-cli
    if [ ! -x "$cli" ]; then
        echo "building $cli ..." >&2
        cmake -S "$repo" -B "$repo/build" -DSTACKHOUSE_BUILD_APP=OFF >/dev/null
        cmake --build "$repo/build" -j"$(nproc)" --target stackhouse-cli >/dev/null
    fi
fi
[ -x "$cli" ] || { echo "no executable stackhouse-cli at $cli" >&2; exit 2; }
command -v node >/dev/null && command -v npm >/dev/null ||
    { echo "needs node and npm" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rapid-draughts-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
printf '{ "private": true, "type": "module" }\n' >"$tmp/package.json"
if ! (cd "$tmp" && npm install --ignore-scripts --no-audit --no-fund --no-package-lock \
        --loglevel=error "rapid-draughts@$RD_VERSION") >"$tmp/npm.log" 2>&1; then
    cat "$tmp/npm.log" >&2
    echo "npm install rapid-draughts@$RD_VERSION failed" >&2
    exit 2
fi
cp "$repo/tools/rapid-draughts-perft.mjs" "$tmp/perft.mjs"
rd() { (cd "$tmp" && node perft.mjs "$@"); }

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "machine:        $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores"
echo "stackhouse-cli: $cli"
echo "rapid-draughts: $(node -p "require('$tmp/node_modules/rapid-draughts/package.json').version") (node $(node --version))"
echo
echo "leaf counts from the start position (last ply counted in bulk):"
printf '%6s %14s %14s\n' depth "STAX" "English (rd)"
rd counts "$depth" >"$tmp/counts"
for d in $(seq 1 "$depth"); do
    ours=$("$cli" perft stax start "$d")
    theirs=$(awk -v d="$d" '$1 == d { print $2 }' "$tmp/counts")
    printf '%6d %14s %14s%s\n' "$d" "$ours" "$theirs" "$([ "$ours" = "$theirs" ] || echo '   (differ: STAX captures stack)')"
done
echo
echo "perft depth $depth, $reps alternating runs each (nodes/s = leaves / seconds):"
: >"$tmp/ours"
: >"$tmp/theirs"
for k in $(seq 1 "$reps"); do
    o=$("$cli" bench stax --perft-only --depth "$depth" --runs 1 | awk '/perft_nodes_per_s_median/ { print $2 }')
    t=$(rd time "$depth" | awk '{ print $6 }')
    echo "$o" >>"$tmp/ours"
    echo "$t" >>"$tmp/theirs"
    printf '  run %2d: STAX %12.0f   rapid-draughts %12.0f\n' "$k" "$o" "$t"
done
mo=$(median <"$tmp/ours")
mt=$(median <"$tmp/theirs")
printf 'median STAX perft nodes/s:            %12.0f\n' "$mo"
printf 'median rapid-draughts perft nodes/s:  %12.0f\n' "$mt"
awk -v o="$mo" -v t="$mt" 'BEGIN { printf "ratio (STAX / rapid-draughts):        %12.1f\n", o / t }'
echo
echo "stackhouse-cli bench stax (its own medians of 5: perft depth 9, then search):"
"$cli" bench stax | sed 's/^/  /'
