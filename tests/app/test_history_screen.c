/* The history and statistics screens and setup's players (#28), on the
 * fixture history (histscreen_fixture.h), through the doors players use:
 * input scripts by mouse and by controller from the picker, setup and the
 * score screen, asserting on the trace the screens write and on the
 * database itself; then golden shots of both screens at 1024×768,
 * 1280×720 and 3840×2160 with the checks test_screens makes (text inside
 * its boxes, at UI_MIN or larger, 4.5:1 or better). */
// ctest-label: screens (runs the app under Xvfb: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cmocka.h>

#include "app/app.h"
#include "app/history.h"
#include "app/stats.h"
#include "core/registry.h"
#include "drivers/script.h"
#include "histscreen_fixture.h"
#include "screencheck.h"
#include "testenv.h"
#include "textcontrast.h"
#include "texthook.h"

static char pref[256]; /* this test's preferences folder, with the fixture (ends with '/') */

/* A fresh preferences folder holding the fixture history (fill 1) or none. */
static void fresh_pref(int fill)
{
    toast_clear(); /* the toast is the process's: an earlier app's is not this one's */
    snprintf(pref, sizeof pref, "%s/", testenv_tmpdir());
    setenv("STACKHOUSE_PREF_DIR", pref, 1);
    if (fill)
        assert_int_equal(histfix_fill(pref), 0);
}

/* Runs the app on scene (game) with the script text, until the script is
 * done and frames more; the trace into trace (malloc'd, caller frees).
 * shot: the last frame is checked and compared with golden NAME (NULL none). */
static char *run_app(const char *scene_name, const char *game, const char *script_text, int frames, int w, int h,
                     const char *golden)
{
    app_options o;
    app *a;
    script *sc = NULL;
    char script_path[512], trace_path[512], err[512];
    double now = 0;
    int f = 0, left = frames;
    memset(&o, 0, sizeof o);
    o.window_w = w;
    o.window_h = h;
    o.scene = scene_name;
    o.game = game;
    o.headless = 1;
    o.screenshot = "(test)";
    snprintf(trace_path, sizeof trace_path, "%strace.txt", pref);
    o.trace = trace_path;
    if (script_text) {
        FILE *fp;
        snprintf(script_path, sizeof script_path, "%sscript.txt", pref);
        fp = fopen(script_path, "w");
        assert_non_null(fp);
        fputs(script_text, fp);
        fclose(fp);
        sc = script_load(script_path, err, sizeof err);
        if (!sc)
            fail_msg("%s", err);
    }
    a = app_create(&o);
    assert_non_null(a);
    for (;; f++) {
        int last;
        if (sc && script_tick(sc, a, err, sizeof err) != 0)
            fail_msg("input script: %s", err);
        if (!sc || script_done(sc))
            left--;
        last = left <= 0;
        assert_true(f < 200000);
        now += APP_STEP;
        if (last && golden) {
            n_texts = 0;
            ui_audit_enable(1);
            ui_audit_reset();
            render_set_text_hook(a->r, texthook_on_text, a->r);
        }
        assert_int_equal(app_frame(a, now, 1), 0);
        if (last)
            break;
    }
    if (golden) {
        char name[96];
        uint8_t *px = malloc((size_t)w * h * 4), *small = malloc(GOLD_W * GOLD_H * 4);
        render_set_text_hook(a->r, NULL, NULL);
        ui_audit_enable(0);
        snprintf(name, sizeof name, "%s-%dx%d", golden, w, h);
        assert_true(n_texts > 3);
        check_text_inside(a->vw);
        check_text_sizes(name);
        check_hint_bar_clear();
        assert_int_equal(render_read_pixels(a->r, w, h, px), 0);
        check_not_blank(px, w, h);
        assert_int_equal(textcontrast_check(name, px, w, h), 0);
        downscale(px, w, h, small);
        compare_golden(small, name);
        free(px);
        free(small);
    }
    if (sc)
        script_free(sc);
    app_destroy(a);
    return testenv_slurp(trace_path);
}

/* The database's players, as "Anna,Bartosz,..." (people only). */
static void people(char *out, size_t n)
{
    char path[512], err[256];
    history_player p[64];
    store *db;
    int k;
    snprintf(path, sizeof path, "%sstackhouse.db", pref);
    db = store_open(path, err, sizeof err);
    assert_non_null(db);
    k = history_players(db, p, 64);
    assert_true(k >= 0);
    out[0] = 0;
    for (int i = 0; i < k; i++)
        if (p[i].level == 0)
            snprintf(out + strlen(out), n - strlen(out), "%s%s", out[0] ? "," : "", p[i].name);
    store_close(db);
}

/* ------------------------------------------------------------ the history */

/* From the picker by mouse: the history lists every match newest first,
 * the player filter narrows it to Anna's, a page turns with the wheel and by
 * the Older button, and Statistics shows Anna's hand-counted numbers. */
static void test_history_mouse(void **state)
{
    char *t;
    (void)state;
    fresh_pref(1);
    t = run_app("picker", NULL,
                "wait 5\nclick-on history\nwait 5\nexpect-scene history\n"
                "wheel -1\nwait 3\n"      /* page 2 */
                "click-on page_prev\nwait 3\n" /* back to page 1 */
                "click-on filter_player\nwait 3\n" /* Anyone -> the first player */
                "click-on stats\nwait 5\nexpect-scene stats\n",
                5, 1280, 720, NULL);
    /* every match, newest (the unfinished stax) first */
    assert_non_null(strstr(t, "history list mode all player anyone total 30 page 1 rows 5\n"
                              "history row 30 stax playing seats Anna,Chidi result -\n"
                              "history row 29 samestax finished seats Anna,Computer (Easy),Computer (Medium) result Anna wins!\n"));
    assert_non_null(strstr(t, "history list mode all player anyone total 30 page 2 rows 5\n"));
    assert_non_null(strstr(t, "history row 23 9stax finished seats Anna,Bartosz,Computer (Hard) result A shared win!\n"));
    assert_non_null(strstr(t, "history row 26 stackatrack abandoned seats Anna,Bartosz result -\n"));
    assert_non_null(strstr(t, "history list mode all player Anna total 9 page 1 rows 5\n"));
    assert_non_null(strstr(t, "stats Anna all played 7 won 4 shared 1 lost 2 abandoned 1 streak 3 best 3 vs 3/4 1/2 1/2"));
    free(t);
}

/* By controller alone: the mode filter steps to STAX with the d-pad, the
 * shoulder turns the page, the d-pad past the last row turns it too, and
 * Statistics opens on the player filter's player. */
static void test_history_pad(void **state)
{
    char *t, lines[2048], presses[256] = "";
    int stax = -1;
    (void)state;
    fresh_pref(1);
    /* All modes, then the modes in the picker's order up to STAX */
    for (int i = 0; i < registry_count() && stax < 0; i++) {
        strcat(presses, "pad dpright\nwait 2\n");
        if (strcmp(registry_get(i)->id, "stax") == 0)
            stax = i;
    }
    snprintf(lines, sizeof lines,
             "pad attach\nwait 5\npad-to history\npad a\nwait 5\nexpect-scene history\n"
             "pad-to filter_mode\n%s"
             "pad rightshoulder\nwait 3\n" /* page 2 of STAX */
             "pad leftshoulder\nwait 3\n"
             "pad-to export4\npad dpdown\nwait 3\n" /* past the last row: page 2 again */
             "pad y\nwait 2\npad-to filter_player\npad dpright\nwait 3\n" /* Y: to the filters */
             "pad-to stats\npad a\nwait 5\nexpect-scene stats\n"
             "pad b\nwait 3\nexpect-scene history\n",
             presses);
    t = run_app("picker", NULL, lines, 5, 1280, 720, NULL);
    assert_non_null(strstr(t, "history list mode stax player anyone total 24 page 1 rows 5\n"));
    assert_non_null(strstr(t, "history list mode stax player anyone total 24 page 2 rows 5\n"));
    {
        /* the d-pad past the last row turned to page 2 with the focus on its first row */
        const char *down = strstr(t, "focus history export4\n");
        assert_non_null(down);
        assert_non_null(strstr(down, "history list mode stax player anyone total 24 page 2 rows 5\n"));
    }
    assert_non_null(strstr(t, "history list mode stax player Anna total 4 page 1 rows 4\n"));
    /* STAX alone: 1 won, 2 lost, 7 won; the unfinished one not counted */
    assert_non_null(strstr(t, "stats Anna stax played 3 won 2 shared 0 lost 1 abandoned 0 streak 1 best 1 vs 2/2 0/1 0/0"));
    free(t);
}

/* Export by mouse writes the row's match file into exports/; dropping it
 * on the window imports it again (the count goes up by one); a file that is
 * not a match file is refused with the reader's reason, and nothing is kept. */
static void test_history_export_import(void **state)
{
    char *t, lines[2048], bad[600], exported[600] = "";
    FILE *f;
    (void)state;
    fresh_pref(1);
    t = run_app("history", NULL, "wait 5\nclick-on export0\nwait 3\n", 3, 1280, 720, NULL);
    {
        const char *at = strstr(t, "history export 30 ");
        assert_non_null(at);
        snprintf(exported, sizeof exported, "%.*s", (int)strcspn(at + strlen("history export 30 "), "\n"),
                 at + strlen("history export 30 "));
    }
    free(t);
    f = fopen(exported, "r");
    assert_non_null(f);
    fclose(f);
    snprintf(bad, sizeof bad, "%snot-a-match.txt", pref);
    f = fopen(bad, "w");
    assert_non_null(f);
    fputs("hello\n", f);
    fclose(f);
    snprintf(lines, sizeof lines, "wait 5\ndrop %s\nwait 3\ndrop %s\nwait 3\n", exported, bad);
    t = run_app("history", NULL, lines, 3, 1280, 720, NULL);
    assert_non_null(strstr(t, "history import 2026-11-10 18.00 stax Anna vs Chidi.stackhouse.txt ok\n"));
    assert_non_null(strstr(t, "history list mode all player anyone total 31 page 1 rows 5\n"));
    assert_non_null(strstr(t, "history import not-a-match.txt failed: "));
    assert_null(strstr(t, "total 32"));
    free(t);
}

/* The imports folder: Import takes every file there and moves it aside. */
static void test_history_import_folder(void **state)
{
    char *t, dir[600], path[700];
    FILE *f, *in;
    char *text;
    (void)state;
    fresh_pref(1);
    t = run_app("history", NULL, "wait 5\nclick-on export0\nwait 3\n", 3, 1280, 720, NULL);
    {
        const char *at = strstr(t, "history export 30 ");
        assert_non_null(at);
        snprintf(path, sizeof path, "%.*s", (int)strcspn(at + strlen("history export 30 "), "\n"),
                 at + strlen("history export 30 "));
    }
    free(t);
    text = testenv_slurp(path);
    snprintf(dir, sizeof dir, "%simports", pref);
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/a-match.txt", dir);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    free(text);
    t = run_app("history", NULL, "wait 5\nclick-on import\nwait 3\n", 3, 1280, 720, NULL);
    assert_non_null(strstr(t, "history import a-match.txt ok\n"));
    assert_non_null(strstr(t, "total 31 page 1"));
    free(t);
    in = fopen(path, "r"); /* moved aside: Import never takes it twice */
    assert_null(in);
    snprintf(path, sizeof path, "%s/imported/a-match.txt", dir);
    in = fopen(path, "r");
    assert_non_null(in);
    fclose(in);
}

/* ------------------------------------------------------------ the players */

/* Rename by mouse (the name typed), then delete by controller: asked
 * first, Keep keeps, Delete deletes; the history's filter and rows follow. */
static void test_players_rename_delete(void **state)
{
    char *t, names[256];
    (void)state;
    fresh_pref(1);
    people(names, sizeof names);
    assert_string_equal(names, "Anna,Bartosz,Chidi");
    t = run_app("history", NULL,
                "wait 5\nclick-on players\nwait 3\nexpect-scene players\n"
                "click-on rename_p0\nwait 3\nexpect-scene names\n"
                "key Backspace\nkey Backspace\nkey Backspace\nkey Backspace\ntext Annabel\nkey Return\nwait 3\n"
                "expect-scene players\n"
                "pad attach\npad-to delete_p1\npad a\nwait 3\n" /* Bartosz: asked */
                "pad-to confirm_keep\npad a\nwait 3\n"
                "pad-to delete_p1\npad a\nwait 3\npad-to confirm_delete\npad a\nwait 3\n"
                "pad b\nwait 3\nexpect-scene history\n"
                "click-on filter_player\nwait 3\n",
                3, 1280, 720, NULL);
    assert_non_null(strstr(t, "history rename Anna Annabel\n"));
    assert_non_null(strstr(t, "history delete Bartosz asked\n"));
    assert_non_null(strstr(t, "history delete Bartosz kept\n"));
    assert_non_null(strstr(t, "history delete Bartosz\n"));
    assert_non_null(strstr(t, "history list mode all player Annabel total 9 page 1 rows 5\n"));
    assert_non_null(strstr(t, "history row 29 samestax finished seats Annabel,Computer (Easy)"));
    free(t);
    people(names, sizeof names);
    assert_string_equal(names, "Annabel,Chidi");
}

/* ---------------------------------------------------------------- setup */

/* By keyboard and mouse: a name typed at seat 1 (cleaned: blanks squeezed),
 * shown in setup and kept as a player; by controller: a known player picked
 * from the list for seat 1. */
static void test_setup_names(void **state)
{
    char *t, names[256];
    (void)state;
    fresh_pref(1);
    t = run_app("picker", NULL,
                "wait 5\nclick-on stax\nwait 3\nexpect-scene setup\n"
                "click-on name1\nwait 3\nexpect-scene names\n"
                "text   Zo\xc3\xab   Q\nkey Return\nwait 3\nexpect-scene setup\n",
                3, 1280, 720, NULL);
    assert_non_null(strstr(t, "setup name seat1 Zo\xc3\xab Q\n"));
    free(t);
    people(names, sizeof names);
    assert_string_equal(names, "Anna,Bartosz,Chidi,Zo\xc3\xab Q");
    t = run_app("picker", NULL,
                "pad attach\nwait 5\npad-to stax\npad a\nwait 3\nexpect-scene setup\n"
                "pad-to name1\npad a\nwait 3\nexpect-scene names\n"
                "pad-to player1\npad a\nwait 3\nexpect-scene setup\n",
                3, 1280, 720, NULL);
    assert_non_null(strstr(t, "setup name seat1 Bartosz\n"));
    free(t);
}

/* ------------------------------------------------------------ the whole path */

/* The first kept match's header from the database (the test's store). */
static void first_row(history_row *row)
{
    char path[512], err[256];
    store *db;
    snprintf(path, sizeof path, "%sstackhouse.db", pref);
    db = store_open(path, err, sizeof err);
    assert_non_null(db);
    assert_int_equal(history_list(db, NULL, 0, 1, row), 1);
    store_close(db);
}

/* By keyboard and mouse, on a fresh database: a name typed at seat 1 of
 * STAX, a match begun against the computer (a move each) and left by Save
 * & quit; the
 * picker's History finds it under that name (not finished), and the player
 * filter keeps it. */
static void test_whole_path_mouse(void **state)
{
    char *t;
    history_row row;
    (void)state;
    fresh_pref(0);
    t = run_app("picker", NULL,
                "wait 5\nclick-on stax\nwait 3\nexpect-scene setup\n"
                "click-on name1\nwait 3\ntext Zo\xc3\xab\nkey Return\nwait 3\n"
                "click-on start\nwait 20\nexpect-scene table\n"
                "click 810 700\nwait 3\nclick 910 600\nwait 90\n" /* a move (as stax_quit.txt), the computer's answer */
                "key Escape\nwait 5\nexpect-scene menu\nclick-on quit\n"
                "wait 5\nexpect-scene picker\nclick-on history\nwait 5\nexpect-scene history\n"
                "click-on filter_player\nwait 3\n",
                3, 1280, 720, NULL);
    assert_non_null(strstr(t, "setup name seat1 Zo\xc3\xab\n"));
    assert_non_null(strstr(t, "history list mode all player anyone total 1 page 1 rows 1\n"
                              "history row 1 stax playing seats Zo\xc3\xab,Computer (Medium) result -\n"));
    assert_non_null(strstr(t, "history list mode all player Zo\xc3\xab total 1 page 1 rows 1\n"));
    free(t);
    first_row(&row);
    assert_string_equal(row.info.mode, "stax");
    assert_string_equal(row.info.seat[0].name, "Zo\xc3\xab");
    assert_int_equal(row.info.seat[0].level, 0);
}

/* The score screen's History, by mouse and by controller: the history
 * opens on the finished game's mode, and Back returns to the score screen. */
static void test_score_opens_history(void **state)
{
    char *t;
    (void)state;
    fresh_pref(1);
    t = run_app("score", "stax", "wait 5\nclick-on history\nwait 5\nexpect-scene history\nkey Escape\nwait 3\n"
                "expect-scene score\n", 3, 1280, 720, NULL);
    assert_non_null(strstr(t, "history list mode stax player anyone total 24 page 1 rows 5\n"));
    free(t);
    t = run_app("score", "9stax", "pad attach\nwait 5\npad-to history\npad a\nwait 5\nexpect-scene history\n"
                "pad b\nwait 3\nexpect-scene score\n", 3, 1280, 720, NULL);
    assert_non_null(strstr(t, "history list mode 9stax player anyone total 1 page 1 rows 1\n"
                              "history row 23 9stax finished seats Anna,Bartosz,Computer (Hard) result A shared win!\n"));
    free(t);
}

/* ---------------------------------------------------------------- shots */

static void shoot(const char *scene_name, const char *script_text, const char *golden, int w, int h)
{
    char *t;
    fresh_pref(1);
    t = run_app(scene_name, NULL, script_text, 20, w, h, golden);
    free(t);
}

static void test_shots_history(void **state)
{
    (void)state;
    shoot("history", NULL, "history", 1024, 768);
    shoot("history", NULL, "history", 1280, 720);
    shoot("history", NULL, "history", 3840, 2160);
}

static void test_shots_stats(void **state)
{
    (void)state;
    shoot("stats", NULL, "stats", 1024, 768);
    shoot("stats", NULL, "stats", 1280, 720);
    shoot("stats", NULL, "stats", 3840, 2160);
}

static void test_shots_panels(void **state)
{
    (void)state;
    shoot("history", "wait 3\nclick-on players\nwait 3\n", "history-players", 1280, 720);
    shoot("setup", "wait 3\nclick-on name1\nwait 3\ntext Zo\xc3\xab\nwait 2\n", "setup-name", 1280, 720);
}

int main(void)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_history_mouse),         cmocka_unit_test(test_history_pad),
        cmocka_unit_test(test_history_export_import), cmocka_unit_test(test_history_import_folder),
        cmocka_unit_test(test_players_rename_delete), cmocka_unit_test(test_setup_names),
        cmocka_unit_test(test_shots_history),         cmocka_unit_test(test_shots_stats),
        cmocka_unit_test(test_shots_panels),          cmocka_unit_test(test_whole_path_mouse),
        cmocka_unit_test(test_score_opens_history),
    };
    /* STACKHOUSE_SCREENS_FILTER (a cmocka pattern, "*whole*") picks the tests, as test_screens' does */
    if (getenv("STACKHOUSE_SCREENS_FILTER"))
        cmocka_set_test_filter(getenv("STACKHOUSE_SCREENS_FILTER"));
    /* dates as the fixture's times in UTC, whatever the machine's zone */
    setenv("TZ", "UTC", 1);
    tzset();
    return cmocka_run_group_tests(tests, testenv_app_setup, testenv_app_teardown);
}
