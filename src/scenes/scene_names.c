/* Scenes by name, for --scene and the benchmark. */
#include "scenes/scene_names.h"

#include <string.h>

#include "core/log.h"
#include "scenes/scenes.h"
#include "shell/toast.h"
#include "table/modes.h"
#include "table/phones.h"
#include "table/table_store.h"

/* A table for --scene table: the seats of --seats put in as setup puts
 * them, and Start's own modes_start (the app fixes the seed for such a run,
 * so screenshots repeat exactly). */
static scene *table_by_name(shell *sh, const game_info *g, const scene_args *args)
{
    match_setup m;
    char err[256];
    if (!g || !modes_playable(g) || table_match_default(&m, g, args->seats) != 0) {
        log_error("no table for that game, or bad --seats");
        return NULL;
    }
    /* --phones: Phones as hands on for these seats, as setup's row turns it on */
    if (args->phones && phones_open(sh, &m, err, sizeof err) != 0) {
        log_error("phones: %s", err);
        toast_show("Phones as hands could not start: %s", err);
    }
    return modes_start(sh, &m, args->position);
}

/* The replay branch of #28 fills these two in; until it lands the history
 * hides its Replay action. */
scene *scenes_replay(shell *sh, long long id)
{
    (void)sh;
    (void)id;
    return NULL;
}

int scenes_has_replay(void) { return 0; }

scene *scenes_by_name(shell *sh, const char *name, const char *game, const scene_args *args)
{
    const game_info *g = registry_find(game ? game : "stax");
    if (!name || strcmp(name, "picker") == 0)
        return picker_scene_create(sh);
    if (strcmp(name, "setup") == 0)
        return g ? setup_scene_create(sh, g) : NULL;
    if (strcmp(name, "settings") == 0)
        return settings_scene_create(sh);
    if (strcmp(name, "rules") == 0)
        return rules_scene_create(sh, g ? g->rules_doc : NULL);
    if (strcmp(name, "history") == 0) /* every mode; --game filters it only when given */
        return history_scene_create(sh, game);
    if (strcmp(name, "stats") == 0) /* the first person the history knows */
        return stats_scene_create(sh, "", game ? game : "");
    if (strcmp(name, "table") == 0)
        return table_by_name(sh, g, args);
    if (strcmp(name, "score") == 0) {
        /* the mode row's sample, SPEEDSTAX's when no --game names one */
        score_report rep;
        if (modes_sample(sh, registry_find(game ? game : "speedstax"), &rep) != 0) {
            log_error("no score screen for game '%s'", game);
            return NULL;
        }
        return score_scene_create(sh, &rep);
    }
    return NULL;
}
