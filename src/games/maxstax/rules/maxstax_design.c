#include "games/maxstax/rules/maxstax_design.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_world.h"

#define TRIES 2000

/* By level: how many blocks (lo..hi), the share of uprights, the furthest a
 * plank is set off the middle of what it rests on, and the tallest it gets. */
static const int blocks_lo[4] = {0, 2, 4, 6}, blocks_hi[4] = {0, 4, 7, 10};
static const double upright_of[4] = {0, 0.15, 0.3, 0.4};
static const double offset_of[4] = {0, 0.5, 1.0, 1.5};
static const double height_of[4] = {0, 4, 7, 10};

/* Half the width and height of an axis-aligned plank. */
static double half_w(const maxstax_pose *p) { return p->angle != 0 ? 0.5 : 1.5; }
static double half_h(const maxstax_pose *p) { return p->angle != 0 ? 1.5 : 0.5; }

/* Drops a plank at x with this angle onto the n already placed: its bottom
 * rests on the highest top under it (the floor is 0). Returns 0 when it is a
 * plank a hand can place and that stays where it is put even before anything
 * is built on it: its middle well over what holds it, and no neighbour so
 * close beside it that lowering it would catch a corner. */
static int drop(const maxstax_pose *placed, int n, double x, double angle, maxstax_pose *out)
{
    maxstax_pose q = {x, 0, angle};
    double floor_y = 0, lo = 1e9, hi = -1e9;
    for (int i = 0; i < n; i++) {
        double reach = half_w(&placed[i]) + half_w(&q), gap = fabs(placed[i].x - x) - reach;
        if (gap < 0)
            floor_y = fmax(floor_y, placed[i].y + half_h(&placed[i]));
        else if (gap < 0.3)
            return -1;
    }
    q.y = floor_y + half_h(&q);
    for (int i = 0; i < n && floor_y > 0; i++)
        if (fabs(placed[i].x - x) < half_w(&placed[i]) + half_w(&q) &&
            fabs(placed[i].y + half_h(&placed[i]) - floor_y) < 1e-9) {
            lo = fmin(lo, placed[i].x - half_w(&placed[i]));
            hi = fmax(hi, placed[i].x + half_w(&placed[i]));
        }
    if (floor_y > 0 && (x < lo + 0.3 || x > hi - 0.3))
        return -1;
    /* Blocks beside it lower down must not be in its way on the way down. */
    for (int i = 0; i < n; i++)
        if (fabs(placed[i].x - x) < half_w(&placed[i]) + half_w(&q) + 0.3 &&
            placed[i].y + half_h(&placed[i]) > floor_y + 1e-9)
            return -1;
    *out = q;
    return 0;
}

int maxstax_design_stands(const maxstax_card *c)
{
    maxstax_world *w = maxstax_world_new();
    int ok = w != NULL;
    for (int i = 0; ok && i < c->n; i++)
        ok = maxstax_world_add(w, c->block[i]) == i;
    for (int t = 0; ok && t < (int)(3.0 / MAXSTAX_STEP); t++)
        maxstax_world_step(w);
    for (int i = 0; ok && i < c->n; i++) {
        maxstax_pose q = maxstax_world_pose(w, i);
        ok = hypot(q.x - c->block[i].x, q.y - c->block[i].y) < 0.1;
    }
    maxstax_world_free(w);
    return ok;
}

/* One random candidate of n blocks; 0, or -1 when a plank found no place. */
static int candidate(rng *r, int level, int n, maxstax_card *c)
{
    c->n = 0;
    for (int i = 0; i < n; i++) {
        double angle = rng_unit(r) < upright_of[level] ? 90 : 0;
        double x;
        if (i == 0 || rng_unit(r) < 0.35) {
            x = (rng_unit(r) - 0.5) * 6; /* a new footing on the floor */
            x = floor(x * 2 + 0.5) / 2;
        } else {
            /* on top of a block already placed, set off its middle */
            const maxstax_pose *on = &c->block[rng_below(r, (uint32_t)c->n)];
            x = on->x + (rng_unit(r) * 2 - 1) * offset_of[level];
            x = floor(x * 2 + 0.5) / 2;
        }
        maxstax_pose q;
        if (drop(c->block, c->n, x, angle, &q) < 0)
            return -1;
        c->block[c->n++] = q;
    }
    return 0;
}

int maxstax_design(rng *r, int level, maxstax_card *out)
{
    level = level < 1 ? 1 : level > 3 ? 3 : level;
    for (int t = 0; t < TRIES; t++) {
        maxstax_card c;
        double lo = 1e9, hi = -1e9, top = 0;
        memset(&c, 0, sizeof c);
        if (candidate(r, level,
                      blocks_lo[level] + (int)rng_below(r, (uint32_t)(blocks_hi[level] - blocks_lo[level] + 1)),
                      &c) < 0)
            continue;
        for (int i = 0; i < c.n; i++) {
            lo = fmin(lo, c.block[i].x - half_w(&c.block[i]));
            hi = fmax(hi, c.block[i].x + half_w(&c.block[i]));
            top = fmax(top, c.block[i].y + half_h(&c.block[i]));
        }
        /* It must fit a space, and not tower past the level's height. */
        if (hi - lo > MAXSTAX_CARD_MAX_WIDTH - 3 || top > height_of[level])
            continue;
        for (int i = 0; i < c.n; i++)
            c.block[i].x -= (lo + hi) / 2;
        if (!maxstax_design_stands(&c))
            continue;
        c.stars = level;
        snprintf(c.name, sizeof c.name, "design");
        *out = c;
        return 0;
    }
    return -1;
}
