/* The SPEEDSTAX table end to end under its own Xvfb, driven by input
 * scripts: the mouse picks a block up, drags it on its spring, turns it and
 * lets go; a quick press-and-drag from far off takes the block at once and
 * leaves the piles standing; a controller alone does the same; in split screen the mouse and
 * a controller stack at once; several people on one mouse take turns; MAX STAX on a composed card
 * holds and on a wrong structure fails, each wrong call again (a claim is an
 * event) and saying what differs; each finish's place is traced as it
 * happens and agrees with the round's points; the results stay up past 4 s
 * until dismissed (8 s when nobody does); a carried block knocks the card's
 * structure over (a collapse), and the panes keep the round's layout while
 * the person's zooms out smoothly to keep the fallen blocks in view; computer stackers play a short
 * round to the round results; a whole match of short rounds ends on the
 * score screen; a tie for the top goes to a speed-stack-off between the
 * tied only, and the score screen names its winner; Save & quit mid-round
 * then Resume brings the same match back, and the save's tape (every tick's
 * inputs, the resume) plays the match again to the saved blocks, bit for
 * bit; an unreadable save is refused
 * with its reason and left as it was; setup's Start opens the table. The
 * table traces "speedstax grab|turn|drop ..." with the block's pose in its
 * space, and "speedstax saved|resumed: ..." with a summary of the match. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>

#include "app/store.h"
#include "games/maxstax/rules/maxstax_tape.h"
#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"

/* Runs the game on a script with its own preferences folder; returns the trace (caller frees). */
static char *play(const char *pref, const char *scene_args, const char *script)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, pref, scene_args, script);
    assert_non_null(t);
    return t;
}

/* Reads "speedstax <what> 0 block B at X Y A" after the first "<what>". */
static int pose_after(const char *t, const char *what, int *b, double *x, double *y, double *ang)
{
    char key[64];
    const char *p;
    snprintf(key, sizeof key, "speedstax %s 0 block ", what);
    p = strstr(t, key);
    return p && sscanf(p + strlen(key), "%d at %lf %lf %lf", b, x, y, ang) == 4 ? 0 : -1;
}

static void test_mouse_grab_drag_turn_drop(void **state)
{
    char *t = play("mouse", "--scene table --game speedstax --seats human,easy", "speedstax_mouse");
    int b, b2;
    double x, y, ang;
    (void)state;
    /* the top block of the first pile (12.5, 3.5), as it lay */
    assert_int_equal(pose_after(t, "grab", &b, &x, &y, &ang), 0);
    assert_true(x > 11.5 && x < 13.5 && y > 3 && y < 4 && ang == 0);
    assert_non_null(strstr(t, "speedstax turn 0 +1\n"));
    /* carried left over the space, turned a step, let go in the air */
    assert_int_equal(pose_after(t, "drop", &b2, &x, &y, &ang), 0);
    assert_int_equal(b2, b);
    assert_true(x > 0 && x < 9 && y > 2);
    assert_true(ang > 5 && ang < 25);
    free(t);
}

/* The n-th (from 0) "speedstax <what> 0 block B at X Y A" line. */
static int pose_nth(const char *t, const char *what, int n, int *b, double *x, double *y, double *ang)
{
    char key[64];
    const char *p = t;
    snprintf(key, sizeof key, "speedstax %s 0 block ", what);
    for (int k = 0; k <= n; k++)
        if (!(p = strstr(k ? p + 1 : p, key)))
            return -1;
    return sscanf(p + strlen(key), "%d at %lf %lf %lf", b, x, y, ang) == 4 ? 0 : -1;
}

static void test_quick_press_and_drag_takes_the_block_at_once(void **state)
{
    char *t = play("quick", "--scene table --game speedstax --seats human,easy", "speedstax_quick_drag");
    int b, b2, b3, b4;
    double x, y, ang;
    (void)state;
    /* the top of the middle pile (16, 3.5), as it lay */
    assert_int_equal(pose_nth(t, "grab", 0, &b, &x, &y, &ang), 0);
    assert_true(fabs(x - 16) < 0.05 && fabs(y - 3.5) < 0.05 && ang == 0);
    /* Let go 0.3 s after the press where the pointer was (grip 0.5 right of
     * its middle, at 8.7, 5.3), not beside its pile: it went with the pointer
     * from the press. */
    assert_int_equal(pose_nth(t, "drop", 0, &b2, &x, &y, &ang), 0);
    assert_int_equal(b2, b);
    assert_true(fabs(x - 8.2) < 0.6 && fabs(y - 5.3) < 0.5);
    assert_null(strstr(t, "speedstax collapse 0\n"));
    /* Both piles stand square where they stood: the middle one's new top,
     * and the first one's top, are picked up at their starting poses. */
    assert_int_equal(pose_nth(t, "grab", 1, &b3, &x, &y, &ang), 0);
    assert_true(b3 != b && fabs(x - 16) < 0.05 && fabs(y - 2.5) < 0.05 && ang == 0);
    assert_int_equal(pose_nth(t, "grab", 2, &b4, &x, &y, &ang), 0);
    assert_true(b4 != b && b4 != b3 && fabs(x - 12.5) < 0.05 && fabs(y - 3.5) < 0.05 && ang == 0);
    free(t);
}

static void test_controller_alone(void **state)
{
    char *t = play("pad", "--scene table --game speedstax --seats human,easy", "speedstax_pad");
    int b, b2;
    double x, y, ang;
    (void)state;
    assert_non_null(strstr(t, "controller connected"));
    assert_int_equal(pose_after(t, "grab", &b, &x, &y, &ang), 0);
    assert_true(x > 11.5 && x < 13.5 && y > 3 && y < 4);
    assert_non_null(strstr(t, "speedstax turn 0 -1\n"));
    assert_int_equal(pose_after(t, "drop", &b2, &x, &y, &ang), 0);
    assert_int_equal(b2, b);
    assert_true(x > 0 && x < 6);
    assert_true(ang < -5 && ang > -25);
    free(t);
}

static void test_split_screen_mouse_and_controller_at_once(void **state)
{
    /* --seed 1 (setup's Start deals from it): the card, so the frame and where
     * the blocks are on screen, is known */
    char *t = play("split", "--scene setup --game speedstax --seed 1", "speedstax_split");
    const char *g0, *g1, *d0, *d1;
    (void)state;
    g0 = strstr(t, "speedstax grab 0 block 3 ");
    g1 = strstr(t, "speedstax grab 1 block 15 "); /* seat 2's own pile */
    d0 = strstr(t, "speedstax drop 0 block 3 ");
    d1 = strstr(t, "speedstax drop 1 block 15 ");
    assert_non_null(g0);
    assert_non_null(g1);
    assert_non_null(d0);
    assert_non_null(d1);
    /* both held their blocks at the same time */
    assert_true(g1 < d0 && g0 < d1);
    free(t);
}

/* "Why not?" on SPEEDSTAX (#29): a controller's call while the first is checked,
 * then (the structure holds) a press on a block and another call, each say
 * why in the toast. */
static void test_refusals_say_why(void **state)
{
    char *t = play("why", "--scene table --game speedstax --seats human,medium --position 'round=4 compose=0:99'",
                   "speedstax_why");
    const char *shout, *held;
    (void)state;
    shout = strstr(t, "speedstax shout 0\n");
    assert_non_null(shout);
    assert_non_null(strstr(shout, "toast Hands off: your MAX STAX is being checked.\n"
                                  "speedstax refused: Hands off: your MAX STAX is being checked.\n"));
    assert_null(strstr(shout + 1, "speedstax shout 0\n")); /* the refused call was no second shout */
    held = strstr(t, "speedstax claim 0 held\n");
    assert_non_null(held);
    held = strstr(held, "speedstax refused: Your MAX STAX stands: you have finished this round.\n");
    assert_non_null(held);
    assert_non_null(strstr(held + 1, "speedstax refused: Your MAX STAX stands: you have finished this round.\n"));
    free(t);
}

static void test_one_mouse_people_take_turns(void **state)
{
    char *t = play("turns", "--scene table --game speedstax --seats human,human,medium --position 'round=4 compose=0:99'",
                   "speedstax_turns");
    const char *now;
    (void)state;
    now = strstr(t, "speedstax now 1\n");
    assert_non_null(strstr(t, "speedstax shout 0\n"));
    assert_non_null(now);
    assert_non_null(strstr(t, "speedstax claim 0 held\n"));
    /* after the turn passed, the mouse builds in Player 2's space */
    assert_non_null(strstr(now, "speedstax grab 1 block 15 "));
    assert_null(strstr(t, "speedstax grab 0 "));
    free(t);
}

static void test_claim_on_the_card_holds(void **state)
{
    char *t = play("held", "--scene table --game speedstax --seats human,easy --position compose=0:99",
                   "speedstax_claim");
    const char *shout;
    (void)state;
    /* the verdict that follows the call holds (a save at the call may stand between: #28, saved at every move) */
    shout = strstr(t, "speedstax shout 0\n");
    assert_non_null(shout);
    assert_non_null(strstr(shout, "speedstax claim 0 "));
    assert_ptr_equal(strstr(shout, "speedstax claim 0 "), strstr(shout, "speedstax claim 0 held\n"));
    free(t);
}

static void test_claim_on_a_wrong_structure_fails(void **state)
{
    char *t = play("failed", "--scene table --game speedstax --seats human,easy --position compose=0:1",
                   "speedstax_claim");
    (void)state;
    assert_non_null(strstr(t, "speedstax shout 0\nspeedstax claim 0 failed: "));
    assert_null(strstr(t, "round 1 over")); /* the round goes on */
    free(t);
}

/* A claim is an event: the second wrong call in a round is refused as
 * loudly as the first, and says what differs (blocks missing). */
static void test_two_wrong_claims_both_fail_aloud(void **state)
{
    char *t = play("failed2", "--scene table --game speedstax --seats human,easy --position compose=0:1",
                   "speedstax_claim_twice");
    const char *first, *eol;
    (void)state;
    first = strstr(t, "speedstax shout 0\nspeedstax claim 0 failed: ");
    assert_non_null(first);
    assert_non_null(strstr(first + 1, "speedstax shout 0\nspeedstax claim 0 failed: "));
    /* The card has more blocks than the one standing: the call says so. */
    eol = strchr(first + strlen("speedstax shout 0\n"), '\n');
    assert_non_null(eol);
    assert_ptr_equal(strstr(first, "missing\n"), eol - strlen("missing"));
    free(t);
}

/* A seat's place is traced the moment it finishes, and the results stay up
 * past 4 s until someone goes on. */
static void test_finish_place_then_results_stay_up(void **state)
{
    char *t = play("stay", "--scene table --game speedstax --seats human,easy --position 'round=3 compose=0:99'",
                   "speedstax_results_stay");
    const char *closed;
    double shown = 0;
    (void)state;
    assert_non_null(strstr(t, "speedstax claim 0 held\nspeedstax finish 0 place 1\n"));
    assert_non_null(strstr(t, "speedstax finish 0 place 1\nspeedstax round 1 over: 2 0 0 0\n"));
    closed = strstr(t, "speedstax results closed after ");
    assert_non_null(closed);
    assert_int_equal(sscanf(closed, "speedstax results closed after %lf s\n", &shown), 1);
    assert_true(shown > 5.5 && shown < 8.0); /* up 6 s, until Enter */
    assert_null(strstr(t, "(timed out)"));
    free(t);
}

/* Each finish's place, traced as it happens, agrees with the points the round
 * then pays (players + 1 - place), in finishing order; results nobody
 * dismisses stay up for 8 s. */
static void test_finish_order_agrees_with_the_points(void **state)
{
    char *t = play("order", "--scene table --game speedstax --seats hard,hard,hard --position 'round=40 seed=3'",
                   "speedstax_finish_order");
    const char *at = t, *over;
    int finishes = 0, rounds = 0;
    (void)state;
    while ((over = strstr(at, "speedstax round ")) != NULL) {
        int r, pts[4], last = 0;
        assert_int_equal(sscanf(over, "speedstax round %d over: %d %d %d %d", &r, &pts[0], &pts[1], &pts[2], &pts[3]),
                         5);
        /* This round's finishes lie between the last round's line and its own. */
        for (const char *f = strstr(at, "speedstax finish "); f && f < over; f = strstr(f + 1, "speedstax finish ")) {
            int p, place;
            assert_int_equal(sscanf(f, "speedstax finish %d place %d", &p, &place), 2);
            assert_int_equal(pts[p], 3 + 1 - place);
            assert_true(place >= last); /* traced in finishing order */
            last = place;
            finishes++;
        }
        rounds++;
        at = over + 1;
    }
    assert_true(rounds >= 1);
    assert_true(finishes >= 2);
    assert_non_null(strstr(t, "speedstax results closed after 8.0 s (timed out)\n"));
    free(t);
}

static void test_short_round_with_computers_reaches_results(void **state)
{
    char *t = play("round", "--scene table --game speedstax --seats medium,hard --position round=6",
                   "speedstax_round");
    (void)state;
    assert_non_null(strstr(t, "speedstax round 1 over: "));
    assert_null(strstr(t, "match over"));
    free(t);
}

static void test_knocked_over_by_hand(void **state)
{
    char *t = play("knock", "--scene table --game speedstax --seats human,easy --position compose=0:99",
                   "speedstax_knock");
    (void)state;
    assert_non_null(strstr(t, "speedstax grab 0 block "));
    assert_non_null(strstr(t, "speedstax collapse 0\n"));
    free(t);
}

/* The knocks a player hears while sweeping a block through a tower: each
 * "sound knock KIND IMPULSE GAIN PAN PLAYED" is an impact the physics reported,
 * the strongest few a frame; wood on wood and wood on the table both
 * sound, on the screen's side where they struck, and for each the gain
 * rises with the impulse, the table a little louder than a plank. */
static void test_knocks_follow_the_impulse(void **state)
{
    char *t = play("knocksound", "--scene table --game speedstax --seats human,easy --position compose=0:99",
                   "speedstax_knock");
    struct { char kind[8]; double impulse, gain, pan, play; } k[256];
    int n = 0, kinds[2] = {0, 0};
    (void)state;
    for (const char *l = strstr(t, "sound knock "); l && n < 256; l = strstr(l + 1, "sound knock ")) {
        assert_int_equal(
            sscanf(l, "sound knock %7s %lf %lf %lf %lf", k[n].kind, &k[n].impulse, &k[n].gain, &k[n].pan, &k[n].play), 5);
        assert_true(k[n].play > 0 && k[n].play <= k[n].gain + 1e-3); /* a crowded frame only scales down */
        assert_true(strcmp(k[n].kind, "table") == 0 || strcmp(k[n].kind, "block") == 0);
        kinds[k[n].kind[0] == 't']++;
        assert_true(k[n].gain > 0 && k[n].gain <= 1);
        assert_true(k[n].pan >= -1 && k[n].pan <= 1);
        n++;
    }
    /* A tower falling is many knocks, of both kinds, from soft to hard. */
    assert_true(n >= 8);
    assert_true(kinds[0] >= 2 && kinds[1] >= 2);
    double lo = 1e9, hi = 0;
    for (int i = 0; i < n; i++) {
        lo = fmin(lo, k[i].gain);
        hi = fmax(hi, k[i].gain);
        for (int j = 0; j < n; j++) {
            if (strcmp(k[i].kind, k[j].kind) != 0 || k[i].impulse >= k[j].impulse)
                continue;
            /* Harder never sounds softer; below the top, harder is louder. */
            assert_true(k[i].gain <= k[j].gain);
            if (k[j].gain < 0.79)
                assert_true(k[i].gain < k[j].gain);
        }
    }
    assert_true(hi > 2 * lo);
    /* The blocks were thrown both ways out of the middle of the pane. */
    int left = 0, right = 0;
    for (int i = 0; i < n; i++) {
        left += k[i].pan < -0.2;
        right += k[i].pan > 0.2;
    }
    assert_true(left > 0 && right > 0);
    free(t);
}

/* Checks one run's trace: the pane rects are traced once per round
 * ("maxstax layout R: ..." never twice for one R), and each pane's scale
 * ("maxstax camera P S") moves at most 2% from one frame to the next
 * within a layout. Returns how many times a pane zoomed. */
static int steady_camera(const char *t, const char *what)
{
    float last[8] = {0};
    int rounds_seen[64] = {0}, zooms = 0;
    for (const char *l = t; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        int r, p;
        float s;
        if (sscanf(l, "maxstax layout %d:", &r) == 1) {
            if (r < 0 || r >= 64 || rounds_seen[r]++) {
                fprintf(stderr, "%s: the panes moved within round %d: %.*s\n", what, r,
                        (int)strcspn(l, "\n"), l);
                return -1;
            }
            memset(last, 0, sizeof last);
        } else if (sscanf(l, "maxstax camera %d %f", &p, &s) == 2 && p >= 0 && p < 8) {
            if (last[p] > 0 && fabsf(s / last[p] - 1) > 0.02f) {
                fprintf(stderr, "%s: pane %d zoomed %.3f -> %.3f in one frame\n", what, p, last[p], s);
                return -1;
            }
            zooms += last[p] > 0;
            last[p] = s;
        }
    }
    return zooms;
}

/* A collapse throws blocks out of the card's frame: the screen keeps its
 * layout for the round (the target under the mouse stays put) and the
 * person's pane zooms out smoothly inside its own frame to keep them in
 * view, with 2 and 4 seats at 720p, 1080p and 4K. */
static void test_collapse_zooms_the_pane_not_the_layout(void **state)
{
    static const char *const seats[] = {"human,easy", "human,easy,easy,easy"};
    static const char *const windows[] = {"1280x720", "1920x1080", "3840x2160"};
    (void)state;
    for (int k = 0; k < 2; k++)
        for (int w = 0; w < 3; w++) {
            char args[256], what[64];
            snprintf(args, sizeof args, "--scene table --game speedstax --seats %s --position compose=0:99 --window %s",
                     seats[k], windows[w]);
            snprintf(what, sizeof what, "%d seats at %s", k ? 4 : 2, windows[w]);
            char *t = play("camera", args, "speedstax_knock");
            assert_non_null(strstr(t, "speedstax collapse 0\n"));
            assert_non_null(strstr(t, "maxstax layout 1:"));
            assert_true(steady_camera(t, what) > 0);
            free(t);
        }
}

static void test_whole_match_reaches_the_score_screen(void **state)
{
    char *t = play("match", "--scene table --game speedstax --seats human,easy --position 'round=3 compose=0:99'",
                   "speedstax_match");
    (void)state;
    assert_non_null(strstr(t, "speedstax claim 0 held\nspeedstax finish 0 place 1\nspeedstax round 1 over: 2 0 0 0\n"));
    /* the table's end (its replay's to reach), then the results close and the score follows */
    assert_non_null(strstr(t, "speedstax round 5 over: 0 0 0 0 (match over)\nspeedstax over: round 5 "));
    assert_non_null(strstr(strstr(t, "\nspeedstax over: round 5 "),
                           "\nspeedstax results closed after 8.0 s (timed out)\nscene score\n"));
    free(t);
}

static void test_tie_goes_to_a_stackoff_between_the_tied(void **state)
{
    char *t = play("stackoff", "--scene table --game speedstax --seats human,easy,easy "
                               "--position 'round=3 played=3.2.1/1.3.2/2.3.1/2.3.1 compose=0:99:each'",
                   "speedstax_stackoff");
    const char *off, *first;
    (void)state;
    /* Seat 1 wins round 5 alone: 8 + 3 ties seat 2's 11, seat 3 has 5. */
    assert_non_null(strstr(t, "speedstax claim 0 held\nspeedstax finish 0 place 1\nspeedstax round 5 over: 3 0 0 0\n"));
    off = strstr(t, "speedstax stack-off: 0 1\n");
    assert_non_null(off);
    assert_null(strstr(t, "speedstax stack-off: 0 1 2")); /* seat 3 sits it out */
    /* Seat 1's call in the stack-off holds first (the hold that ends the match
     * is traced after it ends): the match is over, and a stack-off scores no points. */
    assert_non_null(strstr(off, "speedstax shout 0\n"));
    assert_non_null(strstr(off, "speedstax round 6 over: 0 0 0 0 (match over)\n"));
    assert_non_null(strstr(off, "speedstax claim 0 held\n"));
    first = strstr(off, "scene score\n");
    assert_non_null(first);
    assert_non_null(strstr(first, "score first Human\n"));
    assert_null(strstr(strstr(first, "score first ") + 1, "score first ")); /* the winner alone */
    assert_non_null(strstr(first, "score note Human won the speed-stack-off\n"));
    free(t);
}

/* The save in pref holds its match's tape; played again from the seed, the
 * tape ends in the very match saved beside it (its text, every block's pose
 * to the last bit); resumed: a tape that went on from the saved match. */
static void check_saved_tape(const char *pref, int resumed)
{
    char err[300], *text = NULL, *snapshot, *again;
    const char *body, *tape_text;
    maxstax_tape *tape;
    maxstax_match *m;
    maxstax_deck deck;
    assert_int_equal(testenv_saved(pref, "speedstax", &text), 0);
    body = strstr(text, "\nstackhouse-maxstax ");
    tape_text = strstr(text, "\n" MAXSTAX_TAPE_HEADER " 1\n");
    assert_non_null(body);
    assert_non_null(tape_text);
    snapshot = strndup(body + 1, (size_t)(strstr(body, "\nend\n") + 4 - body));
    assert_non_null(strstr(tape_text, "\nstart new\ngame speedstax\n"));
    assert_non_null(strstr(tape_text, "\ncompose 0 2\n")); /* --position's test hook, taped */
    assert_non_null(strstr(tape_text, "\ntick "));
    assert_true(!resumed == !strstr(tape_text, "\nload "));
    tape = maxstax_tape_read(tape_text + 1, err, sizeof err);
    if (!tape)
        fail_msg("%s", err);
    assert_true(maxstax_tape_ticks(tape) > 100);
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    m = maxstax_tape_play(tape, &deck, err, sizeof err);
    if (!m)
        fail_msg("%s", err);
    again = maxstax_match_save(m);
    assert_non_null(again);
    assert_string_equal(again, snapshot);
    free(again);
    free(snapshot);
    free(text);
    maxstax_match_free(m);
    maxstax_tape_free(tape);
}

static void test_save_on_quit_then_resume(void **state)
{
    char saved[200], resumed[200], again[200];
    char *t = play("resume", "--scene table --game speedstax --seats human,easy --position compose=0:2",
                   "speedstax_quit");
    long tick0, tick1;
    (void)state;
    assert_non_null(strstr(t, "speedstax drop 0 block "));
    assert_int_equal(testenv_line_after(t, "speedstax saved: ", 0, saved, sizeof saved), 0);
    assert_non_null(strstr(t, "scene picker\n"));
    free(t);
    check_saved_tape("resume", 0);
    t = play("resume", "--scene setup --game speedstax", "speedstax_resume");
    assert_non_null(strstr(t, "focus setup resume\n"));
    /* Resume previews the saved match: its round and points */
    assert_non_null(strstr(t, "setup save Round 1 of 5 \xc2\xb7 points: "));
    assert_int_equal(testenv_line_after(t, "speedstax resumed: ", 0, resumed, sizeof resumed), 0);
    /* The same round, clock, card, deck, scores and every block's pose. */
    assert_string_equal(resumed, saved);
    /* It played on from there (and was saved again when the window closed). */
    assert_int_equal(testenv_line_after(t, "speedstax saved: ", 1, again, sizeof again), 0);
    assert_int_equal(sscanf(resumed, "round 1 tick %ld", &tick0), 1);
    assert_int_equal(sscanf(again, "round 1 tick %ld", &tick1), 1);
    assert_true(tick1 >= tick0 + 100);
    free(t);
    check_saved_tape("resume", 1);
}

static void test_unreadable_save_changes_nothing(void **state)
{
    static const char bad[] = "stackhouse-table 1\nseats human,easy\nstackhouse-maxstax 1\ngame speedstax\n"
                              "players 9\nend\n";
    char dir[400], path[450], err[300], game[32], *text = NULL, *t;
    store *db;
    (void)state;
    snprintf(dir, sizeof dir, "%s/badsave", testenv_game_tmp());
    snprintf(path, sizeof path, "%s/stackhouse.db", dir);
    assert_int_equal(mkdir(dir, 0700), 0);
    db = store_open(path, err, sizeof err);
    assert_non_null(db);
    assert_int_equal(store_save_put(db, "speedstax", "speedstax", bad), 0);
    store_close(db);
    t = play("badsave", "--scene setup --game speedstax", "speedstax_resume_bad");
    assert_non_null(strstr(t, "focus setup resume\n"));
    assert_non_null(strstr(t, "toast The saved game cannot be resumed: save line 3: players 9 is outside 2..4\n"));
    assert_null(strstr(t, "scene table"));
    assert_non_null(strstr(strstr(t, "toast The saved"), "focus setup start\n"));
    free(t);
    /* The save is as it was. */
    db = store_open(path, err, sizeof err);
    assert_non_null(db);
    assert_int_equal(store_save_get(db, "speedstax", game, sizeof game, &text), 0);
    assert_string_equal(text, bad);
    free(text);
    store_close(db);
}

static void test_setup_start_opens_the_table(void **state)
{
    char *t = play("setup", "--scene setup --game speedstax", "speedstax_setup");
    (void)state;
    assert_non_null(strstr(t, "scene table\nfocus speedstax"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mouse_grab_drag_turn_drop),
        cmocka_unit_test(test_quick_press_and_drag_takes_the_block_at_once),
        cmocka_unit_test(test_controller_alone),
        cmocka_unit_test(test_split_screen_mouse_and_controller_at_once),
        cmocka_unit_test(test_one_mouse_people_take_turns),
        cmocka_unit_test(test_refusals_say_why),
        cmocka_unit_test(test_claim_on_the_card_holds),
        cmocka_unit_test(test_claim_on_a_wrong_structure_fails),
        cmocka_unit_test(test_two_wrong_claims_both_fail_aloud),
        cmocka_unit_test(test_finish_place_then_results_stay_up),
        cmocka_unit_test(test_finish_order_agrees_with_the_points),
        cmocka_unit_test(test_short_round_with_computers_reaches_results),
        cmocka_unit_test(test_knocked_over_by_hand),
        cmocka_unit_test(test_knocks_follow_the_impulse),
        cmocka_unit_test(test_collapse_zooms_the_pane_not_the_layout),
        cmocka_unit_test(test_whole_match_reaches_the_score_screen),
        cmocka_unit_test(test_tie_goes_to_a_stackoff_between_the_tied),
        cmocka_unit_test(test_save_on_quit_then_resume),
        cmocka_unit_test(test_unreadable_save_changes_nothing),
        cmocka_unit_test(test_setup_start_opens_the_table),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
