#include "games/maxstax/rules/maxstax_matcher.h"

#include <math.h>
#include <stdio.h>

#include "games/maxstax/rules/maxstax_mode.h"

/* Bounds the backtracking; real structures need a handful of nodes because
 * blocks are at least a plank's thickness apart and the tolerance is less. */
#define MAX_NODES 200000

typedef struct search {
    const maxstax_card *card;
    const maxstax_pose *blocks;
    int n;
    double shift; /* trial shift along the floor, from one pairing */
    double pos_tol, angle_tol; /* the matcher's, or looser to find what differs */
    int assign[MAXSTAX_CARD_MAX_BLOCKS];
    int used[MAXSTAX_CARD_MAX_BLOCKS];
    long nodes;
} search;

double maxstax_matcher_angle_diff(double a, double b)
{
    double d = fmod(fabs(a - b), 180.0);
    return d > 90.0 ? 180.0 - d : d;
}

/* With the assignment complete, the best shift is the mean x offset; the
 * match holds when every pair is within tolerance under it. */
static int verify(const search *s)
{
    double shift = 0;
    for (int i = 0; i < s->n; i++)
        shift += s->blocks[s->assign[i]].x - s->card->block[i].x;
    shift /= s->n;
    for (int i = 0; i < s->n; i++) {
        const maxstax_pose *b = &s->blocks[s->assign[i]], *c = &s->card->block[i];
        if (hypot(b->x - shift - c->x, b->y - c->y) > s->pos_tol)
            return 0;
    }
    return 1;
}

/* Assigns card block i onwards. Under the trial shift a true partner is
 * within twice the tolerance (the trial shift is itself off by at most one
 * tolerance), which prunes nearly every branch. */
static int assign_from(search *s, int i)
{
    if (i == s->n)
        return verify(s);
    if (++s->nodes > MAX_NODES)
        return 0;
    const maxstax_pose *c = &s->card->block[i];
    for (int k = 0; k < s->n; k++) {
        const maxstax_pose *b = &s->blocks[k];
        if (s->used[k] || fabs(b->y - c->y) > s->pos_tol || hypot(b->x - s->shift - c->x, b->y - c->y) > 2 * s->pos_tol ||
            maxstax_matcher_angle_diff(b->angle, c->angle) > s->angle_tol)
            continue;
        s->used[k] = 1;
        s->assign[i] = k;
        if (assign_from(s, i + 1))
            return 1;
        s->used[k] = 0;
    }
    return 0;
}

/* The search under these tolerances; assign as maxstax_matcher_match's. */
static int match_within(const maxstax_card *card, const maxstax_pose *blocks, int n, int *assign, double pos_tol,
                        double angle_tol)
{
    if (n != card->n || n < 1 || n > MAXSTAX_CARD_MAX_BLOCKS)
        return 0;
    search s = {card, blocks, n, 0, pos_tol, angle_tol, {0}, {0}, 0};
    /* Card block 0 pairs with some block; each pairing proposes a shift. */
    for (int k = 0; k < n; k++) {
        s.shift = blocks[k].x - card->block[0].x;
        for (int j = 0; j < n; j++)
            s.used[j] = 0;
        if (assign_from(&s, 0)) {
            if (assign)
                for (int i = 0; i < n; i++)
                    assign[i] = s.assign[i];
            return 1;
        }
    }
    return 0;
}

int maxstax_matcher_match(const maxstax_card *card, const maxstax_pose *blocks, int n, int *assign)
{
    return match_within(card, blocks, n, assign, MAXSTAX_MATCH_POS_TOL, MAXSTAX_MATCH_ANGLE_TOL);
}

/* A turned plank's centre moves by up to half its length less half its
 * thickness (an upright stood where a flat one belongs rises by 1), so the
 * search for turned blocks allows a little more than that, at any angle. */
#define TURNED_POS_TOL 1.2

/* Where card block i is: the top or bottom when no other block is within
 * half a thickness of its height, else the middle when it is neither. */
static int where_in(const maxstax_card *card, int i)
{
    int above = 0, below = 0, level = 0;
    for (int j = 0; j < card->n; j++) {
        double dy = card->block[j].y - card->block[i].y;
        if (j == i)
            continue;
        if (fabs(dy) < 0.5 * MAXSTAX_BLOCK_THICK)
            level++;
        else if (dy > 0)
            above++;
        else
            below++;
    }
    if (level)
        return MAXSTAX_WHERE_SOME;
    return !above ? MAXSTAX_WHERE_TOP : !below ? MAXSTAX_WHERE_BOTTOM : MAXSTAX_WHERE_MIDDLE;
}

maxstax_miss maxstax_matcher_miss(const maxstax_card *card, const maxstax_pose *blocks, int n)
{
    maxstax_miss d = {MAXSTAX_MISS_NONE, 0, MAXSTAX_WHERE_SOME};
    int assign[MAXSTAX_CARD_MAX_BLOCKS];
    if (n < card->n)
        return (maxstax_miss){MAXSTAX_MISS_MISSING, card->n - n, MAXSTAX_WHERE_SOME};
    if (n > card->n)
        return (maxstax_miss){MAXSTAX_MISS_EXTRA, n - card->n, MAXSTAX_WHERE_SOME};
    if (maxstax_matcher_match(card, blocks, n, NULL))
        return d;
    d.kind = MAXSTAX_MISS_PLACE;
    if (!match_within(card, blocks, n, assign, TURNED_POS_TOL, 90.0))
        return d;
    for (int i = 0; i < n; i++)
        if (maxstax_matcher_angle_diff(blocks[assign[i]].angle, card->block[i].angle) > MAXSTAX_MATCH_ANGLE_TOL) {
            d.where = d.count ? MAXSTAX_WHERE_SOME : where_in(card, i);
            d.count++;
        }
    if (d.count)
        d.kind = MAXSTAX_MISS_TURNED;
    return d;
}

char *maxstax_miss_phrase(maxstax_miss d, char *buf, size_t n)
{
    static const char *const where[] = {"a block is turned", "the top block is turned", "the bottom block is turned",
                                        "a middle block is turned"};
    switch (d.kind) {
    case MAXSTAX_MISS_HELD: snprintf(buf, n, "let go of the block first"); break;
    case MAXSTAX_MISS_MISSING:
    case MAXSTAX_MISS_EXTRA:
    case MAXSTAX_MISS_TURNED:
        if (d.count != 1)
            snprintf(buf, n, "%d blocks %s", d.count,
                     d.kind == MAXSTAX_MISS_MISSING ? "are missing" : d.kind == MAXSTAX_MISS_EXTRA ? "too many" : "are turned");
        else if (d.kind == MAXSTAX_MISS_MISSING)
            snprintf(buf, n, "a block is missing");
        else if (d.kind == MAXSTAX_MISS_EXTRA)
            snprintf(buf, n, "one block too many");
        else
            snprintf(buf, n, "%s", where[d.where >= 0 && d.where <= MAXSTAX_WHERE_MIDDLE ? d.where : 0]);
        break;
    case MAXSTAX_MISS_PLACE: snprintf(buf, n, "a block is out of place"); break;
    default: snprintf(buf, n, "%s", ""); break;
    }
    return buf;
}

int maxstax_space_read(const maxstax_world *w, int p, maxstax_pose *in)
{
    int n = 0;
    for (int b = 0; b < maxstax_world_count(w); b++) {
        maxstax_pose q = maxstax_world_pose(w, b);
        q.x -= p * MAXSTAX_SPACE_PITCH;
        if (fabs(q.x) > MAXSTAX_SPACE_HALF)
            continue;
        if (n == MAXSTAX_CARD_MAX_BLOCKS)
            return n + 1;
        in[n++] = q;
    }
    return n;
}

int maxstax_space_matches(const maxstax_world *w, int p, const maxstax_card *card)
{
    maxstax_pose in[MAXSTAX_CARD_MAX_BLOCKS];
    int n = maxstax_space_read(w, p, in);
    return n <= MAXSTAX_CARD_MAX_BLOCKS && card->n > 0 && maxstax_matcher_match(card, in, n, NULL);
}
