/* Claims of MAX STAX are events: every call gets its verdict, a second wrong
 * call in a round as much as the first (the view reacts to each), and a
 * wrong call says what differs from the card in one short phrase: a block
 * missing, one too many, a block turned (the top one, the bottom one, or
 * another), a block out of place, or a block still in the hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_match.h"
#include "games/maxstax/rules/maxstax_matcher.h"

#define FRAME (1.0 / 60.0)

/* Card "Overhang": a leaning stack of four, every block at its own height. */
static const maxstax_card overhang = {
    19, 2, "Overhang", 4, {{-1.1, 0.5, 0}, {-0.7, 1.5, 0}, {-0.1, 2.5, 0}, {1.1, 3.5, 0}}};
/* Card "Gate": two uprights and a lintel. */
static const maxstax_card gate = {6, 1, "Gate", 3, {{-1, 1.5, 90}, {1, 1.5, 90}, {0, 3.5, 0}}};

/* The phrase for n blocks at poses b built against card c. */
static const char *phrase(const maxstax_card *c, const maxstax_pose *b, int n)
{
    static char buf[64];
    maxstax_miss d = maxstax_matcher_miss(c, b, n);
    maxstax_miss_phrase(d, buf, sizeof buf);
    return buf;
}

static void test_missing_and_extra_blocks(void **state)
{
    maxstax_pose b[12];
    (void)state;
    memcpy(b, overhang.block, sizeof overhang.block[0] * 4);
    assert_string_equal(phrase(&overhang, b, 3), "a block is missing");
    assert_int_equal(maxstax_matcher_miss(&overhang, b, 3).kind, MAXSTAX_MISS_MISSING);
    assert_string_equal(phrase(&overhang, b, 2), "2 blocks are missing");
    b[4] = (maxstax_pose){5, 0.5, 0};
    assert_string_equal(phrase(&overhang, b, 5), "one block too many");
    b[5] = (maxstax_pose){-5, 0.5, 0};
    assert_string_equal(phrase(&overhang, b, 6), "2 blocks too many");
    assert_int_equal(maxstax_matcher_miss(&overhang, b, 6).count, 2);
}

static void test_turned_blocks(void **state)
{
    maxstax_pose b[4];
    (void)state;
    /* The gate's lintel stood on end on the uprights: its centre rises too. */
    memcpy(b, gate.block, sizeof gate.block[0] * 3);
    b[2] = (maxstax_pose){0.2, 4.5, 90};
    assert_int_equal(maxstax_matcher_miss(&gate, b, 3).kind, MAXSTAX_MISS_TURNED);
    assert_string_equal(phrase(&gate, b, 3), "the top block is turned");
    /* The overhang's bottom block upright, the rest as drawn (shifted). */
    memcpy(b, overhang.block, sizeof overhang.block[0] * 4);
    for (int i = 0; i < 4; i++)
        b[i].x += 3;
    b[0].angle = 90;
    b[0].y = 1.0;
    assert_string_equal(phrase(&overhang, b, 4), "the bottom block is turned");
    memcpy(b, overhang.block, sizeof overhang.block[0] * 4);
    b[1].angle = 30;
    assert_string_equal(phrase(&overhang, b, 4), "a middle block is turned");
    b[2].angle = -40;
    assert_string_equal(phrase(&overhang, b, 4), "2 blocks are turned");
    /* One of the gate's uprights lying flat: neither top nor bottom alone. */
    memcpy(b, gate.block, sizeof gate.block[0] * 3);
    b[0] = (maxstax_pose){-1.2, 0.5, 0};
    assert_string_equal(phrase(&gate, b, 3), "a block is turned");
}

static void test_out_of_place_and_a_match(void **state)
{
    maxstax_pose b[4];
    (void)state;
    memcpy(b, overhang.block, sizeof overhang.block[0] * 4);
    assert_int_equal(maxstax_matcher_miss(&overhang, b, 4).kind, MAXSTAX_MISS_NONE);
    assert_string_equal(phrase(&overhang, b, 4), "");
    b[3].x = -4; /* the top block leans the other way: far from where it belongs */
    assert_int_equal(maxstax_matcher_miss(&overhang, b, 4).kind, MAXSTAX_MISS_PLACE);
    assert_string_equal(phrase(&overhang, b, 4), "a block is out of place");
    assert_string_equal(maxstax_miss_phrase((maxstax_miss){MAXSTAX_MISS_HELD, 1, 0}, (char[64]){0}, 64),
                        "let go of the block first");
}

static maxstax_match *new_match(void)
{
    maxstax_setup set;
    maxstax_deck deck;
    char err[160];
    maxstax_match *m;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    maxstax_setup_default(&set, 2);
    m = maxstax_match_new(&set, &deck, 11, err, sizeof err);
    assert_non_null(m);
    return m;
}

/* Steps the match f frames, seat 0 doing actions on the first. */
static void run(maxstax_match *m, unsigned actions, int f)
{
    maxstax_input in[2] = {{0, 8, 0, actions}, {0, 8, 0, 0}};
    maxstax_step(m, in, FRAME);
    in[0].actions = 0;
    for (int i = 1; i < f; i++)
        maxstax_step(m, in, FRAME);
}

/* Two wrong calls in one round are two events, each FAILED with its reason. */
static void test_two_wrong_claims_are_two_events(void **state)
{
    maxstax_match *m = new_match();
    const maxstax_claim_event *e = maxstax_match_claim_event(m, 0);
    int n = maxstax_match_card(m)->n;
    (void)state;
    assert_int_equal(e->serial, 0);
    maxstax_match_compose(m, 0, n - 1); /* all but the top of the card */
    run(m, 0, 60);
    run(m, MAXSTAX_IN_CLAIM, 30);
    assert_int_equal(e->serial, 1);
    assert_int_equal(e->verdict, MAXSTAX_CLAIM_FAILED);
    assert_int_equal(e->miss.kind, MAXSTAX_MISS_MISSING);
    run(m, MAXSTAX_IN_CLAIM, 30);
    assert_int_equal(e->serial, 2);
    assert_int_equal(e->verdict, MAXSTAX_CLAIM_FAILED);
    assert_int_equal(maxstax_match_claim(m, 0), MAXSTAX_CLAIM_FAILED);
    assert_int_equal(maxstax_match_claim_event(m, 1)->serial, 0); /* the other seat called nothing */
    assert_int_equal(maxstax_match_rounds(m)->finish[0], -1);
    /* The whole card: a third call is checked, then holds (two more events). */
    maxstax_match_compose(m, 0, n);
    run(m, 0, 60);
    run(m, MAXSTAX_IN_CLAIM, 2);
    assert_int_equal(e->serial, 3);
    assert_int_equal(e->verdict, MAXSTAX_CLAIM_CHECKING);
    run(m, 0, 120);
    assert_int_equal(e->serial, 4);
    assert_int_equal(e->verdict, MAXSTAX_CLAIM_HELD);
    assert_int_equal(e->miss.kind, MAXSTAX_MISS_NONE);
    maxstax_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_missing_and_extra_blocks),
        cmocka_unit_test(test_turned_blocks),
        cmocka_unit_test(test_out_of_place_and_a_match),
        cmocka_unit_test(test_two_wrong_claims_are_two_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
