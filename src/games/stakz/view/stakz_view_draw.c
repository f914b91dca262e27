/* Drawing the Stakz table from what the viewer may know (the observation):
 * the seats along the top, the mat with its stacks (stakz_view_tiles.c),
 * the draw pile and the move log beside it, the viewer's hand, the modal
 * panels and the hint bar. */
#include "games/stakz/view/stakz_view_priv.h"
#include "app/input.h"
#include "shell/settings.h"

#define MAT_FELT ((rcolor){28, 78, 68, 255})

/* ---------------------------------------------------------------- parts */

/* A dark pill under words on the bare wood (the status line, the hand's
 * head): the light wood is too pale under gold or cream. */
static void draw_plate(render *r, rrect b)
{
    render_round_rect(r, b, b.h / 2, (rcolor){30, 18, 8, 170});
    ui_audit_box(b);
}

/* One line of words centred in box on a plate fitted to them. */
static void draw_plated_line(render *r, font_face f, rrect box, rcolor c, const char *s)
{
    float w = fminf(box.w, render_text_width(r, f, UI_BODY, s) + 48);
    draw_plate(r, (rrect){box.x + (box.w - w) / 2, box.y + (box.h - 48) / 2, w, 48});
    ui_text_center(r, f, UI_BODY, box, c, s);
}

static void draw_opponent(render *r, shell *sh, stakz_view *v, int p)
{
    const stakz_state *s = &v->obs;
    rrect box = v->opp[p];
    int turn = stakz_current(v->st) == p, n = s->nhand[p];
    char name[64], kind[48], pts[32];
    float x, y, step, avail;
    /* dark under the names and counts, the turn's warmer and ringed in gold:
     * a light wash over the light wood leaves gold and cream too faint */
    render_round_rect(r, box, 20, turn ? (rcolor){60, 36, 8, 140} : (rcolor){0, 0, 0, 80});
    if (turn)
        render_round_outline(r, box, 20, 3, UI_GOLD);
    table_seat_name(table_match(v->t), p, kind, sizeof kind);
    table_seat_label(v->t, p, name, sizeof name);
    snprintf(pts, sizeof pts, "%d pt%s", s->score[p], s->score[p] == 1 ? "" : "s");
    if (turn && table_thinking(v->t)) {
        int dots = (int)(table_time(v->t) * 3) % 4;
        size_t k = strlen(kind);
        snprintf(kind + k, sizeof kind - k, " \xc2\xb7 thinking%.*s", dots, "...");
    }
    {
        float pw = render_text_width(r, FONT_SANS_BOLD, UI_BODY, pts);
        ui_audit_box(box);
        ui_draw_seat_name(r, p, FONT_SANS_BOLD, UI_BODY, box.x + 16, box.y + 6, turn ? UI_GOLD : UI_CREAM, name);
        render_text(r, FONT_SANS_BOLD, UI_BODY, box.x + box.w - 16 - pw, box.y + 6, UI_GOLD, pts);
        ui_text_fit(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){box.x + 16, box.y + 42, box.w - 32, 28}, TEXT_LEFT,
                    (rcolor){240, 222, 196, 255}, kind);
    }
    /* the hand as backs in their colours, in colour order; a count at the end */
    {
        char cnt[16];
        snprintf(cnt, sizeof cnt, "%d", n);
        avail = box.w - 32 - 56;
        step = n > 1 ? fminf(BACK_TILE + 5, (avail - BACK_TILE) / (float)(n - 1)) : 0;
        x = box.x + 16;
        y = box.y + 76;
        for (int c = 0; c < STAKZ_COLOURS; c++)
            for (int i = 0; i < hand_colour(s, p, c); i++) {
                rrect t = {x, y, BACK_TILE, BACK_TILE};
                if (i == hand_colour(s, p, c) - 1 && v->mark_seat == p && v->mark_drew >= 0 &&
                    stakz_colour((uint8_t)v->mark_drew) == c)
                    stakz_mark_under(r, (rrect){t.x, t.y, t.w, t.h + stakz_edge(t.w)}, p); /* the tile it drew */
                stakz_draw_tile(r, sh, t, STAKZ_UNKNOWN(c), 255);
                x += step;
            }
        /* after the last back, or at the start of an empty hand */
        x = n > 0 ? x - step + BACK_TILE + 12 : box.x + 16;
        render_text(r, FONT_SANS_BOLD, UI_BODY, x, y + 1, UI_CREAM, cnt);
    }
}

/* The side panel, and in its top the pile by colour, as everyone sees it: a
 * tile back, the colour and how many (the log's well is under it). */
static void draw_pile(render *r, shell *sh, stakz_view *v)
{
    const stakz_state *s = &v->obs;
    rrect b = v->pile_box;
    char t[32];
    float colw = (b.w - 16) / STAKZ_COLOURS; /* "Orange" fits at 4:3 */
    ui_draw_panel(r, v->side);
    ui_audit_box(v->side);
    snprintf(t, sizeof t, "Draw pile \xc2\xb7 %d", s->npile);
    /* in line with the log's heading in its well below */
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 32, b.y + 14, b.w - 64, 40}, TEXT_LEFT, UI_INK, t);
    for (int c = 0; c < STAKZ_COLOURS; c++) {
        rrect tile = stakz_pile_tile(v, c);
        float x = b.x + 8 + colw * (float)c, y = tile.y + tile.h + stakz_edge(tile.w) + 4;
        int on = s->pile_cols[c] > 0;
        rcolor ink = on ? UI_INK : UI_INK_SOFT;
        stakz_draw_tile(r, sh, tile, STAKZ_UNKNOWN(c), on ? 255 : 80);
        ui_text_fit(r, FONT_SANS, UI_MIN, UI_MIN, (rrect){x, y, colw, 24}, TEXT_CENTER, ink, colour_caps[c]);
        snprintf(t, sizeof t, "%d", s->pile_cols[c]);
        ui_text_center(r, FONT_SANS_BOLD, UI_BODY, (rrect){x, y + 24, colw, 32}, ink, t);
    }
}

/* The baize the stacks stand on, with a stitched edge. */
static void draw_mat(render *r, stakz_view *v)
{
    rrect m = v->mat;
    render_shadow(r, (rrect){m.x, m.y + 6, m.w, m.h}, 26, 18, (rcolor){0, 0, 0, 120});
    render_round_rect(r, m, 26, (rcolor){18, 52, 44, 255});
    render_round_rect(r, (rrect){m.x + 5, m.y + 5, m.w - 10, m.h - 10}, 22, MAT_FELT);
    render_round_outline(r, (rrect){m.x + 13, m.y + 13, m.w - 26, m.h - 26}, 16, 2, (rcolor){150, 196, 170, 70});
    ui_audit_box(m);
}

static void draw_hand(render *r, shell *sh, stakz_view *v)
{
    const stakz_state *s = &v->obs;
    int vs = table_viewer_seat(v->t), mine = table_seat_human(v->t, vs);
    char head[96], name[48];
    rrect hh = v->hand_head;
    if (table_private_seat(v->t) < 0) {
        /* every hand is on its phone (the curtain draws nothing here) */
        /* a replay watched from the public view shows no hand either */
        const char *phones =
            table_replaying(v->t) ? "The public view: no player's tiles show." : "Every player's tiles are on their phone.";
        draw_plate(r, (rrect){hh.x - 8, hh.y,
                              fminf(hh.w + 8, render_text_width(r, FONT_SANS_BOLD, UI_BODY, phones) + 26), hh.h});
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){hh.x + 4, hh.y, hh.w - 4, hh.h}, TEXT_LEFT, UI_CREAM,
                    phones);
        return;
    }
    if (table_replaying(v->t)) { /* watched through a seat's eyes: whose they are */
        char who[48], whose[64];
        table_seat_name(table_match(v->t), vs, who, sizeof who);
        snprintf(whose, sizeof whose, "%s's tiles", who);
        snprintf(head, sizeof head, "%s \xc2\xb7 %s \xc2\xb7 %d tile%s \xc2\xb7 %d pt%s", whose,
                 table_seat_label(v->t, vs, name, sizeof name), s->nhand[vs], s->nhand[vs] == 1 ? "" : "s",
                 s->score[vs], s->score[vs] == 1 ? "" : "s");
    } else
        snprintf(head, sizeof head, "%s \xc2\xb7 %s \xc2\xb7 %d tile%s \xc2\xb7 %d pt%s", mine ? "Your tiles" : "Tiles",
                 table_seat_label(v->t, vs, name, sizeof name), s->nhand[vs], s->nhand[vs] == 1 ? "" : "s",
                 s->score[vs], s->score[vs] == 1 ? "" : "s");
    {
        float size = ui_text_fit_size(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, hh.w - 34, head);
        draw_plate(r, (rrect){hh.x - 8, hh.y,
                              fminf(hh.w + 8, 34 + 8 + render_text_width(r, FONT_SANS_BOLD, size, head) + 18), hh.h});
    }
    ui_draw_seat_mark(r, vs, hh.x + 12, hh.y + hh.h / 2, 24);
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){hh.x + 34, hh.y, hh.w - 34, hh.h}, TEXT_LEFT,
                stakz_current(v->st) == vs ? UI_GOLD : UI_CREAM, head);
    if (s->nhand[vs] == 0)
        draw_plated_line(r, FONT_SANS_OBLIQUE, v->hand_box, UI_CREAM, "No tiles left");
    stakz_draw_hand_tiles(r, sh, v);
}

static void draw_buttons(render *r, shell *sh, stakz_view *v)
{
    int decides = viewer_decides(v);
    const char *end = "End turn";
    if (table_replaying(v->t))
        return; /* a replay is watched: nothing here to press */
    if (table_over(v->t)) {
        ui_draw_button(r, v->end_r, "Score", v->nav.hover == ID_SCORE, 1, 1);
        return;
    }
    if (decides && !stakz_can_end(v->st, STAKZ_END_ANY))
        end = "End & draw";
    ui_draw_button(r, v->end_r, end, v->nav.hover == ID_END, decides, 1);
    (void)sh; /* the midend draws the button row (undo, menu) under it */
}

static void draw_status(render *r, shell *sh, stakz_view *v)
{
    char t[128];
    float w, mark;
    rrect b = v->status;
    /* another seat's turn names it: its mark goes before the words */
    int seat = !viewer_decides(v) && !table_over(v->t) ? stakz_current(v->st) : -1;
    stakz_status_text(v, t, sizeof t);
    if (!t[0])
        return;
    mark = seat >= 0 ? 34 : 0;
    w = fminf(b.w, render_text_width(r, FONT_SANS_BOLD, UI_BODY, t) + 48 + mark);
    b = (rrect){b.x + (b.w - w) / 2, b.y, w, b.h};
    draw_plate(r, b);
    if (seat >= 0)
        ui_draw_seat_mark(r, seat, b.x + 24 + 11, b.y + b.h / 2, 22);
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 24 + mark, b.y, b.w - 48 - mark, b.h}, TEXT_CENTER,
                viewer_decides(v) ? UI_GOLD : UI_CREAM, t);
    (void)sh;
}

static void draw_picker(render *r, shell *sh, stakz_view *v)
{
    const stakz_state *s = &v->obs;
    ui_draw_dim(r, shell_vw(sh), 120);
    ui_draw_panel(r, v->panel);
    ui_text_center(r, FONT_SERIF_BOLD, UI_HEAD, (rrect){v->panel.x, v->panel.y + 26, v->panel.w, 50}, UI_INK,
                   "Draw a tile");
    ui_text_center(r, FONT_SANS, UI_BODY, (rrect){v->panel.x, v->panel.y + 78, v->panel.w, 36}, UI_INK_SOFT,
                   "Pick its colour: the symbol stays a surprise.");
    for (int c = 0; c < STAKZ_COLOURS; c++) {
        rrect b = v->pick_r[c];
        int on = s->pile_cols[c] > 0, focus = v->nav.focus == ID_PICK + c;
        char t[24];
        float d = fminf(56, b.h - 94), ty = b.y + 8 + d + stakz_edge(d) + 6;
        ui_audit_box(b);
        render_round_rect(r, b, 16, focus ? (rcolor){255, 224, 150, 255} : (rcolor){250, 242, 226, 255});
        render_round_outline(r, b, 16, 2, (rcolor){120, 96, 70, 255});
        stakz_draw_tile(r, sh, (rrect){b.x + (b.w - d) / 2, b.y + 8, d, d}, STAKZ_UNKNOWN(c), on ? 255 : 80);
        snprintf(t, sizeof t, "%s", colour_caps[c]);
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 4, ty, b.w - 8, 30},
                    TEXT_CENTER, on ? UI_INK : UI_DISABLED, t);
        snprintf(t, sizeof t, "%d left", s->pile_cols[c]);
        ui_text_fit(r, FONT_SANS, UI_MIN + 2, UI_MIN, (rrect){b.x + 4, ty + 34, b.w - 8, 26}, TEXT_CENTER,
                    on ? UI_INK_SOFT : UI_DISABLED, t);
    }
    ui_draw_button(r, v->cancel_r, "Cancel", v->nav.focus == ID_CANCEL, 1, 0);
}

static void draw_round(render *r, shell *sh, stakz_view *v)
{
    rrect p = v->panel;
    char t[96];
    float y, colw;
    int n = table_match(v->t)->params.players;
    ui_draw_dim(r, shell_vw(sh), 120);
    ui_draw_panel(r, p);
    if (v->round_winner >= 0) {
        char who[48];
        snprintf(t, sizeof t, "%s wins the round!", table_seat_label(v->t, v->round_winner, who, sizeof who));
    } else
        snprintf(t, sizeof t, "Nobody could place a tile: the round ends.");
    ui_text_fit(r, FONT_SERIF_BOLD, UI_HEAD, UI_BODY, (rrect){p.x + 30, p.y + 26, p.w - 60, 54}, TEXT_CENTER, UI_INK, t);
    ui_text_center(r, FONT_SANS, UI_BODY, (rrect){p.x, p.y + 86, p.w, 36}, UI_INK_SOFT,
                   "One point for each tile left in hand.");
    colw = (p.w - 60) / (float)n;
    y = p.y + 150;
    for (int s = 0; s < n; s++) {
        rrect c = {p.x + 30 + colw * (float)s, y, colw, 150};
        float nw;
        ui_audit_box(c);
        table_seat_label(v->t, s, t, sizeof t);
        nw = fminf(c.w, ui_seat_name_width(r, FONT_SANS_BOLD, UI_BODY, t));
        ui_draw_seat_name(r, s, FONT_SANS_BOLD, UI_BODY, c.x + (c.w - nw) / 2, c.y, UI_INK, t);
        snprintf(t, sizeof t, "+%d", v->round_points[s]);
        ui_text_center(r, FONT_SERIF_BOLD, UI_HEAD, (rrect){c.x, c.y + 40, c.w, 50},
                       s == v->round_winner ? UI_ACCENT_INK : UI_INK, t);
        snprintf(t, sizeof t, "total %d", v->st->score[s]);
        ui_text_fit(r, FONT_SANS, UI_BODY, UI_MIN, (rrect){c.x, c.y + 96, c.w, 36}, TEXT_CENTER, UI_INK_SOFT, t);
    }
    if (!table_replaying(v->t)) /* a replay's round scores go by themselves */
        ui_draw_button(r, v->ok_r, v->st->over ? "Final scores" : "Next round", 1, 1, 1);
}

static void draw_flights(render *r, shell *sh, stakz_view *v, float alpha)
{
    if (v->nfl > 0)
        stakz_draw_tile(r, sh, stakz_flight_at(v, alpha), v->fl.code, 255);
    if (v->dragging && v->press_code >= 0)
        stakz_draw_tile(r, sh, (rrect){v->px - HAND_TILE / 2, v->py - HAND_TILE / 2, HAND_TILE, HAND_TILE},
                        v->press_code, 235);
}

void stakz_view_draw(void *vv, shell *sh, render *r, float alpha)
{
    stakz_view *v = vv;
    ui_draw_table(r, shell_vw(sh));
    for (int p = 0; p < table_match(v->t)->params.players; p++)
        if (v->opp[p].w > 0)
            draw_opponent(r, sh, v, p);
    draw_mat(r, v);
    if (!v->round_show && !v->picking) {
        /* a modal panel takes the middle of the table */
        draw_status(r, sh, v);
        draw_pile(r, sh, v);
        table_log_draw(v->t, sh, r, v->log_box);
        stakz_draw_stacks(r, sh, v, alpha);
    }
    draw_hand(r, sh, v);
    draw_buttons(r, sh, v);
}

int stakz_hints(const stakz_view *v, const shell *sh, ui_hint *h)
{
    int n = 0;
    if (table_peek_offered(v->t) && !v->round_show && !v->picking)
        h[n++] = (ui_hint){UI_HINT_PEEK, "See your hand"}; /* phones' players are in the room */
    if (v->round_show) {
        h[n++] = (ui_hint){ACT_ACCEPT, "Continue"};
    } else if (v->picking) {
        h[n++] = (ui_hint){ACT_ACCEPT, "Draw"};
        h[n++] = (ui_hint){ACT_BACK, "Cancel"};
    } else if (table_over(v->t)) {
        h[n++] = (ui_hint){ACT_ACCEPT, "See the score"};
        h[n++] = (ui_hint){ACT_BACK, "Menu"};
    } else if (!viewer_decides(v)) {
        /* another seat's turn: nothing of the turn's own to press */
        h[n++] = (ui_hint){ACT_ALT, "Rules"};
        h[n++] = (ui_hint){ACT_BACK, "Menu"};
    } else if (v->sel >= 0) {
        h[n++] = (ui_hint){UI_HINT_POINT, "Place it"};
        h[n++] = (ui_hint){ACT_BACK, "Put back"};
        h[n++] = (ui_hint){ACT_EXTRA, "End turn"};
        h[n++] = (ui_hint){ACT_PREV_TAB, table_can_undo(v->t) ? "Undo" : NULL};
    } else {
        /* "Drag a tile to a stack" by mouse; "(A) Pick a tile" by controller or keys */
        if (shell_input(sh)->last_device == DEV_MOUSE)
            h[n++] = (ui_hint){UI_HINT_DRAG, "a tile to a stack"};
        else
            h[n++] = (ui_hint){UI_HINT_POINT, "Pick a tile"};
        h[n++] = (ui_hint){ACT_EXTRA, "End turn"};
        h[n++] = (ui_hint){ACT_PREV_TAB, table_can_undo(v->t) ? "Undo" : NULL};
        h[n++] = (ui_hint){ACT_ALT, "Rules"};
    }
    return n;
}

/* Over the midend's button row: tiles in flight, the modal panels, the hints and the focus ring. */
void stakz_view_draw_top(void *vv, shell *sh, render *r, float alpha)
{
    stakz_view *v = vv;
    ui_hint h[6];
    int n;
    draw_flights(r, sh, v, alpha);
    if (v->round_show)
        draw_round(r, sh, v);
    else if (v->picking)
        draw_picker(r, sh, v);
    n = stakz_hints(v, sh, h);
    ui_draw_hint_bar(r, sh, h, n);
    ui_nav_draw(&v->nav, r, alpha, ui_focus_visible(sh) && !table_over(v->t));
}
