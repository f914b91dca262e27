/* Drawing the Stack-A-Track table: the upright frame and its blocks, every
 * face built from arc sprites (so any face the notation allows renders) on
 * wood with a grain of its own, the preview of the chosen block over a
 * column, the sliding block, the last move marked, a closed loop lit up and
 * the points a block scored, and the tray. The seats, the status and the
 * move log are track_view_seats.c's. */
#include <string.h>

#include "games/stackatrack/view/track_view_priv.h"
#include "app/input.h"
#include "table/lesson.h"
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

/* A well-mixed 32-bit hash (Chris Wellons' lowbias32): neighbouring ids look unrelated. */
static uint32_t mix32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

uint32_t track_grain_id(uint32_t where, uint32_t what) { return mix32(where * 0x9e3779b9U ^ mix32(what)); }

/* Eight bits of h from bit `at`, as a fraction 0..1. */
static float frac8(uint32_t h, int at) { return (float)((h >> at) & 255) / 255.0f; }

void track_draw_block(render *r, rrect box, track_face f, int glow, rcolor wood, uint32_t id)
{
    float cx = box.x + box.w / 2, cy = box.y + box.h / 2;
    uint32_t h = mix32(id), h2 = mix32(id ^ 0x5bd1e995U);
    /* The block's own tone: lighter or darker maple, warmer or paler. */
    float light = 0.86f + 0.14f * frac8(h, 0), warm = frac8(h, 8);
    rcolor tone = {(uint8_t)(wood.r * light), (uint8_t)(wood.g * light * (0.95f + 0.05f * (1 - warm))),
                   (uint8_t)(wood.b * light * (0.86f + 0.14f * (1 - warm))), wood.a};
    /* ...and its own window of the grain: where, how large, which way round. */
    float span = 0.4f + 0.2f * frac8(h, 16), u0 = frac8(h, 24) * (1 - span), v0 = frac8(h2, 0) * (1 - span);
    float u1 = u0 + span, v1 = v0 + span, t;
    rrect face = {box.x + box.w * 0.05f, box.y + box.h * 0.05f, box.w * 0.9f, box.h * 0.9f};
    rcolor grain = {255, 255, 255, (uint8_t)(wood.a * (0.6f + 0.4f * frac8(h2, 8)))};
    if (h2 & 1 << 16)
        t = u0, u0 = u1, u1 = t;
    if (h2 & 1 << 17)
        t = v0, v0 = v1, v1 = t;
    render_sprite(r, render_sprite_find(r, "stackatrack/block"), box, tone);
    render_sprite_shaded(r, render_sprite_find(r, "stackatrack/grain"), face, u0, v0, u1, v1, grain, grain);
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

/* The identity of the block on cell c (face f): the drop, the landing preview
 * and the landed block share it, so a block keeps its grain as it lands. */
static uint32_t cell_id(int c, track_face f) { return track_grain_id(1 + (uint32_t)c, f); }

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
        track_draw_block(r, box, v->shown.cell[c], k > 0 ? v->glow[c] : 0, UI_WHITE, cell_id(c, v->shown.cell[c]));
        /* the last move stays marked until the next one */
        if (c == v->last_cell && !v->dr.active)
            ui_draw_last_move(r, box, 8, v->last_seat);
        if (k > 0 && v->glow[c])
            render_round_outline(r, box, 8, 5, (rcolor){255, 220, 90, (uint8_t)(255 * k)});
    }
}

void track_view_draw_board(render *r, const track_view *v)
{
    draw_frame(r, v);
    draw_placed(r, v);
}

/* What the last block scored rises off it and fades: over everything on
 * the frame, the preview of the next block included. */
static void draw_pop(render *r, const track_view *v)
{
    float t, al;
    rrect c, b;
    rcolor edge;
    char pts[16];
    if (v->pop_t <= 0 || v->last_cell < 0 || v->dr.active)
        return;
    t = 1 - v->pop_t / POP_TIME, al = fminf(1, v->pop_t / 0.4f);
    c = track_cell_rect(v, v->last_cell / TRACK_ROWS, v->last_cell % TRACK_ROWS);
    b = (rrect){c.x + c.w / 2 - 44, c.y - 30 - 50 * t, 88, 50};
    edge = ui_seat_color(v->last_seat);
    edge.a = (uint8_t)(255 * al);
    snprintf(pts, sizeof pts, "%+d", v->glow_points);
    render_round_rect(r, b, 25, (rcolor){255, 250, 236, (uint8_t)(240 * al)});
    render_round_outline(r, b, 25, 3, edge);
    ui_text_center(r, FONT_SANS_BOLD, UI_HEAD, b, (rcolor){43, 33, 24, (uint8_t)(255 * al)}, pts);
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
    track_draw_block(r, (rrect){to.x + 2, to.y + 2, to.w - 4, to.h - 4}, d->face, 0, UI_WHITE,
                     cell_id(d->col * TRACK_ROWS + d->row, d->face));
    render_round_outline(r, (rrect){to.x + 2, to.y + 2, to.w - 4, to.h - 4}, 8, 5, ui_seat_color(d->seat));
}

/* Face f where it would land in column col (not full): green with its
 * points when it fits (ok, scoring pl), red when it doesn't. */
static void draw_landing(render *r, const track_view *v, int col, track_face f, int ok, const track_place *pl,
                         uint32_t id)
{
    rrect land = track_cell_rect(v, col, v->st->height[col]);
    char pts[16];
    land = (rrect){land.x + 2, land.y + 2, land.w - 4, land.h - 4};
    track_draw_block(r, land, f, 0, (rcolor){255, 255, 255, 150}, id);
    render_round_rect(r, land, 8, ok ? (rcolor){60, 190, 80, 90} : (rcolor){220, 50, 40, 110});
    render_round_outline(r, land, 8, 6, ok ? (rcolor){150, 255, 140, 255} : (rcolor){255, 90, 70, 255});
    if (ok)
        snprintf(pts, sizeof pts, "%+d", pl->points);
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

void track_view_draw_refusal(render *r, const track_view *v, int col, track_face f)
{
    rrect c = track_cell_rect(v, col, TRACK_ROWS - 1);
    c.h = v->frame.h;
    rrect land = track_cell_rect(v, col, v->st->height[col]);
    /* the refusal flash at its brightest, then the face that would not fit,
     * red as the preview marks it, its cross on it (a picture's cells are
     * small: the preview's points pill would hide the block) */
    render_rect(r, c, (rcolor){220, 40, 30, 120});
    land = (rrect){land.x + 2, land.y + 2, land.w - 4, land.h - 4};
    track_draw_block(r, land, f, 0, (rcolor){255, 255, 255, 200}, cell_id(col * TRACK_ROWS + v->st->height[col], f));
    render_round_rect(r, land, 6, (rcolor){220, 50, 40, 90});
    render_round_outline(r, land, 6, fmaxf(3, land.w * 0.08f), (rcolor){255, 90, 70, 255});
    ui_text_center(r, FONT_SANS_BOLD, fmaxf(UI_MIN, land.h * 0.7f), (rrect){land.x, land.y - land.h, land.w, land.h},
                   (rcolor){255, 235, 225, 255}, "\xe2\x9c\x95");
}

void track_view_fit(track_view *v, rrect box)
{
    v->cell = fminf((box.w - 2 * RIM) / TRACK_COLS, (box.h - 2 * RIM) / TRACK_ROWS);
    v->frame = (rrect){box.x + (box.w - v->cell * TRACK_COLS) / 2, box.y + (box.h - v->cell * TRACK_ROWS) / 2,
                       v->cell * TRACK_COLS, v->cell * TRACK_ROWS};
}

/* The table's hint, lit as a legal placement is: the block's face where it
 * would land, green with its points. */
static void draw_hint(render *r, const track_view *v)
{
    game_move m;
    track_block b;
    track_face f;
    track_place pl;
    if (table_hint_move(v->t, &m, NULL) != 0 || m.kind != TRACK_MOVE_PLACE || v->dr.active)
        return;
    b = (track_block){(track_face)(m.b[0] | m.b[1] << 8), (track_face)(m.b[2] | m.b[3] << 8)};
    f = track_block_face(b, m.b[5]);
    if (m.b[4] < TRACK_COLS && track_place_eval(v->st, m.b[4], f, &pl))
        draw_landing(r, v, m.b[4], f, 1, &pl, cell_id(m.b[4] * TRACK_ROWS + v->st->height[m.b[4]], f));
}

/* The chosen block over the previewed column, and where it would land. */
static void draw_preview(render *r, shell *sh, const track_view *v)
{
    track_face f = track_view_face(v);
    int col = v->col, full, ok;
    uint32_t id;
    track_place pl;
    rrect above;
    if (!track_view_human_turn(v) || f == 0 || col < 0 || v->must_pass)
        return;
    if (shell_input(sh)->last_device == DEV_MOUSE && v->hover_col < 0)
        col = -1;
    if (col < 0)
        return;
    full = v->st->height[col] >= TRACK_ROWS;
    ok = !full && track_place_eval(v->st, col, f, &pl);
    id = cell_id(col * TRACK_ROWS + (full ? TRACK_ROWS - 1 : v->st->height[col]), f);
    above = (rrect){v->frame.x + (float)col * v->cell + 4, v->above.y + 4, v->cell - 8, v->cell - 8};
    track_draw_block(r, above, f, 0, UI_WHITE, id);
    render_round_outline(r, above, 8, 5, ok ? (rcolor){120, 220, 110, 255} : (rcolor){230, 70, 50, 255});
    if (!full)
        draw_landing(r, v, col, f, ok, &pl, id);
}

/* A replay's shown move (the review's preferred one): its face landing in
 * its column as the preview shows a block that fits. */
static void draw_shown(render *r, const track_view *v)
{
    const game_move *m = table_replay_shown(v->t);
    if (!m || m->kind != TRACK_MOVE_PLACE || m->b[4] >= TRACK_COLS || v->st->height[m->b[4]] >= TRACK_ROWS)
        return;
    track_block b = {(track_face)(m->b[0] | m->b[1] << 8), (track_face)(m->b[2] | m->b[3] << 8)};
    track_face f = track_block_face(b, m->b[5]);
    int col = m->b[4];
    rrect land = track_cell_rect(v, col, v->st->height[col]);
    land = (rrect){land.x + 2, land.y + 2, land.w - 4, land.h - 4};
    track_draw_block(r, land, f, 0, (rcolor){255, 255, 255, 150}, cell_id(col * TRACK_ROWS + v->st->height[col], f));
    render_round_rect(r, land, 8, (rcolor){60, 190, 80, 90});
    render_round_outline(r, land, 8, 6, (rcolor){150, 255, 140, 255});
}

/* The controller's column cursor round the column, and the refusal flash. */
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
        /* every table's one focus style, round the whole column and the space above it */
        rrect c = track_cell_rect(v, v->col, TRACK_ROWS - 1);
        ui_draw_focus(r, (rrect){c.x + 2, v->above.y, c.w - 4, v->frame.y + v->frame.h - v->above.y}, 10);
    }
}

/* ---------------------------------------------------------------- tray */

/* The scoring reminder, in the tray's panel where the blocks leave room. */
static void draw_scoring(render *r, rrect box)
{
    ui_audit_box(box);
    render_round_rect(r, box, 14, UI_PAPER);
    render_text(r, FONT_SANS_BOLD, UI_BODY, box.x + 16, box.y + 10, UI_INK, "Scoring");
    render_text_wrapped(r, FONT_SANS, UI_SMALL, box.x + 16, box.y + 50, box.w - 32, TEXT_LEFT, UI_INK,
                        TRACK_SCORING_WORDS, 1);
}

static void draw_tray(render *r, shell *sh, const track_view *v)
{
    int seat = track_view_chooser(v), hide = table_curtain(v->t) >= 0;
    char head[MATCH_NAME_LEN + 16];
    ui_draw_panel(r, v->right);
    if (seat < 0 || hide) {
        render_text(r, FONT_SANS_BOLD, UI_HEAD, v->right.x + 24, v->right.y + 18, UI_INK, "Blocks");
    } else {
        track_view_tray_head(v, seat, head, sizeof head);
        ui_draw_seat_name(r, seat, FONT_SANS_BOLD, UI_HEAD, v->right.x + 24, v->right.y + 18, UI_INK, head);
    }
    if (hide) {
        render_text_wrapped(r, FONT_SANS_OBLIQUE, UI_BODY, v->tray.x, v->tray.y + 10, v->tray.w, TEXT_LEFT,
                            UI_INK_SOFT, "Hidden until the next player is ready.", 1);
    } else if (seat < 0 && track_hidden(v)) {
        render_text_wrapped(r, FONT_SANS_OBLIQUE, UI_BODY, v->tray.x, v->tray.y + 10, v->tray.w, TEXT_LEFT,
                            UI_INK_SOFT, "Every player's blocks are on their phone.", 1);
    } else if (v->nkind == 0) {
        render_text_wrapped(r, FONT_SANS_OBLIQUE, UI_BODY, v->tray.x, v->tray.y + 10, v->tray.w, TEXT_LEFT,
                            UI_INK_SOFT,
                            /* a lesson's step gave the learner only the blocks it asks for: they are not out */
                            lesson_continue_word(v->t) ? "This step's blocks are played." : "No blocks left: this seat sits out.",
                            1);
    }
    for (int k = 0; !hide && k < v->nkind; k++) {
        const ui_item *it = ui_nav_item(&v->nav, ID_TRAY + k);
        rrect tile, fb;
        int chosen = k == v->sel && !table_replaying(v->t), side = v->orient >= 4; /* a replay chooses none */
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
            track_draw_block(r, fb, sd ? v->kind[k].b.back : v->kind[k].b.front, 0, UI_WHITE,
                             track_grain_id(0x100u + (uint32_t)sd, (uint32_t)v->kind[k].b.front << 16 | v->kind[k].b.back));
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
    if (!table_replaying(v->t)) { /* a replay is watched: nothing to turn or pass */
        /* the button says what it does; the chosen tile shows which way up the block is */
        const ui_item *t = ui_nav_item(&v->nav, ID_TURN), *p = ui_nav_item(&v->nav, ID_PASS);
        ui_draw_button(r, t->r, TRACK_TURN_LABEL, v->nav.hover == ID_TURN, t->enabled, 0);
        ui_draw_button(r, p->r, "Pass", v->nav.hover == ID_PASS, p->enabled, p->enabled);
    }
    if (v->scoring.h > 0)
        draw_scoring(r, v->scoring);
    (void)sh;
}

/* The hint bar in the shell's words for the device used last. */
static void draw_hints(render *r, shell *sh, const track_view *v)
{
    static const ui_hint over[] = {{ACT_ACCEPT, "See the score"}, {ACT_BACK, "Menu"}};
    static const ui_hint mouse[] = {{UI_HINT_POINT, "Slide in"}, {UI_HINT_WHEEL, "Turn"}, {ACT_BACK, "Menu"}};
    static const ui_hint keys[] = {{UI_HINT_LEFTRIGHT, "Column"}, {UI_HINT_UPDOWN, "Block"}, {ACT_EXTRA, "Turn"},
                                   {ACT_ACCEPT, "Slide in"},     {ACT_ALT, "Rules"},         {ACT_BACK, "Menu"}};
    ui_hint h[8] = {{UI_HINT_PEEK, "See your blocks"}};
    const ui_hint *from = keys;
    int n = 6, first = table_peek_offered(v->t) ? 1 : 0; /* phones' players are in the room */
    ui_hint cont[] = {{ACT_ACCEPT, lesson_continue_word(v->t)}, {ACT_BACK, "Menu"}};
    if (cont[0].does) /* a lesson's step waits for Continue */
        from = cont, n = 2;
    else if (table_over(v->t))
        from = over, n = 2;
    else if (shell_input(sh)->last_device == DEV_MOUSE)
        from = mouse, n = 3;
    memcpy(h + first, from, (size_t)n * sizeof *h);
    if (from != over && from != cont && table_hint_offered(v->t)) {
        /* Hint goes before Menu, the bar's last */
        h[first + n] = h[first + n - 1];
        h[first + n - 1] = (ui_hint){ACT_HINT, "Hint"};
        n++;
    }
    ui_draw_hint_bar(r, sh, h, n + first);
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
    draw_shown(r, v);
    draw_pop(r, v);
    track_draw_seats(r, sh, v);
    draw_tray(r, sh, v);
}

void track_view_draw(void *vv, shell *sh, render *r, float alpha)
{
    ui_draw_table(r, shell_vw(sh));
    track_view_draw_public(vv, sh, r, alpha);
    draw_hint(r, vv); /* never under the curtain: the hint is the viewer's */
    draw_hints(r, sh, vv);
}
