/* Laying out the MAXSTAX table: the card, clock and scores across the top,
 * and a pane per stacking space, each framed on what the round needs (the
 * card's width and height beside the starter piles) and arranged so the
 * blocks are drawn as large as the window allows, rivals' spaces too. */
#include "games/maxstax/view/maxstax_view_priv.h"

/* The table area below the top bar and above the hint bar, virtual units. */
#define AREA_TOP 250.0f
#define AREA_BOTTOM 70.0f
#define AREA_SIDE 30.0f
#define GAP_X 30.0f
#define GAP_Y 20.0f
/* Rivals' blocks at least this fraction of the person's, where there is room. */
#define RIVAL_SHARE 0.35f
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

/* Every pane's camera, fitted to the round: the card's width with a plank's
 * length of room beside it (the card stands centred in the space), the
 * starter piles to the right, and above the card or the piles a plank's
 * length of room to carry a block over. A block lying beyond that (one that
 * fell, or a structure taller than the card) widens the frame to keep it in
 * view, up to the space's edge; a held block does not, so the frame holds
 * still under a drag. */
static void camera_fit(maxstax_view *v)
{
    const maxstax_world *w = maxstax_match_world(v->match);
    double top = MAXSTAX_BLOCKS_PER_PLAYER / MAXSTAX_PILES * MAXSTAX_BLOCK_THICK; /* a starter pile */
    double lo = 1e9, hi = -1e9, left;
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
    left = -(hi - lo) / 2 - BUILD_ROOM;
    for (int p = 0; p < v->players; p++)
        for (int i = 0; i < MAXSTAX_BLOCKS_PER_PLAYER; i++) {
            int b = maxstax_match_first_block(p) + i;
            maxstax_pose q = v->cur[b];
            if (maxstax_world_held(w, p) == b)
                continue;
            q.x -= (double)p * MAXSTAX_SPACE_PITCH;
            left = fmin(left, q.x - reach_side(q.angle) - 0.3);
            top = fmax(top, q.y + reach_up(q.angle) + 0.5 - MAXSTAX_BLOCK_LEN);
        }
    v->view_x0 = fmax(left, -MAXSTAX_SPACE_HALF - 0.6);
    v->view_x1 = maxstax_match_pile_x(MAXSTAX_PILES - 1) + MAXSTAX_BLOCK_LEN / 2 + 0.6;
    v->view_y1 = top + MAXSTAX_BLOCK_LEN;
    /* A cursor left outside a smaller round's frame comes back into view. */
    for (int p = 0; p < v->players; p++) {
        v->ctl[p].x = fmin(fmax(v->ctl[p].x, v->view_x0), v->view_x1);
        v->ctl[p].y = fmin(fmax(v->ctl[p].y, 0.3), v->view_y1);
    }
}

/* The scale (virtual units per plank unit) at which the frame fits a w x h slot. */
static float fit_scale(const maxstax_view *v, float w, float h)
{
    float sx = (w - 2 * PANE_SIDE) / (float)(v->view_x1 - v->view_x0);
    float sy = (h - PANE_FLOOR - PANE_TOP) / (float)v->view_y1;
    float s = sx < sy ? sx : sy;
    return s > 1 ? s : 1;
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
        float s = fit_scale(v, w, h);
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
            sm = fit_scale(v, m.w, m.h);
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
    float s = fit_scale(v, r.w, r.h);
    float w = (float)(v->view_x1 - v->view_x0) * s + 2 * PANE_SIDE;
    float h = (float)v->view_y1 * s + PANE_FLOOR + PANE_TOP;
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
static void arrange_panes(maxstax_view *v, rrect area)
{
    int n = v->players, row[SPEEDSTAX_MAX_PLAYERS], cols, k = 0, big = v->mouse_seat;
    unsigned all = (1u << n) - 1;
    const samestax_state *g = maxstax_match_samestax(v->match);
    /* While a SAMESTAX Creator builds, theirs is the space everyone watches. */
    if (g && (g->phase == SAMESTAX_CREATE || g->phase == SAMESTAX_SETTLE) && v->results_left <= 0)
        big = g->creator;
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
    camera_fit(v);
    arrange_panes(v, area);
    ui_nav_begin(&v->nav);
    ui_nav_add(&v->nav, ID_CLAIM, (rrect){gx, 166, 340, 70}, v->mouse_seat >= 0, "maxstax");
    ui_nav_add(&v->nav, ID_MENU, (rrect){gx + 360, 166, 150, 70}, 1, "menu");
    v->swap_buttons = 0;
    maxstax_swap_layout(v, sh);
    ui_nav_end(&v->nav, sh);
}

void maxstax_to_screen(const maxstax_view *v, int p, double x, double y, float *sx, float *sy)
{
    rrect r = v->pane[p];
    float s = v->scale[p], w = (float)(v->view_x1 - v->view_x0) * s;
    *sx = r.x + (r.w - w) / 2 + (float)(x - v->view_x0) * s;
    *sy = r.y + r.h - PANE_FLOOR - (float)y * s;
}

void maxstax_to_space(const maxstax_view *v, int p, float sx, float sy, double *x, double *y)
{
    rrect r = v->pane[p];
    float s = v->scale[p], w = (float)(v->view_x1 - v->view_x0) * s;
    *x = (sx - r.x - (r.w - w) / 2) / s + v->view_x0;
    *y = (r.y + r.h - PANE_FLOOR - sy) / s;
    *x = fmin(fmax(*x, v->view_x0), v->view_x1);
    *y = fmin(fmax(*y, 0.3), v->view_y1);
}
