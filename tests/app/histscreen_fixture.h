/* A fixture history for the history and statistics screens' tests (#28):
 * ten matches counted by hand (below) and filler between two other people,
 * kept through history.h as the midend keeps them. Header-only, as the
 * other test helpers. */
#ifndef STACKHOUSE_HISTSCREEN_FIXTURE_H
#define STACKHOUSE_HISTSCREEN_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/history.h"
#include "app/store.h"
#include "core/record.h"
#include "core/registry.h"

/* Anna's matches, counted by hand (all modes):
 *   played 7 (1 2 3 4 5 7 9), won 4 (1 5 7 9), shared 1 (3), lost 2 (2 4),
 *   abandoned 1 (6), the unfinished 10 not counted;
 *   streak 3 (5 7 9), best streak 3;
 *   against Easy 3 of 4 won (1 4 7 9), Medium 1 of 2 (2 9), Hard 1 of 2 with 1 shared (3 5).
 * Anna sits in 9 matches (1-7, 9, 10); with the filler there are
 * 10 + HISTFIX_FILLER matches in all. */
#define HISTFIX_FILLER 20
#define HISTFIX_TOTAL (10 + HISTFIX_FILLER)
#define HISTFIX_ANNA 9

typedef struct histfix_match {
    const char *mode;
    const char *seats; /* names, comma-separated; "Computer (Easy)" a computer */
    const char *places; /* each seat's place, "0,1"; NULL not finished */
    match_status status;
    const char *result, *reason;
    int seconds, moves;
} histfix_match;

static const histfix_match histfix_matches[10] = {
    {"stax", "Anna,Computer (Easy)", "0,1", MATCH_FINISHED, "Anna wins!", "Blue has no move left.", 754, 61},
    {"stax", "Anna,Computer (Medium)", "1,0", MATCH_FINISHED, "Computer (Medium) wins!", "Red has no man left.", 1210, 88},
    {"9stax", "Anna,Bartosz,Computer (Hard)", "0,0,2", MATCH_FINISHED, "A shared win!", "The deck ran out with two piles level.",
     1905, 57},
    {"stakz", "Bartosz,Anna,Chidi,Computer (Easy)", "1,2,0,3", MATCH_FINISHED, "Chidi wins!", "Chidi played out first.",
     2440, 140},
    {"speedstax", "Anna,Computer (Hard)", "0,1", MATCH_FINISHED, "Anna wins!", "Anna won three rounds of five.", 312, 18720},
    {"stackatrack", "Anna,Bartosz", NULL, MATCH_ABANDONED, "", "", 200, 12},
    {"stax", "Anna,Computer (Easy)", "0,1", MATCH_FINISHED, "Anna wins!", "Blue has no move left.", 640, 49},
    {"swapstax", "Chidi,Computer (Medium)", "0,1", MATCH_FINISHED, "Chidi wins!", "Chidi won three rounds of five.", 280, 16800},
    {"samestax", "Anna,Computer (Easy),Computer (Medium)", "0,1,2", MATCH_FINISHED, "Anna wins!",
     "Anna won three rounds of five.", 330, 19800},
    {"stax", "Anna,Chidi", NULL, MATCH_PLAYING, "", "", 95, 7},
};

/* The level of a seat's name: 1..3 for "Computer (Easy|Medium|Hard)", else 0. */
static inline int histfix_level(const char *name)
{
    for (int lv = 1; lv <= 3; lv++)
        if (strcmp(name, history_computer_name(lv)) == 0)
            return lv;
    return 0;
}

/* Fills mi from a fixture line, started at t. */
static inline void histfix_info(const histfix_match *m, int64_t t, match_info *mi)
{
    char seats[160], places[32];
    char *save = NULL, *tok;
    int n = 0;
    memset(mi, 0, sizeof *mi);
    snprintf(mi->mode, sizeof mi->mode, "%s", m->mode);
    snprintf(seats, sizeof seats, "%s", m->seats);
    for (tok = strtok_r(seats, ",", &save); tok && n < GAME_MAX_PLAYERS; tok = strtok_r(NULL, ",", &save), n++) {
        snprintf(mi->seat[n].name, sizeof mi->seat[n].name, "%s", tok);
        mi->seat[n].level = histfix_level(tok);
        mi->seat[n].place = -1;
    }
    registry_params_default(registry_find(m->mode), &mi->params, n);
    if (m->places) {
        snprintf(places, sizeof places, "%s", m->places);
        n = 0;
        for (tok = strtok_r(places, ",", &save); tok && n < GAME_MAX_PLAYERS; tok = strtok_r(NULL, ",", &save), n++)
            mi->seat[n].place = atoi(tok);
    }
    mi->seed = (uint64_t)t;
    mi->started = t;
    mi->played_ms = (int64_t)m->seconds * 1000;
    mi->moves = m->moves;
    mi->status = MATCH_PLAYING;
}

/* A real record of mi's turn-based game: its first legal move, mi->moves
 * times, from its start (malloc'd; NULL when out of memory). */
static inline char *histfix_record(const match_info *mi)
{
    game_record rec;
    game_move moves[GAME_MAX_MOVES];
    char err[200], *text = NULL;
    const game_rules *rules;
    void *st;
    memset(&rec, 0, sizeof rec);
    if (record_init(&rec, mi->mode, &mi->params, mi->seed, err, sizeof err) != 0)
        return NULL;
    rules = record_rules(&rec);
    st = malloc(rules->state_size);
    if (st && rules->init(st, &mi->params, mi->seed, err, sizeof err) == 0) {
        int k = 0;
        while (k < mi->moves && rules->legal_moves(st, moves, GAME_MAX_MOVES) > 0 &&
               record_play(&rec, st, &moves[0], err, sizeof err) == 0)
            k++;
        text = k == mi->moves ? record_write(&rec) : NULL;
    }
    free(st);
    record_free(&rec);
    return text;
}

/* Keeps one fixture match; 0 or -1. The unfinished one has a real record
 * (the match file reader plays it), so it can be exported and imported. */
static inline int histfix_keep(store *db, const histfix_match *m, int64_t t)
{
    match_info mi;
    int64_t id;
    histfix_info(m, t, &mi);
    if (m->status == MATCH_PLAYING) {
        char *body = histfix_record(&mi);
        int rc = body && history_begin(db, &mi, body, &id) == 0 ? 0 : -1;
        free(body);
        return rc;
    }
    if (history_begin(db, &mi, "", &id) != 0)
        return -1;
    if (m->status == MATCH_ABANDONED)
        return history_abandon(db, id);
    mi.status = MATCH_FINISHED;
    mi.ended = t + m->seconds;
    snprintf(mi.result, sizeof mi.result, "%s", m->result);
    snprintf(mi.reason, sizeof mi.reason, "%s", m->reason);
    if (history_finish(db, id, &mi, "") != 0)
        return -1;
    if (strcmp(m->mode, "speedstax") == 0)
        return history_set_best(db, id, 0, 41230);
    return 0;
}

/* The fixture into the database at dir/stackhouse.db (dir ends with '/'):
 * the filler first (older), then the ten, one a day from 1 November 2026
 * at 18:00 UTC. 0 or -1. */
static inline int histfix_fill(const char *dir)
{
    char path[1100], err[300];
    store *db;
    int rc = 0;
    const histfix_match filler = {"stax", "Bartosz,Chidi", "0,1", MATCH_FINISHED, "Bartosz wins!",
                                  "Red has no move left.", 500, 40};
    snprintf(path, sizeof path, "%sstackhouse.db", dir);
    db = store_open(path, err, sizeof err);
    if (!db)
        return -1;
    for (int i = 0; i < HISTFIX_FILLER && rc == 0; i++)
        rc = histfix_keep(db, &filler, 1790000000 + (int64_t)i * 3600);
    for (int i = 0; i < 10 && rc == 0; i++)
        rc = histfix_keep(db, &histfix_matches[i], 1793556000 + (int64_t)i * 86400);
    store_close(db);
    return rc;
}

#endif
