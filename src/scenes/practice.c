/* The practice screen: the MAXSTAX view on a practice match (its enter,
 * update, draw and input are the table's own), with what a practice needs
 * around it: Leave goes back, the rules open over it, and nothing is saved,
 * kept in the history or scored (practice has no result). */
#include "scenes/practice.h"

#include <stdlib.h>

#include "audio/audio.h"
#include "core/log.h"
#include "games/maxstax/rules/maxstax_rt.h"
#include "games/maxstax/view/maxstax_view.h"
#include "shell/trace.h"

typedef struct practice {
    scene base;
    const game_info *game;
    void *view; /* the MAXSTAX view of the practice match */
} practice;

/* The card last practised this run (deck index): coming back starts there. */
static int last_card;

int practice_offered(const game_info *g)
{
    maxstax_setup setup;
    match_setup m;
    if (!g || !g->realtime)
        return 0;
    match_setup_init(&m, g);
    return maxstax_setup_for(g->realtime, &m.params, NULL, &setup) == 0;
}

static const table_realtime_ops *ops(void) { return &maxstax_view_realtime; }

static void intent(practice *p, shell *sh, table_intent i)
{
    if (i == TABLE_MENU) {
        audio_play(SFX_CLICK);
        trace_line("%s practice left", p->game->id);
        shell_back(sh); /* frees p */
    } else if (i == TABLE_RULES) {
        shell_push(sh, shell_rules_screen(sh, p->game->rules_doc));
    }
}

static void practice_enter(scene *s, shell *sh)
{
    practice *p = s->data;
    ops()->enter(p->view, sh);
}

static void practice_leave(scene *s, shell *sh)
{
    practice *p = s->data;
    (void)sh;
    last_card = maxstax_view_practice_card(p->view);
    ops()->destroy(p->view);
    free(p);
}

static void practice_input(scene *s, shell *sh, const action_event *ev)
{
    practice *p = s->data;
    intent(p, sh, ops()->input(p->view, sh, ev));
}

static void practice_update(scene *s, shell *sh, double dt)
{
    practice *p = s->data;
    if (!shell_is_top(sh, s))
        return; /* the rules over it: the blocks wait */
    intent(p, sh, ops()->update(p->view, sh, dt));
}

static void practice_draw(scene *s, shell *sh, render *r, float alpha)
{
    practice *p = s->data;
    ops()->draw(p->view, sh, r, alpha);
}

scene *practice_scene_create(shell *sh, const game_info *g)
{
    match_setup m;
    practice *p;
    void *v;
    if (!practice_offered(g)) {
        log_error("no practice for game '%s'", g ? g->id : "(none)");
        return NULL;
    }
    match_setup_init(&m, g);
    if (!(v = maxstax_view_practice_create(sh, &m, last_card)))
        return NULL;
    if (!(p = calloc(1, sizeof *p)))
        abort();
    p->game = g;
    p->view = v;
    p->base = (scene){"practice", 0, practice_enter, practice_leave, practice_input, practice_update, practice_draw,
                      p, NULL, MUSIC_MAXSTAX};
    return &p->base;
}
