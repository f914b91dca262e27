#include "table/table_log.h"
#include "table/lesson.h"

#include <stdio.h>
#include <string.h>

#include "table/table.h"
#include "table/table_hint.h"
#include "ui/ui.h"

void table_log_clear(table_log *lg) { memset(lg, 0, sizeof *lg); }

void table_log_add(table_log *lg, table_describe_fn describe, const game_rules *g, const void *before,
                   const game_move *m, int seat)
{
    int slot;
    char *line;
    if (lg->n == TABLE_LOG_LINES) {
        lg->first = (lg->first + 1) % TABLE_LOG_LINES;
        lg->n--;
    }
    slot = (lg->first + lg->n++) % TABLE_LOG_LINES;
    line = lg->line[slot];
    lg->seat[slot] = seat;
    lg->total++;
    line[0] = '\0';
    if (describe)
        describe(before, m, line, TABLE_LOG_LEN);
    /* a view without words of its own (or with none for this move) logs the notation */
    if (!line[0]) {
        char text[RECORD_MOVE_LEN];
        if (g->move_write(before, m, text, sizeof text) < 0)
            snprintf(text, sizeof text, "?");
        snprintf(line, TABLE_LOG_LEN, "played %s", text);
    }
}

int table_log_rebuild(table_log *lg, table_describe_fn describe, const game_rules *g, const game_record *rec,
                      void *scratch)
{
    char err[200];
    table_log_clear(lg);
    if (rec->cursor <= 0)
        return 0;
    if (record_replay(rec, 0, scratch, err, sizeof err) != 0)
        return -1;
    for (int i = 0; i < rec->cursor; i++) {
        game_move m;
        int seat = g->current_player(scratch);
        if (g->move_read(scratch, rec->moves[i], &m, err, sizeof err) != 0)
            return -1;
        table_log_add(lg, describe, g, scratch, &m, seat);
        if (g->apply(scratch, &m) != 0)
            return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- drawing */

#define LOG_SIZE 24.0f /* a line's text: read from a sofa (UI_SMALL and up) */
#define LOG_MARK 20.0f

/* The log's lines in box, newest first. */
static void draw_lines(const table *t, render *r, rrect box)
{
    rrect inner = {box.x + 18, box.y + 14, box.w - 36, box.h - 24};
    float y, lh = render_line_height(r, FONT_SANS, LOG_SIZE), text_x = inner.x + LOG_MARK + 12;
    char head[48];
    int cut = 0;
    ui_audit_box(box);
    render_round_rect(r, box, 14, UI_PAPER);
    if (table_log_total(t) > 0)
        snprintf(head, sizeof head, "Moves \xc2\xb7 %d", table_log_total(t));
    else
        snprintf(head, sizeof head, "Moves");
    render_text(r, FONT_SANS_BOLD, UI_SMALL, inner.x, inner.y, UI_INK_SOFT, head);
    y = inner.y + render_line_height(r, FONT_SANS_BOLD, UI_SMALL) + 6;
    if (table_log_count(t) == 0) {
        render_text_wrapped(r, FONT_SANS, LOG_SIZE, inner.x, y, inner.w, TEXT_LEFT, UI_INK_SOFT,
                            "No moves yet.", 1);
        return;
    }
    render_push_clip(r, (rrect){box.x, y, box.w, inner.y + inner.h - y});
    for (int i = 0; i < table_log_count(t) && !cut; i++) {
        int seat;
        const char *words = table_log_line(t, i, &seat);
        char name[48], line[TABLE_LOG_LEN + 48];
        font_face f = i == 0 ? FONT_SANS_BOLD : FONT_SANS;
        float h;
        snprintf(line, sizeof line, "%s %s", table_seat_label(t, seat, name, sizeof name), words);
        h = render_text_wrapped(r, f, LOG_SIZE, text_x, y, inner.x + inner.w - text_x, TEXT_LEFT, UI_INK, line, 0);
        ui_draw_seat_mark(r, seat, inner.x + LOG_MARK / 2, y + lh / 2, LOG_MARK);
        render_text_wrapped(r, f, LOG_SIZE, text_x, y, inner.x + inner.w - text_x, TEXT_LEFT,
                            i == 0 ? UI_INK : UI_INK_SOFT, line, 1);
        y += h + 6;
        cut = y > inner.y + inner.h;
    }
    if (cut)
        ui_draw_list_fade(r, (rrect){box.x, box.y, box.w, inner.y + inner.h - box.y + 4}, 14, UI_PAPER,
                          UI_FADE_BOTTOM);
    render_pop_clip(r);
}

void table_log_draw(const table *t, shell *sh, render *r, rrect box)
{
    if (lesson_draw_panel(t, sh, r, box))
        return; /* a lesson's step shows its words where the log goes */
    draw_lines(t, r, box);
    table_hint_draw_in(t, r, box); /* a hint's words over the oldest lines */
}
