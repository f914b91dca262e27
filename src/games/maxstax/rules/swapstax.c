#include "games/maxstax/rules/swapstax.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_mode.h"
#include "games/maxstax/rules/swapstax_odds.h"

/* Nonzero when deck index c is in someone's hand. */
static int held(const swapstax_state *w, int c)
{
    for (int p = 0; p < w->players; p++)
        if (w->hand[p] == c)
            return 1;
    return 0;
}

/* An empty deck takes the discard, shuffled: the deck's order keeps every
 * card, the used ones first; the held ones stay used and the rest follow. */
static void refill(const swapstax_state *w, speedstax_state *s)
{
    int n_held = 0, n_discard = 0, discard[MAXSTAX_DECK_SIZE];
    if (s->next < s->n_order)
        return;
    for (int i = 0; i < s->n_order; i++) {
        if (held(w, s->order[i]))
            s->order[n_held++] = s->order[i];
        else
            discard[n_discard++] = s->order[i];
    }
    rng_shuffle(&s->r, discard, n_discard, sizeof discard[0]);
    memcpy(s->order + n_held, discard, sizeof discard[0] * (size_t)n_discard);
    s->next = n_held;
}

/* The deck's next card, or -1 when every card is held. The clock's card
 * follows the last one drawn: it is what a save's reader rebuilds from the
 * deck's order (order[next - 1]), so a resumed match or a replay's
 * checkpoint falls back on the same card once the match is over. */
static int draw(const swapstax_state *w, speedstax_state *s)
{
    refill(w, s);
    if (s->next >= s->n_order)
        return -1;
    s->card = s->order[s->next];
    return s->order[s->next++];
}

int swapstax_deck_left(const speedstax_state *s) { return s->n_order - s->next; }

/* Moves the turn on; a seat without swap cards can only pass, so it does. */
static void next_turn(swapstax_state *w)
{
    do
        w->turn = (w->turn + 1) % w->players;
    while (w->passes < w->players && !w->swaps_left[w->turn] && ++w->passes);
    if (w->passes >= w->players)
        w->phase = SWAPSTAX_STACKING;
}

void swapstax_deal(swapstax_state *w, speedstax_state *s)
{
    w->round++;
    w->n_log = 0;
    for (int p = 0; p < w->players; p++)
        w->hand[p] = -1; /* last round's cards are on the discard */
    for (int k = 0; k < w->players; k++) {
        int p = (s->shuffler + k) % w->players;
        w->hand[p] = draw(w, s);
    }
    w->phase = SWAPSTAX_SWAPPING;
    w->passes = 0;
    w->turn = s->shuffler;
    if (!w->swaps_left[w->turn]) { /* start with the first who can swap */
        w->passes++;
        next_turn(w);
    }
}

int swapstax_init(swapstax_state *w, speedstax_state *s)
{
    if (s->n_order < s->players + 1)
        return -1;
    memset(w, 0, sizeof *w);
    w->players = s->players;
    for (int p = 0; p < w->players; p++)
        w->swaps_left[p] = SWAPSTAX_SWAP_CARDS;
    /* The clock's first card is not dealt: the deck starts whole. */
    s->next = 0;
    s->round = 0;
    s->phase = SPEEDSTAX_HELD;
    s->hold = 1;
    swapstax_deal(w, s);
    return 0;
}

int swapstax_act(swapstax_state *w, speedstax_state *s, int p, int with)
{
    if (w->phase != SWAPSTAX_SWAPPING || p != w->turn)
        return -1;
    if (with == SWAPSTAX_PASS) {
        w->passes++;
        next_turn(w);
        return 0;
    }
    if (!w->swaps_left[p] || with == p || with < SWAPSTAX_DECK || with >= w->players)
        return -1;
    swapstax_swap sw = {p, with, w->hand[p], -1};
    if (with == SWAPSTAX_DECK) {
        int c = draw(w, s);
        if (c < 0)
            return -1;
        w->hand[p] = c; /* the old card goes to the discard */
    } else {
        w->hand[p] = w->hand[with];
        w->hand[with] = sw.gave;
    }
    sw.got = w->hand[p];
    if (w->n_log < SWAPSTAX_MAX_LOG) /* always: there are no more swap cards than that */
        w->log[w->n_log++] = sw;
    w->swaps_left[p]--;
    w->passes = 0;
    next_turn(w);
    return 0;
}

int swapstax_left_hand(const swapstax_state *w, int p, int card, int before)
{
    for (int i = 0; i < before && i < w->n_log; i++) {
        const swapstax_swap *sw = &w->log[i];
        if ((sw->seat == p && sw->gave == card) || (sw->with == p && sw->got == card))
            return 1;
    }
    return 0;
}

int swapstax_took_back(const swapstax_state *w, int i)
{
    return i >= 0 && i < w->n_log && swapstax_left_hand(w, w->log[i].seat, w->log[i].got, i);
}

void swapstax_round_points(const maxstax_deck *deck, int players, const int *hand, const long *finish, int *points)
{
    for (int p = 0; p < players; p++)
        points[p] = finish[p] >= 0 && hand[p] >= 0 ? deck->card[hand[p]].stars : 0;
}

static int clamp_level(int level) { return level < 1 ? 1 : level > 3 ? 3 : level; }

double swapstax_chance(int level, int stars)
{
    stars = stars < 1 ? 1 : stars > 3 ? 3 : stars;
    return swapstax_odds_table.mean[clamp_level(level) - 1][stars - 1];
}

double swapstax_card_chance(const maxstax_card *c, int level)
{
    if (c->id < 1 || c->id > MAXSTAX_DECK_SIZE)
        return swapstax_chance(level, c->stars); /* not a card of the table */
    return swapstax_odds_table.chance[c->id][clamp_level(level) - 1];
}

/* What a card is worth to a computer of this level: its stars times its own
 * measured chance of finishing that card. */
static double worth(const maxstax_deck *deck, int card, int level)
{
    return deck->card[card].stars * swapstax_card_chance(&deck->card[card], level);
}

/* A later round's best gain, as a distribution: the deal is random, the
 * seat's own card any card of the deck and the others' (players - 1 of
 * them) any of the rest; the best it can take is the top of theirs or the
 * deck's average. Order statistics give each (gain, probability) pair. */
typedef struct gain_dist {
    int n;
    double gain[MAXSTAX_DECK_SIZE * MAXSTAX_DECK_SIZE], p[MAXSTAX_DECK_SIZE * MAXSTAX_DECK_SIZE];
} gain_dist;

/* C(n, k) as a double (small n). */
static double choose(int n, int k)
{
    double c = 1;
    if (k < 0 || k > n)
        return 0;
    for (int i = 1; i <= k; i++)
        c = c * (n - k + i) / i;
    return c;
}

static int by_worth(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void later_gains(const speedstax_state *s, const maxstax_deck *deck, int level, int players, gain_dist *g)
{
    double v[MAXSTAX_DECK_SIZE], rest[MAXSTAX_DECK_SIZE], mean = 0;
    int n = s->n_order, k = players - 1;
    g->n = 0;
    for (int i = 0; i < n; i++)
        mean += v[i] = worth(deck, s->order[i], level);
    if (k < 1 || k > n - 1) /* the rules deal from a deck of more cards than players */
        return;
    mean /= n;
    qsort(v, (size_t)n, sizeof v[0], by_worth);
    /* the top of k cards drawn from n - 1 (ascending) is the j-th with
     * probability (C(j + 1, k) - C(j, k)) / C(n - 1, k) */
    double top[MAXSTAX_DECK_SIZE], all = choose(n - 1, k);
    for (int j = k - 1; j < n - 1; j++)
        top[j] = (choose(j + 1, k) - choose(j, k)) / all;
    for (int a = 0; a < n; a++) {
        for (int i = 0, j = 0; i < n; i++)
            if (i != a)
                rest[j++] = v[i];
        for (int j = k - 1; j < n - 1; j++) {
            double best = rest[j] > mean ? rest[j] : mean;
            g->gain[g->n] = best > v[a] ? best - v[a] : 0;
            g->p[g->n++] = top[j] / n;
        }
    }
}

double swapstax_keep_value(const swapstax_state *w, const speedstax_state *s, const maxstax_deck *deck, int p,
                           int level)
{
    /* keep[k][r]: the points k swap cards are expected to gain over r more
     * rounds, each spent in a round whose best gain beats keeping it (one a
     * round: a second in the same round seldom pays). */
    gain_dist g; /* 32 KB */
    double keep[SWAPSTAX_SWAP_CARDS + 1][SWAPSTAX_ROUNDS + 1] = {{0}};
    int k = w->swaps_left[p], later = SWAPSTAX_ROUNDS - w->round;
    if (k < 1 || later < 1)
        return 0;
    k = k > SWAPSTAX_SWAP_CARDS ? SWAPSTAX_SWAP_CARDS : k;
    later = later > SWAPSTAX_ROUNDS ? SWAPSTAX_ROUNDS : later;
    later_gains(s, deck, level, w->players, &g);
    for (int r = 1; r <= later; r++)
        for (int c = 1; c <= k; c++) {
            double e = 0;
            for (int i = 0; i < g.n; i++) {
                double spend = g.gain[i] + keep[c - 1][r - 1], save = keep[c][r - 1];
                e += g.p[i] * (spend > save ? spend : save);
            }
            keep[c][r] = e;
        }
    return keep[k][later] - keep[k - 1][later];
}

int swapstax_choose(const swapstax_state *w, const speedstax_state *s, const maxstax_deck *deck, int p, int level)
{
    if (w->phase != SWAPSTAX_SWAPPING || w->turn != p || !w->swaps_left[p] || w->hand[p] < 0)
        return SWAPSTAX_PASS;
    double mine = worth(deck, w->hand[p], level), best = 0, sum = 0;
    int choice = SWAPSTAX_PASS, n = 0;
    /* The deck's next card is face down: it is worth the average of what it
     * may be (the draw pile, or the discard when that runs out). */
    for (int i = s->next < s->n_order ? s->next : 0; i < s->n_order; i++)
        if (!held(w, s->order[i])) {
            sum += worth(deck, s->order[i], level);
            n++;
        }
    if (n && sum / n - mine > best) {
        best = sum / n - mine;
        choice = SWAPSTAX_DECK;
    }
    /* A card that left this hand this round stays gone: taking it back only
     * starts the two seats passing it to and fro, each spending a swap card
     * (a card's worth does not change within a round). */
    for (int q = 0; q < w->players; q++)
        if (q != p && w->hand[q] >= 0 && !swapstax_left_hand(w, p, w->hand[q], w->n_log) &&
            worth(deck, w->hand[q], level) - mine > best) {
            best = worth(deck, w->hand[q], level) - mine;
            choice = q;
        }
    /* A swap card kept is a swap in a later round: spend it now only for
     * more than it is expected to gain there, and a little more. */
    if (best <= 0.05)
        return SWAPSTAX_PASS;
    return best > swapstax_keep_value(w, s, deck, p, level) + 0.05 ? choice : SWAPSTAX_PASS;
}

/* SWAPSTAX in a match (swapstax_mode): the swap phase between ticks, then
 * stacking rounds on the shared clock, held at each end for its stars. */

static int mode_check(const maxstax_setup *setup, int n_cards, char *err, size_t errn)
{
    if (n_cards >= setup->players + 1)
        return 0;
    snprintf(err, errn, "SWAPSTAX needs more than %d stacker cards, and %d have %d to %d stars", setup->players,
             n_cards, setup->stars_min, setup->stars_max);
    return -1;
}

/* Once the swap phase is over, starts the stacking clock. */
static void begin_if_ready(maxstax_turf *t)
{
    int all[SPEEDSTAX_MAX_PLAYERS] = {1, 1, 1, 1};
    if (t->swap->phase == SWAPSTAX_STACKING && t->rounds->phase == SPEEDSTAX_HELD)
        speedstax_start(t->rounds, all, t->setup->round_seconds > 0
                                             ? (long)(t->setup->round_seconds / MAXSTAX_STEP + 0.5)
                                             : SPEEDSTAX_ROUND_TICKS);
}

static void mode_begin(maxstax_turf *t)
{
    swapstax_init(t->swap, t->rounds);
    begin_if_ready(t);
}

/* After the fifth round: the cards go to the discard and the top total
 * wins, or the tied go to SPEEDSTAX's own stack-off. */
static void end_match(maxstax_turf *t)
{
    swapstax_state *w = t->swap;
    speedstax_state *s = t->rounds;
    int tied[SPEEDSTAX_MAX_PLAYERS] = {0}, best = -1;
    for (int p = 0; p < w->players; p++)
        best = s->score[p] > best ? s->score[p] : best;
    for (int p = 0; p < w->players; p++) {
        w->hand[p] = -1; /* to the discard */
        tied[p] = s->score[p] == best;
    }
    speedstax_decide(s, tied);
    w->phase = s->phase == SPEEDSTAX_OVER ? SWAPSTAX_OVER : SWAPSTAX_TIEBREAK;
}

/* Scores the stars of a stacking round; deals the next, or ends the game. */
static void finish_round(maxstax_turf *t)
{
    swapstax_state *w = t->swap;
    speedstax_state *s = t->rounds;
    swapstax_round_points(t->deck, w->players, w->hand, s->finish, w->last_points);
    for (int p = 0; p < w->players; p++) {
        s->last_points[p] = w->last_points[p];
        s->round_points[w->round - 1][p] = w->last_points[p];
        s->score[p] += w->last_points[p];
    }
    t->reset = 1;
    if (w->round < SWAPSTAX_ROUNDS) {
        swapstax_deal(w, s);
        begin_if_ready(t);
        return;
    }
    end_match(t);
}

/* One clock tick of stacking or the stack-off. */
static void mode_tick(maxstax_turf *t)
{
    swapstax_state *w = t->swap;
    speedstax_state *s = t->rounds;
    if (w->phase == SWAPSTAX_STACKING) {
        speedstax_tick(s);
        if (s->phase == SPEEDSTAX_HELD)
            finish_round(t);
    } else if (w->phase == SWAPSTAX_TIEBREAK) {
        t->reset = speedstax_tick(s);
        if (s->phase == SPEEDSTAX_OVER)
            w->phase = SWAPSTAX_OVER;
    }
}

static int mode_act(maxstax_turf *t, int p, int with)
{
    if (swapstax_act(t->swap, t->rounds, p, with) < 0)
        return -1;
    begin_if_ready(t);
    return 0;
}

static const maxstax_card *mode_seat_card(const maxstax_turf *t, int p)
{
    const swapstax_state *w = t->swap;
    return w->phase <= SWAPSTAX_STACKING && w->hand[p] >= 0 ? &t->deck->card[w->hand[p]] : NULL;
}

/* A composed round's points: each seat's none, or the stars of a card it
 * could hold (setup's range); 0, or -1. */
static int points_possible(const maxstax_setup *setup, const int *points)
{
    for (int p = 0; p < setup->players; p++)
        if (points[p] != 0 && (points[p] < setup->stars_min || points[p] > setup->stars_max))
            return -1;
    return 0;
}

/* At the first swap phase, before anyone acted: as if n rounds had been
 * stacked without swaps, scored as finish_round scores; the first deal
 * becomes round n + 1's, or after the fifth the match ends as it does. */
static int mode_played(maxstax_turf *t, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS])
{
    swapstax_state *w = t->swap;
    speedstax_state *s = t->rounds;
    if (w->round != 1 || w->phase != SWAPSTAX_SWAPPING || w->n_log || w->passes || s->round != 0 || n < 0 ||
        n > SWAPSTAX_ROUNDS)
        return -1;
    for (int r = 0; r < n; r++)
        if (points_possible(t->setup, points[r]) != 0)
            return -1;
    for (int r = 0; r < n; r++)
        for (int p = 0; p < w->players; p++) {
            s->last_points[p] = w->last_points[p] = points[r][p];
            s->round_points[r][p] = points[r][p];
            s->score[p] += points[r][p];
        }
    s->round = n; /* each round played is one start of the clock */
    if (n < SWAPSTAX_ROUNDS) {
        w->round = n + 1;
        return 0;
    }
    w->round = n;
    end_match(t);
    return 0;
}

/* The stack-off after the fifth round: seat p finishes it first. */
static int mode_stackoff(maxstax_turf *t, int p)
{
    if (t->swap->phase != SWAPSTAX_TIEBREAK || speedstax_compose_stackoff(t->rounds, p) != 0)
        return -1;
    t->swap->phase = SWAPSTAX_OVER;
    return 0;
}

/* Ranked as SPEEDSTAX is (the default): points, then the stack-off. */
const maxstax_mode swapstax_mode = {.scoring = MAXSTAX_SWAPSTAX, .check = mode_check, .begin = mode_begin,
                                     .tick = mode_tick, .act = mode_act, .seat_card = mode_seat_card,
                                     .played = mode_played, .stackoff = mode_stackoff};
