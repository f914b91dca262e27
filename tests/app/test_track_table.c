/* The Stack-A-Track table end to end under its own Xvfb, driven by input
 * scripts: mouse alone (the wheel turns the block, a click slides it in, a
 * tray tile chooses, the Turn button turns), controller alone (d-pad, X to
 * turn, A), a column refused with its reason and then taken turned round,
 * pass when nothing fits (a click refused first) on to the score screen, and
 * by a controller's A, undo and redo against the computer (the last move's
 * mark following the record), save on quit then resume restoring the same
 * position and its last move's mark, the hot-seat curtain with the
 * hidden-blocks house rule set on the setup screen, and whole games between
 * computers (two and four seats) ending on the score screen; the seats'
 * blocks readable at 4:3 with two, three and four seats; the move log's
 * words for each kind of move. The table traces "track position <notation>"
 * whenever its position changes, "track last C.R pN" when the last move's
 * mark moves and "track hands S ..." when the seats' blocks change size. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/registry.h"
#include "games/stackatrack/rules/track.h"
#include "games/stackatrack/view/track_view.h"
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

/* Runs script on the composed position in tests/scripts/<script>.pos. */
static char *play_composed(const char *pref, const char *seats, const char *script)
{
    char args[600];
    testenv_composed_args(args, sizeof args, "stackatrack", seats, script);
    return play(pref, args, script);
}

/* Fails unless the trace holds each of want[0..n) in that order. */
static void in_order(const char *t, const char *const *want, int n)
{
    const char *miss = testenv_missing_in_order(t, want, n);
    if (miss)
        fail_msg("trace lacks, in order: %s", miss);
}

/* How many times s occurs in t. */
static int count(const char *t, const char *s)
{
    int n = 0;
    for (const char *p = t; (p = strstr(p, s)) != NULL; p += strlen(s))
        n++;
    return n;
}

/* The text after the last (or first) occurrence of key, up to the newline. */
static void line_after(const char *t, const char *key, int last, char *out, size_t n)
{
    assert_int_equal(testenv_line_after(t, key, last, out, n), 0);
}

static void test_mouse_alone(void **state)
{
    char *t = play("mouse", "--scene table --game stackatrack --seats human,easy", "track_mouse");
    const char *m, *c;
    (void)state;
    /* the wheel turned the block upside down before the click slid it into column 3 */
    m = strstr(t, "track turn F2\ntrack move ");
    assert_non_null(m);
    m = strchr(m + strlen("track turn F2\n"), '\n');
    assert_non_null(m);
    assert_memory_equal(m - 4, "@3F2", 4);
    /* the computer answered, then the tray's second tile was chosen and the Turn button turned it */
    assert_int_equal(count(t, "track move "), 2);
    c = strstr(t, "track choose ");
    assert_non_null(c);
    assert_non_null(strstr(c, "track turn B\n"));
    free(t);
}

static void test_controller_alone(void **state)
{
    static const char *const want[] = {"track choose ", "track turn F2\n", "track move "};
    char *t = play("pad", "--scene table --game stackatrack --seats human,human", "track_pad");
    char chosen[64], moved[64];
    (void)state;
    in_order(t, want, 3);
    /* the block chosen with the d-pad is the one that went in, turned, in column 3 */
    line_after(t, "track choose ", 0, chosen, sizeof chosen);
    line_after(t, "track move ", 0, moved, sizeof moved);
    assert_int_equal(strncmp(moved, chosen, strlen(chosen)), 0);
    assert_string_equal(moved + strlen(chosen), "@3F2");
    free(t);
}

static void test_illegal_column_refused(void **state)
{
    static const char *const want[] = {
        "track refused 1: Not column 1 that way up: a track end would meet a bare side. Turn it.\n",
        "track turn F2\n", "track turn B\n", "track move RL:RB@1B\n", "track position 2;TB.RB/"};
    char *t = play_composed("illegal", "human,human", "track_illegal");
    (void)state;
    in_order(t, want, 5);
    assert_int_equal(count(t, "track move "), 1); /* the refused click played nothing */
    free(t);
}

/* Runs script on tests/scripts/track_illegal.pos, Red against the easy computer. */
static char *play_illegal(const char *pref, const char *script)
{
    char args[600];
    testenv_composed_args(args, sizeof args, "stackatrack", "human,easy", "track_illegal");
    return play(pref, args, script);
}

/* "Why not?" by mouse (#29): Pass while a block fits, the straight across in
 * column 1, and a click while Blue plays each say why; one move is played. */
static void test_refusals_say_why_by_mouse(void **state)
{
    static const char *const want[] = {
        "track refused: You can't pass: a block of yours still fits somewhere.\n",
        "track refused: Not column 1 that way up: a track end would meet a bare side. Turn it.\n",
        "track move RL:RB@1B\n", "track refused: Wait: it is Blue's turn.\n", "track move RL:RB@3B2\n"};
    char *t = play_illegal("whymouse", "track_why_mouse");
    (void)state;
    in_order(t, want, 5);
    assert_int_equal(count(t, "track move "), 2);
    free(t);
}

/* "Why not?" by controller (#29): A on column 1 the wrong way up, and A
 * while Blue plays, each say why. */
static void test_refusals_say_why_by_controller(void **state)
{
    static const char *const want[] = {
        "track refused: Not column 1 that way up: a track end would meet a bare side. Turn it.\n",
        "track move RL:RB@1B\n", "track refused: Wait: it is Blue's turn.\n"};
    char *t = play_illegal("whypad", "track_why_pad");
    (void)state;
    in_order(t, want, 3);
    free(t);
}

static void test_pass_then_score(void **state)
{
    static const char *const want[] = {"track refused 6: None of your blocks fits anywhere: press Pass.\n",
                                       "track move pass\n", "track log Red passed: no block fits\n",
                                       "track move BL:BL@6F\n", "track log Blue slid a curve down column 6: ",
                                       "track over 2\n", "scene score\n"};
    char *t = play_composed("pass", "human,easy", "track_pass");
    (void)state;
    in_order(t, want, 7);
    free(t);
}

/* A controller alone passes too: A when nothing fits. */
static void test_controller_passes(void **state)
{
    char args[600], *t;
    (void)state;
    testenv_composed_args(args, sizeof args, "stackatrack", "human,human", "track_pass");
    t = play("pad-pass", args, "track_pad_pass");
    assert_non_null(strstr(t, "track move pass\n"));
    assert_int_equal(count(t, "track move "), 1);
    free(t);
}

static void test_undo_redo_against_computer(void **state)
{
    char *t = play("undo", "--scene table --game stackatrack --seats human,easy", "track_undo");
    char start[600], before_undo[600], after_undo[600], after_redo[600];
    const char *u, *r;
    (void)state;
    line_after(t, "track position ", 0, start, sizeof start);
    u = strstr(t, "\ntrack undo\n");
    assert_non_null(u);
    r = strstr(u, "\ntrack redo\n");
    assert_non_null(r);
    assert_int_equal(count(t, "track move "), 2); /* ours and the reply, before the undo */
    {
        char *cut = strndup(t, (size_t)(u - t));
        assert_non_null(cut);
        line_after(cut, "track position ", 1, before_undo, sizeof before_undo);
        free(cut);
    }
    line_after(u, "track position ", 0, after_undo, sizeof after_undo);
    line_after(r, "track position ", 0, after_redo, sizeof after_redo);
    assert_string_equal(after_undo, start);       /* both moves undone: our turn again */
    assert_string_equal(after_redo, before_undo); /* redo brings the reply back too */
    assert_string_not_equal(before_undo, start);
    /* the reply stays marked until the undo (it never fades), none after it, and redo marks it again */
    {
        char *cut = strndup(t, (size_t)(u - t));
        char marked[32], redone[32];
        assert_non_null(cut);
        line_after(cut, "track last ", 1, marked, sizeof marked);
        assert_int_equal(marked[strlen(marked) - 1], '2'); /* the computer's, seat 2 */
        assert_null(strstr(strstr(cut, "track move "), "track last none"));
        free(cut);
        line_after(u, "track last ", 0, after_undo, sizeof after_undo);
        assert_string_equal(after_undo, "none");
        line_after(r, "track last ", 1, redone, sizeof redone);
        assert_string_equal(redone, marked);
    }
    free(t);
}

static void test_save_on_quit_then_resume(void **state)
{
    char saved[600], resumed[600], saved_last[32];
    char *t = play("resume", "--scene table --game stackatrack --seats human,easy", "track_quit");
    (void)state;
    assert_non_null(strstr(t, "track saved\n"));
    assert_non_null(strstr(t, "scene picker\n"));
    assert_int_equal(count(t, "track move "), 2);
    line_after(t, "track position ", 1, saved, sizeof saved);
    line_after(t, "track last ", 1, saved_last, sizeof saved_last);
    assert_string_not_equal(saved_last, "none");
    free(t);
    t = play("resume", "--scene setup --game stackatrack", "track_resume");
    assert_non_null(strstr(t, "focus setup resume\n"));
    /* Resume previews where the game stands: whose turn and the points */
    assert_non_null(strstr(t, "setup save 2 moves played \xc2\xb7 Red to move \xc2\xb7 points: Red "));
    line_after(strstr(t, "scene table\n"), "track position ", 0, resumed, sizeof resumed);
    assert_string_equal(resumed, saved);
    /* the resumed table marks the move that was played last, as the saved one did */
    line_after(strstr(t, "scene table\n"), "track last ", 0, resumed, sizeof resumed);
    assert_string_equal(resumed, saved_last);
    free(t);
}

/* Hidden blocks (set on the setup screen) between two humans: the tray is
 * hidden behind the curtain before each player's turn and shows only that
 * player's blocks once they lift it. */
static void test_hidden_blocks_curtain(void **state)
{
    char want[11][40];
    const char *w[11];
    int first, second;
    char *t = play("curtain", "--scene setup --game stackatrack", "track_curtain");
    const char *p;
    (void)state;
    /* the setup screen's match is dealt from the clock: either seat may begin */
    p = strstr(t, "track curtain p");
    assert_non_null(p);
    first = p[strlen("track curtain p")] - '0';
    assert_true(first == 1 || first == 2);
    second = 3 - first;
    snprintf(want[0], sizeof want[0], "setup option1\n");
    snprintf(want[1], sizeof want[1], "scene table\n");
    snprintf(want[2], sizeof want[2], "track curtain p%d\n", first);
    snprintf(want[3], sizeof want[3], "track tray hidden\n");
    snprintf(want[4], sizeof want[4], "track curtain lifted p%d\n", first);
    snprintf(want[5], sizeof want[5], "track tray p%d: ", first);
    snprintf(want[6], sizeof want[6], "track move ");
    snprintf(want[7], sizeof want[7], "track curtain p%d\n", second);
    snprintf(want[8], sizeof want[8], "track tray hidden\n");
    snprintf(want[9], sizeof want[9], "track curtain lifted p%d\n", second);
    snprintf(want[10], sizeof want[10], "track tray p%d: ", second);
    for (int i = 0; i < 11; i++)
        w[i] = want[i];
    in_order(t, w, 11);
    /* the only trays shown are after a lift, each the lifting player's own */
    for (p = t; (p = strstr(p, "track tray p")) != NULL; p++) {
        char seat = p[strlen("track tray p")];
        char lifted[40];
        const char *l;
        snprintf(lifted, sizeof lifted, "track curtain lifted p%c\n", seat);
        l = strstr(t, lifted);
        assert_non_null(l);
        assert_true(l < p);
    }
    free(t);
}

/* Computers only: every block goes in or the seats pass out, the result is
 * announced and the score screen follows on its own. */
static void computer_game(const char *seats, const char *pref)
{
    static const char *const want[] = {"track move ", "track over ", "scene score\n"};
    char args[200], last[600], over[32];
    char *t;
    snprintf(args, sizeof args, "--scene table --game stackatrack --seats %s", seats);
    t = play(pref, args, "track_computers");
    in_order(t, want, 3);
    assert_true(count(t, "track move ") >= 20);
    /* the announced winners are the seats on the highest score in the last position */
    line_after(t, "track position ", 1, last, sizeof last);
    line_after(t, "track over ", 0, over, sizeof over);
    {
        const char *sc = strrchr(last, ';');
        int score[4], n = 0, best = -1000;
        char want_over[32] = "";
        assert_non_null(sc);
        for (sc++; n < 4 && *sc; n++) {
            char *end;
            score[n] = (int)strtol(sc, &end, 10);
            best = score[n] > best ? score[n] : best;
            sc = *end == ',' ? end + 1 : end;
        }
        assert_int_equal(n, count(seats, ",") + 1);
        for (int i = 0; i < n; i++)
            if (score[i] == best)
                snprintf(want_over + strlen(want_over), sizeof want_over - strlen(want_over), "%s%d",
                         want_over[0] ? " " : "", i + 1);
        assert_string_equal(over, want_over);
    }
    free(t);
}

static void test_computers_two_seats(void **state)
{
    (void)state;
    computer_game("easy,easy", "cpu2");
}

static void test_computers_four_seats(void **state)
{
    (void)state;
    computer_game("easy,medium,easy,medium", "cpu4");
}

/* At 1024x768 (4:3, a unit is 768/1080 px) with two, three and four seats,
 * the seats' rows draw every block at 20 px or more. */
static void test_hands_readable_at_4x3(void **state)
{
    static const char *const seats[] = {"human,easy", "human,easy,easy", "human,easy,easy,easy"};
    (void)state;
    for (int i = 0; i < 3; i++) {
        char cmd[2048], trace[400], sizes[64], *t, *p, *end;
        const char *tmp = testenv_game_tmp();
        int n = 0;
        snprintf(trace, sizeof trace, "%s/hands%d.trace", tmp, i);
        snprintf(cmd, sizeof cmd,
                 "mkdir -p %s/hands%d && cd / && STACKHOUSE_PREF_DIR=%s/hands%d %s --scene table --game stackatrack "
                 "--seats %s --frames 10 --screenshot %s/hands%d.png --window 1024x768 --trace %s 2>%s/hands%d.err",
                 tmp, i, tmp, i, GAME, seats[i], tmp, i, trace, tmp, i);
        assert_int_equal(testenv_run(cmd), 0);
        t = testenv_slurp(trace);
        assert_non_null(t);
        line_after(t, "track hands ", 1, sizes, sizeof sizes);
        for (p = sizes; *p; p = end, n++) {
            long size = strtol(p, &end, 10);
            assert_true(end > p);
            if (size * 768 / 1080 < 20)
                fail_msg("%s: a seat's blocks are %ld units, %ld px at 1024x768", seats[i], size, size * 768 / 1080);
        }
        assert_int_equal(n, i + 2); /* one size per seat */
        free(t);
    }
}

/* The move log's words for move text played from the composed position pos
 * (tests/scripts/<pos>.pos, players seats), by the view's describe op. */
static void words_for(const char *pos, int players, const char *text, char *out, size_t n)
{
    char path[512], err[200], *body;
    game_params p;
    game_move m;
    track_state st;
    snprintf(path, sizeof path, "%s/tests/scripts/%s.pos", STACKHOUSE_SOURCE_DIR, pos);
    body = testenv_slurp(path);
    assert_non_null(body);
    body[strcspn(body, "\n")] = '\0';
    registry_params_default(registry_find("stackatrack"), &p, players);
    assert_int_equal(stackatrack_rules.position_read(&st, &p, body, err, sizeof err), 0);
    assert_int_equal(stackatrack_rules.move_read(&st, text, &m, err, sizeof err), 0);
    assert_non_null(stackatrack_view_ops.describe);
    stackatrack_view_ops.describe(&st, &m, out, n);
    free(body);
}

/* Each kind of move in public words (the log adds who played it): the
 * picture that landed, the column, the points, a loop; a pass. */
static void test_log_words(void **state)
{
    char w[160];
    (void)state;
    words_for("track_mid", 3, "BL:TL+RB@2F", w, sizeof w);
    assert_string_equal(w, "slid a curve down column 2: +7, a loop closed!");
    words_for("track_mid", 3, "TL+RB:TB@3F", w, sizeof w);
    assert_string_equal(w, "slid a double curve down column 3: +1");
    words_for("track_mid", 3, "RB:R@6B", w, sizeof w);
    assert_string_equal(w, "slid a dead end down column 6: \xe2\x88\x92" "1");
    words_for("track_mid", 3, "BL:TL+RB@1F2", w, sizeof w);
    assert_string_equal(w, "slid a curve down column 1: no points");
    words_for("track_illegal", 2, "RL:RB@1B", w, sizeof w);
    assert_string_equal(w, "slid a curve down column 1: +1"); /* on a straight: one end joined */
    words_for("track_pass", 2, "pass", w, sizeof w);
    assert_string_equal(w, "passed: no block fits");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mouse_alone),
        cmocka_unit_test(test_controller_alone),
        cmocka_unit_test(test_illegal_column_refused),
        cmocka_unit_test(test_pass_then_score),
        cmocka_unit_test(test_refusals_say_why_by_mouse),
        cmocka_unit_test(test_refusals_say_why_by_controller),
        cmocka_unit_test(test_controller_passes),
        cmocka_unit_test(test_undo_redo_against_computer),
        cmocka_unit_test(test_save_on_quit_then_resume),
        cmocka_unit_test(test_hidden_blocks_curtain),
        cmocka_unit_test(test_computers_two_seats),
        cmocka_unit_test(test_computers_four_seats),
        cmocka_unit_test(test_hands_readable_at_4x3),
        cmocka_unit_test(test_log_words),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
