/* Stakz's "why not?" (#29): every place or end move the rules refuse gets
 * one sentence in the game's words from stakz_refusal (the same through
 * stakz_rules.refusal), a tile that fits nowhere says so, and a legal move
 * gets none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "why_testutil.h"
#include "games/stakz/rules/stakz_why.h"
#include "stakz_testutil.h"

static game_move place_move(const char *tile, int stack)
{
    game_move m = {.kind = STAKZ_M_PLACE, .len = 2, .b = {(uint8_t)stakz_tile_read(tile), (uint8_t)(stack - 1)}};
    return m;
}

static game_move end_move(int colour)
{
    game_move m = {.kind = STAKZ_M_END, .len = 1, .b = {(uint8_t)colour}};
    return m;
}

static void refused(const void *s, game_move m, const char *want) { why_refused(&stakz_rules, s, m, want); }
static void allowed(const void *s, game_move m) { why_allowed(&stakz_rules, s, m); }

/* Placing: colour and symbol both differ, a third of a colour (also as a
 * bonus), a tile not in the hand, no such stack, no tile chosen. */
static void test_place_refusals(void **state)
{
    stakz_state s;
    char why[160];
    (void)state;
    st_read(&s, "1;r1/o2;r3.g2.b4/g1;b1;0,0;-");
    allowed(&s, place_move("r3", 1));
    refused(&s, place_move("b4", 1), "Stack 1's top is a red circle: the blue star is neither red nor a circle.");
    refused(&s, place_move("g1", 1), "You have no green circle in your hand.");
    refused(&s, place_move("r3", 3), "There is no stack 3.");
    {
        game_move none = {.kind = STAKZ_M_PLACE, .len = 2, .b = {0xFF, 0}};
        refused(&s, none, "Choose a tile from your hand first, then the stack it goes on.");
    }
    assert_int_equal(stakz_tile_refusal(&s, stakz_tile_read("r3"), why, sizeof why), -1);
    assert_true(stakz_tile_refusal(&s, stakz_tile_read("b4"), why, sizeof why) > 0);
    assert_string_equal(why, "The blue star fits on no stack now.");
    st_read(&s, "1;r1.o1.r2/g2.r4;r3.r2.o2/b1;b2;0,0;-");
    refused(&s, place_move("r3", 1), "Stack 1 already holds two red tiles: a stack never holds three.");
    /* a bonus placement needs no match, but two of a colour still holds */
    st_read(&s, "1;r1.o1.r2/g2.r4.r5;r3/b1;b2;0,0;1.2");
    refused(&s, place_move("r3", 2), "Stack 2 already holds two red tiles: a stack never holds three.");
}

/* Ending the turn: a colour with no tiles left in the pile, no colour when
 * one must be chosen, a colour when the draw is at random or the pile empty. */
static void test_end_refusals(void **state)
{
    stakz_state s;
    (void)state;
    st_read(&s, "1;r1/o2;r3.g2.b4/g1;b1;0,0;-");
    allowed(&s, end_move(3));
    refused(&s, end_move(1), "No orange tiles are left in the draw pile: choose another colour.");
    refused(&s, end_move(STAKZ_END_ANY), "Choose the colour of the tile you draw.");
    st_read_draw(&s, "1;r1/o2;r3.g2.b4/g1;b1;0,0;-", STAKZ_DRAW_RANDOM);
    allowed(&s, end_move(STAKZ_END_ANY));
    refused(&s, end_move(3), "This match draws at random: you take the top tile of the pile.");
    st_read(&s, "1;r1/o2;r3.g2.b4/g1;-;0,0;-");
    refused(&s, end_move(3), "The draw pile is empty: end your turn without drawing.");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_place_refusals),
        cmocka_unit_test(test_end_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
