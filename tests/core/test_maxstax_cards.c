/* The stacker cards: the built-in deck parses (45 cards, 2..12 blocks, 1..3
 * stars), bad data is refused with a message naming the card and the line,
 * random damage never crashes the parser, and every card, placed block by
 * block on the floor of the physics world, stands for 10 s. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/maxstax/rules/maxstax_cards.h"

static maxstax_deck deck;

static void test_builtin_deck(void **state)
{
    (void)state;
    char err[256];
    if (maxstax_cards_builtin(&deck, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(deck.n, MAXSTAX_DECK_SIZE);
    int stars[4] = {0}, sizes[MAXSTAX_CARD_MAX_BLOCKS + 1] = {0};
    for (int i = 0; i < deck.n; i++) {
        assert_int_equal(deck.card[i].id, i + 1);
        assert_true(deck.card[i].n >= 2 && deck.card[i].n <= 12);
        stars[deck.card[i].stars]++;
        sizes[deck.card[i].n]++;
    }
    /* Easy to hard, from a pair of blocks to all twelve. */
    assert_true(stars[1] >= 10 && stars[2] >= 10 && stars[3] >= 8);
    assert_true(sizes[2] >= 1 && sizes[12] >= 1);
}

/* Parses text that must fail, with a message containing each of want[]. */
static void expect_error(const char *text, const char *want1, const char *want2)
{
    char err[256];
    maxstax_deck d;
    assert_int_equal(maxstax_cards_parse(text, "bad.txt", &d, err, sizeof err), -1);
    if (!strstr(err, want1) || (want2 && !strstr(err, want2)))
        fail_msg("message '%s' lacks '%s' / '%s'", err, want1, want2 ? want2 : "");
}

static void test_bad_data(void **state)
{
    (void)state;
    expect_error("card 1 1 A\nblock 0 0.5 0\nblock 0 1.5 0\nend\ncard 2 1 B\nblock 0 0.5 0\nend\n",
                 "bad.txt:7: card 2:", "1 block");
    expect_error("card 1 1 A\nblock 0 0.5 0\nblock 1 0.5 0\nend\n", "bad.txt:3: card 1:", "overlaps");
    expect_error("card 1 4 A\n", "bad.txt:1: card 1:", "stars");
    expect_error("card 1 2 A\nblock 0 zero 0\n", "bad.txt:2: card 1:", "block X Y ANGLE");
    expect_error("card 1 2 A\nblock 0 1.5 0\nblock 0 2.5 0\nend\n", "bad.txt:4: card 1:", "floor");
    expect_error("card 2 2 A\n", "bad.txt:1:", "card 2 out of order");
    expect_error("card 1 2 A\nblock 0 0.5 0\nblock 0 1.5 0\n", "bad.txt:3: card 1:", "no 'end'");
    expect_error("card 1 2 A\nblock 0 0.5 0\nblock 0 1.5 0 7\n", "bad.txt:3: card 1:", "block X Y ANGLE");
    expect_error("block 0 0.5 0\n", "bad.txt:1:", "outside a card");
    expect_error("card 1 1 A\nblock 0 0.5 0\nblock 0 1.5 0\nend\n", "bad.txt:4:", "needs 45");
    expect_error("card 1 1 Wide\nblock -7 0.5 0\nblock 7 0.5 0\nend\n", "card 1:", "wide");
    expect_error("card 1 1 A\nblock 0 0.5 inf\n", "card 1:", "ANGLE");
    expect_error("card 1 1 A\nstack 0 0.5 0\n", "bad.txt:2: card 1:", "expected 'card'");
    /* The real deck with one card broken names that card. */
    char *text = strdup(maxstax_cards_text);
    char *c9 = strstr(text, "card 9 ");
    assert_non_null(c9);
    char *blk = strstr(c9, "block ");
    blk[6] = '#'; /* block #... */
    expect_error(text, "card 9:", NULL);
    free(text);
}

static void test_fuzz_parser(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 2024);
    size_t len = strlen(maxstax_cards_text);
    char *buf = malloc(len + 1);
    static const char alphabet[] = "0123456789.-+ e\n#abcdkl\tinfnan";
    int ok = 0;
#ifdef __SANITIZE_ADDRESS__
    const int rounds = 300;
#else
    const int rounds = 3000;
#endif
    for (int k = 0; k < rounds; k++) {
        memcpy(buf, maxstax_cards_text, len + 1);
        int edits = 1 + (int)rng_below(&r, 4);
        for (int e = 0; e < edits; e++) {
            size_t at = rng_below(&r, (uint32_t)len);
            switch (rng_below(&r, 3)) {
            case 0: buf[at] = alphabet[rng_below(&r, sizeof alphabet - 1)]; break;
            case 1: memmove(buf + at, buf + at + 1, len - at); break; /* delete a char */
            default: buf[at] = 0; break;                              /* truncate */
            }
        }
        maxstax_deck d;
        char err[256] = "";
        int rc = maxstax_cards_parse(buf, "fuzz", &d, err, sizeof err);
        if (rc == 0) {
            ok++;
            for (int i = 0; i < d.n; i++)
                assert_true(d.card[i].n >= 2 && d.card[i].n <= 12 && d.card[i].stars >= 1 && d.card[i].stars <= 3);
        } else {
            assert_true(strncmp(err, "fuzz:", 5) == 0);
        }
    }
    assert_true(ok < rounds); /* most damage is caught */
    free(buf);
}

static void test_every_card_stands(void **state)
{
    (void)state;
    char err[256];
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    int failed = 0;
    for (int c = 0; c < deck.n; c++) {
        const maxstax_card *card = &deck.card[c];
        maxstax_world *w = maxstax_world_new();
        for (int i = 0; i < card->n; i++)
            maxstax_world_add(w, card->block[i]);
        for (int s = 0; s < (int)(10.0 / MAXSTAX_STEP); s++)
            maxstax_world_step(w);
        for (int i = 0; i < card->n; i++) {
            maxstax_pose p = maxstax_world_pose(w, i), q = card->block[i];
            double da = fmod(fabs(p.angle - q.angle), 180.0);
            da = fmin(da, 180.0 - da);
            if (hypot(p.x - q.x, p.y - q.y) > 0.1 || da > 2.0) {
                printf("card %d %s: block %d at (%.3f, %.3f, %.1f), card says (%.3f, %.3f, %.1f)\n", card->id,
                       card->name, i + 1, p.x, p.y, p.angle, q.x, q.y, q.angle);
                failed++;
                break;
            }
        }
        maxstax_world_free(w);
    }
    assert_int_equal(failed, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_deck),
        cmocka_unit_test(test_bad_data),
        cmocka_unit_test(test_fuzz_parser),
        cmocka_unit_test(test_every_card_stands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
