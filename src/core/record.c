#include "core/record.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"

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

/* Copies the next line of *text into line (without the newline); -1 at the end or if too long. */
static int line_next(const char **text, char *line, size_t n)
{
    const char *p = *text, *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (!*p || len >= n)
        return -1;
    memcpy(line, p, len);
    line[len] = 0;
    *text = e ? e + 1 : p + len;
    return 0;
}

/* Parses a whole decimal number in [lo, hi]; -1 if it is anything else. */
static int number_read(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    if (!*s || *s == ' ' || *s == '+')
        return -1;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* A version-2 move line "MS MOVE": its time (from lo to hi) and where the move begins. */
static int move_time(const char *line, int64_t lo, int64_t hi, int64_t *ms, const char **move)
{
    char num[24];
    const char *sp = strchr(line, ' ');
    long long x;
    if (!sp || (size_t)(sp - line) >= sizeof num)
        return -1;
    memcpy(num, line, (size_t)(sp - line));
    num[sp - line] = 0;
    if (number_read(num, lo, hi, &x) < 0)
        return -1;
    *ms = x;
    *move = sp + 1;
    return 0;
}

static int keyed(const char *line, const char *key, const char **value)
{
    size_t n = strlen(key);
    if (strncmp(line, key, n) != 0 || line[n] != ' ')
        return 0;
    *value = line + n + 1;
    return 1;
}

int record_read(game_record *rec, const char *text, char *err, size_t errn)
{
    game_record r;
    char line[RECORD_MOVE_LEN + 64];
    const char *v, *at = text;
    long long x, n_moves, version;
    const game_rules *g;
    int ln = 0;
    memset(&r, 0, sizeof r);

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        char why_[200];                                                                            \
        snprintf(why_, sizeof why_, __VA_ARGS__);                                                  \
        snprintf(err, errn, "record line %d: %s", ln, why_);                                       \
        goto fail;                                                                                 \
    } while (0)
#define NEXT()                                                                                     \
    do {                                                                                           \
        ln++;                                                                                      \
        if (line_next(&at, line, sizeof line) < 0)                                                 \
            FAIL("missing or overlong line");                                                      \
    } while (0)

    NEXT();
    if (!keyed(line, HEADER, &v) || number_read(v, 0, 1000000, &version) < 0)
        FAIL("not a Stackhouse record (expected '%s %d')", HEADER, RECORD_VERSION);
    if (version < 1 || version > RECORD_VERSION)
        FAIL("record version %lld is not supported (this build reads 1 to %d)", version, RECORD_VERSION);
    NEXT();
    if (!keyed(line, "game", &v) || strlen(v) >= sizeof r.game || !registry_find(v) ||
        !registry_find(v)->rules)
        FAIL("expected 'game ID' naming a game with rules");
    memcpy(r.game, v, strlen(v) + 1);
    g = registry_find(v)->rules;
    /* Version 1 came before the rules had versions: it was played by version 1. */
    r.rules_version = 1;
    if (version >= 2) {
        NEXT();
        if (!keyed(line, "rules", &v) || number_read(v, 1, 1000000, &x) < 0)
            FAIL("expected 'rules N' (the rules' version)");
        r.rules_version = (int)x;
    }
    if (r.rules_version != game_rules_version(g))
        FAIL("the record was played by %s rules version %d; this build plays version %d", r.game,
             r.rules_version, game_rules_version(g));
    NEXT();
    if (!keyed(line, "players", &v) || number_read(v, 1, GAME_MAX_PLAYERS, &x) < 0)
        FAIL("expected 'players N'");
    game_params_default(g, &r.params, (int)x);
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++) {
        NEXT();
        const char *key = g->options[i].key;
        if (!keyed(line, "option", &v) || strncmp(v, key, strlen(key)) != 0 ||
            v[strlen(key)] != ' ' ||
            number_read(v + strlen(key) + 1, g->options[i].min, g->options[i].max, &x) < 0)
            FAIL("expected 'option %s N' with N in %d..%d", key, g->options[i].min,
                 g->options[i].max);
        r.params.opt[i] = (int)x;
    }
    if (params_check(g, &r.params, line, sizeof line) < 0)
        FAIL("%s", line);
    NEXT();
    {
        char *end;
        errno = 0;
        if (!keyed(line, "seed", &v) || !*v || *v == '-' || *v == ' ' || *v == '+')
            FAIL("expected 'seed N'");
        r.seed = strtoull(v, &end, 10);
        if (errno || *end)
            FAIL("expected 'seed N'");
    }
    NEXT();
    /* An optional composed starting position (checked by the replay below). */
    if (keyed(line, "start", &v)) {
        if (!*v || strlen(v) >= sizeof r.start)
            FAIL("bad 'start POSITION'");
        memcpy(r.start, v, strlen(v) + 1);
        NEXT();
    }
    if (version >= 2) {
        if (!keyed(line, "clock", &v) || number_read(v, 0, RECORD_MAX_CLOCK, &x) < 0)
            FAIL("expected 'clock MS'");
        r.clock = x;
        NEXT();
    }
    if (!keyed(line, "moves", &v) || number_read(v, 0, RECORD_MAX_MOVES, &n_moves) < 0)
        FAIL("expected 'moves N'");
    NEXT();
    if (!keyed(line, "cursor", &v) || number_read(v, 0, n_moves, &x) < 0)
        FAIL("expected 'cursor N' with N in 0..%lld", n_moves);
    r.cursor = (int)x;
    if (moves_reserve(&r, (int)n_moves) < 0)
        FAIL("out of memory");
    for (r.n_moves = 0; r.n_moves < n_moves; r.n_moves++) {
        const char *move = line;
        NEXT();
        r.times[r.n_moves] = 0;
        if (version >= 2 && move_time(line, r.n_moves ? r.times[r.n_moves - 1] : 0, r.clock,
                                      &r.times[r.n_moves], &move) < 0)
            FAIL("expected move %d of %lld as 'MS MOVE', MS from %" PRId64 " to the clock %" PRId64,
                 r.n_moves + 1, n_moves, r.n_moves ? r.times[r.n_moves - 1] : 0, r.clock);
        if (!*move || strcmp(move, "end") == 0 || strlen(move) >= RECORD_MOVE_LEN)
            FAIL("expected move %d of %lld", r.n_moves + 1, n_moves);
        memcpy(r.moves[r.n_moves], move, strlen(move) + 1);
    }
    NEXT();
    if (strcmp(line, "end") != 0)
        FAIL("expected 'end' after %lld moves", n_moves);
    if (*at)
        FAIL("text after 'end'");
    {
        void *st = malloc(g->state_size);
        int rc = st ? record_replay(&r, r.n_moves, st, line, sizeof line) : -1;
        free(st);
        if (rc < 0) {
            snprintf(err, errn, "%s", st ? line : "record: out of memory");
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
