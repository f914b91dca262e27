/* The SQLite store and settings: round trips, transactions, damaged and
 * future files moved aside intact, and crashes that leave old values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "shell/settings.h"
#include "app/settings_store.h"
#include "app/store.h"
#include "core/log.h"

typedef struct fixture {
    char dir[64];
    char path[128];
} fixture;

static int warnings;

static void count_warnings(log_level level, const char *line, void *user)
{
    (void)line;
    (void)user;
    if (level >= LOG_WARN)
        warnings++;
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);

    if (!f)
        return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/stackhouse-store-XXXXXX");
    if (!mkdtemp(f->dir)) {
        free(f);
        return -1;
    }
    snprintf(f->path, sizeof f->path, "%s/stackhouse.db", f->dir);
    warnings = 0;
    log_set_sink(count_warnings, NULL);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    char cmd[128];

    log_set_sink(NULL, NULL);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    if (system(cmd) != 0)
        return -1;
    free(f);
    return 0;
}

static store *open_ok(const fixture *f)
{
    char err[1024];
    store *db = store_open(f->path, err, sizeof err);

    assert_non_null(db);
    assert_string_equal(err, "");
    return db;
}

static void put_one(store *db, const char *key, const char *val)
{
    assert_int_equal(store_begin(db), 0);
    assert_int_equal(store_put(db, "settings", key, val), 0);
    assert_int_equal(store_end(db, 1), 0);
}

static void assert_value(store *db, const char *key, const char *want)
{
    char val[64];

    assert_int_equal(store_get(db, "settings", key, val, sizeof val), 0);
    assert_string_equal(val, want);
}

static void write_file(const char *path, const void *bytes, size_t n)
{
    FILE *fp = fopen(path, "wb");

    assert_non_null(fp);
    assert_int_equal(fwrite(bytes, 1, n, fp), n);
    assert_int_equal(fclose(fp), 0);
}

static size_t read_file(const char *path, char *buf, size_t n)
{
    FILE *fp = fopen(path, "rb");
    size_t got;

    assert_non_null(fp);
    got = fread(buf, 1, n, fp);
    fclose(fp);
    return got;
}

static void test_round_trip(void **state)
{
    fixture *f = *state;
    store *db = open_ok(f);
    char val[8];

    assert_string_equal(store_path(db), f->path);
    put_one(db, "colour", "blue");
    put_one(db, "colour", "green"); /* overwrites */
    assert_value(db, "colour", "green");
    assert_int_equal(store_get(db, "settings", "absent", val, sizeof val), 1);
    store_close(db);
    db = open_ok(f); /* persists across reopening */
    assert_value(db, "colour", "green");
    store_close(db);
}

static void test_saves(void **state)
{
    fixture *f = *state;
    store *db = open_ok(f);
    char game[32], *rec = NULL;

    assert_int_equal(store_save_get(db, "stax", game, sizeof game, &rec), 1);
    assert_null(rec);
    assert_int_equal(store_save_put(db, "stax", "stax", "record one\n"), 0);
    assert_int_equal(store_save_put(db, "stax", "stax", "record two\n"), 0); /* replaces */
    assert_int_equal(store_save_put(db, "other", "9stax", "x"), 0);
    store_close(db);
    db = open_ok(f); /* persists across reopening */
    assert_int_equal(store_save_get(db, "stax", game, sizeof game, &rec), 0);
    assert_string_equal(game, "stax");
    assert_string_equal(rec, "record two\n");
    free(rec);
    assert_int_equal(store_save_delete(db, "stax"), 0);
    assert_int_equal(store_save_delete(db, "stax"), 0); /* absent is fine */
    assert_int_equal(store_save_get(db, "stax", game, sizeof game, &rec), 1);
    assert_int_equal(store_save_get(db, "other", game, sizeof game, &rec), 0);
    assert_string_equal(game, "9stax");
    free(rec);
    /* Inside an open transaction a save joins it, and a rollback drops it. */
    assert_int_equal(store_begin(db), 0);
    assert_int_equal(store_save_put(db, "doomed", "stax", "r"), 0);
    assert_int_equal(store_end(db, 0), 0);
    assert_int_equal(store_save_get(db, "doomed", game, sizeof game, &rec), 1);
    assert_int_equal(store_save_put(NULL, "a", "b", "c"), -1);
    assert_int_equal(store_save_put(db, "a", NULL, "c"), -1);
    store_close(db);
}

/* A full disk under a real commit (the fault VFS): the save fails with
 * SQLite's own reason, the save before it stays whole, and once there is
 * room again the next save goes in and the reason clears. Settings too. */
static void test_full_disk(void **state)
{
    fixture *f = *state;
    store *db = open_ok(f);
    char game[32], *rec = NULL, val[8];
    settings s;

    assert_int_equal(store_save_put(db, "stax", "stax", "four moves\n"), 0);
    assert_string_equal(store_error(db), "");
    store_fault_full(db, 2);
    assert_int_equal(store_save_put(db, "stax", "stax", "eight moves\n"), -1);
    assert_string_equal(store_error(db), "database or disk is full");
    settings_defaults(&s);
    s.v[SETTING_music_volume] = 3;
    assert_int_equal(settings_save(db, &s), -1);
    assert_string_equal(store_error(db), "database or disk is full");
    assert_int_equal(store_save_get(db, "stax", game, sizeof game, &rec), 0);
    assert_string_equal(rec, "four moves\n");
    free(rec);
    assert_int_equal(store_get(db, "settings", "music_volume", val, sizeof val), 1);
    /* Space again: the retry saves. */
    assert_int_equal(store_save_put(db, "stax", "stax", "eight moves\n"), 0);
    assert_string_equal(store_error(db), "");
    store_close(db);
    db = open_ok(f);
    assert_int_equal(store_save_get(db, "stax", game, sizeof game, &rec), 0);
    assert_string_equal(rec, "eight moves\n");
    free(rec);
    store_close(db);
}

/* Commits kept=1, then opens a transaction that changes it and adds gone. */
static void start_doomed_write(store *db)
{
    put_one(db, "kept", "1");
    assert_int_equal(store_begin(db), 0);
    assert_int_equal(store_put(db, "settings", "kept", "2"), 0);
    assert_int_equal(store_put(db, "settings", "gone", "x"), 0);
}

/* Nothing of the doomed write is visible. */
static void assert_untouched(store *db)
{
    char val[8];

    assert_value(db, "kept", "1");
    assert_int_equal(store_get(db, "settings", "gone", val, sizeof val), 1);
}

static void test_rollback(void **state)
{
    fixture *f = *state;
    store *db = open_ok(f);

    start_doomed_write(db);
    assert_int_equal(store_begin(db), -1); /* no nesting */
    assert_int_equal(store_end(db, 0), 0);
    assert_untouched(db);
    assert_int_equal(store_end(db, 1), -1);                     /* nothing open */
    assert_int_equal(store_put(db, "settings", "k", "v"), -1); /* outside a transaction */
    store_close(db);
}

static void test_unknown_table(void **state)
{
    fixture *f = *state;
    store *db = open_ok(f);
    char val[8];

    assert_int_equal(store_begin(db), 0);
    assert_int_equal(store_put(db, "settings; DROP TABLE settings", "k", "v"), -1);
    assert_int_equal(store_put(db, "players", "k", "v"), -1);
    assert_int_equal(store_put(db, "stats", "k", "v"), -1); /* not a key/value table */
    assert_int_equal(store_end(db, 1), 0);
    assert_int_equal(store_get(db, "nope", "k", val, sizeof val), -1);
    assert_int_equal(store_get(db, NULL, "k", val, sizeof val), -1);
    store_close(db);
}

static void test_settings_defaults_and_round_trip(void **state)
{
    fixture *f = *state;
    store *db = open_ok(f);
    settings s, back, defaults;

    settings_defaults(&defaults);
    assert_int_equal(settings_load(db, &s), 0); /* empty store: defaults */
    assert_memory_equal(&s, &defaults, sizeof s);
    settings_set(&s, SETTING_fullscreen, 1);
    settings_set(&s, SETTING_music_volume, 30);
    settings_set(&s, SETTING_render_scale, 70);
    assert_int_equal(settings_save(db, &s), 0);
    store_close(db);
    db = open_ok(f);
    assert_int_equal(settings_load(db, &back), 0);
    assert_memory_equal(&s, &back, sizeof s);
    assert_int_equal(back.v[SETTING_music_volume], 30);
    store_close(db);
    assert_int_equal(warnings, 0);
}

static void test_settings_set_and_step(void **state)
{
    /* Applied in order: step != 0 steps by it, otherwise sets arg. */
    static const struct {
        setting_id id;
        int step, arg, want;
    } ops[] = {
        {SETTING_render_scale, 0, 20, 50},     {SETTING_music_volume, 0, 37, 40},
        {SETTING_music_volume, 0, 1000, 100},  {SETTING_music_volume, 1, 0, 100}, /* clamps */
        {SETTING_music_volume, -1, 0, 90},     {SETTING_fullscreen, 1, 0, 1},
        {SETTING_fullscreen, 1, 0, 0}, /* wraps */ {SETTING_fullscreen, -1, 0, 1},
    };
    settings s;

    (void)state;
    settings_defaults(&s);
    assert_string_equal(settings_desc(SETTING_music_volume)->key, "music_volume");
    assert_null(settings_desc(SETTING_COUNT));
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        if (ops[k].step)
            settings_step(&s, ops[k].id, ops[k].step);
        else
            settings_set(&s, ops[k].id, ops[k].arg);
        assert_int_equal(s.v[ops[k].id], ops[k].want);
    }
}

static void test_settings_bad_rows(void **state)
{
    fixture *f = *state;
    store *db = open_ok(f);
    settings s;

    assert_int_equal(store_begin(db), 0);
    assert_int_equal(store_put(db, "settings", "music_volume", "loud"), 0);
    assert_int_equal(store_put(db, "settings", "effects_volume", "12abc"), 0);
    assert_int_equal(store_put(db, "settings", "render_scale", "250"), 0);
    assert_int_equal(store_put(db, "settings", "fullscreen", "-5"), 0);
    assert_int_equal(store_put(db, "settings", "colorblind", "99999999999999999999"), 0);
    assert_int_equal(store_put(db, "settings", "reduced_motion", "1"), 0);
    assert_int_equal(store_put(db, "settings", "from_the_future", "7"), 0);
    assert_int_equal(store_end(db, 1), 0);
    assert_int_equal(settings_load(db, &s), 0);
    assert_int_equal(s.v[SETTING_music_volume], 50);   /* malformed: default */
    assert_int_equal(s.v[SETTING_effects_volume], 80); /* malformed: default */
    assert_int_equal(s.v[SETTING_render_scale], 100);  /* clamped */
    assert_int_equal(s.v[SETTING_fullscreen], 0);      /* clamped */
    assert_int_equal(s.v[SETTING_colorblind], 0);      /* overflow: default */
    assert_int_equal(s.v[SETTING_reduced_motion], 1);
    assert_int_equal(warnings, 5);
    store_close(db);
}

static void test_garbage_moved_aside(void **state)
{
    fixture *f = *state;
    static const char garbage[] = "this is not an SQLite database, just some bytes\n";
    char err[1024], aside[256], back[256];
    store *db;

    write_file(f->path, garbage, sizeof garbage);
    db = store_open(f->path, err, sizeof err);
    assert_non_null(db);
    snprintf(aside, sizeof aside, "%s.corrupt-1", f->path);
    assert_non_null(strstr(err, aside));
    assert_non_null(strstr(err, f->path));
    assert_int_equal(read_file(aside, back, sizeof back), sizeof garbage);
    assert_memory_equal(back, garbage, sizeof garbage);
    put_one(db, "fresh", "yes");
    assert_value(db, "fresh", "yes");
    store_close(db);

    /* A second bad file takes the next free name. */
    write_file(f->path, garbage, 10);
    db = store_open(f->path, err, sizeof err);
    assert_non_null(db);
    assert_non_null(strstr(err, ".corrupt-2"));
    store_close(db);
}

static void test_truncated_moved_aside(void **state)
{
    fixture *f = *state;
    char err[1024], aside[256];
    char *bytes = malloc(1 << 20);
    size_t n;
    store *db = open_ok(f);
    char big[2048];

    assert_non_null(bytes);
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    assert_int_equal(store_begin(db), 0);
    for (int k = 0; k < 200; k++) {
        char key[16];
        snprintf(key, sizeof key, "k%d", k);
        assert_int_equal(store_put(db, "settings", key, big), 0);
    }
    assert_int_equal(store_end(db, 1), 0);
    store_close(db); /* checkpoints the WAL into the file */
    n = read_file(f->path, bytes, 1 << 20);
    assert_true(n > 8192);
    write_file(f->path, bytes, n / 3);
    db = store_open(f->path, err, sizeof err);
    assert_non_null(db);
    snprintf(aside, sizeof aside, "%s.corrupt-1", f->path);
    assert_non_null(strstr(err, aside));
    store_close(db);
    free(bytes);
}

static void test_future_version_moved_aside(void **state)
{
    fixture *f = *state;
    char err[1024], aside[256], val[8];
    sqlite3 *raw;
    store *db = open_ok(f);

    put_one(db, "old", "1");
    store_close(db);
    assert_int_equal(sqlite3_open(f->path, &raw), SQLITE_OK);
    assert_int_equal(sqlite3_exec(raw, "PRAGMA user_version = 99", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(raw);

    db = store_open(f->path, err, sizeof err);
    assert_non_null(db);
    snprintf(aside, sizeof aside, "%s.corrupt-1", f->path);
    assert_non_null(strstr(err, aside));
    assert_int_equal(store_get(db, "settings", "old", val, sizeof val), 1); /* fresh */
    store_close(db);

    /* The newer file is intact: still its version, still its data. */
    assert_int_equal(sqlite3_open_v2(aside, &raw, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(raw, "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 99);
    sqlite3_finalize(st);
    assert_int_equal(
        sqlite3_prepare_v2(raw, "SELECT value FROM settings WHERE key='old'", -1, &st, NULL),
        SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "1");
    sqlite3_finalize(st);
    sqlite3_close(raw);
}

static void test_unopenable_path(void **state)
{
    fixture *f = *state;
    char err[1024], path[256];

    /* A path through a plain file fails for every user, root included. */
    snprintf(path, sizeof path, "%s/notadir", f->dir);
    write_file(path, "x", 1);
    snprintf(path, sizeof path, "%s/notadir/stackhouse.db", f->dir);
    assert_null(store_open(path, err, sizeof err));
    assert_non_null(strstr(err, path));
    if (geteuid() == 0)
        return; /* root writes into read-only directories */
    snprintf(path, sizeof path, "%s/ro", f->dir);
    assert_int_equal(mkdir(path, 0500), 0);
    snprintf(path, sizeof path, "%s/ro/stackhouse.db", f->dir);
    assert_null(store_open(path, err, sizeof err));
    assert_non_null(strstr(err, path));
}

static void test_close_without_commit(void **state)
{
    fixture *f = *state;
    store *db = open_ok(f);

    start_doomed_write(db);
    store_close(db); /* the "crash": never committed */
    db = open_ok(f);
    assert_untouched(db);
    store_close(db);
}

static void test_process_dies_mid_transaction(void **state)
{
    fixture *f = *state;
    store *db = open_ok(f);
    char val[8];
    int status;
    pid_t pid;

    put_one(db, "volume", "40");
    store_close(db); /* SQLite connections must not cross a fork */
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char err[1024], key[16], big[1024];
        store *child = store_open(f->path, err, sizeof err);

        if (!child || store_begin(child) != 0)
            _exit(2);
        memset(big, 'y', sizeof big - 1);
        big[sizeof big - 1] = '\0';
        store_put(child, "settings", "volume", "90");
        /* Enough data to spill uncommitted pages into the WAL file. */
        for (int k = 0; k < 4000; k++) {
            snprintf(key, sizeof key, "junk%d", k);
            store_put(child, "settings", key, big);
        }
        _exit(1); /* dies holding the transaction */
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 1);
    db = open_ok(f); /* no .corrupt-N: the file is sound */
    assert_value(db, "volume", "40");
    assert_int_equal(store_get(db, "settings", "junk0", val, sizeof val), 1);
    put_one(db, "volume", "60"); /* and writable again */
    assert_value(db, "volume", "60");
    store_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rollback, setup, teardown),
        cmocka_unit_test_setup_teardown(test_saves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_table, setup, teardown),
        cmocka_unit_test_setup_teardown(test_full_disk, setup, teardown),
        cmocka_unit_test_setup_teardown(test_settings_defaults_and_round_trip, setup, teardown),
        cmocka_unit_test(test_settings_set_and_step),
        cmocka_unit_test_setup_teardown(test_settings_bad_rows, setup, teardown),
        cmocka_unit_test_setup_teardown(test_garbage_moved_aside, setup, teardown),
        cmocka_unit_test_setup_teardown(test_truncated_moved_aside, setup, teardown),
        cmocka_unit_test_setup_teardown(test_future_version_moved_aside, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unopenable_path, setup, teardown),
        cmocka_unit_test_setup_teardown(test_close_without_commit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_process_dies_mid_transaction, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
