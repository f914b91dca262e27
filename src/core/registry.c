#include "core/registry.h"

#include <string.h>

#include "core/modelist.h"
#include "games/maxstax/rules/maxstax_match.h"
#include "games/nine/rules/nine.h"
#include "games/stackatrack/rules/track.h"
#include "games/stakz/rules/stakz.h"
#include "games/stax/rules/stax.h"

#define MODE(id, name, pitch, doc, tab, min, max, kind, rules, scoring, view, settings) \
    {#id, name, pitch, doc, tab, min, max, kind, rules, scoring},
static const game_info gamelist[] = {MODE_LIST(MODE)};
#undef MODE

int registry_count(void) { return (int)(sizeof gamelist / sizeof gamelist[0]); }

const game_info *registry_get(int i)
{
    if (i < 0 || i >= registry_count())
        return NULL;
    return &gamelist[i];
}

const game_option *registry_options(const game_info *g, int *n)
{
    *n = 0;
    if (!g)
        return NULL;
    if (g->rules) {
        *n = g->rules->n_options;
        return g->rules->options;
    }
    return g->kind == GAME_KIND_REALTIME ? maxstax_scoring_options((maxstax_scoring)g->scoring, n) : NULL;
}

void registry_params_default(const game_info *g, game_params *p, int players)
{
    int n;
    const game_option *o = registry_options(g, &n);
    game_params_default_opts(o, n, p, players);
}

const game_info *registry_find(const char *id)
{
    for (int i = 0; i < registry_count(); i++)
        if (id && strcmp(gamelist[i].id, id) == 0)
            return &gamelist[i];
    return NULL;
}
