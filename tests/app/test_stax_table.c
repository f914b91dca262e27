/* The STAX table end to end under its own Xvfb, driven by input scripts:
 * mouse alone (click-click and drag), an illegal drop refused, controller
 * alone, undo and redo against the computer, a capture chain entered jump by
 * jump, and save on quit then resume restoring the same position (the save
 * holds the match's record: the rules' version, the clock, and each move
 * with the time it was played). The table
 * traces "stax position <canonical>" whenever its position changes. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "app/store.h"
#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"
#define START_POS                                                                                  \
    "r:a1=r,c1=r,e1=r,g1=r,b2=r,d2=r,f2=r,h2=r,a3=r,c3=r,e3=r,g3=r,b6=b,d6=b,f6=b,h6=b,a7=b,c7=b,"  \
    "e7=b,g7=b,b8=b,d8=b,f8=b,h8=b"


/* Runs the game on a script with its own preferences folder (pref names it);
 * returns the trace (caller frees). */
/* Runs the game on a script with its own preferences folder (pref names it);
 * returns the trace (caller frees). */
static char *play(const char *pref, const char *scene_args, const char *script)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, pref, scene_args, script);
    assert_non_null(t); /* the game exited 0 */
    return t;
}

/* The text after the last (or first) occurrence of key, up to the newline. */
static void line_after(const char *t, const char *key, int last, char *out, size_t n)
{
    assert_int_equal(testenv_line_after(t, key, last, out, n), 0);
}

static void test_mouse_alone(void **state)
{
    char *t = play("mouse", "--scene table --game stax --seats human,easy", "stax_mouse");
    (void)state;
    assert_non_null(strstr(t, "stax pick c3\nstax move c3-d4\n"));
    /* the computer (easy, seed 1) offers a man: capturing it by drag is compulsory */
    assert_non_null(strstr(t, "stax move f6-e5\n"));
    assert_non_null(strstr(t, "stax pick d4\nstax move d4xf6\n"));
    /* and it answered that too */
    assert_non_null(strstr(strstr(t, "stax move d4xf6"), "stax position r:"));
    free(t);
}

static void test_illegal_drop_refused(void **state)
{
    char *t = play("illegal", "--scene table --game stax --seats human,human", "stax_illegal");
    (void)state;
    assert_non_null(strstr(t, "stax pick c3\n"));
    assert_non_null(strstr(t, "stax illegal c5\n"));
    /* the refusal says why on the status line, not just with a sound */
    assert_non_null(strstr(t, "stax feedback c5: Not there: drop it on a green square.\n"));
    assert_null(strstr(t, "stax move"));
    free(t);
}

/* A on an empty square gives feedback (flash, shake, a reason), and picks nothing. */
static void test_controller_press_on_empty_square(void **state)
{
    char *t = play("pad-empty", "--scene table --game stax --seats human,human", "stax_pad_empty");
    const char *f;
    (void)state;
    f = strstr(t, "stax refused c4\nstax refused: c4 is empty: pick a stack outlined in gold.\n"
                  "stax feedback c4: c4 is empty: pick a stack outlined in gold.\n");
    assert_non_null(f);
    assert_null(strstr(t, "stax pick c4"));
    assert_non_null(strstr(f, "stax pick c3\n")); /* and the next press works */
    free(t);
}

static void test_controller_alone(void **state)
{
    char *t = play("pad", "--scene table --game stax --seats human,human", "stax_pad");
    (void)state;
    assert_non_null(strstr(t, "stax pick c3\nstax move c3-d4\n"));
    /* the midend's log says it in words, with the mover */
    assert_non_null(strstr(t, "stax log Red moved c3 to d4\n"));
    free(t);
}

static void test_undo_redo_against_computer(void **state)
{
    char *t = play("undo", "--scene table --game stax --seats human,easy", "stax_undo");
    char after_reply[400], after_undo[400], after_redo[400];
    const char *u;
    (void)state;
    u = strstr(t, "\nstax undo\n");
    assert_non_null(u);
    assert_non_null(strstr(u, "\nstax redo\n"));
    /* the position just before the undo: our move and the computer's reply */
    {
        char *cut = malloc((size_t)(u - t) + 1);
        assert_non_null(cut);
        memcpy(cut, t, (size_t)(u - t));
        cut[u - t] = 0;
        line_after(cut, "stax position ", 1, after_reply, sizeof after_reply);
        free(cut);
    }
    line_after(u, "stax position ", 0, after_undo, sizeof after_undo);
    assert_string_equal(after_undo, START_POS); /* back to our turn: both moves undone */
    line_after(strstr(u, "\nstax redo\n"), "stax position ", 0, after_redo, sizeof after_redo);
    assert_string_equal(after_redo, after_reply); /* redo replays the reply too */
    /* the log follows the cursor: empty after the undo, both moves again after the redo */
    assert_non_null(strstr(u, "\nstax log rebuilt 0\n"));
    assert_non_null(strstr(strstr(u, "\nstax redo\n"), "\nstax log rebuilt 2\n"));
    assert_int_equal(after_reply[0], 'r');
    free(t);
}

static void test_capture_chain_jump_by_jump(void **state)
{
    char *t = play("chain",
                   "--scene table --game stax --seats human,human "
                   "--position r:c3=r,d4=b,f6=b,a7=B",
                   "stax_chain");
    (void)state;
    assert_non_null(strstr(t, "stax pick c3\nstax jump e5\nstax move c3xe5xg7\n"));
    /* Two stacks taken in one move: its own cue once it lands (#27). */
    const char *cue = strstr(t, "stax multi-capture\n");
    assert_non_null(cue);
    assert_true(cue > strstr(t, "stax move c3xe5xg7\n"));
    assert_non_null(strstr(t, "stax position b:g7=bbr,a7=B") || strstr(t, "stax position b:"));
    free(t);
}

/* The record saved in pref: version 2, the rules' version, and the two
 * moves played, each at its time on the match's clock. */
static void check_saved_record(const char *pref)
{
    char m1[16], m2[16], *text = NULL;
    const char *rec;
    long long clock, t1, t2;
    assert_int_equal(testenv_saved(pref, "stax", &text), 0);
    rec = strstr(text, "\nstackhouse-record 2\ngame stax\nrules 1\nplayers 2\n");
    assert_non_null(rec);
    assert_int_equal(sscanf(strstr(rec, "\nclock "), "\nclock %lld\nmoves 2\ncursor 2\n%lld %15s\n%lld %15s\nend\n", &clock,
                            &t1, m1, &t2, m2),
                     5);
    /* The person moved after the script's waits; the computer answered after its pause. */
    assert_true(t1 > 0 && t1 < t2 && t2 <= clock);
    free(text);
}

static void test_save_on_quit_then_resume(void **state)
{
    char saved[400], resumed[400];
    char *t = play("resume", "--scene table --game stax --seats human,easy", "stax_quit");
    (void)state;
    assert_non_null(strstr(t, "stax saved\n"));
    assert_non_null(strstr(t, "scene picker\n"));
    line_after(t, "stax position ", 1, saved, sizeof saved);
    free(t);
    check_saved_record("resume");
    t = play("resume", "--scene setup --game stax", "stax_resume");
    assert_non_null(strstr(t, "focus setup resume\n"));
    /* Resume previews where the game stands: the move and computer's reply
     * played, Red to move, the stacks on top (no capture yet) */
    assert_non_null(strstr(t, "setup save 2 moves played \xc2\xb7 Red to move \xc2\xb7 stacks on top: Red 12, Blue 12\n"));
    line_after(strstr(t, "scene table\n"), "stax position ", 0, resumed, sizeof resumed);
    assert_string_equal(resumed, saved);
    assert_string_not_equal(resumed, START_POS);
    free(t);
}

/* A whole game by controller alone, two people at one screen, to the score
 * screen: every move is entered with the d-pad and A (tests/scripts/
 * stax_whole_game.py wrote the presses from random legal moves), none is
 * refused, and the game the table played is that one, to its end. */
static void test_whole_game_by_controller(void **state)
{
    char *t = play("whole", "--scene table --game stax --seats human,human", "stax_whole_game");
    int moves = 0;
    (void)state;
    for (const char *p = t; (p = strstr(p, "\nstax move ")) != NULL; p++)
        moves++;
    assert_int_equal(moves, 175);
    assert_null(strstr(t, "stax refused"));
    assert_null(strstr(t, "stax illegal"));
    assert_non_null(strstr(t, "stax move f2xd4\n"));
    assert_non_null(strstr(t, "stax over Red\n"));
    assert_non_null(strstr(strstr(t, "stax over Red\n"), "scene score\n"));
    free(t);
}

/* Moves two computers make in 600 frames at Computer pace v (0 Slow, 2 Fast),
 * the setting stored as the settings screen stores it. */
static int moves_at_pace(const char *pref, int v)
{
    char path[600], err[200], val[4];
    store *db;
    char *t, *p;
    int n = 0;
    snprintf(path, sizeof path, "mkdir -p %s/%s", testenv_game_tmp(), pref);
    assert_int_equal(system(path), 0);
    snprintf(path, sizeof path, "%s/%s/stackhouse.db", testenv_game_tmp(), pref);
    db = store_open(path, err, sizeof err);
    assert_non_null(db);
    snprintf(val, sizeof val, "%d", v);
    assert_int_equal(store_begin(db), 0);
    assert_int_equal(store_put(db, "settings", "ai_pace", val), 0);
    assert_int_equal(store_end(db, 1), 0);
    store_close(db);
    t = play(pref, "--scene table --game stax --seats easy,easy", "stax_watch");
    for (p = t; (p = strstr(p, "\nstax log ")) != NULL; p++)
        n += strncmp(p, "\nstax log rebuilt", 18) != 0;
    free(t);
    return n;
}

/* Slow shows each computer move for longer than Fast: a TV can follow them. */
static void test_computer_pace_setting(void **state)
{
    int slow = moves_at_pace("pace-slow", 0), fast = moves_at_pace("pace-fast", 2);
    (void)state;
    assert_true(slow >= 2);
    assert_true(fast >= 2 * slow);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mouse_alone),
        cmocka_unit_test(test_illegal_drop_refused),
        cmocka_unit_test(test_controller_press_on_empty_square),
        cmocka_unit_test(test_controller_alone),
        cmocka_unit_test(test_undo_redo_against_computer),
        cmocka_unit_test(test_capture_chain_jump_by_jump),
        cmocka_unit_test(test_save_on_quit_then_resume),
        cmocka_unit_test(test_computer_pace_setting),
        cmocka_unit_test(test_whole_game_by_controller),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
