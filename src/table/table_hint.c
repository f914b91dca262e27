/* The Hint button: the medium computer's move for the person to move, on
 * the board (the view lights it as a legal move) with a line of what it
 * does, until they move or press Hint again. The rules choose it (core/hint.h)
 * from the person's own view; the midend decides whether the match allows
 * it, counts it and traces it. */
#include "table/table_hint.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/hint.h"
#include "core/record.h"
#include "shell/trace.h"
#include "table/table_priv.h"
#include "ui/ui.h"

int table_hint_allowed(const table *t)
{
    switch (t->m.hints) {
    case MATCH_HINTS_ON: return 1;
    case MATCH_HINTS_OFF: return 0;
    default: return table_humans(t) <= 1; /* nobody to be unfair to */
    }
}

int table_hint_move(const table *t, game_move *m, const char **why)
{
    if (!t->hint.shown)
        return -1;
    if (m)
        *m = t->hint.move;
    if (why)
        *why = t->hint.why;
    return 0;
}

void table_hint_forget(table *t)
{
    if (t->hint.shown && t->hint.cursor != t->rec.cursor)
        t->hint.shown = 0;
}

void table_hint_ask(table *t, shell *sh)
{
    const game_rules *g = table_rules(t);
    int seat = g->current_player(t->st);
    char text[RECORD_MOVE_LEN];
    (void)sh; /* the intent's signature */
    if (t->hint.shown) {
        t->hint.shown = 0;
        trace_line("%s hint dismissed", t->ops->trace);
        return;
    }
    if (!t->ops->hint || !table_hint_allowed(t)) {
        table_refuse(t, -1, "Hints are off in this match: setup can turn them on.");
        return;
    }
    if (seat < 0 || !table_may_act(t, seat) || table_busy(t)) {
        table_refuse(t, -1, "A hint is for your own turn.");
        return;
    }
    /* the computer's seed for this position, turned: the same hint every time it is asked here */
    if (hint_choose(g, t->st, table_ai_seed(&t->rec) ^ 0x48494e54ULL, &t->hint.move, t->hint.why,
                    sizeof t->hint.why) != 0) {
        table_refuse(t, -1, "There is no move to hint at.");
        return;
    }
    t->hint.shown = 1;
    t->hint.cursor = t->rec.cursor;
    t->m.hints_used++;
    if (g->move_write(t->st, &t->hint.move, text, sizeof text) < 0)
        snprintf(text, sizeof text, "?");
    trace_line("%s hint: %s (%s)", t->ops->trace, text, t->hint.why);
}

void table_hint_draw(table *t, shell *sh, render *r)
{
    const table_row *row = &t->row;
    char line[128];
    float left, right, h, y;
    int lines;
    rrect box;
    if (!t->hint.shown || !row->placed || row->n == 0)
        return;
    /* over the button row, as wide as the row: one line, or two at UI_MIN */
    left = row->slot[0].x;
    right = row->slot[0].x + row->slot[0].w;
    y = row->slot[0].y;
    for (int i = 1; i < row->n; i++) {
        left = fminf(left, row->slot[i].x);
        right = fmaxf(right, row->slot[i].x + row->slot[i].w);
        y = fminf(y, row->slot[i].y);
    }
    if (right - left < 360) { /* a narrow row: widen about its middle, kept on the screen */
        float mid = (left + right) / 2;
        left = fmaxf(20, mid - 180);
        right = fminf(shell_vw(sh) - 20, left + 360);
    }
    snprintf(line, sizeof line, "Hint: %s", t->hint.why[0] ? t->hint.why : "this move");
    /* lines at UI_MIN, a little slack for the words' breaks */
    lines = (int)ceilf(render_text_width(r, FONT_SANS, UI_MIN, line) * 1.15f / (right - left - 32));
    h = lines <= 1 ? 48 : 16 + 28 * (float)lines;
    box = (rrect){left, y - h - 12, right - left, h};
    if (box.y < 12)
        box.y = y + 12;
    ui_draw_panel(r, box);
    ui_text_fit(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){box.x + 16, box.y + 8, box.w - 32, box.h - 16}, TEXT_CENTER,
                UI_INK, line);
}
