/* The match file (docs/match-file.md): tagged header lines in a fixed
 * order, then "record" and the game's own record. The writer writes one
 * canonical form and the reader accepts only it, so write(read(x)) == x;
 * every line is checked, the body by playing it (core/matchplay.h), and the
 * header's end against what the moves give. */
#include "core/matchfile.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ai.h"
#include "core/matchplay.h"
#include "core/registry.h"
#include "core/textin.h"
#include "core/textout.h"
#include "core/utf8.h"

#define MAX_SECONDS 253402300799LL /* 9999-12-31T23:59:59Z */
#define MAX_PLAYED_S 100000000000LL /* seconds of play: far past any match */
#define MAX_COUNT 2147483647LL
#define MAX_SCORE 1000000LL

static const char *const status_words[] = {"playing", "finished", "abandoned"};
static const char *const level_words[] = {"easy", "medium", "hard"};

/* ---------------------------------------------------------------- dates */

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian; Hinnant's days_from_civil). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* y-m-d of a day from 1970-01-01 (Hinnant's civil_from_days), days >= 0. */
static void civil_from_days(int64_t z, int *y, int *m, int *d)
{
    z += 719468;
    int64_t era = z / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yoe + era * 400 + (*m <= 2));
}

static void date_write(text_out *o, const char *key, int64_t t)
{
    int y, mo, d;
    if (t < 0 || t > MAX_SECONDS)
        t = 0;
    civil_from_days(t / 86400, &y, &mo, &d);
    text_out_add(o, "%s %04d-%02d-%02dT%02d:%02d:%02dZ\n", key, y, mo, d, (int)(t % 86400 / 3600),
                 (int)(t % 3600 / 60), (int)(t % 60));
}

/* n digits at p as a number; -1 unless all are digits. */
static long digits(const char *p, int n)
{
    long v = 0;
    for (int i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9')
            return -1;
        v = v * 10 + (p[i] - '0');
    }
    return v;
}

/* "YYYY-MM-DDTHH:MM:SSZ" (UTC, every field at its width) as unix seconds; 0, or -1. */
static int date_read(text_span f, int64_t *out)
{
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const char *p = f.p;
    long y, mo, d, h, mi, s;
    if (f.len != 20 || p[4] != '-' || p[7] != '-' || p[10] != 'T' || p[13] != ':' || p[16] != ':' || p[19] != 'Z')
        return -1;
    y = digits(p, 4), mo = digits(p + 5, 2), d = digits(p + 8, 2);
    h = digits(p + 11, 2), mi = digits(p + 14, 2), s = digits(p + 17, 2);
    if (y < 1970 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59)
        return -1;
    if (d > mdays[mo - 1] + (mo == 2 && y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)))
        return -1;
    *out = days_from_civil(y, (int)mo, (int)d) * 86400 + h * 3600 + mi * 60 + s;
    return 0;
}

/* ---------------------------------------------------------------- writing */

/* s in double quotes: '"' and '\' escaped; a control character (which no
 * name holds) becomes '?', so the line stays one line. */
static void quoted_write(text_out *o, const char *s)
{
    text_out_add(o, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            text_out_add(o, "\\%c", c);
        else
            text_out_add(o, "%c", c < 0x20 || c == 0x7f ? '?' : c);
    }
    text_out_add(o, "\"");
}

static void header_write(text_out *o, const match_info *mi, const game_info *gi)
{
    int n_opts = 0, players = mi->params.players;
    const game_option *opts = gi ? registry_options(gi, &n_opts) : NULL;
    text_out_add(o, "%s %d\nmode %s\nseats %d\n", MATCH_FILE_MAGIC, MATCH_FILE_VERSION, mi->mode, players);
    for (int s = 0; s < players && s < GAME_MAX_PLAYERS; s++) {
        const match_seat *st = &mi->seat[s];
        if (st->level >= 1 && st->level <= 3)
            text_out_add(o, "seat %d computer %s ", s + 1, level_words[st->level - 1]);
        else
            text_out_add(o, "seat %d person ", s + 1);
        quoted_write(o, st->name);
        text_out_add(o, "\n");
    }
    for (int i = 0; i < n_opts && i < GAME_MAX_OPTIONS; i++) {
        const game_option *op = &opts[i];
        int v = mi->params.opt[i];
        text_out_add(o, "option %s %d", op->key, v);
        if (op->choices && v >= op->min && v <= op->max) {
            text_out_add(o, " ");
            quoted_write(o, op->choices[v - op->min]);
        }
        text_out_add(o, "\n");
    }
    text_out_add(o, "seed 0x%016" PRIx64 "\n", mi->seed);
    date_write(o, "started", mi->started);
    if (mi->status != MATCH_PLAYING)
        date_write(o, "ended", mi->ended);
    text_out_add(o, "status %s\n", status_words[mi->status <= MATCH_ABANDONED ? mi->status : 0]);
    if (mi->result[0]) {
        text_out_add(o, "result ");
        quoted_write(o, mi->result);
        text_out_add(o, "\n");
    }
    if (mi->reason[0]) {
        text_out_add(o, "reason ");
        quoted_write(o, mi->reason);
        text_out_add(o, "\n");
    }
    if (mi->status == MATCH_FINISHED) {
        text_out_add(o, "places");
        for (int s = 0; s < players && s < GAME_MAX_PLAYERS; s++)
            text_out_add(o, " %d", mi->seat[s].place + 1);
        text_out_add(o, "\nscores");
        for (int s = 0; s < players && s < GAME_MAX_PLAYERS; s++)
            text_out_add(o, " %d", mi->seat[s].score);
        text_out_add(o, "\n");
    }
    text_out_add(o, "played %" PRId64 ".%03ds\n", mi->played_ms / 1000, (int)(mi->played_ms % 1000));
    text_out_add(o, "%s %d\nhints %d\nrecord\n", gi && gi->kind == GAME_KIND_REALTIME ? "ticks" : "moves", mi->moves,
                 mi->hints);
}

char *match_file_write(const match_info *mi, const char *body)
{
    char head[4096];
    text_out o = {head, sizeof head, 0, 0};
    size_t hl, bl = strlen(body);
    char *out;
    header_write(&o, mi, registry_find(mi->mode));
    if (o.full || !(out = malloc((hl = strlen(head)) + bl + 2)))
        return NULL;
    memcpy(out, head, hl);
    memcpy(out + hl, body, bl + 1);
    /* the body ends in a newline, as the file's every line does */
    if (bl && body[bl - 1] != '\n')
        memcpy(out + hl + bl, "\n", 2);
    return out;
}

/* ---------------------------------------------------------------- reading */

/* A reader's state: the cursor, the match being read and its mode. */
typedef struct reader {
    text_in in;
    match_info mi;
    const game_info *gi;
} reader;

/* "match file line N: what" (the line alone, not the field); returns -1. */
#define fail(r, ...) ((r)->in.field_no = 0, (r)->in.label_field = 0, text_in_fail(&(r)->in, __VA_ARGS__))

/* Moves to the next line and takes its first word; -1 (said) at the end. */
static int next_key(reader *r, text_span *k)
{
    if (text_in_line(&r->in) < 0) {
        r->in.line_no++;
        return fail(r, "the file ends before its record");
    }
    text_in_field(&r->in, " ", k);
    return 0;
}

/* The next line, which must start with key: its rest in *v; -1 (said) if not. */
static int keyed(reader *r, const char *key, const char *usage, text_span *v)
{
    text_span k;
    if (next_key(r, &k) < 0)
        return -1;
    if (!text_is(k, key))
        return fail(r, "expected '%s', got \"%.*s\"", usage, (int)(k.len < 40 ? k.len : 40), k.p);
    *v = text_in_rest(&r->in);
    return 0;
}

/* Whether the next line starts with key (the cursor does not move). */
static int next_is(const reader *r, const char *key)
{
    reader peek = *r;
    text_span k;
    return text_in_line(&peek.in) == 0 && text_in_field(&peek.in, " ", &k) == 0 && text_is(k, key);
}

/* A quoted string (the rest of the line) into out (n bytes): escapes \" and \\
 * only, no control character, valid UTF-8, not empty. 0, or -1 (said). */
static int quoted_read(reader *r, text_span f, const char *what, char *out, size_t n)
{
    size_t len = 0;
    if (f.len < 2 || f.p[0] != '"' || f.p[f.len - 1] != '"')
        return fail(r, "expected the %s in double quotes", what);
    for (size_t i = 1; i + 1 < f.len; i++) {
        unsigned char c = (unsigned char)f.p[i];
        if (c == '\\') {
            if (i + 2 >= f.len || (f.p[i + 1] != '"' && f.p[i + 1] != '\\'))
                return fail(r, "the %s: '\\' escapes only '\"' and '\\'", what);
            c = (unsigned char)f.p[++i];
        } else if (c == '"') {
            return fail(r, "the %s: a '\"' inside is written '\\\"'", what);
        } else if (c < 0x20 || c == 0x7f) {
            return fail(r, "the %s holds a control character", what);
        }
        if (len + 1 >= n)
            return fail(r, "the %s is longer than %zu bytes", what, n - 1);
        out[len++] = (char)c;
    }
    out[len] = 0;
    if (!len)
        return fail(r, "the %s is empty (leave the line out)", what);
    if (!utf8_valid(out))
        return fail(r, "the %s is not valid UTF-8", what);
    return 0;
}

/* One decimal field of the line (the house rule for numbers) in lo..hi; 0, or -1 (said). */
static int num_read(reader *r, text_span f, const char *what, long long lo, long long hi, long long *out)
{
    if (text_num(f, lo, hi, out) < 0)
        return fail(r, "%s: expected %lld..%lld, got \"%.*s\"", what, lo, hi, (int)(f.len < 40 ? f.len : 40), f.p);
    return 0;
}

/* "mode ID" and "seats N". */
static int mode_read(reader *r)
{
    text_span v;
    long long n;
    if (keyed(r, "mode", "mode ID", &v) < 0)
        return -1;
    if (v.len >= MATCH_MODE_LEN || v.len == 0)
        return fail(r, "unknown mode \"%.*s\"", (int)(v.len < 40 ? v.len : 40), v.p);
    memcpy(r->mi.mode, v.p, v.len);
    r->gi = registry_find(r->mi.mode);
    if (!r->gi || (!r->gi->rules && !r->gi->realtime))
        return fail(r, "unknown mode \"%s\"", r->mi.mode);
    if (keyed(r, "seats", "seats N", &v) < 0)
        return -1;
    if (text_num(v, 1, GAME_MAX_PLAYERS, &n) < 0 || n < r->gi->min_players || n > r->gi->max_players)
        return fail(r, "%s takes %d to %d seats, not \"%.*s\"", r->gi->id, r->gi->min_players, r->gi->max_players,
                    (int)(v.len < 40 ? v.len : 40), v.p);
    registry_params_default(r->gi, &r->mi.params, (int)n);
    return 0;
}

/* The next word of v (up to a blank), and v after that blank. */
static text_span take(text_span *v)
{
    text_span f = text_cut(v, " ");
    if (v->len) {
        v->p++;
        v->len--;
    }
    return f;
}

/* "seat K person NAME" or "seat K computer LEVEL NAME" for each seat. */
static int seats_read(reader *r)
{
    for (int s = 0; s < r->mi.params.players; s++) {
        match_seat *st = &r->mi.seat[s];
        text_span v, f;
        long long k;
        if (keyed(r, "seat", "seat K person|computer [LEVEL] \"NAME\"", &v) < 0)
            return -1;
        if (num_read(r, take(&v), "the seat's number", s + 1, s + 1, &k) < 0)
            return -1;
        f = take(&v);
        if (text_is(f, "computer")) {
            f = take(&v);
            if ((st->level = text_word(f, level_words, 3) + 1) == 0)
                return fail(r, "a computer's level is easy, medium or hard, not \"%.*s\"",
                            (int)(f.len < 40 ? f.len : 40), f.p);
        } else if (!text_is(f, "person")) {
            return fail(r, "a seat is a person or a computer, not \"%.*s\"", (int)(f.len < 40 ? f.len : 40), f.p);
        }
        if (quoted_read(r, v, "seat's name", st->name, sizeof st->name) < 0)
            return -1;
        st->place = -1;
    }
    return 0;
}

/* "option KEY VALUE [LABEL]" for each option of the mode, in its order. */
static int options_read(reader *r)
{
    int n_opts = 0;
    const game_option *opts = registry_options(r->gi, &n_opts);
    for (int i = 0; i < n_opts && i < GAME_MAX_OPTIONS; i++) {
        const game_option *op = &opts[i];
        int hi = op->type == GAME_OPT_SEAT && op->max > r->mi.params.players ? r->mi.params.players : op->max;
        text_span v, f;
        long long x;
        char label[64];
        if (keyed(r, "option", "option KEY VALUE", &v) < 0)
            return -1;
        f = take(&v);
        if (!text_is(f, op->key))
            return fail(r, "expected the option %s (each of %s's options, in order), got \"%.*s\"", op->key,
                        r->gi->id, (int)(f.len < 40 ? f.len : 40), f.p);
        if (num_read(r, take(&v), op->key, op->min, hi, &x) < 0)
            return -1;
        r->mi.params.opt[i] = (int)x;
        if (op->choices) {
            if (v.len == 0)
                return fail(r, "expected the value's words after %lld: \"%s\"", x, op->choices[x - op->min]);
            if (quoted_read(r, v, "option's words", label, sizeof label) < 0)
                return -1;
            if (strcmp(label, op->choices[x - op->min]))
                return fail(r, "option %s %lld is \"%s\", not \"%s\"", op->key, x, op->choices[x - op->min], label);
        } else if (v.len) {
            return fail(r, "text after option %s's value", op->key);
        }
    }
    return 0;
}

/* seed, started, ended, status, result and reason. */
static int when_read(reader *r, int *status_line)
{
    text_span v;
    long long st;
    int ended = 0;
    if (keyed(r, "seed", "seed 0xHEX", &v) < 0)
        return -1;
    if (v.len != 18 || v.p[0] != '0' || v.p[1] != 'x' ||
        text_hex64((text_span){v.p + 2, v.len - 2}, 16, 16, &r->mi.seed) < 0)
        return fail(r, "expected 'seed 0x' and 16 lower-case hex digits");
    if (keyed(r, "started", "started YYYY-MM-DDTHH:MM:SSZ", &v) < 0)
        return -1;
    if (date_read(v, &r->mi.started) < 0)
        return fail(r, "expected a UTC time as YYYY-MM-DDTHH:MM:SSZ from 1970 on, got \"%.*s\"",
                    (int)(v.len < 40 ? v.len : 40), v.p);
    if (next_is(r, "ended")) {
        if (keyed(r, "ended", "ended YYYY-MM-DDTHH:MM:SSZ", &v) < 0)
            return -1;
        if (date_read(v, &r->mi.ended) < 0)
            return fail(r, "expected a UTC time as YYYY-MM-DDTHH:MM:SSZ from 1970 on, got \"%.*s\"",
                        (int)(v.len < 40 ? v.len : 40), v.p);
        if (r->mi.ended < r->mi.started)
            return fail(r, "the match ended before it started");
        ended = 1;
    }
    if (keyed(r, "status", "status playing|finished|abandoned", &v) < 0)
        return -1;
    *status_line = r->in.line_no;
    if ((st = text_word(v, status_words, 3)) < 0)
        return fail(r, "a status is playing, finished or abandoned, not \"%.*s\"", (int)(v.len < 40 ? v.len : 40),
                    v.p);
    r->mi.status = (match_status)st;
    if ((r->mi.status == MATCH_PLAYING) == ended)
        return fail(r, ended ? "a match still playing has no 'ended' line"
                             : "a finished or abandoned match has an 'ended' line before its status");
    if (next_is(r, "result") &&
        (keyed(r, "result", "result \"TEXT\"", &v) < 0 || quoted_read(r, v, "result", r->mi.result, sizeof r->mi.result) < 0))
        return -1;
    if (next_is(r, "reason") &&
        (keyed(r, "reason", "reason \"TEXT\"", &v) < 0 || quoted_read(r, v, "reason", r->mi.reason, sizeof r->mi.reason) < 0))
        return -1;
    return 0;
}

/* "KEY N..." with a number for each seat in lo..hi into out (-1 said). */
static int per_seat_read(reader *r, const char *key, long long lo, long long hi, long long *out)
{
    text_span v;
    char usage[40];
    snprintf(usage, sizeof usage, "%s N (one a seat)", key);
    if (keyed(r, key, usage, &v) < 0)
        return -1;
    for (int s = 0; s < r->mi.params.players; s++) {
        char what[40];
        int last = v.len && !memchr(v.p, ' ', v.len);
        snprintf(what, sizeof what, "%s of seat %d", key, s + 1);
        if (num_read(r, take(&v), what, lo, hi, &out[s]) < 0)
            return -1;
        if (s + 1 < r->mi.params.players && last)
            return fail(r, "expected one %s a seat, %d of them", key, r->mi.params.players);
    }
    if (v.len)
        return fail(r, "more %s than the %d seats", key, r->mi.params.players);
    return 0;
}

/* places and scores (a finished match's only), played, moves or ticks, hints, record. */
static int tail_read(reader *r, int lines[3])
{
    text_span v, f;
    long long x[GAME_MAX_PLAYERS], y;
    const char *count = r->gi->kind == GAME_KIND_REALTIME ? "ticks" : "moves";
    if (r->mi.status == MATCH_FINISHED) {
        if (per_seat_read(r, "places", 1, r->mi.params.players, x) < 0)
            return -1;
        lines[0] = r->in.line_no;
        for (int s = 0; s < r->mi.params.players; s++)
            r->mi.seat[s].place = (int)x[s] - 1;
        if (per_seat_read(r, "scores", -MAX_SCORE, MAX_SCORE, x) < 0)
            return -1;
        lines[1] = r->in.line_no;
        for (int s = 0; s < r->mi.params.players; s++)
            r->mi.seat[s].score = (int)x[s];
    } else if (next_is(r, "places") || next_is(r, "scores")) {
        text_in_line(&r->in);
        return fail(r, "places and scores are a finished match's only");
    }
    if (keyed(r, "played", "played SECONDS.MMMs", &v) < 0)
        return -1;
    f = text_cut(&v, ".");
    if (text_num(f, 0, MAX_PLAYED_S, &y) < 0 || v.len != 5 || v.p[4] != 's' || digits(v.p + 1, 3) < 0)
        return fail(r, "expected the time played as SECONDS.MMMs (\"754.321s\")");
    r->mi.played_ms = y * 1000 + digits(v.p + 1, 3);
    if (keyed(r, count, r->gi->kind == GAME_KIND_REALTIME ? "ticks N" : "moves N", &v) < 0 ||
        num_read(r, v, count, 0, MAX_COUNT, &y) < 0)
        return -1;
    lines[2] = r->in.line_no;
    r->mi.moves = (int)y;
    if (keyed(r, "hints", "hints N", &v) < 0 || num_read(r, v, "hints", 0, MAX_COUNT, &y) < 0)
        return -1;
    r->mi.hints = (int)y;
    if (keyed(r, "record", "record", &v) < 0)
        return -1;
    if (v.len)
        return fail(r, "the line 'record' is alone; the record starts on the next line");
    return 0;
}

/* Places as a message writes them ("2 1"). */
static void places_words(const int *place, int n, char *buf, size_t len)
{
    text_out o = {buf, len, 0, 0};
    buf[0] = 0;
    for (int s = 0; s < n; s++)
        text_out_add(&o, s ? " %d" : "%d", place[s] + 1);
}

/* The header's end against the end the record plays to; 0, or -1 said. */
static int end_agrees(reader *r, const match_end *e, int status_line, const int lines[3])
{
    const match_info *mi = &r->mi;
    int n = mi->params.players, count = r->gi->kind == GAME_KIND_REALTIME ? (int)e->ticks : e->rec.cursor;
    int place[GAME_MAX_PLAYERS] = {0};
    r->in.line_no = lines[2];
    if (mi->moves != count)
        return fail(r, "tampered: the record has %d %s, the header says %d", count,
                    r->gi->kind == GAME_KIND_REALTIME ? "ticks" : "moves", mi->moves);
    r->in.line_no = status_line;
    if (mi->status == MATCH_FINISHED && !e->over)
        return fail(r, "tampered: the match is not over after its record, yet it says finished");
    if (mi->status == MATCH_ABANDONED && e->over)
        return fail(r, "the match is over after its record, so it was not abandoned");
    if (mi->status != MATCH_FINISHED)
        return 0;
    for (int s = 0; s < n; s++)
        place[s] = mi->seat[s].place;
    if (memcmp(place, e->rank, sizeof place[0] * (size_t)n)) {
        char want[32], got[32];
        places_words(e->rank, n, want, sizeof want);
        places_words(place, n, got, sizeof got);
        r->in.line_no = lines[0];
        return fail(r, "tampered: the record gives places %s, the header %s", want, got);
    }
    /* A real-time mode's score is its standings' points; a turn-based
     * mode's is its table's own count (stacks on top, cards left), which
     * the rules do not keep. */
    for (int s = 0; r->gi->kind == GAME_KIND_REALTIME && s < n; s++)
        if (mi->seat[s].score != e->score[s]) {
            r->in.line_no = lines[1];
            return fail(r, "tampered: the record gives seat %d %d points, the header %d", s + 1, e->score[s],
                        mi->seat[s].score);
        }
    return 0;
}

int match_file_read(const char *text, match_info *mi, char **body, char *err, size_t errn)
{
    reader r;
    text_span v;
    long long version;
    int status_line = 0, lines[3] = {0, 0, 0};
    match_end e;
    char *copy;
    memset(&r, 0, sizeof r);
    text_in_init(&r.in, text, "match file", err, errn);
    if (keyed(&r, MATCH_FILE_MAGIC, MATCH_FILE_MAGIC " 1", &v) < 0)
        return fail(&r, "not a Stackhouse match file (it starts '%s %d')", MATCH_FILE_MAGIC, MATCH_FILE_VERSION);
    if (text_num(v, 0, 1000000, &version) < 0 || version != MATCH_FILE_VERSION)
        return fail(&r, "match file version \"%.*s\" is not read by this build (it reads %d)",
                    (int)(v.len < 20 ? v.len : 20), v.p, MATCH_FILE_VERSION);
    if (mode_read(&r) < 0 || seats_read(&r) < 0 || options_read(&r) < 0 || when_read(&r, &status_line) < 0 ||
        tail_read(&r, lines) < 0)
        return -1;
    if (text_in_done(&r.in)) {
        r.in.line_no++;
        return fail(&r, "the record is missing after 'record'");
    }
    if (text[strlen(text) - 1] != '\n') {
        while (text_in_line(&r.in) == 0)
            ;
        return fail(&r, "the file's last line has no newline (is it cut short?)");
    }
    if (match_end_play(&r.mi, r.in.at, r.in.line_no + 1, &e, err, errn) < 0)
        return -1;
    if (end_agrees(&r, &e, status_line, lines) < 0) {
        match_end_free(&e);
        return -1;
    }
    match_end_free(&e);
    if (!(copy = strdup(r.in.at))) {
        snprintf(err, errn, "match file: out of memory");
        return -1;
    }
    *mi = r.mi;
    *body = copy;
    return 0;
}
