#include "core/registry.h"

#include <string.h>

#include "games/nine/rules/nine.h"
#include "games/stax/rules/stax.h"

/* Picker order: the three MAXSTAX modes, then the turn-based games. */
static const game_info gamelist[] = {
    {"speedstax", "SPEEDSTAX", "Race to copy the card in wooden blocks before the clock runs out.",
     "maxstax", 2, 4, GAME_KIND_REALTIME, NULL},
    {"samestax", "SAMESTAX", "Build a stack nobody else can copy, and keep your points.", "maxstax", 2,
     4, GAME_KIND_REALTIME, NULL},
    {"swapstax", "SWAPSTAX", "Trade stacker cards and build the stars you hold.", "maxstax", 2, 4,
     GAME_KIND_REALTIME, NULL},
    {"stakz", "Stakz", "Shed your tiles by colour or symbol; a fifth colour splits the stack.", "stakz",
     2, 4, GAME_KIND_TURNS, NULL},
    {"stax", "STAX", "Checkers from 1919 where every capture builds a stack.", "stax", 2, 2,
     GAME_KIND_TURNS, &stax_rules},
    {"stackatrack", "Stack-A-Track", "Slide railroad blocks into the frame and join up the track.",
     "stackatrack", 2, 4, GAME_KIND_TURNS, NULL},
    {"9stax", "9 STAX", "Play out nine face-down stacks before anyone else.", "9stax", 2, 4,
     GAME_KIND_TURNS, &nine_rules},
};

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
