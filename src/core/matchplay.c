/* A match file's body played to its end: the game record replayed (its
 * moves read and checked by record_read), or the MAXSTAX save's tape played
 * again (maxstax_tape_play) and compared with the save beside it. Every
 * fault is named by the file's line: a reader's "record line 5" or "tape
 * line 3" becomes the line of the match file it is on. */
#include "core/matchplay.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textin.h"
#include "games/maxstax/rules/maxstax_bot.h"
#include "games/maxstax/rules/maxstax_rt.h"
#include "games/maxstax/rules/maxstax_tape.h"

/* "match file line N: what"; returns -1. */
static int fail_at(char *err, size_t errn, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int fail_at(char *err, size_t errn, int line, const char *fmt, ...)
{
    char why[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(err, errn, "match file line %d: %s", line, why);
    return -1;
}

/* The line of body (from 1) that p is on. */
static int line_of(const char *body, const char *p)
{
    int n = 1;
    for (const char *c = body; c < p; c++)
        n += *c == '\n';
    return n;
}

/* The first line of text that begins with "key " (or is key), or NULL. */
static const char *keyed_line(const char *text, const char *key)
{
    size_t k = strlen(key);
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        if (!strncmp(p, key, k) && (p[k] == ' ' || p[k] == '\n' || !p[k]))
            return p;
    return NULL;
}

/* A reader's message about the text that starts on file line first, named
 * by the file's line: "WHAT line L, field F: why" is on line first + L - 1;
 * "WHAT: why" (no line) is put on line first. */
static int relabel(const char *what, const char *why, int first, char *err, size_t errn)
{
    size_t w = strlen(what);
    const char *rest = why;
    int line = first;
    if (!strncmp(why, what, w) && !strncmp(why + w, " line ", 6)) {
        char *end;
        long l = strtol(why + w + 6, &end, 10);
        line = first + (int)l - 1;
        rest = end;
        while (*rest == ',' || *rest == ':' || *rest == ' ')
            rest++;
        /* a message the reader passed on from its own checks */
        if (!strncmp(rest, what, w) && rest[w] == ':')
            rest += w + 1 + (rest[w + 1] == ' ');
    } else if (!strncmp(why, what, w) && why[w] == ':') {
        rest = why + w + 1;
        while (*rest == ' ')
            rest++;
    }
    return fail_at(err, errn, line, "%s", rest);
}

/* ---------------------------------------------------------------- turn-based */

static int turns_play(const match_info *mi, const char *body, int line0, match_end *e, char *err, size_t errn)
{
    const game_rules *g = e->game->rules;
    game_result res;
    char why[400];
    const char *l;
    if (record_read(&e->rec, body, why, sizeof why) < 0) {
        int k;
        /* A move that does not replay: the line it is on. */
        if (sscanf(why, "record: move %d ", &k) == 1 && (l = keyed_line(body, "cursor")))
            return fail_at(err, errn, line0 + line_of(body, l) - 1 + k, "%s", why + 8);
        return relabel("record", why, line0, err, errn);
    }
    if (strcmp(e->rec.game, mi->mode))
        return fail_at(err, errn, line0 + line_of(body, keyed_line(body, "game")) - 1,
                       "the record is of %s, the header says %s", e->rec.game, mi->mode);
    if (e->rec.params.players != mi->params.players)
        return fail_at(err, errn, line0 + line_of(body, keyed_line(body, "players")) - 1,
                       "the record has %d players, the header %d seats", e->rec.params.players,
                       mi->params.players);
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++)
        if (e->rec.params.opt[i] != mi->params.opt[i])
            return fail_at(err, errn, line0 + line_of(body, keyed_line(body, "option")) - 1 + i,
                           "the record has option %s %d, the header %d", g->options[i].key,
                           e->rec.params.opt[i], mi->params.opt[i]);
    if (e->rec.seed != mi->seed)
        return fail_at(err, errn, line0 + line_of(body, keyed_line(body, "seed")) - 1,
                       "the record's seed is %" PRIu64 ", the header's 0x%016" PRIx64, e->rec.seed, mi->seed);
    if (!(e->st = malloc(g->state_size)))
        return fail_at(err, errn, line0, "out of memory");
    if (record_replay(&e->rec, e->rec.cursor, e->st, why, sizeof why) < 0)
        return relabel("record", why, line0, err, errn);
    g->result(e->st, &res);
    e->over = res.status == GAME_OVER;
    for (int s = 0; s < mi->params.players; s++) {
        e->score[s] = res.score[s];
        e->rank[s] = res.rank[s];
    }
    return 0;
}

/* ---------------------------------------------------------------- MAXSTAX */

/* The tape's setup lines against the header: its game, seats, computer
 * levels, first Creator and seed are the match's. 0, or -1 said. A tape
 * that starts from an old save has none: its first load holds them. */
static int tape_agrees(const match_info *mi, const char *tape, int first, char *err, size_t errn)
{
    maxstax_setup want;
    int levels[GAME_MAX_PLAYERS] = {0};
    text_in in;
    text_span k, v;
    char why[200];
    long long x[GAME_MAX_PLAYERS];
    for (int s = 0; s < mi->params.players; s++)
        levels[s] = mi->seat[s].level;
    if (maxstax_setup_for(registry_find(mi->mode)->realtime, &mi->params, levels, &want) < 0)
        return fail_at(err, errn, first, "%s is not a MAXSTAX mode", mi->mode);
    text_in_init(&in, tape, "tape", why, sizeof why);
    while (text_in_line(&in) == 0 && text_in_field(&in, " ", &k) == 0) {
        int line = first + in.line_no - 1;
        v = text_in_rest(&in);
        if (text_is(k, "players") && (text_num(v, 2, GAME_MAX_PLAYERS, x) < 0 || x[0] != mi->params.players))
            return fail_at(err, errn, line, "the tape has %.*s players, the header %d seats", (int)v.len, v.p,
                           mi->params.players);
        if (text_is(k, "start") && !text_is(v, "new"))
            return 0;
        if (text_is(k, "game") && !text_is(v, mi->mode))
            return fail_at(err, errn, line, "the tape is of %.*s, the header says %s", (int)v.len, v.p, mi->mode);
        /* "at random" (the option 0) is any seat: the match drew it, or a test chose it */
        if (text_is(k, "first-creator") && want.first_creator >= 0 &&
            (text_num(v, -1, GAME_MAX_PLAYERS - 1, x) < 0 || x[0] != want.first_creator))
            return fail_at(err, errn, line, "the tape's first Creator is not the header's option");
        if (text_is(k, "levels")) {
            text_in sub;
            text_in_one(&sub, v.p, v.len, "levels", why, sizeof why);
            if (text_in_nums(&sub, v, " ", mi->params.players, 0, 3, x) < 0)
                return fail_at(err, errn, line, "bad computer levels");
            for (int s = 0; s < mi->params.players; s++)
                if (x[s] != want.levels[s])
                    return fail_at(err, errn, line, "the tape's seat %d is at level %lld, the header's at %d", s + 1,
                                   x[s], want.levels[s]);
        }
        if (text_is(k, "seed")) {
            uint64_t seed;
            if (text_u64(v, &seed) < 0 || seed != mi->seed)
                return fail_at(err, errn, line, "the tape's seed is %.*s, the header's 0x%016" PRIx64, (int)v.len,
                               v.p, mi->seed);
            return 0;
        }
    }
    return 0;
}

/* Whether two matches are the same: what their saves write (every block's
 * pose as %.17g, the hands, the rounds and the clock). */
static int same_match(const maxstax_match *a, const maxstax_match *b)
{
    char *ta = maxstax_match_save(a), *tb = maxstax_match_save(b);
    int same = ta && tb && !strcmp(ta, tb);
    free(ta);
    free(tb);
    return same;
}

static int maxstax_play(const match_info *mi, const char *body, int line0, match_end *e, char *err, size_t errn)
{
    const char *tape_text = !strncmp(body, MAXSTAX_TAPE_HEADER " ", sizeof MAXSTAX_TAPE_HEADER)
                                ? body
                                : strstr(body, "\n" MAXSTAX_TAPE_HEADER " ");
    int tape_line;
    maxstax_deck deck;
    maxstax_tape *tape;
    maxstax_match *m;
    char why[400];
    if (!tape_text)
        return fail_at(err, errn, line0, "the MAXSTAX record has no tape ('%s %d')", MAXSTAX_TAPE_HEADER,
                       MAXSTAX_TAPE_VERSION);
    tape_text += tape_text != body;
    tape_line = line0 + line_of(body, tape_text) - 1;
    if (maxstax_cards_builtin(&deck, why, sizeof why) < 0)
        return fail_at(err, errn, line0, "%s", why);
    if (!(tape = maxstax_tape_read(tape_text, why, sizeof why)))
        return relabel("tape", why, tape_line, err, errn);
    if (tape_agrees(mi, tape_text, tape_line, err, errn) < 0) {
        maxstax_tape_free(tape);
        return -1;
    }
    m = maxstax_tape_play(tape, &deck, why, sizeof why);
    e->ticks = maxstax_tape_ticks(tape);
    maxstax_tape_free(tape);
    if (!m)
        return fail_at(err, errn, tape_line, "the tape does not play: %s", why);
    e->rt = (realtime_match *)m;
    if (tape_text != body) {
        /* The save Resume would read, before the tape: it is where the tape ends. */
        char *snap = strndup(body, (size_t)(tape_text - body));
        const char *bots;
        maxstax_match *saved = snap ? maxstax_bots_load_match(snap, &deck, &bots, why, sizeof why) : NULL;
        int same = saved && same_match(saved, m);
        if (!snap)
            snprintf(why, sizeof why, "out of memory");
        maxstax_match_free(saved);
        free(snap);
        if (!saved)
            return relabel("save", why, line0, err, errn);
        if (!same)
            return fail_at(err, errn, line0, "the save is not where the tape ends");
    }
    e->over = maxstax_match_over(m);
    maxstax_match_standings(m, e->score, e->rank);
    return 0;
}

/* ---------------------------------------------------------------- both */

int match_end_play(const match_info *mi, const char *body, int line0, match_end *e, char *err, size_t errn)
{
    int rc;
    memset(e, 0, sizeof *e);
    e->game = registry_find(mi->mode);
    if (!e->game || (!e->game->rules && !e->game->realtime))
        return fail_at(err, errn, line0, "no rules for mode '%s'", mi->mode);
    rc = e->game->rules ? turns_play(mi, body, line0, e, err, errn) : maxstax_play(mi, body, line0, e, err, errn);
    if (rc < 0)
        match_end_free(e);
    return rc;
}

void match_end_free(match_end *e)
{
    record_free(&e->rec);
    free(e->st);
    if (e->rt)
        e->game->realtime->destroy(e->rt);
    memset(e, 0, sizeof *e);
}
