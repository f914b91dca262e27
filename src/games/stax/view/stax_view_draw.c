/* Drawing the STAX table: board, stacks, highlights, cursor, players, the
 * exploded stack and the move list. */
#include "games/stax/view/stax_view_priv.h"
#include "app/input.h"
#include "shell/settings.h"

/* ---------------------------------------------------------------- drawing */

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

static void draw_square_mark(render *r, const stax_view *v, int sq, rcolor c, float inset,
                             float thick)
{
    float x, y;
    square_center(v, sq, &x, &y);
    rrect q = {x - SQ / 2 + inset, y - SQ / 2 + inset, SQ - 2 * inset, SQ - 2 * inset};
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

static void draw_highlights(render *r, shell *sh, const stax_view *v)
{
    float pulse = table_pulse(v->t, 6.0f);
    if (shell_settings(sh)->v[SETTING_reduced_motion])
        pulse = 0.8f;
    if (v->has_last && !v->an.active) {
        for (int k = 0; k < v->last.len; k++)
            draw_square_mark(r, v, v->last.b[k], (rcolor){255, 214, 110, k ? 90 : 55}, 2, 0);
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
    if (v->hover_sq >= 0 && shell_input(sh)->last_device == DEV_MOUSE && dark(v->hover_sq))
        draw_square_mark(r, v, v->hover_sq, (rcolor){255, 255, 255, 50}, 0, 0);
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
    float pulse = table_pulse(v->t, 5.0f), g = 6;
    rcolor ring = v->chain.len > 0 ? (rcolor){170, 255, 150, 255} : UI_GOLD;
    if (!ui_focus_visible(sh))
        return;
    if (shell_settings(sh)->v[SETTING_reduced_motion])
        pulse = 1;
    {
        int sq;
        float left;
        table_refusal(v->t, &sq, &left);
        if (left > 0 && sq == v->cursor && !shell_settings(sh)->v[SETTING_reduced_motion])
            x += sinf(left * 70.0f) * 10.0f * (left / TABLE_REFUSE_FLASH); /* the "no" shake */
    }
    /* Bold enough for a TV across the room: a dark halo, a thick white
     * ring and corner brackets in gold (green while a stack is held). */
    render_round_outline(r, (rrect){x - SQ / 2 - g, y - SQ / 2 - g, SQ + 2 * g, SQ + 2 * g}, 16, 14,
                         (rcolor){20, 12, 6, 190});
    render_round_outline(r, (rrect){x - SQ / 2 - 2, y - SQ / 2 - 2, SQ + 4, SQ + 4}, 12, 8, UI_WHITE);
    for (int c = 0; c < 4; c++) {
        float sx = c & 1 ? 1.0f : -1.0f, sy = c & 2 ? 1.0f : -1.0f, e = SQ / 2 + g + 4 + 3 * pulse, l = 30;
        float cx = x + sx * e, cy = y + sy * e;
        render_round_rect(r, (rrect){sx > 0 ? cx - l : cx - 3, cy - 4, l + 3, 8}, 4, ring);
        render_round_rect(r, (rrect){cx - 4, sy > 0 ? cy - l : cy - 3, 8, l + 3}, 4, ring);
    }
}

/* A player's row: who plays the side (primary text), then the side's name
 * and its count, or that the computer is thinking. */
static void draw_player(render *r, shell *sh, const stax_view *v, int s, float y)
{
    rrect row = {v->left.x + 20, y, v->left.w - 40, 84};
    int to_move = !table_over(v->t) && stax_rules.current_player(v->st) == s;
    char seat[48], line[96];
    int stacks = __builtin_popcountll(v->st->b.occ & (s ? v->st->b.blue : ~v->st->b.blue)), men[2] = {0, 0};
    for (int sq = 0; sq < 64; sq++)
        if (v->st->b.occ >> sq & 1) {
            int n[2];
            stax_stack_count(&v->st->b, sq, n);
            men[0] += n[0];
            men[1] += n[1];
        }
    ui_audit_box(row);
    render_round_rect(r, row, 18, to_move ? (rcolor){255, 248, 232, 255} : UI_PAPER);
    if (to_move)
        render_round_outline(r, row, 18, 3, side_colors[s]);
    draw_man(r, sh, row.x + 44, row.y + 62, 0, s, 0, 0, 255);
    table_seat_name(table_match(v->t), s, seat, sizeof seat);
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_BODY, (rrect){row.x + 88, row.y + 6, row.w - 96, 36}, TEXT_LEFT,
                UI_INK, seat);
    if (to_move && table_thinking(v->t)) {
        int dots = (int)(table_time(v->t) * 3) % 4;
        snprintf(line, sizeof line, "%s \xc2\xb7 thinking%.*s", side_names[s], dots, "...");
    } else {
        snprintf(line, sizeof line, "%s \xc2\xb7 %d stack%s \xc2\xb7 %d men", side_names[s], stacks,
                 stacks == 1 ? "" : "s", men[s]);
    }
    ui_text_fit(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){row.x + 88, row.y + 44, row.w - 96, 32}, TEXT_LEFT,
                side_colors[s], line);
}

/* Whether the status line says why a press was refused. */
static int refused(const stax_view *v)
{
    int spot;
    float flash;
    return table_refusal(v->t, &spot, &flash) != NULL;
}

static void status_text(const stax_view *v, char *buf, size_t n)
{
    int side = v->st->b.stm;
    int spot;
    float flash;
    const char *why = table_refusal(v->t, &spot, &flash);
    if (why && !table_over(v->t)) {
        snprintf(buf, n, "%s", why);
    } else if (table_over(v->t)) {
        game_result res;
        stax_rules.result(v->st, &res);
        if (res.winner < 0)
            snprintf(buf, n, "Draw. Press to see the score.");
        else
            snprintf(buf, n, "%s wins! Press to see the score.", side_names[res.winner]);
    } else if (v->chain.len > 1) {
        int f = stax_chain_forced(&v->chain);
        if (f >= 0) {
            char name[3];
            stax_square_name(f, name);
            snprintf(buf, n, "The chain must go on: only %s is left, it plays itself.", name);
        } else {
            snprintf(buf, n, "The chain must go on: choose the next jump.");
        }
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

static void draw_left(render *r, shell *sh, const stax_view *v)
{
    char status[160];
    float y;
    ui_draw_panel(r, v->left);
    draw_player(r, sh, v, STAX_BLUE, v->left.y + 24);
    draw_player(r, sh, v, STAX_RED, v->left.y + 120);
    status_text(v, status, sizeof status);
    /* The status is primary text: it wraps, and the stack view takes what is left. */
    y = v->left.y + 222 + render_text_wrapped(r, FONT_SANS_BOLD, UI_BODY, v->left.x + 28, v->left.y + 222,
                                              v->left.w - 56, TEXT_LEFT,
                                              table_over(v->t) || refused(v) ? UI_ACCENT : UI_INK,
                                              status, 1);
    draw_inspect(r, sh, v, (rrect){v->left.x + 24, y + 12, v->left.w - 48, v->left.y + v->left.h - 24 - (y + 12)});
}

static void draw_right(render *r, shell *sh, stax_view *v, float alpha)
{
    rrect lb = v->list_box;
    float scroll = v->list_scroll_prev + (v->list_scroll - v->list_scroll_prev) * alpha, row_h = 40;
    ui_draw_panel(r, v->right);
    render_text(r, FONT_SANS_BOLD, UI_HEAD, v->right.x + 24, v->right.y + 20, UI_INK, "Moves");
    ui_audit_box(lb);
    render_round_rect(r, lb, 14, UI_PAPER);
    render_push_clip(r, lb);
    if (table_record(v->t)->n_moves == 0)
        render_text(r, FONT_SANS_OBLIQUE, UI_SMALL, lb.x + 16, lb.y + 12, UI_INK_SOFT, "No moves yet.");
    for (int k = 0; k < table_record(v->t)->n_moves; k += 2) {
        float y = lb.y + 6 + (float)(k / 2) * row_h - scroll;
        char num[16];
        if (y + row_h < lb.y || y > lb.y + lb.h)
            continue;
        snprintf(num, sizeof num, "%d.", k / 2 + 1);
        render_text(r, FONT_SANS, UI_SMALL, lb.x + 12, y + 6, UI_INK_SOFT, num);
        for (int j = 0; j < 2 && k + j < table_record(v->t)->n_moves; j++) {
            float x = lb.x + 70 + (float)j * (lb.w - 82) / 2;
            int latest = k + j == table_record(v->t)->cursor - 1, undone = k + j >= table_record(v->t)->cursor;
            if (latest)
                render_round_rect(r, (rrect){x - 6, y + 2, (lb.w - 82) / 2 - 4, row_h - 4}, 8,
                                  (rcolor){255, 214, 110, 255});
            render_text(r, latest ? FONT_SANS_BOLD : FONT_MONO, UI_SMALL, x, y + 6,
                        undone ? UI_DISABLED : UI_INK, table_record(v->t)->moves[k + j]);
        }
    }
    {
        /* rows scrolled past either edge fade out instead of being cut */
        float content = 6 + (float)((table_record(v->t)->n_moves + 1) / 2) * row_h;
        int edges = (scroll > 1 ? UI_FADE_TOP : 0) | (content - scroll > lb.h + 1 ? UI_FADE_BOTTOM : 0);
        if (edges)
            ui_draw_list_fade(r, lb, 14, UI_PAPER, edges);
    }
    render_pop_clip(r);
    (void)sh; /* the midend draws the button row under the list */
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
    draw_right(r, sh, v, alpha);
    ui_draw_hints(r, sh, table_over(v->t) ? "Score" : v->chain.len > 0 ? "Land" : "Pick up", back, "Rules");
}

