#include "games/maxstax/rules/maxstax_matcher.h"

#include <math.h>

#include "games/maxstax/rules/maxstax_mode.h"

/* Bounds the backtracking; real structures need a handful of nodes because
 * blocks are at least a plank's thickness apart and the tolerance is less. */
#define MAX_NODES 200000

typedef struct search {
    const maxstax_card *card;
    const maxstax_pose *blocks;
    int n;
    double shift; /* trial shift along the floor, from one pairing */
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
        if (hypot(b->x - shift - c->x, b->y - c->y) > MAXSTAX_MATCH_POS_TOL)
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
        if (s->used[k] || fabs(b->y - c->y) > MAXSTAX_MATCH_POS_TOL ||
            hypot(b->x - s->shift - c->x, b->y - c->y) > 2 * MAXSTAX_MATCH_POS_TOL ||
            maxstax_matcher_angle_diff(b->angle, c->angle) > MAXSTAX_MATCH_ANGLE_TOL)
            continue;
        s->used[k] = 1;
        s->assign[i] = k;
        if (assign_from(s, i + 1))
            return 1;
        s->used[k] = 0;
    }
    return 0;
}

int maxstax_matcher_match(const maxstax_card *card, const maxstax_pose *blocks, int n, int *assign)
{
    if (n != card->n || n < 1 || n > MAXSTAX_CARD_MAX_BLOCKS)
        return 0;
    search s = {card, blocks, n, 0, {0}, {0}, 0};
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
