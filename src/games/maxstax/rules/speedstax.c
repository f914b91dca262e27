#include "games/maxstax/rules/speedstax.h"

#include <string.h>

#include "games/maxstax/rules/maxstax_mode.h"

/* Turns up the next card, reshuffling the used ones when the deck runs out. */
static void next_card(speedstax_state *s)
{
    if (s->next >= s->n_order) {
        rng_shuffle(&s->r, s->order, s->n_order, sizeof s->order[0]);
        s->next = 0;
    }
    s->card = s->order[s->next++];
}

/* The next seat in play after seat `after` that takes a turn, or -1. */
static int next_turn(const speedstax_state *s, int after)
{
    for (int p = after + 1; p < s->players; p++)
        if ((s->turn_mask >> p & 1) && s->in_play[p])
            return p;
    return -1;
}

/* Starts the clock of a round (or stack-off) for the seats in play. */
static void begin_clock(speedstax_state *s, speedstax_phase phase, const int *in_play)
{
    s->phase = phase;
    s->round++;
    s->tick = 0;
    for (int p = 0; p < s->players; p++) {
        s->in_play[p] = in_play[p];
        s->pending[p] = 0;
        s->finish[p] = -1;
    }
    s->turn_seat = next_turn(s, -1);
    s->turn_start = 0;
}

/* Begins a round (or stack-off) for the seats in play, on the next card. */
static void begin(speedstax_state *s, speedstax_phase phase, const int *in_play)
{
    begin_clock(s, phase, in_play);
    next_card(s);
}

void speedstax_start(speedstax_state *s, const int *in_play, long ticks)
{
    s->round_ticks = ticks;
    begin_clock(s, SPEEDSTAX_ROUND, in_play);
}

void speedstax_set_turns(speedstax_state *s, unsigned mask)
{
    s->turn_mask = mask & ((1u << s->players) - 1);
    s->turn_seat = next_turn(s, -1);
    s->turn_start = s->tick;
}

static int takes_turns(const speedstax_state *s, int p) { return s->turn_mask >> p & 1; }

int speedstax_init(speedstax_state *s, int players, const int *cards, int n_cards, uint64_t seed)
{
    if (players < 1 || players > SPEEDSTAX_MAX_PLAYERS || n_cards < 1 || n_cards > MAXSTAX_DECK_SIZE)
        return -1;
    memset(s, 0, sizeof *s);
    s->players = players;
    s->winner = -1;
    s->round_ticks = SPEEDSTAX_ROUND_TICKS;
    rng_seed(&s->r, seed);
    memcpy(s->order, cards, sizeof cards[0] * (size_t)n_cards);
    s->n_order = n_cards;
    rng_shuffle(&s->r, s->order, n_cards, sizeof s->order[0]);
    s->shuffler = (int)rng_below(&s->r, (uint32_t)players);
    int all[SPEEDSTAX_MAX_PLAYERS] = {1, 1, 1, 1};
    begin(s, SPEEDSTAX_ROUND, all);
    return 0;
}

void speedstax_round_points(int players, const long *finish, const int *in_play, int *points)
{
    for (int p = 0; p < players; p++) {
        points[p] = 0;
        if (!in_play[p] || finish[p] < 0)
            continue;
        int place = 1;
        for (int q = 0; q < players; q++)
            place += in_play[q] && finish[q] >= 0 && finish[q] < finish[p];
        points[p] = players + 1 - place;
    }
}

void speedstax_claim(speedstax_state *s, int p)
{
    if (speedstax_building(s, p))
        s->pending[p] = 1;
}

void speedstax_confirm(speedstax_state *s, int p, int ok, long claim_tick)
{
    if (!s->pending[p])
        return;
    s->pending[p] = 0;
    if (ok)
        s->finish[p] = claim_tick - (takes_turns(s, p) ? s->turn_start : 0);
}

int speedstax_building(const speedstax_state *s, int p)
{
    if (s->phase == SPEEDSTAX_OVER || s->phase == SPEEDSTAX_HELD || !s->in_play[p] || s->finish[p] >= 0 ||
        s->pending[p])
        return 0;
    if (!s->turn_mask)
        return 1;
    /* With turns, each builds only in its own time. */
    if (takes_turns(s, p))
        return p == s->turn_seat && s->tick - s->turn_start < s->round_ticks;
    return s->tick < s->round_ticks;
}

/* With turns: passes to the next seat when this one finished or ran out of
 * time; the round is done when every turn was taken and nobody else builds. */
static int turns_done(speedstax_state *s)
{
    int t = s->turn_seat;
    if (t >= 0 && !s->pending[t] && (s->finish[t] >= 0 || s->tick - s->turn_start >= s->round_ticks)) {
        s->turn_seat = next_turn(s, t);
        s->turn_start = s->tick;
    }
    if (s->turn_seat >= 0)
        return 0;
    for (int p = 0; p < s->players; p++)
        if (s->pending[p] || speedstax_building(s, p))
            return 0;
    return 1;
}

void speedstax_decide(speedstax_state *s, const int *contenders)
{
    int n = 0, last = -1;
    for (int p = 0; p < s->players; p++)
        if (contenders[p]) {
            n++;
            last = p;
        }
    if (n == 1) {
        s->winner = last;
        s->phase = SPEEDSTAX_OVER;
    } else
        begin(s, SPEEDSTAX_STACKOFF, contenders);
}

/* After five rounds: a single top score wins, else the tied stack off. */
static void after_rounds(speedstax_state *s)
{
    int best = -1, tied[SPEEDSTAX_MAX_PLAYERS] = {0};
    for (int p = 0; p < s->players; p++)
        best = s->score[p] > best ? s->score[p] : best;
    for (int p = 0; p < s->players; p++)
        tied[p] = s->score[p] == best;
    speedstax_decide(s, tied);
}

/* After a stack-off: the one first finisher wins; if several finished on
 * the same first tick they stack off again, and if nobody did, all again. */
static void after_stackoff(speedstax_state *s)
{
    long first = -1;
    int again[SPEEDSTAX_MAX_PLAYERS] = {0};
    for (int p = 0; p < s->players; p++)
        if (s->in_play[p] && s->finish[p] >= 0 && (first < 0 || s->finish[p] < first))
            first = s->finish[p];
    for (int p = 0; p < s->players; p++)
        again[p] = s->in_play[p] && (first < 0 || s->finish[p] == first);
    speedstax_decide(s, again);
}

/* Without turns: a stack-off is over at its first finish, a round when all
 * are done or the time is up; never while a claim is being checked. */
static int round_done(const speedstax_state *s)
{
    int building = 0, pending = 0, finished = 0;
    for (int p = 0; p < s->players; p++) {
        building += speedstax_building(s, p);
        pending += s->pending[p];
        finished += s->in_play[p] && s->finish[p] >= 0;
    }
    int done = s->phase == SPEEDSTAX_STACKOFF ? finished > 0 : building == 0;
    return !pending && (done || s->tick >= s->round_ticks);
}

int speedstax_tick(speedstax_state *s)
{
    if (s->phase == SPEEDSTAX_OVER || s->phase == SPEEDSTAX_HELD)
        return 0;
    s->tick++;
    if (s->turn_mask) {
        if (!turns_done(s))
            return 0;
    } else if (!round_done(s))
        return 0;
    if (s->phase == SPEEDSTAX_STACKOFF) {
        after_stackoff(s);
        return s->phase != SPEEDSTAX_OVER;
    }
    if (s->hold) {
        s->phase = SPEEDSTAX_HELD; /* the other games score their own rounds */
        return 0;
    }
    speedstax_round_points(s->players, s->finish, s->in_play, s->last_points);
    for (int p = 0; p < s->players; p++) {
        s->score[p] += s->last_points[p];
        s->round_points[s->round - 1][p] = s->last_points[p];
    }
    if (s->round < SPEEDSTAX_ROUNDS) {
        int all[SPEEDSTAX_MAX_PLAYERS] = {1, 1, 1, 1};
        begin(s, SPEEDSTAX_ROUND, all);
        return 1;
    }
    after_rounds(s);
    return s->phase != SPEEDSTAX_OVER;
}

int speedstax_rounds_scored(const speedstax_state *s)
{
    if (s->phase == SPEEDSTAX_ROUND)
        return s->round - 1;
    if (s->phase == SPEEDSTAX_HELD)
        return s->round;
    /* Over after round 5, or stacking off: every round was scored. */
    return SPEEDSTAX_ROUNDS;
}

/* Nonzero when a round's points are a finishing order: each finisher's are
 * players less those who finished strictly earlier (ties share a place). */
static int points_possible(int players, const int *points)
{
    for (int p = 0; p < players; p++) {
        int earlier = 0;
        if (points[p] < 0 || points[p] > players)
            return 0;
        for (int q = 0; q < players; q++)
            earlier += points[q] > points[p];
        if (points[p] > 0 && points[p] != players - earlier)
            return 0;
    }
    return 1;
}

int speedstax_compose_played(speedstax_state *s, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS])
{
    if (s->phase != SPEEDSTAX_ROUND || s->round != 1 || s->tick != 0 || n < 0 || n > SPEEDSTAX_ROUNDS)
        return -1;
    for (int r = 0; r < n; r++)
        if (!points_possible(s->players, points[r]))
            return -1;
    for (int r = 0; r < n; r++)
        for (int p = 0; p < s->players; p++) {
            s->round_points[r][p] = points[r][p];
            s->score[p] += points[r][p];
            s->last_points[p] = points[r][p];
        }
    if (n < SPEEDSTAX_ROUNDS) {
        s->round = n + 1;
        return 0;
    }
    s->round = n;
    after_rounds(s); /* the rules decide: a winner, or the tied stack off */
    return 0;
}

int speedstax_compose_stackoff(speedstax_state *s, int p)
{
    if (s->phase != SPEEDSTAX_STACKOFF || s->tick != 0 || p < 0 || p >= s->players || !s->in_play[p])
        return -1;
    for (int q = 0; q < s->players; q++) {
        s->pending[q] = 0;
        s->finish[q] = q == p ? 0 : -1;
    }
    after_stackoff(s);
    return 0;
}

void speedstax_ranks(const speedstax_state *s, int rank[SPEEDSTAX_MAX_PLAYERS])
{
    for (int p = 0; p < s->players; p++) {
        rank[p] = 0;
        for (int q = 0; q < s->players; q++)
            rank[p] += s->score[q] > s->score[p];
        if (s->winner >= 0 && p != s->winner && rank[p] == 0)
            rank[p] = 1; /* lost the stack-off */
    }
}

/* SPEEDSTAX in a match: its own clock scores each round, and a new one takes
 * every structure down. */
static void mode_tick(maxstax_turf *t) { t->reset = speedstax_tick(t->rounds); }

static int mode_played(maxstax_turf *t, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS])
{
    return speedstax_compose_played(t->rounds, n, points);
}

static int mode_stackoff(maxstax_turf *t, int p) { return speedstax_compose_stackoff(t->rounds, p); }

const maxstax_mode speedstax_mode = {.scoring = MAXSTAX_SPEEDSTAX, .tick = mode_tick, .played = mode_played,
                                      .stackoff = mode_stackoff};
