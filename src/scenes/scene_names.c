/* Scenes by name, for --scene and the benchmark. */
#include "scenes/scene_names.h"

#include <stdlib.h>
#include <string.h>

#include "app/history.h"
#include "core/log.h"
#include "scenes/practice.h"
#include "scenes/replay.h"
#include "scenes/replay_review.h"
#include "scenes/scenes.h"
#include "shell/toast.h"
#include "table/lesson.h"
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
    if (args->hints && match_hints_parse(args->hints, &m.hints) != 0) {
        log_error("bad --hints '%s' (on, off or computers)", args->hints);
        return NULL;
    }
    /* --phones: Phones as hands on for these seats, as setup's row turns it on */
    if (args->phones && phones_open(sh, &m, err, sizeof err) != 0) {
        log_error("phones: %s", err);
        toast_show("Phones as hands could not start: %s", err);
    }
    return modes_start(sh, &m, args->position);
}

static char last_error[320];

const char *scenes_error(void) { return last_error; }

/* A kept match's replay (the history's Replay): its review is kept with it. */
scene *scenes_replay(shell *sh, long long id)
{
    match_info mi;
    char *body = NULL;
    store *db = shell_store(sh);
    if (!db || history_get(db, id, &mi, &body) != 0) {
        toast_show("That match could not be read from the history.");
        return NULL;
    }
    scene *s = replay_scene_create(sh, &mi, body, last_error, sizeof last_error);
    if (!s) {
        log_warn("history match %lld: no replay: %s", id, last_error);
        toast_show("This match cannot be replayed: %s", last_error);
    } else {
        replay_review_attach(s, sh, body, id); /* turn-based only: a MAXSTAX replay has no review */
    }
    free(body);
    return s;
}

int scenes_has_replay(void) { return 1; }

scene *scenes_by_name(shell *sh, const char *name, const char *game, const scene_args *args)
{
    const game_info *g = registry_find(game ? game : "stax");
    last_error[0] = 0;
    if (name && strcmp(name, "replay") == 0)
        return replay_scene_open_file(sh, args->replay, last_error, sizeof last_error);
    if (!name || strcmp(name, "picker") == 0)
        return picker_scene_create(sh);
    if (strcmp(name, "setup") == 0)
        return g ? setup_scene_create(sh, g) : NULL;
    if (strcmp(name, "settings") == 0)
        return settings_scene_create(sh);
    if (strcmp(name, "rules") == 0)
        return rules_scene_create_mode(sh, g);
    if (strcmp(name, "history") == 0) /* every mode; --game filters it only when given */
        return history_scene_create(sh, game);
    if (strcmp(name, "stats") == 0) /* the first person the history knows */
        return stats_scene_create(sh, "", game ? game : "");
    if (strcmp(name, "table") == 0)
        return table_by_name(sh, g, args);
    if (strcmp(name, "practice") == 0)
        return practice_scene_create(sh, g); /* setup's Practice button's own (#29) */
    if (strcmp(name, "lesson") == 0)
        return g ? lesson_start(sh, g->id) : NULL; /* the mode's lesson (#29) */
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
