/* A MAXSTAX match's tape read from its text (docs/records.md): every line
 * checked, the message naming its line and field. */
#include "games/maxstax/rules/maxstax_tape_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textin.h"

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
        (sc = text_in_word(in, text_in_rest(in), maxstax_tape_scoring_names + MAXSTAX_SPEEDSTAX, 3)) < 0)
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

/* The tape's events after its setup, told against prev and *pdt (both move
 * on), until a tick past upto is read: 0 then, or 1 once "ticks N" and "end"
 * are read and checked; -1 (said) on a fault. */
static int events_read(text_in *in, maxstax_tape *t, maxstax_input *prev, double *pdt, long upto)
{
    long long ticks;
    text_span f;
    int k;
    while (t->ticks <= upto) {
        tape_event *e;
        if (rd_next(in) < 0 || rd_take(in, "EVENT ...", &f) < 0)
            return -1;
        if ((k = text_in_word(in, f, event_words, 9)) < 0)
            return -1;
        if (k == 8)
            break;
        if (!(e = maxstax_tape_event_add(t, EV_TICK)))
            return text_in_fail(in, "out of memory");
        if (event_read(in, t, e, (tape_kind)k, prev, pdt) < 0) {
            free(e->data); /* the tape read so far stays whole: a reader may play it */
            t->n--;
            return -1;
        }
    }
    if (t->ticks > upto)
        return 0;
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
    return 1;
}

/* The tape's first lines, to its setup: a tape with no events yet, or NULL (said). */
static maxstax_tape *head_read(text_in *in, const char *text)
{
    maxstax_tape *t = NULL;
    long long v[1];
    text_span f;
    if (rd_line(in, MAXSTAX_TAPE_HEADER, MAXSTAX_TAPE_HEADER " VERSION", 1, 0, 1000000, v) < 0)
        goto fail;
    if (v[0] != MAXSTAX_TAPE_VERSION) {
        text_in_fail(in, "tape version %lld is not supported (this build reads %d)", v[0], MAXSTAX_TAPE_VERSION);
        goto fail;
    }
    if (rd_line(in, "rules", "rules VERSION", 1, 0, 1000000, v) < 0)
        goto fail;
    if (v[0] != MAXSTAX_RULES_VERSION) {
        text_in_fail(in, "the tape was played by MAXSTAX rules version %lld; this build plays version %d", v[0],
                     MAXSTAX_RULES_VERSION);
        goto fail;
    }
    if (rd_line(in, "players", "players N", 1, 2, SPEEDSTAX_MAX_PLAYERS, v) < 0)
        goto fail;
    if (!(t = maxstax_tape_alloc((int)v[0])) || events_reserve(t, text) != 0) {
        text_in_fail(in, "out of memory");
        goto fail;
    }
    if (rd_next(in) < 0)
        goto fail;
    f = text_in_rest(in);
    t->fresh = text_is(f, "start new");
    if (!t->fresh && !text_is(f, "start saved")) {
        text_in_fail(in, "expected 'start new' or 'start saved'");
        goto fail;
    }
    if (t->fresh && setup_read(in, t) < 0)
        goto fail;
    return t;
fail:
    maxstax_tape_free(t);
    return NULL;
}

maxstax_tape *maxstax_tape_read(const char *text, char *err, size_t errn)
{
    maxstax_input prev[SPEEDSTAX_MAX_PLAYERS];
    double pdt = 0;
    text_in in;
    maxstax_tape *t;
    text_in_init(&in, text, "tape", err, errn);
    memset(prev, 0, sizeof prev);
    if ((t = head_read(&in, text)) != NULL && events_read(&in, t, prev, &pdt, MAXSTAX_TAPE_MAX_TICKS) != 1) {
        maxstax_tape_free(t);
        return NULL;
    }
    return t;
}

/* ---------------------------------------------------------------- a part at a time */

struct maxstax_tape_reader {
    text_in in;
    char err[300]; /* in's messages; the first fault stays */
    maxstax_input prev[SPEEDSTAX_MAX_PLAYERS];
    double pdt;
    maxstax_tape *t;
    int state; /* 0 reading, 1 read whole, -1 failed (err) */
};

maxstax_tape_reader *maxstax_tape_reader_new(const char *text, char *err, size_t errn)
{
    maxstax_tape_reader *rd = calloc(1, sizeof *rd);
    if (!rd) {
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    text_in_init(&rd->in, text, "tape", rd->err, sizeof rd->err);
    if (!(rd->t = head_read(&rd->in, text))) {
        snprintf(err, errn, "%s", rd->err);
        free(rd);
        return NULL;
    }
    return rd;
}

int maxstax_tape_reader_on(maxstax_tape_reader *rd, long upto, char *err, size_t errn)
{
    if (rd->state == 0 && rd->t->ticks <= upto)
        rd->state = events_read(&rd->in, rd->t, rd->prev, &rd->pdt, upto);
    if (rd->state >= 0 || rd->t->ticks > upto)
        return rd->state > 0; /* what was read before a fault still plays */
    snprintf(err, errn, "%s", rd->err);
    return -1;
}

const maxstax_tape *maxstax_tape_reader_tape(const maxstax_tape_reader *rd) { return rd->t; }

long maxstax_tape_reader_claims(const char *text)
{
    /* The last "ticks N" line, from the end: the tape's own count, checked once it is read. */
    const char *q = text + strlen(text);
    long long n;
    while (q > text && q[-1] == '\n')
        q--;
    while (q > text && strncmp(q, "\nticks ", 7) != 0)
        q--;
    if (q == text)
        return -1;
    q += 7;
    if (text_num((text_span){q, strcspn(q, "\n")}, 0, MAXSTAX_TAPE_MAX_TICKS, &n) != 0)
        return -1;
    return (long)n;
}

void maxstax_tape_reader_free(maxstax_tape_reader *rd)
{
    if (!rd)
        return;
    maxstax_tape_free(rd->t);
    free(rd);
}
