/* The history in the store (#28): a match kept as it goes (begun, updated,
 * finished, abandoned), lists newest first filtered by mode and player, a
 * page of 10,000 matches in well under 100 ms, players and reviews, a body
 * kept in pieces, the first release's database and schema 2's upgraded with
 * nothing lost, and a file truncated
 * mid-write moved aside with the matches before the damage still listed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "history_fixture.h"

static void test_match_as_it_goes(void **state)
{
    hfix *f = *state;
    store *db = hfix_open(f);
    static const int lv[] = {3};
    match_info mi = hfix_match("stax", "Anna", 2, lv, 1700000000), got;
    char *body = NULL;
    int64_t id = 0;
    history_row rows[4];

    assert_int_equal(history_begin(db, &mi, "stax 1\n", &id), 0);
    assert_true(id > 0);
    assert_int_equal(history_get(db, id, &got, &body), 0);
    assert_int_equal(got.status, MATCH_PLAYING);
    assert_string_equal(body, "stax 1\n");
    assert_true(got.seed == mi.seed);
    assert_int_equal(got.params.opt[0], 1);
    assert_int_equal(got.params.opt[2], 3);
    assert_string_equal(got.seat[0].name, "Anna");
    assert_string_equal(got.seat[1].name, "Computer (Hard)");
    assert_int_equal(got.seat[1].level, 3);
    assert_int_equal(got.seat[0].place, -1);
    free(body);

    /* Each move replaces the body; the status stays playing. */
    mi.moves = 7;
    mi.played_ms = 42000;
    assert_int_equal(history_update(db, id, &mi, "stax 1\nmoves 7\n"), 0);
    assert_int_equal(history_get(db, id, &got, &body), 0);
    assert_int_equal(got.moves, 7);
    assert_int_equal(got.played_ms, 42000);
    assert_string_equal(body, "stax 1\nmoves 7\n");
    free(body);

    /* The end: result, reason, places and scores. */
    mi.moves = 9;
    mi.ended = 1700000600;
    snprintf(mi.result, sizeof mi.result, "Anna wins!");
    snprintf(mi.reason, sizeof mi.reason, "Computer (Hard) has no move left.");
    mi.seat[0].place = 0;
    mi.seat[0].score = 5;
    mi.seat[1].place = 1;
    mi.seat[1].score = 2;
    assert_int_equal(history_finish(db, id, &mi, "stax 1\nmoves 9\n"), 0);
    assert_int_equal(history_list(db, NULL, 0, 4, rows), 1);
    assert_int_equal(rows[0].id, id);
    assert_int_equal(rows[0].info.status, MATCH_FINISHED);
    assert_int_equal(rows[0].info.ended, 1700000600);
    assert_string_equal(rows[0].info.result, "Anna wins!");
    assert_string_equal(rows[0].info.reason, "Computer (Hard) has no move left.");
    assert_int_equal(rows[0].info.seat[0].place, 0);
    assert_int_equal(rows[0].info.seat[0].score, 5);
    assert_int_equal(rows[0].info.seat[1].place, 1);
    /* A finished match is never marked abandoned, nor updated again. */
    assert_int_equal(history_abandon(db, id), -1);
    assert_int_equal(history_update(db, id, &mi, "x"), -1);
    assert_int_equal(history_get(db, id, &got, NULL), 0);
    assert_int_equal(got.status, MATCH_FINISHED);

    /* A second match left for good. */
    mi = hfix_match("stax", "Anna", 2, lv, 1700001000);
    assert_int_equal(history_begin(db, &mi, "", &id), 0);
    assert_int_equal(history_abandon(db, id), 0);
    assert_int_equal(history_get(db, id, &got, NULL), 0);
    assert_int_equal(got.status, MATCH_ABANDONED);
    assert_true(got.ended > 0);
    assert_int_equal(history_get(db, id + 100, &got, NULL), 1);

    /* Reviews: kept once, read back, only for a kept match. */
    assert_int_equal(history_review_get(db, id, &body), 1);
    assert_int_equal(history_review_put(db, id, "review 1\n"), 0);
    assert_int_equal(history_review_get(db, id, &body), 0);
    assert_string_equal(body, "review 1\n");
    free(body);
    assert_int_equal(history_review_put(db, id + 100, "x"), -1);
    assert_int_equal(history_delete(db, id), 0);
    assert_int_equal(history_review_get(db, id, &body), 1);
    assert_int_equal(history_count(db, NULL), 1);
    store_close(db);
}

static void test_lists_and_filters(void **state)
{
    hfix *f = *state;
    store *db = hfix_open(f);
    static const int easy[] = {1}, hard2[] = {3, 3};
    history_filter flt;
    history_row rows[8];
    int64_t id;

    /* Started out of order on purpose: the list sorts by start, newest first. */
    match_info a = hfix_match("stax", "Anna", 2, easy, 1000), b = hfix_match("stakz", "Ben", 3, hard2, 3000),
               c = hfix_match("stax", "Ben", 2, easy, 2000), d = hfix_match("stakz", "Anna", 2, easy, 4000);
    assert_int_equal(history_begin(db, &a, "a", &id), 0);
    assert_int_equal(history_begin(db, &b, "b", &id), 0);
    assert_int_equal(history_begin(db, &c, "c", &id), 0);
    assert_int_equal(history_begin(db, &d, "d", &id), 0);

    assert_int_equal(history_count(db, NULL), 4);
    assert_int_equal(history_list(db, NULL, 0, 8, rows), 4);
    assert_int_equal(rows[0].info.started, 4000);
    assert_int_equal(rows[1].info.started, 3000);
    assert_int_equal(rows[2].info.started, 2000);
    assert_int_equal(rows[3].info.started, 1000);
    assert_int_equal(rows[1].info.params.players, 3);
    assert_string_equal(rows[1].info.seat[2].name, "Computer (Hard)");
    /* Paging. */
    assert_int_equal(history_list(db, NULL, 3, 8, rows), 1);
    assert_int_equal(rows[0].info.started, 1000);

    memset(&flt, 0, sizeof flt);
    snprintf(flt.mode, sizeof flt.mode, "stax");
    assert_int_equal(history_count(db, &flt), 2);
    assert_int_equal(history_list(db, &flt, 0, 8, rows), 2);
    assert_int_equal(rows[0].info.started, 2000);
    assert_int_equal(rows[1].info.started, 1000);
    snprintf(flt.player, sizeof flt.player, "Ben");
    assert_int_equal(history_count(db, &flt), 1);
    assert_int_equal(history_list(db, &flt, 0, 8, rows), 1);
    assert_int_equal(rows[0].info.started, 2000);
    flt.mode[0] = 0;
    assert_int_equal(history_count(db, &flt), 2);
    snprintf(flt.player, sizeof flt.player, "Computer (Hard)");
    assert_int_equal(history_count(db, &flt), 1);
    store_close(db);
}

static void test_players(void **state)
{
    hfix *f = *state;
    store *db = hfix_open(f);
    static const int lv[] = {1, 2};
    match_info mi = hfix_match("9stax", "Anna", 3, lv, 100);
    history_player p[8];
    history_filter flt;
    int64_t id, pid, pid2;
    int n;

    assert_int_equal(history_begin(db, &mi, "", &id), 0);
    assert_int_equal(history_player_add(db, "  Ben ", &pid), 0); /* trimmed */
    assert_int_equal(history_player_add(db, "Ben", &pid2), 0);   /* again: the same player */
    assert_int_equal(pid, pid2);
    assert_int_equal(history_player_add(db, "", NULL), -1);
    assert_int_equal(history_player_add(db, "Computer (Easy)", NULL), -1); /* a computer's name */
    assert_int_equal(history_player_add(db, "A name far longer than thirty-one bytes", NULL), -1);

    n = history_players(db, p, 8);
    assert_int_equal(n, 4); /* people first by name, then computers by level */
    assert_string_equal(p[0].name, "Anna");
    assert_int_equal(p[0].matches, 1);
    assert_string_equal(p[1].name, "Ben");
    assert_int_equal(p[1].matches, 0);
    assert_string_equal(p[2].name, "Computer (Easy)");
    assert_int_equal(p[2].level, 1);
    assert_string_equal(p[3].name, "Computer (Medium)");

    /* Rename: in the kept matches too; never onto a taken name or a computer. */
    assert_int_equal(history_player_rename(db, "Anna", "Ben"), -1);
    assert_int_equal(history_player_rename(db, "Computer (Easy)", "Easy"), -1);
    assert_int_equal(history_player_rename(db, "Anna", "Annie"), 0);
    memset(&flt, 0, sizeof flt);
    snprintf(flt.player, sizeof flt.player, "Annie");
    assert_int_equal(history_count(db, &flt), 1);
    snprintf(flt.player, sizeof flt.player, "Anna");
    assert_int_equal(history_count(db, &flt), 0);

    /* Delete: the match stays, the player leaves the list. */
    assert_int_equal(history_player_delete(db, "Annie"), 0);
    assert_int_equal(history_player_delete(db, "Annie"), -1);
    assert_int_equal(history_count(db, NULL), 1);
    n = history_players(db, p, 8);
    assert_int_equal(n, 3);
    assert_string_equal(p[0].name, "Ben");
    store_close(db);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* 10,000 matches: a page of 50 (newest first, by mode, by player) and the
 * counts in well under 100 ms each; measured, printed, asserted. */
static void test_ten_thousand(void **state)
{
    hfix *f = *state;
    store *db = hfix_open(f);
    static const char *const modes[] = {"stax", "9stax", "stakz", "stackatrack", "speedstax", "samestax", "swapstax"};
    static const char *const people[] = {"Anna", "Ben", "Cleo", "Dev"};
    char body[1200];
    history_row *rows = calloc(50, sizeof *rows);
    history_filter flt;
    double t0, worst = 0;
    int64_t id;

    assert_non_null(rows);
    memset(body, 'm', sizeof body - 2);
    body[sizeof body - 2] = '\n';
    body[sizeof body - 1] = 0;
    assert_int_equal(store_begin(db), 0);
    for (int k = 0; k < 10000; k++) {
        int lv[3] = {1 + k % 3, 1 + (k / 3) % 3, 2};
        match_info mi = hfix_match(modes[k % 7], people[k % 4], 2 + k % 3, lv, 1600000000 + (int64_t)k * 3600);
        mi.status = k % 10 == 9 ? MATCH_ABANDONED : MATCH_FINISHED;
        assert_int_equal(history_begin(db, &mi, body, &id), 0);
    }
    assert_int_equal(store_end(db, 1), 0);

    for (int q = 0; q < 4; q++) {
        int n;
        memset(&flt, 0, sizeof flt);
        if (q & 1)
            snprintf(flt.mode, sizeof flt.mode, "stakz");
        if (q & 2)
            snprintf(flt.player, sizeof flt.player, "Cleo");
        t0 = now_ms();
        n = history_list(db, &flt, 0, 50, rows);
        assert_true(history_count(db, &flt) > 0);
        t0 = now_ms() - t0;
        if (t0 > worst)
            worst = t0;
        assert_int_equal(n, 50);
        for (int k = 1; k < n; k++)
            assert_true(rows[k - 1].info.started > rows[k].info.started);
        if (q & 1)
            assert_string_equal(rows[0].info.mode, "stakz");
        if (q & 2)
            assert_string_equal(rows[0].info.seat[0].name, "Cleo");
    }
    /* The newest page is the last kept. */
    assert_int_equal(history_list(db, NULL, 0, 1, rows), 1);
    assert_int_equal(rows[0].info.started, 1600000000 + 9999LL * 3600);
    print_message("history: a page of 50 of 10,000 matches with its count: worst %.2f ms\n", worst);
    assert_true(worst < 100.0);
    free(rows);
    store_close(db);
}

/* The first release's database, as its store.c wrote it (schema v1, WAL). */
static const char release_v1[] =
    "PRAGMA journal_mode=WAL;"
    "CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE saves(slot TEXT PRIMARY KEY, game TEXT NOT NULL, record TEXT NOT NULL,"
    " updated INTEGER NOT NULL);"
    "CREATE TABLE stats(game TEXT, key TEXT, value INTEGER, PRIMARY KEY(game, key));"
    "PRAGMA user_version = 1;"
    "INSERT INTO settings VALUES('volume', '60'), ('fullscreen', '1');"
    "INSERT INTO saves VALUES('stax', 'stax', 'stackhouse-table 1\nseats human,hard\nstax 1\n', 1700000000);"
    "INSERT INTO stats VALUES('stax', 'played', 3);";

static void test_upgrade_from_first_release(void **state)
{
    hfix *f = *state;
    sqlite3 *raw;
    sqlite3_stmt *st;
    store *db;
    char val[64], game[32], *rec = NULL;
    static const int lv[] = {2};
    match_info mi = hfix_match("stax", "Anna", 2, lv, 5);
    int64_t id;

    assert_int_equal(sqlite3_open(f->path, &raw), SQLITE_OK);
    assert_int_equal(sqlite3_exec(raw, release_v1, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(raw);

    db = hfix_open(f); /* upgraded in place: no warning, nothing moved aside */
    assert_null(store_moved_aside(db));
    assert_int_equal(store_get(db, "settings", "volume", val, sizeof val), 0);
    assert_string_equal(val, "60");
    assert_int_equal(store_get(db, "settings", "fullscreen", val, sizeof val), 0);
    assert_string_equal(val, "1");
    assert_int_equal(store_save_get(db, "stax", game, sizeof game, &rec), 0);
    assert_string_equal(game, "stax");
    assert_string_equal(rec, "stackhouse-table 1\nseats human,hard\nstax 1\n");
    free(rec);
    assert_int_equal(sqlite3_prepare_v2(store_sqlite(db), "SELECT value FROM stats WHERE game = 'stax'", -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 3);
    sqlite3_finalize(st);
    assert_int_equal(sqlite3_prepare_v2(store_sqlite(db), "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 3);
    sqlite3_finalize(st);
    /* And the history works in it. */
    assert_int_equal(history_count(db, NULL), 0);
    assert_int_equal(history_begin(db, &mi, "b", &id), 0);
    assert_int_equal(history_count(db, NULL), 1);
    store_close(db);

    /* Opening it again migrates nothing and loses nothing. */
    db = hfix_open(f);
    assert_int_equal(history_count(db, NULL), 1);
    assert_int_equal(store_get(db, "settings", "volume", val, sizeof val), 0);
    store_close(db);
}

/* Pieces in the store (#28 mxtape): how many match id has. */
static int pieces_of(store *db, int64_t id)
{
    sqlite3_stmt *st;
    int n;
    assert_int_equal(sqlite3_prepare_v2(store_sqlite(db), "SELECT count(*) FROM match_pieces WHERE match = ?1", -1,
                                        &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_int64(st, 1, id);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

/* A body kept as it goes in pieces (#28, a MAXSTAX tape at every move):
 * each laid over the text before it at its byte, the header with it; one
 * past the body's end is refused and changes nothing; a whole body replaces
 * the pieces; a finished match takes none; deleting the match deletes them. */
static void test_body_in_pieces(void **state)
{
    static const int lv[] = {1};
    match_info mi = hfix_match("speedstax", "Anna", 2, lv, 1700000000), got;
    store *db = hfix_open(*state);
    char *body = NULL;
    int64_t id = 0;

    assert_int_equal(history_begin(db, &mi, "head\nend 0\n", &id), 0);
    mi.moves = 3;
    assert_int_equal(history_append(db, id, &mi, 5, "tick 3\nend 3\n"), 0);
    mi.moves = 5;
    assert_int_equal(history_append(db, id, &mi, 12, "tick 2\nend 5\n"), 0);
    assert_int_equal(history_get(db, id, &got, &body), 0);
    assert_string_equal(body, "head\ntick 3\ntick 2\nend 5\n");
    assert_int_equal(got.moves, 5);
    free(body);
    assert_int_equal(pieces_of(db, id), 2);
    /* Past the end: refused whole (the header too). */
    mi.moves = 9;
    assert_int_equal(history_append(db, id, &mi, 100, "x"), -1);
    assert_int_equal(history_get(db, id, &got, &body), 0);
    assert_string_equal(body, "head\ntick 3\ntick 2\nend 5\n");
    assert_int_equal(got.moves, 5);
    free(body);
    /* Exported as a file: the body laid whole. */
    assert_int_equal(history_update(db, id, &mi, "whole\n"), 0);
    assert_int_equal(pieces_of(db, id), 0);
    assert_int_equal(history_append(db, id, &mi, 6, "more\n"), 0);
    assert_int_equal(history_get(db, id, &got, &body), 0);
    assert_string_equal(body, "whole\nmore\n");
    free(body);
    /* Finished: its last body whole; no piece follows it. */
    assert_int_equal(history_finish(db, id, &mi, "final\n"), 0);
    assert_int_equal(pieces_of(db, id), 0);
    assert_int_equal(history_append(db, id, &mi, 6, "late\n"), -1);
    assert_int_equal(history_get(db, id, &got, &body), 0);
    assert_string_equal(body, "final\n");
    free(body);
    /* A second match's pieces go with it when it is deleted. */
    assert_int_equal(history_begin(db, &mi, "b\n", &id), 0);
    assert_int_equal(history_append(db, id, &mi, 2, "c\n"), 0);
    assert_int_equal(pieces_of(db, id), 1);
    assert_int_equal(history_delete(db, id), 0);
    assert_int_equal(pieces_of(db, id), 0);
    store_close(db);
}

/* Today's release's database (schema 2: the history without pieces)
 * upgraded to schema 3 with nothing lost, and a body kept in pieces in it. */
static void test_upgrade_from_schema_2(void **state)
{
    hfix *f = *state;
    static const int lv[] = {2};
    match_info mi = hfix_match("stax", "Anna", 2, lv, 5), got;
    sqlite3 *raw;
    store *db = hfix_open(f);
    char *body = NULL;
    int64_t id;

    assert_int_equal(history_begin(db, &mi, "stax 1\n", &id), 0);
    store_close(db);
    /* As schema 2 left it: no pieces table, version 2. */
    assert_int_equal(sqlite3_open(f->path, &raw), SQLITE_OK);
    assert_int_equal(sqlite3_exec(raw, "DROP TABLE match_pieces; PRAGMA user_version = 2;", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(raw);
    db = hfix_open(f);
    assert_null(store_moved_aside(db));
    assert_int_equal(history_get(db, id, &got, &body), 0);
    assert_string_equal(body, "stax 1\n");
    assert_string_equal(got.seat[0].name, "Anna");
    free(body);
    assert_int_equal(history_append(db, id, &mi, 7, "moves 1\n"), 0);
    assert_int_equal(history_get(db, id, &got, &body), 0);
    assert_string_equal(body, "stax 1\nmoves 1\n");
    free(body);
    store_close(db);
}

/* Each match's body tells which it was, so a recovered one can be checked whole. */
static void body_of(int k, char *buf, size_t n)
{
    size_t len = (size_t)snprintf(buf, n, "match %d\n", k);
    for (int line = 0; len + 40 < n && line < 20 + k % 30; line++)
        len += (size_t)snprintf(buf + len, n - len, "move %d of match %d\n", line, k);
}

static void test_truncated_keeps_matches_before_damage(void **state)
{
    hfix *f = *state;
    static const int lv[] = {1};
    static const double cuts[] = {0.97, 0.9, 0.75, 0.6, 0.45, 0.3, 0.15};
    char err[1024], body[2048], *got = NULL, val[32];
    store *db = hfix_open(f);
    size_t n;
    char *bytes = malloc(4 << 20);
    int64_t id;
    int total = 400, last = total;
    history_row *rows = calloc((size_t)total, sizeof *rows);
    FILE *fp;

    assert_non_null(bytes);
    assert_non_null(rows);
    assert_int_equal(store_begin(db), 0);
    assert_int_equal(store_put(db, "settings", "volume", "70"), 0);
    assert_int_equal(store_end(db, 1), 0);
    for (int k = 0; k < total; k++) { /* one transaction each, as the table writes them */
        match_info mi = hfix_match(k % 2 ? "stax" : "stakz", k % 3 ? "Anna" : "Ben", 2, lv, 1000 + k);
        body_of(k, body, sizeof body);
        mi.moves = k;
        assert_int_equal(history_begin(db, &mi, body, &id), 0);
        assert_int_equal(id, k + 1);
    }
    store_close(db); /* checkpoints the WAL into the file */
    fp = fopen(f->path, "rb");
    assert_non_null(fp);
    n = fread(bytes, 1, 4 << 20, fp);
    fclose(fp);
    assert_true(n > 200000);

    for (size_t c = 0; c < sizeof cuts / sizeof cuts[0]; c++) {
        size_t at = (size_t)(n * cuts[c]);
        char aside[256];
        int listed;
        fp = fopen(f->path, "wb");
        assert_non_null(fp);
        assert_int_equal(fwrite(bytes, 1, at, fp), at);
        fclose(fp);
        db = store_open(f->path, err, sizeof err);
        assert_non_null(db);
        /* Reported and moved aside, as the settings already were. */
        snprintf(aside, sizeof aside, "%s.corrupt-%d", f->path, (int)c + 1);
        assert_non_null(strstr(err, aside));
        assert_string_equal(store_moved_aside(db), aside);
        listed = history_count(db, NULL);
        print_message("truncated at %zu of %zu bytes (%.0f%%): %d of %d matches listed; %s\n", at, n,
                      cuts[c] * 100, listed, total, err);
        /* Every match listed is whole: its header, seats and body as written. */
        assert_int_equal(history_list(db, NULL, 0, total, rows), listed);
        for (int r = 0; r < listed; r++) {
            match_info mi;
            int k = (int)rows[r].id - 1;
            assert_true(k >= 0 && k < total);
            assert_int_equal(rows[r].info.moves, k);
            assert_int_equal(rows[r].info.started, 1000 + k);
            assert_string_equal(rows[r].info.seat[0].name, k % 3 ? "Anna" : "Ben");
            assert_string_equal(rows[r].info.seat[1].name, "Computer (Easy)");
            assert_int_equal(history_get(db, rows[r].id, &mi, &got), 0);
            body_of(k, body, sizeof body);
            assert_string_equal(got, body);
            free(got);
        }
        /* The damage is at the end: the matches before it are kept, so the
         * deeper the cut the fewer, and a cut near the end keeps most. */
        assert_true(listed <= last);
        last = listed;
        if (cuts[c] >= 0.6)
            assert_true(listed >= total / 4);
        if (listed)
            assert_int_equal(store_get(db, "settings", "volume", val, sizeof val), 0);
        store_close(db);
    }
    free(rows);
    free(bytes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_match_as_it_goes, hfix_setup, hfix_teardown),
        cmocka_unit_test_setup_teardown(test_lists_and_filters, hfix_setup, hfix_teardown),
        cmocka_unit_test_setup_teardown(test_players, hfix_setup, hfix_teardown),
        cmocka_unit_test_setup_teardown(test_ten_thousand, hfix_setup, hfix_teardown),
        cmocka_unit_test_setup_teardown(test_upgrade_from_first_release, hfix_setup, hfix_teardown),
        cmocka_unit_test_setup_teardown(test_upgrade_from_schema_2, hfix_setup, hfix_teardown),
        cmocka_unit_test_setup_teardown(test_body_in_pieces, hfix_setup, hfix_teardown),
        cmocka_unit_test_setup_teardown(test_truncated_keeps_matches_before_damage, hfix_setup, hfix_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
