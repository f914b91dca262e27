/* Who sits where and who sees what at a turn-based table: the viewer, the
 * hot-seat curtain, the cover over the one hand on the TV among phones'
 * players and its peek, and the pause menu's hand-over of an away phone's
 * seat (table.c runs the rest of the midend). */
#include <stdio.h>

#include "audio/audio.h"
#include "core/log.h"
#include "shell/trace.h"
#include "table/lesson.h"
#include "table/phones.h"
#include "table/table.h"
#include "table/table_priv.h"
#include "ui/seat.h"
#include "ui/ui.h"

/* Whether this match passes the screen behind a curtain (a house rule may decide). */
int table_uses_curtain(const table *t) { return t->ops->hides ? t->ops->hides(&t->m) : t->ops->curtain; }

/* A person at the screen: a human seat not played on a phone. */
static int seat_local(const table *t, int s) { return table_seat_human(t, s) && !phones_seat(s); }

int table_may_act(const table *t, int seat)
{
    if (t->replay || t->over || seat < 0 || !table_seat_human(t, seat) || table_hides_private(t))
        return 0;
    if (lesson_continue_word(t))
        return 0; /* a lesson's step waits for Continue: no move is offered (#29) */
    /* hot seat: only the person the screen shows; else any person at it */
    return !table_uses_curtain(t) || seat == t->viewer;
}

/* Hot seat: one human always sees through their own eyes; with two or more,
 * the screen goes behind a curtain whenever another human must decide.
 * Seats on phones see their hands there, so only people at the screen count;
 * when every person is on a phone, the screen shows nobody's hand. */
void table_choose_viewer(table *t)
{
    int d = table_rules(t)->current_player(t->st), h = 0;
    for (int s = 0; s < t->m.params.players; s++)
        h += seat_local(t, s);
    t->all_phones = h == 0 && table_humans(t) > 0;
    /* The phones' players sit in the room too: the one hand on the TV hides
     * unless its player holds a peek control. */
    t->cover = h == 1 && table_humans(t) > 1;
    if (t->all_phones || (t->viewer >= 0 && !seat_local(t, t->viewer) && table_humans(t) > 0)) {
        t->viewer = -1; /* the viewer went to a phone */
        t->curtain = -1;
        t->handoff = -1;
        t->hold = 0;
    }
    if (t->curtain >= 0 && (!seat_local(t, t->curtain) || h <= 1)) {
        t->curtain = -1; /* its seat went to a phone, or one person is left at the screen */
        t->handoff = -1;
    }
    if (t->all_phones)
        return;
    if (h == 1) {
        for (int s = 0; s < t->m.params.players; s++)
            if (seat_local(t, s))
                t->viewer = s;
    } else if (h >= 2 && d >= 0 && seat_local(t, d) && d != t->viewer && t->curtain != d) {
        if (t->hold && t->viewer >= 0) {
            /* the viewer first dismisses what their move showed them */
            if (t->handoff != d)
                trace_line("%s handoff p%d", t->ops->trace, d + 1);
            t->handoff = d;
        } else {
            t->curtain = d;
            trace_line("%s curtain p%d", t->ops->trace, d + 1);
        }
    }
    if (t->viewer < 0 && h != 1 && t->curtain < 0) {
        t->viewer = 0;
        for (int s = t->m.params.players - 1; s >= 0 && h >= 2; s--)
            if (seat_local(t, s))
                t->viewer = s; /* the first person at the screen, not a phone's seat */
    }
}

void table_refresh_viewer(table *t, shell *sh)
{
    if (table_uses_curtain(t))
        table_choose_viewer(t);
    table_view_changed(t, sh, TABLE_LIFTED);
}

/* The person at the TV holds a peek control or lets go: their hand shows
 * while it is held (only with a cover, and not once the game is over). */
void table_peek_update(table *t, shell *sh)
{
    int on = table_peek_offered(t) && input_peeking(shell_input(sh)) != 0;
    if (on == t->peeking)
        return;
    t->peeking = on;
    trace_line("%s peek %s p%d", t->ops->trace, on ? "on" : "off", table_viewer_seat(t) + 1);
    table_view_changed(t, sh, TABLE_LIFTED);
}

void table_lift_curtain(table *t, shell *sh)
{
    trace_line("%s curtain lifted p%d", t->ops->trace, t->curtain + 1);
    t->viewer = t->curtain;
    t->curtain = -1;
    audio_play(SFX_CLICK);
    table_view_changed(t, sh, TABLE_LIFTED);
}

/* The viewer has seen what their move showed them: down comes the curtain. */
void table_pass_screen(table *t)
{
    if (t->handoff < 0)
        return;
    t->curtain = t->handoff;
    t->handoff = -1;
    t->hold = 0;
    audio_play(SFX_CLICK);
    trace_line("%s curtain p%d", t->ops->trace, t->curtain + 1);
}

/* The menu's seat action k: an away phone's seat goes to the computer, or
 * back to people (the TV plays it, and a phone may join it with the room
 * code), so a match never waits for a phone that is gone. */
void table_hand_seat(table *t, shell *sh, int k)
{
    int s, to_tv;
    char err[200];
    if (k < 0 || k >= t->menu_extra.nseat)
        return;
    s = t->menu_extra.seat[k].seat;
    to_tv = t->menu_extra.seat[k].to_tv;
    if (phones_seat(s))
        phones_release(sh, &t->m, s);
    match_setup_set_seat(&t->m, s, to_tv ? SEAT_HUMAN : SEAT_COMPUTER);
    t->m.handed = to_tv ? t->m.handed & ~(1u << s) : t->m.handed | 1u << s; /* saved with the seats */
    if (phones_open(sh, &t->m, err, sizeof err) != 0)
        log_warn("phones: %s", err);
    trace_line("%s seat p%d %s", t->ops->trace, s + 1, to_tv ? "people" : "computer");
    table_ai_cancel(t);
    table_pace(t);
    table_position_changed(t, sh, TABLE_LIFTED);
}

/* Hot seat: the screen says whom to pass it to, and nothing private shows. */
void table_draw_curtain(table *t, shell *sh, render *r)
{
    float pw = shell_vw(sh) - 80 < 760 ? shell_vw(sh) - 80 : 760;
    rrect p = {(shell_vw(sh) - pw) / 2, 330, pw, 360}, ready = {p.x + (pw - 360) / 2, p.y + 240, 360, 76};
    char who[48], line[64];
    snprintf(line, sizeof line, "Pass to %s", table_seat_label(t, t->curtain, who, sizeof who));
    ui_draw_panel(r, p);
    {
        /* the seat's mark before its name, as everywhere */
        float tw = render_text_width(r, FONT_SERIF_BOLD, UI_TITLE, line), mark = 48, x = p.x + (p.w - tw - mark - 20) / 2;
        ui_draw_seat_mark(r, t->curtain, x + mark / 2, p.y + 105, mark);
        ui_text_center(r, FONT_SERIF_BOLD, UI_TITLE, (rrect){x + mark + 20, p.y + 60, tw, 90}, UI_INK, line);
    }
    ui_text_center(r, FONT_SANS, UI_BODY, (rrect){p.x, p.y + 170, p.w, 40}, UI_INK_SOFT, "Everyone else, look away.");
    ui_audit_box(ready);
    ui_draw_button(r, ready, "I am ready", 1, 1, 1);
}
