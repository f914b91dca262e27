/* 9 STAX's invariants: every card in exactly one place, the pending
 * decision consistent with the hands, and each seat's memory only of cards
 * it has seen. Split from nine.c (the moves) as a seam of its own. */
#include "games/nine/rules/nine_check.h"

#include <stdio.h>
#include <string.h>

static int bit(int seat) { return 1 << seat; }

static int check_pending(const nine_state *s, const int *hands, char *err, size_t errn)
{
    const nine_pending *d = &s->pend;
    int drawer = d->kind == NINE_P_DRAWN ? d->seat : d->kind == NINE_P_GIVE ? s->turn : -1;
    for (int p = 0; p < s->players; p++)
        if (hands[p] != (p == drawer)) {
            snprintf(err, errn, "9stax: seat %d holds %d drawn cards", p + 1, hands[p]);
            return -1;
        }
    if (d->kind > NINE_P_IMMUNE || d->seat >= s->players || d->keep > NINE_KEEP_MUST ||
        d->p1 >= s->players || d->p2 >= s->players || d->s1 >= NINE_MAX_STACKS ||
        d->s2 >= NINE_MAX_STACKS || (d->ask | d->used) >= bit(s->players)) {
        snprintf(err, errn, "9stax: pending decision out of range");
        return -1;
    }
    int targets_stack = d->kind == NINE_P_TAKE || d->kind == NINE_P_GIVE ||
                        d->kind == NINE_P_SWAP2 ||
                        (d->kind == NINE_P_IMMUNE && (d->action == NINE_PEEK || d->action == NINE_SWAP));
    if ((targets_stack && d->s1 >= s->nst[d->p1]) ||
        (d->kind == NINE_P_IMMUNE && d->action == NINE_SWAP && d->s2 >= s->nst[d->p2])) {
        snprintf(err, errn, "9stax: pending decision names a missing stack");
        return -1;
    }
    if (d->kind == NINE_P_IMMUNE && (!d->ask || (d->ask & ~s->immunity))) {
        snprintf(err, errn, "9stax: Immunity asked of nobody, or of a seat that has used it");
        return -1;
    }
    if (d->kind == NINE_P_DRAWN && d->seat != s->turn) {
        snprintf(err, errn, "9stax: a drawn card waits for a seat whose turn it is not");
        return -1;
    }
    return 0;
}

/* Memory covers what each seat sees, names only seats at the table, and
 * never the draw pile. */
static int check_memory(const nine_state *s, char *err, size_t errn)
{
    for (int id = 0; id < NINE_CARDS; id++) {
        int z = s->place[id], seen = 0;
        if (z == NINE_Z_DISC)
            seen = bit(s->players) - 1;
        else if (z >= NINE_Z_HAND && z < NINE_Z_STACK)
            seen = bit(z - NINE_Z_HAND);
        else if (z >= NINE_Z_STACK)
            for (int q = 0; q < s->players; q++)
                seen |= nine_stack_visible(s, q, z - NINE_Z_STACK, s->stk[id]) << q;
        if (s->known[id] >= bit(s->players) || (z == NINE_Z_DRAW && s->known[id]) ||
            (s->known[id] & seen) != seen) {
            snprintf(err, errn, "9stax: memory of card %d is wrong", id);
            return -1;
        }
    }
    return 0;
}

int nine_check(const nine_state *s, char *err, size_t errn)
{
    nine_deck deck;
    int size[GAME_MAX_PLAYERS][NINE_MAX_STACKS] = {{0}}, hands[GAME_MAX_PLAYERS] = {0};
    int ndraw = 0, ndisc = 0;
    uint8_t seen[NINE_CARDS] = {0};
    if (nine_deck_builtin(&deck, err, errn) < 0)
        return -1;
    if (memcmp(deck.code, s->code, sizeof deck.code) != 0) {
        snprintf(err, errn, "9stax: the cards are not the deck's");
        return -1;
    }
    if (s->players < 2 || s->players > GAME_MAX_PLAYERS || s->turn >= s->players || s->dir > 1 ||
        s->immunity >= bit(s->players) || s->rev_hidden >= bit(s->players) ||
        s->rev_num > NINE_MAX_STACKS || s->passes > s->players) {
        snprintf(err, errn, "9stax: turn, direction, immunity or reveal out of range");
        return -1;
    }
    if (s->act != NINE_ACT_ANY && (nine_colour_of(s->act) >= NINE_NO_COLOUR ||
                                   nine_face_of(s->act) < 1 || nine_face_of(s->act) > NINE_REVEAL)) {
        snprintf(err, errn, "9stax: bad active card");
        return -1;
    }
    for (int id = 0; id < NINE_CARDS; id++) {
        int z = s->place[id], p = (z - NINE_Z_HAND) & 3;
        if (z < NINE_Z_STACK && s->stk[id]) {
            /* Kept at 0 off the table, so that views compare byte for byte. */
            snprintf(err, errn, "9stax: card %d off the table has a stack number", id);
            return -1;
        }
        if (z == NINE_Z_DRAW)
            ndraw++;
        else if (z == NINE_Z_DISC)
            ndisc++;
        else if (z < NINE_Z_STACK && p < s->players)
            hands[p]++;
        else if (z >= NINE_Z_STACK && z - NINE_Z_STACK < s->players &&
                 s->stk[id] < s->nst[z - NINE_Z_STACK])
            size[z - NINE_Z_STACK][s->stk[id]]++;
        else {
            snprintf(err, errn, "9stax: card %d is nowhere (place %d)", id, z);
            return -1;
        }
    }
    if (ndraw != s->ndraw || ndisc != s->ndisc) {
        snprintf(err, errn, "9stax: draw/discard piles hold %d/%d cards, counted %d/%d", ndraw,
                 ndisc, s->ndraw, s->ndisc);
        return -1;
    }
    for (int i = 0; i < s->ndraw + s->ndisc; i++) {
        int id = i < s->ndraw ? s->draw[i] : s->disc[i - s->ndraw];
        int z = i < s->ndraw ? NINE_Z_DRAW : NINE_Z_DISC;
        if (id >= NINE_CARDS || s->place[id] != z || seen[id]++) {
            snprintf(err, errn, "9stax: card %d listed twice or in the wrong pile", id);
            return -1;
        }
    }
    for (int p = 0; p < s->players; p++) {
        if (s->nst[p] > NINE_MAX_STACKS || (s->nst[p] && s->held[p] >= s->nst[p]) ||
            (!s->nst[p] && s->held[p])) {
            snprintf(err, errn, "9stax: seat %d holds stack %d of %d", p + 1, s->held[p] + 1,
                     s->nst[p]);
            return -1;
        }
        for (int k = 0; k < NINE_MAX_STACKS; k++) {
            /* Only a stack a Peek took the last card of may stand empty, until the give. */
            int may_empty = s->pend.kind == NINE_P_GIVE && p == s->pend.p1 && k == s->pend.s1;
            if (size[p][k] != s->ssize[p][k] || (k < s->nst[p] && !size[p][k] && !may_empty)) {
                snprintf(err, errn, "9stax: seat %d stack %d has %d cards, counted %d", p + 1,
                         k + 1, size[p][k], s->ssize[p][k]);
                return -1;
            }
        }
    }
    for (int p = s->players; p < GAME_MAX_PLAYERS; p++)
        if (s->nst[p] || s->held[p]) {
            snprintf(err, errn, "9stax: seat %d is not playing but has stacks", p + 1);
            return -1;
        }
    nine_state derived = *s;
    nine_derive(&derived);
    if (memcmp(derived.hand, s->hand, sizeof s->hand) || memcmp(derived.head, s->head, sizeof s->head) ||
        memcmp(derived.next, s->next, sizeof s->next)) {
        snprintf(err, errn, "9stax: the hand or stack lists disagree with where the cards lie");
        return -1;
    }
    if (s->imagined > 1) {
        snprintf(err, errn, "9stax: bad imagined flag");
        return -1;
    }
    if (!s->imagined && check_memory(s, err, errn) < 0)
        return -1;
    return check_pending(s, hands, err, errn);
}

