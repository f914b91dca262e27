/* The MAXSTAX view watching a match again (#28 replays): its match is a
 * maxstax_replay's (the tape played again, exact when it plays on), and the
 * replay screen moves it; the view draws it as it draws a match, every hand
 * where its tape put it, without the claim and menu buttons or the hints. */
#include "games/maxstax/view/maxstax_view_priv.h"

#define SHORT_STEP 8 /* ticks: a step this short shows what happened (claims, crashes, knocks) */

/* After a jump: what the view has seen is the match as it stands, so no
 * claim, crash or knock of the past is announced again. */
static void replay_sync(maxstax_view *v)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    const maxstax_world *w = maxstax_match_world(v->match);
    maxstax_knock k[8];
    for (int p = 0; p < v->players; p++) {
        v->claim_serial[p] = maxstax_match_claim_event(v->match, p)->serial;
        v->finish_said[p] = s->finish[p] >= 0;
        v->flash[p] = 0;
        v->collapse_cool[p] = 0;
        v->ctl[p].held = maxstax_world_held(w, p);
    }
    for (int b = 0; b < maxstax_world_count(w) && b < N_BLOCKS; b++)
        v->falls[b] = maxstax_world_falls(w, b);
    v->knock_seen = 0;
    while (maxstax_world_knocks(w, &v->knock_seen, k, 8) > 0) {
    }
    v->round_seen = maxstax_round_key(v);
    v->card_seen = s->card;
    v->results_card = s->card;
    v->phase_seen = s->phase;
    v->turn_seen = s->turn_seat;
    maxstax_view_snapshot(v, 1);
}

void *maxstax_view_replay_open(shell *sh, const match_setup *m, const char *text, char *err, size_t errn)
{
    maxstax_view *v = maxstax_view_new(m);
    if (!v) {
        snprintf(err, errn, "the stacker cards cannot be read");
        return NULL;
    }
    if (!(v->replay = maxstax_replay_new(text, &v->deck, err, errn))) {
        maxstax_view_free(v);
        return NULL;
    }
    v->match = (maxstax_match *)maxstax_replay_match(v->replay);
    if (maxstax_match_rounds(v->match)->players != v->players) {
        snprintf(err, errn, "the tape seats %d players, the match %d", maxstax_match_rounds(v->match)->players,
                 v->players);
        maxstax_view_free(v);
        return NULL;
    }
    v->scoring = maxstax_match_scoring(v->match);
    v->mouse_seat = -1; /* nobody's hand is driven: every hand is the tape's */
    v->last_second = -1;
    for (int p = 0; p < v->players; p++)
        v->ctl[p].pad = -1;
    replay_sync(v);
    ui_nav_init(&v->nav, v->m.game->id);
    maxstax_layout(v, sh);
    return v;
}

long maxstax_view_replay_length(const void *vv, long *at)
{
    const maxstax_view *v = vv;
    if (at)
        *at = maxstax_replay_at(v->replay);
    return maxstax_replay_ticks(v->replay);
}

int maxstax_view_replay_seek(void *vv, shell *sh, long tick)
{
    maxstax_view *v = vv;
    char err[200];
    long from = maxstax_replay_at(v->replay);
    int key = maxstax_round_key(v);
    if (maxstax_replay_seek(v->replay, tick, err, sizeof err) != 0) {
        log_error("%s replay: %s", v->m.game->id, err);
        return -1;
    }
    v->match = (maxstax_match *)maxstax_replay_match(v->replay);
    tick = maxstax_replay_at(v->replay);
    if (tick > from && tick - from <= SHORT_STEP && maxstax_round_key(v) == key) {
        maxstax_view_snapshot(v, 0);
        maxstax_view_feedback(v, (double)(tick - from) / 60.0);
        for (int p = 0; p < v->players; p++)
            v->ctl[p].held = maxstax_world_held(maxstax_match_world(v->match), p);
    } else if (tick != from) {
        replay_sync(v);
    }
    v->time += 1.0 / 60.0;
    maxstax_layout(v, sh);
    return 0;
}

void maxstax_view_replay_work(void *vv, shell *sh, double budget)
{
    maxstax_view *v = vv;
    (void)sh; /* the hook's */
    if (maxstax_replay_work(v->replay, budget)) {
        /* the exact match took over at the same tick: the same poses, nothing to announce */
        v->match = (maxstax_match *)maxstax_replay_match(v->replay);
        replay_sync(v);
    }
}

/* Nothing left to work on: the screen may rest (its checkpoints are laid while it does not). */
int maxstax_view_replay_exact(const void *vv) { return maxstax_replay_idle(((const maxstax_view *)vv)->replay); }
