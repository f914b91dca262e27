#include "games/maxstax/rules/maxstax_bot.h"

#include <inttypes.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_matcher.h"
#include "games/maxstax/rules/samestax.h"

#define PI 3.14159265358979323846

enum { PICK, FETCH, LIFT, CARRY, LOWER, SETTLE, AFTER };

/* By level: hand speed (units/s), pause before letting go (s), placement
 * error (units), think time before a block (s), chance of a slip a block.
 * A seat's own hand is drawn around these (maxstax_bot_init). */
static const double speed_of[4] = {0, 6, 12, 22};
static const double pause_of[4] = {0, 0.9, 0.4, 0.15};
static const double error_of[4] = {0, 0.07, 0.045, 0.02};
static const double think_of[4] = {0, 2.5, 1.3, 0.35};
static const double slip_of[4] = {0, 0.25, 0.1, 0.02};
/* A slip sets a block this far off (units, plus up to as much again):
 * past the matcher's tolerance, so the claim fails. */
#define SLIP 0.45
/* By level: blocks a Creator adds on top of its design when time allows,
 * while this much creation time is left (s), below this height (units). */
static const int crown_of[4] = {0, 2, 3, 3};
#define CROWN_TIME 30.0
#define CROWN_TOP 8.0
/* A Creator calls Ready on a fallen structure once it has been still this long (s). */
#define STILL_FOR 0.5
/* A stage that takes longer than this went wrong: let go and rethink. */
#define STAGE_TIMEOUT 6.0
/* A placed block further than this from its goal means the structure fell. */
#define FALLEN 0.3

void maxstax_bot_init(maxstax_bot *b, int player, int level, uint64_t seed)
{
    memset(b, 0, sizeof *b);
    b->player = player;
    b->level = level < 1 ? 1 : level > 3 ? 3 : level;
    b->block = -1;
    rng_seed(&b->r, seed);
    /* The seat's own hand: within a quarter either way of its level's. */
    b->speed = speed_of[b->level] * (0.75 + 0.5 * rng_unit(&b->r));
    b->pause = pause_of[b->level] * (0.75 + 0.5 * rng_unit(&b->r));
    b->think = think_of[b->level] * (0.75 + 0.5 * rng_unit(&b->r));
    b->slip = slip_of[b->level];
}

/* Roughly normal noise with standard deviation sd (sum of three uniforms). */
static double noise(rng *r, double sd)
{
    return (rng_unit(r) + rng_unit(r) + rng_unit(r) - 1.5) * 2.0 * sd;
}

/* How far below its centre a plank at this angle reaches. */
static double reach_down(double angle)
{
    double a = angle * PI / 180;
    return 1.5 * fabs(sin(a)) + 0.5 * fabs(cos(a));
}

/* Nonzero when two planks overlap (separating axes: the planks' sides;
 * touching is not overlapping). */
static int planks_overlap(maxstax_pose p, maxstax_pose q)
{
    const maxstax_pose *pq[2] = {&p, &q};
    double dx = q.x - p.x, dy = q.y - p.y;
    for (int k = 0; k < 2; k++) {
        double a = pq[k]->angle * PI / 180;
        for (int axis = 0; axis < 2; axis++) {
            double ux = axis ? -sin(a) : cos(a), uy = axis ? cos(a) : sin(a);
            double reach = 0;
            for (int j = 0; j < 2; j++) {
                double c = pq[j]->angle * PI / 180;
                reach += 1.5 * fabs(ux * cos(c) + uy * sin(c)) + 0.5 * fabs(-ux * sin(c) + uy * cos(c));
            }
            if (fabs(dx * ux + dy * uy) >= reach - 1e-3)
                return 0;
        }
    }
    return 1;
}

/* Plans the card bottom up: by height of the lowest point, then left to right. */
static void plan(maxstax_bot *b, const maxstax_card *c)
{
    b->n_placed = 0;
    b->clearing = 0;
    b->claimed = 0;
    b->stage = PICK;
    for (int i = 0; i < c->n; i++)
        b->order[i] = i;
    for (int i = 1; i < c->n; i++)
        for (int j = i; j > 0; j--) {
            const maxstax_pose *p = &c->block[b->order[j - 1]], *q = &c->block[b->order[j]];
            double lp = p->y - reach_down(p->angle), lq = q->y - reach_down(q->angle);
            if (lp < lq - 1e-6 || (fabs(lp - lq) <= 1e-6 && p->x <= q->x))
                break;
            int t = b->order[j];
            b->order[j] = b->order[j - 1];
            b->order[j - 1] = t;
        }
}

static int is_placed(const maxstax_bot *b, int blk)
{
    for (int i = 0; i < b->n_placed; i++)
        if (b->placed[i] == blk)
            return 1;
    return 0;
}

/* Height to carry at: clear of everything in the space and the piles. */
static double safe_height(const maxstax_bot *b, const maxstax_match *m)
{
    double top = 0;
    int first = maxstax_match_first_block(b->player);
    for (int k = 0; k < MAXSTAX_BLOCKS_PER_PLAYER; k++) {
        if (first + k == b->block)
            continue;
        maxstax_pose q = maxstax_match_pose(m, b->player, first + k);
        top = fmax(top, q.y + 1.6);
    }
    return top + 2.0;
}

/* Starts moving block blk to pose goal (relative to the space). */
static void start_move(maxstax_bot *b, const maxstax_match *m, int blk, maxstax_pose goal)
{
    b->block = blk;
    b->target = goal;
    b->stage = FETCH;
    b->stage_time = 0;
    b->safe = safe_height(b, m);
    maxstax_pose q = maxstax_match_pose(m, b->player, blk);
    b->wx = q.x;
    b->wy = q.y;
}

/* The next own block to fetch for building: the highest one outside the space
 * (the top of a pile, or one lying about). */
static int pick_source(const maxstax_bot *b, const maxstax_match *m)
{
    int best = -1;
    double best_y = -1;
    int first = maxstax_match_first_block(b->player);
    for (int k = 0; k < MAXSTAX_BLOCKS_PER_PLAYER; k++) {
        maxstax_pose q = maxstax_match_pose(m, b->player, first + k);
        if (fabs(q.x) <= MAXSTAX_SPACE_HALF + 0.5 || is_placed(b, first + k))
            continue;
        if (q.y > best_y) {
            best_y = q.y;
            best = first + k;
        }
    }
    return best;
}

/* Where a block taken down goes: on top of the lowest starter pile. */
static maxstax_pose pile_goal(const maxstax_bot *b, const maxstax_match *m)
{
    double best_top = 1e9, best_x = maxstax_match_pile_x(0);
    for (int k = 0; k < MAXSTAX_PILES; k++) {
        double px = maxstax_match_pile_x(k), top = 0;
        for (int blk = 0; blk < maxstax_world_count(maxstax_match_world(m)); blk++) {
            maxstax_pose q = maxstax_match_pose(m, b->player, blk);
            if (blk != b->block && fabs(q.x - px) < 2.0)
                top = fmax(top, q.y + reach_down(q.angle));
        }
        if (top < best_top) {
            best_top = top;
            best_x = px;
        }
    }
    maxstax_pose g = {best_x, best_top + 0.5, 0};
    return g;
}

/* Nonzero when this bot is the SAMESTAX Creator building its structure. */
static int creating(const maxstax_bot *b, const maxstax_match *m)
{
    const samestax_state *g = maxstax_match_samestax(m);
    return g && g->phase == SAMESTAX_CREATE && g->creator == b->player;
}

/* How many own blocks are in the space, and (*still) whether all own blocks rest. */
static int in_space(const maxstax_bot *b, const maxstax_match *m, int *still)
{
    int first = maxstax_match_first_block(b->player), n = 0;
    *still = 1;
    for (int k = 0; k < MAXSTAX_BLOCKS_PER_PLAYER; k++) {
        n += fabs(maxstax_match_pose(m, b->player, first + k).x) <= MAXSTAX_SPACE_HALF;
        *still &= maxstax_world_speed(maxstax_match_world(m), first + k) < 0.05;
    }
    return n;
}

/* A Creator whose design stands with time to spare makes it harder to
 * copy: a flat plank centred on the highest block, up to its level's extra
 * blocks. Returns 1 with the plank's pose in *g, or 0 to call Ready. */
static int crown(const maxstax_bot *b, const maxstax_match *m, const maxstax_card *c, maxstax_pose *g)
{
    int top = -1;
    double top_y = 0;
    if (!creating(b, m) || b->n_placed >= c->n + crown_of[b->level] || b->n_placed >= MAXSTAX_CARD_MAX_BLOCKS ||
        maxstax_match_time_left(m) < CROWN_TIME)
        return 0;
    for (int i = 0; i < b->n_placed; i++) {
        maxstax_pose q = maxstax_match_pose(m, b->player, b->placed[i]);
        if (top < 0 || q.y + reach_down(q.angle) > top_y) {
            top = i;
            top_y = q.y + reach_down(q.angle);
        }
    }
    if (top < 0 || top_y > CROWN_TOP)
        return 0;
    g->x = maxstax_match_pose(m, b->player, b->placed[top]).x;
    g->y = top_y + 0.5;
    g->angle = 0;
    return 1;
}

/* Chooses the next job: claim, clear a block away, or place the next one. */
static void pick(maxstax_bot *b, const maxstax_match *m, double dt, maxstax_input *out)
{
    const maxstax_card *c = maxstax_match_seat_card(m, b->player);
    int first = maxstax_match_first_block(b->player), fell = 0, still;
    if (!b->clearing) {
        /* A placed block off its goal, or a stray in the space: it fell. */
        for (int i = 0; i < b->n_placed; i++) {
            maxstax_pose q = maxstax_match_pose(m, b->player, b->placed[i]);
            if (hypot(q.x - b->goal[i].x, q.y - b->goal[i].y) > FALLEN ||
                maxstax_matcher_angle_diff(q.angle, b->goal[i].angle) > MAXSTAX_MATCH_ANGLE_TOL)
                fell = 1;
        }
        for (int k = 0; k < MAXSTAX_BLOCKS_PER_PLAYER; k++)
            if (fabs(maxstax_match_pose(m, b->player, first + k).x) <= MAXSTAX_SPACE_HALF &&
                !is_placed(b, first + k))
                fell = 1;
    }
    /* A Creator keeps what came to rest, once it is still: a fallen
     * structure that stands is a structure, and a hard one to copy;
     * starting again would spend the round knocking it over. */
    if (fell && creating(b, m) && in_space(b, m, &still) >= MAXSTAX_CARD_MIN_BLOCKS) {
        b->still = still ? b->still + dt : 0;
        if (b->still >= STILL_FOR) {
            out->actions |= MAXSTAX_IN_CLAIM;
            b->claimed = 1;
        }
        return;
    }
    b->still = 0;
    b->clearing |= fell;
    if (b->clearing) {
        int top = -1;
        double top_y = -1;
        for (int k = 0; k < MAXSTAX_BLOCKS_PER_PLAYER; k++) {
            maxstax_pose q = maxstax_match_pose(m, b->player, first + k);
            if (fabs(q.x) <= MAXSTAX_SPACE_HALF + 0.5 && q.y > top_y) {
                top_y = q.y;
                top = first + k;
            }
        }
        if (top < 0) {
            b->clearing = 0;
            b->n_placed = 0;
            return;
        }
        b->n_placed = 0;
        b->block = top;
        start_move(b, m, top, pile_goal(b, m));
        return;
    }
    maxstax_pose g;
    if (b->n_placed >= c->n && !crown(b, m, c, &g)) {
        out->actions |= MAXSTAX_IN_CLAIM;
        b->claimed = 1;
        return;
    }
    int src = pick_source(b, m);
    if (src < 0) {
        b->clearing = 1; /* every block is in the space yet the card isn't done */
        return;
    }
    if (b->n_placed < c->n)
        g = c->block[b->order[b->n_placed]];
    double e = error_of[b->level];
    double want = g.x;
    g.x += noise(&b->r, e);
    g.y += fabs(noise(&b->r, e * 0.5));
    if (rng_unit(&b->r) < b->slip) /* a slip: off to one side, and not noticed */
        g.x += (rng_unit(&b->r) < 0.5 ? -1 : 1) * SLIP * (1 + rng_unit(&b->r));
    /* Aim beside a placed block, never into it: a plank lowered onto its
     * neighbour's corner catches and tips, under real gravity as on a table. */
    for (int tries = 0; tries < 40; tries++) {
        int hit = -1;
        for (int i = 0; i < b->n_placed && hit < 0; i++)
            if (planks_overlap(g, maxstax_match_pose(m, b->player, b->placed[i])))
                hit = i;
        if (hit < 0)
            break;
        double away = maxstax_match_pose(m, b->player, b->placed[hit]).x < want ? 1 : -1;
        g.x += away * 0.01;
        if (tries == 39 || !planks_overlap(g, maxstax_match_pose(m, b->player, b->placed[hit])))
            g.x += away * 0.02; /* and a little room to let go in */
    }
    start_move(b, m, src, g);
    /* A look at the card before reaching, the hand still: the seat's think
     * time, give or take half. */
    b->wait = b->think * (0.5 + rng_unit(&b->r));
    b->wx = b->hx;
    b->wy = b->hy;
}

/* Where the hand is from the block's centre once the block is turned to
 * the angle the hand turns it to. */
static double grip_x(const maxstax_bot *b, const maxstax_world *w)
{
    double a = maxstax_world_hand_angle(w, b->player) * PI / 180;
    return b->gx * cos(a) - b->gy * sin(a);
}

static double grip_y(const maxstax_bot *b, const maxstax_world *w)
{
    double a = maxstax_world_hand_angle(w, b->player) * PI / 180;
    return b->gx * sin(a) + b->gy * cos(a);
}

/* Nonzero when the hand has reached the waypoint. */
static int arrived(const maxstax_bot *b, const maxstax_match *m, double tol)
{
    double x, y;
    maxstax_match_hand(m, b->player, &x, &y);
    return fabs(b->hx - b->wx) < 1e-9 && fabs(b->hy - b->wy) < 1e-9 && hypot(x - b->wx, y - b->wy) < tol;
}

void maxstax_bot_think(maxstax_bot *b, const maxstax_match *m, double dt, maxstax_input *out)
{
    const speedstax_state *s = maxstax_match_rounds(m);
    const maxstax_world *w = maxstax_match_world(m);
    memset(out, 0, sizeof *out);
    if (s->round != b->round_seen) {
        b->round_seen = s->round;
        plan(b, maxstax_match_seat_card(m, b->player));
    }
    if (b->claimed && maxstax_match_claim(m, b->player) == MAXSTAX_CLAIM_FAILED) {
        b->claimed = 0;
        b->clearing = 1;
        b->stage = PICK;
    }
    /* The hand glides towards the waypoint at the bot's speed. */
    double dx = b->wx - b->hx, dy = b->wy - b->hy, d = hypot(dx, dy), v = b->speed * dt;
    if (d <= v) {
        b->hx = b->wx;
        b->hy = b->wy;
    } else {
        b->hx += dx * v / d;
        b->hy += dy * v / d;
    }
    out->x = b->hx;
    out->y = b->hy;
    if (!speedstax_building(s, b->player) || b->claimed)
        return;
    b->stage_time += dt;
    if (b->stage != PICK && b->stage_time > STAGE_TIMEOUT) {
        out->actions |= MAXSTAX_IN_RELEASE;
        b->stage = PICK;
        return;
    }
    if (b->wait > 0) {
        b->wait -= dt;
        return;
    }
    int held = maxstax_world_held(w, b->player);
    maxstax_pose goal = b->target;
    switch (b->stage) {
    case PICK:
        pick(b, m, dt, out);
        break;
    case FETCH: {
        maxstax_pose q = maxstax_match_pose(m, b->player, b->block);
        b->wx = q.x;
        b->wy = q.y;
        if (arrived(b, m, 0.08)) {
            out->actions |= MAXSTAX_IN_GRAB;
            b->stage = LIFT;
            b->stage_time = 0;
        }
        break;
    }
    case LIFT: {
        if (held != b->block) {
            out->actions |= MAXSTAX_IN_RELEASE;
            b->stage = PICK;
            break;
        }
        if (b->stage_time <= dt) {
            /* The hand holds the block where it caught it, rarely the middle;
             * carrying and lowering aim the block, not the hand. */
            maxstax_pose q = maxstax_match_pose(m, b->player, b->block);
            double hx, hy, a = -q.angle * PI / 180;
            maxstax_match_hand(m, b->player, &hx, &hy);
            b->gx = (hx - q.x) * cos(a) - (hy - q.y) * sin(a);
            b->gy = (hx - q.x) * sin(a) + (hy - q.y) * cos(a);
            /* Turn the short way: a plank turned 180 degrees is the same plank. */
            double a0 = 15.0 * floor(maxstax_world_hand_angle(w, b->player) / 15.0 + 0.5);
            double want = goal.angle;
            while (want - a0 > 90)
                want -= 180;
            while (want - a0 < -90)
                want += 180;
            out->turn = (int)floor((want - a0) / MAXSTAX_TURN_STEP + 0.5);
        }
        b->wy = b->safe;
        if (arrived(b, m, 0.3)) {
            b->stage = CARRY;
            b->stage_time = 0;
        }
        break;
    }
    case CARRY:
        b->wx = goal.x + grip_x(b, w);
        b->wy = b->safe;
        if (arrived(b, m, 0.2)) {
            /* Let go just above the goal, never with a corner below where the card's lies. */
            double held_angle = maxstax_world_hand_angle(w, b->player);
            b->lower_to = goal.y + 0.06 + fmax(0, reach_down(held_angle) - reach_down(goal.angle));
            b->stage = LOWER;
            b->stage_time = 0;
        }
        break;
    case LOWER:
        b->wy = b->lower_to + grip_y(b, w);
        if (arrived(b, m, 0.06) && maxstax_world_speed(w, b->block) < 0.5) {
            b->stage = SETTLE;
            b->stage_time = 0;
            b->wait = b->pause * (0.5 + rng_unit(&b->r));
        }
        break;
    case SETTLE:
        out->actions |= MAXSTAX_IN_RELEASE;
        b->stage = AFTER;
        b->wait = 0.3 + b->pause;
        b->wy = b->lower_to + 1.5; /* hand up and out of the way */
        break;
    case AFTER:
        if (!b->clearing) {
            b->goal[b->n_placed] = b->target;
            b->placed[b->n_placed++] = b->block;
        }
        b->block = -1;
        b->stage = PICK;
        break;
    }
}

/* The saved fields, in order: the integers, then the doubles (as C99 hex
 * floats, so that a resumed bot is the same bot to the last bit). */
#define BOT_INTS 7
#define BOT_DOUBLES 18
/* A stacker line written before the hand's five fields (speed to still) had 13. */
#define BOT_OLD_DOUBLES 13

/* Whether the next word of t is an RNG word (16 hex digits), not a number. */
static int bot_next_is_rng(const char *t)
{
    size_t n = 0;
    while (*t == ' ')
        t++;
    while (isxdigit((unsigned char)t[n]))
        n++;
    return n == 16 && (t[n] == ' ' || t[n] == '\0');
}

static void bot_fields(maxstax_bot *b, int **ints, double **dbls)
{
    int *i[BOT_INTS] = {&b->level, &b->round_seen, &b->clearing, &b->claimed, &b->n_placed, &b->stage, &b->block};
    double *d[BOT_DOUBLES] = {&b->target.x, &b->target.y, &b->target.angle, &b->wait, &b->stage_time, &b->hx,
                              &b->hy, &b->wx, &b->wy, &b->safe, &b->lower_to, &b->gx, &b->gy,
                              &b->speed, &b->pause, &b->think, &b->slip, &b->still};
    memcpy(ints, i, sizeof i);
    memcpy(dbls, d, sizeof d);
}

int maxstax_bot_save(const maxstax_bot *b, char *buf, size_t n)
{
    maxstax_bot c = *b;
    int *ints[BOT_INTS], k;
    double *dbls[BOT_DOUBLES];
    size_t len = 0;
    bot_fields(&c, ints, dbls);
#define BOT_PUT(...)                                                                                              \
    do {                                                                                                          \
        k = snprintf(buf + len, len < n ? n - len : 0, __VA_ARGS__);                                              \
        if (k < 0 || (len += (size_t)k) >= n)                                                                     \
            return -1;                                                                                            \
    } while (0)
    BOT_PUT("bot %d", b->player);
    for (int i = 0; i < BOT_INTS; i++)
        BOT_PUT(" %d", *ints[i]);
    for (int i = 0; i < BOT_DOUBLES; i++)
        BOT_PUT(" %a", *dbls[i]);
    for (int i = 0; i < 4; i++)
        BOT_PUT(" %016" PRIx64, b->r.s[i]);
    for (int i = 0; i < MAXSTAX_CARD_MAX_BLOCKS; i++)
        BOT_PUT(" %d %d %a %a %a", b->order[i], b->placed[i], b->goal[i].x, b->goal[i].y, b->goal[i].angle);
#undef BOT_PUT
    return (int)len;
}

/* Reads the next blank-separated word of *t into w[n]; returns 0 or -1. */
static int bot_word(const char **t, char *w, size_t n)
{
    size_t k = 0;
    while (**t == ' ')
        (*t)++;
    while (**t && **t != ' ' && k + 1 < n)
        w[k++] = *(*t)++;
    w[k] = 0;
    return k && (!**t || **t == ' ') ? 0 : -1;
}

static int bot_int(const char **t, long lo, long hi, int *out)
{
    char w[32], *end;
    if (bot_word(t, w, sizeof w) < 0)
        return -1;
    long v = strtol(w, &end, 10);
    if (*end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

static int bot_double(const char **t, double *out)
{
    char w[48], *end;
    if (bot_word(t, w, sizeof w) < 0)
        return -1;
    double v = strtod(w, &end);
    /* Anything a bot holds lies on the table: finite and within its reach. */
    if (*end || !isfinite(v) || fabs(v) > 1e4)
        return -1;
    *out = v;
    return 0;
}

int maxstax_bot_load(maxstax_bot *b, const char *line, int players, char *err, size_t errn)
{
    maxstax_bot c;
    int *ints[BOT_INTS], player;
    double *dbls[BOT_DOUBLES];
    const char *t = line;
    char w[32];
    memset(&c, 0, sizeof c);
    bot_fields(&c, ints, dbls);
    if (bot_word(&t, w, sizeof w) < 0 || strcmp(w, "bot") != 0 || bot_int(&t, 0, players - 1, &player) < 0)
        goto bad;
    c.player = player;
    int first = maxstax_match_first_block(player), last = first + MAXSTAX_BLOCKS_PER_PLAYER - 1;
    static const long lo[BOT_INTS] = {1, 0, 0, 0, 0, PICK, -1};
    long hi[BOT_INTS] = {3, 1000, 1, 1, MAXSTAX_CARD_MAX_BLOCKS, AFTER, last};
    for (int i = 0; i < BOT_INTS; i++)
        if (bot_int(&t, lo[i], hi[i], ints[i]) < 0)
            goto bad;
    if (c.block >= 0 && c.block < first)
        goto bad;
    for (int i = 0; i < BOT_DOUBLES; i++) {
        if (i == BOT_OLD_DOUBLES && bot_next_is_rng(t)) {
            /* a save from before each stacker had its own hand: its level's */
            c.speed = speed_of[c.level];
            c.pause = pause_of[c.level];
            c.think = think_of[c.level];
            c.slip = slip_of[c.level];
            c.still = 0;
            break;
        }
        if (bot_double(&t, dbls[i]) < 0)
            goto bad;
    }
    /* A hand that moves, pauses and thinks for a while, and slips at most always. */
    if (!(c.speed > 0 && c.speed <= 100) || !(c.pause >= 0 && c.pause <= 10) || !(c.think >= 0 && c.think <= 10) ||
        !(c.slip >= 0 && c.slip <= 1) || !(c.still >= 0))
        goto bad;
    for (int i = 0; i < 4; i++) {
        char *end;
        if (bot_word(&t, w, sizeof w) < 0 || strlen(w) != 16)
            goto bad;
        c.r.s[i] = strtoull(w, &end, 16);
        if (*end)
            goto bad;
    }
    for (int i = 0; i < MAXSTAX_CARD_MAX_BLOCKS; i++)
        if (bot_int(&t, 0, MAXSTAX_CARD_MAX_BLOCKS - 1, &c.order[i]) < 0 ||
            bot_int(&t, 0, last, &c.placed[i]) < 0 || bot_double(&t, &c.goal[i].x) < 0 ||
            bot_double(&t, &c.goal[i].y) < 0 || bot_double(&t, &c.goal[i].angle) < 0 ||
            (i < c.n_placed && c.placed[i] < first))
            goto bad;
    while (*t == ' ')
        t++;
    if (*t)
        goto bad;
    *b = c;
    return 0;
bad:
    snprintf(err, errn, "bad computer stacker line '%.40s...'", line);
    return -1;
}

char *maxstax_bots_save(const maxstax_match *m, const maxstax_bot *bots, unsigned computers)
{
    char *text = maxstax_match_save(m);
    int players = maxstax_match_rounds(m)->players;
    for (int p = 0; text && p < players; p++) {
        char line[2048], *more;
        size_t len = strlen(text);
        if (!(computers >> p & 1))
            continue;
        if (maxstax_bot_save(&bots[p], line, sizeof line) < 0 || !(more = realloc(text, len + strlen(line) + 2))) {
            free(text);
            return NULL;
        }
        text = more;
        sprintf(text + len, "%s\n", line);
    }
    return text;
}

maxstax_match *maxstax_bots_load_match(const char *text, const maxstax_deck *deck, const char **bots_text,
                                       char *err, size_t errn)
{
    /* The match's own text ends at its "end" line; the stackers' lines follow it. */
    const char *tail = strstr(text, "\nend\n");
    char *match_text = tail ? strndup(text, (size_t)(tail + 5 - text)) : NULL;
    maxstax_match *m;
    if (!match_text) {
        snprintf(err, errn, "save: no 'end' line");
        return NULL;
    }
    m = maxstax_match_load(match_text, deck, err, errn);
    free(match_text);
    *bots_text = m ? tail + 5 : NULL;
    return m;
}

int maxstax_bots_load(maxstax_bot *bots, int players, unsigned computers, const char *t, char *err,
                      size_t errn)
{
    int seen = 0;
    while (*t) {
        const char *nl = strchr(t, '\n');
        size_t len = nl ? (size_t)(nl - t) : strlen(t);
        char line[2048], why[160];
        maxstax_bot b;
        if (len >= sizeof line) {
            snprintf(err, errn, "save: a computer stacker's line is too long");
            return -1;
        }
        memcpy(line, t, len);
        line[len] = 0;
        if (maxstax_bot_load(&b, line, players, why, sizeof why) < 0) {
            snprintf(err, errn, "save: %s", why);
            return -1;
        }
        if (!(computers >> b.player & 1) || (seen >> b.player & 1)) {
            snprintf(err, errn, "save: a second computer stacker, or one for a person's seat (%d)", b.player + 1);
            return -1;
        }
        seen |= 1 << b.player;
        bots[b.player] = b;
        t += len + (nl != NULL);
    }
    return 0;
}
