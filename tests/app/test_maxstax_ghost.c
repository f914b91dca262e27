/* MAXSTAX's Ghost and hints on the table, by mouse and by controller, through
 * real SDL events: card 11 (Stairs) with its two lower planks standing, the
 * hints say the top plank is missing; the player takes a block from a pile
 * and sets it on the ghost's top plank; the hints say the card is done, and
 * MAX STAX called on it holds (the matcher's own verdict). With the ghost
 * off there are no hints. The table traces "<mode> hints P: ..." as a
 * person's differences change ("card done" when none). */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"
#define STAIRS "--scene table --game speedstax --seats human,easy --position 'seed=6 compose=0:2"

/* Runs the game on a script with its own preferences folder; returns the trace (caller frees). */
static char *play(const char *pref, const char *scene_args, const char *script)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, pref, scene_args, script);
    assert_non_null(t);
    return t;
}

/* The hints say what is missing, then after the drop that the card is done,
 * then the claim holds: in that order, each once. */
static void assert_missing_then_done(const char *t)
{
    const char *missing = strstr(t, "speedstax hints 0: the top plank is missing\n");
    const char *grab = strstr(t, "speedstax grab 0 block ");
    const char *drop = strstr(t, "speedstax drop 0 block ");
    const char *done = strstr(t, "speedstax hints 0: card done\n");
    const char *held = strstr(t, "speedstax claim 0 held\n");
    assert_non_null(missing);
    assert_non_null(grab);
    assert_non_null(drop);
    assert_non_null(done);
    assert_non_null(held);
    assert_true(missing < grab && grab < drop && drop < done && done < held);
    assert_null(strstr(done + 1, "speedstax hints 0:")); /* nothing differs after it */
    assert_null(strstr(t, "speedstax claim 0 failed"));
}

static void test_mouse_ghost_hints_to_the_match(void **state)
{
    (void)state;
    char *t = play("mouse", STAIRS " ghost'", "maxstax_ghost_mouse");
    assert_missing_then_done(t);
    free(t);
}

static void test_controller_ghost_hints_to_the_match(void **state)
{
    (void)state;
    char *t = play("pad", STAIRS " ghost'", "maxstax_ghost_pad");
    assert_non_null(strstr(t, "controller connected"));
    assert_missing_then_done(t);
    free(t);
}

/* The setting off (the default): the same play, the same match, no hints. */
static void test_no_ghost_no_hints(void **state)
{
    (void)state;
    char *t = play("off", STAIRS "'", "maxstax_ghost_mouse");
    assert_non_null(strstr(t, "speedstax claim 0 held\n"));
    assert_null(strstr(t, "hints"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mouse_ghost_hints_to_the_match),
        cmocka_unit_test(test_controller_ghost_hints_to_the_match),
        cmocka_unit_test(test_no_ghost_no_hints),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
