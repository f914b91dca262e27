/* Scenes by name, for --scene and the benchmark. */
#include "scenes/scene_names.h"

#include <string.h>

#include "app/app.h"
#include "core/log.h"
#include "scenes/scenes.h"
#include "table/modes.h"
#include "table/table_store.h"

/* A table for --scene table: a fixed seed, so screenshots repeat exactly. */
static scene *table_by_name(app *a, const game_info *g)
{
    match_setup m;
    game_record rec;
    char err[256];
    memset(&rec, 0, sizeof rec);
    if (!g || !modes_playable(g) || table_match_default(&m, g, a->opt.seats) != 0) {
        log_error("no table for that game, or bad --seats");
        return NULL;
    }
    if (g->kind == GAME_KIND_REALTIME) {
        rec.seed = 1; /* the view reads its test options from --position */
        return modes_open(a, &m, &rec);
    }
    if (record_init(&rec, g->id, &m.params, 1, err, sizeof err) != 0 ||
        (a->opt.position && record_set_start(&rec, a->opt.position, err, sizeof err) != 0)) {
        log_error("%s", err);
        record_free(&rec);
        return NULL;
    }
    return modes_open(a, &m, &rec);
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
