/* The SAMESTAX and SWAPSTAX tables end to end under their own Xvfb, driven
 * by input scripts, on the one MAXSTAX view: a person creates and presses
 * Ready (Enter) long before creation's time is up, and a computer replicates
 * the structure and wins its point back; SWAPSTAX's swap phase by mouse
 * (with the deck) and by controller (with a player, who cannot refuse) until
 * the stacking clock starts; Save & quit mid-creation and mid swap phase,
 * then Resume, brings the same match back; whole computer games of both
 * reach the score screen with its words. The table traces "<mode> ready|swap
 * ...", "<mode> round N over: ..." and "<mode> saved|resumed: ...". */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"

/* Runs the game on a script with its own preferences folder; returns the trace (caller frees). */
static char *play(const char *pref, const char *scene_args, const char *script)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, pref, scene_args, script);
    assert_non_null(t);
    return t;
}

static void test_samestax_ready_then_a_computer_replicates(void **state)
{
    char *t = play("same_ready",
                   "--scene table --game samestax --seats human,hard "
                   "--position 'seed=3 round=30 creator=0 compose=0:99'",
                   "samestax_ready");
    const char *ready;
    (void)state;
    ready = strstr(t, "samestax ready 0\n");
    assert_non_null(ready);
    /* The computer copied it: it wins its point back, the Creator keeps none. */
    assert_non_null(strstr(ready, "samestax round 1 over: 0 1 0 0\n"));
    assert_null(strstr(t, "match over"));
    free(t);
}

/* Counts the lines of t that begin with prefix. */
static int count_lines(const char *t, const char *prefix)
{
    int n = 0;
    size_t k = strlen(prefix);
    for (const char *l = t; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
        n += strncmp(l, prefix, k) == 0;
    return n;
}

/* While a computer creates, the person watches its space large; once the
 * structure stands, the panes move once, straight to the person's space
 * large for replication: never through a layout of the settled structure
 * with the Creator's space still large, a frame before the real one. */
static void test_samestax_creation_to_replication_moves_the_panes_once(void **state)
{
    char *t = play("same_watch",
                   "--scene table --game samestax --seats human,medium,medium,medium "
                   "--position 'seed=3 round=30 creator=1'",
                   "samestax_watch_creation");
    const char *done;
    (void)state;
    done = strstr(t, "samestax finish 1 place 1\n");
    assert_non_null(done);
    assert_int_equal(count_lines(t, "maxstax layout 1:"), 2);
    assert_int_equal(count_lines(done, "maxstax layout 1:"), 1);
    /* The person's space (seat 0, listed first) is the big one. */
    int x, y, w, h;
    assert_int_equal(sscanf(strstr(done, "maxstax layout 1:"), "maxstax layout 1: %d %d %d %d", &x, &y, &w, &h), 4);
    assert_true(w > 1000);
    free(t);
}

/* Setup offers SAMESTAX's first Creator (at random, or a seat): chosen, the
 * match starts with that seat creating; left alone, the seeded draw picks. */
static void test_samestax_first_creator_from_setup(void **state)
{
    char *t = play("same_setup", "--scene setup --game samestax", "samestax_setup_creator");
    (void)state;
    assert_non_null(strstr(t, "setup option0\n"));
    assert_non_null(strstr(t, "samestax first creator 1\n"));
    free(t);
    t = play("same_setup_random", "--scene setup --game samestax", "samestax_setup_random");
    assert_non_null(strstr(t, "samestax first creator "));
    assert_non_null(strstr(t, " (at random)\n"));
    free(t);
}

static void test_swapstax_swaps_by_mouse_and_controller(void **state)
{
    char *t = play("swap", "--scene table --game swapstax --seats human,easy --position seed=3", "swapstax_swaps");
    const char *mouse, *pad, *stacking;
    (void)state;
    mouse = strstr(t, "swapstax swap 0 deck\n"); /* the mouse: with the deck */
    assert_non_null(mouse);
    pad = strstr(mouse, "controller connected");
    assert_non_null(pad);
    pad = strstr(pad, "swapstax swap 0 1\n"); /* the controller: the computer's card */
    assert_non_null(pad);
    /* The last swap cards go, the table passes for the seats without one,
     * and the clock starts. */
    stacking = strstr(pad, "swapstax stacking\n");
    assert_non_null(stacking);
    assert_null(strstr(stacking, "swapstax swap 0 "));
    free(t);
}

/* Save & quit with script quit, then setup's Resume: the same match comes back. */
/* The number of refusals in trace t that say exactly why (a "<mode> refused: " line). */
static int refusals(const char *t, const char *line)
{
    int n = 0;
    for (const char *p = strstr(t, line); p; p = strstr(p + 1, line))
        n++;
    return n;
}

/* "Why not?" on SAMESTAX (#29): while the computer creates, a mouse press on
 * one of the person's blocks, Enter and a controller's Y each say why, in
 * the toast; the person takes nothing. */
static void test_samestax_refusals_say_why(void **state)
{
    char *t = play("same_why", "--scene table --game samestax --seats human,medium --position 'seed=3 round=30 creator=1'",
                   "samestax_why");
    (void)state;
    assert_int_equal(
        refusals(t, "samestax refused: Blue (Medium) is the Creator: watch, then copy what they build.\n"), 3);
    assert_non_null(strstr(t, "toast Blue (Medium) is the Creator: watch, then copy what they build.\n"));
    assert_null(strstr(t, "samestax grab 0 "));
    free(t);
}

/* "Why not?" on SWAPSTAX (#29): during the swaps, a mouse press on one of
 * the person's blocks and a controller's Y each say why. */
static void test_swapstax_refusals_say_why(void **state)
{
    char *t = play("swap_why", "--scene table --game swapstax --seats human,easy --position seed=3", "swapstax_why");
    (void)state;
    assert_int_equal(refusals(t, "swapstax refused: The swaps come first: building starts once everyone has passed.\n"),
                     2);
    assert_null(strstr(t, "swapstax grab 0 "));
    free(t);
}

static void save_and_resume(const char *pref, const char *game, const char *table_args, const char *quit,
                            const char *preview)
{
    char args[300], key[64], saved[200], resumed[200];
    char *t;
    snprintf(args, sizeof args, "--scene table --game %s %s", game, table_args);
    t = play(pref, args, quit);
    snprintf(key, sizeof key, "%s saved: ", game);
    assert_int_equal(testenv_line_after(t, key, 0, saved, sizeof saved), 0);
    assert_non_null(strstr(t, "scene picker\n"));
    free(t);
    snprintf(args, sizeof args, "--scene setup --game %s", game);
    t = play(pref, args, "maxstax_resume");
    assert_non_null(strstr(t, "focus setup resume\n"));
    assert_non_null(strstr(t, preview));
    snprintf(key, sizeof key, "%s resumed: ", game);
    assert_int_equal(testenv_line_after(t, key, 0, resumed, sizeof resumed), 0);
    /* The same round, clock, cards, deck, scores and every block's pose. */
    assert_string_equal(resumed, saved);
    free(t);
}

static void test_samestax_save_mid_creation_and_resume(void **state)
{
    (void)state;
    save_and_resume("same_resume", "samestax", "--seats human,hard --position 'seed=3 creator=0 compose=0:99'",
                    "samestax_quit", "setup save Round 1 of 4 \xc2\xb7 points: ");
}

static void test_swapstax_save_mid_swaps_and_resume(void **state)
{
    (void)state;
    save_and_resume("swap_resume", "swapstax", "--seats human,easy --position seed=3", "swapstax_quit",
                    "setup save Round 1 of 5 \xc2\xb7 points: ");
}

static void test_samestax_computer_game_to_the_score_screen(void **state)
{
    char *t = play("same_match", "--scene table --game samestax --seats easy,medium --position 'seed=5 round=4'",
                   "samestax_match");
    const char *score;
    (void)state;
    /* Two players: four rounds, each the Creator twice. */
    assert_non_null(strstr(t, "samestax round 3 over: "));
    assert_non_null(strstr(t, "samestax round 4 over: "));
    assert_null(strstr(t, "samestax round 5 over: "));
    score = strstr(t, "(match over)\nsamestax over: "); /* the table's end, its replay's to reach */
    assert_non_null(score);
    score = strstr(score, "\nsamestax results closed after 8.0 s (timed out)\nscene score\n");
    assert_non_null(score);
    assert_non_null(strstr(score, "score headline "));
    assert_non_null(strstr(score, "score reason "));
    free(t);
}

static void test_swapstax_computer_game_to_the_score_screen(void **state)
{
    char *t = play("swap_match", "--scene table --game swapstax --seats hard,hard --position 'seed=5 round=20'",
                   "swapstax_match");
    const char *score;
    (void)state;
    assert_non_null(strstr(t, "swapstax stacking\n"));
    assert_non_null(strstr(t, "swapstax round 5 over: "));
    score = strstr(t, "(match over)\n");
    assert_non_null(score);
    score = strstr(score, "scene score\n");
    assert_non_null(score);
    assert_non_null(strstr(score, "score headline "));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_samestax_ready_then_a_computer_replicates),
        cmocka_unit_test(test_samestax_creation_to_replication_moves_the_panes_once),
        cmocka_unit_test(test_samestax_first_creator_from_setup),
        cmocka_unit_test(test_swapstax_swaps_by_mouse_and_controller),
        cmocka_unit_test(test_samestax_save_mid_creation_and_resume),
        cmocka_unit_test(test_swapstax_save_mid_swaps_and_resume),
        cmocka_unit_test(test_samestax_computer_game_to_the_score_screen),
        cmocka_unit_test(test_swapstax_computer_game_to_the_score_screen),
        cmocka_unit_test(test_samestax_refusals_say_why),
        cmocka_unit_test(test_swapstax_refusals_say_why),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
