/* The 9 STAX table end to end under its own Xvfb, driven by input scripts:
 * mouse alone plays a card and draws, controller alone plays a card and draws, the
 * privacy curtain between two humans (nothing private drawn behind it, and
 * only the viewer's own cards after it), a targeted human asked about
 * Immunity (a Peek between two humans; a computer's Attack on the human) and
 * the prompt timing out in party play, save on quit then resume restoring the same position, and the
 * "What you know" setting drawing the viewer's remembered cards ('~'), and
 * a game between computers ending on the score screen.
 * The table traces "nine faces pK: ..." with every card it drew face up
 * (from the viewing seat's observation) whenever that changes. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "app/store.h"
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

/* Runs script on the composed position in tests/scripts/<script>.pos (a
 * whole position is too long to read well in a test) with the given seats. */
static char *play_composed(const char *pref, const char *seats, const char *script)
{
    char args[600];
    testenv_composed_args(args, sizeof args, "9stax", seats, script);
    return play(pref, args, script);
}

/* Fails unless the trace holds each of want[0..n) in that order. */
static void in_order(const char *t, const char *const *want, int n)
{
    const char *miss = testenv_missing_in_order(t, want, n);
    if (miss)
        fail_msg("trace lacks, in order: %s", miss);
}

/* The text after the last (or first) occurrence of key, up to the newline. */
static void line_after(const char *t, const char *key, int last, char *out, size_t n)
{
    assert_int_equal(testenv_line_after(t, key, last, out, n), 0);
}

static void test_mouse_plays_and_draws(void **state)
{
    char *t = play("mouse", "--scene table --game 9stax --seats human,easy", "nine_mouse");
    const char *p;
    (void)state;
    assert_non_null(strstr(t, "nine choose play G2\nnine move p1 play G2\n"));
    assert_non_null(strstr(t, "nine log Player 1 played a green 2: everyone moves to stack 2\n"));
    p = strstr(t, "nine move p2 "); /* the computer answered */
    assert_non_null(p);
    assert_non_null(strstr(p, "nine choose draw pile\nnine move p1 draw\n"));
    free(t);
}

/* Number of remembered cards ('~' entries) on "nine faces" lines; with seat
 * >= 0, fails on one that is not that seat's. */
static int remembered_entries(const char *p, int seat)
{
    int n = 0;
    char own[8];
    snprintf(own, sizeof own, " p%ds", seat + 1);
    while ((p = strstr(p, "nine faces "))) {
        const char *e = strchr(p, '\n');
        for (const char *c = strchr(p, '~'); c && (!e || c < e); c = strchr(c + 1, '~')) {
            const char *w = c;
            while (w > p && *w != ' ')
                w--;
            if (seat >= 0)
                assert_true(strncmp(w, own, strlen(own)) == 0);
            n++;
        }
        p = e ? e : p + 1;
    }
    return n;
}

/* The setting off (the default): nothing remembered is drawn. */
static void test_memory_hidden_by_default(void **state)
{
    char *t = play("mouse", "--scene table --game 9stax --seats human,easy", "nine_mouse");
    (void)state;
    assert_non_null(strstr(t, "nine move p1 play G2\n"));
    assert_int_equal(remembered_entries(t, -1), 0);
    free(t);
}

/* "What you know" on: after the green 2 moves everyone to stack 2, the
 * human's stack 1 is face down again and drawn as remembered, to that seat
 * only. */
static void test_memory_shown_with_setting(void **state)
{
    char dir[400], db_path[440], err[256] = "";
    store *db;
    char *t;
    const char *p;
    (void)state;
    snprintf(dir, sizeof dir, "mkdir -p %s/memory", testenv_game_tmp());
    assert_int_equal(testenv_run(dir), 0);
    snprintf(db_path, sizeof db_path, "%s/memory/stackhouse.db", testenv_game_tmp());
    db = store_open(db_path, err, sizeof err);
    assert_non_null(db);
    assert_int_equal(store_begin(db), 0);
    assert_int_equal(store_put(db, "settings", "nine_memory", "1"), 0);
    assert_int_equal(store_end(db, 1), 0);
    store_close(db);
    t = play("memory", "--scene table --game 9stax --seats human,easy", "nine_mouse");
    p = strstr(t, "nine move p1 play G2\n");
    assert_non_null(p);
    assert_int_equal(remembered_entries(t, 0) - remembered_entries(p, 0), 0); /* nothing before */
    p = strstr(p, "nine faces p1:");
    assert_non_null(p);
    assert_non_null(strstr(p, " p1s1~"));
    assert_true(remembered_entries(p, 0) >= 3);
    free(t);
}

static void test_controller_plays(void **state)
{
    char *t = play("pad", "--scene table --game 9stax --seats human,easy", "nine_pad");
    (void)state;
    assert_non_null(strstr(t, "focus nine play G3\n"));
    assert_non_null(strstr(t, "nine choose play G3\nnine move p1 play G3\n"));
    assert_non_null(strstr(strstr(t, "nine move p2 "), "nine choose draw\nnine move p1 draw\n"));
    free(t);
}

/* Every "nine faces" line from p on names only cards of seat s. */
static void faces_only(const char *p, int s)
{
    char own[8], hand[12];
    snprintf(own, sizeof own, " p%ds", s + 1);
    snprintf(hand, sizeof hand, " p%dhand", s + 1);
    while ((p = strstr(p, "nine faces "))) {
        const char *e = strchr(p, '\n'), *c = strchr(p, ':');
        assert_non_null(e);
        for (c = c + 1; c && c < e; c = strchr(c + 1, ' ')) {
            if (c[0] == ' ' && c[1] == '-')
                break;
            if (strncmp(c, own, strlen(own)) != 0 && strncmp(c, hand, strlen(hand)) != 0)
                fail_msg("seat %d saw another seat's card: %.*s", s + 1, (int)(e - p), p);
        }
        p = e;
        if (strstr(p, "nine curtain p") == p + 1)
            break;
    }
}

static void test_curtain_between_humans(void **state)
{
    char *t = play("curtain", "--scene table --game 9stax --seats human,human", "nine_curtain");
    const char *c1, *c2, *l2;
    (void)state;
    c1 = strstr(t, "nine curtain p1\n");
    assert_non_null(c1);
    /* behind the curtain, nothing face up */
    assert_non_null(strstr(c1, "nine faces curtain p1: -\n"));
    assert_true(strstr(t, "nine faces p1:") > strstr(t, "nine curtain lifted p1\n"));
    assert_non_null(strstr(t, "nine move p1 play G2\n"));
    c2 = strstr(t, "nine curtain p2\n");
    assert_non_null(c2);
    assert_true(c2 > strstr(t, "nine move p1 play G2\n"));
    assert_non_null(strstr(c2, "nine faces curtain p2: -\n"));
    l2 = strstr(c2, "nine curtain lifted p2\n");
    assert_non_null(l2);
    /* between the curtain and its lifting nothing but the curtain was drawn */
    for (const char *f = strstr(c2, "nine faces "); f && f < l2; f = strstr(f + 1, "nine faces "))
        assert_true(strncmp(f, "nine faces curtain p2: -\n", 25) == 0);
    /* then Player 2 sees its own held stack, and none of Player 1's cards */
    assert_non_null(strstr(l2, "nine faces p2: p2s2:"));
    faces_only(l2, 1);
    free(t);
}

/* Hot seat: a drawn card that cannot be played goes into the held stack and
 * ends the turn. The drawer is shown it (face up, only to them) and the
 * curtain for the next human waits until they dismiss it. */
static void test_drawn_card_shown_before_curtain(void **state)
{
    char *t = play_composed("drawn", "human,human", "nine_draw_keep");
    const char *m, *h, *shown, *seen, *c2, *p2;
    (void)state;
    m = strstr(t, "nine move p1 draw\n");
    assert_non_null(m);
    h = strstr(m, "nine handoff p2\n");
    assert_non_null(h);
    /* the card is on show to Player 1 before any curtain */
    shown = strstr(h, "nine faces p1: ");
    assert_non_null(shown);
    assert_non_null(strstr(shown, " p1drawn:R5"));
    assert_true(strstr(shown, " p1drawn:R5") < strchr(shown, '\n'));
    seen = strstr(h, "nine drawn seen p1\n");
    assert_non_null(seen);
    c2 = strstr(m, "nine curtain p2\n");
    assert_non_null(c2);
    /* the curtain came only after the dismissal, and nothing was played between */
    assert_true(c2 > seen);
    p2 = strstr(h, "nine move p2");
    assert_true(p2 == NULL || p2 > c2);
    assert_non_null(strstr(c2, "nine faces curtain p2: -\n"));
    /* then Player 2 sees only their own cards, never the red 5 */
    faces_only(strstr(c2, "nine curtain lifted p2\n"), 1);
    /* the move log, which everyone reads (behind the curtain too), says a card was drawn, not which */
    assert_non_null(strstr(t, "nine log Player 1 drew a card\n"));
    for (const char *l = strstr(t, "nine log "); l; l = strstr(l + 1, "nine log ")) {
        const char *e = strchr(l, '\n'), *w = strstr(l, "red 5");
        if (w && w < e)
            fail_msg("the log names the drawn card: %.*s", (int)(e - l), l);
    }
    free(t);
}

/* Hot seat (#23): once Player 1 has drawn, their hand stays on screen until
 * they pass it, and the status pill never says the next person is deciding
 * over it; then, behind Player 2's own eyes, it says it is their turn. */
static void test_status_after_draw_is_the_drawers(void **state)
{
    char *t = play_composed("status", "human,human", "nine_draw_keep");
    const char *m, *c2, *l2;
    (void)state;
    m = strstr(t, "nine move p1 draw\n");
    assert_non_null(m);
    c2 = strstr(m, "nine curtain p2\n");
    assert_non_null(c2);
    for (const char *s = strstr(m, "nine status "); s && s < c2; s = strstr(s + 1, "nine status ")) {
        if (strncmp(s, "nine status Player 2", 20) == 0)
            fail_msg("the pill names Player 2 over Player 1's hand: %.*s", (int)(strchr(s, '\n') - s), s);
    }
    l2 = strstr(c2, "nine curtain lifted p2\n");
    assert_non_null(l2);
    assert_non_null(strstr(l2, "nine status Your turn"));
    free(t);
}

/* Four seats at 1024x768 (#23): the viewer's hand is laid out at one size on
 * their own turn, while they decide on a drawn card and on every computer's
 * turn, however long the status line's words are. */
static void test_hand_keeps_its_size_every_turn(void **state)
{
    char *t = play("fourturns", "--scene table --game 9stax --seats human,easy,medium,hard --window 1024x768",
                   "nine_four_turns");
    const char *p = strstr(t, "nine hand ");
    double h;
    int seat, computers = 0;
    (void)state;
    assert_non_null(p);
    assert_int_equal(sscanf(p, "nine hand %lf p%d", &h, &seat), 2);
    assert_true(h > 100); /* a hand to read from the sofa, not a row of stamps */
    /* one size all along: the hand's size is traced whenever it changes */
    if (strstr(p + 1, "nine hand "))
        fail_msg("the hand changed size: %.*s", (int)(strchr(strstr(p + 1, "nine hand "), '\n') - p), p);
    /* the turns it kept its size through */
    assert_non_null(strstr(t, "nine status Your turn"));
    assert_non_null(strstr(t, "nine status You drew a card"));
    for (const char *c = strstr(t, "(computer) is thinking."); c; c = strstr(c + 1, "(computer) is thinking."))
        computers++;
    assert_true(computers >= 3);
    free(t);
}

/* A pressed on a computer's turn, where no focus ring shows: nothing opens
 * (the focus's default there, the Menu button, once took the press). */
static void test_accept_on_others_turn_opens_nothing(void **state)
{
    char *t = play("fourturns", "--scene table --game 9stax --seats human,easy,medium,hard --window 1024x768",
                   "nine_four_turns");
    (void)state;
    assert_non_null(strstr(t, "nine move p2 "));
    assert_null(strstr(t, "scene menu"));
    free(t);
}

static void test_targeted_human_gets_immunity_prompt(void **state)
{
    char *t = play("immune", "--scene table --game 9stax --seats human,human", "nine_immune");
    const char *c;
    (void)state;
    assert_non_null(strstr(t, "nine move p1 play GP\n"));
    assert_non_null(strstr(t, "nine choose peek p2s1\nnine move p1 peek p2 s1\n"));
    c = strstr(t, "nine curtain p2\n");
    assert_non_null(c);
    assert_non_null(strstr(c, "nine prompt p2 immune\n"));
    assert_non_null(strstr(c, "nine choose immune\nnine move p2 immune\n"));
    assert_non_null(strstr(t, "nine log Player 2 used Immunity!\n"));
    free(t);
}

/* A computer targets the human: the Attack's only target is Player 2, who
 * is asked about Immunity on its own screen and answers it. */
static void test_computer_targets_human(void **state)
{
    static const char *const want[] = {"nine move p1 attack p2\n", "nine prompt p2 immune\n",
                                       "nine choose immune\nnine move p2 immune\n",
                                       "nine log Player 2 used Immunity!\n"};
    char *t = play_composed("cpuattack", "easy,human", "nine_cpu_attack");
    (void)state;
    in_order(t, want, 4);
    assert_null(strstr(t, "nine curtain")); /* one human: no screen to pass */
    free(t);
}

static void test_party_prompt_times_out(void **state)
{
    char *t = play("timeout", "--scene table --game 9stax --seats human,human", "nine_timeout");
    const char *p;
    (void)state;
    p = strstr(t, "nine prompt p2 immune\n");
    assert_non_null(p);
    assert_non_null(strstr(p, "nine prompt timed out\nnine choose accept\nnine move p2 accept\n"));
    /* the Peek goes ahead: the screen goes back to Player 1, who looks at the stack */
    p = strstr(p, "nine curtain p1\n");
    assert_non_null(p);
    free(t);
}

static void test_save_on_quit_then_resume(void **state)
{
    char saved[2100], resumed[2100];
    char *t = play("resume", "--scene table --game 9stax --seats human,easy", "nine_quit");
    (void)state;
    assert_non_null(strstr(t, "nine saved\n"));
    assert_non_null(strstr(t, "scene picker\n"));
    line_after(t, "nine position ", 1, saved, sizeof saved);
    free(t);
    t = play("resume", "--scene setup --game 9stax", "nine_resume");
    assert_non_null(strstr(t, "focus setup resume\n"));
    /* Resume previews the saved game: who plays and the cards each has left */
    assert_non_null(strstr(t, "setup save "));
    assert_non_null(strstr(strstr(t, "setup save "), " to play \xc2\xb7 cards left: P1 "));
    line_after(strstr(t, "scene table\n"), "nine position ", 0, resumed, sizeof resumed);
    assert_string_equal(resumed, saved);
    assert_non_null(strstr(saved, "disc=G2"));
    free(t);
}

/* Computers only: the game ends, is announced, and the score screen follows
 * on its own within the script's frames. */
static void test_game_reaches_score(void **state)
{
    static const char *const want[] = {"nine move p1 play R5\n", "nine over p1\n", "scene score\n"};
    char *t = play_composed("finish", "easy,easy", "nine_finish");
    (void)state;
    in_order(t, want, 3);
    free(t);
}

/* "Why not?" by mouse (#29): a dimmed card, another of your stacks and an
 * opponent's stack are each refused with the rules' reason, which the status
 * pill shows; nothing is played until the green 1 is. */
static void test_refusals_say_why_by_mouse(void **state)
{
    char args[600], *t;
    static const char *const want[] = {
        "nine refused: The purple 3 is neither green nor a 7.\n",
        "nine status The purple 3 is neither green nor a 7.\n",
        "nine refused: You play from stack 1, the one you hold.\n",
        "nine refused: Only a Peek or a Swap picks others' stacks.\n",
        "nine move p1 play G1\n",
    };
    (void)state;
    testenv_composed_args(args, sizeof args, "9stax", "human,easy", "nine_draw_keep");
    t = play("whymouse", args, "nine_why_mouse");
    in_order(t, want, 5);
    assert_null(strstr(t, "nine move p1 play P3"));
    free(t);
}

/* "Why not?" by controller (#29): X (draw) after a Color Shift is refused
 * while a coloured card can follow; A on the computer's turn says whose it is. */
static void test_refusals_say_why_by_controller(void **state)
{
    char *t = play_composed("whypad", "human,easy", "nine_why_pad");
    static const char *const want[] = {
        "nine refused: After a Color Shift, play your coloured card.\n",
        "nine move p1 play G1\n",
        "nine refused: Wait: it is Player 2's turn.\n",
    };
    (void)state;
    in_order(t, want, 3);
    assert_null(strstr(t, "nine move p1 draw"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mouse_plays_and_draws),
        cmocka_unit_test(test_controller_plays),
        cmocka_unit_test(test_curtain_between_humans),
        cmocka_unit_test(test_drawn_card_shown_before_curtain),
        cmocka_unit_test(test_status_after_draw_is_the_drawers),
        cmocka_unit_test(test_hand_keeps_its_size_every_turn),
        cmocka_unit_test(test_accept_on_others_turn_opens_nothing),
        cmocka_unit_test(test_targeted_human_gets_immunity_prompt),
        cmocka_unit_test(test_computer_targets_human),
        cmocka_unit_test(test_party_prompt_times_out),
        cmocka_unit_test(test_save_on_quit_then_resume),
        cmocka_unit_test(test_memory_hidden_by_default),
        cmocka_unit_test(test_memory_shown_with_setting),
        cmocka_unit_test(test_game_reaches_score),
        cmocka_unit_test(test_refusals_say_why_by_mouse),
        cmocka_unit_test(test_refusals_say_why_by_controller),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
