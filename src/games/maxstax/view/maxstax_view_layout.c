/* Laying out the MAXSTAX table: the card, clock and scores across the top,
 * and a pane per stacking space, each framed on what the round needs (the
 * card's width and height beside the starter piles) and arranged so the
 * blocks are drawn as large as the window allows, rivals' spaces too. The
 * panes are laid out once a round; inside its pane each space's camera
 * zooms smoothly to keep its blocks in view. */
#include "games/maxstax/view/maxstax_view_priv.h"
#include "shell/trace.h"

/* The table area below the top bar and above the hint bar, virtual units. */
#define AREA_TOP 250.0f
#define AREA_BOTTOM 70.0f
#define AREA_SIDE 30.0f
#define GAP_X 30.0f
#define GAP_Y 20.0f
/* Rivals' blocks at least this fraction of the person's, where there is room. */
#define RIVAL_SHARE 0.35f
/* A pane's camera eases toward its goal at this rate (1/s), and its edges
 * move at most this fraction of its extent per second. */
#define CAM_EASE 4.0
#define CAM_RATE 0.5
/* Room left of the card's own width to build in, plank units. */
#define BUILD_ROOM MAXSTAX_BLOCK_LEN

/* How far above its centre a plank at this angle reaches. */
static double reach_up(double angle_deg)
{
    double sh = angle_deg * PI_F / 180.0;
    return fabs(sin(sh)) * MAXSTAX_BLOCK_LEN / 2 + fabs(cos(sh)) * MAXSTAX_BLOCK_THICK / 2;
}

/* How far beside its centre a plank at this angle reaches. */
static double reach_side(double angle_deg)
{
    double sh = angle_deg * PI_F / 180.0;
    return fabs(cos(sh)) * MAXSTAX_BLOCK_LEN / 2 + fabs(sin(sh)) * MAXSTAX_BLOCK_THICK / 2;
}

/* The round's frame, what the panes are laid out for: the card's width with
 * a plank's length of room beside it (the card stands centred in the
 * space), the starter piles to the right, and above the card or the piles
 * a plank's length of room to carry a block over. */
static maxstax_frame round_frame(const maxstax_view *v)
{
    double top = MAXSTAX_BLOCKS_PER_PLAYER / MAXSTAX_PILES * MAXSTAX_BLOCK_THICK; /* a starter pile */
    double lo = 1e9, hi = -1e9;
    /* SPEEDSTAX frames its one card; the other modes every seat's own (one
     * frame for all, so the spaces compare), and a SAMESTAX creation with
     * nothing to copy yet has room for a structure of a few planks. */
    for (int p = v->scoring == MAXSTAX_SPEEDSTAX ? -1 : 0; p < (v->scoring == MAXSTAX_SPEEDSTAX ? 0 : v->players); p++) {
        const maxstax_card *c = maxstax_view_card(v, p);
        for (int i = 0; i < c->n; i++) {
            top = fmax(top, c->block[i].y + reach_up(c->block[i].angle));
            lo = fmin(lo, c->block[i].x - reach_side(c->block[i].angle));
            hi = fmax(hi, c->block[i].x + reach_side(c->block[i].angle));
        }
    }
    if (lo > hi) { /* nothing to build yet */
        lo = -MAXSTAX_BLOCK_LEN;
        hi = MAXSTAX_BLOCK_LEN;
        top = fmax(top, 3 * MAXSTAX_BLOCK_LEN);
    }
    return (maxstax_frame){fmax(-(hi - lo) / 2 - BUILD_ROOM, -MAXSTAX_SPACE_HALF - 0.6),
                           maxstax_match_pile_x(MAXSTAX_PILES - 1) + MAXSTAX_BLOCK_LEN / 2 + 0.6,
                           top + MAXSTAX_BLOCK_LEN};
}

/* What seat p's camera should show: the round's frame f, widened to keep
 * in view a block of p's lying beyond it (one that fell, or a structure
 * taller than the card), up to the space's edge; a held block does not
 * widen it, so the camera holds still under a drag. */
static maxstax_frame camera_goal(const maxstax_view *v, int p, maxstax_frame f)
{
    const maxstax_world *w = maxstax_match_world(v->match);
    for (int i = 0; i < MAXSTAX_BLOCKS_PER_PLAYER; i++) {
        int b = maxstax_match_first_block(p) + i;
        maxstax_pose q = v->cur[b];
        if (maxstax_world_held(w, p) == b)
            continue;
        q.x -= (double)p * MAXSTAX_SPACE_PITCH;
        f.x0 = fmin(f.x0, q.x - reach_side(q.angle) - 0.3);
        f.y1 = fmax(f.y1, q.y + reach_up(q.angle) + 0.5);
    }
    f.x0 = fmax(f.x0, -MAXSTAX_SPACE_HALF - 0.6);
    return f;
}

/* One edge of a camera eased toward its goal over dt seconds, never faster
 * than CAM_RATE of the camera's extent per second: the zoom glides from
 * frame to frame instead of jumping. */
static double ease_edge(double cur, double goal, double extent, double dt)
{
    double step = (goal - cur) * (1 - exp(-dt * CAM_EASE)), cap = dt * CAM_RATE * extent;
    if (fabs(goal - cur) < 1e-3)
        return goal;
    return cur + fmin(fmax(step, -cap), cap);
}

/* Room from a pane's top down to its starter piles where the pane shows a
 * card (SAMESTAX's Copy, a SWAPSTAX seat's own): the picture beside the
 * name, clear of the piles, stays at least 64 units tall (45 px at 4:3,
 * 768 high) on a rival's small pane too. */
#define PICTURE_ROOM 92.0f
#define PILE_H ((double)MAXSTAX_BLOCKS_PER_PLAYER / MAXSTAX_PILES * MAXSTAX_BLOCK_THICK)

static float picture_room(const maxstax_view *v) { return v->scoring == MAXSTAX_SPEEDSTAX ? 0 : PICTURE_ROOM; }

/* The scale (virtual units per plank unit) at which frame f fits a w x h
 * slot, with room (virtual units) above the starter piles. */
static float fit_scale(const maxstax_frame *f, float w, float h, float room)
{
    float sx = (w - 2 * PANE_SIDE) / (float)(f->x1 - f->x0);
    float sy = (h - PANE_FLOOR - PANE_TOP) / (float)f->y1;
    float sp = (h - PANE_FLOOR - room) / (float)PILE_H;
    float s = fminf(fminf(sx, sy), sp);
    return s > 1 ? s : 1;
}

/* Each pane's camera toward its goal (at once when snap), the scale it
 * draws at in its fixed pane, and the cursors kept in view. */
static void cameras_follow(maxstax_view *v, int snap)
{
    double dt = fmin(fmax(v->time - v->cam_time, 0), 0.1);
    v->cam_time = v->time;
    v->view_x0 = 1e9;
    v->view_x1 = v->view_y1 = -1e9;
    for (int p = 0; p < v->players; p++) {
        maxstax_frame g = camera_goal(v, p, v->layout_frame), *c = &v->cam[p];
        rrect r = v->pane[p];
        if (snap) {
            *c = g;
        } else {
            double wide = c->x1 - c->x0;
            c->x0 = ease_edge(c->x0, g.x0, wide, dt);
            c->x1 = ease_edge(c->x1, g.x1, wide, dt);
            c->y1 = ease_edge(c->y1, g.y1, c->y1, dt);
        }
        v->scale[p] = fit_scale(c, r.w, r.h, picture_room(v));
        v->view_x0 = fmin(v->view_x0, c->x0);
        v->view_x1 = fmax(v->view_x1, c->x1);
        v->view_y1 = fmax(v->view_y1, c->y1);
        /* A cursor left outside a smaller round's frame comes back into view. */
        v->ctl[p].x = fmin(fmax(v->ctl[p].x, c->x0), c->x1);
        v->ctl[p].y = fmin(fmax(v->ctl[p].y, 0.3), c->y1);
    }
}

/* The grid of `count` equal slots in r that draws the blocks largest: its
 * columns in *cols, the scale it draws at returned. */
static float best_grid(const maxstax_view *v, rrect r, int count, int *cols)
{
    float best = -1;
    *cols = count;
    for (int c = 1; c <= count; c++) {
        int rows = (count + c - 1) / c;
        float w = (r.w - GAP_X * (float)(c - 1)) / (float)c;
        float h = (r.h - GAP_Y * (float)(rows - 1)) / (float)rows;
        float s = fit_scale(&v->layout_frame, w, h, picture_room(v));
        if (s > best) {
            best = s;
            *cols = c;
        }
    }
    return best;
}

/* Slot k of a grid of `count` slots, cols wide, filling r (a last row
 * that is not full is centred); its row in *row. */
static rrect grid_slot(rrect r, int k, int count, int cols, int *row)
{
    int rows = (count + cols - 1) / cols, in_row = k / cols < rows - 1 ? cols : count - (rows - 1) * cols;
    float w = (r.w - GAP_X * (float)(cols - 1)) / (float)cols;
    float h = (r.h - GAP_Y * (float)(rows - 1)) / (float)rows;
    float x0 = r.x + (float)(cols - in_row) * (w + GAP_X) / 2;
    *row = k / cols;
    return (rrect){x0 + (float)(k % cols) * (w + GAP_X), r.y + (float)(k / cols) * (h + GAP_Y), w, h};
}

/* One mouse: the person's space large and the rivals' (in their best grid)
 * beside it at the right or below it, whichever split draws the person's
 * blocks largest while the rivals' keep RIVAL_SHARE of their size. Fills
 * main and side (the rivals' area). Returns nonzero for below. */
static int split_one_mouse(const maxstax_view *v, rrect area, rrect *main, rrect *side)
{
    int rivals = v->players - 1, best_below = 0, cols;
    float best = -1;
    for (int below = 0; below < 2; below++)
        for (int step = 30; step <= 90; step++) {
            float f = (float)step / 100.0f, sm, sr, score;
            rrect m, s;
            if (below) {
                m = (rrect){area.x, area.y, area.w, (area.h - GAP_Y) * f};
                s = (rrect){area.x, m.y + m.h + GAP_Y, area.w, area.h - m.h - GAP_Y};
            } else {
                m = (rrect){area.x, area.y, (area.w - GAP_X) * f, area.h};
                s = (rrect){m.x + m.w + GAP_X, area.y, area.w - m.w - GAP_X, area.h};
            }
            sm = fit_scale(&v->layout_frame, m.w, m.h, picture_room(v));
            sr = best_grid(v, s, rivals, &cols);
            /* The person's blocks as large as can be with the rivals' at
             * their share; a little of the rivals' size breaks ties. */
            score = fminf(sm, sr / RIVAL_SHARE) + 0.01f * sr;
            if (score > best) {
                best = score;
                *main = m;
                *side = s;
                best_below = below;
            }
        }
    return best_below;
}

/* The pane in a slot: just the frame at the slot's scale (no empty cream
 * around it), centred in the slot. */
static rrect frame_in(const maxstax_view *v, rrect r, float *scale)
{
    float s = fit_scale(&v->layout_frame, r.w, r.h, picture_room(v));
    float w = (float)(v->layout_frame.x1 - v->layout_frame.x0) * s + 2 * PANE_SIDE;
    float h = fmaxf((float)v->layout_frame.y1 * s + PANE_TOP, (float)PILE_H * s + picture_room(v)) + PANE_FLOOR;
    *scale = s;
    w = fminf(w, r.w);
    h = fminf(h, r.h);
    return (rrect){r.x + (r.w - w) / 2, r.y + (r.h - h) / 2, w, h};
}

/* Closes up the rows of the panes in mask (row[p] numbers them from the
 * top): each row as tall as its tallest pane, GAP_Y apart, the whole stack
 * centred in the area, so the room left over goes around, not between. */
static void stack_rows(maxstax_view *v, unsigned mask, const int *row, rrect area)
{
    float h[SPEEDSTAX_MAX_PLAYERS + 1] = {0}, y = 0, total = -GAP_Y;
    int rows = 0;
    for (int p = 0; p < v->players; p++)
        if (mask >> p & 1) {
            h[row[p]] = fmaxf(h[row[p]], v->pane[p].h);
            rows = row[p] + 1 > rows ? row[p] + 1 : rows;
        }
    for (int k = 0; k < rows; k++)
        total += h[k] + GAP_Y;
    for (int k = 0; k < rows; k++) {
        for (int p = 0; p < v->players; p++)
            if ((mask >> p & 1) && row[p] == k)
                v->pane[p].y = area.y + (area.h - total) / 2 + y + (h[k] - v->pane[p].h) / 2;
        y += h[k] + GAP_Y;
    }
}

/* The panes: with one mouse the person's large and the rivals' beside or
 * below it; in split screen (or computers only) a grid of equal spaces. */
static void arrange_panes(maxstax_view *v, rrect area, int big)
{
    int n = v->players, row[SPEEDSTAX_MAX_PLAYERS], cols, k = 0;
    unsigned all = (1u << n) - 1;
    if ((v->humans == 1 || v->turns) && big >= 0) {
        rrect main = area, side = area;
        int below = split_one_mouse(v, area, &main, &side);
        unsigned rivals = all & ~(1u << big);
        best_grid(v, side, n - 1, &cols);
        for (int p = 0; p < n; p++) {
            rrect r = p == big ? main : grid_slot(side, k++, n - 1, cols, &row[p]);
            v->pane[p] = frame_in(v, r, &v->scale[p]);
            row[p] = p == big ? 0 : row[p] + below;
        }
        stack_rows(v, below ? all : rivals, row, area);
    } else {
        best_grid(v, area, n, &cols);
        for (int p = 0; p < n; p++)
            v->pane[p] = frame_in(v, grid_slot(area, p, n, cols, &row[p]), &v->scale[p]);
        stack_rows(v, all, row, area);
    }
}

/* Traces the pane rects when they change ("maxstax layout R: x y w h, ...",
 * R the round) and each pane's scale when it changes ("maxstax camera P
 * S"), so tests can hold the layout still and the zoom smooth; not under
 * the round's results, whose own lines end the round. */
static void trace_layout(maxstax_view *v)
{
    char buf[512];
    int n = 0, moved = 0;
    if (v->results_left > 0)
        return;
    for (int p = 0; p < v->players; p++) {
        rrect a = v->pane[p], b = v->pane_traced[p];
        moved |= roundf(a.x) != roundf(b.x) || roundf(a.y) != roundf(b.y) || roundf(a.w) != roundf(b.w) ||
                 roundf(a.h) != roundf(b.h);
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %.0f %.0f %.0f %.0f", p ? "," : "", a.x, a.y, a.w, a.h);
        v->pane_traced[p] = a;
    }
    if (moved)
        trace_line("maxstax layout %d:%s", maxstax_round_key(v), buf);
    for (int p = 0; p < v->players; p++)
        if (fabsf(v->scale[p] - v->scale_traced[p]) >= 0.001f) {
            v->scale_traced[p] = v->scale[p];
            trace_line("maxstax camera %d %.3f", p, v->scale[p]);
        }
}

void maxstax_layout(maxstax_view *v, shell *sh)
{
    float W = shell_vw(sh);
    rrect area = {AREA_SIDE, AREA_TOP, W - 2 * AREA_SIDE, RENDER_VIRTUAL_H - AREA_TOP - AREA_BOTTOM};
    /* The top bar: the card at the left, the scores at the right and the
     * clock with its buttons (510 wide) between, centred where the window
     * is wide enough; a narrow (4:3) window puts the clock right after
     * the card and gives the scores (names and states) 500 of what is left. */
    float room = W - 2 * AREA_SIDE - 2 * GAP_X - 510, card_w = 520, score_w = 570, gx = W / 2 - 170;
    if (room < card_w + score_w) {
        score_w = fminf(500, room * 0.62f);
        card_w = room - score_w;
        gx = AREA_SIDE + card_w + GAP_X;
    }
    v->card_box = (rrect){AREA_SIDE, 24, card_w, 210};
    v->clock_box = (rrect){gx, 24, 340, 130};
    v->score_box = (rrect){W - AREA_SIDE - score_w, 24, score_w, 210};
    int big = v->mouse_seat, round = maxstax_round_key(v), relayout;
    const samestax_state *g = maxstax_match_samestax(v->match);
    maxstax_frame f = round_frame(v);
    /* While a SAMESTAX Creator builds, theirs is the space everyone watches. */
    if (g && (g->phase == SAMESTAX_CREATE || g->phase == SAMESTAX_SETTLE) && v->results_left <= 0)
        big = g->creator;
    /* While it settles, the structure is already the card to copy, but the
     * panes wait for replication, when the big space changes too: one move,
     * not a frame of the new card around the Creator's space first. */
    if (g && g->phase == SAMESTAX_SETTLE && round == v->layout_round && v->results_left <= 0)
        f = v->layout_frame;
    /* The panes move only for a new round (or its card, or whose space is
     * the big one, or the window): never for blocks, so what is under the
     * mouse stays there while a tower grows or falls. */
    relayout = W != v->layout_w || round != v->layout_round || big != v->layout_big ||
               memcmp(&f, &v->layout_frame, sizeof f) != 0;
    if (relayout) {
        v->layout_w = W;
        v->layout_round = round;
        v->layout_big = big;
        v->layout_frame = f;
        arrange_panes(v, area, big);
    }
    cameras_follow(v, relayout);
    ui_nav_begin(&v->nav);
    ui_nav_add(&v->nav, ID_CLAIM, (rrect){gx, 166, 340, 70}, v->mouse_seat >= 0, "maxstax");
    ui_nav_add(&v->nav, ID_MENU, (rrect){gx + 360, 166, 150, 70}, 1, "menu");
    v->swap_buttons = 0;
    maxstax_swap_layout(v, sh);
    maxstax_practice_layout(v);
    ui_nav_end(&v->nav, sh);
    trace_layout(v);
}

void maxstax_to_screen(const maxstax_view *v, int p, double x, double y, float *sx, float *sy)
{
    rrect r = v->pane[p];
    const maxstax_frame *c = &v->cam[p];
    float s = v->scale[p], w = (float)(c->x1 - c->x0) * s;
    *sx = r.x + (r.w - w) / 2 + (float)(x - c->x0) * s;
    *sy = r.y + r.h - PANE_FLOOR - (float)y * s;
}

void maxstax_to_space(const maxstax_view *v, int p, float sx, float sy, double *x, double *y)
{
    rrect r = v->pane[p];
    const maxstax_frame *c = &v->cam[p];
    float s = v->scale[p], w = (float)(c->x1 - c->x0) * s;
    *x = (sx - r.x - (r.w - w) / 2) / s + c->x0;
    *y = (r.y + r.h - PANE_FLOOR - sy) / s;
    *x = fmin(fmax(*x, c->x0), c->x1);
    *y = fmin(fmax(*y, 0.3), c->y1);
}
