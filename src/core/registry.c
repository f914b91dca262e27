#include "core/registry.h"

#include <string.h>

#include "core/modelist.h"

/* The rules each row names, declared by the row itself. */
#define RULES(sym) extern const game_rules sym;
#define RULES_NONE
#define REALTIME(sym) extern const realtime_rules sym;
#define REALTIME_NONE
#define MODE(id, name, pitch, doc, tab, min, max, kind, rules, realtime, view, settings, phone, sample) rules realtime
MODE_LIST(MODE)
#undef MODE
#undef RULES
#undef RULES_NONE
#undef REALTIME
#undef REALTIME_NONE

#define RULES(sym) &sym
#define RULES_NONE NULL
#define REALTIME(sym) &sym
#define REALTIME_NONE NULL
#define MODE(id, name, pitch, doc, tab, min, max, kind, rules, realtime, view, settings, phone, sample) \
    {#id, name, pitch, doc, tab, min, max, kind, rules, realtime},
static const game_info gamelist[] = {MODE_LIST(MODE)};
#undef MODE
#undef RULES
#undef RULES_NONE
#undef REALTIME
#undef REALTIME_NONE

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
    if (g->realtime) {
        *n = g->realtime->n_options;
        return g->realtime->options;
    }
    return NULL;
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
