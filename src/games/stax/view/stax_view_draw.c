/* Drawing the STAX table: board, stacks, highlights, cursor, players, the
 * exploded stack and the move list. */
#include "games/stax/view/stax_view_priv.h"
#include "app/input.h"
#include "shell/settings.h"

/* ---------------------------------------------------------------- drawing */

float stax_view_sq = 100.0f;

/* One man as a disc; y is the centre of the bottom disc's base, level counts up. */
static void draw_man(render *r, shell *sh, float x, float y, int level, int blue, int major, float lift,
                     uint8_t alpha)
{
    float w = SQ * 0.78f, h = w * 0.72f, step = w * 0.12f;
    float cy = y - (float)level * step - lift - h * (42.0f / 72.0f) + h / 2;
    rcolor tint = {255, 255, 255, alpha};
    render_sprite_ex(r, render_sprite_find(r, disc_sprites[blue][major]), x, cy, w, h, 0, tint);
    if (shell_settings(sh)->v[SETTING_colorblind])
        render_sprite_ex(r, render_sprite_find(r, blue ? "stax/mark_blue" : "stax/mark_red"), x, cy, w, h, 0,
                         tint);
}

/* A tower of h men (bits from the bottom), at most TOWER_MAX drawn: the top ones. */
static void draw_tower(render *r, shell *sh, float x, float y, uint32_t col, uint32_t kind, int h,
                       float lift, uint8_t alpha)
{
    int first = h > TOWER_MAX ? h - TOWER_MAX : 0;
    if (h <= 0)
        return;
    render_shadow(r, (rrect){x - SQ * 0.36f, y - SQ * 0.14f + lift * 0.2f, SQ * 0.72f, SQ * 0.36f},
                  SQ * 0.18f, 8 + lift * 0.3f, (rcolor){0, 0, 0, (uint8_t)(alpha * 0.45f)});
    for (int i = first; i < h; i++)
        draw_man(r, sh, x, y, i - first, (col >> i) & 1, (kind >> i) & 1, lift, alpha);
    if (h >= 3) {
        char n[8];
        float bw = h > 9 ? 40 : 32, top = y - (float)(h - first) * SQ * 0.78f * 0.12f - lift;
        rrect b = {x + SQ * 0.22f, top - SQ * 0.38f, bw, 32};
        snprintf(n, sizeof n, "%d", h);
        render_round_rect(r, b, 16, (rcolor){250, 244, 230, alpha});
        render_round_outline(r, b, 16, 2, h > TOWER_MAX ? UI_ACCENT : UI_INK_SOFT);
        ui_text_center(r, FONT_SANS_BOLD, 21, b, UI_INK, n);
    }
}

static void draw_stack(render *r, shell *sh, const stax_view *v, const stax_board *b, int sq, float x,
                       float y, float lift)
{
    int i = sq >> 1;
    draw_tower(r, sh, x, y + SQ * 0.12f, b->col[i], b->kind[i], b->ht[i], lift, 255);
    (void)v;
}

/* Square sq's box, inset units in from its edges. */
static rrect square_rect(const stax_view *v, int sq, float inset)
{
    float x, y;
    square_center(v, sq, &x, &y);
    return (rrect){x - SQ / 2 + inset, y - SQ / 2 + inset, SQ - 2 * inset, SQ - 2 * inset};
}

static void draw_square_mark(render *r, const stax_view *v, int sq, rcolor c, float inset,
                             float thick)
{
    rrect q = square_rect(v, sq, inset);
    if (thick <= 0)
        render_round_rect(r, q, 10, c);
    else
        render_round_outline(r, q, 10, thick, c);
}

static void draw_board(render *r, const stax_view *v)
{
    rrect fr = {v->board.x - 24, v->board.y - 24, v->board.w + 48, v->board.h + 48};
    char lab[2] = {0, 0};
    render_shadow(r, (rrect){fr.x + 6, fr.y + 16, fr.w, fr.h}, 22, 34, (rcolor){10, 5, 0, 150});
    render_round_rect(r, fr, 22, (rcolor){92, 56, 30, 255});
    render_round_outline(r, (rrect){fr.x + 6, fr.y + 6, fr.w - 12, fr.h - 12}, 16, 2,
                         (rcolor){150, 104, 62, 255});
    for (int sq = 0; sq < 64; sq++) {
        float x, y;
        square_center(v, sq, &x, &y);
        render_rect(r, (rrect){x - SQ / 2, y - SQ / 2, SQ, SQ},
                    dark(sq) ? (rcolor){122, 84, 52, 255} : (rcolor){232, 208, 164, 255});
        if (dark(sq)) /* the 1919 board's circles */
            render_round_outline(r, (rrect){x - SQ * 0.4f, y - SQ * 0.4f, SQ * 0.8f, SQ * 0.8f},
                                 SQ * 0.4f, 2, (rcolor){150, 110, 74, 255});
    }
    for (int k = 0; k < 8; k++) {
        lab[0] = (char)('a' + k);
        ui_text_center(r, FONT_SANS_BOLD, UI_MIN, (rrect){v->board.x + (float)k * SQ, v->board.y + v->board.h, SQ, 24},
                       (rcolor){235, 210, 170, 255}, lab);
        lab[0] = (char)('8' - k);
        ui_text_center(r, FONT_SANS_BOLD, UI_MIN, (rrect){v->board.x - 24, v->board.y + (float)k * SQ, 24, SQ},
                       (rcolor){235, 210, 170, 255}, lab);
    }
}

/* The table's hint, lit as a legal move is: the stack to pick up in gold,
 * each square its path lands on green, each stack it jumps red. */
static void draw_hint(render *r, const stax_view *v, float pulse)
{
    game_move m;
    if (table_hint_move(v->t, &m, NULL) != 0 || v->chain.len > 0 || v->an.active)
        return;
    draw_square_mark(r, v, m.b[0], UI_GOLD, 3, 5);
    for (int k = 1; k < m.len; k++) {
        int from = m.b[k - 1], sq = m.b[k];
        draw_square_mark(r, v, sq, (rcolor){70, 190, 80, (uint8_t)(150 + 50 * pulse)}, 3, 0);
        draw_square_mark(r, v, sq, (rcolor){170, 255, 150, 255}, 3, 5);
        if (abs((from >> 3) - (sq >> 3)) == 2)
            draw_square_mark(r, v, (from + sq) / 2, (rcolor){230, 60, 40, (uint8_t)(110 + 60 * pulse)}, 4, 4);
    }
}

static void draw_highlights(render *r, shell *sh, const stax_view *v)
{
    float pulse = table_pulse(v->t, 6.0f);
    if (shell_settings(sh)->v[SETTING_reduced_motion])
        pulse = 0.8f;
    if (v->has_last && !v->an.active) {
        /* where the last move started and each square it landed on, in the mover's colour */
        for (int k = 0; k < v->last.len; k++)
            ui_draw_last_move(r, square_rect(v, v->last.b[k], 3), 6, v->last_seat);
    }
    const game_move *shown = table_replay_shown(v->t);
    if (shown && !v->an.active) {
        /* a replay's shown move (the review's preferred one): its stack as a
         * picked stack, each landing green as a legal landing */
        draw_square_mark(r, v, shown->b[0], UI_GOLD, 3, 5);
        for (int k = 1; k < shown->len; k++) {
            draw_square_mark(r, v, shown->b[k], (rcolor){70, 190, 80, 180}, 3, 0);
            draw_square_mark(r, v, shown->b[k], (rcolor){170, 255, 150, 255}, 3, 5);
        }
    }
    if (human_turn(v) && v->chain.len == 0) {
        uint64_t mv = stax_chain_movable(&v->chain);
        for (int sq = 0; sq < 64; sq++)
            if (mv >> sq & 1)
                draw_square_mark(r, v, sq, (rcolor){255, 220, 120, 210}, 5, 4);
    }
    if (v->chain.len > 0 && !v->an.active) {
        uint64_t t = stax_chain_targets(&v->chain);
        int forced = stax_chain_forced(&v->chain);
        /* the path so far */
        for (int k = 0; k + 1 < v->chain.len; k++)
            draw_square_mark(r, v, v->chain.path[k], (rcolor){255, 255, 255, 60}, 8, 0);
        draw_square_mark(r, v, v->chain.path[v->chain.len - 1], UI_GOLD, 3, 5);
        for (int sq = 0; sq < 64; sq++)
            if (t >> sq & 1) {
                float x, y, d = SQ * (sq == forced ? 0.3f + 0.08f * pulse : 0.3f);
                square_center(v, sq, &x, &y);
                /* The whole square turns green, readable from the sofa, with a
                 * bright rim and a dot that pulses. */
                draw_square_mark(r, v, sq, (rcolor){70, 190, 80, (uint8_t)(150 + 50 * pulse)}, 3, 0);
                draw_square_mark(r, v, sq, (rcolor){170, 255, 150, 255}, 3, 5);
                render_round_rect(r, (rrect){x - d / 2, y - d / 2, d, d}, d / 2,
                                  (rcolor){200, 255, 190, (uint8_t)(sq == forced ? 150 + 90 * pulse : 230)});
                render_round_outline(r, (rrect){x - d / 2, y - d / 2, d, d}, d / 2, 4,
                                     (rcolor){30, 110, 40, 255});
                if (v->chain.len > 1 || (v->chain.capture)) {
                    /* the enemy stack that landing captures from */
                    int from = v->chain.path[v->chain.len - 1], mid = (from + sq) / 2;
                    if (abs((from >> 3) - (sq >> 3)) == 2)
                        draw_square_mark(r, v, mid, (rcolor){230, 60, 40, (uint8_t)(110 + 60 * pulse)}, 4, 4);
                }
            }
    }
    draw_hint(r, v, pulse);
    if (v->hover_sq >= 0 && shell_input(sh)->last_device == DEV_MOUSE && dark(v->hover_sq)) {
        /* a hovered landing square looks chosen (brighter), any other square only outlined */
        if (v->chain.len > 0 && (stax_chain_targets(&v->chain) >> v->hover_sq & 1))
            ui_draw_chosen(r, square_rect(v, v->hover_sq, 3), 6);
        else
            draw_square_mark(r, v, v->hover_sq, (rcolor){255, 255, 255, 120}, 3, 3);
    }
    {
        int sq;
        float left;
        table_refusal(v->t, &sq, &left);
        if (left > 0 && sq >= 0) {
            /* a refused press: the square flashes red and fades */
            float k = left / TABLE_REFUSE_FLASH;
            draw_square_mark(r, v, sq, (rcolor){220, 40, 30, (uint8_t)(170 * k)}, 2, 0);
            draw_square_mark(r, v, sq, (rcolor){255, 90, 70, (uint8_t)(255 * k)}, 2, 6);
        }
    }
}

/* The stacks, back row first so nearer towers overlap farther ones. */
static void draw_stacks(render *r, shell *sh, const stax_view *v, float alpha)
{
    const anim *an = &v->an;
    stax_board b = v->shown;
    int moving = -1, jumped = -1;
    float e = 0;
    if (an->active) {
        float t = an->t_prev + (an->t - an->t_prev) * alpha;
        e = ui_ease(t);
        stax_chain_partial(&an->base, an->path, an->seg + 1, an->kind, &b);
        moving = an->path[an->seg];
        if (an->kind && abs((an->path[an->seg] >> 3) - (an->path[an->seg + 1] >> 3)) == 2)
            jumped = (an->path[an->seg] + an->path[an->seg + 1]) / 2;
    }
    int picked = v->chain.len > 0 && !an->active ? v->chain.path[v->chain.len - 1] : -1;
    for (int row = 7; row >= 0; row--)
        for (int f = 0; f < 8; f++) {
            int sq = row * 8 + f, i = sq >> 1;
            float x, y;
            if (!dark(sq) || !(b.occ >> sq & 1) || sq == moving)
                continue;
            if (sq == picked && v->dragging && v->drag_moved)
                continue;
            square_center(v, sq, &x, &y);
            if (sq == jumped) {
                /* the attacked stack loses its top man, who slides under the attacker */
                int h = b.ht[i];
                draw_tower(r, sh, x, y + SQ * 0.12f, b.col[i], b.kind[i], h - 1, 0, 255);
                continue;
            }
            draw_stack(r, sh, v, &b, sq, x, y, sq == picked ? 14.0f : 0.0f);
            if (sq == v->promo_sq && v->promo_t > 0) {
                float k = v->promo_t / PROMO_TIME, d = SQ * (0.9f + 0.3f * (1 - k));
                render_round_outline(r, (rrect){x - d / 2, y - d / 2 - 10, d, d}, d / 2, 6,
                                     (rcolor){255, 210, 80, (uint8_t)(255 * (k > 1 ? 1 : k))});
            }
        }
    if (an->active) {
        int from = an->path[an->seg], to = an->path[an->seg + 1], i = from >> 1;
        float fx, fy, tx, ty, x, y, arc;
        square_center(v, from, &fx, &fy);
        square_center(v, to, &tx, &ty);
        if (!isnan(an->sx)) {
            fx = an->sx;
            fy = an->sy;
        }
        if (jumped >= 0) {
            int j = jumped >> 1, top = b.ht[j] - 1;
            float mx, my;
            square_center(v, jumped, &mx, &my);
            x = mx + (tx - mx) * e;
            y = my + (ty - my) * e;
            draw_man(r, sh, x, y + SQ * 0.12f, (int)((float)top * (1 - e)), (b.col[j] >> top) & 1,
                     (b.kind[j] >> top) & 1, 0, 255);
        }
        arc = sinf(e * 3.14159f) * SQ * (jumped >= 0 ? 0.45f : 0.15f);
        x = fx + (tx - fx) * e;
        y = fy + (ty - fy) * e;
        draw_tower(r, sh, x, y + SQ * 0.12f, b.col[i], b.kind[i], b.ht[i],
                   arc + (jumped >= 0 ? SQ * 0.094f * e : 0), 255);
    }
    if (picked >= 0 && v->dragging && v->drag_moved) {
        float x = v->drag_px + (v->drag_x - v->drag_px) * alpha;
        float y = v->drag_py + (v->drag_y - v->drag_py) * alpha;
        int i = picked >> 1;
        draw_tower(r, sh, x, y + SQ * 0.2f, v->shown.col[i], v->shown.kind[i], v->shown.ht[i], 22, 235);
    }
}

static void draw_cursor(render *r, shell *sh, const stax_view *v, float alpha)
{
    float x = v->cur_px + (v->cur_x - v->cur_px) * alpha, y = v->cur_py + (v->cur_y - v->cur_py) * alpha;
    if (!ui_focus_visible(sh))
        return;
    {
        int sq;
        float left;
        table_refusal(v->t, &sq, &left);
        if (left > 0 && sq == v->cursor && !shell_settings(sh)->v[SETTING_reduced_motion])
            x += sinf(left * 70.0f) * 10.0f * (left / TABLE_REFUSE_FLASH); /* the "no" shake */
    }
    /* the one focus ring of every table (ui/marks.h), round the square */
    ui_draw_focus(r, (rrect){x - SQ / 2, y - SQ / 2, SQ, SQ}, 10);
}

/* Each side's prisoners (the other side's men under its stacks, held out of
 * play: the seed's second aim) and its Majors. */
static void tally(const stax_board *b, int held[2], int majors[2])
{
    held[0] = held[1] = majors[0] = majors[1] = 0;
    for (int sq = 0; sq < 64; sq++) {
        int i = sq >> 1, top;
        if (!(b->occ >> sq & 1))
            continue;
        top = (int)(b->col[i] >> (b->ht[i] - 1) & 1);
        for (int k = 0; k < b->ht[i]; k++) {
            int blue = (int)(b->col[i] >> k & 1);
            held[top] += blue != top;
            majors[blue] += (int)(b->kind[i] >> k & 1);
        }
    }
}

/* A player's row: who plays the side (primary text), then the side's name
 * and its count, or that the computer is thinking. */
static void draw_player(render *r, const stax_view *v, int s, float y)
{
    rrect row = {v->left.x + 20, y, v->left.w - 40, 84};
    int to_move = !table_over(v->t) && stax_rules.current_player(v->st) == s;
    char seat[48], line[96];
    int stacks = __builtin_popcountll(v->st->b.occ & (s ? v->st->b.blue : ~v->st->b.blue)), held[2], majors[2];
    tally(&v->st->b, held, majors);
    ui_audit_box(row);
    render_round_rect(r, row, 18, to_move ? (rcolor){255, 248, 232, 255} : UI_PAPER);
    if (to_move)
        render_round_outline(r, row, 18, 3, side_colors[s]);
    table_seat_name(table_match(v->t), s, seat, sizeof seat);
    /* the name across the row (primary text, never wrapped under the line below: a
     * long one, typed or from a replay's file, shrinks, then is cut) */
    ui_text_fit_line(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){row.x + 16, row.y + 6, row.w - 32, 36}, TEXT_LEFT,
                     UI_INK, seat);
    /* the seat's mark before its colour's name, as on every screen */
    ui_draw_seat_mark(r, s, row.x + 28, row.y + 60, 22);
    if (to_move && table_thinking(v->t)) {
        int dots = (int)(table_time(v->t) * 3) % 4;
        snprintf(line, sizeof line, "%s \xc2\xb7 thinking%.*s", side_names[s], dots, "...");
    } else {
        snprintf(line, sizeof line, "%s \xc2\xb7 %d stack%s \xc2\xb7 %d prisoner%s", side_names[s], stacks,
                 stacks == 1 ? "" : "s", held[s], held[s] == 1 ? "" : "s");
    }
    ui_text_fit(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){row.x + 48, row.y + 44, row.w - 56, 32}, TEXT_LEFT,
                side_colors[s], line);
}

/* Whether the status line says why a press was refused. */
static int refused(const stax_view *v)
{
    int spot;
    float flash;
    return table_refusal(v->t, &spot, &flash) != NULL;
}

static void status_text(const shell *sh, const stax_view *v, char *buf, size_t n)
{
    char press[32];
    int side = v->st->b.stm;
    int spot;
    float flash;
    const char *why = table_refusal(v->t, &spot, &flash);
    if (why && !table_over(v->t)) {
        snprintf(buf, n, "%s", why);
    } else if (table_over(v->t)) {
        game_result res;
        stax_rules.result(v->st, &res);
        ui_hint_press(shell_input(sh)->last_device, ACT_ACCEPT, press, sizeof press);
        if (table_replaying(v->t) && res.winner < 0) /* a replay's end opens no score screen */
            snprintf(buf, n, "Draw.");
        else if (table_replaying(v->t))
            snprintf(buf, n, "%s wins!", side_names[res.winner]);
        else if (res.winner < 0)
            snprintf(buf, n, "Draw. %s to see the score.", press);
        else
            snprintf(buf, n, "%s wins! %s to see the score.", side_names[res.winner], press);
    } else if (v->chain.len > 1) {
        int f = stax_chain_forced(&v->chain);
        if (f >= 0) {
            char name[3];
            stax_square_name(f, name);
            snprintf(buf, n, "The chain must go on: only %s is left, it plays itself.", name);
        } else {
            snprintf(buf, n, "The chain must go on: choose the next jump.");
        }
    } else if (table_replaying(v->t)) {
        snprintf(buf, n, "%s to move.", side_names[side]); /* watched: nobody decides, nobody thinks */
    } else if (!table_seat_human(v->t, side)) {
        snprintf(buf, n, "%s (computer) is thinking.", side_names[side]);
    } else if (v->chain.capture) {
        snprintf(buf, n, "%s to move. Capture is compulsory.", side_names[side]);
    } else if (v->chain.len == 1) {
        snprintf(buf, n, "%s: land on a green square, or put it back.", side_names[side]);
    } else {
        snprintf(buf, n, "%s to move: pick up one of your stacks.", side_names[side]);
    }
}

/* The exploded side view of the stack under the pointer or cursor. */
static void draw_inspect(render *r, shell *sh, const stax_view *v, rrect box)
{
    int sq = v->chain.len > 0 ? v->chain.path[v->chain.len - 1]
             : (shell_input(sh)->last_device == DEV_MOUSE ? v->hover_sq : v->cursor);
    const stax_board *b = &v->shown;
    char line[96], name[3];
    int h, i, rows, shown_rows;
    float y;
    ui_audit_box(box);
    render_round_rect(r, box, 18, UI_PAPER);
    if (sq < 0 || !dark(sq) || !(b->occ >> sq & 1)) {
        if (table_replaying(v->t))
            return; /* a replay takes no pointing: no invitation to */
        render_text_wrapped(r, FONT_SANS_OBLIQUE, UI_SMALL, box.x + 20, box.y + 20, box.w - 40, TEXT_LEFT,
                            UI_INK_SOFT, "Point at a stack to see every man in it, bottom to top.", 1);
        return;
    }
    i = sq >> 1;
    h = b->ht[i];
    stax_square_name(sq, name);
    snprintf(line, sizeof line, "Stack on %s: %d m%s", name, h, h == 1 ? "an" : "en");
    render_text(r, FONT_SANS_BOLD, UI_BODY, box.x + 20, box.y + 14, UI_INK, line);
    rows = (int)((box.h - 70) / 34);
    shown_rows = h <= rows ? h : rows;
    y = box.y + 60;
    /* Top man first, as the tower reads; the middle is elided when it does not fit. */
    for (int k = 0; k < shown_rows; k++) {
        int m = h <= rows ? h - 1 - k : (k < rows - 3 ? h - 1 - k : (k == rows - 3 ? -1 : rows - 1 - k));
        rrect bar = {box.x + 20, y, 70, 26};
        if (m < 0) {
            snprintf(line, sizeof line, "\xe2\x80\xa6 %d more \xe2\x80\xa6", h - (rows - 1));
            render_text(r, FONT_SANS_OBLIQUE, UI_SMALL, box.x + 30, y, UI_INK_SOFT, line);
            y += 34;
            continue;
        }
        {
            int blue = (b->col[i] >> m) & 1, major = (b->kind[i] >> m) & 1;
            rcolor c = side_colors[blue];
            if (major)
                c = blue ? (rcolor){110, 155, 225, 255} : (rcolor){230, 110, 100, 255};
            render_round_rect(r, bar, 8, c);
            if (shell_settings(sh)->v[SETTING_colorblind])
                ui_text_center(r, FONT_SANS_BOLD, UI_MIN, bar, UI_WHITE, blue ? "B" : "R");
            snprintf(line, sizeof line, "%d. %s %s%s", m + 1, side_names[blue], major ? "Major" : "Minor",
                     m == h - 1 ? " (top)" : "");
            render_text(r, m == h - 1 ? FONT_SANS_BOLD : FONT_SANS, UI_SMALL, box.x + 104, y, UI_INK, line);
        }
        y += 34;
    }
}

/* How the sides stand beyond the stack count: prisoners held and Majors won. */
static void draw_tally(render *r, const stax_view *v, rrect box)
{
    int held[2], majors[2];
    char line[96];
    tally(&v->st->b, held, majors);
    ui_audit_box(box);
    render_round_rect(r, box, 18, UI_PAPER);
    render_text(r, FONT_SANS_BOLD, UI_SMALL, box.x + 20, box.y + 12, UI_INK_SOFT, "Prisoners and Majors");
    for (int s = 0; s < 2; s++) {
        snprintf(line, sizeof line, "%s holds %d %s m%s \xc2\xb7 %d Major%s", side_names[s], held[s],
                 side_names[!s], held[s] == 1 ? "an" : "en", majors[s], majors[s] == 1 ? "" : "s");
        ui_draw_seat_mark(r, s, box.x + 32, box.y + 62 + 36 * (float)s, 20);
        ui_text_fit(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){box.x + 52, box.y + 46 + 36 * (float)s, box.w - 64, 32},
                    TEXT_LEFT, UI_INK, line);
    }
}

static void draw_left(render *r, shell *sh, const stax_view *v)
{
    char status[160];
    float y;
    ui_draw_panel(r, v->left);
    draw_player(r, v, STAX_BLUE, v->left.y + 24);
    draw_player(r, v, STAX_RED, v->left.y + 120);
    status_text(sh, v, status, sizeof status);
    /* The status is primary text: it wraps, and the stack view takes what is left. */
    y = v->left.y + 222 + render_text_wrapped(r, FONT_SANS_BOLD, UI_BODY, v->left.x + 28, v->left.y + 222,
                                              v->left.w - 56, TEXT_LEFT,
                                              table_over(v->t) || refused(v) ? UI_ACCENT : UI_INK,
                                              status, 1);
    {
        rrect tb = {v->left.x + 24, v->left.y + v->left.h - 24 - 132, v->left.w - 48, 132};
        /* a short panel keeps the stack view and drops the tally */
        if (tb.y - (y + 12) < 150)
            tb = (rrect){tb.x, v->left.y + v->left.h - 24, tb.w, 0};
        draw_inspect(r, sh, v, (rrect){v->left.x + 24, y + 12, v->left.w - 48, tb.y - 12 - (y + 12)});
        if (tb.h > 0)
            draw_tally(r, v, tb);
    }
}

/* The moves panel: the midend's log, one line per action with its mover's
 * mark, over the midend's button row. */
static void draw_right(render *r, shell *sh, stax_view *v)
{
    ui_draw_panel(r, v->right);
    table_log_draw(v->t, sh, r, v->log_box);
}

void stax_view_draw(void *vv, shell *sh, render *r, float alpha)
{
    stax_view *v = vv;
    const char *back = v->chain.len > 0 ? "Put back" : "Menu";
    ui_draw_table(r, shell_vw(sh));
    {
        char sub[160], n0[48], n1[48];
        table_seat_name(table_match(v->t), 0, n0, sizeof n0);
        table_seat_name(table_match(v->t), 1, n1, sizeof n1);
        snprintf(sub, sizeof sub, "Red: %s  \xc2\xb7  Blue: %s", n0, n1);
        render_text(r, FONT_SERIF_BOLD, 56, v->board.x - 24, 40, UI_CREAM, "STAX");
        render_text(r, FONT_SANS, UI_SMALL, v->board.x + 150, 62, (rcolor){240, 220, 190, 255}, sub);
    }
    draw_board(r, v);
    draw_highlights(r, sh, v);
    draw_stacks(r, sh, v, alpha);
    draw_cursor(r, sh, v, alpha);
    draw_left(r, sh, v);
    draw_right(r, sh, v);
    ui_draw_hints(r, sh, table_over(v->t) ? "Score" : v->chain.len > 0 ? "Land" : "Pick up", back, "Rules");
}


/* The move log's words for move m from before: a step, or a chain of jumps
 * and what each took, and a crowning. */
void stax_view_draw_position(shell *sh, render *r, const void *stv, const game_move *hi, rrect box)
{
    const stax_state *st = stv;
    float keep = stax_view_sq, side = fminf(box.w, box.h);
    stax_view v;

    memset(&v, 0, sizeof v);
    /* the board and its frame (24 units a side, as at the table) fill box */
    stax_view_sq = (side - 48) / 8;
    v.board = (rrect){box.x + (box.w - side) / 2 + 24, box.y + (box.h - side) / 2 + 24, 8 * SQ, 8 * SQ};
    draw_board(r, &v);
    if (hi) {
        /* the move's squares as the last move is marked, each stack it jumps in red */
        for (int k = 0; k < hi->len; k++) {
            ui_draw_last_move(r, square_rect(&v, hi->b[k], 2), 6, st->b.stm);
            if (hi->kind && k + 1 < hi->len && abs((hi->b[k] >> 3) - (hi->b[k + 1] >> 3)) == 2)
                draw_square_mark(r, &v, (hi->b[k] + hi->b[k + 1]) / 2, (rcolor){230, 60, 40, 255}, 3, 4);
        }
    }
    for (int row = 7; row >= 0; row--)
        for (int f = 0; f < 8; f++) {
            int sq = row * 8 + f;
            float x, y;
            if (!dark(sq) || !(st->b.occ >> sq & 1))
                continue;
            square_center(&v, sq, &x, &y);
            draw_stack(r, sh, &v, &st->b, sq, x, y, 0);
        }
    stax_view_sq = keep;
}

void stax_view_describe(const void *before_st, const game_move *m, char *buf, size_t n)
{
    const stax_state *before = before_st;
    stax_board after = before->b;
    char a[3], z[3];
    int flags, jumps = m->len >= 2 && abs((m->b[0] >> 3) - (m->b[1] >> 3)) == 2 ? m->len - 1 : 0;
    size_t len;
    if (m->len < 2) {
        snprintf(buf, n, "passed");
        return;
    }
    flags = stax_make(&after, m);
    stax_square_name(m->b[0], a);
    stax_square_name(m->b[m->len - 1], z);
    if (!jumps) {
        len = (size_t)snprintf(buf, n, "moved %s to %s", a, z);
    } else {
        /* the first jump's prize named, the rest counted */
        int mid = (m->b[0] + m->b[1]) / 2, i = mid >> 1, top = before->b.ht[i] - 1;
        int blue = (int)(before->b.col[i] >> top & 1), major = (int)(before->b.kind[i] >> top & 1);
        char midn[3];
        stax_square_name(mid, midn);
        if (jumps == 1)
            len = (size_t)snprintf(buf, n, "jumped %s to %s, taking a %s %s from %s", a, z, side_names[blue],
                                   major ? "Major" : "Minor", midn);
        else
            len = (size_t)snprintf(buf, n, "jumped %s to %s, taking %d men", a, z, jumps);
    }
    if ((flags & STAX_MADE_PROMOTION) && len < n)
        snprintf(buf + len, n - len, "; crowned a Major");
}
