/* Stack-A-Track's "why not?" (#29): every placement or pass the rules refuse
 * gets one sentence in the game's words from track_refusal (through
 * stackatrack_rules.refusal), and a legal move gets none. */
#include "track_testutil.h"
#include "why_testutil.h"

/* Block text ("RL:RB") down column col (1-based) in orientation o. */
static game_move place(const char *block, int col, int o)
{
    char front[8], err[64];
    track_block b;
    game_move m;
    const char *colon = strchr(block, ':');
    snprintf(front, sizeof front, "%.*s", (int)(colon - block), block);
    assert_true(track_face_read(front, &b.front, err, sizeof err) >= 0);
    assert_true(track_face_read(colon + 1, &b.back, err, sizeof err) >= 0);
    track_move_set(&m, b, col - 1, o);
    return m;
}

static const game_move pass = {.kind = TRACK_MOVE_PASS, .len = 0};

static void refused(const void *s, game_move m, const char *want) { why_refused(&stackatrack_rules, s, m, want); }
static void allowed(const void *s, game_move m) { why_allowed(&stackatrack_rules, s, m); }

/* A track end against a bare side, a full column, a block not in the hand,
 * a quarter turn the match leaves off, a pass while a block fits. */
static void test_place_refusals(void **state)
{
    track_state s;
    (void)state;
    track_load(&s, NULL, "1;TB/-/-/-/-/-;RL:RB/RL:RB;0,0");
    refused(&s, place("RL:RB", 1, 0), "Not column 1 that way up: a track end would meet a bare side. Turn it.");
    allowed(&s, place("RL:RB", 1, 4)); /* its back: the curve meets the straight */
    allowed(&s, place("RL:RB", 3, 0)); /* clear of the straight */
    refused(&s, place("TB:TB", 3, 0), "That block is not one of yours: choose one from your tray.");
    refused(&s, place("RL:RB", 3, 1), "This match stands blocks upright: quarter turns are off in its house rules.");
    refused(&s, pass, "You can't pass: a block of yours still fits somewhere.");
    track_load(&s, NULL, "1;RL.RL.RL.RL.RL.RL/-/-/-/-/-;RL:RL/RL:RL;0,0");
    refused(&s, place("RL:RL", 1, 0), "Column 1 is full.");
}

/* Nothing fits: only the pass, and a placement says so. */
static void test_must_pass(void **state)
{
    track_state s;
    (void)state;
    track_load(&s, NULL,
               "1;RL.RL.RL.RL.RL.RL/RL.RL.RL.RL.RL.RL/RL.RL.RL.RL.RL.RL/RL.RL.RL.RL.RL.RL/RL.RL.RL.RL.RL.RL/"
               "TB.TB.TB.TB.TB;T:T/BL:BL;0,0");
    refused(&s, place("T:T", 6, 0), "None of your blocks fits anywhere: press Pass.");
    allowed(&s, pass);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_place_refusals),
        cmocka_unit_test(test_must_pass),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
