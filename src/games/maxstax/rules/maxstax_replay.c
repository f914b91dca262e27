/* A MAXSTAX match played again from its tape, with checkpoints for jumps. */
#include "games/maxstax/rules/maxstax_replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One checkpoint: the match's save at a tick and where the tape stood. */
typedef struct checkpoint {
    char *save; /* NULL: none here (the save refused a finished match) */
    maxstax_tape_at at;
} checkpoint;

struct maxstax_replay {
    const maxstax_deck *deck;
    maxstax_tape *tape;
    long ticks;
    checkpoint *cp; /* cp[i] at tick i * MAXSTAX_REPLAY_CHECK_EVERY */
    int n_cp;
    maxstax_match *shown; /* the match at the cursor */
    maxstax_tape_at at;   /* where the tape stands for it */
    int exact;            /* shown was played from the start, never loaded */
    maxstax_match *walker; /* an exact match catching up with the cursor; NULL none */
    maxstax_tape_at walker_at;
};

const char *maxstax_replay_tape_text(const char *text)
{
    const char *p;
    if (!text)
        return NULL;
    if (strncmp(text, MAXSTAX_TAPE_HEADER " ", strlen(MAXSTAX_TAPE_HEADER) + 1) == 0)
        return text;
    p = strstr(text, "\n" MAXSTAX_TAPE_HEADER " ");
    return p ? p + 1 : NULL;
}

/* Seconds on a monotonic clock. */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Plays the tape from its start to every checkpoint, saving the match at each. */
static int lay_checkpoints(maxstax_replay *r, char *err, size_t errn)
{
    maxstax_match *m = NULL;
    maxstax_tape_at at = {0, 0, 0};
    r->n_cp = (int)(r->ticks / MAXSTAX_REPLAY_CHECK_EVERY) + 1;
    if (!(r->cp = calloc((size_t)r->n_cp, sizeof *r->cp))) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    for (int i = 0; i < r->n_cp; i++) {
        if (maxstax_tape_play_to(r->tape, r->deck, &m, &at, (long)i * MAXSTAX_REPLAY_CHECK_EVERY, err, errn) != 0)
            return -1;
        if (!m) {
            snprintf(err, errn, "tape: it holds no match");
            return -1;
        }
        r->cp[i].at = at;
        /* The first is the tape's own start, played afresh: no save needed. */
        r->cp[i].save = i > 0 ? maxstax_match_save(m) : NULL;
    }
    maxstax_match_free(m);
    return 0;
}

maxstax_replay *maxstax_replay_new(const char *text, const maxstax_deck *deck, char *err, size_t errn)
{
    const char *tape_text = maxstax_replay_tape_text(text);
    maxstax_replay *r;
    if (!tape_text) {
        snprintf(err, errn, "the match holds no tape");
        return NULL;
    }
    if (!(r = calloc(1, sizeof *r))) {
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    r->deck = deck;
    if (!(r->tape = maxstax_tape_read(tape_text, err, errn)) || (r->ticks = maxstax_tape_ticks(r->tape), 0) ||
        lay_checkpoints(r, err, errn) != 0 ||
        maxstax_tape_play_to(r->tape, deck, &r->shown, &r->at, 0, err, errn) != 0) {
        maxstax_replay_free(r);
        return NULL;
    }
    r->exact = 1;
    return r;
}

void maxstax_replay_free(maxstax_replay *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->n_cp; i++)
        free(r->cp[i].save);
    free(r->cp);
    maxstax_match_free(r->shown);
    maxstax_match_free(r->walker);
    maxstax_tape_free(r->tape);
    free(r);
}

long maxstax_replay_ticks(const maxstax_replay *r) { return r->ticks; }
long maxstax_replay_at(const maxstax_replay *r) { return r->at.tick; }
int maxstax_replay_checkpoints(const maxstax_replay *r) { return r->n_cp; }
const maxstax_match *maxstax_replay_match(const maxstax_replay *r) { return r->shown; }
int maxstax_replay_exact(const maxstax_replay *r) { return r->exact; }

/* The match at checkpoint i (0: the tape's start, exact), or NULL with err. */
static maxstax_match *checkpoint_open(const maxstax_replay *r, int i, maxstax_tape_at *at, char *err, size_t errn)
{
    maxstax_match *m = NULL;
    *at = r->cp[i].at;
    if (i == 0) {
        memset(at, 0, sizeof *at);
        return maxstax_tape_play_to(r->tape, r->deck, &m, at, 0, err, errn) == 0 ? m : NULL;
    }
    return maxstax_match_load(r->cp[i].save, r->deck, err, errn);
}

int maxstax_replay_seek(maxstax_replay *r, long tick, char *err, size_t errn)
{
    maxstax_match *m;
    maxstax_tape_at at;
    int i;
    tick = tick < 0 ? 0 : tick > r->ticks ? r->ticks : tick;
    if (tick >= r->at.tick && tick - r->at.tick <= MAXSTAX_REPLAY_ON)
        return maxstax_tape_play_to(r->tape, r->deck, &r->shown, &r->at, tick, err, errn);
    for (i = (int)(tick / MAXSTAX_REPLAY_CHECK_EVERY); i > 0 && !r->cp[i].save; i--) {
    }
    if (!(m = checkpoint_open(r, i, &at, err, errn)) ||
        maxstax_tape_play_to(r->tape, r->deck, &m, &at, tick, err, errn) != 0) {
        maxstax_match_free(m);
        return -1;
    }
    /* A jump ahead: the exact match shown walks on behind the scenes, unless one is nearer. */
    if (r->exact && r->at.tick <= tick && (!r->walker || r->walker_at.tick > tick || r->walker_at.tick < r->at.tick)) {
        maxstax_match_free(r->walker);
        r->walker = r->shown;
        r->walker_at = r->at;
        r->shown = NULL;
    }
    maxstax_match_free(r->shown);
    r->shown = m;
    r->at = at;
    r->exact = i == 0;
    return 0;
}

int maxstax_replay_work(maxstax_replay *r, double budget_s)
{
    char err[200];
    double until = now_s() + budget_s;
    if (r->exact)
        return 0;
    if (r->walker && r->walker_at.tick > r->at.tick) {
        maxstax_match_free(r->walker);
        r->walker = NULL;
    }
    if (!r->walker) {
        memset(&r->walker_at, 0, sizeof r->walker_at);
        if (maxstax_tape_play_to(r->tape, r->deck, &r->walker, &r->walker_at, 0, err, sizeof err) != 0)
            return 0;
    }
    while (r->walker_at.tick < r->at.tick && now_s() < until) {
        long to = r->walker_at.tick + 8 < r->at.tick ? r->walker_at.tick + 8 : r->at.tick;
        if (maxstax_tape_play_to(r->tape, r->deck, &r->walker, &r->walker_at, to, err, sizeof err) != 0)
            return 0; /* freed: it starts again next time */
    }
    if (r->walker_at.tick != r->at.tick)
        return 0;
    maxstax_match_free(r->shown);
    r->shown = r->walker;
    r->at = r->walker_at;
    r->walker = NULL;
    r->exact = 1;
    return 1;
}
