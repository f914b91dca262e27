#include "games/maxstax/rules/samestax.h"

#include <string.h>

int samestax_rounds(int players) { return 2 * players; }

int samestax_init(samestax_state *s, int players, int first_creator)
{
    if (players < 2 || players > SPEEDSTAX_MAX_PLAYERS || first_creator < 0 || first_creator >= players)
        return -1;
    memset(s, 0, sizeof *s);
    s->players = players;
    s->rounds = samestax_rounds(players);
    s->round = 1;
    s->first_creator = first_creator;
    s->creator = first_creator;
    s->phase = SAMESTAX_CREATE;
    return 0;
}

int samestax_creator_of(const samestax_state *s, int r) { return (s->first_creator + r - 1) % s->players; }

void samestax_round_points(int players, int creator, int faulty, const long *finish, int *points)
{
    points[creator] = 0;
    for (int p = 0; p < players; p++) {
        if (p == creator)
            continue;
        points[p] = faulty || finish[p] >= 0;
        points[creator] += !points[p]; /* retained */
    }
}

void samestax_end_round(samestax_state *s, const long *finish)
{
    samestax_round_points(s->players, s->creator, s->faulty, finish, s->last_points);
    for (int p = 0; p < s->players; p++) {
        s->round_points[s->round - 1][p] = s->last_points[p];
        s->score[p] += s->last_points[p];
    }
    s->round_faulty[s->round - 1] = s->faulty;
    s->faulty = 0;
    s->target.n = 0;
    s->design.n = 0;
    if (s->round == s->rounds) {
        s->phase = SAMESTAX_OVER;
        return;
    }
    s->round++;
    s->creator = samestax_creator_of(s, s->round);
    s->phase = SAMESTAX_CREATE;
}

void samestax_ranks(const samestax_state *s, int rank[SPEEDSTAX_MAX_PLAYERS])
{
    for (int p = 0; p < s->players; p++) {
        rank[p] = 0;
        for (int q = 0; q < s->players; q++)
            rank[p] += s->score[q] > s->score[p];
    }
}
