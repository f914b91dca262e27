#include "core/game.h"

#include <string.h>

void game_params_default(const game_rules *g, game_params *p, int players)
{
    memset(p, 0, sizeof *p);
    p->players = players;
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++)
        p->opt[i] = g->options[i].def;
}
