/* The rounds of SAMESTAX and SWAPSTAX on the match's clock: the same world,
 * claims and speedstax_state as SPEEDSTAX, with each game's own phases and
 * scoring (samestax_state, swapstax_state) around them. */
#include <math.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_design.h"
#include "games/maxstax/rules/maxstax_match_priv.h"

/* Every 0.1 s: as often as claims are checked. */
#define FAULT_EVERY 12

/* The top score, and whether it is one seat's alone (its seat, else -1). */
static int sole_leader(const int *score, int players)
{
    int best = 0, n = 0, who = -1;
    for (int p = 0; p < players; p++)
        best = score[p] > best ? score[p] : best;
    for (int p = 0; p < players; p++)
        if (score[p] == best) {
            n++;
            who = p;
        }
    return n == 1 ? who : -1;
}

void samestax_begin(maxstax_match *m)
{
    samestax_state *g = &m->same;
    speedstax_state *s = &m->rounds;
    int first = m->setup.first_creator;
    int in_play[SPEEDSTAX_MAX_PLAYERS] = {0};
    if (g->players == 0) { /* a new match: the first Creator, or one at random */
        if (first < 0)
            first = (int)rng_below(&s->r, (uint32_t)m->setup.players);
        samestax_init(g, m->setup.players, first);
        long rep = m->setup.round_seconds > 0 ? (long)(m->setup.round_seconds / MAXSTAX_STEP + 0.5)
                                              : (long)(SAMESTAX_REPLICATE_SECONDS / MAXSTAX_STEP + 0.5);
        m->replicate_ticks = rep;
        m->create_ticks = 2 * rep;
        s->hold = 1;
        s->round = 0;
    }
    g->phase = SAMESTAX_CREATE;
    g->target.n = 0;
    g->design.n = 0;
    if (m->setup.levels[g->creator] > 0)
        maxstax_design(&s->r, m->setup.levels[g->creator], &g->design);
    in_play[g->creator] = 1;
    speedstax_start(s, in_play, m->create_ticks);
}

/* The structure in the Creator's space, as it rests now, becomes the target. */
static void snapshot(maxstax_match *m)
{
    samestax_state *g = &m->same;
    maxstax_pose in[MAXSTAX_CARD_MAX_BLOCKS];
    int n = maxstax_match_space(m, g->creator, in);
    double lo = 1e9, hi = -1e9;
    memset(&g->target, 0, sizeof g->target);
    if (n > MAXSTAX_CARD_MAX_BLOCKS)
        n = 0;
    for (int i = 0; i < n; i++) {
        lo = fmin(lo, in[i].x);
        hi = fmax(hi, in[i].x);
    }
    for (int i = 0; i < n; i++) {
        g->target.block[i] = in[i];
        g->target.block[i].x -= (lo + hi) / 2;
    }
    g->target.n = n;
    strcpy(g->target.name, "target");
}

/* Scores the round and starts the next, or ends the match. */
static void samestax_finish_round(maxstax_match *m)
{
    samestax_state *g = &m->same;
    speedstax_state *s = &m->rounds;
    samestax_end_round(g, s->finish);
    memcpy(s->last_points, g->last_points, sizeof s->last_points);
    memcpy(s->score, g->score, sizeof s->score);
    maxstax_match_reset_piles(m);
    if (g->phase == SAMESTAX_OVER) {
        s->phase = SPEEDSTAX_OVER;
        s->winner = sole_leader(g->score, g->players); /* ties share the win */
        return;
    }
    samestax_begin(m);
}

void samestax_tick(maxstax_match *m)
{
    samestax_state *g = &m->same;
    speedstax_state *s = &m->rounds;
    int in_play[SPEEDSTAX_MAX_PLAYERS];
    switch (g->phase) {
    case SAMESTAX_CREATE:
        speedstax_tick(s);
        if (s->phase == SPEEDSTAX_HELD) {
            maxstax_world_release(m->world, g->creator);
            /* The stack as the Creator calls it done: it must stand just so. */
            snapshot(m);
            g->phase = SAMESTAX_SETTLE;
            g->settle_left = HOLD_TICKS;
        }
        break;
    case SAMESTAX_SETTLE: {
        int fell;
        if (--g->settle_left > 0)
            break;
        /* A stack that fell since Ready is not free-standing: faulty, and the
         * fallen blocks never become the target. (A settle resumed from a save
         * made before the Ready snapshot existed has none to compare.) */
        fell = g->target.n >= MAXSTAX_CARD_MIN_BLOCKS && !maxstax_match_space_matches(m, g->creator, &g->target);
        snapshot(m);
        if (fell || g->target.n < MAXSTAX_CARD_MIN_BLOCKS) { /* nothing stands: faulty */
            g->faulty = 1;
            memset(s->finish, 0xff, sizeof s->finish); /* -1: nobody replicated */
            samestax_finish_round(m);
            break;
        }
        for (int p = 0; p < g->players; p++)
            in_play[p] = p != g->creator;
        g->phase = SAMESTAX_REPLICATE;
        speedstax_start(s, in_play, m->replicate_ticks);
        break;
    }
    case SAMESTAX_REPLICATE:
        /* The target must stand through all of replication, every turn of it. */
        if (s->tick % FAULT_EVERY == 0 && !maxstax_match_space_matches(m, g->creator, &g->target))
            g->faulty = 1;
        speedstax_tick(s);
        if (g->faulty || s->phase == SPEEDSTAX_HELD)
            samestax_finish_round(m);
        break;
    case SAMESTAX_OVER:
        break;
    }
}

void swapstax_begin_if_ready(maxstax_match *m)
{
    int all[SPEEDSTAX_MAX_PLAYERS] = {1, 1, 1, 1};
    if (m->swap.phase == SWAPSTAX_STACKING && m->rounds.phase == SPEEDSTAX_HELD)
        speedstax_start(&m->rounds, all, m->setup.round_seconds > 0
                                              ? (long)(m->setup.round_seconds / MAXSTAX_STEP + 0.5)
                                              : SPEEDSTAX_ROUND_TICKS);
}

/* Scores the stars of a stacking round; deals the next, or ends the game
 * (a tie goes to SPEEDSTAX's own stack-off). */
static void swapstax_finish_round(maxstax_match *m)
{
    swapstax_state *w = &m->swap;
    speedstax_state *s = &m->rounds;
    int tied[SPEEDSTAX_MAX_PLAYERS] = {0}, best = -1;
    swapstax_round_points(&m->deck, w->players, w->hand, s->finish, w->last_points);
    for (int p = 0; p < w->players; p++) {
        s->last_points[p] = w->last_points[p];
        s->round_points[w->round - 1][p] = w->last_points[p];
        s->score[p] += w->last_points[p];
        best = s->score[p] > best ? s->score[p] : best;
    }
    maxstax_match_reset_piles(m);
    if (w->round < SWAPSTAX_ROUNDS) {
        swapstax_deal(w, s);
        swapstax_begin_if_ready(m);
        return;
    }
    for (int p = 0; p < w->players; p++) {
        w->hand[p] = -1; /* to the discard */
        tied[p] = s->score[p] == best;
    }
    speedstax_decide(s, tied);
    w->phase = s->phase == SPEEDSTAX_OVER ? SWAPSTAX_OVER : SWAPSTAX_TIEBREAK;
}

void swapstax_tick(maxstax_match *m)
{
    swapstax_state *w = &m->swap;
    speedstax_state *s = &m->rounds;
    if (w->phase == SWAPSTAX_STACKING) {
        speedstax_tick(s);
        if (s->phase == SPEEDSTAX_HELD)
            swapstax_finish_round(m);
    } else if (w->phase == SWAPSTAX_TIEBREAK) {
        if (speedstax_tick(s))
            maxstax_match_reset_piles(m);
        if (s->phase == SPEEDSTAX_OVER)
            w->phase = SWAPSTAX_OVER;
    }
}

int maxstax_match_swap(maxstax_match *m, int p, int with)
{
    if (m->setup.scoring != MAXSTAX_SWAPSTAX || p < 0 || p >= m->setup.players ||
        swapstax_act(&m->swap, &m->rounds, p, with) < 0)
        return -1;
    swapstax_begin_if_ready(m);
    return 0;
}

const maxstax_card *maxstax_match_seat_card(const maxstax_match *m, int p)
{
    if (m->setup.scoring == MAXSTAX_SAMESTAX)
        return m->same.phase == SAMESTAX_CREATE && p == m->same.creator ? &m->same.design : &m->same.target;
    if (m->setup.scoring == MAXSTAX_SWAPSTAX && m->swap.phase <= SWAPSTAX_STACKING && m->swap.hand[p] >= 0)
        return &m->deck.card[m->swap.hand[p]];
    return maxstax_match_card(m);
}

maxstax_scoring maxstax_match_scoring(const maxstax_match *m) { return m->setup.scoring; }

const samestax_state *maxstax_match_samestax(const maxstax_match *m)
{
    return m->setup.scoring == MAXSTAX_SAMESTAX ? &m->same : NULL;
}

const swapstax_state *maxstax_match_swapstax(const maxstax_match *m)
{
    return m->setup.scoring == MAXSTAX_SWAPSTAX ? &m->swap : NULL;
}

int maxstax_match_over(const maxstax_match *m) { return m->rounds.phase == SPEEDSTAX_OVER; }

void maxstax_match_standings(const maxstax_match *m, int score[SPEEDSTAX_MAX_PLAYERS], int rank[SPEEDSTAX_MAX_PLAYERS])
{
    memcpy(score, m->rounds.score, sizeof m->rounds.score);
    if (m->setup.scoring == MAXSTAX_SAMESTAX)
        samestax_ranks(&m->same, rank);
    else
        speedstax_ranks(&m->rounds, rank);
}

void maxstax_match_place(maxstax_match *m, int p, int b, maxstax_pose q)
{
    q.x += p * MAXSTAX_SPACE_PITCH;
    maxstax_world_place(m->world, b, q);
}
