/* The rules viewer's diagrams: the position is read by the mode's own rules
 * and drawn by the mode's own view (table_view_ops.draw_position), so a
 * picture in the rules is exactly what the table shows. */
#include "scenes/rules_diagram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "table/modes.h"
#include "table/table.h"

/* Reads dg into a new state (*st, freed by the caller) and move m (len 0:
 * none); the view that draws it in *ops. 0, or -1 with why in err. */
static int diagram_read(const md_diagram *dg, void **st, game_move *m, const table_view_ops **ops,
                        char *err, size_t errn)
{
    const game_info *g = registry_find(dg->mode);
    const table_mode *t = g ? modes_find(g->id) : NULL;
    char why[200] = "";

    *st = NULL;
    memset(m, 0, sizeof *m);
    if (!g) {
        snprintf(err, errn, "no game is called \"%s\"", dg->mode);
        return -1;
    }
    if (!g->rules || !t || !t->turns || !t->turns->draw_position) {
        snprintf(err, errn, "%s has no pictures yet", g->name);
        return -1;
    }
    if (!(*st = calloc(1, g->rules->state_size))) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    /* A composed position may hold any number of seats the game allows. */
    for (int n = g->min_players; n <= g->max_players; n++) {
        game_params p;
        registry_params_default(g, &p, n);
        if (g->rules->position_read(*st, &p, dg->position, why, sizeof why) == 0) {
            why[0] = '\0';
            break;
        }
    }
    if (why[0]) {
        snprintf(err, errn, "the position \"%s\" does not read: %s", dg->position, why);
    } else if (dg->move[0] && g->rules->move_read(*st, dg->move, m, why, sizeof why) != 0) {
        snprintf(err, errn, "the move \"%s\" is not legal there: %s", dg->move, why);
    } else {
        *ops = t->turns;
        return 0;
    }
    free(*st);
    *st = NULL;
    return -1;
}

int rules_diagram_check(const md_diagram *dg, char *err, size_t errn)
{
    void *st;
    game_move m;
    const table_view_ops *ops;
    if (diagram_read(dg, &st, &m, &ops, err, errn) != 0)
        return -1;
    free(st);
    return 0;
}

int rules_diagram_draw(void *user, render *r, const md_diagram *dg, rrect box, char *err, size_t errn)
{
    void *st;
    game_move m;
    const table_view_ops *ops;
    if (diagram_read(dg, &st, &m, &ops, err, errn) != 0)
        return -1;
    ops->draw_position(user, r, st, m.len ? &m : NULL, box);
    free(st);
    return 0;
}
