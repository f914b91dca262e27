/* MAXSTAX practice: the scoring mode with no clock and no rounds, over the
 * card the player chose (maxstax_practice.h). It shares the match core's
 * world, hands and claims; its hooks only keep the clock from ending
 * anything. */
#include "games/maxstax/rules/maxstax_practice.h"

#include <limits.h>
#include <stdio.h>

#include "games/maxstax/rules/maxstax_match_priv.h"

/* No round ends: the clock's length is out of reach (time_left stays large). */
#define PRACTICE_TICKS (LONG_MAX / 4)

static void practice_begin(maxstax_turf *t) { t->rounds->round_ticks = PRACTICE_TICKS; }

/* The clock counts (a claim's hold is timed on it) but never ends a round. */
static void practice_tick(maxstax_turf *t) { t->rounds->tick++; }

const maxstax_mode practice_mode = {
    .scoring = MAXSTAX_PRACTICE, .fewest = 1, .begin = practice_begin, .tick = practice_tick};

maxstax_match *maxstax_practice_new(int players, const maxstax_deck *deck, int card, char *err, size_t errn)
{
    maxstax_setup setup;
    maxstax_match *m;
    if (card < 0 || card >= deck->n) {
        snprintf(err, errn, "no stacker card %d: the deck has %d", card + 1, deck->n);
        return NULL;
    }
    maxstax_setup_default(&setup, players);
    setup.scoring = MAXSTAX_PRACTICE;
    if ((m = maxstax_match_new(&setup, deck, 1, err, errn)) != NULL)
        maxstax_practice_choose(m, card);
    return m;
}

int maxstax_practice_choose(maxstax_match *m, int card)
{
    speedstax_state *s = &m->rounds;
    if (m->setup.scoring != MAXSTAX_PRACTICE || card < 0 || card >= m->deck.n)
        return -1;
    maxstax_match_reset_piles(m);
    s->card = card;
    s->tick = 0;
    for (int p = 0; p < s->players; p++) {
        s->pending[p] = 0;
        s->finish[p] = -1;
    }
    return 0;
}

int maxstax_practice_card(const maxstax_match *m)
{
    return m->setup.scoring == MAXSTAX_PRACTICE ? m->rounds.card : -1;
}

int maxstax_practice_matched(const maxstax_match *m, int p)
{
    return m->setup.scoring == MAXSTAX_PRACTICE && p >= 0 && p < m->rounds.players && m->rounds.finish[p] >= 0;
}
