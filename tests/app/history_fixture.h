/* What the history and statistics tests share: a store in a scratch folder
 * and a match as the table would keep it. */
#ifndef STACKHOUSE_TEST_HISTORY_FIXTURE_H
#define STACKHOUSE_TEST_HISTORY_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/history.h"
#include "app/store.h"
#include "core/log.h"
#include "testenv.h"

typedef struct hfix {
    char dir[128];
    char path[192];
} hfix;

/* The store logs its warnings; a test shows them with HISTORY_TEST_LOG=1. */
static void hfix_log(log_level level, const char *line, void *user)
{
    (void)level;
    (void)user;
    if (getenv("HISTORY_TEST_LOG"))
        fprintf(stderr, "%s\n", line);
}

static int hfix_setup(void **state)
{
    hfix *f = calloc(1, sizeof *f);
    const char *dir = testenv_tmpdir();
    if (!f || !dir) {
        free(f);
        return -1;
    }
    snprintf(f->dir, sizeof f->dir, "%s", dir);
    snprintf(f->path, sizeof f->path, "%s/stackhouse.db", f->dir);
    log_set_sink(hfix_log, NULL);
    *state = f;
    return 0;
}

static int hfix_teardown(void **state)
{
    hfix *f = *state;
    char cmd[256];
    log_set_sink(NULL, NULL);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    free(f);
    return system(cmd) == 0 ? 0 : -1;
}

/* Opens the fixture's store, which must open without a word. */
static store *hfix_open(const hfix *f)
{
    char err[1024];
    store *db = store_open(f->path, err, sizeof err);
    assert_non_null(db);
    assert_string_equal(err, "");
    return db;
}

/* A match of mode: seat 0 the person, seats 1.. computers of levels[]. */
static match_info hfix_match(const char *mode, const char *person, int players, const int *levels, int64_t started)
{
    match_info mi;
    memset(&mi, 0, sizeof mi);
    snprintf(mi.mode, sizeof mi.mode, "%s", mode);
    mi.params.players = players;
    mi.params.opt[0] = 1;
    mi.params.opt[2] = 3;
    mi.seed = 0xfeedfacecafebeefULL; /* above INT64_MAX: kept as all 64 bits */
    mi.started = started;
    for (int i = 0; i < players; i++) {
        mi.seat[i].level = i == 0 ? 0 : levels[i - 1];
        snprintf(mi.seat[i].name, sizeof mi.seat[i].name, "%s",
                 i == 0 ? person : history_computer_name(mi.seat[i].level));
        mi.seat[i].place = -1;
    }
    return mi;
}

#endif
