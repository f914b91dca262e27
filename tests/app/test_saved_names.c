/* A name typed in setup stays with its match through a save (#28): STAX
 * (the turn-based tables) and SPEEDSTAX (the real-time ones), each begun
 * from the picker with a name typed at seat 1, left by Save & quit; the
 * game closed and started again, resumed from setup: the resumed table
 * names seat 1 as typed (its match and its score lines, from which a
 * finished match's result is kept), and the history row it goes on in
 * still does. A save from before names were kept (no name line) resumes
 * as it always did. In-process (apprun.h), through real SDL events,
 * asserting on the table's own match and on the database. */
// ctest-label: screens (runs the app under Xvfb: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "app/history.h"
#include "core/registry.h"
#include "table/table.h"
#include "table/table_rt.h"
#include "apprun.h"

#define NAME "Zo\xc3\xab Q" /* typed with blanks around and between: setup squeezes them */

/* From the picker: mode's setup, NAME typed at seat 1, Start; then play
 * (script lines), and Menu > Save & quit back to the picker. */
static void begin_named(apprun *r, const char *mode, const char *play)
{
    char lines[1024];
    snprintf(lines, sizeof lines,
             "wait 5\nclick-on %s\nwait 5\nexpect-scene setup\n"
             "click-on name1\nwait 3\nexpect-scene names\ntext  Zo\xc3\xab   Q \nkey Return\nwait 3\nexpect-scene setup\n"
             "click-on start\nwait 20\nexpect-scene table\n%s"
             "key Escape\nwait 5\nexpect-scene menu\nclick-on quit\nwait 5\nexpect-scene picker\n",
             mode, play);
    apprun_script(r, lines, 2);
}

/* The game closed and started again (the names setup had in mind gone
 * with it): from the picker, mode's setup and Resume; the resumed table
 * names seat 1 as typed (its own match, and its score lines); then play, and
 * Save & quit again. */
static void resume_and_leave(apprun *r, const char *mode, const char *play, const char *name)
{
    char lines[1024], dir[sizeof r->dir];
    scene *s;
    score_report rep;
    snprintf(dir, sizeof dir, "%s", r->dir);
    apprun_close(r);
    apprun_open(r, dir, "picker", NULL, NULL, NULL);
    snprintf(lines, sizeof lines, "wait 5\nclick-on %s\nwait 5\nexpect-scene setup\nclick-on resume\nwait 20\n"
             "expect-scene table\n", mode);
    apprun_script(r, lines, 2);
    s = apprun_top(r);
    if (registry_find(mode)->rules) {
        assert_string_equal(table_match(s->data)->name[0], strcmp(name, "Human") ? name : "");
        table_report(s->data, &rep); /* -1: the game goes on; its lines are there */
    } else {
        table_rt_report(s->data, &rep);
    }
    if (!strstr(rep.names[0], name))
        fail_msg("%s resumed: seat 1 is '%s', not %s", mode, rep.names[0], name);
    snprintf(lines, sizeof lines,
             "%skey Escape\nwait 5\nexpect-scene menu\nclick-on quit\nwait 5\nexpect-scene picker\n", play);
    apprun_script(r, lines, 2);
}

/* The app's database (the app closed: the test's own connection). */
static store *open_db(const apprun *r)
{
    char path[500], err[300];
    store *db;
    snprintf(path, sizeof path, "%sstackhouse.db", r->dir);
    db = store_open(path, err, sizeof err);
    assert_non_null(db);
    return db;
}

/* The saved match of mode into *text (caller frees). */
static void saved(const apprun *r, const char *mode, char **text)
{
    /* an out parameter, not a returned local whose address the store took:
     * GCC 12's -Wdangling-pointer took that for a pointer to the local once
     * inlined (a Release build's false alarm) */
    store *db = open_db(r);
    char id[32];
    *text = NULL;
    assert_int_equal(store_save_get(db, mode, id, sizeof id, text), 0);
    store_close(db);
}

/* Puts text in mode's save slot. */
static void put_save(const apprun *r, const char *mode, const char *text)
{
    store *db = open_db(r);
    assert_int_equal(store_save_put(db, mode, mode, text), 0);
    store_close(db);
}

/* The newest history row of the app's database. */
static void newest_row(const apprun *r, history_row *row)
{
    store *db = open_db(r);
    assert_int_equal(history_list(db, NULL, 0, 1, row), 1);
    store_close(db);
}

/* The newest row's moves. */
static int history_moves(const apprun *r)
{
    history_row row;
    newest_row(r, &row);
    return row.info.moves;
}

/* Both sittings of mode kept in one row, named as typed, the computer as its level. */
static void check_named(apprun *r, const char *mode, int64_t id)
{
    history_row row;
    newest_row(r, &row);
    assert_true(row.id == id); /* the resumed match went on in its row */
    assert_string_equal(row.info.mode, mode);
    assert_int_equal(row.info.status, MATCH_PLAYING);
    assert_string_equal(row.info.seat[0].name, NAME);
    assert_int_equal(row.info.seat[0].level, 0);
    assert_string_equal(row.info.seat[1].name, "Computer (Medium)");
}

static void test_stax_name_kept(void **state)
{
    /* a move (as stax_quit.txt), and the computer's answer */
    static const char *const move = "click 810 700\nwait 3\nclick 910 600\nwait 90\n";
    apprun r;
    history_row row;
    char *t, *save;
    (void)state;
    apprun_open(&r, NULL, "picker", NULL, NULL, NULL);
    begin_named(&r, "stax", move);
    newest_row(&r, &row);
    assert_string_equal(row.info.seat[0].name, NAME);
    assert_true(row.info.moves >= 2);
    t = apprun_trace(&r);
    assert_non_null(strstr(t, "setup name seat1 " NAME "\n"));
    free(t);
    /* resumed, another move and its answer */
    /* the save holds the name on a line of its own */
    saved(&r, "stax", &save);
    assert_non_null(strstr(save, "\nname 1 " NAME "\n"));
    free(save);
    /* resumed, another move and its answer */
    resume_and_leave(&r, "stax", "click 610 700\nwait 3\nclick 710 600\nwait 90\n", NAME);
    check_named(&r, "stax", row.id);
    assert_true(history_moves(&r) >= row.info.moves + 2);

    /* A save from before names were kept (the same save without its name
     * line) resumes as it always did: the same match, seat 1 a Human. */
    saved(&r, "stax", &save);
    {
        char *line = strstr(save, "\nname 1 ");
        assert_non_null(line);
        memmove(line + 1, strchr(line + 1, '\n') + 1, strlen(strchr(line + 1, '\n') + 1) + 1);
    }
    put_save(&r, "stax", save);
    free(save);
    resume_and_leave(&r, "stax", "wait 5\n", "Human");
    assert_true(history_moves(&r) >= row.info.moves + 2);
    apprun_close(&r);
}

static void test_speedstax_name_kept(void **state)
{
    apprun r;
    history_row row;
    (void)state;
    apprun_open(&r, NULL, "picker", NULL, NULL, NULL);
    begin_named(&r, "speedstax", "wait 120\n"); /* two seconds of the round: it has begun */
    newest_row(&r, &row);
    assert_string_equal(row.info.seat[0].name, NAME);
    resume_and_leave(&r, "speedstax", "wait 120\n", NAME);
    check_named(&r, "speedstax", row.id);
    apprun_close(&r);
}

int main(void)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stax_name_kept),
        cmocka_unit_test(test_speedstax_name_kept),
    };
    return cmocka_run_group_tests(tests, testenv_app_setup, testenv_app_teardown);
}
