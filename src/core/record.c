#include "core/record.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "core/textin.h"

#define HEADER "stackhouse-record"
#define RECORD_MAX_CLOCK 1000000000000LL /* ms: 31 years of play */

static int params_check(const game_rules *g, const game_params *p, char *err, size_t errn)
{
    if (p->players < g->min_players || p->players > g->max_players) {
        snprintf(err, errn, "record: %s takes %d..%d players, not %d", g->id, g->min_players,
                 g->max_players, p->players);
        return -1;
    }
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++)
        if (p->opt[i] < g->options[i].min || p->opt[i] > g->options[i].max) {
            snprintf(err, errn, "record: option %s = %d is out of range %d..%d", g->options[i].key,
                     p->opt[i], g->options[i].min, g->options[i].max);
            return -1;
        }
    return 0;
}

int record_init(game_record *rec, const char *game, const game_params *p, uint64_t seed,
                char *err, size_t errn)
{
    const game_info *gi = registry_find(game);
    if (!gi || !gi->rules) {
        snprintf(err, errn, "record: unknown game '%s'", game);
        return -1;
    }
    if (params_check(gi->rules, p, err, errn) < 0)
        return -1;
    memset(rec, 0, sizeof *rec);
    snprintf(rec->game, sizeof rec->game, "%s", game);
    rec->rules_version = game_rules_version(gi->rules);
    rec->params = *p;
    rec->seed = seed;
    return 0;
}

int record_set_start(game_record *rec, const char *position, char *err, size_t errn)
{
    const game_rules *g = record_rules(rec);
    void *st;
    int rc;
    if (!g || !g->position_read || rec->n_moves > 0) {
        snprintf(err, errn, "record: cannot start %s from a position", rec->game);
        return -1;
    }
    if (strlen(position) >= sizeof rec->start || strchr(position, '\n')) {
        snprintf(err, errn, "record: starting position too long");
        return -1;
    }
    st = malloc(g->state_size);
    if (!st) {
        snprintf(err, errn, "record: out of memory");
        return -1;
    }
    rc = g->init(st, &rec->params, rec->seed, err, errn);
    if (rc == 0)
        rc = g->position_read(st, &rec->params, position, err, errn);
    free(st);
    if (rc < 0)
        return -1;
    snprintf(rec->start, sizeof rec->start, "%s", position);
    return 0;
}

void record_free(game_record *rec)
{
    free(rec->moves);
    free(rec->times);
    rec->moves = NULL;
    rec->times = NULL;
    rec->n_moves = rec->cursor = rec->cap = 0;
}

const game_rules *record_rules(const game_record *rec)
{
    const game_info *gi = registry_find(rec->game);
    return gi ? gi->rules : NULL;
}

int record_replay(const game_record *rec, int upto, void *st, char *err, size_t errn)
{
    const game_rules *g = record_rules(rec);
    if (!g) {
        snprintf(err, errn, "record: unknown game '%s'", rec->game);
        return -1;
    }
    if (upto < 0 || upto > rec->n_moves) {
        snprintf(err, errn, "record: no position after move %d", upto);
        return -1;
    }
    if (g->init(st, &rec->params, rec->seed, err, errn) < 0)
        return -1;
    if (rec->start[0] && (!g->position_read ||
                          g->position_read(st, &rec->params, rec->start, err, errn) < 0))
        return -1;
    for (int k = 0; k < upto; k++) {
        game_move m;
        char why[200];
        if (g->move_read(st, rec->moves[k], &m, why, sizeof why) < 0 || g->apply(st, &m) < 0) {
            snprintf(err, errn, "record: move %d '%s': %s", k + 1, rec->moves[k], why);
            return -1;
        }
    }
    return 0;
}

static int moves_reserve(game_record *rec, int n)
{
    if (n <= rec->cap)
        return 0;
    int cap = rec->cap ? rec->cap * 2 : 64;
    while (cap < n)
        cap *= 2;
    void *p = realloc(rec->moves, sizeof rec->moves[0] * (size_t)cap);
    if (!p)
        return -1;
    rec->moves = p;
    if (!(p = realloc(rec->times, sizeof rec->times[0] * (size_t)cap)))
        return -1;
    rec->times = p;
    rec->cap = cap;
    return 0;
}

void record_set_clock(game_record *rec, int64_t ms)
{
    if (ms > rec->clock)
        rec->clock = ms;
}

int record_play(game_record *rec, void *st, const game_move *m, char *err, size_t errn)
{
    const game_rules *g = record_rules(rec);
    char text[RECORD_MOVE_LEN];
    if (!g || g->move_write(st, m, text, sizeof text) < 0) {
        snprintf(err, errn, "record: move cannot be written");
        return -1;
    }
    if (rec->cursor >= RECORD_MAX_MOVES || moves_reserve(rec, rec->cursor + 1) < 0) {
        snprintf(err, errn, "record: too many moves");
        return -1;
    }
    if (g->apply(st, m) < 0) {
        snprintf(err, errn, "record: move '%s' is illegal", text);
        return -1;
    }
    rec->times[rec->cursor] = rec->clock;
    memcpy(rec->moves[rec->cursor++], text, sizeof text);
    rec->n_moves = rec->cursor;
    return 0;
}

int record_undo(game_record *rec, void *st, char *err, size_t errn)
{
    if (rec->cursor == 0) {
        snprintf(err, errn, "record: nothing to undo");
        return -1;
    }
    if (record_replay(rec, rec->cursor - 1, st, err, errn) < 0)
        return -1;
    rec->cursor--;
    return 0;
}

int record_redo(game_record *rec, void *st, char *err, size_t errn)
{
    if (rec->cursor >= rec->n_moves) {
        snprintf(err, errn, "record: nothing to redo");
        return -1;
    }
    if (record_replay(rec, rec->cursor + 1, st, err, errn) < 0)
        return -1;
    rec->cursor++;
    return 0;
}

char *record_write(const game_record *rec)
{
    const game_rules *g = record_rules(rec);
    size_t n = 512 + RECORD_START_LEN + (size_t)rec->n_moves * (RECORD_MOVE_LEN + 22), len = 0;
    char *buf = malloc(n);
    if (!buf || !g) {
        free(buf);
        return NULL;
    }
    len += (size_t)snprintf(buf + len, n - len, "%s %d\ngame %s\nrules %d\nplayers %d\n", HEADER,
                            RECORD_VERSION, rec->game, rec->rules_version, rec->params.players);
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++)
        len += (size_t)snprintf(buf + len, n - len, "option %s %d\n", g->options[i].key,
                                rec->params.opt[i]);
    len += (size_t)snprintf(buf + len, n - len, "seed %" PRIu64 "\n", rec->seed);
    if (rec->start[0])
        len += (size_t)snprintf(buf + len, n - len, "start %s\n", rec->start);
    len += (size_t)snprintf(buf + len, n - len, "clock %" PRId64 "\nmoves %d\ncursor %d\n", rec->clock,
                            rec->n_moves, rec->cursor);
    for (int k = 0; k < rec->n_moves; k++)
        len += (size_t)snprintf(buf + len, n - len, "%" PRId64 " %s\n", rec->times[k], rec->moves[k]);
    snprintf(buf + len, n - len, "end\n");
    return buf;
}

/* Takes the line's first word, which must be key; 0 if it is something else. */
static int key_is(text_in *in, const char *key)
{
    text_span k;
    return text_in_field(in, " ", &k) == 0 && text_is(k, key);
}

/* Copies f into out (n bytes) with its NUL; -1 if it is empty or does not fit. */
static int span_copy(text_span f, char *out, size_t n)
{
    if (!f.len || f.len >= n)
        return -1;
    memcpy(out, f.p, f.len);
    out[f.len] = 0;
    return 0;
}

int record_read(game_record *rec, const char *text, char *err, size_t errn)
{
    game_record r;
    text_in in, mark;
    text_span v;
    long long x, n_moves, version;
    const game_rules *g;
    const game_info *gi;
    memset(&r, 0, sizeof r);
    text_in_init(&in, text, "record", err, errn);

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        text_in_fail(&in, __VA_ARGS__);                                                            \
        goto fail;                                                                                 \
    } while (0)
#define NEXT()                                                                                     \
    do {                                                                                           \
        if (text_in_line(&in) < 0) {                                                               \
            in.line_no++;                                                                          \
            FAIL("missing line");                                                                  \
        }                                                                                          \
    } while (0)

    NEXT();
    if (!key_is(&in, HEADER) || text_num(text_in_rest(&in), 0, 1000000, &version) < 0)
        FAIL("not a Stackhouse record (expected '%s %d')", HEADER, RECORD_VERSION);
    if (version < 1 || version > RECORD_VERSION)
        FAIL("record version %lld is not supported (this build reads 1 to %d)", version, RECORD_VERSION);
    NEXT();
    if (!key_is(&in, "game") || span_copy(text_in_rest(&in), r.game, sizeof r.game) < 0 ||
        !(gi = registry_find(r.game)) || !gi->rules)
        FAIL("expected 'game ID' naming a game with rules");
    g = gi->rules;
    /* Version 1 came before the rules had versions: it was played by version 1. */
    r.rules_version = 1;
    if (version >= 2) {
        NEXT();
        if (!key_is(&in, "rules") || text_num(text_in_rest(&in), 1, 1000000, &x) < 0)
            FAIL("expected 'rules N' (the rules' version)");
        r.rules_version = (int)x;
    }
    if (r.rules_version != game_rules_version(g))
        FAIL("the record was played by %s rules version %d; this build plays version %d", r.game,
             r.rules_version, game_rules_version(g));
    NEXT();
    if (!key_is(&in, "players"))
        FAIL("expected 'players N'");
    if (text_in_num(&in, text_in_rest(&in), 1, GAME_MAX_PLAYERS, &x) < 0)
        goto fail;
    game_params_default(g, &r.params, (int)x);
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++) {
        const game_option *o = &g->options[i];
        NEXT();
        if (!key_is(&in, "option") || !key_is(&in, o->key) ||
            text_num(text_in_rest(&in), o->min, o->max, &x) < 0)
            FAIL("expected 'option %s N' with N in %d..%d", o->key, o->min, o->max);
        r.params.opt[i] = (int)x;
    }
    {
        char why[200];
        if (params_check(g, &r.params, why, sizeof why) < 0)
            FAIL("%s", why);
    }
    NEXT();
    if (!key_is(&in, "seed") || text_u64(text_in_rest(&in), &r.seed) < 0)
        FAIL("expected 'seed N' (digits, no leading zero)");
    NEXT();
    /* An optional composed starting position (checked by the replay below). */
    mark = in;
    if (key_is(&in, "start")) {
        if (span_copy(text_in_rest(&in), r.start, sizeof r.start) < 0)
            FAIL("bad 'start POSITION'");
        NEXT();
    } else {
        in = mark;
    }
    if (version >= 2) {
        if (!key_is(&in, "clock") || text_num(text_in_rest(&in), 0, RECORD_MAX_CLOCK, &x) < 0)
            FAIL("expected 'clock MS'");
        r.clock = x;
        NEXT();
    }
    if (!key_is(&in, "moves"))
        FAIL("expected 'moves N'");
    if (text_in_num(&in, text_in_rest(&in), 0, RECORD_MAX_MOVES, &n_moves) < 0)
        goto fail;
    NEXT();
    if (!key_is(&in, "cursor"))
        FAIL("expected 'cursor N'");
    if (text_in_num(&in, text_in_rest(&in), 0, n_moves, &x) < 0)
        goto fail;
    r.cursor = (int)x;
    if (moves_reserve(&r, (int)n_moves) < 0)
        FAIL("out of memory");
    for (r.n_moves = 0; r.n_moves < n_moves; r.n_moves++) {
        int64_t lo = r.n_moves ? r.times[r.n_moves - 1] : 0;
        NEXT();
        r.times[r.n_moves] = 0;
        /* Version 2: "MS MOVE", the times in order and none past the clock. */
        if (version >= 2) {
            if (text_in_field(&in, " ", &v) < 0 || text_num(v, lo, r.clock, &x) < 0)
                FAIL("expected move %d of %lld as 'MS MOVE', MS from %" PRId64 " to the clock %" PRId64,
                     r.n_moves + 1, n_moves, lo, r.clock);
            r.times[r.n_moves] = x;
        }
        v = text_in_rest(&in);
        if (text_is(v, "end") || span_copy(v, r.moves[r.n_moves], RECORD_MOVE_LEN) < 0)
            FAIL("expected move %d of %lld", r.n_moves + 1, n_moves);
    }
    NEXT();
    if (!text_is(text_in_rest(&in), "end"))
        FAIL("expected 'end' after %lld moves", n_moves);
    if (!text_in_done(&in))
        FAIL("text after 'end'");
    {
        void *st = malloc(g->state_size);
        int rc = st ? record_replay(&r, r.n_moves, st, err, errn) : -1;
        free(st);
        if (rc < 0) {
            if (!st)
                snprintf(err, errn, "record: out of memory");
            goto fail;
        }
    }
#undef NEXT
#undef FAIL
    record_free(rec);
    *rec = r;
    return 0;
fail:
    free(r.moves);
    free(r.times);
    return -1;
}
