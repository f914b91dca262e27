// ctest-label: screens
/* The pause menu's greyed items say why (#29, replaypol item 4): on a new
 * STAX table nothing has been played, so the menu's Undo and Redo are
 * greyed; pressed by controller (tests/scripts/menu_why_pad.txt: Start, the
 * d-pad to each, A) each gives the table's own refusal words in the toast
 * and the trace, takes nothing back and leaves the menu up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"

static void test_greyed_by_pad(void **state)
{
    static const char *const want[] = {
        "focus menu undo",
        "menu refused undo: Nothing has been played yet.",
        "toast Nothing has been played yet.",
        "focus menu redo",
        "menu refused redo: There is nothing to redo.",
        "toast There is nothing to redo.",
    };
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "menu_why",
                                  "--scene table --game stax --seats human,easy --window 1280x720", "menu_why_pad");
    const char *missing;
    (void)state;
    assert_non_null(t); /* the game exited 0: every expect-scene held (the menu stayed up) */
    if ((missing = testenv_missing_in_order(t, want, (int)(sizeof want / sizeof *want))))
        fail_msg("'%s' not traced in order:\n%s", missing, t);
    /* nothing was taken back, and the table's position is the start's */
    assert_null(strstr(t, "\nstax undo\n"));
    assert_null(strstr(t, "\nstax redo\n"));
    assert_null(strstr(t, "\nstax move "));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_greyed_by_pad)};
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
