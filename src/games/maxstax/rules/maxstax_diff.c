#include "games/maxstax/rules/maxstax_diff.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_matcher.h"

/* A built block pairs with a card block when its centre is this near under
 * the shift: a plank stood up where a flat one belongs rises by 1, so a
 * turned block still pairs with the block it should have been. */
#define PAIR_TOL 1.2

/* Nonzero when a block at this angle is a pillar (stands up), not a plank. */
static int upright(double angle) { return maxstax_matcher_angle_diff(angle, 0) > 45.0; }

/* The level of card block i: how many distinct heights lie below it (blocks
 * within half a thickness share a height); *levels gets how many there are. */
static int level_of(const maxstax_card *c, int i, int *levels)
{
    double ys[MAXSTAX_CARD_MAX_BLOCKS];
    int n = 0, below = 0;
    for (int j = 0; j < c->n; j++) {
        int seen = 0;
        for (int k = 0; k < n; k++)
            seen |= fabs(ys[k] - c->block[j].y) < 0.5 * MAXSTAX_BLOCK_THICK;
        if (!seen)
            ys[n++] = c->block[j].y;
    }
    for (int k = 0; k < n; k++)
        below += ys[k] < c->block[i].y - 0.5 * MAXSTAX_BLOCK_THICK;
    *levels = n;
    return below;
}

/* What a block at this angle is called: a plank lies flat, a pillar stands
 * up, a ramp slopes between them. */
static const char *noun_of(double angle)
{
    double flat = maxstax_matcher_angle_diff(angle, 0);
    return flat <= MAXSTAX_MATCH_ANGLE_TOL ? "plank" : flat >= 90 - MAXSTAX_MATCH_ANGLE_TOL ? "pillar" : "ramp";
}

/* The name of card block i under one scheme: bit 1 says its level (tried
 * first: "the top plank" reads better than "the plank"), bit 2 its side
 * among blocks of its kind at its height (in a row of four or more, its
 * place from the nearer end). */
static void name_by(const maxstax_card *c, int i, int scheme, char *buf, size_t len)
{
    static const char *const ordinal[] = {"bottom", "second", "third", "fourth", "fifth", "sixth",
                                          "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"};
    const char *noun = noun_of(c->block[i].angle);
    int levels, level = level_of(c, i, &levels);
    const char *lw = "", *sw = "", *end = "";
    if ((scheme & 1) && levels > 1)
        lw = level == levels - 1 ? "top" : level < 12 ? ordinal[level] : "";
    if (scheme & 2) {
        int left = 0, row = 0, lv;
        for (int j = 0; j < c->n; j++)
            if (!strcmp(noun_of(c->block[j].angle), noun) && level_of(c, j, &lv) == level) {
                row++;
                left += c->block[j].x < c->block[i].x;
            }
        int right = row - 1 - left;
        if (row > 1)
            sw = left == 0 ? "left" : right == 0 ? "right" : row == 3 ? "middle" : ordinal[left < right ? left : right];
        if (row > 3 && left && right)
            end = left <= right ? " from the left" : " from the right";
    }
    snprintf(buf, len, "the %s%s%s%s%s%s", sw, *sw ? " " : "", lw, *lw ? " " : "", noun, end);
}

/* Nonzero when card block i's name under the scheme (into mine) names no other block. */
static int unique_by(const maxstax_card *c, int i, int scheme, char *mine)
{
    char other[MAXSTAX_DIFF_LEN];
    name_by(c, i, scheme, mine, MAXSTAX_DIFF_LEN);
    for (int j = 0; j < c->n; j++) {
        name_by(c, j, scheme, other, sizeof other);
        if (j != i && !strcmp(mine, other))
            return 0;
    }
    return 1;
}

char *maxstax_diff_name(const maxstax_card *card, int i, char *buf, size_t len)
{
    /* The level first ("the top plank"), except that a ramp is rare enough
     * for "the ramp" alone; the most telling scheme last, when none is unique. */
    static const int plank[] = {1, 2, 0, 3}, ramp[] = {0, 1, 2, 3};
    const int *order = strcmp(noun_of(card->block[i].angle), "ramp") ? plank : ramp;
    char mine[MAXSTAX_DIFF_LEN];
    for (int s = 0; s < 4; s++)
        if (unique_by(card, i, order[s], mine) || s == 3)
            break;
    snprintf(buf, len, "%s", mine);
    return buf;
}

/* A pairing of card blocks with built blocks under one shift. */
typedef struct pairing {
    double shift;
    int of_card[MAXSTAX_CARD_MAX_BLOCKS]; /* built block paired with card block i, or -1 */
    int paired, exact;
    double spread; /* summed distance of the pairs */
} pairing;

/* Pairs greedily, nearest first, within PAIR_TOL under the shift. */
static pairing pair_under(const maxstax_card *c, const maxstax_pose *b, int n, double shift)
{
    pairing p = {shift, {0}, 0, 0, 0};
    int used[MAXSTAX_CARD_MAX_BLOCKS] = {0};
    for (int i = 0; i < c->n; i++)
        p.of_card[i] = -1;
    for (;;) {
        int bi = -1, bk = -1;
        double best = PAIR_TOL;
        for (int i = 0; i < c->n; i++)
            for (int k = 0; k < n && p.of_card[i] < 0; k++) {
                double d = hypot(b[k].x - shift - c->block[i].x, b[k].y - c->block[i].y);
                if (!used[k] && d <= best) {
                    best = d;
                    bi = i;
                    bk = k;
                }
            }
        if (bi < 0)
            return p;
        p.of_card[bi] = bk;
        used[bk] = 1;
        p.paired++;
        p.spread += best;
        p.exact += best <= MAXSTAX_MATCH_POS_TOL &&
                   maxstax_matcher_angle_diff(b[bk].angle, c->block[bi].angle) <= MAXSTAX_MATCH_ANGLE_TOL;
    }
}

/* The shift that centres the card's blocks in its space, as
 * maxstax_match_compose stands it: where it goes before any block is built. */
static double home_shift(const maxstax_card *c)
{
    double lo = 1e9, hi = -1e9;
    for (int i = 0; i < c->n; i++) {
        lo = fmin(lo, c->block[i].x);
        hi = fmax(hi, c->block[i].x);
    }
    return c->n ? -(lo + hi) / 2 : 0;
}

/* Nonzero when pairing p beats q: more pairs, then more exact, then tighter,
 * then (two planks side by side, one built) the shift nearer the card's home. */
static int better(const pairing *p, const pairing *q, double home)
{
    if (p->paired != q->paired)
        return p->paired > q->paired;
    if (p->exact != q->exact)
        return p->exact > q->exact;
    if (fabs(p->spread - q->spread) > 1e-6)
        return p->spread < q->spread;
    return fabs(p->shift - home) < fabs(q->shift - home) - 1e-9;
}

/* The best pairing over the shifts that put some built block on some card
 * block (the matcher's trial shifts) and the card's home. Blocks stacked in
 * columns propose the same shift many times: each is tried once. */
static pairing best_pairing(const maxstax_card *c, const maxstax_pose *b, int n)
{
    double home = home_shift(c), tried[MAXSTAX_CARD_MAX_BLOCKS * MAXSTAX_CARD_MAX_BLOCKS];
    int n_tried = 0;
    pairing best = pair_under(c, b, n, home);
    for (int i = 0; i < c->n; i++)
        for (int k = 0; k < n; k++) {
            double shift = b[k].x - c->block[i].x;
            int seen = 0;
            for (int t = 0; t < n_tried && !seen; t++)
                seen = fabs(tried[t] - shift) < 1e-3;
            if (seen)
                continue;
            tried[n_tried++] = shift;
            pairing p = pair_under(c, b, n, shift);
            if (better(&p, &best, home))
                best = p;
        }
    return best;
}

double maxstax_diff_shift(const maxstax_card *card, const maxstax_pose *blocks, int n)
{
    if (n > MAXSTAX_CARD_MAX_BLOCKS)
        n = MAXSTAX_CARD_MAX_BLOCKS;
    if (card->n < 1)
        return 0;
    pairing p = best_pairing(card, blocks, n < 0 ? 0 : n);
    return p.paired ? p.shift : home_shift(card);
}

/* Adds one difference, or once the list is full sums the rest up in its last line. */
static void add(maxstax_diff *d, int *more, const char *text)
{
    if (d->n < MAXSTAX_DIFF_MAX)
        snprintf(d->text[d->n++], MAXSTAX_DIFF_LEN, "%s", text);
    else
        ++*more;
}

int maxstax_diff_list(const maxstax_card *card, const maxstax_pose *blocks, int n, maxstax_diff *out)
{
    memset(out, 0, sizeof *out);
    int over = n > MAXSTAX_CARD_MAX_BLOCKS ? n - MAXSTAX_CARD_MAX_BLOCKS : 0;
    n -= over;
    if (!over && maxstax_matcher_match(card, blocks, n, NULL))
        return 0;
    pairing p = best_pairing(card, blocks, n);
    int more = 0, extra = n - p.paired + over;
    char name[MAXSTAX_DIFF_LEN], line[MAXSTAX_DIFF_LEN + 32];
    /* Missing blocks first (they are built next), then the wrong ones. */
    for (int i = 0; i < card->n; i++)
        if (p.of_card[i] < 0) {
            snprintf(line, sizeof line, "%s is missing", maxstax_diff_name(card, i, name, sizeof name));
            add(out, &more, line);
        }
    for (int i = 0; i < card->n; i++) {
        int k = p.of_card[i];
        if (k < 0)
            continue;
        const maxstax_pose *b = &blocks[k], *c = &card->block[i];
        const char *how = NULL;
        if (strcmp(noun_of(c->angle), "ramp") && upright(c->angle) != upright(b->angle))
            how = upright(c->angle) ? "is lying on its side" : "is standing on end";
        else if (maxstax_matcher_angle_diff(b->angle, c->angle) > MAXSTAX_MATCH_ANGLE_TOL)
            how = "is turned";
        else if (hypot(b->x - p.shift - c->x, b->y - c->y) > MAXSTAX_MATCH_POS_TOL)
            how = "is out of place";
        if (how) {
            snprintf(line, sizeof line, "%s %s", maxstax_diff_name(card, i, name, sizeof name), how);
            add(out, &more, line);
        }
    }
    if (extra == 1)
        add(out, &more, "one block too many");
    else if (extra > 1) {
        snprintf(line, sizeof line, "%d blocks too many", extra);
        add(out, &more, line);
    }
    if (more)
        snprintf(out->text[MAXSTAX_DIFF_MAX - 1], MAXSTAX_DIFF_LEN, "and %d more things differ", more + 1);
    if (!out->n) /* every block pairs, yet under one shift for all they do not all fit */
        add(out, &more, "the blocks are out of place");
    return out->n;
}
