#!/usr/bin/env bash
# The layers of docs/architecture.md, checked on the include lines: the rules
# core includes no SDL, app or table header, nor the phones' view writers or
# cJSON; the view writers (src/phoneview, src/games/*/phone) include only the
# core, the rules and cJSON; the table midend, the views, the screens and ui
# include no SDL (only src/app, src/render and src/audio do); the midend and
# the views include no screen; the phone server (src/net) no SDL, game or
# screen. Prints each breach; exit 1 if any.
set -u
src=${1:?usage: check_layers.sh SRC_DIR}/src
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
for h in "$src/app/app.h" "$src/app/input.h" "$src/app/scene.h" "$src/render/render.h" "$src/ui/ui.h"; do
  grep -nE '#include *<SDL' "$h" >/dev/null && breach "$h includes SDL, and every view includes it"
done
[ $bad -eq 0 ] && echo "layers: ok"
exit $bad
