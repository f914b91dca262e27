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
    char *text;               /* the tape's text, read a part at a time */
    maxstax_tape_reader *rd;  /* its reading, and the tape as read so far */
    const maxstax_tape *tape; /* the reader's */
    long ticks;               /* as the text says (checked once it is read whole) */
    checkpoint *cp; /* cp[i] at tick i * MAXSTAX_REPLAY_CHECK_EVERY, laid up to cp[laid - 1] */
    int n_cp;       /* checkpoints the whole tape has room for */
    int laid;
    maxstax_match *layer;  /* the one pass through the tape, standing at the last checkpoint laid; NULL when done */
    maxstax_tape_at layer_at;
    char lay_err[200]; /* the pass failed (the tape does not play on): why; "" while it plays */
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

/* maxstax_tape_play_to, the tape read first as far as it goes: a tape is
 * read a part at a time, only as far as it is played (a five-minute one's
 * reading took 12-26 ms, more than a frame). */
static int play(maxstax_replay *r, maxstax_match **m, maxstax_tape_at *at, long upto, char *err, size_t errn)
{
    if (maxstax_tape_reader_on(r->rd, upto, err, errn) < 0)
        return -1; /* *m as it was: the tape does not read past here */
    return maxstax_tape_play_to(r->tape, r->deck, m, at, upto, err, errn);
}

/* Lays the next checkpoint: the one pass plays on to its tick and saves the
 * match there. 0, or -1 with the reason in err (kept: the pass stops there). */
static int lay_next(maxstax_replay *r, char *err, size_t errn)
{
    checkpoint *c = &r->cp[r->laid];
    if (r->lay_err[0]) {
        snprintf(err, errn, "%s", r->lay_err);
        return -1;
    }
    if (play(r, &r->layer, &r->layer_at, (long)r->laid * MAXSTAX_REPLAY_CHECK_EVERY, r->lay_err, sizeof r->lay_err) !=
            0 ||
        (!r->layer && snprintf(r->lay_err, sizeof r->lay_err, "tape: it holds no match"))) {
        snprintf(err, errn, "%s", r->lay_err);
        return -1;
    }
    c->at = r->layer_at;
    /* The first is the tape's own start, played afresh: no save needed. */
    c->save = r->laid > 0 ? maxstax_match_save(r->layer) : NULL;
    if (++r->laid == r->n_cp) {
        maxstax_match_free(r->layer); /* the pass is done */
        r->layer = NULL;
    }
    return 0;
}

/* Lays checkpoints up to cp[i] (the pass plays on from the last laid). 0, or -1 with err. */
static int lay_to(maxstax_replay *r, int i, char *err, size_t errn)
{
    while (r->laid <= i)
        if (lay_next(r, err, errn) != 0)
            return -1;
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
    /* Only the tape's start is read and laid here, so the first frame comes
     * at once; the rest are read and laid a little each frame
     * (maxstax_replay_work), or on the way to a jump past them. */
    if (!(r->text = strdup(tape_text)))
        snprintf(err, errn, "out of memory");
    else if ((r->rd = maxstax_tape_reader_new(r->text, err, errn)) != NULL &&
             (r->ticks = maxstax_tape_reader_claims(r->text)) < 0 &&
             maxstax_tape_reader_on(r->rd, MAXSTAX_TAPE_MAX_TICKS, err, errn) == 1) /* says what is wrong at its end */
        r->ticks = maxstax_tape_ticks(maxstax_tape_reader_tape(r->rd));
    if (!r->rd || r->ticks < 0) {
        maxstax_replay_free(r);
        return NULL;
    }
    r->tape = maxstax_tape_reader_tape(r->rd);
    r->n_cp = (int)(r->ticks / MAXSTAX_REPLAY_CHECK_EVERY) + 1;
    if (!(r->cp = calloc((size_t)r->n_cp, sizeof *r->cp)))
        snprintf(err, errn, "out of memory");
    if (!r->cp || lay_to(r, 0, err, errn) != 0 || play(r, &r->shown, &r->at, 0, err, errn) != 0) {
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
    for (int i = 0; i < r->laid; i++)
        free(r->cp[i].save);
    free(r->cp);
    maxstax_match_free(r->layer);
    maxstax_match_free(r->shown);
    maxstax_match_free(r->walker);
    maxstax_tape_reader_free(r->rd);
    free(r->text);
    free(r);
}

long maxstax_replay_ticks(const maxstax_replay *r) { return r->ticks; }
long maxstax_replay_at(const maxstax_replay *r) { return r->at.tick; }
int maxstax_replay_checkpoints(const maxstax_replay *r) { return r->laid; }
int maxstax_replay_idle(const maxstax_replay *r) { return r->exact && (r->laid == r->n_cp || r->lay_err[0]); }
const maxstax_match *maxstax_replay_match(const maxstax_replay *r) { return r->shown; }
int maxstax_replay_exact(const maxstax_replay *r) { return r->exact; }

/* The match at checkpoint i (0: the tape's start, exact), or NULL with err. */
static maxstax_match *checkpoint_open(maxstax_replay *r, int i, maxstax_tape_at *at, char *err, size_t errn)
{
    maxstax_match *m = NULL;
    *at = r->cp[i].at;
    if (i == 0) {
        memset(at, 0, sizeof *at);
        return play(r, &m, at, 0, err, errn) == 0 ? m : NULL;
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
        return play(r, &r->shown, &r->at, tick, err, errn);
    /* Past the checkpoints laid so far: the pass plays on to the nearest one
     * (what a jump there costs before they exist), laying those on the way. */
    i = (int)(tick / MAXSTAX_REPLAY_CHECK_EVERY);
    if (lay_to(r, i, err, errn) != 0)
        return -1;
    for (; i > 0 && !r->cp[i].save; i--) {
    }
    if (!(m = checkpoint_open(r, i, &at, err, errn)) ||
        play(r, &m, &at, tick, err, errn) != 0) {
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

/* Plays the exact match towards the cursor until the clock passes until,
 * and shows it once it is there; 1 when what is shown changed. */
static int exact_work(maxstax_replay *r, double until)
{
    char err[200];
    if (r->exact)
        return 0;
    if (r->walker && r->walker_at.tick > r->at.tick) {
        maxstax_match_free(r->walker);
        r->walker = NULL;
    }
    if (!r->walker) {
        memset(&r->walker_at, 0, sizeof r->walker_at);
        if (play(r, &r->walker, &r->walker_at, 0, err, sizeof err) != 0)
            return 0;
    }
    while (r->walker_at.tick < r->at.tick && now_s() < until) {
        long to = r->walker_at.tick + 8 < r->at.tick ? r->walker_at.tick + 8 : r->at.tick;
        if (play(r, &r->walker, &r->walker_at, to, err, sizeof err) != 0)
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

/* Lays checkpoints until the clock passes until (at least one, when any is left). */
static void lay_until(maxstax_replay *r, double until)
{
    char err[200];
    do {
        if (r->laid == r->n_cp || lay_next(r, err, sizeof err) != 0)
            return;
    } while (now_s() < until);
}

int maxstax_replay_work(maxstax_replay *r, double budget_s)
{
    double until = now_s() + budget_s;
    int changed = exact_work(r, until);
    lay_until(r, until);
    return changed;
}
