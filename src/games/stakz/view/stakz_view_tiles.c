/* The Stakz tiles and stacks: a tile is a coloured slab with a printed
 * face and its side under it, so a stack reads as tiles sitting on one
 * another (each shows its side, the top one its face) on the mat; the
 * marks of a held tile's stacks and of the last turn; the hand with its
 * playable and hovered tiles. Everything from the viewer's observation. */
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

static rrect grow(rrect p, float dx, float dy) { return (rrect){p.x - dx, p.y - dy, p.w + 2 * dx, p.h + 2 * dy}; }

/* The slab without a shadow: its side (lit along the top, shaded along the
 * bottom, so two sides of one colour stay apart in a stack), then its face. */
static void draw_slab(render *r, const shell *sh, rrect c, int code, uint8_t alpha)
{
    int col = stakz_colour((uint8_t)code), back = code >= STAKZ_CODES;
    float rad = c.w * 0.14f, bw = fmaxf(2, c.w * 0.06f), e = stakz_edge(c.w);
    rrect in = {c.x + bw, c.y + bw, c.w - 2 * bw, c.h - 2 * bw};
    rcolor base = with_alpha(colour_rgb[col], alpha);
    rrect side = {c.x, c.y + e, c.w, c.h};
    render_round_rect(r, side, rad, darker(base, 0.5f));
    render_round_rect(r, (rrect){side.x, side.y - e * 0.25f, side.w, side.h}, rad, darker(base, 0.74f));
    if (shell_settings(sh)->v[SETTING_colorblind])
        render_sprite_shaded(r, render_sprite_find(r, mark_sprites[col]), (rrect){c.x + rad, c.y + c.h, c.w - 2 * rad, e * 0.75f},
                             0, 0, 1, e * 0.75f / c.w, (rcolor){255, 255, 255, (uint8_t)(alpha * 0.3f)},
                             (rcolor){255, 255, 255, (uint8_t)(alpha * 0.3f)});
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

/* A slab's shadow on what it stands on; lift raises the tile off it (softer, further). */
static void draw_shadow(render *r, rrect c, float lift, uint8_t alpha)
{
    float e = stakz_edge(c.w);
    render_shadow(r, (rrect){c.x + lift * 0.2f, c.y + e + lift * 0.5f, c.w, c.h}, c.w * 0.14f,
                  (c.w > 60 ? 7 : 4) + lift * 0.6f, (rcolor){0, 0, 0, (uint8_t)(alpha * 0.45f)});
}

void stakz_draw_tile(render *r, const shell *sh, rrect c, int code, uint8_t alpha)
{
    draw_shadow(r, c, 0, alpha);
    draw_slab(r, sh, c, code, alpha);
}

int stakz_fits(const stakz_view *v, int code)
{
    for (int k = 0; k < v->st->nstacks; k++)
        if (stakz_can_place(v->st, code, k))
            return 1;
    return 0;
}

/* ---------------------------------------------------------------- stacks */

int stakz_held(const stakz_view *v)
{
    return viewer_decides(v) && !v->picking ? v->sel : -1;
}

/* Whether tile i of stack k is on its way (a glide that has not landed, from elsewhere). */
static int in_flight(const stakz_view *v, int k, int i, rrect to)
{
    rrect f = v->from[k][i];
    return v->anim_t < 1 && v->moving[k][i] && (f.x != to.x || f.y != to.y || f.w != to.w);
}

/* The stack the held tile is aimed at: under the dragged tile, or the focused one. */
static int aimed(const stakz_view *v, const shell *sh)
{
    if (v->dragging) {
        for (int k = 0; k < v->obs.nstacks; k++) {
            rrect c = v->stack_col[k];
            if (v->px >= c.x && v->px < c.x + c.w && v->py >= c.y - 40 && v->py < c.y + c.h + 40)
                return k;
        }
        return -1;
    }
    if (v->nav.focus >= ID_STACK && v->nav.focus < ID_STACK + STAKZ_MAX_STACKS &&
        (ui_focus_visible(sh) || v->nav.hover == v->nav.focus))
        return v->nav.focus - ID_STACK;
    return -1;
}

/* Under the stacks: the marks of the stacks the held tile fits (the aimed
 * one chosen), the flash of a split's halves, and each stack's shadow. */
static void draw_under(render *r, const shell *sh, stakz_view *v, float t)
{
    const stakz_state *s = &v->obs;
    int h = stakz_held(v), at = aimed(v, sh), hinted = -1;
    float pulse = table_pulse(v->t, 5.0f);
    const game_move *shown = table_replay_shown(v->t);
    game_move m;
    /* the table's hint, while no tile is held: its stack lit as the aimed one */
    if (h < 0 && table_hint_move(v->t, &m, NULL) == 0 && m.kind == STAKZ_M_PLACE)
        hinted = m.b[1];
    for (int k = 0; k < s->nstacks; k++) {
        rrect st = stakz_stack_rect(v->stack_col[k], v->ts, s->height[k]), base = grow(st, 9, 9);
        if (k == hinted)
            ui_draw_chosen(r, base, 14);
        if (shown && shown->kind == STAKZ_M_PLACE && shown->b[1] == k) {
            ui_draw_chosen(r, base, 14); /* a replay's shown move (the review's preferred one) lands here */
        } else if (h >= 0 && stakz_can_place(v->st, h, k)) {
            if (k == at)
                ui_draw_chosen(r, base, 14);
            else
                ui_draw_playable(r, base, 14, pulse);
        }
        if (v->split_at >= 0 && (k == v->split_at || k == v->split_at + 1) && v->anim_t < 1) {
            /* the two halves of a split flash as they part */
            rcolor flash = UI_GOLD;
            flash.a = (uint8_t)(255 * (1 - t));
            render_round_outline(r, grow(base, 6, 6), 20, 6, flash);
        }
        render_shadow(r, (rrect){st.x, st.y + stakz_edge(v->ts), st.w, st.h}, v->ts * 0.14f, 7,
                      (rcolor){0, 0, 0, 110});
    }
}

/* Tiles of every stack, bottom up: those at rest (landed = 0), or those
 * still on their way (landed = 1), drawn after every label so nothing on
 * the mat covers a tile arriving. */
static void draw_tiles(render *r, shell *sh, stakz_view *v, float t, int moving)
{
    const stakz_state *s = &v->obs;
    for (int k = 0; k < s->nstacks; k++)
        for (int i = 0; i < s->height[k]; i++) {
            rrect to = stakz_tile_rect(v->stack_col[k], v->ts, i);
            if (in_flight(v, k, i, to) != moving)
                continue;
            if (moving) {
                rrect at = ui_rect_lerp(v->from[k][i], to, t);
                stakz_draw_tile(r, sh, at, s->stack[k][i], 255);
            } else {
                draw_slab(r, sh, to, s->stack[k][i], 255);
            }
        }
}

/* The last-move mark round a piece, laid under it: its ring shows round
 * the tile and its wash stays hidden, so no tile's colour is tinted (in a
 * game of matching colours). */
void stakz_mark_under(render *r, rrect piece, int seat)
{
    ui_draw_last_move(r, grow(piece, 7, 7), piece.w * 0.14f + 7, seat);
}

/* The last turn's tiles in its mover's colour, under them: round the top
 * tile whole, beside the side of one under it (what shows of it). */
static void draw_marks(render *r, stakz_view *v)
{
    const stakz_state *s = &v->obs;
    float e = stakz_edge(v->ts);
    if (v->mark_seat < 0)
        return;
    for (int k = 0; k < s->nstacks; k++)
        for (int i = 0; i < s->height[k]; i++) {
            rrect f = stakz_tile_rect(v->stack_col[k], v->ts, i);
            if (!v->marked[k][i] || in_flight(v, k, i, f))
                continue;
            if (i == s->height[k] - 1)
                stakz_mark_under(r, (rrect){f.x, f.y, f.w, f.h + e}, v->mark_seat);
            else
                ui_draw_last_move(r, grow((rrect){f.x, f.y + f.h, f.w, e}, 7, 0), 4, v->mark_seat);
        }
}

rrect stakz_flight_at(const stakz_view *v, float alpha)
{
    if (v->nfl <= 0)
        return (rrect){0, 0, 0, 0};
    return ui_rect_lerp(v->fl.from, v->fl.to, ui_ease(v->fl.t_prev + (v->fl.t - v->fl.t_prev) * alpha));
}

static int overlap(rrect a, rrect b)
{
    return a.w > 0 && b.w > 0 && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* Whether a tile on its way (a stack's arriving tile t of the way, or the
 * one from the hand or the pile at fl) passes over box: a label there is
 * left out, since nothing is drawn under an arriving tile to peep round it. */
static int under_flight(const stakz_view *v, float t, rrect fl, rrect box)
{
    const stakz_state *s = &v->obs;
    if (overlap(fl, box))
        return 1;
    for (int k = 0; k < s->nstacks; k++)
        for (int i = 0; i < s->height[k]; i++) {
            rrect to = stakz_tile_rect(v->stack_col[k], v->ts, i);
            if (in_flight(v, k, i, to) && overlap(ui_rect_lerp(v->from[k][i], to, t), box))
                return 1;
        }
    return 0;
}

/* Each stack's number above it (gold over a stack the held tile fits), a
 * bonus star on its top, and its colours below: a pip each and their count;
 * a label a tile on its way passes over is left out. */
static void draw_labels(render *r, stakz_view *v, float t, rrect fl)
{
    const stakz_state *s = &v->obs;
    int h = stakz_held(v);
    for (int k = 0; k < s->nstacks; k++) {
        rrect col = v->stack_col[k], top = stakz_tile_rect(col, v->ts, s->height[k] - 1);
        int ncol = stack_colours(s, k), lit = h >= 0 && stakz_can_place(v->st, h, k);
        char num[16], cnt[24];
        if (s->bonus[k]) {
            /* a bonus placement left: a star on the top tile's corner */
            float d = fmaxf(30, v->ts * 0.42f);
            rrect b = {top.x + top.w - d * 0.6f, top.y - d * 0.4f, d, d};
            render_round_rect(r, b, d / 2, (rcolor){30, 18, 8, 230});
            render_sprite(r, render_sprite_find(r, "stakz/star"),
                          (rrect){b.x + d * 0.15f, b.y + d * 0.15f, d * 0.7f, d * 0.7f}, UI_GOLD);
        }
        snprintf(num, sizeof num, "%d", k + 1);
        if (!under_flight(v, t, fl, (rrect){col.x, top.y - 46, col.w, 30}))
            ui_text_center(r, FONT_SANS_BOLD, UI_MIN + 4, (rrect){col.x, top.y - 46, col.w, 30},
                           lit ? UI_GOLD : (rcolor){244, 232, 210, 255}, num);
        {
            float pd = fminf(12, (col.w - 8) / 5 - 3), px = col.x + (col.w - (pd + 3) * 5 + 3) / 2,
                  py = col.y + col.h + 18; /* clear of a focus ring round the stack */
            for (int c = 0; c < STAKZ_COLOURS; c++) {
                rrect pr = {px + (pd + 3) * (float)c, py, pd, pd};
                int n = stakz_count(s, k, c);
                if (n)
                    render_round_rect(r, pr, pd / 2, colour_rgb[c]);
                else
                    render_round_outline(r, pr, pd / 2, 1.5f, (rcolor){255, 255, 255, 110});
                if (n >= 2)
                    render_round_outline(r, grow(pr, 2, 2), pd / 2 + 2, 1.5f, UI_CREAM);
            }
            if (col.w >= 96)
                snprintf(cnt, sizeof cnt, "%d colour%s", ncol, ncol == 1 ? "" : "s");
            else
                snprintf(cnt, sizeof cnt, "%d/5", ncol);
            if (!under_flight(v, t, fl, (rrect){col.x - 4, py + pd + 2, col.w + 8, 24}))
                ui_text_fit(r, FONT_SANS, UI_MIN, UI_MIN, (rrect){col.x - 4, py + pd + 2, col.w + 8, 24},
                            TEXT_CENTER, ncol == 4 ? UI_GOLD : (rcolor){244, 232, 210, 255}, cnt);
        }
    }
}

void stakz_draw_stacks(render *r, shell *sh, stakz_view *v, float alpha)
{
    float t = ui_ease(v->anim_prev + (v->anim_t - v->anim_prev) * alpha);
    draw_under(r, sh, v, t);
    if (v->anim_t >= 1)
        draw_marks(r, v);
    draw_tiles(r, sh, v, t, 0);
    draw_labels(r, v, t, stakz_flight_at(v, alpha));
    draw_tiles(r, sh, v, t, 1);
}

void stakz_view_draw_position(shell *sh, render *r, const void *stv, const game_move *hi, rrect box)
{
    const stakz_state *before = stv;
    stakz_state *s = malloc(sizeof *s);
    stakz_view *v = calloc(1, sizeof *v);
    rrect cols[STAKZ_MAX_STACKS];
    float ts = 0;
    int changed = -1;

    if (!s || !v) {
        free(s);
        free(v);
        return;
    }
    *s = *before;
    if (hi && stakz_rules.apply(s, hi) == 0)
        /* the stack the tile went on: the first that differs from before */
        for (int k = 0; k < s->nstacks && changed < 0; k++)
            if (k >= before->nstacks || s->height[k] != before->height[k])
                changed = k;
    v->stacks_box = box;
    stakz_layout_stacks(v, s, cols, &ts);
    for (int k = 0; k < s->nstacks && ts > 0; k++) {
        rrect st = stakz_stack_rect(cols[k], ts, s->height[k]);
        /* a split's two halves ringed as the table flashes them; a placed tile marked */
        if (changed >= 0 && s->nstacks > before->nstacks && (k == changed || k == changed + 1))
            render_round_outline(r, grow(st, 9, 9), 14, 5, UI_GOLD);
        else if (k == changed)
            stakz_mark_under(r, stakz_tile_rect(cols[k], ts, s->height[k] - 1), before->turn);
        render_shadow(r, (rrect){st.x, st.y + stakz_edge(ts), st.w, st.h}, ts * 0.14f, 7, (rcolor){0, 0, 0, 110});
        for (int i = 0; i < s->height[k]; i++)
            draw_slab(r, sh, stakz_tile_rect(cols[k], ts, i), s->stack[k][i], 255);
    }
    free(s);
    free(v);
}

/* ---------------------------------------------------------------- the hand */

/* How far hand tile c stands up: chosen, under the pointer, fitting a stack, or not. */
static float hand_lift(const shell *sh, const stakz_view *v, int c)
{
    int decides = viewer_decides(v) && !v->picking;
    if (c == v->sel && !v->dragging)
        return LIFT_CHOSEN;
    if (!decides)
        return 0;
    if (c == v->hover_code && !v->dragging && shell_input(sh)->last_device == DEV_MOUSE)
        return LIFT_HOVER;
    return stakz_fits(v, c) ? LIFT_PLAYABLE : 0;
}

rrect stakz_hand_piece(const stakz_view *v, int c)
{
    rrect t = v->hand_tile[c];
    float e = stakz_edge(t.w), lift = 0;
    if (c == v->sel && !v->dragging)
        lift = LIFT_CHOSEN;
    else if (viewer_decides(v) && !v->picking && stakz_fits(v, c))
        lift = LIFT_PLAYABLE;
    int pair = v->obs.hand[table_viewer_seat(v->t)][c] > 1;
    return (rrect){t.x, t.y - lift - (pair ? e : 0), t.w, t.h + e + (pair ? e : 0)};
}

void stakz_draw_hand_tiles(render *r, shell *sh, stakz_view *v)
{
    const stakz_state *s = &v->obs;
    int vs = table_viewer_seat(v->t), decides = viewer_decides(v) && !v->picking, hinted = -1;
    float pulse = table_pulse(v->t, 5.0f);
    game_move m;
    if (v->sel < 0 && table_hint_move(v->t, &m, NULL) == 0 && m.kind == STAKZ_M_PLACE)
        hinted = m.b[0]; /* the table's hint: its tile looks chosen */
    for (int c = 0; c < STAKZ_CODES; c++) {
        rrect t = v->hand_tile[c], piece;
        int n = s->hand[vs][c] - (v->nfl > 0 && v->fl.code == c); /* one drawn is still on its way */
        float lift, e = stakz_edge(t.w), rad = t.w * 0.14f;
        if (t.w <= 0 || n <= 0)
            continue;
        if (v->dragging && v->press_code == c && n == 1)
            continue; /* it follows the pointer */
        lift = hand_lift(sh, v, c);
        t.y -= lift;
        if (v->mark_seat >= 0 && v->mark_drew == c && v->mark_seat == vs)
            stakz_mark_under(r, (rrect){t.x, t.y - (n > 1 ? e : 0), t.w, t.h + e * (n > 1 ? 2 : 1)}, vs);
        draw_shadow(r, t, lift, 255);
        if (n > 1) {
            /* a pair of the same tile: one sits on the other */
            draw_slab(r, sh, t, c, 255);
            t.y -= e;
        }
        draw_slab(r, sh, t, c, 255);
        piece = (rrect){t.x, t.y, t.w, t.h + e * (n > 1 ? 2 : 1)};
        const game_move *shown = table_replay_shown(v->t);
        if (shown && shown->kind == STAKZ_M_PLACE && shown->b[0] == c) {
            /* a replay's shown move (the review's preferred one) places this tile */
            render_round_outline(r, grow(piece, 5, 5), rad + 5, 5, UI_GOLD);
        } else if ((c == v->sel || c == hinted) && !v->dragging) {
            /* chosen: gold round it (the focus ring's, when the focus is on it) */
            if (!(ui_focus_visible(sh) && v->nav.focus == ID_TILE + c))
                render_round_outline(r, grow(piece, 5, 5), rad + 5, 5, UI_GOLD);
        } else if (decides && c == v->hover_code && !v->dragging && shell_input(sh)->last_device == DEV_MOUSE) {
            /* under the pointer the tile rises and glows gold: it answers before the press */
            render_round_outline(r, grow(piece, 7, 7), rad + 7, 6, (rcolor){255, 200, 70, 110});
            render_round_outline(r, grow(piece, 4, 4), rad + 4, 4, UI_GOLD);
        } else if (decides && stakz_fits(v, c)) {
            ui_draw_playable(r, piece, rad, pulse);
        }
        if (n > 1) {
            char x[8];
            rrect b = {t.x - 10, t.y + t.h - 26, 34, 34}; /* bottom left: clear of the next tile */
            snprintf(x, sizeof x, "%d", n);
            render_round_rect(r, b, 17, (rcolor){30, 18, 8, 230});
            ui_text_center(r, FONT_SANS_BOLD, UI_MIN + 2, b, UI_CREAM, x);
        }
    }
}
