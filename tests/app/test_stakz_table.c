/* The Stakz table end to end under its own Xvfb, driven by input scripts:
 * mouse alone (click a tile then a stack, drag a tile, undo within the
 * turn, End & draw through the colour picker; undo cannot reach past the
 * draw), controller alone (four tiles, a split, a bonus tile, the colour
 * picker), the last tile ending a round (its points wait for the player;
 * no undo past it), the privacy curtain between two humans (nothing drawn
 * behind it, and only the viewer's own tiles face up after it), the random
 * draw setting from setup (a plain end, no picker), save on quit then
 * resume mid-turn, whole games between computers (2 and 4 seats) on to
 * the score screen, and a whole game played by controller alone. The table
 * traces "stakz faces pK: ..." with every tile it shows face up in a hand
 * whenever that changes. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"

/* Runs the game on a script with its own preferences folder (pref names it);
 * returns the trace (caller frees). */
static char *play(const char *pref, const char *scene_args, const char *script)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, pref, scene_args, script);
    assert_non_null(t); /* the game exited 0 */
    return t;
}

/* Fails unless the trace holds each of want[0..n) in that order. */
static void in_order(const char *t, const char *const *want, int n)
{
    for (int i = 0; i < n; i++) {
        const char *p = strstr(t, want[i]);
        if (!p)
            fail_msg("trace lacks, in order: %s", want[i]);
        t = p + strlen(want[i]);
    }
}

static int count(const char *t, const char *s)
{
    int n = 0;
    for (const char *p = strstr(t, s); p; p = strstr(p + 1, s))
        n++;
    return n;
}

/* The text after the last (or first) occurrence of key, up to the newline. */
static void line_after(const char *t, const char *key, int last, char *out, size_t n)
{
    assert_int_equal(testenv_line_after(t, key, last, out, n), 0);
}

static void test_mouse_places_drags_undoes_and_draws(void **state)
{
    static const char *const want[] = {
        "stakz select o4\n",       "stakz choose o4>1\nstakz move p1 o4>1\n",
        "stakz drag g4\n",         "stakz choose g4>1\nstakz move p1 g4>1\n",
        "stakz undo\n",            "stakz picker open\n",
        "stakz choose end green\nstakz move p1 end:g\n",
        "stakz move p2 "};
    char *t = play("mouse", "--scene table --game stakz --seats human,easy --position start:2:4", "stakz_mouse");
    char before[1100], after[1100];
    const char *u;
    (void)state;
    in_order(t, want, 8);
    /* undo took the green 4 back: the position is the one after the orange 4 */
    u = strstr(t, "stakz undo\n");
    line_after(strstr(t, "stakz move p1 o4>1\n"), "stakz position ", 0, before, sizeof before);
    line_after(u, "stakz position ", 0, after, sizeof after);
    assert_string_equal(after, before);
    /* the drawn tile is final: Q after the computer's turn undid nothing */
    assert_int_equal(count(t, "\nstakz undo\n"), 1);
    free(t);
}

static void test_controller_splits_and_picks(void **state)
{
    static const char *const want[] = {
        "focus stakz tile o4\n", "stakz select o4\nfocus stakz stack 1\nstakz choose o4>1\n",
        "stakz move p1 g4>1\n",  "stakz move p1 p4>1\n",
        "stakz move p1 p3>1\n",  "stakz move p1 b3>1\nstakz split stack 1\n",
        "stakz move p1 b3>1\n",  "stakz picker open\n",
        "focus stakz pick green\nstakz choose end green\nstakz move p1 end:g\n"};
    char *t = play("pad", "--scene table --game stakz --seats human,easy --position start:2:4", "stakz_pad");
    char pos[1100];
    (void)state;
    in_order(t, want, 9);
    /* the split: 3 tiles stay, the top 3 form stack 2 with a bonus on both */
    line_after(strstr(t, "stakz split stack 1\n"), "stakz position ", 0, pos, sizeof pos);
    assert_non_null(strstr(pos, ";r4.o4.g4/p4.p3.b3/b2;"));
    assert_non_null(strstr(pos, ";1.2"));
    /* the bonus tile went on stack 1 without matching the green 4 */
    line_after(strstr(strstr(t, "stakz split stack 1\n"), "stakz move p1 b3>1\n"), "stakz position ", 0, pos,
               sizeof pos);
    assert_non_null(strstr(pos, ";r4.o4.g4.b3/p4.p3.b3/b2;"));
    free(t);
}

static void test_round_end_waits_and_is_final(void **state)
{
    char args[900];
    char *t;
    const char *over, *seen, *p2;
    (void)state;
    snprintf(args, sizeof args,
             "--scene table --game stakz --seats human,easy --position \"$(cat %s/tests/scripts/stakz_round.pos)\"",
             STACKHOUSE_SOURCE_DIR);
    t = play("round", args, "stakz_round");
    over = strstr(t, "stakz move p1 r4>1\nstakz round over\n");
    assert_non_null(over);
    seen = strstr(over, "stakz round seen\n");
    assert_non_null(seen);
    /* the computer waited for the player to see the points */
    p2 = strstr(over, "stakz move p2 ");
    assert_non_null(p2);
    assert_true(p2 > seen);
    /* the round's end cannot be undone (the next round is dealt) */
    assert_null(strstr(t, "stakz undo\n"));
    /* Player 2 kept 9 tiles: 5 + 0 for Player 1, 0 + 9 for Player 2 */
    {
        char pos[1100];
        line_after(over, "stakz position ", 0, pos, sizeof pos);
        assert_non_null(strstr(pos, ";5,9;"));
    }
    free(t);
}

/* Every "stakz faces" line from p up to the end (or the next curtain) names only seat s's tiles. */
static void faces_only(const char *p, int s)
{
    char own[8];
    snprintf(own, sizeof own, " p%d:", s + 1);
    while ((p = strstr(p, "stakz faces "))) {
        const char *e = strchr(p, '\n'), *c = strchr(p, ':');
        assert_non_null(e);
        if (strncmp(p, "stakz faces curtain", 19) == 0)
            break;
        for (c = strchr(c + 1, ' '); c && c < e; c = strchr(c + 1, ' '))
            if (strncmp(c, own, strlen(own)) != 0)
                fail_msg("seat %d saw another seat's tile: %.*s", s + 1, (int)(e - p), p);
        p = e;
    }
}

static void test_curtain_between_humans(void **state)
{
    char *t = play("curtain", "--scene table --game stakz --seats human,human --position start:2:4", "stakz_curtain");
    const char *c1, *l1, *c2, *l2;
    (void)state;
    c1 = strstr(t, "stakz curtain p1\n");
    assert_non_null(c1);
    assert_non_null(strstr(c1, "stakz faces curtain p1: -\n"));
    l1 = strstr(c1, "stakz curtain lifted p1\n");
    assert_non_null(l1);
    /* before the first lifting, no hand was shown face up */
    assert_true(strstr(t, "stakz faces p1:") > l1);
    faces_only(l1, 0);
    assert_non_null(strstr(l1, "stakz move p1 o4>1\n"));
    c2 = strstr(l1, "stakz move p1 end:g\n");
    assert_non_null(c2);
    c2 = strstr(c2, "stakz curtain p2\n");
    assert_non_null(c2);
    assert_non_null(strstr(c2, "stakz faces curtain p2: -\n"));
    l2 = strstr(c2, "stakz curtain lifted p2\n");
    assert_non_null(l2);
    /* between the curtain and its lifting nothing but the curtain was drawn */
    for (const char *f = strstr(c2, "stakz faces "); f && f < l2; f = strstr(f + 1, "stakz faces "))
        assert_true(strncmp(f, "stakz faces curtain p2: -\n", 26) == 0);
    /* then Player 2 sees its own tiles, and none of Player 1's */
    assert_non_null(strstr(l2, "stakz faces p2: p2:"));
    faces_only(strstr(l2, "stakz faces p2:"), 1);
    free(t);
}

/* Setup's draw option "At random": the turn ends with a plain draw. */
static void test_random_draw_from_setup(void **state)
{
    char *t = play("random", "--scene setup --game stakz", "stakz_random");
    (void)state;
    assert_non_null(strstr(t, "scene table\n"));
    assert_non_null(strstr(t, "stakz choose end\nstakz move p1 end\n"));
    assert_null(strstr(t, "stakz picker open"));
    free(t);
}

static void test_save_mid_turn_then_resume(void **state)
{
    char saved[1100], resumed[1100];
    char *t = play("resume", "--scene table --game stakz --seats human,easy --position start:2:4", "stakz_quit");
    (void)state;
    assert_non_null(strstr(t, "stakz move p1 o4>1\n"));
    assert_non_null(strstr(t, "stakz saved\n"));
    line_after(t, "stakz position ", 1, saved, sizeof saved);
    free(t);
    t = play("resume", "--scene setup --game stakz", "stakz_resume");
    assert_non_null(strstr(t, "focus setup resume\n"));
    assert_non_null(strstr(strstr(t, "setup save "), "Player 1 to play \xc2\xb7 points: P1 0, P2 0"));
    line_after(strstr(t, "scene table\n"), "stakz position ", 0, resumed, sizeof resumed);
    assert_string_equal(resumed, saved);
    /* Player 1 is still on the turn, with the orange 4 on stack 1 */
    assert_true(strncmp(saved, "1;r4.o4/", 8) == 0);
    free(t);
}

static void test_games_reach_score(void **state)
{
    static const char *const want[] = {"stakz round over", "stakz over ", "scene score\n"};
    char *t = play("watch2", "--scene table --game stakz --seats easy,easy --position start:2:4", "stakz_watch");
    (void)state;
    in_order(t, want, 3);
    free(t);
    t = play("watch4", "--scene table --game stakz --seats easy,easy,easy,easy --position start:4:5", "stakz_watch");
    in_order(t, want, 3);
    assert_true(count(t, "stakz round over") >= 1);
    free(t);
}

/* A whole game played by controller alone against the computer: every
 * turn Player 1 ends at once through the colour picker, until the
 * computer's win makes Player 1's points reach 12; then the score screen. */
static void test_controller_plays_a_whole_game(void **state)
{
    static const char *const want[] = {"stakz picker open\n", "stakz move p1 end:", "stakz round over (game over)\n",
                                       "stakz over p2\n", "scene score\n"};
    char *t = play("padgame", "--scene table --game stakz --seats human,easy --position start:2:4", "stakz_pad_game");
    (void)state;
    in_order(t, want, 5);
    /* the colour was chosen while the pile lasted (then a plain end, with no picker) */
    assert_true(count(t, "stakz move p1 end:") >= 10);
    assert_int_equal(count(t, "stakz picker open\n"), count(t, "stakz move p1 end:"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mouse_places_drags_undoes_and_draws),
        cmocka_unit_test(test_controller_splits_and_picks),
        cmocka_unit_test(test_round_end_waits_and_is_final),
        cmocka_unit_test(test_curtain_between_humans),
        cmocka_unit_test(test_random_draw_from_setup),
        cmocka_unit_test(test_save_mid_turn_then_resume),
        cmocka_unit_test(test_games_reach_score),
        cmocka_unit_test(test_controller_plays_a_whole_game),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
