#!/usr/bin/env bash
# Shows that check_layers.sh fails on a call that runs upward: a planted
# file in the midend's folder calls app_quitting (defined in app.c), built
# beside the real app.c object in a scratch tree under BUILD_DIR. Exit 0 when
# the check reports that call and fails, 1 otherwise.
set -u
root=${1:?usage: planted.sh SRC_DIR BUILD_DIR}
build=${2:?usage: planted.sh SRC_DIR BUILD_DIR}
app_o=$(find "$build" -path '*/CMakeFiles/*.dir/src/app/app.c.o' | head -n1)
[ -n "$app_o" ] || { echo "planted: no app.c object under $build (build first)"; exit 1; }
t="$build/layers-planted"
rm -rf "$t"
mkdir -p "$t/src/app" "$t/src/table" "$t/build/CMakeFiles/plant.dir/src/app" "$t/build/CMakeFiles/plant.dir/src/table"
cp "$root/src/app/app.c" "$t/src/app/app.c"
ln -s "$(cd "$(dirname "$app_o")" && pwd)/app.c.o" "$t/build/CMakeFiles/plant.dir/src/app/app.c.o"
cat > "$t/src/table/planted.c" <<'C'
/* A midend file that asks the app whether it quits: an upward call. */
struct app;
int app_quitting(const struct app *a);
int planted_quits(const struct app *a);
int planted_quits(const struct app *a) { return app_quitting(a); }
C
${CC:-cc} -c "$t/src/table/planted.c" -o "$t/build/CMakeFiles/plant.dir/src/table/planted.c.o" || exit 1
out=$("$root/tests/layers/check_layers.sh" "$t" "$t/build" 2>/dev/null) # the scratch tree has only two sources
rc=$?
echo "$out"
if [ $rc -ne 0 ] && grep -q 'a call up into the app: .*planted.c.o calls app_quitting' <<<"$out"; then
  echo "planted: the upward call was caught"
  rm -rf "$t"
  exit 0
fi
echo "planted: check_layers.sh did not catch app_quitting called from src/table (rc $rc)"
exit 1
