#include "core/game.h"

#include <string.h>

void game_params_default(const game_rules *g, game_params *p, int players)
{
    memset(p, 0, sizeof *p);
    p->players = players;
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++)
        p->opt[i] = g->options[i].def;
}

int game_move_equal(const game_move *a, const game_move *b)
{
    return a->kind == b->kind && a->len == b->len && memcmp(a->b, b->b, a->len) == 0;
}
