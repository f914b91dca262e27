/* A replay table's shown move (#28 review): the review's preferred move at
 * the position the replay stands on, drawn by the view as a legal move. */
#include "table/table.h"
#include "table/table_priv.h"

void table_replay_show(table *t, const game_move *m)
{
    t->has_shown = m != NULL;
    if (m)
        t->shown = *m;
}

const game_move *table_replay_shown(const table *t)
{
    return t->replay && t->has_shown ? &t->shown : NULL;
}
