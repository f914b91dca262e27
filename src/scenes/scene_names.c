/* Scenes by name, for --scene and the benchmark. */
#include <string.h>

#include "app/app.h"
#include "scenes/scenes.h"

scene *app_scene_by_name(app *a, const char *name, const char *game)
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
    if (strcmp(name, "score") == 0) {
        score_report rep;
        score_report_sample(&rep);
        return score_scene_create(a, &rep);
    }
    return NULL;
}
