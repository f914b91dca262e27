/* #29's "done means": a newcomer starts a mode from the picker, takes its
 * lesson from setup's offer, plays every step, and finishes the lesson's game
 * against the easy computer at the score screen, never opening the rules
 * viewer. Each case is one script (tests/scripts/newcomer_<mode>_<door>.txt)
 * from --scene picker with the seed fixed, so the easy computer's replies
 * repeat; the learner's moves were written from them. The trace must show
 * the path in order (picker, setup, the offer, every step set up and done,
 * the game), the computer's own moves in the game, the score screen naming
 * the winner, and no rules scene. The game's end and the score screen are
 * shot at 1280x720 into <build>/newcomer for a look. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "../app/testenv.h"
#include "table/lesson_file.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"
#define SHOTS STACKHOUSE_BINARY_DIR "/newcomer"

/* One newcomer's path: the mode, the door (mouse, pad), the lines the game
 * must trace after it begins, in order (the computer's moves among them),
 * and the score screen's headline. */
typedef struct newcomer_case {
    const char *mode, *door;
    const char *const *game;
    int n_game;
    const char *headline;
} newcomer_case;

/* The lesson file of mode, read (caller frees). */
static lesson *lesson_of(const char *mode)
{
    char path[512], err[300], *text;
    lesson *l = calloc(1, sizeof *l);
    assert_non_null(l);
    snprintf(path, sizeof path, "%s/assets/lessons/%s.txt", STACKHOUSE_SOURCE_DIR, mode);
    text = testenv_slurp(path);
    if (lesson_read(l, text, err, sizeof err) != 0)
        fail_msg("%s: %s", path, err);
    free(text);
    return l;
}

/* Runs the case's script from the picker in a fresh preferences folder (a
 * first start, so setup offers the lesson), in the shots folder so its
 * screenshots land there; returns the trace (caller frees). */
static char *walk(const newcomer_case *c)
{
    char cmd[2048], trace[400], pref[400];
    int rc;
    mkdir(SHOTS, 0755);
    snprintf(pref, sizeof pref, "%s/newcomer-%s-%s", testenv_game_tmp(), c->mode, c->door);
    snprintf(trace, sizeof trace, "%s.trace", pref);
    snprintf(cmd, sizeof cmd,
             "rm -rf %s && mkdir -p %s && cd %s && STACKHOUSE_PREF_DIR=%s %s --scene picker --seed 7 --window 1280x720 "
             "--screenshot %s/newcomer_%s_%s_last.png --input %s/tests/scripts/newcomer_%s_%s.txt --trace %s "
             "2>%s.err >/dev/null",
             pref, pref, SHOTS, pref, GAME, SHOTS, c->mode, c->door, STACKHOUSE_SOURCE_DIR, c->mode, c->door, trace,
             pref);
    rc = testenv_run(cmd);
    if (rc != 0)
        fail_msg("%s by %s: the game exited with %d (see %s.err)", c->mode, c->door, rc, pref);
    return testenv_slurp(trace);
}

/* Where trace t, read from p on, holds key; fails naming what is missing. */
static const char *after(const char *mode, const char *p, const char *key)
{
    const char *q = strstr(p, key);
    if (!q)
        fail_msg("%s: the trace lacks, in order: %s", mode, key);
    return q + strlen(key);
}

static void test_newcomer(void **state)
{
    const newcomer_case *c = *state;
    lesson *l = lesson_of(c->mode);
    char *t = walk(c), key[300];
    const char *p = t;
    p = after(c->mode, p, "scene picker\n");
    p = after(c->mode, p, "scene setup\n");
    /* the first start offers the lesson, focused, and the newcomer takes it */
    p = after(c->mode, p, "setup lesson offered\n");
    for (int s = 0; s < l->n; s++) {
        snprintf(key, sizeof key, "lesson %s step %d/%d %s%s\n", c->mode, s + 1, l->n, l->step[s].title,
                 l->step[s].game ? " (game)" : "");
        p = after(c->mode, p, key);
        if (l->step[s].game || l->step[s].watch)
            continue;
        snprintf(key, sizeof key, "lesson %s step %d done\n", c->mode, s + 1);
        p = after(c->mode, p, key);
    }
    assert_true(l->n > 0 && l->step[l->n - 1].game);
    /* the game, played to its end: the computer's moves among the learner's */
    for (int i = 0; i < c->n_game; i++)
        p = after(c->mode, p, c->game[i]);
    p = after(c->mode, p, "scene score\n");
    snprintf(key, sizeof key, "score headline %s\n", c->headline);
    after(c->mode, p, key);
    /* nothing on the way opened the rules viewer */
    if (strstr(t, "scene rules\n") || strstr(t, "\nrules "))
        fail_msg("%s: the newcomer's path opened the rules viewer", c->mode);
    free(t);
    free(l);
}

/* SPEEDSTAX by mouse: the learner builds three planks high and calls MAX
 * STAX first; the easy computer calls second. */
static const char *const speedstax_mouse[] = {
    "speedstax hints 0: card done\n",
    "speedstax claim 0 held\n",
    "speedstax round 5 over: 2 1 0 0 (match over)\n",
    "speedstax claim 1 held\n",
    "speedstax over: round 5 ",
};

/* Stakz by mouse: the learner's turns and the computer's (its moves read
 * from the trace at seed 7) until the pile is out and nobody can place; the
 * computer ends with fewer tiles in hand, so fewer points, and wins. */
static const char *const stakz_mouse[] = {
    "stakz move p1 b2>1\n", "stakz move p1 p3>2\n", "stakz move p1 end:b\n", "stakz move p2 g2>1\n",
    "stakz move p2 end:o\n", "stakz move p1 g5>1\n", "stakz move p1 b5>1\n", "stakz move p1 end:g\n",
    "stakz move p2 o3>2\n", "stakz move p2 o5>2\n", "stakz move p2 end:r\n", "stakz move p1 r4>2\n",
    "stakz round over (game over)\n",
};

/* Stack-A-Track by controller: three turns of A against the computer's three
 * blocks; the last block landed, Blue has the more points. */
static const char *const track_pad[] = {
    "track move TB:BL@2F\n",     "track move TB:TB+RL@2F\n", "track move RB:TR+BL@2F\n",
    "track move RL:RB@6B2\n",    "track move RL:RB@2F\n",    "track move BL:TL+RB@6F\n",
    "track position 1;RL/TB.TB.TB.RB.RL/-/-/RB/TL.BL;-/-;2,3\n", "track over 2\n",
};

/* STAX, by controller and by mouse (the same game: the computer's replies
 * do not depend on the door): four men against two, won in four moves. */
static const char *const stax_game[] = {
    "stax move g3-f4\n",  "stax move d6-c5\n", "stax move b2-a3\n", "stax move h6-g5\n",
    "stax move f4xh6\n", "stax move c5-b4\n", "stax move a3xc5\n", "stax over Red\n",
};

static const newcomer_case cases[] = {
    {"speedstax", "mouse", speedstax_mouse, 5, "Red wins!"},
    {"stakz", "mouse", stakz_mouse, 13, "Player 2 wins!"},
    {"stackatrack", "pad", track_pad, 8, "Blue wins!"},
    {"stax", "pad", stax_game, 8, "Red wins!"},
    {"stax", "mouse", stax_game, 8, "Red wins!"},
};

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_prestate(test_newcomer, (void *)&cases[0]),
        cmocka_unit_test_prestate(test_newcomer, (void *)&cases[1]),
        cmocka_unit_test_prestate(test_newcomer, (void *)&cases[2]),
        cmocka_unit_test_prestate(test_newcomer, (void *)&cases[3]),
        cmocka_unit_test_prestate(test_newcomer, (void *)&cases[4]),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
