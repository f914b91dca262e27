/* A MAXSTAX match's tape: recording, text, and playing it again. */
#include "games/maxstax/rules/maxstax_tape.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textin.h"
#include "core/textout.h"

#define HEADER MAXSTAX_TAPE_HEADER
#define LINE_MAX_LEN 4096 /* a tick of four seats is at most about 260 characters */

typedef enum tape_kind { EV_TICK, EV_SWAP, EV_SNAP, EV_PLACE, EV_COMPOSE, EV_PLAYED, EV_LOAD, EV_STACKOFF } tape_kind;

/* One thing done to the match; identical ticks in a row are one event. */
typedef struct tape_event {
    tape_kind kind;
    long count; /* EV_TICK: how many ticks in a row had these inputs and dt */
    double dt;
    maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
    int a, b;       /* swap: seat, with; snap: on; place: seat, block; compose: seat, blocks; played: rounds; stackoff: seat */
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
    long moves; /* let-gos, claims and swaps taped (maxstax_tape_moves) */
    unsigned acts[SPEEDSTAX_MAX_PLAYERS]; /* each seat's actions on the last tick taped */
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
    /* A move: a seat lets go, or calls (each press once, however long it is held). */
    for (int p = 0; p < t->players; p++) {
        t->moves += (all[p].actions & ~t->acts[p] & (MAXSTAX_IN_RELEASE | MAXSTAX_IN_CLAIM)) != 0;
        t->acts[p] = all[p].actions;
    }
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
    if (t)
        t->moves++;
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
        /* "All of it" (any n past the card's size) as the tape reads it back:
         * no card has more blocks than a player (#28: a composed match's tape
         * kept in the history did not read back). */
        e->b = n < MAXSTAX_BLOCKS_PER_PLAYER ? n : MAXSTAX_BLOCKS_PER_PLAYER;
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

int maxstax_tape_stackoff(maxstax_tape *t, maxstax_match *m, int p, char *err, size_t errn)
{
    tape_event *e;
    if (maxstax_match_compose_stackoff(m, p, err, errn) != 0)
        return -1;
    if ((e = event_add(t, EV_STACKOFF)) != NULL)
        e->a = p;
    return 0;
}

int maxstax_tape_append(maxstax_tape *t, const maxstax_tape *after)
{
    if (!t || !after || t->broken || after->broken || t->players != after->players || after->fresh)
        return -1;
    for (int i = 0; i < after->n; i++) {
        const tape_event *from = &after->ev[i];
        tape_event *e = event_add(t, from->kind);
        size_t size = from->kind == EV_LOAD     ? strlen(from->data) + 1
                      : from->kind == EV_PLAYED ? sizeof(int[SPEEDSTAX_MAX_PLAYERS]) * (size_t)from->a
                                                : 0;
        if (!e)
            return -1;
        *e = *from;
        if (size && !(e->data = malloc(size))) {
            t->broken = 1;
            return -1;
        }
        if (size)
            memcpy(e->data, from->data, size);
    }
    t->ticks += after->ticks;
    t->moves += after->moves;
    memcpy(t->acts, after->acts, sizeof t->acts);
    return 0;
}

void maxstax_tape_load(maxstax_tape *t, const char *text)
{
    tape_event *e = event_add(t, EV_LOAD);
    if (e && !(e->data = strdup(text)))
        t->broken = 1;
}

long maxstax_tape_ticks(const maxstax_tape *t) { return t ? t->ticks : 0; }
long maxstax_tape_moves(const maxstax_tape *t) { return t ? t->moves : 0; }

/* ---------------------------------------------------------------- writing */

/* Room enough for the text of events from..n-1: every line at its longest. */
static size_t text_bound(const maxstax_tape *t, int from)
{
    size_t n = 1024;
    for (int i = from; i < t->n; i++)
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

/* The header and the setup (or "start saved"). */
static void head_write(text_out *o, const maxstax_tape *t)
{
    text_out_add(o, "%s %d\nrules %d\nplayers %d\n", HEADER, MAXSTAX_TAPE_VERSION, MAXSTAX_RULES_VERSION, t->players);
    if (t->fresh) {
        const maxstax_setup *s = &t->setup;
        int sc = s->scoring >= MAXSTAX_SPEEDSTAX && s->scoring <= MAXSTAX_SWAPSTAX ? (int)s->scoring : 1;
        text_out_add(o, "start new\ngame %s\nstars %d %d\nsnap %d\nround-seconds %.17g\nturn-mask %u\nfirst-creator %d\nlevels",
            scoring_names[sc], s->stars_min, s->stars_max, s->snap, s->round_seconds, s->turn_mask,
            s->first_creator);
        for (int p = 0; p < t->players; p++)
            text_out_add(o, " %d", s->levels[p]);
        text_out_add(o, "\nseed %" PRIu64 "\n", t->seed);
    } else {
        text_out_add(o, "start saved\n");
    }
}

/* One event's lines, told against the tick before it (prev, pdt: both move on past a tick). */
static void event_write(text_out *o, const maxstax_tape *t, const tape_event *e, maxstax_input *prev, double *pdt)
{
    switch (e->kind) {
    case EV_TICK: tick_write(o, e, prev, pdt, t->players); break;
    case EV_SWAP: text_out_add(o, "swap %d %d\n", e->a, e->b); break;
    case EV_SNAP: text_out_add(o, "snap %d\n", e->a); break;
    case EV_PLACE: text_out_add(o, "place %d %d %.17g %.17g %.17g\n", e->a, e->b, e->q.x, e->q.y, e->q.angle); break;
    case EV_COMPOSE: text_out_add(o, "compose %d %d\n", e->a, e->b); break;
    case EV_STACKOFF: text_out_add(o, "stackoff %d\n", e->a); break;
    case EV_PLAYED: {
        const int(*pts)[SPEEDSTAX_MAX_PLAYERS] = e->data;
        text_out_add(o, "played %d", e->a);
        for (int r = 0; r < e->a; r++)
            for (int p = 0; p < t->players; p++)
                text_out_add(o, " %d", pts[r][p]);
        text_out_add(o, "\n");
        break;
    }
    case EV_LOAD: {
        const char *s = e->data;
        int lines = 0;
        for (const char *c = s; *c; c++)
            lines += *c == '\n';
        lines += *s && s[strlen(s) - 1] != '\n';
        text_out_add(o, "load %d\n%s%s", lines, s, *s && s[strlen(s) - 1] != '\n' ? "\n" : "");
        break;
    }
    }
}

char *maxstax_tape_write_on(const maxstax_tape *t, maxstax_tape_mark *mark)
{
    size_t cap = t->broken || mark->ev > t->n ? 0 : text_bound(t, mark->ev);
    text_out o = {cap ? malloc(cap) : NULL, cap, 0, 0};
    maxstax_input prev[SPEEDSTAX_MAX_PLAYERS];
    double pdt = 0;
    int done = t->n && t->ev[t->n - 1].kind == EV_TICK ? t->n - 1 : t->n; /* a last run of ticks may grow */
    size_t at;
    if (!o.buf)
        return NULL;
    memset(prev, 0, sizeof prev);
    /* Told against the last tick before the mark, as the whole text tells it. */
    for (int i = mark->ev - 1; i >= 0; i--)
        if (t->ev[i].kind == EV_TICK) {
            memcpy(prev, t->ev[i].in, sizeof prev);
            pdt = t->ev[i].dt;
            break;
        }
    if (mark->ev == 0 && mark->at == 0)
        head_write(&o, t);
    at = o.len; /* the header's, or nothing yet */
    for (int i = mark->ev; i < t->n; i++) {
        event_write(&o, t, &t->ev[i], prev, &pdt);
        if (i < done)
            at = o.len;
    }
    text_out_add(&o, "ticks %ld\nend\n", t->ticks);
    if (o.full) {
        free(o.buf);
        return NULL;
    }
    mark->at += at;
    mark->ev = done > mark->ev ? done : mark->ev;
    return o.buf;
}

char *maxstax_tape_write(const maxstax_tape *t)
{
    maxstax_tape_mark mark = {0, 0};
    return maxstax_tape_write_on(t, &mark);
}

/* ---------------------------------------------------------------- reading */

/* The first words of the event lines, in tape_kind's order, and the line after them. */
static const char *const event_words[] = {"tick", "swap", "snap", "place", "compose", "played", "load", "stackoff", "ticks"};

/* A field as a message quotes it: its length (at most 40) and its text. */
#define QUOTE(f) (int)((f).len < 40 ? (f).len : 40), (f).p

/* Moves to the next line; -1 (said) when the tape has no more. */
static int rd_next(text_in *in)
{
    if (text_in_line(in) == 0)
        return 0;
    in->line_no++;
    in->field_no = 0;
    return text_in_fail(in, "the tape ends early");
}

/* The line's next field (fields are split by single spaces); -1 (said) when none is left. */
static int rd_take(text_in *in, const char *usage, text_span *f)
{
    if (text_in_field(in, " ", f) == 0)
        return 0;
    in->field_no++;
    return text_in_fail(in, "'%s': too few fields", usage);
}

/* The next line, whose first field is key. */
static int rd_keyed(text_in *in, const char *key, const char *usage)
{
    text_span f;
    if (rd_next(in) < 0 || rd_take(in, usage, &f) < 0)
        return -1;
    return text_is(f, key) ? 0 : text_in_fail(in, "expected '%s', got \"%.*s\"", usage, QUOTE(f));
}

/* The next field as a number in lo..hi (textin's rule: no leading zero or '+'). */
static int rd_num(text_in *in, const char *usage, long long lo, long long hi, long long *out)
{
    text_span f;
    if (rd_take(in, usage, &f) < 0)
        return -1;
    if (text_num(f, lo, hi, out) == 0)
        return 0;
    return text_in_fail(in, "'%s': expected %lld..%lld, got \"%.*s\"", usage, lo, hi, QUOTE(f));
}

/* The next field as a finite double ("%.17g"), not below 0 where nonneg. */
static int rd_dbl(text_in *in, const char *usage, int nonneg, double *out)
{
    text_span f;
    if (rd_take(in, usage, &f) < 0)
        return -1;
    if (text_double(f, out) == 0 && (!nonneg || *out >= 0))
        return 0;
    return text_in_fail(in, "'%s': expected a finite number%s, got \"%.*s\"", usage, nonneg ? " of at least 0" : "",
                        QUOTE(f));
}

/* No field is left on the line. */
static int rd_end(text_in *in, const char *usage)
{
    text_span f;
    if (text_in_line_done(in))
        return 0;
    text_in_field(in, " ", &f);
    return text_in_fail(in, "'%s': text after it, \"%.*s\"", usage, QUOTE(f));
}

/* n numbers in lo..hi, then the line's end. */
static int rd_nums(text_in *in, const char *usage, int n, long long lo, long long hi, long long *out)
{
    for (int i = 0; i < n; i++)
        if (rd_num(in, usage, lo, hi, &out[i]) < 0)
            return -1;
    return rd_end(in, usage);
}

/* The next line: key and n numbers in lo..hi. */
static int rd_line(text_in *in, const char *key, const char *usage, int n, long long lo, long long hi, long long *out)
{
    return rd_keyed(in, key, usage) < 0 ? -1 : rd_nums(in, usage, n, lo, hi, out);
}

/* Seat p's word f of a tick line ("=" or "X,Y", then "aN" and "tN"), told against prev (see tick_words). */
static int seat_read(text_in *in, text_span f, int p, const maxstax_input *prev, maxstax_input *out)
{
    text_span rest = f, pos = text_cut(&rest, "at"), x = text_cut(&pos, ",");
    long long v;
    out->actions = 0;
    out->turn = 0;
    if (text_is(x, "=") && !pos.len) {
        out->x = prev->x;
        out->y = prev->y;
    } else if (!pos.len || text_double(x, &out->x) < 0 ||
               text_double((text_span){pos.p + 1, pos.len - 1}, &out->y) < 0) {
        goto bad;
    }
    while (rest.len) {
        int actions = rest.p[0] == 'a';
        rest.p++, rest.len--;
        if (text_num(text_cut(&rest, "at"), actions ? 0 : -1000, actions ? 15 : 1000, &v) < 0)
            goto bad;
        if (actions)
            out->actions = (unsigned)v;
        else
            out->turn = (int)v;
    }
    return 0;
bad:
    return text_in_fail(in, "seat %d: expected '=' or 'X,Y', then 'aN' (0..15) and 'tN' (-1000..1000), got \"%.*s\"", p,
                        QUOTE(f));
}

/* "tick COUNT DT SEAT..." after its first word into e, told against prev and *pdt (then both advance). */
static int tick_read(text_in *in, maxstax_tape *t, tape_event *e, maxstax_input *prev, double *pdt)
{
    static const char usage[] = "tick COUNT DT SEAT...";
    long long count;
    text_span f;
    if (rd_num(in, usage, 1, MAXSTAX_TAPE_MAX_TICKS - t->ticks, &count) < 0 || rd_take(in, usage, &f) < 0)
        return -1;
    e->count = (long)count;
    if (text_is(f, "="))
        e->dt = *pdt;
    else if (text_double(f, &e->dt) < 0 || e->dt < 0)
        return text_in_fail(in, "'%s': expected '=' or a DT of at least 0, got \"%.*s\"", usage, QUOTE(f));
    for (int p = 0; p < t->players; p++) {
        if (text_in_field(in, " ", &f) < 0) {
            in->field_no++;
            return text_in_fail(in, "seat %d's input is missing", p);
        }
        if (seat_read(in, f, p, &prev[p], &e->in[p]) < 0)
            return -1;
    }
    if (!text_in_line_done(in)) {
        text_in_field(in, " ", &f);
        return text_in_fail(in, "more seats than %d", t->players);
    }
    memcpy(prev, e->in, sizeof e->in);
    *pdt = e->dt;
    t->ticks += e->count;
    return 0;
}

/* "load LINES" after its first word, and the saved match's lines. */
static int load_read(text_in *in, tape_event *e)
{
    long long lines;
    size_t len = 0;
    char *text;
    if (rd_nums(in, "load LINES", 1, 1, 100000, &lines) < 0)
        return -1;
    if (!(text = malloc((size_t)(in->end - in->at) + 2))) /* the lines, and a newline the last may lack */
        return text_in_fail(in, "out of memory");
    e->data = text;
    for (long long i = 0; i < lines; i++) {
        if (rd_next(in) < 0)
            return -1;
        memcpy(text + len, in->line.p, in->line.len);
        len += in->line.len;
        text[len++] = '\n';
    }
    text[len] = 0;
    return 0;
}

/* One event line after its first word (of kind k) into e. */
static int event_read(text_in *in, maxstax_tape *t, tape_event *e, tape_kind k, maxstax_input *prev, double *pdt)
{
    long long v[1 + SAMESTAX_MAX_ROUNDS * SPEEDSTAX_MAX_PLAYERS] = {0}, w = 0;
    if (t->n == 1 && !t->fresh && k != EV_LOAD)
        return text_in_fail(in, "a tape that starts saved starts with 'load'");
    e->kind = k;
    switch (k) {
    case EV_TICK: return tick_read(in, t, e, prev, pdt);
    case EV_LOAD: return load_read(in, e);
    case EV_SWAP:
        if (rd_nums(in, "swap SEAT WITH", 2, -2, t->players - 1, v) < 0)
            return -1;
        w = v[1];
        break;
    case EV_SNAP:
        if (rd_nums(in, "snap ON", 1, 0, 1, v) < 0)
            return -1;
        break;
    case EV_STACKOFF:
        if (rd_nums(in, "stackoff SEAT", 1, 0, t->players - 1, v) < 0)
            return -1;
        break;
    case EV_PLACE: {
        static const char usage[] = "place SEAT BLOCK X Y ANGLE";
        if (rd_num(in, usage, 0, t->players - 1, &v[0]) < 0 ||
            rd_num(in, usage, 0, t->players * MAXSTAX_BLOCKS_PER_PLAYER - 1, &w) < 0 ||
            rd_dbl(in, usage, 0, &e->q.x) < 0 || rd_dbl(in, usage, 0, &e->q.y) < 0 ||
            rd_dbl(in, usage, 0, &e->q.angle) < 0 || rd_end(in, usage) < 0)
            return -1;
        break;
    }
    case EV_COMPOSE: {
        static const char usage[] = "compose SEAT BLOCKS";
        if (rd_num(in, usage, 0, t->players - 1, &v[0]) < 0 ||
            rd_num(in, usage, 0, MAXSTAX_BLOCKS_PER_PLAYER, &w) < 0 || rd_end(in, usage) < 0)
            return -1;
        break;
    }
    case EV_PLAYED: {
        static const char usage[] = "played ROUNDS POINTS...";
        int(*pts)[SPEEDSTAX_MAX_PLAYERS];
        if (rd_num(in, usage, 1, SAMESTAX_MAX_ROUNDS, &v[0]) < 0 ||
            rd_nums(in, usage, (int)v[0] * t->players, 0, SPEEDSTAX_ROUNDS, v + 1) < 0)
            return -1;
        if (!(pts = calloc((size_t)v[0], sizeof pts[0])))
            return text_in_fail(in, "out of memory");
        for (int i = 0; i < v[0] * t->players; i++)
            pts[i / t->players][i % t->players] = (int)v[1 + i];
        e->data = pts;
        break;
    }
    }
    e->a = (int)v[0];
    e->b = (int)w;
    return 0;
}

/* The setup of a tape that starts new: "game", "stars", ... "seed". */
static int setup_read(text_in *in, maxstax_tape *t)
{
    maxstax_setup *s = &t->setup;
    long long v[SPEEDSTAX_MAX_PLAYERS] = {0};
    text_span f;
    int sc;
    maxstax_setup_default(s, t->players);
    if (rd_keyed(in, "game", "game NAME") < 0 ||
        (sc = text_in_word(in, text_in_rest(in), scoring_names + MAXSTAX_SPEEDSTAX, 3)) < 0)
        return -1;
    s->scoring = (maxstax_scoring)(MAXSTAX_SPEEDSTAX + sc);
    if (rd_line(in, "stars", "stars MIN MAX", 2, 0, 100, v) < 0)
        return -1;
    s->stars_min = (int)v[0];
    s->stars_max = (int)v[1];
    if (rd_line(in, "snap", "snap ON", 1, 0, 1, v) < 0)
        return -1;
    s->snap = (int)v[0];
    if (rd_keyed(in, "round-seconds", "round-seconds S") < 0 ||
        rd_dbl(in, "round-seconds S", 1, &s->round_seconds) < 0 || rd_end(in, "round-seconds S") < 0)
        return -1;
    if (rd_line(in, "turn-mask", "turn-mask MASK", 1, 0, (1L << SPEEDSTAX_MAX_PLAYERS) - 1, v) < 0)
        return -1;
    s->turn_mask = (unsigned)v[0];
    if (rd_line(in, "first-creator", "first-creator SEAT", 1, -1, t->players - 1, v) < 0)
        return -1;
    s->first_creator = (int)v[0];
    if (rd_line(in, "levels", "levels LEVEL...", t->players, 0, 3, v) < 0)
        return -1;
    for (int p = 0; p < t->players; p++)
        s->levels[p] = (int)v[p];
    if (rd_keyed(in, "seed", "seed N") < 0)
        return -1;
    f = text_in_rest(in);
    if (text_u64(f, &t->seed) < 0)
        return text_in_fail(in, "'seed N': expected digits, no leading zero, got \"%.*s\"", QUOTE(f));
    return 0;
}

/* Room for as many events as text has lines (at most one event a line), so
 * a long tape is not grown and copied event by event as it is read. */
static int events_reserve(maxstax_tape *t, const char *text)
{
    size_t lines = 1;
    for (const char *p = text; (p = strchr(p, '\n')) != NULL; p++)
        lines++;
    if (lines > (size_t)MAXSTAX_TAPE_MAX_TICKS + 100000 || !(t->ev = malloc(sizeof *t->ev * lines)))
        return lines > (size_t)MAXSTAX_TAPE_MAX_TICKS + 100000 ? 0 : -1; /* too long to be a tape: the reader says so */
    t->cap = (int)lines;
    return 0;
}

/* The tape after its setup: the events, "ticks N" and "end". */
static int events_read(text_in *in, maxstax_tape *t)
{
    maxstax_input prev[SPEEDSTAX_MAX_PLAYERS];
    double pdt = 0;
    long long ticks;
    text_span f;
    int k;
    memset(prev, 0, sizeof prev);
    for (;;) {
        tape_event *e;
        if (rd_next(in) < 0 || rd_take(in, "EVENT ...", &f) < 0)
            return -1;
        if ((k = text_in_word(in, f, event_words, 9)) < 0)
            return -1;
        if (k == 8)
            break;
        if (!(e = event_add(t, EV_TICK)))
            return text_in_fail(in, "out of memory");
        if (event_read(in, t, e, (tape_kind)k, prev, &pdt) < 0)
            return -1;
    }
    if (rd_nums(in, "ticks N", 1, 0, MAXSTAX_TAPE_MAX_TICKS, &ticks) < 0)
        return -1;
    if (ticks != t->ticks)
        return text_in_fail(in, "'ticks N': the tape has %ld ticks, not %lld", t->ticks, ticks);
    if (rd_next(in) < 0)
        return -1;
    if (!text_is(text_in_rest(in), "end") || !text_in_done(in))
        return text_in_fail(in, "expected 'end', the tape's last line");
    if (!t->fresh && t->n == 0)
        return text_in_fail(in, "a tape that starts saved starts with 'load'");
    return 0;
}

maxstax_tape *maxstax_tape_read(const char *text, char *err, size_t errn)
{
    maxstax_tape *t = NULL;
    text_in in;
    long long v[1];
    text_span f;
    text_in_init(&in, text, "tape", err, errn);
    if (rd_line(&in, HEADER, HEADER " VERSION", 1, 0, 1000000, v) < 0)
        goto fail;
    if (v[0] != MAXSTAX_TAPE_VERSION) {
        text_in_fail(&in, "tape version %lld is not supported (this build reads %d)", v[0], MAXSTAX_TAPE_VERSION);
        goto fail;
    }
    if (rd_line(&in, "rules", "rules VERSION", 1, 0, 1000000, v) < 0)
        goto fail;
    if (v[0] != MAXSTAX_RULES_VERSION) {
        text_in_fail(&in, "the tape was played by MAXSTAX rules version %lld; this build plays version %d", v[0],
                     MAXSTAX_RULES_VERSION);
        goto fail;
    }
    if (rd_line(&in, "players", "players N", 1, 2, SPEEDSTAX_MAX_PLAYERS, v) < 0)
        goto fail;
    if (!(t = tape_alloc((int)v[0])) || events_reserve(t, text) != 0) {
        text_in_fail(&in, "out of memory");
        goto fail;
    }
    if (rd_next(&in) < 0)
        goto fail;
    f = text_in_rest(&in);
    t->fresh = text_is(f, "start new");
    if (!t->fresh && !text_is(f, "start saved")) {
        text_in_fail(&in, "expected 'start new' or 'start saved'");
        goto fail;
    }
    if ((t->fresh && setup_read(&in, t) < 0) || events_read(&in, t) < 0)
        goto fail;
    return t;
fail:
    maxstax_tape_free(t);
    return NULL;
}

/* ---------------------------------------------------------------- playing */

/* Does event e to *m (e a tick: one step); 0, or -1 with the reason in why. */
static int event_do(const maxstax_tape *t, const tape_event *e, const maxstax_deck *deck, maxstax_match **m, char *why,
                    size_t whyn)
{
    switch (e->kind) {
    case EV_TICK: maxstax_step(*m, e->in, e->dt); return 0;
    case EV_SWAP:
        if (maxstax_match_swap(*m, e->a, e->b) == 0)
            return 0;
        snprintf(why, whyn, "seat %d may not swap with %d then", e->a, e->b);
        return -1;
    case EV_SNAP: maxstax_match_set_snap(*m, e->a); return 0;
    case EV_PLACE: maxstax_match_place(*m, e->a, e->b, e->q); return 0;
    case EV_COMPOSE: maxstax_match_compose(*m, e->a, e->b); return 0;
    case EV_STACKOFF: return maxstax_match_compose_stackoff(*m, e->a, why, whyn) == 0 ? 0 : -1;
    case EV_PLAYED: return maxstax_match_compose_played(*m, e->a, e->data, why, whyn) == 0 ? 0 : -1;
    case EV_LOAD:
        maxstax_match_free(*m);
        *m = maxstax_match_load(e->data, deck, why, whyn);
        if (*m && maxstax_match_rounds(*m)->players == t->players)
            return 0;
        if (*m)
            snprintf(why, whyn, "the saved match has %d players, not %d", maxstax_match_rounds(*m)->players,
                     t->players);
        return -1;
    }
    return -1;
}

int maxstax_tape_play_to(const maxstax_tape *t, const maxstax_deck *deck, maxstax_match **m, maxstax_tape_at *at,
                         long upto, char *err, size_t errn)
{
    char why[200];
    if (t->broken) {
        snprintf(err, errn, "tape: it stopped recording");
        return -1;
    }
    if (!*m && at->ev == 0 && at->tick == 0 && t->fresh && !(*m = maxstax_match_new(&t->setup, deck, t->seed, err, errn)))
        return -1;
    while (at->ev < t->n) {
        const tape_event *e = &t->ev[at->ev];
        why[0] = 0;
        if (e->kind == EV_TICK && at->tick >= upto)
            return 0; /* the position before this tick's step: the match at tick upto */
        if (!*m && e->kind != EV_LOAD) {
            snprintf(err, errn, "tape event %d: no match yet", at->ev + 1);
            return -1;
        }
        if (event_do(t, e, deck, m, why, sizeof why) != 0) {
            snprintf(err, errn, "tape event %d: %s", at->ev + 1, why);
            maxstax_match_free(*m);
            *m = NULL;
            return -1;
        }
        if (e->kind == EV_TICK) {
            at->tick++;
            if (++at->k < e->count)
                continue;
        }
        at->ev++;
        at->k = 0;
    }
    return 0;
}

maxstax_match *maxstax_tape_play(const maxstax_tape *t, const maxstax_deck *deck, char *err, size_t errn)
{
    maxstax_match *m = NULL;
    maxstax_tape_at at = {0, 0, 0};
    return maxstax_tape_play_to(t, deck, &m, &at, t->ticks, err, errn) == 0 ? m : NULL;
}
