/* The Hint button on the table, by the player's path (#29): real SDL events
 * from input scripts, by mouse and by controller, asserting on the trace the
 * midend leaves ("<mode> hint: <move> (<reason>)", "... hint dismissed") and
 * on the position the move then makes; hints refused at a table of two
 * people unless the match allows them. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "app/history.h"
#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"
/* Red's a3 takes both blue stacks that can move and wins; c3xa5 takes one. */
#define WIN_POS "--position 'r:a3=r,c3=r,b4=b,d6=b,g1=r,h2=b'"
#define WIN_HINT "stax hint: a3xc5xe7 (captures two and builds a stack of 3: it wins the game)\n"

static char *play(const char *pref, const char *scene_args, const char *script)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, pref, scene_args, script);
    assert_non_null(t); /* the game exited 0 */
    if (getenv("HINT_DEBUG"))
        fprintf(stderr, "%s", t);
    return t;
}

/* Trace t shows the winning hint, its dismissal, and the same hint again. */
static void assert_shown_dismissed_shown(const char *t)
{
    const char *a = strstr(t, WIN_HINT), *b;
    assert_non_null(a);
    b = strstr(a, "stax hint dismissed\n");
    assert_non_null(b);
    assert_non_null(strstr(b, WIN_HINT)); /* asked again: the same move */
}

static void test_stax_mouse(void **state)
{
    char *t = play("mouse", "--scene table --game stax --seats human,easy " WIN_POS, "hint_stax_mouse");
    (void)state;
    assert_shown_dismissed_shown(t);
    /* the hinted move, played, wins */
    assert_non_null(strstr(t, "stax move a3xc5xe7\n"));
    assert_non_null(strstr(t, "stax over"));
    free(t);
}

static void test_stax_pad_and_key(void **state)
{
    char *t = play("pad", "--scene table --game stax --seats human,easy " WIN_POS, "hint_stax_pad");
    (void)state;
    assert_shown_dismissed_shown(t); /* Back, Back, then the H key */
    assert_null(strstr(t, "stax move")); /* a hint plays nothing */
    free(t);
}

/* Two people at one table: no hint, unless the match turns hints on. */
static void test_refused_between_people(void **state)
{
    char *t = play("people", "--scene table --game stax --seats human,human " WIN_POS, "hint_pad_once");
    (void)state;
    assert_null(strstr(t, "stax hint:"));
    assert_non_null(strstr(t, "stax refused: Hints are off in this match: setup can turn them on.\n"));
    free(t);
    t = play("people-on", "--scene table --game stax --seats human,human --hints on " WIN_POS, "hint_pad_once");
    assert_non_null(strstr(t, WIN_HINT));
    free(t);
    /* and off means off, even against the computer */
    t = play("off", "--scene table --game stax --seats human,easy --hints off " WIN_POS, "hint_pad_once");
    assert_null(strstr(t, "stax hint:"));
    assert_non_null(strstr(t, "stax refused: Hints are off"));
    free(t);
}

/* The hints used are the match's: saved with it and read back on Resume. */
static void test_count_saved(void **state)
{
    char *t = play("count", "--scene table --game stax --seats human,easy", "hint_stax_quit");
    const char *a;
    (void)state;
    assert_non_null(a = strstr(t, "stax hint: "));
    assert_non_null(a = strstr(a, "stax move c3-d4\n"));
    assert_non_null(strstr(a, "stax hint: "));
    assert_non_null(strstr(t, "stax saved\n"));
    free(t);
    t = play("count", "--scene setup --game stax", "stax_resume");
    assert_non_null(strstr(t, "focus setup resume\n"));
    assert_non_null(strstr(t, "stax hints Against computers, 2 used\n"));
    free(t);
}

/* The hints the history kept for pref's newest match (the one Save & quit kept). */
static int kept_hints(const char *pref)
{
    store *db = testenv_pref_store(pref);
    history_row row;
    int n;
    assert_non_null(db);
    n = history_list(db, NULL, 0, 1, &row);
    store_close(db);
    assert_int_equal(n, 1);
    assert_string_equal(row.info.mode, "stax");
    return row.info.hints;
}

/* Runs script from STAX's setup in preferences folder pref: setup's Hints
 * row ends on setting, the table opens with it, Hint is shown (or refused,
 * with the rules' words) and Save & quit keeps the match with that count. */
static void setup_row_run(const char *pref, const char *script, const char *setting, int shown)
{
    char *t = play(pref, "--scene setup --game stax", script), line[80];
    snprintf(line, sizeof line, "setup hints %s\n", setting);
    assert_non_null(strstr(t, line));
    snprintf(line, sizeof line, "stax hints %s, 0 used\n", setting); /* the table opened with the row's setting */
    assert_non_null(strstr(t, line));
    if (shown) {
        assert_non_null(strstr(t, "stax hint: "));
        assert_null(strstr(t, "stax refused: Hints are off"));
    } else {
        assert_null(strstr(t, "stax hint: "));
        assert_non_null(strstr(t, "stax refused: Hints are off in this match: setup can turn them on.\n"));
    }
    assert_non_null(strstr(t, "stax saved\n"));
    free(t);
    assert_int_equal(kept_hints(pref), shown);
}

/* Setup's Hints row by mouse: "Always" lets two people ask (the Hint
 * button shows one); "Never" takes the button away even against the
 * computer, and the H key is refused. */
static void test_setup_row_mouse(void **state)
{
    (void)state;
    setup_row_run("setup-mouse", "hint_setup_mouse", "Always", 1);
    setup_row_run("setup-mouse-off", "hint_setup_mouse_off", "Never", 0);
}

/* By controller: left from the default is "Never" (Back refused); right is
 * "Always", which two people may use. */
static void test_setup_row_pad(void **state)
{
    (void)state;
    setup_row_run("setup-pad", "hint_setup_pad", "Never", 0);
    setup_row_run("setup-pad-on", "hint_setup_pad_on", "Always", 1);
}

/* The hint bar names Hint in the controls in hand where the row offers it
 * (Stakz traces its bar): "Back Hint" on a controller, "H Hint" on keys;
 * between two people, where the row has no Hint, the bar does not name it. */
static void test_bar_names_hint(void **state)
{
    char args[1024], *t;
    (void)state;
    testenv_composed_args(args, sizeof args, "stakz", "human,easy", "stakz_mid2");
    t = play("bar-pad", args, "hint_pad_once");
    assert_non_null(strstr(t, "stakz hints (A) Pick a tile  \xc2\xb7  (X) End turn  \xc2\xb7  (Y) Rules  \xc2\xb7  Back Hint\n"));
    assert_non_null(strstr(t, "stakz hint: ")); /* and Back asks for one */
    free(t);
    t = play("bar-keys", args, "hint_show");
    assert_non_null(strstr(t, "stakz hints Enter Pick a tile  \xc2\xb7  X End turn  \xc2\xb7  R Rules  \xc2\xb7  H Hint\n"));
    free(t);
    testenv_composed_args(args, sizeof args, "stakz", "human,human", "stakz_mid2");
    t = play("bar-people", args, "hint_after_curtain");
    assert_non_null(strstr(t, "stakz hints Enter Pick a tile  \xc2\xb7  X End turn  \xc2\xb7  R Rules\n"));
    assert_null(strstr(t, " Hint\n"));
    assert_non_null(strstr(t, "stakz refused: Hints are off in this match"));
    free(t);
}

/* Stakz, Player 1's last tile fits and going out wins the game (Player 2
 * is one point short of 12 with two tiles in hand): the hint by the H key
 * names the go-out, and the medium computer in that seat plays it. Ending
 * the turn wins too in every deal Player 1 can imagine, and the medium
 * search took either about as often; the hint found the go-out only by a
 * check of its own, now gone. */
static void test_stakz_goes_out(void **state)
{
    char args[1024], *t;
    (void)state;
    testenv_composed_args(args, sizeof args, "stakz", "human,easy", "stakz_goout");
    t = play("goout-hint", args, "hint_show");
    assert_non_null(strstr(t, "stakz hint: b4>1 (puts your last tile, the blue star, on stack 1 (matching its star): "
                              "you go out and win the game)\n"));
    free(t);
    testenv_composed_args(args, sizeof args, "stakz", "medium,human", "stakz_goout");
    t = play("goout-medium", args, "stakz_goout_watch");
    assert_non_null(strstr(t, "stakz move p1 b4>1\n"));
    assert_non_null(strstr(t, "stakz round over (game over)\n"));
    assert_null(strstr(t, "stakz move p1 end"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stax_mouse),
        cmocka_unit_test(test_stax_pad_and_key),
        cmocka_unit_test(test_refused_between_people),
        cmocka_unit_test(test_count_saved),
        cmocka_unit_test(test_setup_row_mouse),
        cmocka_unit_test(test_setup_row_pad),
        cmocka_unit_test(test_bar_names_hint),
        cmocka_unit_test(test_stakz_goes_out),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
