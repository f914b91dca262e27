/* The matcher's differences in words (maxstax_diff): each kind of difference
 * on composed structures (a block missing, one too many, a plank turned, a
 * plank stood on end, a pillar laid on its side, a block out of place), the
 * blocks named by their place in the card, an empty list exactly when the
 * matcher accepts, and every card of the deck with one block taken away. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "games/maxstax/rules/maxstax_diff.h"
#include "games/maxstax/rules/maxstax_matcher.h"

/* Card "Gate": two pillars and a plank across them. */
static const maxstax_card gate = {6, 1, "Gate", 3, {{-1, 1.5, 90}, {1, 1.5, 90}, {0, 3.5, 0}}};
/* A tower of three flat planks. */
static const maxstax_card tower = {1, 1, "Tower", 3, {{0, 0.5, 0}, {0, 1.5, 0}, {0, 2.5, 0}}};
/* Card "Overhang": a leaning stack of four. */
static const maxstax_card overhang = {
    19, 2, "Overhang", 4, {{-1.1, 0.5, 0}, {-0.7, 1.5, 0}, {-0.1, 2.5, 0}, {1.1, 3.5, 0}}};

/* The card's blocks, shifted along the floor, into out. */
static void copy(const maxstax_card *c, maxstax_pose *out, double shift)
{
    for (int i = 0; i < c->n; i++) {
        out[i] = c->block[i];
        out[i].x += shift;
    }
}

/* Asserts the list is exactly the one line want, and the matcher refuses. */
static void assert_only(const maxstax_card *c, const maxstax_pose *b, int n, const char *want)
{
    maxstax_diff d;
    assert_int_equal(maxstax_diff_list(c, b, n, &d), 1);
    assert_string_equal(d.text[0], want);
    assert_false(maxstax_matcher_match(c, b, n, NULL));
}

static void test_match_is_empty(void **state)
{
    (void)state;
    maxstax_pose b[4];
    maxstax_diff d;
    copy(&gate, b, 4.5);
    b[2].angle = 180; /* a plank turned end for end is the same plank */
    assert_int_equal(maxstax_diff_list(&gate, b, 3, &d), 0);
    assert_true(maxstax_diff_shift(&gate, b, 3) > 4.49 && maxstax_diff_shift(&gate, b, 3) < 4.51);
    assert_true(maxstax_diff_shift(&gate, b, 0) == 0); /* the gate is centred already */
    const maxstax_card left = {2, 1, "Left", 2, {{-3, 0.5, 0}, {-3, 1.5, 0}}};
    assert_true(maxstax_diff_shift(&left, b, 0) == 3); /* drawn over the space's middle */
}

static void test_names(void **state)
{
    (void)state;
    char buf[MAXSTAX_DIFF_LEN];
    assert_string_equal(maxstax_diff_name(&gate, 0, buf, sizeof buf), "the left pillar");
    assert_string_equal(maxstax_diff_name(&gate, 1, buf, sizeof buf), "the right pillar");
    assert_string_equal(maxstax_diff_name(&gate, 2, buf, sizeof buf), "the top plank");
    assert_string_equal(maxstax_diff_name(&tower, 0, buf, sizeof buf), "the bottom plank");
    assert_string_equal(maxstax_diff_name(&tower, 1, buf, sizeof buf), "the second plank");
    assert_string_equal(maxstax_diff_name(&tower, 2, buf, sizeof buf), "the top plank");
    const maxstax_card ramp = {23, 2, "Ramp", 2, {{1.4, 0.5, 0}, {-1.4, 1.0, 22}}};
    assert_string_equal(maxstax_diff_name(&ramp, 1, buf, sizeof buf), "the ramp");
    const maxstax_card row = {33, 3, "Row", 4, {{-4.5, 0.5, 0}, {-1.5, 0.5, 0}, {1.5, 0.5, 0}, {4.5, 0.5, 0}}};
    assert_string_equal(maxstax_diff_name(&row, 2, buf, sizeof buf), "the second plank from the right");
}

static void test_missing(void **state)
{
    (void)state;
    maxstax_pose b[3];
    copy(&gate, b, -2);
    assert_only(&gate, b, 2, "the top plank is missing");
    b[0] = tower.block[0];
    b[1] = tower.block[2];
    b[1].y = 1.5; /* the top one fell onto the bottom one: the second stands, the top is missing */
    assert_only(&tower, b, 2, "the top plank is missing");
    copy(&gate, b, 0);
    b[0] = b[2]; /* the left pillar never built */
    assert_only(&gate, b, 2, "the left pillar is missing");
}

static void test_too_many(void **state)
{
    (void)state;
    maxstax_pose b[5];
    copy(&gate, b, 1);
    b[3] = (maxstax_pose){6, 0.5, 0};
    assert_only(&gate, b, 4, "one block too many");
    b[4] = (maxstax_pose){-6, 0.5, 0};
    assert_only(&gate, b, 5, "2 blocks too many");
}

static void test_turned_and_stood(void **state)
{
    (void)state;
    maxstax_pose b[3];
    copy(&gate, b, 0);
    b[2].angle = 30;
    assert_only(&gate, b, 3, "the top plank is turned");
    copy(&gate, b, 0);
    b[2] = (maxstax_pose){0, 4.5, 90}; /* the lintel stood up on the pillars */
    assert_only(&gate, b, 3, "the top plank is standing on end");
    copy(&gate, b, 0);
    b[0] = (maxstax_pose){-1, 0.5, 0}; /* the left pillar lies where it should stand */
    b[2].y = 2.5;
    assert_false(maxstax_matcher_match(&gate, b, 3, NULL));
    maxstax_diff d;
    assert_true(maxstax_diff_list(&gate, b, 3, &d) >= 1);
    assert_string_equal(d.text[0], "the left pillar is lying on its side");
}

static void test_out_of_place(void **state)
{
    (void)state;
    maxstax_pose b[4];
    copy(&overhang, b, 2);
    b[3].x -= 0.8; /* the top plank does not overhang enough */
    assert_only(&overhang, b, 4, "the top plank is out of place");
}

static void test_many_summed_up(void **state)
{
    (void)state;
    maxstax_pose b[12];
    copy(&tower, b, 0);
    for (int k = 3; k < 9; k++)
        b[k] = (maxstax_pose){k < 6 ? -7 - 2.0 * (k - 3) : 3 + 2.0 * (k - 6), 0.5, 0};
    b[2].angle = 45; /* turned, and six blocks too many beside it */
    maxstax_diff d;
    assert_int_equal(maxstax_diff_list(&tower, b, 9, &d), 2);
    assert_string_equal(d.text[0], "the top plank is turned");
    assert_string_equal(d.text[1], "6 blocks too many");
    /* Five missing from a card of six: three named, the rest summed up. */
    maxstax_card six = {2, 1, "Six", 6, {{0, 0.5, 0}, {0, 1.5, 0}, {0, 2.5, 0}, {0, 3.5, 0}, {0, 4.5, 0}, {0, 5.5, 0}}};
    copy(&six, b, 0);
    assert_int_equal(maxstax_diff_list(&six, b, 1, &d), MAXSTAX_DIFF_MAX);
    assert_string_equal(d.text[0], "the second plank is missing");
    assert_string_equal(d.text[MAXSTAX_DIFF_MAX - 1], "and 2 more things differ");
}

/* Every card of the deck: names unique; built exactly at its home in the
 * space, nothing differs; built without any one block, that block and only
 * it is missing (two like blocks side by side: the one the ghost shows). */
static void test_every_card(void **state)
{
    (void)state;
    static maxstax_deck deck;
    char err[200];
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    for (int c = 0; c < deck.n; c++) {
        const maxstax_card *card = &deck.card[c];
        maxstax_pose b[MAXSTAX_CARD_MAX_BLOCKS];
        maxstax_diff d;
        char a[MAXSTAX_DIFF_LEN], o[MAXSTAX_DIFF_LEN], want[MAXSTAX_DIFF_LEN + 16];
        double home = maxstax_diff_shift(card, b, 0);
        copy(card, b, home + 0.1);
        assert_int_equal(maxstax_diff_list(card, b, card->n, &d), 0);
        for (int i = 0; i < card->n; i++) {
            maxstax_diff_name(card, i, a, sizeof a);
            for (int j = 0; j < i; j++)
                assert_string_not_equal(a, maxstax_diff_name(card, j, o, sizeof o));
            int m = 0;
            for (int j = 0; j < card->n; j++)
                if (j != i)
                    b[m++] = (maxstax_pose){card->block[j].x + home + 0.1, card->block[j].y, card->block[j].angle};
            snprintf(want, sizeof want, "%s is missing", a);
            assert_only(card, b, m, want);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_match_is_empty), cmocka_unit_test(test_names),
        cmocka_unit_test(test_missing),        cmocka_unit_test(test_too_many),
        cmocka_unit_test(test_turned_and_stood), cmocka_unit_test(test_out_of_place),
        cmocka_unit_test(test_many_summed_up), cmocka_unit_test(test_every_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
