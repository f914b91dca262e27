/* Changing a match as set up, for setup's screen and the capture flags
 * alike (table/match.h): one seat count, params.players, kept within the
 * game's seats, and options that stay within what the seats allow. */
#include "table/match.h"

#include <string.h>

static const game_option *option(const match_setup *m, int i)
{
    int n;
    const game_option *o = registry_options(m->game, &n);
    return i >= 0 && i < n ? &o[i] : NULL;
}

void match_setup_init(match_setup *m, const game_info *g)
{
    memset(m, 0, sizeof *m);
    m->game = g;
    for (int i = 0; i < GAME_MAX_PLAYERS; i++) {
        m->seat[i] = i ? SEAT_COMPUTER : SEAT_HUMAN;
        m->level[i] = AI_MEDIUM;
    }
    registry_params_default(g, &m->params, g->min_players);
}

int match_setup_add_seat(match_setup *m)
{
    if (m->params.players >= m->game->max_players)
        return -1;
    m->seat[m->params.players] = SEAT_COMPUTER;
    m->params.players++;
    return 0;
}

int match_setup_remove_seat(match_setup *m)
{
    int n;
    const game_option *o = registry_options(m->game, &n);
    if (m->params.players <= m->game->min_players)
        return -1;
    m->params.players--;
    /* a seat option that named the seat just removed goes back to "at random" */
    for (int i = 0; i < n; i++)
        if (o[i].type == GAME_OPT_SEAT && m->params.opt[i] > m->params.players)
            m->params.opt[i] = 0;
    return 0;
}

int match_setup_set_players(match_setup *m, int n)
{
    if (n < m->game->min_players || n > m->game->max_players)
        return -1;
    while (m->params.players < n && match_setup_add_seat(m) == 0) {
    }
    while (m->params.players > n && match_setup_remove_seat(m) == 0) {
    }
    return 0;
}

int match_setup_set_seat(match_setup *m, int i, seat_kind kind)
{
    if (i < 0 || i >= m->params.players)
        return -1;
    m->seat[i] = kind;
    return 0;
}

int match_setup_option_max(const match_setup *m, int i)
{
    const game_option *o = option(m, i);
    if (!o)
        return 0;
    return o->type == GAME_OPT_SEAT && m->params.players < o->max ? m->params.players : o->max;
}

int match_setup_step_option(match_setup *m, int i, int dir)
{
    const game_option *o = option(m, i);
    int *v = &m->params.opt[i];
    if (!o)
        return -1;
    *v += dir;
    if (*v > match_setup_option_max(m, i))
        *v = o->min;
    if (*v < o->min)
        *v = match_setup_option_max(m, i);
    return 0;
}

const char *match_hints_label(match_hints h)
{
    /* "Hints: Against computers", "Hints: Always", "Hints: Never" */
    static const char *const labels[MATCH_HINTS_COUNT] = {"Against computers", "Always", "Never"};
    return h >= 0 && h < MATCH_HINTS_COUNT ? labels[h] : labels[0];
}

int match_setup_set_hints(match_setup *m, match_hints h)
{
    if (h < 0 || h >= MATCH_HINTS_COUNT)
        return -1;
    m->hints = h;
    return 0;
}

void match_setup_step_hints(match_setup *m, int dir)
{
    match_setup_set_hints(m, (match_hints)(((int)m->hints + MATCH_HINTS_COUNT + (dir < 0 ? -1 : 1)) % MATCH_HINTS_COUNT));
}

int match_hints_parse(const char *s, match_hints *out)
{
    static const char *const names[MATCH_HINTS_COUNT] = {"computers", "on", "off"};
    for (int i = 0; i < MATCH_HINTS_COUNT; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (match_hints)i;
            return 0;
        }
    return -1;
}
