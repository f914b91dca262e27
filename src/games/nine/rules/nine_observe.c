/* 9 STAX's hidden information: what a seat may know of a position (observe;
 * seat -1 the public view, what everyone at the table sees) and the worlds
 * the search deals from it (determinize). */
#include "games/nine/rules/nine_observe.h"

#include <string.h>

#include "games/nine/rules/nine.h"

static int bit(int seat) { return seat >= 0 ? 1 << seat : 0; }

/* A card everyone sees: on the discard pile, or in a revealed stack that is face up. */
static int public_card(const nine_state *s, int id)
{
    int z = s->place[id];
    if (z == NINE_Z_DISC)
        return 1;
    return z >= NINE_Z_STACK && s->rev_num && s->stk[id] == s->rev_num - 1 &&
           !(s->rev_hidden & bit(z - NINE_Z_STACK));
}

/* Cards seat does not know: the draw pile, other hands, cards in stacks it
 * neither sees nor remembers (memory always covers what it sees). Seat -1 is
 * the public view, which knows exactly the public cards. */
static int unknown_to(const nine_state *s, int seat, int id)
{
    return seat < 0 ? !public_card(s, id) : !nine_known(s, seat, id);
}

/* Deals the cards seat does not know into the places they hold, in a fixed
 * order (r NULL: sorted, so the result depends only on what seat knows) or
 * shuffled. Every place keeps its size, so counts are conserved; remembered
 * cards stay put. The dealt cards are new to every seat, so the others' memory
 * of them is dropped and rebuilt from what each sees. */
static void redistribute(nine_state *s, int seat, rng *r)
{
    uint8_t ids[NINE_CARDS], hands[GAME_MAX_PLAYERS] = {0}, hidden[GAME_MAX_PLAYERS][NINE_MAX_STACKS];
    int n = 0, j = 0;
    memset(hidden, 0, sizeof hidden);
    for (int id = 0; id < NINE_CARDS; id++) {
        int z = s->place[id];
        if (!unknown_to(s, seat, id))
            continue;
        ids[n++] = (uint8_t)id;
        s->known[id] = 0;
        if (z >= NINE_Z_HAND && z < NINE_Z_STACK)
            hands[z - NINE_Z_HAND]++;
        else if (z >= NINE_Z_STACK)
            hidden[z - NINE_Z_STACK][s->stk[id]]++;
    }
    if (r)
        rng_shuffle(r, ids, n, 1);
    for (int i = 0; i < s->ndraw; i++, j++) {
        s->draw[i] = ids[j];
        s->place[ids[j]] = NINE_Z_DRAW;
        s->stk[ids[j]] = 0;
    }
    for (int p = 0; p < s->players; p++)
        for (int c = 0; c < hands[p]; c++, j++) {
            s->place[ids[j]] = (uint8_t)(NINE_Z_HAND + p);
            s->stk[ids[j]] = 0;
        }
    for (int p = 0; p < s->players; p++)
        for (int k = 0; k < s->nst[p]; k++)
            for (int c = 0; c < hidden[p][k]; c++, j++) {
                s->place[ids[j]] = (uint8_t)(NINE_Z_STACK + p);
                s->stk[ids[j]] = (uint8_t)k;
            }
    nine_derive(s);
}

void nine_observe(const void *st, int seat, void *view)
{
    nine_state *v = view;
    memcpy(v, st, sizeof *v);
    redistribute(v, seat, NULL);
    /* What the others remember is theirs: the view keeps only what they see. */
    for (int id = 0; id < NINE_CARDS; id++)
        v->known[id] &= (uint8_t)bit(seat);
    v->imagined = 0;
    nine_memory_note(v);
    v->shuffle_seed = 0; /* future reshuffles are unknown too */
}

void nine_determinize(void *st, int seat, rng *r)
{
    nine_state *s = st;
    redistribute(s, seat, r);
    s->imagined = 1;
    s->shuffle_seed = rng_next(r);
}
