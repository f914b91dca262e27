/* Drawing the Stakz table from what the viewer may know (the observation):
 * tiles face up with their symbol, backs in their public colour, the
 * colour-blind patterns when the setting asks, and the modal panels. */
#include "games/stakz/view/stakz_view_priv.h"
#include "app/input.h"
#include "shell/settings.h"

static rcolor with_alpha(rcolor c, uint8_t alpha)
{
    c.a = (uint8_t)(c.a * alpha / 255);
    return c;
}

static rcolor darker(rcolor c, float k)
{
    return (rcolor){(uint8_t)(c.r * k), (uint8_t)(c.g * k), (uint8_t)(c.b * k), c.a};
}

void stakz_draw_tile(render *r, const shell *sh, rrect c, int code, uint8_t alpha)
{
    int col = stakz_colour((uint8_t)code), back = code >= STAKZ_CODES;
    float rad = c.w * 0.14f, bw = fmaxf(2, c.w * 0.06f);
    rrect in = {c.x + bw, c.y + bw, c.w - 2 * bw, c.h - 2 * bw};
    rcolor base = with_alpha(colour_rgb[col], alpha);
    render_shadow(r, c, rad, c.w > 60 ? 7 : 4, (rcolor){0, 0, 0, (uint8_t)(alpha * 0.42f)});
    render_round_rect(r, c, rad, (rcolor){250, 244, 232, alpha});
    render_round_rect(r, in, rad * 0.7f, back ? darker(base, 0.82f) : base);
    if (shell_settings(sh)->v[SETTING_colorblind])
        render_sprite(r, render_sprite_find(r, mark_sprites[col]), in, (rcolor){255, 255, 255, (uint8_t)(alpha * 0.34f)});
    if (back) {
        /* the back: the game's mark, no symbol */
        float d = in.w * 0.62f;
        render_sprite(r, render_sprite_find(r, "stakz/back"),
                      (rrect){in.x + (in.w - d) / 2, in.y + (in.h - d) / 2, d, d},
                      (rcolor){255, 255, 255, (uint8_t)(alpha * 0.5f)});
    } else {
        float d = in.w * 0.7f;
        rrect s = {in.x + (in.w - d) / 2, in.y + (in.h - d) / 2, d, d};
        sprite_id sp = render_sprite_find(r, symbol_sprites[stakz_symbol((uint8_t)code)]);
        render_sprite(r, sp, (rrect){s.x + d * 0.03f, s.y + d * 0.05f, d, d}, (rcolor){0, 0, 0, (uint8_t)(alpha * 0.3f)});
        render_sprite(r, sp, s, (rcolor){255, 255, 255, alpha});
    }
}

/* ---------------------------------------------------------------- parts */

static void draw_opponent(render *r, shell *sh, stakz_view *v, int p)
{
    const stakz_state *s = &v->obs;
    rrect box = v->opp[p];
    int turn = stakz_current(v->st) == p, n = s->nhand[p];
    char name[64], kind[48], pts[32];
    float x, y, step, avail;
    render_round_rect(r, box, 20, turn ? (rcolor){255, 230, 160, 50} : (rcolor){0, 0, 0, 60});
    if (turn)
        render_round_outline(r, box, 20, 3, UI_GOLD);
    table_seat_name(table_match(v->t), p, kind, sizeof kind);
    snprintf(name, sizeof name, "Player %d", p + 1);
    snprintf(pts, sizeof pts, "%d pt%s", s->score[p], s->score[p] == 1 ? "" : "s");
    if (turn && table_thinking(v->t)) {
        int dots = (int)(table_time(v->t) * 3) % 4;
        size_t k = strlen(kind);
        snprintf(kind + k, sizeof kind - k, " \xc2\xb7 thinking%.*s", dots, "...");
    }
    {
        float pw = render_text_width(r, FONT_SANS_BOLD, UI_BODY, pts);
        ui_audit_box(box);
        render_text(r, FONT_SANS_BOLD, UI_BODY, box.x + 16, box.y + 6, turn ? UI_GOLD : UI_CREAM, name);
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
        y = box.y + 78;
        for (int c = 0; c < STAKZ_COLOURS; c++)
            for (int i = 0; i < hand_colour(s, p, c); i++) {
                stakz_draw_tile(r, sh, (rrect){x, y, BACK_TILE, BACK_TILE}, STAKZ_UNKNOWN(c), 255);
                x += step;
            }
        /* after the last back, or at the start of an empty hand */
        x = n > 0 ? x - step + BACK_TILE + 12 : box.x + 16;
        render_text(r, FONT_SANS_BOLD, UI_BODY, x, y + 1, UI_CREAM, cnt);
    }
}

static void draw_pile(render *r, shell *sh, stakz_view *v)
{
    const stakz_state *s = &v->obs;
    rrect b = v->pile_box;
    char t[32];
    float row = fminf(46, (b.h - 60) / STAKZ_COLOURS);
    render_round_rect(r, b, 18, (rcolor){0, 0, 0, 60});
    ui_audit_box(b);
    snprintf(t, sizeof t, "Draw pile \xc2\xb7 %d", s->npile);
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 12, b.y + 8, b.w - 24, 40}, TEXT_LEFT, UI_CREAM, t);
    for (int c = 0; c < STAKZ_COLOURS; c++) {
        float y = b.y + 56 + row * (float)c, d = row - 8;
        stakz_draw_tile(r, sh, (rrect){b.x + 14, y, d, d}, STAKZ_UNKNOWN(c), s->pile_cols[c] ? 255 : 90);
        snprintf(t, sizeof t, "%s %d", colour_caps[c], s->pile_cols[c]);
        ui_text_fit(r, FONT_SANS, UI_BODY, UI_MIN, (rrect){b.x + 24 + d, y - 2, b.w - 36 - d, d + 4}, TEXT_LEFT,
                    s->pile_cols[c] ? UI_CREAM : (rcolor){200, 190, 170, 160}, t);
    }
}

/* Whether the selected (or dragged) tile may go on stack k. */
static int lit(const stakz_view *v, int k)
{
    return v->sel >= 0 && viewer_decides(v) && stakz_can_place(v->st, v->sel, k);
}

static void draw_stack(render *r, shell *sh, stakz_view *v, int k, float alpha)
{
    const stakz_state *s = &v->obs;
    rrect col = v->stack_col[k];
    float ts = v->ts, t = ui_ease(v->anim_prev + (v->anim_t - v->anim_prev) * alpha);
    int ncol = stack_colours(s, k);
    char num[16], cnt[24];
    rrect top = stakz_tile_rect(col, ts, s->height[k] - 1);
    /* the base the stack stands on, lit when the chosen tile fits */
    rrect base = {col.x + (col.w - ts) / 2 - 8, top.y - 8, ts + 16, col.y + col.h - top.y + 16};
    if (lit(v, k)) {
        render_round_rect(r, base, 16, (rcolor){255, 210, 90, 70});
        render_round_outline(r, base, 16, 4, UI_GOLD);
    }
    if (v->split_at >= 0 && (k == v->split_at || k == v->split_at + 1) && v->anim_t < 1) {
        /* the two halves of a split flash as they part */
        rcolor flash = UI_GOLD;
        flash.a = (uint8_t)(255 * (1 - t));
        render_round_outline(r, (rrect){base.x - 6, base.y - 6, base.w + 12, base.h + 12}, 20, 6, flash);
    }
    for (int i = 0; i < s->height[k]; i++) {
        rrect to = stakz_tile_rect(col, ts, i);
        rrect at = v->anim_t < 1 && v->moving[k][i] ? ui_rect_lerp(v->from[k][i], to, t) : to;
        stakz_draw_tile(r, sh, at, s->stack[k][i], 255);
    }
    if (s->bonus[k]) {
        /* a bonus placement left: a star on the top tile's corner */
        float d = fmaxf(30, ts * 0.42f);
        rrect b = {top.x + top.w - d * 0.6f, top.y - d * 0.4f, d, d};
        render_round_rect(r, b, d / 2, (rcolor){30, 18, 8, 230});
        render_sprite(r, render_sprite_find(r, "stakz/star"), (rrect){b.x + d * 0.15f, b.y + d * 0.15f, d * 0.7f, d * 0.7f},
                      UI_GOLD);
    }
    snprintf(num, sizeof num, "%d", k + 1);
    ui_text_center(r, FONT_SANS_BOLD, UI_MIN + 2, (rrect){col.x, top.y - 36, col.w, 28},
                   lit(v, k) ? UI_GOLD : (rcolor){240, 226, 200, 255}, num);
    /* the colours in the stack: a pip per colour, and their count */
    {
        float pd = fminf(12, (col.w - 8) / 5 - 3), px = col.x + (col.w - (pd + 3) * 5 + 3) / 2, py = col.y + col.h + 8;
        for (int c = 0; c < STAKZ_COLOURS; c++) {
            rrect pr = {px + (pd + 3) * (float)c, py, pd, pd};
            int n = stakz_count(s, k, c);
            if (n)
                render_round_rect(r, pr, pd / 2, colour_rgb[c]);
            else
                render_round_outline(r, pr, pd / 2, 1.5f, (rcolor){255, 255, 255, 90});
            if (n >= 2)
                render_round_outline(r, (rrect){pr.x - 2, pr.y - 2, pr.w + 4, pr.h + 4}, pd / 2 + 2, 1.5f, UI_CREAM);
        }
        if (col.w >= 96)
            snprintf(cnt, sizeof cnt, "%d colour%s", ncol, ncol == 1 ? "" : "s");
        else
            snprintf(cnt, sizeof cnt, "%d/5", ncol);
        ui_text_fit(r, FONT_SANS, UI_MIN, UI_MIN, (rrect){col.x - 4, py + pd + 2, col.w + 8, 24}, TEXT_CENTER,
                    ncol == 4 ? UI_GOLD : (rcolor){240, 226, 200, 255}, cnt);
    }
}

static void draw_hand(render *r, shell *sh, stakz_view *v)
{
    const stakz_state *s = &v->obs;
    int vs = table_viewer_seat(v->t), mine = table_seat_human(v->t, vs);
    char head[96];
    if (table_private_seat(v->t) < 0) {
        /* every hand is on its phone (the curtain draws nothing here) */
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, v->hand_head, TEXT_LEFT, UI_CREAM,
                    "Every player's tiles are on their phone.");
        return;
    }
    snprintf(head, sizeof head, "%s \xc2\xb7 Player %d \xc2\xb7 %d tile%s \xc2\xb7 %d pt%s",
             mine ? "Your tiles" : "Tiles", vs + 1, s->nhand[vs], s->nhand[vs] == 1 ? "" : "s", s->score[vs],
             s->score[vs] == 1 ? "" : "s");
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, v->hand_head, TEXT_LEFT,
                stakz_current(v->st) == vs ? UI_GOLD : UI_CREAM, head);
    if (s->nhand[vs] == 0)
        ui_text_center(r, FONT_SANS_OBLIQUE, UI_BODY, v->hand_box, UI_CREAM, "No tiles left");
    for (int c = 0; c < STAKZ_CODES; c++) {
        rrect t = v->hand_tile[c];
        int n = s->hand[vs][c];
        if (t.w <= 0 || n == 0)
            continue;
        if (v->dragging && v->press_code == c && n == 1)
            continue; /* it follows the pointer */
        if (c == v->sel && !v->dragging)
            t.y -= 18; /* the chosen tile stands up */
        if (n > 1) /* a pair of the same tile: the second peeks out behind */
            stakz_draw_tile(r, sh, (rrect){t.x + 6, t.y - 10, t.w, t.h}, c, 255);
        stakz_draw_tile(r, sh, t, c, 255);
        if (n > 1) {
            char x[8];
            rrect b = {t.x - 10, t.y + t.h - 26, 34, 34}; /* bottom left: clear of the next tile */
            snprintf(x, sizeof x, "%d", n);
            render_round_rect(r, b, 17, (rcolor){30, 18, 8, 230});
            ui_text_center(r, FONT_SANS_BOLD, UI_MIN + 2, b, UI_CREAM, x);
        }
        if (c == v->sel)
            render_round_outline(r, (rrect){t.x - 5, t.y - 5, t.w + 10, t.h + 10}, 16, 4, UI_GOLD);
    }
}

static void draw_buttons(render *r, shell *sh, stakz_view *v)
{
    int decides = viewer_decides(v);
    const char *end = "End turn";
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
    float w;
    rrect b = v->status;
    stakz_status_text(v, t, sizeof t);
    if (!t[0])
        return;
    w = fminf(b.w, render_text_width(r, FONT_SANS_BOLD, UI_BODY, t) + 48);
    b = (rrect){b.x + (b.w - w) / 2, b.y, w, b.h};
    render_round_rect(r, b, b.h / 2, (rcolor){30, 18, 8, 170});
    ui_audit_box(b);
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 24, b.y, b.w - 48, b.h}, TEXT_CENTER,
                viewer_decides(v) ? UI_GOLD : UI_CREAM, t);
    if (v->last_move[0])
        ui_text_fit(r, FONT_SANS_OBLIQUE, UI_MIN, UI_MIN,
                    (rrect){MARGIN, v->status.y + v->status.h + 2, v->pile_box.x - MARGIN - 20, 26}, TEXT_LEFT,
                    (rcolor){240, 226, 200, 220}, v->last_move);
    (void)sh;
}

static void draw_picker(render *r, shell *sh, stakz_view *v)
{
    const stakz_state *s = &v->obs;
    render_rect(r, (rrect){0, 0, shell_vw(sh), RENDER_VIRTUAL_H}, (rcolor){20, 10, 0, 120});
    ui_draw_panel(r, v->panel);
    ui_text_center(r, FONT_SERIF_BOLD, UI_HEAD, (rrect){v->panel.x, v->panel.y + 26, v->panel.w, 50}, UI_INK,
                   "Draw a tile");
    ui_text_center(r, FONT_SANS, UI_BODY, (rrect){v->panel.x, v->panel.y + 78, v->panel.w, 36}, UI_INK_SOFT,
                   "Pick its colour: the symbol stays a surprise.");
    for (int c = 0; c < STAKZ_COLOURS; c++) {
        rrect b = v->pick_r[c];
        int on = s->pile_cols[c] > 0, focus = v->nav.focus == ID_PICK + c;
        char t[24];
        float d = fminf(72, b.h - 66);
        ui_audit_box(b);
        render_round_rect(r, b, 16, focus ? (rcolor){255, 224, 150, 255} : (rcolor){250, 242, 226, 255});
        render_round_outline(r, b, 16, 2, (rcolor){120, 96, 70, 255});
        stakz_draw_tile(r, sh, (rrect){b.x + (b.w - d) / 2, b.y + 10, d, d}, STAKZ_UNKNOWN(c), on ? 255 : 80);
        snprintf(t, sizeof t, "%s", colour_caps[c]);
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 4, b.y + d + 14, b.w - 8, 30}, TEXT_CENTER,
                    on ? UI_INK : UI_DISABLED, t);
        snprintf(t, sizeof t, "%d left", s->pile_cols[c]);
        ui_text_fit(r, FONT_SANS, UI_MIN + 2, UI_MIN, (rrect){b.x + 4, b.y + d + 42, b.w - 8, 26}, TEXT_CENTER,
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
    render_rect(r, (rrect){0, 0, shell_vw(sh), RENDER_VIRTUAL_H}, (rcolor){20, 10, 0, 120});
    ui_draw_panel(r, p);
    if (v->round_winner >= 0)
        snprintf(t, sizeof t, "Player %d wins the round!", v->round_winner + 1);
    else
        snprintf(t, sizeof t, "Nobody could place a tile: the round ends.");
    ui_text_fit(r, FONT_SERIF_BOLD, UI_HEAD, UI_BODY, (rrect){p.x + 30, p.y + 26, p.w - 60, 54}, TEXT_CENTER, UI_INK, t);
    ui_text_center(r, FONT_SANS, UI_BODY, (rrect){p.x, p.y + 86, p.w, 36}, UI_INK_SOFT,
                   "One point for each tile left in hand.");
    colw = (p.w - 60) / (float)n;
    y = p.y + 150;
    for (int s = 0; s < n; s++) {
        rrect c = {p.x + 30 + colw * (float)s, y, colw, 150};
        ui_audit_box(c);
        snprintf(t, sizeof t, "Player %d", s + 1);
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){c.x, c.y, c.w, 36}, TEXT_CENTER, UI_INK, t);
        snprintf(t, sizeof t, "+%d", v->round_points[s]);
        ui_text_center(r, FONT_SERIF_BOLD, UI_HEAD, (rrect){c.x, c.y + 40, c.w, 50},
                       s == v->round_winner ? UI_ACCENT : UI_INK, t);
        snprintf(t, sizeof t, "total %d", v->st->score[s]);
        ui_text_fit(r, FONT_SANS, UI_BODY, UI_MIN, (rrect){c.x, c.y + 96, c.w, 36}, TEXT_CENTER, UI_INK_SOFT, t);
    }
    ui_draw_button(r, v->ok_r, v->st->over ? "Final scores" : "Next round", 1, 1, 1);
}

static void draw_flights(render *r, shell *sh, stakz_view *v, float alpha)
{
    if (v->nfl > 0) {
        float t = ui_ease(v->fl.t_prev + (v->fl.t - v->fl.t_prev) * alpha);
        stakz_draw_tile(r, sh, ui_rect_lerp(v->fl.from, v->fl.to, t), v->fl.code, 255);
    }
    if (v->dragging && v->press_code >= 0)
        stakz_draw_tile(r, sh, (rrect){v->px - HAND_TILE / 2, v->py - HAND_TILE / 2, HAND_TILE, HAND_TILE},
                        v->press_code, 235);
}

void stakz_view_draw(void *vv, shell *sh, render *r, float alpha)
{
    stakz_view *v = vv;
    const stakz_state *s = &v->obs;
    ui_draw_table(r, shell_vw(sh));
    for (int p = 0; p < table_match(v->t)->params.players; p++)
        if (v->opp[p].w > 0)
            draw_opponent(r, sh, v, p);
    if (!v->round_show && !v->picking) {
        /* a modal panel takes the middle of the table */
        draw_status(r, sh, v);
        draw_pile(r, sh, v);
        for (int k = 0; k < s->nstacks; k++)
            draw_stack(r, sh, v, k, alpha);
    }
    draw_hand(r, sh, v);
    draw_buttons(r, sh, v);
}

/* Over the midend's button row: tiles in flight, the modal panels, the hints and the focus ring. */
void stakz_view_draw_top(void *vv, shell *sh, render *r, float alpha)
{
    stakz_view *v = vv;
    draw_flights(r, sh, v, alpha);
    if (v->round_show) {
        draw_round(r, sh, v);
        ui_draw_hints(r, sh, "Continue", NULL, NULL);
    } else if (v->picking) {
        draw_picker(r, sh, v);
        ui_draw_hints(r, sh, "Draw", "Cancel", NULL);
    } else if (table_over(v->t)) {
        ui_draw_hints(r, sh, "Score", "Menu", NULL);
    } else if (shell_input(sh)->last_device == DEV_PAD) {
        ui_draw_hint_line(r, sh, v->sel >= 0 ? "(A) Place      (B) Put back      (X) End turn      (LB) Undo"
                                            : "(A) Choose tile      (X) End turn      (LB) Undo      (Y) Rules");
    } else if (shell_input(sh)->last_device == DEV_MOUSE) {
        ui_draw_hint_line(r, sh, "Drag a tile onto a lit stack, or click the tile, then the stack");
    } else {
        ui_draw_hint_line(r, sh, "Enter Choose      Esc Back      X End turn      Q Undo      R Rules");
    }
    ui_nav_draw(&v->nav, r, alpha, ui_focus_visible(sh) && !table_over(v->t));
}
