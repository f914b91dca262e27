#include "core/game.h"

#include <string.h>

void game_params_default_opts(const game_option *options, int n, game_params *p, int players)
{
    memset(p, 0, sizeof *p);
    p->players = players;
    for (int i = 0; options && i < n && i < GAME_MAX_OPTIONS; i++)
        p->opt[i] = options[i].def;
}

void game_params_default(const game_rules *g, game_params *p, int players)
{
    game_params_default_opts(g->options, g->n_options, p, players);
}
