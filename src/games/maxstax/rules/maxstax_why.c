#include "games/maxstax/rules/maxstax_why.h"

#include <stdio.h>

/* Seat q as the table says it. */
static const char *who(const char *const *names, int q, char *buf, size_t n)
{
    if (names && names[q])
        snprintf(buf, n, "%s", names[q]);
    else
        snprintf(buf, n, "Player %d", q + 1);
    return buf;
}

/* SAMESTAX: p may not touch the blocks in this phase of the round. */
static int samestax_refusal(const samestax_state *g, int p, const char *const *names, char *buf, size_t n)
{
    char c[48];
    if (g->phase == SAMESTAX_CREATE && p != g->creator)
        return game_text(buf, n, "%s is the Creator: watch, then copy what they build.",
                         who(names, g->creator, c, sizeof c));
    if (g->phase == SAMESTAX_SETTLE)
        return game_text(buf, n, "Hands off: the Creator's structure is settling.");
    if (g->phase == SAMESTAX_REPLICATE && p == g->creator)
        return game_text(buf, n, "You created this structure: the others copy it now.");
    return -1;
}

int maxstax_build_refusal(const maxstax_match *m, int p, const char *const *names, char *buf, size_t n)
{
    const speedstax_state *s = maxstax_match_rounds(m);
    const samestax_state *g = maxstax_match_samestax(m);
    const swapstax_state *w = maxstax_match_swapstax(m);
    char c[48];
    if (speedstax_building(s, p))
        return -1;
    if (s->phase == SPEEDSTAX_OVER)
        return game_text(buf, n, "The match is over.");
    if (w && w->phase == SWAPSTAX_SWAPPING)
        return game_text(buf, n, "The swaps come first: building starts once everyone has passed.");
    if (g) {
        int k = samestax_refusal(g, p, names, buf, n);
        if (k >= 0)
            return k;
    }
    if (s->phase == SPEEDSTAX_HELD)
        return game_text(buf, n, "The round is over: the next one starts in a moment.");
    if (!s->in_play[p])
        return game_text(buf, n, "Only the tied players build in the stack-off.");
    if (s->finish[p] >= 0)
        return game_text(buf, n, "Your MAX STAX stands: you have finished this round.");
    if (s->pending[p])
        return game_text(buf, n, "Hands off: your MAX STAX is being checked.");
    if (s->turn_mask >> p & 1) {
        if (s->turn_seat >= 0 && s->turn_seat != p)
            return game_text(buf, n, "It is %s's turn to build: yours comes next.", who(names, s->turn_seat, c, sizeof c));
        return game_text(buf, n, "Your time is up this round.");
    }
    return game_text(buf, n, "Time is up: the round is over.");
}

int maxstax_swap_refusal(const maxstax_match *m, int p, int with, const char *const *names, char *buf, size_t n)
{
    const swapstax_state *w = maxstax_match_swapstax(m);
    char c[48];
    if (!w)
        return game_text(buf, n, "Only SWAPSTAX has swaps.");
    if (w->phase != SWAPSTAX_SWAPPING)
        return game_text(buf, n, "The swaps are over: build the card you hold.");
    if (p != w->turn)
        return game_text(buf, n, "It is %s's turn to swap or pass.", who(names, w->turn, c, sizeof c));
    if (with == SWAPSTAX_PASS)
        return -1;
    if (w->swaps_left[p] <= 0)
        return game_text(buf, n, "You have no swap card left: pass.");
    if (with == p)
        return game_text(buf, n, "That card is your own: swap with the deck or another player.");
    if (with < SWAPSTAX_DECK || with >= w->players)
        return game_text(buf, n, "There is no such player to swap with.");
    return -1;
}
