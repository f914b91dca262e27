/* Scenes by name, for --scene and the benchmark. */
#include "scenes/scene_names.h"

#include <string.h>

#include "app/app.h"
#include "core/log.h"
#include "scenes/scenes.h"
#include "shell/toast.h"
#include "table/modes.h"
#include "table/phones.h"
#include "table/table_store.h"

/* A table for --scene table: the seats of --seats put in as setup puts
 * them, and Start's own modes_start (the app fixes the seed for such a run,
 * so screenshots repeat exactly). */
static scene *table_by_name(app *a, const game_info *g)
{
    match_setup m;
    char err[256];
    if (!g || !modes_playable(g) || table_match_default(&m, g, a->opt.seats) != 0) {
        log_error("no table for that game, or bad --seats");
        return NULL;
    }
    /* --phones: Phones as hands on for these seats, as setup's row turns it on */
    if (a->opt.phones && phones_open(a, &m, err, sizeof err) != 0) {
        log_error("phones: %s", err);
        toast_show("Phones as hands could not start: %s", err);
    }
    return modes_start(a, &m, a->opt.position);
}

scene *scenes_by_name(app *a, const char *name, const char *game)
{
    const game_info *g = registry_find(game ? game : "stax");
    if (!name || strcmp(name, "picker") == 0)
        return picker_scene_create(a);
    if (strcmp(name, "setup") == 0)
        return g ? setup_scene_create(a, g) : NULL;
    if (strcmp(name, "settings") == 0)
        return settings_scene_create(a);
    if (strcmp(name, "rules") == 0)
        return rules_scene_create(a, g ? g->rules_doc : NULL);
    if (strcmp(name, "table") == 0)
        return table_by_name(a, g);
    if (strcmp(name, "score") == 0) {
        score_report rep;
        if (score_report_sample(&rep, game) != 0) {
            log_error("no score screen for game '%s' (stax, 9stax, speedstax)", game);
            return NULL;
        }
        return score_scene_create(a, &rep);
    }
    return NULL;
}
