/* MAXSTAX practice (#29) on the player's path, through real SDL events: from
 * SPEEDSTAX's setup, Practice opens the practice table; the player browses
 * to card 3 (Three high), stacks it block by block while the hints say what
 * still differs, calls MAX STAX and the trace says the card matched; the
 * next card comes with the blocks back in their piles; leaving goes back to
 * setup. Once by mouse, once by controller; and by keyboard from --scene
 * practice (the typed card number, Page Up, the arrows, the rules and back).
 * Practice is never saved nor kept in the history. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "app/history.h"
#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"

/* Runs the game on a script with its own preferences folder; returns the trace (caller frees). */
static char *play(const char *pref, const char *scene_args, const char *script)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, pref, scene_args, script);
    assert_non_null(t);
    return t;
}

/* Nothing of the practice was saved or kept: no save in mode's slot, no match in the history. */
static void assert_nothing_kept(const char *t, const char *pref, const char *mode)
{
    char path[450], err[300], *text = NULL;
    history_filter all = {"", ""};
    store *db;
    assert_null(strstr(t, " saved:"));
    assert_null(strstr(t, "autosaved"));
    assert_int_not_equal(testenv_saved(pref, mode, &text), 0);
    free(text);
    snprintf(path, sizeof path, "%s/%s/stackhouse.db", testenv_game_tmp(), pref);
    assert_non_null(db = store_open(path, err, sizeof err));
    assert_int_equal(history_count(db, &all), 0);
    store_close(db);
}

/* Setup's Practice to card 3 stacked and matched, the next card, and back to setup. */
static void assert_practice_path(const char *t)
{
    static const char *const want[] = {
        "scene setup\n",
        "speedstax practice card 1: Two high\n",
        "scene practice\n",
        "speedstax practice card 3: Three high\n",
        /* what differs, block by block: the ghost's hints are always on */
        "speedstax hints 0: the bottom plank is missing; the second plank is missing; the top plank is missing\n",
        "speedstax drop 0 block 3 at ",
        "speedstax hints 0: the second plank is missing; the top plank is missing\n",
        "speedstax drop 0 block 2 at ",
        "speedstax hints 0: the top plank is missing\n",
        "speedstax drop 0 block 1 at ",
        "speedstax hints 0: card done\n",
        "speedstax claim 0 held\n",
        "speedstax practice matched card 3: Three high\n",
        "speedstax practice card 4: Little pyramid\n",
        /* the next card's hints start again from nothing built */
        "speedstax hints 0: the left plank is missing; the right plank is missing; the top plank is missing\n",
        "speedstax practice left\n",
        "scene setup\n",
    };
    const char *missing = testenv_missing_in_order(t, want, (int)(sizeof want / sizeof want[0]));
    if (missing)
        fail_msg("the trace lacks, in order: %s", missing);
    assert_null(strstr(t, "claim 0 failed"));
    assert_null(strstr(t, "round 1 over")); /* no clock, no round end */
    assert_non_null(strstr(t, "match speedstax players 1 seats human"));
}

static void test_practice_by_mouse(void **state)
{
    (void)state;
    char *t = play("mouse", "--scene setup --game speedstax", "maxstax_practice_mouse");
    assert_practice_path(t);
    assert_null(strstr(t, "practice browse")); /* the mouse clicks the browser's buttons */
    assert_nothing_kept(t, "mouse", "speedstax");
    free(t);
}

static void test_practice_by_controller(void **state)
{
    (void)state;
    char *t = play("pad", "--scene setup --game speedstax", "maxstax_practice_pad");
    assert_non_null(strstr(t, "controller connected"));
    assert_practice_path(t);
    assert_non_null(strstr(t, "speedstax practice browse on\nspeedstax practice card 2"));
    assert_nothing_kept(t, "pad", "speedstax");
    free(t);
}

/* --scene practice opens what the button opens; the keys browse by number and by one. */
static void test_practice_by_keys(void **state)
{
    (void)state;
    static const char *const want[] = {
        "match swapstax players 1 seats human", "swapstax practice card 1: Two high\n", "scene practice\n",
        "swapstax practice card 23: Ramp\n",     /* 2, 3: no card has a third digit */
        "swapstax practice card 4: Little pyramid\n", /* 4, then a second */
        "swapstax practice card 3: Three high\n",     /* Page Up */
        "swapstax practice card 4: Little pyramid\n", /* Right */
        "swapstax practice card 3: Three high\n",     /* Left */
        "scene rules\n", "scene practice\n", "swapstax practice left\n",
    };
    char *t = play("keys", "--scene practice --game swapstax", "maxstax_practice_keys");
    const char *missing = testenv_missing_in_order(t, want, (int)(sizeof want / sizeof want[0]));
    if (missing)
        fail_msg("the trace lacks, in order: %s", missing);
    assert_null(strstr(t, "practice card 2:")); /* the 2 typed first waited for its second digit */
    assert_nothing_kept(t, "keys", "swapstax");
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_practice_by_mouse),
        cmocka_unit_test(test_practice_by_controller),
        cmocka_unit_test(test_practice_by_keys),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
