/* The hint bar's one vocabulary: every screen and table names its controls
 * as (control, what it does) pairs, and the shell's words for each control
 * on the device used last ("(A)", "Enter", "Click") are written here once,
 * so no two modes word the same button differently. */
#ifndef STACKHOUSE_UI_HINTS_H
#define STACKHOUSE_UI_HINTS_H

#include "render/render.h"
#include "shell/shell.h"

/* Controls that are not one action: a pair of directions, the wheel, a drag. */
enum {
    UI_HINT_LEFTRIGHT = 1000, /* left and right (d-pad, arrow keys) */
    UI_HINT_UPDOWN,           /* up and down */
    UI_HINT_WHEEL,            /* the mouse wheel (on a controller or keys: up and down) */
    UI_HINT_DRAG,             /* dragging with the mouse (a controller or keys: the accept button) */
    UI_HINT_POINT,            /* pointing at a thing and clicking (a controller or keys: accept) */
    UI_HINT_PEEK              /* holding the peek control (table_peek_offered): P, right button, LT */
};

/* One pair in a hint bar: act is an action (ACT_ACCEPT, ACT_BACK, ...) or a UI_HINT_*. */
typedef struct ui_hint {
    int act;
    const char *does; /* a verb or two: "Land", "Scroll", "See the score" */
} ui_hint;

/* The words for control act on device dev ("(A)", "Enter", "Click", "\u25c0\u25b6"). */
const char *ui_hint_key(input_device dev, int act);
/* The verb for doing act on dev, to start a sentence ("Click", "Press Enter",
 * "Press (A)"): "Red wins! Press (A) to see the score." */
const char *ui_hint_press(input_device dev, int act, char *buf, size_t n);
/* Writes the bar's line for pairs h[0..n) on dev into buf: "(A) Land  ·  (B) Menu"
 * (a pair with a NULL does is left out); returns buf. */
char *ui_hint_words(input_device dev, const ui_hint *h, int n, char *buf, size_t size);
/* Draws the hint bar along the bottom for the device used last (only for
 * the top scene: a scene under a modal keeps its bar to itself). */
void ui_draw_hint_bar(render *r, const shell *sh, const ui_hint *h, int n);
/* The hint bar's box on a screen vw wide showing line (tests keep notices off it). */
rrect ui_hint_bar_rect(render *r, float vw, const char *line);
/* The usual three: accept, back and the alternative action (NULL leaves one out). */
void ui_draw_hints(render *r, const shell *sh, const char *accept, const char *back, const char *alt);
/* A ready-worded line in the same bar. */
void ui_draw_hint_line(render *r, const shell *sh, const char *line);

#endif
