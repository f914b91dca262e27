/* #28's "done means", for each of the seven modes through the app itself
 * (in-process, real SDL events): a whole match played at the table (two
 * seats; STAX's two people by controller, SPEEDSTAX's person by keyboard in
 * 3-second rounds, the other modes' computers with short options: MAXSTAX
 * rounds of 12 seconds), then on the player's path from its score screen:
 * History lists it as the newest row (finished, the score screen's
 * headline), its Replay opens and End reaches the table's own final state
 * (a turn-based mode: the last position the table traced, read back from
 * the replay's position; MAXSTAX: the line the table traced as the match
 * ended, round, clock, card, scores and a checksum of every block's pose,
 * against the replay's exact match), Export writes its match file; then in
 * a fresh preferences folder (another machine) the history's Import takes
 * that file, the row is the same match, and its Replay reaches the same end
 * again. */
// ctest-label: screens (runs the app under Xvfb: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "app/history.h"
#include "core/registry.h"
#include "scenes/replay.h"
#include "table/match.h"
#include "apprun.h"

#define WHOLE_MATCH_FRAMES 60000 /* a whole match at most, to the score screen */
#define EXACT_FRAMES 20000       /* a MAXSTAX replay's exact match caught up with its end, at most */

/* Each mode's match: the table's word in its trace lines ("nine position
 * ..."; MAXSTAX none), its seats, its test options, and the input script
 * that plays its people (tests/scripts/NAME.txt; NULL: computers only). */
typedef struct mode_match {
    const char *id, *word, *seats, *position, *script;
} mode_match;

static const mode_match modes[] = {
    /* two people at one screen, by controller alone: 175 moves to the score screen */
    {"stax", "stax", "human,human", NULL, "stax_whole_game"},
    {"9stax", "nine", "easy,easy", NULL, NULL},
    {"stakz", "stakz", "easy,easy", NULL, NULL},
    {"stackatrack", "track", "easy,easy", NULL, NULL},
    /* a person by keyboard: the card composed in seat 1's space, called and held */
    {"speedstax", NULL, "human,easy", "round=3 compose=0:99", "speedstax_match"},
    /* Hard stackers finish cards in short rounds (Easy ones in 3 s never do, and stack-offs go on) */
    {"samestax", NULL, "hard,hard", "round=12", NULL},
    {"swapstax", NULL, "hard,hard", "round=12", NULL},
};

/* SPEEDSTAX between computers as well: blocks in motion to the end, and a
 * speed-stack-off (a jump to its end shows a checkpoint's match, whose
 * blocks differ in the last digits, until the exact one catches up). */
static const mode_match speedstax_computers = {"speedstax", NULL, "hard,hard", "round=12", NULL};

/* What the table left at its end, to be reached again by each replay. */
typedef struct match_end_seen {
    char state[4096]; /* turn-based: the last position; MAXSTAX: the over line's note */
    char headline[128];
    match_info row; /* the history's row of it */
} match_end_seen;

/* The replay on top stands at the match's end, as the table left it: the
 * same position (turn-based), or (MAXSTAX) once the exact match has caught
 * up with the jump, the same line as the table traced at its end; and the
 * row's places. */
static void check_replay_end(apprun *r, const mode_match *mode, const match_end_seen *seen)
{
    const game_info *g = registry_find(mode->id);
    scene *s = apprun_top(r);
    score_report rep;
    assert_string_equal(s->name, "replay");
    assert_int_equal(replay_scene_report(s, &rep), 0); /* a finished match */
    if (g->rules) {
        char pos[4096];
        assert_true(g->rules->position_write(replay_scene_position(s), pos, sizeof pos) >= 0);
        assert_string_equal(pos, seen->state);
    } else {
        char note[4096];
        int frames = 0;
        /* a jump shows a checkpoint's match at once; the exact one walks on behind the scenes */
        while (replay_scene_note(s, note, sizeof note) != 1) {
            assert_true(frames < EXACT_FRAMES);
            apprun_script(r, "wait 10\n", 0);
            frames += 10;
        }
        assert_string_equal(note, seen->state);
    }
    for (int p = 0; p < seen->row.params.players; p++)
        assert_int_equal(rep.rank[p], seen->row.seat[p].place);
}

/* The history's Replay of the first row, then End. */
static void replay_to_end(apprun *r)
{
    apprun_script(r, "click-on replay0\nwait 5\nexpect-scene replay\nkey End\nwait 5\n", 0);
}

/* The newest row of the history at dir (ends with '/'). */
static void newest_row(const char *dir, history_row *row)
{
    char path[500], err[300];
    store *db;
    snprintf(path, sizeof path, "%sstackhouse.db", dir);
    db = store_open(path, err, sizeof err);
    assert_non_null(db);
    assert_true(history_list(db, NULL, 0, 1, row) == 1);
    store_close(db);
}

static void whole_match(const mode_match *mode)
{
    const char *id = mode->id;
    apprun r;
    match_end_seen seen;
    history_row row;
    char *t, want[300], exported[600], dir2[300], path[900];
    memset(&seen, 0, sizeof seen);

    /* The whole match, every seat the computer, to the score screen. */
    apprun_open(&r, NULL, "table", id, mode->seats, mode->position);
    if (mode->script) {
        char *text;
        snprintf(path, sizeof path, "%s/tests/scripts/%s.txt", STACKHOUSE_SOURCE_DIR, mode->script);
        text = testenv_slurp(path);
        assert_true(strlen(text) > 0);
        apprun_script(&r, text, 0);
        free(text);
    }
    snprintf(want, sizeof want, "wait-scene score %d\nwait 5\n", WHOLE_MATCH_FRAMES);
    apprun_script(&r, want, 0);
    t = apprun_trace(&r);
    /* a turn-based table's last position; a real-time one's line as its match ended */
    snprintf(want, sizeof want, mode->word ? "%s position " : "%s over: ", mode->word ? mode->word : id);
    apprun_last_line(t, want, seen.state, sizeof seen.state);
    apprun_last_line(t, "score headline ", seen.headline, sizeof seen.headline);
    free(t);
    fprintf(stderr, "%s: the table ended at %.80s...: %s\n", id, seen.state, seen.headline);

    /* The score screen's History: the match is the newest row, finished. */
    apprun_script(&r, "click-on history\nwait 5\nexpect-scene history\n", 2);
    t = apprun_trace(&r);
    snprintf(want, sizeof want, "history list mode %s player anyone total 1 page 1 rows 1\nhistory row 1 %s finished seats ",
             id, id);
    if (!strstr(t, want))
        fail_msg("%s: '%s' not traced:\n%s", id, want, t);
    snprintf(want, sizeof want, " result %s\n", seen.headline);
    assert_non_null(strstr(strstr(t, "history row 1 "), want));
    free(t);
    newest_row(r.dir, &row);
    seen.row = row.info;
    assert_string_equal(row.info.mode, id);
    assert_int_equal(row.info.status, MATCH_FINISHED);
    assert_string_equal(row.info.result, seen.headline);

    /* Its Replay reaches the table's end. */
    replay_to_end(&r);
    check_replay_end(&r, mode, &seen);

    /* Back to the history, and Export. */
    apprun_script(&r, "key Escape\nwait 5\nexpect-scene history\nclick-on export0\nwait 3\n", 2);
    t = apprun_trace(&r);
    snprintf(want, sizeof want, "history export %lld ", (long long)row.id);
    apprun_last_line(t, want, exported, sizeof exported);
    free(t);
    apprun_close(&r);

    /* Another machine: the file put in its imports folder, the history's Import. */
    {
        char *text = testenv_slurp(exported);
        FILE *f;
        assert_true(strlen(text) > 0);
        snprintf(dir2, sizeof dir2, "%s/", testenv_tmpdir());
        snprintf(path, sizeof path, "%simports", dir2);
        assert_int_equal(mkdir(path, 0755), 0);
        snprintf(path, sizeof path, "%simports/%s.stackhouse.txt", dir2, id);
        f = fopen(path, "w");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
        free(text);
    }
    apprun_open(&r, dir2, "history", NULL, NULL, NULL);
    apprun_script(&r, "wait 5\nclick-on import\nwait 3\n", 2);
    t = apprun_trace(&r);
    snprintf(want, sizeof want, "history import %s.stackhouse.txt ok\n", id);
    if (!strstr(t, want))
        fail_msg("%s: '%s' not traced:\n%s", id, want, t);
    free(t);
    /* The same match there: its header and its places. */
    newest_row(dir2, &row);
    assert_string_equal(row.info.mode, id);
    assert_int_equal(row.info.status, MATCH_FINISHED);
    assert_string_equal(row.info.result, seen.headline);
    assert_int_equal(row.info.moves, seen.row.moves);
    assert_true(row.info.seed == seen.row.seed);
    for (int p = 0; p < seen.row.params.players; p++) {
        assert_string_equal(row.info.seat[p].name, seen.row.seat[p].name);
        assert_int_equal(row.info.seat[p].place, seen.row.seat[p].place);
        assert_int_equal(row.info.seat[p].score, seen.row.seat[p].score);
    }
    /* And its Replay reaches the same end again. */
    replay_to_end(&r);
    check_replay_end(&r, mode, &seen);
    apprun_close(&r);
}

static void test_stax(void **state) { (void)state; whole_match(&modes[0]); }
static void test_nine(void **state) { (void)state; whole_match(&modes[1]); }
static void test_stakz(void **state) { (void)state; whole_match(&modes[2]); }
static void test_track(void **state) { (void)state; whole_match(&modes[3]); }
static void test_speedstax(void **state) { (void)state; whole_match(&modes[4]); }
static void test_samestax(void **state) { (void)state; whole_match(&modes[5]); }
static void test_swapstax(void **state) { (void)state; whole_match(&modes[6]); }
static void test_speedstax_computers(void **state) { (void)state; whole_match(&speedstax_computers); }

int main(void)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stax),      cmocka_unit_test(test_nine),     cmocka_unit_test(test_stakz),
        cmocka_unit_test(test_track),     cmocka_unit_test(test_speedstax), cmocka_unit_test(test_samestax),
        cmocka_unit_test(test_swapstax),  cmocka_unit_test(test_speedstax_computers),
    };
    if (sizeof modes / sizeof modes[0] != (size_t)registry_count()) {
        fprintf(stderr, "modes[] holds %zu modes, core/modelist.h %d\n", sizeof modes / sizeof modes[0],
                registry_count());
        return 1;
    }
    /* STACKHOUSE_SCREENS_FILTER (a cmocka pattern, "*stax") picks the tests, as test_screens' does */
    if (getenv("STACKHOUSE_SCREENS_FILTER"))
        cmocka_set_test_filter(getenv("STACKHOUSE_SCREENS_FILTER"));
    return cmocka_run_group_tests(tests, testenv_app_setup, testenv_app_teardown);
}
