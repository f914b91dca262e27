#include "core/game.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void game_params_default_opts(const game_option *options, int n, game_params *p, int players)
{
    memset(p, 0, sizeof *p);
    p->players = players;
    for (int i = 0; options && i < n && i < GAME_MAX_OPTIONS; i++)
        p->opt[i] = options[i].def;
}

int game_rules_version(const game_rules *g) { return g->version > 0 ? g->version : 1; }

void game_params_default(const game_rules *g, game_params *p, int players)
{
    game_params_default_opts(g->options, g->n_options, p, players);
}

int game_text(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    int len;
    va_start(ap, fmt);
    len = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return len < 0 || (size_t)len >= n ? -1 : len;
}
