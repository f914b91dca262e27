#include "core/hint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ai.h"
#include "core/rng.h"

int hint_choose(const game_rules *g, const void *st, uint64_t seed, game_move *out, char *why, size_t n)
{
    int seat = g->current_player(st), rc;
    void *view;
    if (n)
        why[0] = '\0';
    if (seat < 0 || !(view = malloc(g->state_size)))
        return -1;
    if (g->hidden_info) {
        /* Only what the seat may know, the rest dealt from the seed: the
         * hint never leans on a card the player cannot see. */
        rng r;
        g->observe(st, seat, view);
        rng_seed(&r, seed ^ 0x68696e74ULL);
        g->determinize(view, seat, &r);
    } else {
        memcpy(view, st, g->state_size);
    }
    rc = ai_choose(g, view, HINT_LEVEL, seed, out);
    free(view);
    if (rc != 0)
        return -1;
    if (g->move_reason && g->move_reason(st, out, why, n) < 0 && n)
        why[0] = '\0';
    return 0;
}

const char *hint_number(int n)
{
    static const char *const words[] = {"no",    "one",  "two", "three",  "four",  "five",  "six",
                                        "seven", "eight", "nine", "ten", "eleven", "twelve"};
    static char buf[16];
    if (n >= 0 && n <= 12)
        return words[n];
    snprintf(buf, sizeof buf, "%d", n);
    return buf;
}
