#!/usr/bin/env bash
# A soak you can run (not in CI): computer self-play of every mode and seat
# count under the sanitizer build (ASan + UBSan, leaks checked), for as long
# as asked, then a table per mode of games played, games finished,
# invariant failures and sanitizer reports.
#
#   tools/soak.sh [GAME...] [--minutes N]     (default: every mode, 10 minutes)
#
# It builds build/asan's stackhouse-cli (Debug, STACKHOUSE_SANITIZE=ON) and
# writes each batch's output under build/asan/soak/, so a report can be read
# with the seed that made it. Batches go round the (mode, seats) pairs until
# the time is up; each batch is its own process, seeded afresh.
set -u
cd "$(dirname "$0")/.."

minutes=10
modes=()
while [ $# -gt 0 ]; do
    case "$1" in
    --minutes)
        minutes="${2:-}"
        shift 2 || { echo "soak: --minutes needs a number" >&2; exit 2; }
        ;;
    -h | --help)
        sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    -*)
        echo "soak: unknown option $1" >&2
        exit 2
        ;;
    *)
        modes+=("$1")
        shift
        ;;
    esac
done
case "$minutes" in
'' | *[!0-9]*) echo "soak: --minutes takes whole minutes, not '$minutes'" >&2; exit 2 ;;
esac

build=build/asan
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DSTACKHOUSE_SANITIZE=ON >/dev/null || exit 1
cmake --build "$build" --target stackhouse-cli -j"$(nproc)" >/dev/null || exit 1
cli="$build/stackhouse-cli"
logs="$build/soak"
rm -rf "$logs"
mkdir -p "$logs"

# The modes and their seat counts, from the one list of modes.
declare -A lo hi
all=()
while read -r id min max; do
    lo[$id]=$min
    hi[$id]=$max
    all+=("$id")
done < <("$cli" games --players)
[ ${#modes[@]} -eq 0 ] && modes=("${all[@]}")
pairs=()
for m in "${modes[@]}"; do
    if [ -z "${lo[$m]:-}" ]; then
        echo "soak: no mode '$m' (modes: ${all[*]})" >&2
        exit 2
    fi
    for ((p = lo[$m]; p <= hi[$m]; p++)); do
        pairs+=("$m:$p")
    done
done

declare -A games finished failures reports batches
for m in "${modes[@]}"; do
    games[$m]=0 finished[$m]=0 failures[$m]=0 reports[$m]=0 batches[$m]=0
done

export ASAN_OPTIONS=detect_leaks=1:halt_on_error=0:print_summary=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=0
export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp"
end=$((SECONDS + minutes * 60))
seed=1
while [ $SECONDS -lt $end ]; do
    for pair in "${pairs[@]}"; do
        [ $SECONDS -ge $end ] && break
        m=${pair%%:*} p=${pair##*:}
        # A real-time game is minutes of physics; a turn-based one seconds.
        case "$m" in speedstax | samestax | swapstax) k=1 ;; *) k=5 ;; esac
        log="$logs/$m-$p-$seed.txt"
        "$cli" selfplay "$m" --players "$p" --games "$k" --seed "$seed" >"$log" 2>&1
        rc=$?
        line=$(grep -E "^selfplay $m: [0-9]+ games" "$log" | tail -1)
        if [[ $line =~ ([0-9]+)\ games,\ ([0-9]+)\ finished,\ ([0-9]+)\ invariant ]]; then
            games[$m]=$((games[$m] + BASH_REMATCH[1]))
            finished[$m]=$((finished[$m] + BASH_REMATCH[2]))
            failures[$m]=$((failures[$m] + BASH_REMATCH[3]))
        fi
        n=$(grep -cE "ERROR: (Address|Leak)Sanitizer|runtime error:" "$log")
        # a batch that died without a report still counts as one
        if [ "$n" -eq 0 ] && [ -z "$line" ] && [ $rc -ne 0 ]; then
            n=1
        fi
        reports[$m]=$((reports[$m] + n))
        batches[$m]=$((batches[$m] + 1))
        [ "$n" -eq 0 ] && [ -n "$line" ] && rm -f "$log" # keep only what needs reading
        seed=$((seed + 1))
    done
done

printf '%-12s %8s %8s %9s %11s %10s\n' mode batches games finished invariants sanitizer
bad=0
for m in "${modes[@]}"; do
    printf '%-12s %8d %8d %9d %11d %10d\n' "$m" "${batches[$m]}" "${games[$m]}" "${finished[$m]}" \
        "${failures[$m]}" "${reports[$m]}"
    bad=$((bad + failures[$m] + reports[$m]))
done
echo "logs of batches with reports: $logs/"
[ $bad -eq 0 ]
