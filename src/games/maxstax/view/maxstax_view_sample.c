/* The MAXSTAX modes' score samples (the mode row's SAMPLE, for --scene
 * score): the real match of the row's seats, started from its words as
 * --scene table starts one (maxstax_view_open: played= composes every round
 * and the rules end the match, stackoff=P decides the stack-off a tie
 * begins), reported by the view's own score op, the one the table hands the
 * score screen. */
#include "games/maxstax/view/maxstax_view.h"
#include "games/maxstax/view/maxstax_view_priv.h"

/* The seed of a sample's match when its words name none (the report never reads the deal). */
#define SAMPLE_SEED 1

int maxstax_view_sample(const match_setup *m, const char *test_options, score_report *rep)
{
    maxstax_view *v = m->game ? maxstax_view_new(m) : NULL;
    uint64_t seed = SAMPLE_SEED;
    int rc = -1;
    if (!v)
        return -1;
    if (maxstax_view_open(v, test_options, &seed, 0) == 0 && maxstax_match_over(v->match)) {
        memset(rep, 0, sizeof *rep);
        maxstax_view_realtime.score(v, rep);
        rep->game_id = m->game->id;
        rc = 0;
    } else {
        log_error("%s: the sample's words '%s' are no finished match", m->game->id, test_options ? test_options : "");
    }
    maxstax_view_free(v);
    return rc;
}
