/* A MAXSTAX match's tape: recording, text, and playing it again (its
 * reading: maxstax_tape_read.c). */
#include "games/maxstax/rules/maxstax_tape_priv.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textout.h"

const char *const maxstax_tape_scoring_names[4] = {"", "speedstax", "samestax", "swapstax"};

/* ---------------------------------------------------------------- recording */

maxstax_tape *maxstax_tape_alloc(int players)
{
    maxstax_tape *t = calloc(1, sizeof *t);
    if (t)
        t->players = players < 1 ? 1 : players > SPEEDSTAX_MAX_PLAYERS ? SPEEDSTAX_MAX_PLAYERS : players;
    return t;
}

maxstax_tape *maxstax_tape_new(const maxstax_setup *setup, uint64_t seed)
{
    maxstax_tape *t = maxstax_tape_alloc(setup->players);
    if (t) {
        t->fresh = 1;
        t->setup = *setup;
        t->seed = seed;
    }
    return t;
}

maxstax_tape *maxstax_tape_new_saved(int players, const char *text)
{
    maxstax_tape *t = maxstax_tape_alloc(players);
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
tape_event *maxstax_tape_event_add(maxstax_tape *t, tape_kind k)
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
    if ((e = maxstax_tape_event_add(t, EV_TICK)) != NULL) {
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
    if ((e = maxstax_tape_event_add(t, EV_SWAP)) != NULL) {
        e->a = p;
        e->b = with;
    }
    return 0;
}

void maxstax_tape_snap(maxstax_tape *t, maxstax_match *m, int on)
{
    tape_event *e;
    maxstax_match_set_snap(m, on);
    if ((e = maxstax_tape_event_add(t, EV_SNAP)) != NULL)
        e->a = on != 0;
}

void maxstax_tape_place(maxstax_tape *t, maxstax_match *m, int p, int b, maxstax_pose q)
{
    tape_event *e;
    maxstax_match_place(m, p, b, q);
    if ((e = maxstax_tape_event_add(t, EV_PLACE)) != NULL) {
        e->a = p;
        e->b = b;
        e->q = q;
    }
}

void maxstax_tape_compose(maxstax_tape *t, maxstax_match *m, int p, int n)
{
    tape_event *e;
    maxstax_match_compose(m, p, n);
    if ((e = maxstax_tape_event_add(t, EV_COMPOSE)) != NULL) {
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
    if ((e = maxstax_tape_event_add(t, EV_PLAYED)) != NULL) {
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
    if ((e = maxstax_tape_event_add(t, EV_STACKOFF)) != NULL)
        e->a = p;
    return 0;
}

int maxstax_tape_append(maxstax_tape *t, const maxstax_tape *after)
{
    if (!t || !after || t->broken || after->broken || t->players != after->players || after->fresh)
        return -1;
    for (int i = 0; i < after->n; i++) {
        const tape_event *from = &after->ev[i];
        tape_event *e = maxstax_tape_event_add(t, from->kind);
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
    tape_event *e = maxstax_tape_event_add(t, EV_LOAD);
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
    text_out_add(o, "%s %d\nrules %d\nplayers %d\n", MAXSTAX_TAPE_HEADER, MAXSTAX_TAPE_VERSION,
                 MAXSTAX_RULES_VERSION, t->players);
    if (t->fresh) {
        const maxstax_setup *s = &t->setup;
        int sc = s->scoring >= MAXSTAX_SPEEDSTAX && s->scoring <= MAXSTAX_SWAPSTAX ? (int)s->scoring : 1;
        text_out_add(o, "start new\ngame %s\nstars %d %d\nsnap %d\nround-seconds %.17g\nturn-mask %u\nfirst-creator %d\nlevels",
            maxstax_tape_scoring_names[sc], s->stars_min, s->stars_max, s->snap, s->round_seconds, s->turn_mask,
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
