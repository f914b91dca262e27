/* Drawing the Stack-A-Track table: the upright frame and its blocks, every
 * face built from arc sprites (so any face the notation allows renders), the
 * preview of the chosen block over a column, the sliding block, a closed
 * loop lit up, the seats with their points and blocks, and the tray. */
#include "games/stackatrack/view/track_view_priv.h"
#include "app/input.h"
#include "table/phones.h"

#define PI_2 1.5707963f

/* ---------------------------------------------------------------- faces */

/* One arc (an edge mask) as a sprite turned a number of quarter turns
 * clockwise from the sprite's own edges. */
static void arc_sprite(int arc, const char **name, int *quarter)
{
    int n = __builtin_popcount((unsigned)arc);
    *quarter = 0;
    if (n == 1) {
        *name = "stackatrack/end"; /* drawn from the bottom */
        *quarter = arc == TRACK_L ? 1 : arc == TRACK_T ? 2 : arc == TRACK_R ? 3 : 0;
    } else if (n == 2 && (arc == (TRACK_T | TRACK_B) || arc == (TRACK_R | TRACK_L))) {
        *name = "stackatrack/straight"; /* top to bottom */
        *quarter = arc == (TRACK_R | TRACK_L);
    } else if (n == 2) {
        *name = "stackatrack/curve"; /* bottom to right */
        *quarter = arc == (TRACK_B | TRACK_L) ? 1 : arc == (TRACK_T | TRACK_L) ? 2 : arc == (TRACK_T | TRACK_R) ? 3 : 0;
    } else if (n == 3) {
        int missing = 15 & ~arc;
        *name = "stackatrack/three"; /* the top edge bare */
        *quarter = missing == TRACK_R ? 1 : missing == TRACK_B ? 2 : missing == TRACK_L ? 3 : 0;
    } else {
        *name = "stackatrack/four";
    }
}

void track_draw_block(render *r, rrect box, track_face f, int glow, rcolor wood)
{
    float cx = box.x + box.w / 2, cy = box.y + box.h / 2;
    render_sprite(r, render_sprite_find(r, "stackatrack/block"), box, wood);
    if (glow)
        render_round_rect(r, (rrect){box.x + 4, box.y + 4, box.w - 8, box.h - 8}, box.w * 0.06f,
                          (rcolor){255, 214, 90, 200});
    for (int k = 0; k < 4 && (f >> (4 * k)) & 15; k++) {
        const char *name;
        int q;
        rcolor tint = glow >> k & 1 ? (rcolor){255, 236, 150, 255} : UI_WHITE;
        tint.a = wood.a;
        arc_sprite((f >> (4 * k)) & 15, &name, &q);
        render_sprite_ex(r, render_sprite_find(r, name), cx, cy, box.w, box.h, (float)q * PI_2, tint);
    }
}

/* ---------------------------------------------------------------- the frame */

static float ease_fall(float t) { return t <= 0 ? 0 : t >= 1 ? 1 : t * t; }

static void draw_frame(render *r, const track_view *v)
{
    rrect fr = {v->frame.x - RIM, v->frame.y - RIM, v->frame.w + 2 * RIM, v->frame.h + 2 * RIM};
    char lab[4];
    render_shadow(r, (rrect){fr.x + 6, fr.y + 16, fr.w, fr.h}, 18, 34, (rcolor){10, 5, 0, 150});
    render_round_rect(r, fr, 18, (rcolor){104, 64, 34, 255});
    render_round_outline(r, (rrect){fr.x + 6, fr.y + 6, fr.w - 12, fr.h - 12}, 12, 2, (rcolor){160, 112, 66, 255});
    render_rect(r, v->frame, (rcolor){58, 38, 22, 255});
    for (int c = 0; c < TRACK_COLS; c++) {
        rrect col = track_cell_rect(v, c, TRACK_ROWS - 1);
        col.h = v->frame.h;
        if (c & 1)
            render_rect(r, col, (rcolor){66, 44, 26, 255});
        /* the column's number under the floor */
        snprintf(lab, sizeof lab, "%d", c + 1);
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, (rrect){col.x, v->frame.y + v->frame.h + 2, col.w, RIM},
                       (rcolor){240, 215, 175, 255}, lab);
    }
    for (int c = 1; c < TRACK_COLS; c++)
        render_rect(r, (rrect){v->frame.x + (float)c * v->cell - 1, v->frame.y, 2, v->frame.h},
                    (rcolor){40, 26, 14, 255});
}

static void draw_placed(render *r, const track_view *v)
{
    float k = v->glow_t > 0 ? fminf(1, v->glow_t / 0.4f) : 0;
    for (int c = 0; c < TRACK_CELLS; c++) {
        rrect box;
        if (!v->shown.cell[c])
            continue;
        box = track_cell_rect(v, c / TRACK_ROWS, c % TRACK_ROWS);
        box = (rrect){box.x + 2, box.y + 2, box.w - 4, box.h - 4};
        track_draw_block(r, box, v->shown.cell[c], k > 0 ? v->glow[c] : 0, UI_WHITE);
        if (k > 0 && v->glow[c])
            render_round_outline(r, box, 8, 5, (rcolor){255, 220, 90, (uint8_t)(255 * k)});
        if (c == v->last_cell && !v->dr.active)
            render_round_outline(r, box, 8, 5, seat_colours[v->last_seat]);
    }
    if (v->pop_t > 0 && v->last_cell >= 0 && !v->dr.active) {
        /* what the block scored rises off it and fades */
        float t = 1 - v->pop_t / POP_TIME, al = fminf(1, v->pop_t / 0.4f);
        rrect c = track_cell_rect(v, v->last_cell / TRACK_ROWS, v->last_cell % TRACK_ROWS);
        rrect b = {c.x + c.w / 2 - 44, c.y - 30 - 50 * t, 88, 50};
        char pts[16];
        snprintf(pts, sizeof pts, "%+d", v->glow_points);
        render_round_rect(r, b, 25, (rcolor){255, 250, 236, (uint8_t)(240 * al)});
        render_round_outline(r, b, 25, 3, (rcolor){seat_colours[v->last_seat].r, seat_colours[v->last_seat].g,
                                                     seat_colours[v->last_seat].b, (uint8_t)(255 * al)});
        ui_text_center(r, FONT_SANS_BOLD, UI_HEAD, b, (rcolor){43, 33, 24, (uint8_t)(255 * al)}, pts);
    }
}

/* The block sliding down: from the space above the frame to its cell, gathering speed. */
static void draw_drop(render *r, const track_view *v, float alpha)
{
    const drop *d = &v->dr;
    rrect to, from;
    float t;
    if (!d->active)
        return;
    t = ease_fall(d->t_prev + (d->t - d->t_prev) * alpha);
    to = track_cell_rect(v, d->col, d->row);
    from = (rrect){to.x, v->above.y, to.w, to.h};
    to = ui_rect_lerp(from, to, t);
    track_draw_block(r, (rrect){to.x + 2, to.y + 2, to.w - 4, to.h - 4}, d->face, 0, UI_WHITE);
    render_round_outline(r, (rrect){to.x + 2, to.y + 2, to.w - 4, to.h - 4}, 8, 5, seat_colours[d->seat]);
}

/* The chosen block over the previewed column, and where it would land:
 * green with its points when it fits, red when it doesn't. */
static void draw_preview(render *r, shell *sh, const track_view *v)
{
    track_face f = track_view_face(v);
    int col = v->col, full, ok;
    track_place pl;
    rrect above, land;
    char pts[16];
    if (!track_view_human_turn(v) || f == 0 || col < 0 || v->must_pass)
        return;
    if (shell_input(sh)->last_device == DEV_MOUSE && v->hover_col < 0)
        col = -1;
    if (col < 0)
        return;
    full = v->st->height[col] >= TRACK_ROWS;
    ok = !full && track_place_eval(v->st, col, f, &pl);
    above = (rrect){v->frame.x + (float)col * v->cell + 4, v->above.y + 4, v->cell - 8, v->cell - 8};
    track_draw_block(r, above, f, 0, UI_WHITE);
    render_round_outline(r, above, 8, 5, ok ? (rcolor){120, 220, 110, 255} : (rcolor){230, 70, 50, 255});
    if (full)
        return;
    land = track_cell_rect(v, col, v->st->height[col]);
    land = (rrect){land.x + 2, land.y + 2, land.w - 4, land.h - 4};
    track_draw_block(r, land, f, 0, (rcolor){255, 255, 255, 150});
    render_round_rect(r, land, 8, ok ? (rcolor){60, 190, 80, 90} : (rcolor){220, 50, 40, 110});
    render_round_outline(r, land, 8, 6, ok ? (rcolor){150, 255, 140, 255} : (rcolor){255, 90, 70, 255});
    if (ok)
        snprintf(pts, sizeof pts, "%+d", pl.points);
    else
        snprintf(pts, sizeof pts, "\xe2\x9c\x95"); /* a cross: it would break the track */
    {
        rrect b = {land.x + land.w - 62, land.y - 14, 70, 42};
        render_round_rect(r, b, 21, ok ? (rcolor){250, 248, 235, 255} : (rcolor){255, 225, 215, 255});
        render_round_outline(r, b, 21, 3, ok ? (rcolor){40, 130, 50, 255} : (rcolor){190, 40, 30, 255});
        ui_text_center(r, FONT_SANS_BOLD, UI_BODY, b, ok ? (rcolor){20, 90, 30, 255} : (rcolor){170, 30, 20, 255},
                       pts);
    }
}

/* The controller's column cursor: brackets round the column, and the refusal flash. */
static void draw_cursor(render *r, shell *sh, const track_view *v)
{
    int col;
    float left;
    table_refusal(v->t, &col, &left);
    if (left > 0 && col >= 0) {
        rrect c = track_cell_rect(v, col, TRACK_ROWS - 1);
        float k = left / TABLE_REFUSE_FLASH;
        c.h = v->frame.h;
        render_rect(r, c, (rcolor){220, 40, 30, (uint8_t)(120 * k)});
    }
    if (ui_focus_visible(sh) && v->col >= 0 && track_view_human_turn(v)) {
        rrect c = track_cell_rect(v, v->col, TRACK_ROWS - 1);
        c = (rrect){c.x - 4, v->above.y - 4, c.w + 8, v->frame.y + v->frame.h - v->above.y + 8};
        render_round_outline(r, c, 12, 10, (rcolor){20, 12, 6, 170});
        render_round_outline(r, c, 12, 5, UI_GOLD);
    }
}

/* ---------------------------------------------------------------- seats */

/* A seat's row: colour, who plays it, points (primary text), and its blocks
 * (face up, or backs when they are hidden from the viewer): on a line of
 * their own when the row is tall (wide screens), else beside the count. */
static void draw_seat(render *r, const track_view *v, int s, rrect row)
{
    int to_move = !table_over(v->t) && v->st->to_move == s, n = v->st->nhand[s];
    int hide = track_hidden(v) && (s != table_viewer(v->t) || table_hides_private(v->t)), tall = row.h > 100;
    char seat[48], line[64];
    float x, size, x1 = row.x + row.w - 12, y;
    ui_audit_box(row);
    render_round_rect(r, row, 16, to_move ? (rcolor){255, 248, 232, 255} : UI_PAPER);
    if (to_move)
        render_round_outline(r, row, 16, 4, seat_colours[s]);
    render_round_rect(r, (rrect){row.x + 12, row.y + 14, 14, row.h - 28}, 7, seat_colours[s]);
    table_seat_name(table_match(v->t), s, seat, sizeof seat);
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){row.x + 38, row.y + 4, row.w - 160, 38}, TEXT_LEFT,
                UI_INK, seat);
    snprintf(line, sizeof line, "%d", v->st->score[s]);
    ui_text_fit(r, FONT_SANS_BOLD, UI_HEAD, UI_BODY, (rrect){row.x + row.w - 120, row.y + 2, 108, 44}, TEXT_RIGHT,
                UI_INK, line);
    if (to_move && table_thinking(v->t)) {
        int dots = (int)(table_time(v->t) * 3) % 4;
        snprintf(line, sizeof line, "%s \xc2\xb7 thinking%.*s", seat_colour_names[s], dots, "...");
    } else if (n == 0) {
        snprintf(line, sizeof line, "%s \xc2\xb7 no blocks: sits out", seat_colour_names[s]);
    } else {
        snprintf(line, sizeof line, "%s \xc2\xb7 %d block%s", seat_colour_names[s], n, n == 1 ? "" : "s");
    }
    ui_text_fit(r, FONT_SANS, UI_MIN, UI_MIN, (rrect){row.x + 38, row.y + 42, tall ? row.w - 50 : 230, 28}, TEXT_LEFT,
                seat_colours[s], line);
    /* the blocks in a strip, as many as fit (one face each) */
    x = tall ? row.x + 38 : row.x + 272;
    size = fminf(tall ? 36 : 30, (x1 - x) / (float)(n > 0 ? n : 1) - 2);
    size = fmaxf(size, 12);
    y = row.y + row.h - size - 10;
    for (int i = 0; i < n && x + size <= x1 + 0.5f; i++, x += size + 2) {
        rrect b = {x, y, size, size};
        if (hide)
            render_sprite(r, render_sprite_find(r, "stackatrack/back"), b, UI_WHITE);
        else
            track_draw_block(r, b, v->st->hand[s][i].front, 0, UI_WHITE);
    }
}

static void status_text(const track_view *v, char *buf, size_t n)
{
    int s = v->st->to_move, spot;
    float flash;
    const char *why = table_refusal(v->t, &spot, &flash);
    if (why && !table_over(v->t))
        snprintf(buf, n, "%s", why);
    else if (table_over(v->t))
        snprintf(buf, n, "Game over. Press to see the score.");
    else if (table_curtain(v->t) >= 0)
        snprintf(buf, n, "Pass the screen to %s.", seat_colour_names[table_curtain(v->t)]);
    else if (!table_seat_human(v->t, s))
        snprintf(buf, n, "%s (computer) is thinking.", seat_colour_names[s]);
    else if (phones_seat(s))
        snprintf(buf, n, "%s is playing on their phone.", seat_colour_names[s]);
    else if (v->must_pass)
        snprintf(buf, n, "%s: none of your blocks fits anywhere. Pass.", seat_colour_names[s]);
    else
        snprintf(buf, n, "%s to play: pick a block, turn it, slide it down a column.", seat_colour_names[s]);
}

static void draw_left(render *r, const track_view *v, int wide)
{
    char status[160];
    float y = v->left.y + 18, flash;
    int spot;
    ui_draw_panel(r, v->left);
    render_text(r, FONT_SERIF_BOLD, UI_HEAD, v->left.x + 24, y, UI_INK, "Stack-A-Track");
    y += 60;
    for (int s = 0; s < v->st->players; s++, y += wide ? 126 : 86)
        draw_seat(r, v, s, (rrect){v->left.x + 16, y, v->left.w - 32, wide ? 118 : 78});
    status_text(v, status, sizeof status);
    y += 8 + render_text_wrapped(r, FONT_SANS_BOLD, UI_BODY, v->left.x + 24, y + 4, v->left.w - 48, TEXT_LEFT,
                                 table_over(v->t) || table_refusal(v->t, &spot, &flash) ? UI_ACCENT : UI_INK, status, 1);
    if (wide && y + 150 < v->left.y + v->left.h) {
        rrect box = {v->left.x + 16, y + 12, v->left.w - 32, 0};
        box.h = v->left.y + v->left.h - 16 - box.y;
        if (box.h > 196)
            box.h = 196;
        ui_audit_box(box);
        render_round_rect(r, box, 14, UI_PAPER);
        render_text(r, FONT_SANS_BOLD, UI_SMALL, box.x + 16, box.y + 12, UI_INK, "Scoring");
        render_text_wrapped(r, FONT_SANS, UI_MIN, box.x + 16, box.y + 46, box.w - 32, TEXT_LEFT, UI_INK_SOFT,
                            "+1 each track end that meets a track end. \xe2\x88\x92" "1 each end off the edge. "
                            "+5 each loop closed. Track may never meet a bare side.",
                            1);
    }
}

/* ---------------------------------------------------------------- tray */

static void draw_tray(render *r, shell *sh, const track_view *v)
{
    int seat = track_view_chooser(v), hide = table_curtain(v->t) >= 0;
    char head[64];
    ui_draw_panel(r, v->right);
    if (seat < 0 || hide)
        snprintf(head, sizeof head, "Blocks");
    else
        snprintf(head, sizeof head, "%s's blocks", seat_colour_names[seat]);
    render_text(r, FONT_SANS_BOLD, UI_HEAD, v->right.x + 24, v->right.y + 18, UI_INK, head);
    if (hide) {
        render_text_wrapped(r, FONT_SANS_OBLIQUE, UI_BODY, v->tray.x, v->tray.y + 10, v->tray.w, TEXT_LEFT,
                            UI_INK_SOFT, "Hidden until the next player is ready.", 1);
    } else if (seat < 0 && track_hidden(v)) {
        render_text_wrapped(r, FONT_SANS_OBLIQUE, UI_BODY, v->tray.x, v->tray.y + 10, v->tray.w, TEXT_LEFT,
                            UI_INK_SOFT, "Every player's blocks are on their phone.", 1);
    } else if (v->nkind == 0) {
        render_text_wrapped(r, FONT_SANS_OBLIQUE, UI_BODY, v->tray.x, v->tray.y + 10, v->tray.w, TEXT_LEFT,
                            UI_INK_SOFT, "No blocks left: this seat sits out.", 1);
    }
    for (int k = 0; !hide && k < v->nkind; k++) {
        const ui_item *it = ui_nav_item(&v->nav, ID_TRAY + k);
        rrect tile, fb;
        int chosen = k == v->sel, side = v->orient >= 4;
        char cnt[16];
        float f;
        if (!it)
            continue;
        tile = it->r;
        f = tile.h - 16;
        ui_audit_box(tile);
        render_round_rect(r, tile, 14, chosen ? (rcolor){255, 236, 190, 255} : UI_PAPER);
        if (chosen)
            render_round_outline(r, tile, 14, 4, UI_ACCENT);
        else if (v->nav.hover == ID_TRAY + k)
            render_round_outline(r, tile, 14, 3, UI_INK_SOFT);
        for (int sd = 0; sd < 2; sd++) {
            fb = (rrect){tile.x + 10 + (float)sd * (f + 8), tile.y + 8, f, f};
            track_draw_block(r, fb, sd ? v->kind[k].b.back : v->kind[k].b.front, 0, UI_WHITE);
            if (chosen && sd == side)
                render_round_outline(r, (rrect){fb.x - 3, fb.y - 3, fb.w + 6, fb.h + 6}, 9, 3, UI_ACCENT);
        }
        snprintf(cnt, sizeof cnt, "\xc3\x97%d", v->kind[k].count);
        if (chosen && tile.h >= 64 && tile.w - 2 * f - 44 >= 200) {
            /* the chosen block's way up, in words, under its count */
            ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){tile.x + 2 * f + 34, tile.y + 4, 80, 34},
                        TEXT_LEFT, UI_INK, cnt);
            ui_text_fit(r, FONT_SANS, UI_MIN, UI_MIN,
                        (rrect){tile.x + 2 * f + 34, tile.y + tile.h - 34, tile.w - 2 * f - 44, 28}, TEXT_LEFT,
                        UI_INK_SOFT, track_orient_words(v->orient));
        } else {
            ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN,
                        (rrect){tile.x + 2 * f + 34, tile.y, tile.w - 2 * f - 44, tile.h}, TEXT_LEFT, UI_INK, cnt);
        }
    }
    {
        char lab[32];
        const ui_item *t = ui_nav_item(&v->nav, ID_TURN), *p = ui_nav_item(&v->nav, ID_PASS);
        snprintf(lab, sizeof lab, "Turn (%s)", track_orient_name(v->orient));
        ui_draw_button(r, t->r, lab, v->nav.hover == ID_TURN, t->enabled, 0);
        ui_draw_button(r, p->r, "Pass", v->nav.hover == ID_PASS, p->enabled, p->enabled);
    }
    (void)sh;
}

static const char *hint_line(const shell *sh, const track_view *v)
{
    if (table_over(v->t))
        return shell_input(sh)->last_device == DEV_PAD ? "A  Score   \xc2\xb7   Start  Menu" : "Click or Enter: the score";
    switch (shell_input(sh)->last_device) {
    case DEV_PAD:
        return "\xe2\x97\x80\xe2\x96\xb6 Column  \xc2\xb7  \xe2\x96\xb2\xe2\x96\xbc Block  \xc2\xb7  X Turn  \xc2\xb7  A Slide in  "
               "\xc2\xb7  Y Rules  \xc2\xb7  Start Menu";
    case DEV_KEYBOARD:
        return "\xe2\x86\x90\xe2\x86\x92 Column  \xc2\xb7  \xe2\x86\x91\xe2\x86\x93 Block  \xc2\xb7  X Turn  \xc2\xb7  Enter Slide in  "
               "\xc2\xb7  R Rules  \xc2\xb7  Esc Menu";
    default:
        return "Click a column: slide in  \xc2\xb7  Wheel or right button: turn  \xc2\xb7  Esc Menu";
    }
}

/* The frame, the blocks left and the tray (hidden blocks face down behind the curtain). */
void track_view_draw_public(void *vv, shell *sh, render *r, float alpha)
{
    track_view *v = vv;
    draw_frame(r, v);
    draw_placed(r, v);
    draw_drop(r, v, alpha);
    draw_cursor(r, sh, v);
    draw_preview(r, sh, v);
    draw_left(r, v, v->left.y > 100);
    draw_tray(r, sh, v);
}

void track_view_draw(void *vv, shell *sh, render *r, float alpha)
{
    ui_draw_table(r, shell_vw(sh));
    track_view_draw_public(vv, sh, r, alpha);
    ui_draw_hint_line(r, sh, hint_line(sh, vv));
}
