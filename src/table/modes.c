/* The app's list of modes and how a table starts, opens and resumes. */
#include "table/modes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/store.h"
#include "shell/shell.h"
#include "core/modelist.h"
#include "core/log.h"
#include "table/phones.h"
#include "table/table_store.h"
#include "shell/toast.h"

/* The view column of the one list (core/modelist.h), by the core row's id;
 * a mode is playable exactly when it has a view and its rules have landed. */
/* The views each row names, declared by the row itself. */
#define VIEW_TURNS(ops) extern const table_view_ops ops;
#define VIEW_REALTIME(ops) extern const table_realtime_ops ops;
#define VIEW_NONE
#define MODE(id, name, pitch, doc, tab, min, max, kind, rules, realtime, view, settings, phone, sample) view
MODE_LIST(MODE)
#undef MODE
#undef VIEW_TURNS
#undef VIEW_REALTIME
#undef VIEW_NONE

#define VIEW_TURNS(ops) &ops, NULL
#define VIEW_REALTIME(ops) NULL, &ops
#define VIEW_NONE NULL, NULL
#define SAMPLE(seats, words) seats, words
#define MODE(id, name, pitch, doc, tab, min, max, kind, rules, realtime, view, settings, phone, sample) \
    {#id, view, settings, sample},
static const table_mode modelist[] = {MODE_LIST(MODE)};
#undef MODE
#undef SAMPLE

const table_mode *modes_find(const char *id)
{
    for (size_t i = 0; id && i < sizeof modelist / sizeof modelist[0]; i++)
        if (strcmp(modelist[i].id, id) == 0)
            return modelist[i].turns || modelist[i].realtime ? &modelist[i] : NULL;
    return NULL;
}

const game_info *modes_setting_owner(const char *key)
{
    size_t n = key ? strlen(key) : 0;
    for (size_t i = 0; n && i < sizeof modelist / sizeof modelist[0]; i++)
        for (const char *w = modelist[i].settings; (w = strstr(w, key)) != NULL; w += n)
            if ((w == modelist[i].settings || w[-1] == ' ') && (w[n] == ' ' || w[n] == '\0'))
                return registry_find(modelist[i].id);
    return NULL;
}

int modes_playable(const game_info *g)
{
    /* A real-time game has realtime_rules, which its view drives. */
    return g && (g->rules || g->realtime) && modes_find(g->id) != NULL;
}

/* A match of m from rec (taken over); a real-time one reads only its seed,
 * and its view the test words. */
static scene *open_match(shell *sh, const match_setup *m, game_record *rec, const char *test_options)
{
    const table_mode *t = modes_find(m->game ? m->game->id : NULL);
    char err[256];
    /* Phones as hands (turned on in setup, or by --phones): the server serves this match's seats. */
    if (t && phones_on() && phones_open(sh, m, err, sizeof err) != 0) {
        log_error("phones: %s", err);
        toast_show("Phones as hands could not start: %s", err);
    }
    if (t && t->realtime) {
        uint64_t seed = rec ? rec->seed : 1;
        if (rec)
            record_free(rec);
        return table_rt_create(sh, t->realtime, m, seed, test_options);
    }
    if (!t || !m->game->rules) {
        if (rec)
            record_free(rec);
        return NULL;
    }
    return table_create(t->turns, m, rec);
}

scene *modes_open(shell *sh, const match_setup *m, game_record *rec) { return open_match(sh, m, rec, NULL); }

/* Plays the moves of words (in notation, space apart) into rec from its start; 0, or -1 with a message. */
static int play_words(game_record *rec, const char *words, char *err, size_t errn)
{
    const game_rules *g = record_rules(rec);
    void *st = calloc(1, g->state_size);
    int rc = st && record_replay(rec, 0, st, err, errn) == 0 ? 0 : -1;
    for (const char *p = words + strspn(words, " "); rc == 0 && *p; p += strspn(p, " ")) {
        char word[RECORD_MOVE_LEN];
        size_t n = strcspn(p, " ");
        game_move mv;
        snprintf(word, sizeof word, "%.*s", (int)n, p);
        p += n;
        rc = g->move_read(st, word, &mv, err, errn) == 0 && record_play(rec, st, &mv, err, errn) == 0 ? 0 : -1;
    }
    free(st);
    return rc;
}

scene *modes_start(shell *sh, const match_setup *m_in, const char *position)
{
    /* A new match: never the kept match of a save whose seats setup shows (#28). */
    match_setup fresh = *m_in, *m = &fresh;
    game_record rec;
    char err[256], start[RECORD_START_LEN];
    const char *moves = position ? strchr(position, '|') : NULL;
    /* The rules' own randomness and the computer's choices draw from this. */
    uint64_t seed = shell_seed(sh);
    fresh.history = 0;
    if (!modes_playable(m->game))
        return NULL;
    if (m->game->kind == GAME_KIND_REALTIME) {
        /* No move record: the view takes the seed alone (and its test words). */
        memset(&rec, 0, sizeof rec);
        rec.seed = seed;
        return open_match(sh, m, &rec, position);
    }
    /* "POSITION|MOVES": the moves are played from it, into the record (a score sample's rounds) */
    if (moves)
        snprintf(start, sizeof start, "%.*s", (int)(moves - position), position);
    if (record_init(&rec, m->game->id, &m->params, seed, err, sizeof err) != 0 ||
        (position && record_set_start(&rec, moves ? start : position, err, sizeof err) != 0) ||
        (moves && play_words(&rec, moves + 1, err, sizeof err) != 0)) {
        log_error("%s", err);
        record_free(&rec);
        return NULL;
    }
    return modes_open(sh, m, &rec);
}

int modes_sample(shell *sh, const game_info *g, score_report *rep)
{
    const table_mode *t = modes_find(g ? g->id : NULL);
    match_setup m;
    scene *s;
    int rc;
    memset(rep, 0, sizeof *rep);
    if (!t || !t->sample_seats || table_match_default(&m, g, t->sample_seats) != 0)
        return -1;
    /* As --scene table starts a match: Start's own path, from the final
     * position (a real-time view's test words: every round played). */
    if (!(s = modes_start(sh, &m, t->sample_words)))
        return -1;
    rc = t->realtime ? table_rt_report(s->data, rep) : table_report(s->data, rep);
    s->leave(s, sh); /* a finished match, or one with no moves played, is never saved */
    if (rc != 0)
        log_error("%s: the row's sample is no finished match", g->id);
    return rc;
}

int modes_has_save(shell *sh, const game_info *g)
{
    char game[RECORD_ID_LEN], *text = NULL;
    int rc = shell_store(sh) && modes_playable(g) ? store_save_get(shell_store(sh), g->id, game, sizeof game, &text) : 1;
    free(text);
    return rc == 0;
}

/* The record's options are the match's; the seats line must seat as many. */
static int take_params(match_setup *m, const game_record *rec, char *err, size_t errn)
{
    if (rec->params.players != m->params.players) {
        snprintf(err, errn, "the save seats %d players but holds a game of %d", m->params.players,
                 rec->params.players);
        return -1;
    }
    m->params = rec->params;
    return 0;
}

int modes_save_summary(shell *sh, const game_info *g, match_setup *saved, char *buf, size_t n)
{
    const table_mode *t = modes_find(g->id);
    const char *body;
    char *text, err[200], more[160] = "";
    match_setup m;
    game_record rec;
    void *st;
    int rc = -1;
    buf[0] = 0;
    if (!t || table_save_read(sh, g, &m, &text, &body, err, sizeof err) != 0)
        return -1;
    if (t->realtime) {
        rc = t->realtime->summary ? t->realtime->summary(&m, body, buf, n) : -1;
        free(text);
        if (rc == 0 && saved)
            *saved = m;
        return rc;
    }
    memset(&rec, 0, sizeof rec);
    rc = record_read(&rec, body, err, sizeof err);
    free(text);
    if (rc != 0)
        return -1;
    rc = -1;
    if (strcmp(rec.game, g->id) == 0 && take_params(&m, &rec, err, sizeof err) == 0 &&
        (st = calloc(1, g->rules->state_size)) != NULL) {
        /* The position the match was left at: the record replayed to its cursor. */
        if (record_replay(&rec, rec.cursor, st, err, sizeof err) == 0) {
            if (t->turns->summary)
                t->turns->summary(st, &m, more, sizeof more);
            snprintf(buf, n, "%d move%s played%s%s", rec.cursor, rec.cursor == 1 ? "" : "s",
                     more[0] ? " \xc2\xb7 " : "", more);
            rc = 0;
            if (saved)
                *saved = m;
        }
        free(st);
    }
    record_free(&rec);
    return rc;
}

scene *modes_resume(shell *sh, const game_info *g, char *err, size_t errn)
{
    const table_mode *t = modes_find(g->id);
    const char *body;
    char *text;
    match_setup m;
    game_record rec;
    scene *s;
    if (table_save_read(sh, g, &m, &text, &body, err, errn) != 0)
        return NULL;
    if (t && t->realtime) {
        /* A real-time game keeps its own save: the view reads and checks it. */
        s = table_rt_resume(sh, t->realtime, &m, body, err, errn);
        free(text);
        return s;
    }
    memset(&rec, 0, sizeof rec);
    if (record_read(&rec, body, err, errn) != 0) {
        free(text);
        return NULL;
    }
    free(text);
    if (strcmp(rec.game, g->id) != 0) {
        snprintf(err, errn, "the save holds a %s game", rec.game);
        record_free(&rec);
        return NULL;
    }
    if (take_params(&m, &rec, err, errn) != 0) {
        record_free(&rec);
        return NULL;
    }
    return modes_open(sh, &m, &rec);
}
