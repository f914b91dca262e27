/* The history on the player's path by controller alone (#28): from the
 * picker, Stack-A-Track's setup (the first seat made a computer), Start, a
 * whole match to the score screen, and its History button: the history
 * opens on that mode, and the match just played is its newest row, above
 * an older one already kept. Asserted on the trace the screens write and on
 * the database: the row's seats, result (the score screen's headline) and
 * places, and its body plays again to the table's last position. In-process
 * (apprun.h), every press a real SDL controller event. */
// ctest-label: screens (runs the app under Xvfb: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "app/history.h"
#include "core/matchplay.h"
#include "histscreen_fixture.h"
#include "apprun.h"

#define WHOLE_MATCH_FRAMES 60000

static void test_pad_whole_path(void **state)
{
    apprun r;
    char *t, lines[1024], last[2048], head[128], want[400], pos[2048], path[400], err[300], *body = NULL;
    history_row rows[2];
    match_info mi;
    store *db;
    (void)state;
    apprun_open(&r, NULL, "picker", NULL, NULL, NULL);
    /* an older Stack-A-Track match kept already (the fixture's abandoned one, in 2001) */
    snprintf(path, sizeof path, "%sstackhouse.db", r.dir);
    db = store_open(path, err, sizeof err);
    assert_non_null(db);
    assert_int_equal(histfix_keep(db, &histfix_matches[5], 1000000000), 0);
    store_close(db);

    snprintf(lines, sizeof lines,
             "pad attach\nwait 5\npad-to stackatrack\npad a\nwait 10\nexpect-scene setup\n"
             "pad-to seat1\npad a\nwait 3\n" /* the person's seat to the computer: Medium, as the other */
             "pad-to start\npad a\nwait 20\nexpect-scene table\n"
             "wait-scene score %d\nwait 10\n"
             "pad-to history\npad a\nwait 5\nexpect-scene history\n",
             WHOLE_MATCH_FRAMES);
    apprun_script(&r, lines, 2);
    t = apprun_trace(&r);
    assert_non_null(strstr(t, "match stackatrack players 2 seats medium,medium "));
    apprun_last_line(t, "track position ", last, sizeof last);
    apprun_last_line(t, "score headline ", head, sizeof head);
    /* the history opened on the mode, the match just played first, the older one after it */
    snprintf(want, sizeof want,
             "history list mode stackatrack player anyone total 2 page 1 rows 2\n"
             "history row 2 stackatrack finished seats Computer (Medium),Computer (Medium) result %s\n"
             "history row 1 stackatrack abandoned seats Anna,Bartosz result -\n",
             head);
    if (!strstr(t, want))
        fail_msg("'%s' not traced:\n%s", want, t);
    free(t);
    apprun_close(&r);

    /* The database: the newest row is that match, whole. */
    db = store_open(path, err, sizeof err);
    assert_non_null(db);
    assert_int_equal(history_list(db, NULL, 0, 2, rows), 2);
    assert_true(rows[0].info.started > rows[1].info.started);
    assert_string_equal(rows[0].info.mode, "stackatrack");
    assert_int_equal(rows[0].info.status, MATCH_FINISHED);
    assert_string_equal(rows[0].info.result, head);
    assert_true(rows[0].info.reason[0] != 0);
    for (int s = 0; s < 2; s++) {
        assert_string_equal(rows[0].info.seat[s].name, "Computer (Medium)");
        assert_int_equal(rows[0].info.seat[s].level, 2);
    }
    assert_int_equal(history_get(db, rows[0].id, &mi, &body), 0);
    store_close(db);
    {
        /* its record is the match the table played: played again, the same end and places */
        match_end e;
        if (match_end_play(&mi, body, 1, &e, err, sizeof err) != 0)
            fail_msg("%s", err);
        assert_true(e.game->rules->position_write(e.st, pos, sizeof pos) >= 0);
        assert_string_equal(pos, last);
        assert_true(e.over);
        for (int s = 0; s < 2; s++)
            assert_int_equal(e.rank[s], rows[0].info.seat[s].place);
        match_end_free(&e);
    }
    free(body);
}

int main(void)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pad_whole_path),
    };
    return cmocka_run_group_tests(tests, testenv_app_setup, testenv_app_teardown);
}
