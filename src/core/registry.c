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

const game_info *registry_find(const char *id)
{
    for (int i = 0; i < registry_count(); i++)
        if (id && strcmp(gamelist[i].id, id) == 0)
            return &gamelist[i];
    return NULL;
}
