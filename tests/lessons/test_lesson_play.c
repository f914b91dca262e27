/* Every lesson played through on the real table by a script (#29): by mouse
 * from --scene lesson, and by controller through setup's Lesson button; the
 * MAXSTAX ones on the real-time table, blocks dragged and carried.
 * The trace must show each step set up and done in order (its right moves
 * played: "lesson MODE step K done"), each step's legal wrong move tried
 * refused with the lesson's own words, a move the rules refuse refused with
 * the rules' reason, and the game against the easy computer begun, the
 * computer answering. Each step's end is shot to /tmp for a look. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "../app/testenv.h"
#include "table/lesson_file.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"

/* The lesson file of mode, read. */
static lesson *load(const char *mode)
{
    char path[512], err[300], *text;
    lesson *l = calloc(1, sizeof *l);
    snprintf(path, sizeof path, "%s/assets/lessons/%s.txt", STACKHOUSE_SOURCE_DIR, mode);
    text = testenv_slurp(path);
    assert_int_equal(lesson_read(l, text, err, sizeof err), 0);
    free(text);
    return l;
}

/* Every step of l set up in order in trace t, each done (a watch step has
 * nothing to be done), up to the game's; where the game begins in t. */
static const char *steps_in_order(const char *mode, const lesson *l, const char *t)
{
    const char *p = t;
    char key[200];
    for (int s = 0; s < l->n; s++) {
        snprintf(key, sizeof key, "lesson %s step %d/%d %s", mode, s + 1, l->n, l->step[s].title);
        if (!(p = strstr(p, key)))
            fail_msg("%s: the trace lacks, in order: %s", mode, key);
        if (l->step[s].game)
            break;
        if (l->step[s].watch)
            continue;
        snprintf(key, sizeof key, "lesson %s step %d done", mode, s + 1);
        if (!(p = strstr(p, key)))
            fail_msg("%s: the trace lacks, in order: %s", mode, key);
    }
    return p;
}

/* Checks the trace of a whole lesson of mode: every step in order, each
 * done, the game begun and answered; a wrong move refused with the
 * lesson's words and an illegal one with the rules' (want_rules: a line of
 * it). */
static void check_trace(const char *mode, const char *t, const char *want_rules)
{
    lesson *l = load(mode);
    const char *p = steps_in_order(mode, l, t);
    char key[200];
    int lesson_refusals = 0;
    /* the game: the learner's move, then the computer's */
    {
        const char *trace_tag = strcmp(mode, "stackatrack") == 0 ? "track" : strcmp(mode, "9stax") == 0 ? "nine" : mode;
        snprintf(key, sizeof key, "%s move ", trace_tag);
        p = strstr(p, key);
        assert_non_null(p);
        assert_non_null(strstr(p + 1, key));
    }
    for (int s = 0; s < l->n; s++)
        for (int w = 0; w < l->step[s].n_wrongs; w++) {
            snprintf(key, sizeof key, "refused: %s\n", l->step[s].wrong[w].why);
            lesson_refusals += strstr(t, key) != NULL;
        }
    if (lesson_refusals == 0)
        fail_msg("%s: no wrong move was refused with the lesson's words", mode);
    if (!strstr(t, want_rules))
        fail_msg("%s: the trace lacks the rules' refusal: %s", mode, want_rules);
    free(l);
}

/* While a step waits (its move played, the learner to press Continue), the
 * table says what to press in the controls in hand and never that a
 * computer is thinking: trace t holds each of want[0..n), and nothing
 * before the lesson's game says "is thinking". */
static void check_waiting(const char *t, const char *const *want, int n)
{
    const char *game = strstr(t, " (game)\n"), *think = strstr(t, "is thinking");
    for (int i = 0; i < n; i++)
        if (!strstr(t, want[i]))
            fail_msg("the trace lacks: %s", want[i]);
    assert_non_null(game);
    if (think && think < game)
        fail_msg("a lesson step said a computer is thinking");
}

/* Runs script on mode's lesson: by mouse from --scene lesson, by controller from setup. */
static char *run(const char *mode, const char *script, int pad)
{
    char args[300], pref[64];
    char *t;
    /* seeded: unseeded, the easy SPEEDSTAX computer's luck left it without a
     * call inside the script's minute about one run in ten */
    snprintf(args, sizeof args, "--scene %s --game %s --seed 7", pad ? "setup" : "lesson", mode);
    snprintf(pref, sizeof pref, "%s-%s", mode, pad ? "pad" : "mouse");
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, pref, args, script);
    assert_non_null(t);
    return t;
}

static void test_stax_mouse(void **state)
{
    char *t = run("stax", "lesson_stax_mouse", 0);
    (void)state;
    check_trace("stax", t, "stax refused: Capture is compulsory: pick a stack that can capture.\n");
    free(t);
}

static void test_stax_pad(void **state)
{
    char *t = run("stax", "lesson_stax_pad", 1);
    (void)state;
    assert_non_null(strstr(t, "focus setup lesson\n"));
    check_trace("stax", t, "stax refused: Capture is compulsory: pick a stack that can capture.\n");
    free(t);
}

static void test_track_mouse(void **state)
{
    char *t = run("stackatrack", "lesson_track_mouse", 0);
    (void)state;
    check_trace("stackatrack", t, "track refused: Not column 1 that way up: a track end would meet a bare side. Turn it.\n");
    free(t);
}

static void test_track_pad(void **state)
{
    char *t = run("stackatrack", "lesson_track_pad", 1);
    (void)state;
    assert_non_null(strstr(t, "focus setup lesson\n"));
    check_trace("stackatrack", t, "track refused: Not column 1 that way up: a track end would meet a bare side. Turn it.\n");
    free(t);
}

static void test_stakz_mouse(void **state)
{
    char *t = run("stakz", "lesson_stakz_mouse", 0);
    (void)state;
    check_trace("stakz", t, "stakz refused: Stack 1 already holds two red tiles: a stack never holds three.\n");
    {
        static const char *const want[] = {"stakz hints Click Continue  \xc2\xb7  Esc Menu\n",
                                           "stakz hints Click Start the game  \xc2\xb7  Esc Menu\n"};
        check_waiting(t, want, 2);
    }
    free(t);
}

static void test_stakz_pad(void **state)
{
    char *t = run("stakz", "lesson_stakz_pad", 1);
    (void)state;
    assert_non_null(strstr(t, "focus setup lesson\n"));
    check_trace("stakz", t, "stakz refused: Stack 1 already holds two red tiles: a stack never holds three.\n");
    {
        static const char *const want[] = {"stakz hints (A) Continue  \xc2\xb7  (B) Menu\n",
                                           "stakz hints (A) Start the game  \xc2\xb7  (B) Menu\n"};
        check_waiting(t, want, 2);
    }
    free(t);
}

/* Once the Immunity step is done the learner's turn offers nothing (#29):
 * between the step's end and its Continue the view prompts for no move (no
 * Draw), and the script's Draw (a click where the button stood, or X) plays
 * none; X is refused with the lesson's words. */
static void check_done_offers_nothing(const char *t, int pad)
{
    const char *from = strstr(t, "lesson 9stax step 13 done\n"), *to, *p;
    assert_non_null(from);
    to = strstr(from, "lesson 9stax continue\n");
    assert_non_null(to);
    if ((p = strstr(from, "nine prompt")) != NULL && p < to)
        fail_msg("the Immunity step, done, still offers a move: %.40s", p);
    p = strstr(from, "nine choose draw");
    assert_true(p == NULL || p > to);
    if (pad) {
        p = strstr(from, "nine refused: That step is done: press Continue for the next.\n");
        assert_true(p != NULL && p < to);
    }
}

static void test_nine_mouse(void **state)
{
    char *t = run("9stax", "lesson_nine_mouse", 0);
    (void)state;
    check_trace("9stax", t, "nine refused: The green 3 is neither blue nor a 7.\n");
    check_done_offers_nothing(t, 0);
    {
        static const char *const want[] = {"nine status Click Continue for the next step.\n",
                                           "nine status Click Start the game.\n"};
        check_waiting(t, want, 2);
    }
    free(t);
}

static void test_nine_pad(void **state)
{
    char *t = run("9stax", "lesson_nine_pad", 1);
    (void)state;
    assert_non_null(strstr(t, "focus setup lesson\n"));
    check_trace("9stax", t, "nine refused: Swap: choose the first of two stacks.\n");
    check_done_offers_nothing(t, 1);
    {
        static const char *const want[] = {"nine status Press (A) for the next step.\n",
                                           "nine status Press (A) to start the game.\n"};
        check_waiting(t, want, 2);
    }
    free(t);
}

/* Checks the trace of a whole MAXSTAX lesson of mode: every step in order,
 * each done, the game begun and the easy computer acting in it (computer,
 * a line of its), and every refusal the script tried said (refused: the
 * lines "<mode> refused: why", the lesson's words, the matcher's and the
 * rules'), each step's wrong actions among them when the script tries them.
 * A watch step has nothing to be done. The computer's line is one it traces
 * whatever its luck: SPEEDSTAX's call of MAX STAX (held or failed), the
 * learner's words on what differs from the structure the SAMESTAX computer
 * Creator built (there is none to copy until it has), a SWAPSTAX swap or pass. */
static void check_rt_trace(const char *mode, const char *t, const char *computer, const char *const *refused, int n)
{
    lesson *l = load(mode);
    const char *p = steps_in_order(mode, l, t);
    char key[300];
    if (!strstr(p, computer))
        fail_msg("%s: the easy computer did not act in the game: no %s", mode, computer);
    for (int i = 0; i < n; i++) {
        snprintf(key, sizeof key, "%s refused: %s\n", mode, refused[i]);
        if (!strstr(t, key))
            fail_msg("%s: the trace lacks the refusal: %s", mode, key);
    }
    free(l);
}

/* While a MAXSTAX step's Done panel waits, the table holds still (#29): the
 * round and clock traced as the step is done ("lesson MODE holds: round R,
 * S s left") are those traced at its Continue, for every step done; and a
 * SAMESTAX copy that held (step 2, which ends round 1) leaves round 1 on the
 * table, not the next round's creation. */
static void check_held(const char *mode, const char *t)
{
    char key[80];
    const char *p = t;
    int n = 0;
    snprintf(key, sizeof key, "lesson %s holds: ", mode);
    while ((p = strstr(p, key)) != NULL) {
        char held[80], until[80], k2[100];
        const char *q;
        p += strlen(key);
        snprintf(held, sizeof held, "%.*s", (int)(strchr(p, '\n') - p), p);
        snprintf(k2, sizeof k2, "lesson %s held until continue: ", mode);
        q = strstr(p, k2);
        assert_non_null(q);
        q += strlen(k2);
        snprintf(until, sizeof until, "%.*s", (int)(strchr(q, '\n') - q), q);
        if (strcmp(held, until) != 0)
            fail_msg("%s: a done step's table moved on: held %s, at Continue %s", mode, held, until);
        n++;
    }
    assert_true(n >= 2);
    if (!strcmp(mode, "samestax")) {
        p = strstr(t, "lesson samestax step 2 done\n");
        assert_non_null(p);
        p = strstr(p, "lesson samestax holds: round ");
        assert_non_null(p);
        if (strncmp(p, "lesson samestax holds: round 1,", 31) != 0)
            fail_msg("the copy that held leaves the next round on the table: %.50s", p);
    }
}

/* Plays mode's MAXSTAX lesson by mouse or by controller (pad: through
 * setup, where its first start offers it) and checks its trace. */
static void play_rt(const char *mode, int pad, const char *computer, const char *const *refused, int n)
{
    char script[64];
    char *t;
    snprintf(script, sizeof script, "lesson_%s_%s", mode, pad ? "pad" : "mouse");
    t = run(mode, script, pad);
    if (pad)
        assert_non_null(strstr(t, "setup lesson offered\n"));
    check_rt_trace(mode, t, computer, refused, n);
    check_held(mode, t);
    free(t);
}

static const char *const speedstax_refusals[] = {
    "Not yet: the bottom plank is missing; the top plank is missing.", /* the matcher's, a call too soon */
    "Your MAX STAX stands: you have finished this round.",             /* the rules' */
    "Not yet: the top plank is missing; one block too many.",
};

static const char *const samestax_refusals[] = {
    "Not yet: the bottom plank is missing; the top plank is missing.",
    "Build two blocks or more that stand on their own, then press Ready.",
};

/* The lesson's words for the wrong swaps, the matcher's for a call too soon,
 * and (by mouse: a press on a block during the swaps) the rules'. */
static const char *const swapstax_refusals[] = {
    "Blue's card has 3 stars, but it is a tall one. This time, swap with the deck.",
    "Passing keeps your card. This time, swap it with the deck.",
    "This time take Blue's card, not the deck's.",
    "Not yet: the left plank is missing; the right plank is missing.",
    "The swaps come first: building starts once everyone has passed.",
};

/* Each MAXSTAX lesson by mouse and by controller: the computer's line and the refusals its script tries. */
typedef struct rt_case {
    const char *mode;
    int pad;
    const char *computer;
    const char *const *refused;
    int n;
} rt_case;
static const rt_case rt_cases[] = {
    {"speedstax", 0, "speedstax claim 1 ", speedstax_refusals, 3},
    {"speedstax", 1, "speedstax claim 1 ", speedstax_refusals, 3},
    {"samestax", 0, "samestax hints 0: ", samestax_refusals, 2},
    {"samestax", 1, "samestax hints 0: ", samestax_refusals, 2},
    {"swapstax", 0, "swapstax swap 1 ", swapstax_refusals, 5},
    {"swapstax", 1, "swapstax swap 1 ", swapstax_refusals, 4}, /* a controller presses no block during the swaps */
};

static void test_rt_lesson(void **state)
{
    const rt_case *c = *state;
    play_rt(c->mode, c->pad, c->computer, c->refused, c->n);
}

/* A MAXSTAX step's round keeps the rules' clock: left alone past it, the
 * step starts again with a word why, and no results of the round show. */
static void test_rt_step_time_up(void **state)
{
    static const char *const want[] = {"lesson speedstax step 1/5 Build the card\n",
                                       "toast Time is up: the step starts again.\n",
                                       "lesson speedstax step 1/5 Build the card\n"};
    char *t = run("speedstax", "lesson_speedstax_time_up", 0);
    const char *miss;
    (void)state;
    if ((miss = testenv_missing_in_order(t, want, 3)))
        fail_msg("trace lacks, in order: %s", miss);
    assert_null(strstr(t, "speedstax round 1 over"));
    free(t);
}

/* The rules viewer offers its tab's lesson: by mouse (its Lesson button) and by controller (X). */
static void test_rules_door(void **state)
{
    static const char *const mouse[] = {"rules stax\n", "rules lesson stax\n", "lesson stax step 1/9 Men move\n",
                                        "scene table\n"};
    static const char *const pad[] = {"rules stackatrack\n", "rules lesson stackatrack\n",
                                      "lesson stackatrack step 1/6 Slide a block in\n", "track move RL:RB@3F\n",
                                      "lesson stackatrack step 1 done\n"};
    char *t;
    const char *miss;
    (void)state;
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "rules-mouse", "--scene rules --game stax", "lesson_rules_mouse");
    assert_non_null(t);
    if ((miss = testenv_missing_in_order(t, mouse, 4)))
        fail_msg("trace lacks, in order: %s", miss);
    free(t);
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "rules-pad", "--scene rules --game stackatrack", "lesson_rules_pad");
    assert_non_null(t);
    if ((miss = testenv_missing_in_order(t, pad, 5)))
        fail_msg("trace lacks, in order: %s", miss);
    free(t);
}

/* The MAXSTAX tab of the rules viewer offers each of its three games'
 * lessons: SAMESTAX's by mouse; by controller, X takes the lesson of the
 * game the viewer was opened for (Y on SAMESTAX: SAMESTAX's). */
static void test_rules_door_maxstax(void **state)
{
    static const char *const mouse[] = {"rules maxstax\n", "rules lesson samestax\n",
                                        "lesson samestax step 1/5 Copy the Creator\n", "scene table\n"};
    static const char *const pad[] = {"rules maxstax\n", "rules lesson samestax\n",
                                      "lesson samestax step 1/5 Copy the Creator\n", "scene table\n"};
    char *t;
    const char *miss;
    (void)state;
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "rules-mx-mouse", "--scene rules --game swapstax",
                            "lesson_rules_maxstax_mouse");
    assert_non_null(t);
    if ((miss = testenv_missing_in_order(t, mouse, 4)))
        fail_msg("trace lacks, in order: %s", miss);
    free(t);
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "rules-mx-pad", "--scene rules --game samestax",
                            "lesson_rules_maxstax_pad");
    assert_non_null(t);
    if ((miss = testenv_missing_in_order(t, pad, 4)))
        fail_msg("trace lacks, in order: %s", miss);
    free(t);
}

/* The MAXSTAX tab's Learn buttons are reached by d-pad and arrows (#29):
 * down from the tabs onto the row (the lesson X takes), along it, up back
 * to the tabs; A or Enter takes the focused one, not only X's. */
static void test_rules_learn_row(void **state)
{
    static const char *const pad[] = {"rules maxstax\n", "focus rules lesson\n", "focus rules lesson_samestax\n",
                                      "focus rules lesson_swapstax\n", "rules lesson swapstax\n",
                                      "lesson swapstax step 1/5 ", "scene table\n"};
    static const char *const keys[] = {"rules maxstax\n", "focus rules lesson_samestax\n", "focus rules lesson\n",
                                       "focus rules maxstax\n", "focus rules lesson_samestax\n",
                                       "rules lesson samestax\n", "scene table\n"};
    char *t;
    const char *miss;
    (void)state;
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "rules-learn-pad", "--scene rules --game speedstax",
                            "lesson_rules_learn_pad");
    assert_non_null(t);
    if ((miss = testenv_missing_in_order(t, pad, 7)))
        fail_msg("trace lacks, in order: %s", miss);
    free(t);
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "rules-learn-keys", "--scene rules --game samestax",
                            "lesson_rules_learn_keys");
    assert_non_null(t);
    if ((miss = testenv_missing_in_order(t, keys, 7)))
        fail_msg("trace lacks, in order: %s", miss);
    free(t);
}

/* The first start of a mode offers the lesson (setup's focus on it, one A
 * takes it); the store keeps that it was offered, so the next visit does not. */
static void test_first_start_offers(void **state)
{
    char *t;
    (void)state;
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "offer", "--scene setup --game stakz", "lesson_offer");
    assert_non_null(t);
    assert_non_null(strstr(t, "setup lesson offered\n"));
    assert_non_null(strstr(t, "lesson stakz step 1/8 Match the colour\n"));
    free(t);
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "offer", "--scene setup --game stakz", "lesson_offer_again");
    assert_non_null(t);
    assert_non_null(strstr(t, "scene setup\n"));
    assert_null(strstr(t, "setup lesson offered"));
    free(t);
    /* another mode is still to be offered */
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "offer", "--scene setup --game stax", "lesson_offer_again");
    assert_non_null(t);
    assert_non_null(strstr(t, "setup lesson offered\n"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stax_mouse),
        cmocka_unit_test(test_stax_pad),
        cmocka_unit_test(test_track_mouse),
        cmocka_unit_test(test_track_pad),
        cmocka_unit_test(test_stakz_mouse),
        cmocka_unit_test(test_stakz_pad),
        cmocka_unit_test(test_nine_mouse),
        cmocka_unit_test(test_nine_pad),
        cmocka_unit_test_prestate(test_rt_lesson, (void *)&rt_cases[0]),
        cmocka_unit_test_prestate(test_rt_lesson, (void *)&rt_cases[1]),
        cmocka_unit_test_prestate(test_rt_lesson, (void *)&rt_cases[2]),
        cmocka_unit_test_prestate(test_rt_lesson, (void *)&rt_cases[3]),
        cmocka_unit_test_prestate(test_rt_lesson, (void *)&rt_cases[4]),
        cmocka_unit_test_prestate(test_rt_lesson, (void *)&rt_cases[5]),
        cmocka_unit_test(test_rt_step_time_up),
        cmocka_unit_test(test_rules_door),
        cmocka_unit_test(test_rules_door_maxstax),
        cmocka_unit_test(test_rules_learn_row),
        cmocka_unit_test(test_first_start_offers),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
