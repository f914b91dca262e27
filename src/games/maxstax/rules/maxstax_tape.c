/* A MAXSTAX match's tape: recording, text, and playing it again. */
#include "games/maxstax/rules/maxstax_tape.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textout.h"

#define HEADER MAXSTAX_TAPE_HEADER
#define LINE_MAX_LEN 4096 /* a tick of four seats is at most about 260 characters */

typedef enum tape_kind { EV_TICK, EV_SWAP, EV_SNAP, EV_PLACE, EV_COMPOSE, EV_PLAYED, EV_LOAD } tape_kind;

/* One thing done to the match; identical ticks in a row are one event. */
typedef struct tape_event {
    tape_kind kind;
    long count; /* EV_TICK: how many ticks in a row had these inputs and dt */
    double dt;
    maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
    int a, b;       /* swap: seat, with; snap: on; place: seat, block; compose: seat, blocks; played: rounds */
    maxstax_pose q; /* place */
    void *data;     /* load: the saved match's text; played: rounds x SPEEDSTAX_MAX_PLAYERS points */
} tape_event;

struct maxstax_tape {
    int fresh; /* starts from a new match of setup and seed; else from its first event, a load */
    maxstax_setup setup;
    uint64_t seed;
    int players;
    tape_event *ev;
    int n, cap;
    long ticks;
    int broken; /* ran out of memory or ticks: it no longer records */
};

static const char *const scoring_names[] = {"", "speedstax", "samestax", "swapstax"};

/* ---------------------------------------------------------------- recording */

static maxstax_tape *tape_alloc(int players)
{
    maxstax_tape *t = calloc(1, sizeof *t);
    if (t)
        t->players = players < 1 ? 1 : players > SPEEDSTAX_MAX_PLAYERS ? SPEEDSTAX_MAX_PLAYERS : players;
    return t;
}

maxstax_tape *maxstax_tape_new(const maxstax_setup *setup, uint64_t seed)
{
    maxstax_tape *t = tape_alloc(setup->players);
    if (t) {
        t->fresh = 1;
        t->setup = *setup;
        t->seed = seed;
    }
    return t;
}

maxstax_tape *maxstax_tape_new_saved(int players, const char *text)
{
    maxstax_tape *t = tape_alloc(players);
    if (t)
        maxstax_tape_load(t, text);
    return t;
}

void maxstax_tape_free(maxstax_tape *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->n; i++)
        free(t->ev[i].data);
    free(t->ev);
    free(t);
}

/* A new event at the end (zeroed, of kind k), or NULL: the tape is broken. */
static tape_event *event_add(maxstax_tape *t, tape_kind k)
{
    if (!t || t->broken)
        return NULL;
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 256;
        tape_event *ev = realloc(t->ev, sizeof *ev * (size_t)cap);
        if (!ev) {
            t->broken = 1;
            return NULL;
        }
        t->ev = ev;
        t->cap = cap;
    }
    memset(&t->ev[t->n], 0, sizeof t->ev[0]);
    t->ev[t->n].kind = k;
    t->ev[t->n].count = 1;
    return &t->ev[t->n++];
}

void maxstax_tape_step(maxstax_tape *t, maxstax_match *m, const maxstax_input *in, double dt)
{
    maxstax_input all[SPEEDSTAX_MAX_PLAYERS];
    tape_event *last, *e;
    maxstax_step(m, in, dt);
    if (!t || t->broken)
        return;
    memset(all, 0, sizeof all);
    if (in)
        memcpy(all, in, sizeof all[0] * (size_t)t->players);
    if (t->ticks >= MAXSTAX_TAPE_MAX_TICKS) {
        t->broken = 1;
        return;
    }
    t->ticks++;
    /* The same bits as the last tick (a hand at rest): one more of it. */
    last = t->n ? &t->ev[t->n - 1] : NULL;
    if (last && last->kind == EV_TICK && memcmp(&last->dt, &dt, sizeof dt) == 0 &&
        memcmp(last->in, all, sizeof all) == 0) {
        last->count++;
        return;
    }
    if ((e = event_add(t, EV_TICK)) != NULL) {
        e->dt = dt;
        memcpy(e->in, all, sizeof all);
    }
}

int maxstax_tape_swap(maxstax_tape *t, maxstax_match *m, int p, int with)
{
    tape_event *e;
    if (maxstax_match_swap(m, p, with) != 0)
        return -1;
    if ((e = event_add(t, EV_SWAP)) != NULL) {
        e->a = p;
        e->b = with;
    }
    return 0;
}

void maxstax_tape_snap(maxstax_tape *t, maxstax_match *m, int on)
{
    tape_event *e;
    maxstax_match_set_snap(m, on);
    if ((e = event_add(t, EV_SNAP)) != NULL)
        e->a = on != 0;
}

void maxstax_tape_place(maxstax_tape *t, maxstax_match *m, int p, int b, maxstax_pose q)
{
    tape_event *e;
    maxstax_match_place(m, p, b, q);
    if ((e = event_add(t, EV_PLACE)) != NULL) {
        e->a = p;
        e->b = b;
        e->q = q;
    }
}

void maxstax_tape_compose(maxstax_tape *t, maxstax_match *m, int p, int n)
{
    tape_event *e;
    maxstax_match_compose(m, p, n);
    if ((e = event_add(t, EV_COMPOSE)) != NULL) {
        e->a = p;
        e->b = n;
    }
}

int maxstax_tape_played(maxstax_tape *t, maxstax_match *m, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS],
                        char *err, size_t errn)
{
    tape_event *e;
    size_t size = sizeof points[0] * (size_t)(n > 0 ? n : 0);
    if (maxstax_match_compose_played(m, n, points, err, errn) != 0)
        return -1;
    if ((e = event_add(t, EV_PLAYED)) != NULL) {
        e->a = n;
        if (!(e->data = malloc(size ? size : 1)))
            t->broken = 1;
        else
            memcpy(e->data, points, size);
    }
    return 0;
}

void maxstax_tape_load(maxstax_tape *t, const char *text)
{
    tape_event *e = event_add(t, EV_LOAD);
    if (e && !(e->data = strdup(text)))
        t->broken = 1;
}

long maxstax_tape_ticks(const maxstax_tape *t) { return t ? t->ticks : 0; }

/* ---------------------------------------------------------------- writing */

/* Room enough for the tape's text: every line at its longest. */
static size_t text_bound(const maxstax_tape *t)
{
    size_t n = 1024;
    for (int i = 0; i < t->n; i++)
        n += t->ev[i].kind == EV_TICK   ? 2 * (size_t)LINE_MAX_LEN
             : t->ev[i].kind == EV_LOAD ? strlen(t->ev[i].data) + 32
                                        : 256;
    return n;
}

/* A tick's words after "tick COUNT ", told against the tick before it
 * (prev, pdt): "=" where the dt or a hand's target is the same bits, else
 * the number; then each seat's "aN" for its actions and "tN" for its turn. */
static void tick_words(char *buf, size_t n, const tape_event *e, const maxstax_input *prev, double pdt,
                       int players)
{
    text_out o = {buf, n, 0, 0};
    buf[0] = 0;
    if (memcmp(&e->dt, &pdt, sizeof pdt) == 0)
        text_out_add(&o, "=");
    else
        text_out_add(&o, "%.17g", e->dt);
    for (int p = 0; p < players; p++) {
        const maxstax_input *in = &e->in[p];
        if (memcmp(&in->x, &prev[p].x, sizeof in->x) == 0 && memcmp(&in->y, &prev[p].y, sizeof in->y) == 0)
            text_out_add(&o, " =");
        else
            text_out_add(&o, " %.17g,%.17g", in->x, in->y);
        if (in->actions)
            text_out_add(&o, "a%u", in->actions);
        if (in->turn)
            text_out_add(&o, "t%d", in->turn);
    }
}

/* Writes a run of identical ticks: the first told against the tick before,
 * the rest against itself, so a run is one line (or two when the first
 * differs in its words). */
static void tick_write(text_out *o, const tape_event *e, maxstax_input *prev, double *pdt, int players)
{
    char first[LINE_MAX_LEN], rest[LINE_MAX_LEN];
    tick_words(first, sizeof first, e, prev, *pdt, players);
    memcpy(prev, e->in, sizeof e->in);
    *pdt = e->dt;
    if (e->count == 1) {
        text_out_add(o, "tick 1 %s\n", first);
        return;
    }
    tick_words(rest, sizeof rest, e, prev, *pdt, players);
    if (strcmp(first, rest) == 0)
        text_out_add(o, "tick %ld %s\n", e->count, first);
    else
        text_out_add(o, "tick 1 %s\ntick %ld %s\n", first, e->count - 1, rest);
}

char *maxstax_tape_write(const maxstax_tape *t)
{
    size_t cap = t->broken ? 0 : text_bound(t);
    text_out o = {cap ? malloc(cap) : NULL, cap, 0, 0};
    maxstax_input prev[SPEEDSTAX_MAX_PLAYERS];
    double pdt = 0;
    if (!o.buf)
        return NULL;
    memset(prev, 0, sizeof prev);
    text_out_add(&o, "%s %d\nrules %d\nplayers %d\n", HEADER, MAXSTAX_TAPE_VERSION, MAXSTAX_RULES_VERSION, t->players);
    if (t->fresh) {
        const maxstax_setup *s = &t->setup;
        int sc = s->scoring >= MAXSTAX_SPEEDSTAX && s->scoring <= MAXSTAX_SWAPSTAX ? (int)s->scoring : 1;
        text_out_add(&o, "start new\ngame %s\nstars %d %d\nsnap %d\nround-seconds %.17g\nturn-mask %u\nfirst-creator %d\nlevels",
            scoring_names[sc], s->stars_min, s->stars_max, s->snap, s->round_seconds, s->turn_mask,
            s->first_creator);
        for (int p = 0; p < t->players; p++)
            text_out_add(&o, " %d", s->levels[p]);
        text_out_add(&o, "\nseed %" PRIu64 "\n", t->seed);
    } else {
        text_out_add(&o, "start saved\n");
    }
    for (int i = 0; i < t->n; i++) {
        const tape_event *e = &t->ev[i];
        switch (e->kind) {
        case EV_TICK: tick_write(&o, e, prev, &pdt, t->players); break;
        case EV_SWAP: text_out_add(&o, "swap %d %d\n", e->a, e->b); break;
        case EV_SNAP: text_out_add(&o, "snap %d\n", e->a); break;
        case EV_PLACE: text_out_add(&o, "place %d %d %.17g %.17g %.17g\n", e->a, e->b, e->q.x, e->q.y, e->q.angle); break;
        case EV_COMPOSE: text_out_add(&o, "compose %d %d\n", e->a, e->b); break;
        case EV_PLAYED: {
            const int(*pts)[SPEEDSTAX_MAX_PLAYERS] = e->data;
            text_out_add(&o, "played %d", e->a);
            for (int r = 0; r < e->a; r++)
                for (int p = 0; p < t->players; p++)
                    text_out_add(&o, " %d", pts[r][p]);
            text_out_add(&o, "\n");
            break;
        }
        case EV_LOAD: {
            const char *s = e->data;
            int lines = 0;
            for (const char *c = s; *c; c++)
                lines += *c == '\n';
            lines += *s && s[strlen(s) - 1] != '\n';
            text_out_add(&o, "load %d\n%s%s", lines, s, *s && s[strlen(s) - 1] != '\n' ? "\n" : "");
            break;
        }
        }
    }
    text_out_add(&o, "ticks %ld\nend\n", t->ticks);
    if (o.full) {
        free(o.buf);
        return NULL;
    }
    return o.buf;
}

/* ---------------------------------------------------------------- reading */

typedef struct tape_reader {
    const char *at;
    int line;
    char buf[LINE_MAX_LEN];
    char *err;
    size_t errn;
} tape_reader;

static int rd_fail(tape_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int rd_fail(tape_reader *r, const char *fmt, ...)
{
    char why[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->errn, "tape line %d: %s", r->line, why);
    return -1;
}

/* The next line into r->buf, without its newline; -1 (said) at the end or when too long. */
static int rd_next(tape_reader *r)
{
    const char *e = strchr(r->at, '\n');
    size_t len = e ? (size_t)(e - r->at) : strlen(r->at);
    r->line++;
    if (!*r->at)
        return rd_fail(r, "the tape ends early");
    if (len >= sizeof r->buf)
        return rd_fail(r, "the line is too long");
    memcpy(r->buf, r->at, len);
    r->buf[len] = 0;
    r->at = e ? e + 1 : r->at + len;
    return 0;
}

/* A whole decimal number in [lo, hi] from s, up to the end or a space (*end). */
static int rd_long(const char *s, long lo, long hi, long *out, const char **end)
{
    char *e;
    long v;
    if (!((*s >= '0' && *s <= '9') || (*s == '-' && s[1] >= '0' && s[1] <= '9')))
        return -1;
    errno = 0;
    v = strtol(s, &e, 10);
    if (errno || v < lo || v > hi || (*e && *e != ' ' && !end))
        return -1;
    *out = v;
    if (end)
        *end = e;
    return 0;
}

/* A finite number written by %.17g, up to *end. */
static int rd_double(const char *s, double *out, const char **end)
{
    char *e;
    if (!((*s >= '0' && *s <= '9') || *s == '-'))
        return -1;
    *out = strtod(s, &e);
    if (e == s || !isfinite(*out))
        return -1;
    *end = e;
    return 0;
}

/* The line read is "key" followed by n whole numbers in [lo, hi]. */
static int rd_numbers(tape_reader *r, const char *key, int n, long lo, long hi, long *out)
{
    const char *s = r->buf;
    size_t k = strlen(key);
    if (strncmp(s, key, k) != 0)
        return rd_fail(r, "expected '%s'", key);
    s += k;
    for (int i = 0; i < n; i++) {
        if (*s != ' ' || rd_long(s + 1, lo, hi, &out[i], &s) < 0)
            return rd_fail(r, "expected '%s' and %d number%s in %ld..%ld", key, n, n == 1 ? "" : "s", lo, hi);
    }
    if (*s)
        return rd_fail(r, "text after '%s'", key);
    return 0;
}

/* A seat's word of a tick line at *s, told against prev (see tick_words). */
static int seat_read(const char **s, const maxstax_input *prev, maxstax_input *in)
{
    const char *p = *s;
    long v;
    in->actions = 0;
    in->turn = 0;
    if (*p == '=') {
        in->x = prev->x;
        in->y = prev->y;
        p++;
    } else if (rd_double(p, &in->x, &p) < 0 || *p++ != ',' || rd_double(p, &in->y, &p) < 0) {
        return -1;
    }
    while (*p == 'a' || *p == 't') {
        int actions = *p++ == 'a';
        if (rd_long(p, actions ? 0 : -1000, actions ? 15 : 1000, &v, &p) < 0)
            return -1;
        if (actions)
            in->actions = (unsigned)v;
        else
            in->turn = (int)v;
    }
    if (*p && *p != ' ')
        return -1;
    *s = p;
    return 0;
}

/* "tick COUNT DT SEAT..." into e, told against prev and *pdt (then both advance). */
static int tick_read(tape_reader *r, maxstax_tape *t, tape_event *e, maxstax_input *prev, double *pdt)
{
    const char *s = r->buf + 5;
    if (rd_long(s, 1, MAXSTAX_TAPE_MAX_TICKS - t->ticks, &e->count, &s) < 0 || *s++ != ' ')
        return rd_fail(r, "expected 'tick COUNT DT', with at most %ld ticks in all", MAXSTAX_TAPE_MAX_TICKS);
    if (*s == '=')
        e->dt = *pdt, s++;
    else if (rd_double(s, &e->dt, &s) < 0 || e->dt < 0)
        return rd_fail(r, "bad dt");
    for (int p = 0; p < t->players; p++)
        if (*s++ != ' ' || seat_read(&s, &prev[p], &e->in[p]) < 0)
            return rd_fail(r, "seat %d's input is not '=' or 'X,Y', with 'aN' and 'tN' after", p);
    if (*s)
        return rd_fail(r, "more seats than %d", t->players);
    memcpy(prev, e->in, sizeof e->in);
    *pdt = e->dt;
    t->ticks += e->count;
    return 0;
}

/* "load LINES" and the saved match's lines. */
static int load_read(tape_reader *r, tape_event *e)
{
    long lines;
    size_t len = 0;
    char *text;
    if (rd_long(r->buf + 5, 1, 100000, &lines, NULL) < 0)
        return rd_fail(r, "expected 'load LINES'");
    if (!(text = malloc(strlen(r->at) + 2))) /* the lines, and a newline the last may lack */
        return rd_fail(r, "out of memory");
    e->data = text;
    for (long i = 0; i < lines; i++) {
        if (rd_next(r) < 0)
            return -1;
        len += (size_t)sprintf(text + len, "%s\n", r->buf);
    }
    return 0;
}

/* One event line (r->buf) into e. */
static int event_read(tape_reader *r, maxstax_tape *t, tape_event *e, maxstax_input *prev, double *pdt)
{
    const char *s = r->buf;
    long v[2 + SPEEDSTAX_ROUNDS * SPEEDSTAX_MAX_PLAYERS] = {0};
    int blocks = t->players * MAXSTAX_BLOCKS_PER_PLAYER;
    if (t->n == 1 && !t->fresh && strncmp(s, "load ", 5) != 0)
        return rd_fail(r, "a tape that starts saved starts with 'load'");
    if (strncmp(s, "tick ", 5) == 0)
        return e->kind = EV_TICK, tick_read(r, t, e, prev, pdt);
    if (strncmp(s, "load ", 5) == 0)
        return e->kind = EV_LOAD, load_read(r, e);
    if (strncmp(s, "place ", 6) == 0) {
        e->kind = EV_PLACE;
        if (rd_long(s + 6, 0, t->players - 1, &v[0], &s) < 0 || *s++ != ' ' ||
            rd_long(s, 0, blocks - 1, &v[1], &s) < 0 || *s++ != ' ' || rd_double(s, &e->q.x, &s) < 0 ||
            *s++ != ' ' || rd_double(s, &e->q.y, &s) < 0 || *s++ != ' ' || rd_double(s, &e->q.angle, &s) < 0 || *s)
            return rd_fail(r, "expected 'place SEAT BLOCK X Y ANGLE'");
        e->a = (int)v[0];
        e->b = (int)v[1];
        return 0;
    }
    if (strncmp(s, "swap ", 5) == 0) {
        e->kind = EV_SWAP;
        if (rd_numbers(r, "swap", 2, -2, t->players - 1, v) < 0)
            return -1;
    } else if (strncmp(s, "snap ", 5) == 0) {
        e->kind = EV_SNAP;
        if (rd_numbers(r, "snap", 1, 0, 1, v) < 0)
            return -1;
    } else if (strncmp(s, "compose ", 8) == 0) {
        e->kind = EV_COMPOSE;
        if (rd_numbers(r, "compose", 2, 0, MAXSTAX_BLOCKS_PER_PLAYER, v) < 0 || v[0] >= t->players)
            return v[0] >= t->players ? rd_fail(r, "no seat %ld", v[0]) : -1;
    } else if (strncmp(s, "played ", 7) == 0) {
        int(*pts)[SPEEDSTAX_MAX_PLAYERS];
        e->kind = EV_PLAYED;
        if (rd_long(s + 7, 1, SPEEDSTAX_ROUNDS, &v[0], &s) < 0 ||
            rd_numbers(r, "played", 1 + (int)v[0] * t->players, 0, SPEEDSTAX_ROUNDS, v) < 0)
            return rd_fail(r, "expected 'played ROUNDS' and each round's points");
        if (!(pts = calloc((size_t)v[0], sizeof pts[0])))
            return rd_fail(r, "out of memory");
        for (int k = 0; k < v[0] * t->players; k++)
            pts[k / t->players][k % t->players] = (int)v[1 + k];
        e->data = pts;
    } else {
        return rd_fail(r, "'%.20s' is not tick, swap, snap, place, compose, played, load or ticks", s);
    }
    e->a = (int)v[0];
    e->b = (int)v[1];
    return 0;
}

/* The setup of a tape that starts new: "game", "stars", ... "seed". */
static int setup_read(tape_reader *r, maxstax_tape *t)
{
    maxstax_setup *s = &t->setup;
    long v[SPEEDSTAX_MAX_PLAYERS] = {0};
    char *end;
    int sc;
    maxstax_setup_default(s, t->players);
    if (rd_next(r) < 0)
        return -1;
    for (sc = MAXSTAX_SPEEDSTAX; sc <= MAXSTAX_SWAPSTAX; sc++)
        if (strncmp(r->buf, "game ", 5) == 0 && strcmp(r->buf + 5, scoring_names[sc]) == 0)
            break;
    if (sc > MAXSTAX_SWAPSTAX)
        return rd_fail(r, "expected 'game speedstax', 'game samestax' or 'game swapstax'");
    s->scoring = (maxstax_scoring)sc;
    if (rd_next(r) < 0 || rd_numbers(r, "stars", 2, 0, 100, v) < 0)
        return -1;
    s->stars_min = (int)v[0];
    s->stars_max = (int)v[1];
    if (rd_next(r) < 0 || rd_numbers(r, "snap", 1, 0, 1, v) < 0)
        return -1;
    s->snap = (int)v[0];
    if (rd_next(r) < 0)
        return -1;
    if (strncmp(r->buf, "round-seconds ", 14) != 0 || rd_double(r->buf + 14, &s->round_seconds, (const char **)&end) < 0 ||
        *end || s->round_seconds < 0)
        return rd_fail(r, "expected 'round-seconds S'");
    if (rd_next(r) < 0 || rd_numbers(r, "turn-mask", 1, 0, (1L << SPEEDSTAX_MAX_PLAYERS) - 1, v) < 0)
        return -1;
    s->turn_mask = (unsigned)v[0];
    if (rd_next(r) < 0 || rd_numbers(r, "first-creator", 1, -1, t->players - 1, v) < 0)
        return -1;
    s->first_creator = (int)v[0];
    if (rd_next(r) < 0 || rd_numbers(r, "levels", t->players, 0, 3, v) < 0)
        return -1;
    for (int p = 0; p < t->players; p++)
        s->levels[p] = (int)v[p];
    if (rd_next(r) < 0)
        return -1;
    errno = 0;
    if (strncmp(r->buf, "seed ", 5) != 0 || r->buf[5] < '0' || r->buf[5] > '9' ||
        (t->seed = strtoull(r->buf + 5, &end, 10), errno) || *end)
        return rd_fail(r, "expected 'seed N'");
    return 0;
}

maxstax_tape *maxstax_tape_read(const char *text, char *err, size_t errn)
{
    tape_reader *r = calloc(1, sizeof *r);
    maxstax_tape *t = NULL;
    maxstax_input prev[SPEEDSTAX_MAX_PLAYERS];
    long v[1];
    double pdt = 0;
    memset(prev, 0, sizeof prev);
    if (!r) {
        snprintf(err, errn, "tape: out of memory");
        return NULL;
    }
    *r = (tape_reader){.at = text, .err = err, .errn = errn};
    if (rd_next(r) < 0 || rd_numbers(r, HEADER, 1, 0, 1000000, v) < 0)
        goto fail;
    if (v[0] != MAXSTAX_TAPE_VERSION) {
        rd_fail(r, "tape version %ld is not supported (this build reads %d)", v[0], MAXSTAX_TAPE_VERSION);
        goto fail;
    }
    if (rd_next(r) < 0 || rd_numbers(r, "rules", 1, 0, 1000000, v) < 0)
        goto fail;
    if (v[0] != MAXSTAX_RULES_VERSION) {
        rd_fail(r, "the tape was played by MAXSTAX rules version %ld; this build plays version %d", v[0],
                MAXSTAX_RULES_VERSION);
        goto fail;
    }
    if (rd_next(r) < 0 || rd_numbers(r, "players", 1, 2, SPEEDSTAX_MAX_PLAYERS, v) < 0)
        goto fail;
    if (!(t = tape_alloc((int)v[0])) || rd_next(r) < 0)
        goto fail;
    t->fresh = strcmp(r->buf, "start new") == 0;
    if (!t->fresh && strcmp(r->buf, "start saved") != 0) {
        rd_fail(r, "expected 'start new' or 'start saved'");
        goto fail;
    }
    if (t->fresh && setup_read(r, t) < 0)
        goto fail;
    for (;;) {
        tape_event *e;
        if (rd_next(r) < 0)
            goto fail;
        if (strncmp(r->buf, "ticks ", 6) == 0)
            break;
        if (!(e = event_add(t, EV_TICK))) {
            rd_fail(r, "out of memory");
            goto fail;
        }
        if (event_read(r, t, e, prev, &pdt) < 0)
            goto fail;
    }
    if (rd_numbers(r, "ticks", 1, t->ticks, t->ticks, v) < 0)
        goto fail;
    if (rd_next(r) < 0)
        goto fail;
    if (strcmp(r->buf, "end") != 0 || *r->at) {
        rd_fail(r, "expected 'end', the tape's last line");
        goto fail;
    }
    if (!t->fresh && t->n == 0) {
        rd_fail(r, "a tape that starts saved starts with 'load'");
        goto fail;
    }
    free(r);
    return t;
fail:
    free(r);
    maxstax_tape_free(t);
    return NULL;
}

/* ---------------------------------------------------------------- playing */

maxstax_match *maxstax_tape_play(const maxstax_tape *t, const maxstax_deck *deck, char *err, size_t errn)
{
    maxstax_match *m = NULL;
    char why[200];
    if (t->broken) {
        snprintf(err, errn, "tape: it stopped recording");
        return NULL;
    }
    if (t->fresh && !(m = maxstax_match_new(&t->setup, deck, t->seed, err, errn)))
        return NULL;
    for (int i = 0; i < t->n; i++) {
        const tape_event *e = &t->ev[i];
        why[0] = 0;
        if (!m && e->kind != EV_LOAD) {
            snprintf(err, errn, "tape event %d: no match yet", i + 1);
            return NULL;
        }
        switch (e->kind) {
        case EV_TICK:
            for (long k = 0; k < e->count; k++)
                maxstax_step(m, e->in, e->dt);
            continue;
        case EV_SWAP:
            if (maxstax_match_swap(m, e->a, e->b) == 0)
                continue;
            snprintf(why, sizeof why, "seat %d may not swap with %d then", e->a, e->b);
            break;
        case EV_SNAP: maxstax_match_set_snap(m, e->a); continue;
        case EV_PLACE: maxstax_match_place(m, e->a, e->b, e->q); continue;
        case EV_COMPOSE: maxstax_match_compose(m, e->a, e->b); continue;
        case EV_PLAYED:
            if (maxstax_match_compose_played(m, e->a, e->data, why, sizeof why) == 0)
                continue;
            break;
        case EV_LOAD:
            maxstax_match_free(m);
            m = maxstax_match_load(e->data, deck, why, sizeof why);
            if (m && maxstax_match_rounds(m)->players == t->players)
                continue;
            if (m)
                snprintf(why, sizeof why, "the saved match has %d players, not %d", maxstax_match_rounds(m)->players,
                         t->players);
            break;
        }
        snprintf(err, errn, "tape event %d: %s", i + 1, why);
        maxstax_match_free(m);
        return NULL;
    }
    return m;
}
