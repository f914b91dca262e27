#!/usr/bin/env bash
# The layers of docs/architecture.md, checked on the include lines: the rules
# core includes no SDL, app or table header, nor the phones' view writers or
# cJSON; the view writers (src/phoneview, src/games/*/phone) include only the
# core, the rules and cJSON; the table midend, the views, the screens and ui
# include no SDL (only src/app, src/render and src/audio do); the midend and
# the views include no screen; the phone server (src/net) no SDL, game or
# screen. With BUILD_DIR, the same layers are checked on the calls the
# compiled objects make (nm): no lower layer calls a function defined in a
# higher one, whatever it includes. Prints each breach; exit 1 if any.
set -u
src=${1:?usage: check_layers.sh SRC_DIR [BUILD_DIR]}/src
build=${2:-}
bad=0
breach() { echo "layers: $1"; bad=1; }
while IFS= read -r hit; do breach "rules core includes ${hit#*:}  (${hit%%:*})"; done < <(
  grep -rnE '#include *[<"](SDL|app/|table/|render/|scenes/|ui/|audio/|net/|phoneview/|cJSON|games/[a-z]+/phone/)' \
    "$src/core" "$src"/games/*/rules)
while IFS= read -r hit; do breach "a phone view writer includes ${hit#*:}  (${hit%%:*})"; done < <(
  grep -rnE '#include *[<"](SDL|app/|table/|render/|scenes/|ui/|audio/|net/|games/[a-z]+/view/)' \
    "$src/phoneview" "$src"/games/*/phone)
# The phone server (src/net) sees neither SDL nor any game, table or screen:
# it passes text between phones and the main loop.
while IFS= read -r hit; do breach "src/net includes ${hit#*:}  (${hit%%:*})"; done < <(
  grep -rnE '#include *[<"](SDL|app/|table/|render/|scenes/|ui/|audio/|games/)' "$src/net")
# The shell (src/shell: the trace, ...) sits below every screen, table and
# view that uses it, and knows none of them.
while IFS= read -r hit; do breach "src/shell includes ${hit#*:}  (${hit%%:*})"; done < <(
  grep -rnE '#include *[<"](SDL|app/|table/|render/|scenes/|ui/|audio/|games/|net/|drivers/)' "$src/shell")
while IFS= read -r hit; do breach "SDL outside app, render and audio: $hit"; done < <(
  grep -rnE '#include *<SDL' "$src/table" "$src"/games/*/view "$src/scenes" "$src/ui")
while IFS= read -r hit; do breach "a table or view includes a screen: $hit"; done < <(
  grep -rnE '#include *"scenes/' "$src/table" "$src"/games/*/view)
# Headers the screens and views see through app.h must not pull SDL in either.
for h in "$src/app/input.h" "$src/shell/scene.h" "$src/shell/shell.h" "$src/shell/action.h" "$src/render/render.h" "$src/ui/ui.h"; do
  grep -nE '#include *<SDL' "$h" >/dev/null && breach "$h includes SDL, and every view includes it"
done

# Calls. Objects are found by their source path under the build tree
# (CMakeFiles/<target>.dir/src/<folder>/<file>.c.o), so every library and
# executable that compiles a file is checked; globs name sources under src/.
if [ -n "$build" ]; then
  all_objs=$(find "$build/CMakeFiles" -path '*/CMakeFiles/*.dir/src/*' -name '*.c.o' 2>/dev/null)
  objs() { # the objects compiled from the sources given (globs under src/; stale objects of moved files are not)
    local g f
    for g in "$@"; do
      for f in "$src"/$g; do
        case $f in *.c) grep -F -- "/src/${f#"$src"/}.o" <<<"$all_objs" ;; esac
      done
    done | sort -u
  }
  # "object symbol" lines, read once: what each object defines, and what it calls
  defined=$(nm -A -g --defined-only $all_objs 2>/dev/null | awk 'NF == 3 && $2 ~ /[TDBRC]/ {sub(/:[0-9a-f]*$/, "", $1); print $1, $3}')
  undefined=$(nm -A -u $all_objs 2>/dev/null | awk '{sub(/:$/, "", $1); print $1, $NF}')
  # layer NAME "lower sources" "higher sources": no object of the lower calls the higher
  layer() {
    local hit
    while IFS= read -r hit; do breach "$1: ${hit#"$build"/}"; done < <(
      awk 'FNR == 1 {f++} f == 1 {hi[$1] = 1} f == 2 {lo[$1] = 1} f == 3 && ($1 in hi) {def[$2] = 1}
           f == 4 && ($1 in lo) && ($2 in def) {print $1 " calls " $2}' \
        <(objs $3) <(objs $2) <(echo "$defined") <(echo "$undefined"))
  }
  [ -n "$(objs 'app/app.c')" ] || breach "no objects under $build (build first)"
  # The app (app.c) and the drivers are the top: nothing below calls them.
  layer "a call up into the app" "core/* games/*/rules/* shell/* ui/* render/* audio/* table/* games/*/view/* \
games/*/phone/* phoneview/* scenes/* net/* app/input.c app/store.c app/paths.c app/settings_store.c" \
    "app/app.c drivers/*"
  # The screens sit above the midend and the views, which reach them only
  # through the shell's hooks (shell_score_screen, shell_rules_screen, home).
  layer "a call up into a screen" "core/* games/*/rules/* shell/* ui/* table/* games/*/view/* phoneview/*" "scenes/*"
  # The midend and the views sit above ui and the shell.
  layer "a call up into the table" "core/* games/*/rules/* shell/* ui/* phoneview/*" "table/* games/*/view/*"
  layer "a call up into ui" "core/* games/*/rules/* shell/*" "ui/*"
  # The shell knows no screen, table or view, and nothing of the app's.
  layer "the shell calls above it" "shell/*" "app/* render/* audio/* net/*"
  # The rules core calls nothing but itself (and Chipmunk, libc).
  layer "the rules core calls above it" "core/* games/*/rules/*" \
    "shell/* app/* render/* audio/* net/* phoneview/* games/*/phone/*"
fi
[ $bad -eq 0 ] && echo "layers: ok"
exit $bad
