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

/* Whether the row holds the Hint button now. */
static int row_has_hint(const table_row *row)
{
    for (int i = 0; i < row->n; i++)
        if (row->which[i] == TABLE_BUTTON_HINT)
            return 1;
    return 0;
}

int table_hint_offered(const table *t) { return row_has_hint(&t->row) && !t->over; }

void table_hint_sync(table *t)
{
    /* a lesson's panel says what to do, a replay's controls are the replay screen's */
    int want = t->ops->hint && !t->replay && !t->lesson && table_hint_allowed(t);
    if (want == row_has_hint(&t->row))
        return;
    table_row_init(&t->row, t->ops, want); /* the view places the new row on its next layout */
    if (!want && t->hint.shown) {
        t->hint.shown = 0;
        trace_line("%s hint dismissed", t->ops->trace);
    }
    trace_line("%s hint button %s", t->ops->trace, want ? "shown" : "hidden");
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

void table_hint_draw_in(const table *t, render *r, rrect box)
{
    static const rcolor fill = {255, 248, 232, 255};
    char line[128];
    float size, head, th, h, maxh;
    rrect panel;
    if (!t->hint.shown || t->curtain >= 0)
        return;
    /* over the log's oldest lines (the newest is at its top): the board, the
     * hands, the piles and the legends stay in sight, and the hinted move is lit there */
    snprintf(line, sizeof line, "%s", t->hint.why[0] ? t->hint.why : "This move.");
    if (line[0] >= 'a' && line[0] <= 'z')
        line[0] = (char)(line[0] - 'a' + 'A'); /* a sentence of its own under "Hint" */
    head = render_line_height(r, FONT_SANS_BOLD, UI_SMALL);
    maxh = box.h - 16 - 28 - head - 6; /* the log's heading stays above it */
    for (size = UI_SMALL; size > UI_MIN; size -= 1)
        if (render_text_wrapped(r, FONT_SANS, size, 0, 0, box.w - 16 - 32, TEXT_LEFT, UI_INK, line, 0) <= maxh)
            break;
    th = render_text_wrapped(r, FONT_SANS, size, 0, 0, box.w - 16 - 32, TEXT_LEFT, UI_INK, line, 0);
    h = fminf(24 + head + 6 + th, box.h - 16);
    panel = (rrect){box.x + 8, box.y + box.h - 8 - h, box.w - 16, h};
    ui_audit_box(panel);
    render_round_rect(r, panel, 12, fill);
    render_round_outline(r, panel, 12, 2, UI_ACCENT_INK);
    render_text(r, FONT_SANS_BOLD, UI_SMALL, panel.x + 16, panel.y + 12, UI_ACCENT_INK, "Hint");
    render_push_clip(r, panel);
    render_text_wrapped(r, FONT_SANS, size, panel.x + 16, panel.y + 12 + head + 6, panel.w - 32, TEXT_LEFT, UI_INK, line,
                        1);
    render_pop_clip(r);
}
