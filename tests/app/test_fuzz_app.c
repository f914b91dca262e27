/* Fuzzing of the app's parsers with seeded mutations of valid inputs: input
 * scripts, rules markdown and settings database files. Each must either
 * accept or reject with a message; never crash, hang or leak (ASan pass). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL.h>

#include "drivers/script.h"
#include "shell/settings.h"
#include "app/settings_store.h"
#include "app/store.h"
#include "core/rng.h"
#include "../fuzz/fuzz_mutate.h"
#include "testenv.h"
#include "ui/mdview.h"

#define ROUNDS 400

static const char script_seed[] = "pad attach\nwait 5\npad dpright\nstick up\nkey Return\n"
                                  "mouse 100 200\nclick 10 20\nwheel -3\nexpect-scene picker\n"
                                  "screenshot /tmp/x.png\n# comment\npad detach\n";

static const char md_seed[] = "# Title\n\nSome *em* and **strong** and `code`.\n\n"
                              "- one\n- two\n  1. nested\n\n> quote\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
                              "```\ncode block\n```\n\n---\n";

/* Mutates buf in place: flips, inserts, deletes and duplicates bytes. */
static size_t mutate(rng *r, char *buf, size_t len, size_t cap)
{
    /* 25 letters: the string's NUL too. */
    static const fuzz_mutator m = {"\n #*-`|>0123456789 xyz\t\xff", 25, 8, 16};
    return fuzz_mutate(&m, r, buf, len, cap);
}

static void test_fuzz_scripts(void **state)
{
    char buf[4096], path[256], err[600];
    const char *dir = testenv_tmpdir();
    rng r;
    int accepted = 0, rejected = 0;
    (void)state;
    assert_non_null(dir);
    snprintf(path, sizeof path, "%s/script.txt", dir);
    SDL_Init(SDL_INIT_EVENTS);
    rng_seed(&r, 7);
    for (int i = 0; i < ROUNDS; i++) {
        size_t len = strlen(script_seed);
        FILE *f;
        script *s;
        memcpy(buf, script_seed, len + 1);
        len = mutate(&r, buf, len, sizeof buf - 1);
        f = fopen(path, "wb");
        assert_non_null(f);
        fwrite(buf, 1, len, f);
        fclose(f);
        err[0] = '\0';
        s = script_load(path, err, sizeof err);
        if (s) {
            accepted++;
            script_free(s);
        } else {
            rejected++;
            assert_non_null(strstr(err, "line")); /* a rejection names the line */
        }
    }
    SDL_Quit();
    assert_true(accepted > 0);
    assert_true(rejected > 0);
}

/* Numbers a script cannot mean are refused with their line, before any
 * of them is turned into an int: not-a-number, infinities, values past
 * the virtual screen's reach, waits longer than an hour of frames, and
 * integers past int's range. Sane lines still load. */
static void test_script_numbers_out_of_range(void **state)
{
    static const char *const bad[] = {
        "mouse nan 10",  "click 10 inf",        "down 1e30 5",   "up 5 -1e30",  "wheel nan",
        "wheel 1e30",    "wait 99999999999",    "wait 1000000",  "mouse 10",    "wait-scene table 99999999999",
        "mouse 10 20x",  "wait 5 frames",
    };
    static const char *const good[] = {"mouse 10.5 20", "wheel -3", "wait 216000", "wait-scene table 5000"};
    char path[256], err[600];
    const char *dir = testenv_tmpdir();
    (void)state;
    assert_non_null(dir);
    snprintf(path, sizeof path, "%s/numbers.txt", dir);
    SDL_Init(SDL_INIT_EVENTS);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0] + sizeof good / sizeof good[0]; i++) {
        int is_bad = i < sizeof bad / sizeof bad[0];
        const char *line = is_bad ? bad[i] : good[i - sizeof bad / sizeof bad[0]];
        FILE *f = fopen(path, "wb");
        script *s;
        assert_non_null(f);
        fprintf(f, "wait 1\n%s\n", line);
        fclose(f);
        err[0] = '\0';
        s = script_load(path, err, sizeof err);
        if (is_bad) {
            if (s)
                fprintf(stderr, "accepted: %s\n", line);
            assert_null(s);
            assert_non_null(strstr(err, "line 2"));
        } else {
            if (!s)
                fprintf(stderr, "refused: %s (%s)\n", line, err);
            assert_non_null(s);
            script_free(s);
        }
    }
    SDL_Quit();
}

static void test_fuzz_markdown(void **state)
{
    char buf[4096], err[256];
    rng r;
    (void)state;
    rng_seed(&r, 11);
    for (int i = 0; i < ROUNDS * 4; i++) {
        size_t len = strlen(md_seed);
        md_doc *d;
        memcpy(buf, md_seed, len + 1);
        len = mutate(&r, buf, len, sizeof buf - 1);
        d = md_doc_parse(buf, len, err, sizeof err);
        if (d) {
            assert_true(md_block_count(d) >= 0);
            assert_non_null(md_title(d));
            md_free(d);
        }
    }
}

static void test_fuzz_settings_db(void **state)
{
    char path[256], err[1024], buf[8192];
    const char *dir = testenv_tmpdir();
    rng r;
    (void)state;
    assert_non_null(dir);
    rng_seed(&r, 5);
    snprintf(path, sizeof path, "%s/seed.db", dir);
    {
        /* A valid database to mutate. */
        store *db = store_open(path, err, sizeof err);
        settings s;
        assert_non_null(db);
        settings_defaults(&s);
        assert_int_equal(settings_save(db, &s), 0);
        store_close(db);
    }
    for (int i = 0; i < 60; i++) {
        char p2[300], cmd[700];
        FILE *f = fopen(path, "rb");
        size_t len;
        store *db;
        settings s;
        assert_non_null(f);
        len = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        len = mutate(&r, buf, len, sizeof buf - 1);
        snprintf(p2, sizeof p2, "%s/fuzz%d.db", dir, i);
        f = fopen(p2, "wb");
        assert_non_null(f);
        fwrite(buf, 1, len, f);
        fclose(f);
        err[0] = '\0';
        db = store_open(p2, err, sizeof err);
        assert_non_null(db); /* a bad file is moved aside, never fatal */
        settings_defaults(&s);
        settings_load(db, &s);
        for (int k = 0; k < SETTING_COUNT; k++) {
            assert_true(s.v[k] >= settings_desc((setting_id)k)->min);
            assert_true(s.v[k] <= settings_desc((setting_id)k)->max);
        }
        store_close(db);
        snprintf(cmd, sizeof cmd, "rm -f %s*", p2);
        assert_int_equal(testenv_run(cmd), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fuzz_scripts),
        cmocka_unit_test(test_script_numbers_out_of_range),
        cmocka_unit_test(test_fuzz_markdown),
        cmocka_unit_test(test_fuzz_settings_db),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
