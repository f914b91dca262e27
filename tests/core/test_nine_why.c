/* 9 STAX's "why not?" (#29): every move a player can try that the rules
 * refuse gets one sentence in the game's words from nine_refusal (the same
 * through nine_rules.refusal), and a legal move gets none. Positions name
 * only the cards that matter (nine_testutil.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "why_testutil.h"
#include "games/nine/rules/nine_why.h"
#include "nine_testutil.h"

#define HEAD2(act) "players=2,turn=p1,dir=cw,act=" act ",imm=-,reveal=none,pend=none,passes=0,rng=1,"

/* A move as the table would try it: kind and its two bytes. */
static game_move mv(int kind, int b0, int b1)
{
    game_move m = {.kind = (uint8_t)kind, .len = 2, .b = {(uint8_t)b0, (uint8_t)b1}};
    return m;
}

static void refused(const void *s, game_move m, const char *want) { why_refused(&nine_rules, s, m, want); }
static void allowed(const void *s, game_move m) { why_allowed(&nine_rules, s, m); }

static uint8_t card(const char *name) { return (uint8_t)nine_card_read(name); }

/* A turn's play: a card that matches neither colour nor face, one not in the
 * held stack, another stack, the choices of action cards never played. */
static void test_turn_refusals(void **state)
{
    nine_state s;
    (void)state;
    nt_load(&s, HEAD2("G7") "p1=1:G1.P3/B4.R9,p2=1:B1/B2,draw=+,disc=G7");
    allowed(&s, mv(NINE_M_PLAY, card("G1"), 0));
    allowed(&s, mv(NINE_M_DRAW, 0, 0));
    refused(&s, mv(NINE_M_PLAY, card("P3"), 0), "The purple 3 is neither green nor a 7.");
    refused(&s, mv(NINE_M_PLAY, card("B4"), 0), "The blue 4 is not in stack 1, which you hold.");
    refused(&s, mv(NINE_M_DISCARD, 1, 0), "You play from stack 1, the one you hold.");
    refused(&s, mv(NINE_M_DISCARD, 0, 0), "You hold stack 1: play one of its cards.");
    refused(&s, mv(NINE_M_ATTACK, 1, 0), "Only an Attack lets you choose a player.");
    refused(&s, mv(NINE_M_PEEK, 1, 0), "Only a Peek or a Swap picks others' stacks.");
    refused(&s, mv(NINE_M_REVEAL, 1, 0), "Only a Reveal lets you choose a number.");
    refused(&s, mv(NINE_M_PASS, 0, 0), "You can still draw, so you cannot pass.");
    /* an action card active: it is matched by its colour or its kind */
    nt_load(&s, HEAD2("RA") "p1=1:G3.BA,p2=1:B1,draw=+,disc=RA");
    refused(&s, mv(NINE_M_PLAY, card("G3"), 0), "The green 3 is neither red nor an Attack.");
    allowed(&s, mv(NINE_M_PLAY, card("BA"), 0));
}

/* After a Color Shift a coloured card must follow: no Free Discard, no draw
 * while one can; nothing to draw at all means a pass. */
static void test_shift_refusals(void **state)
{
    nine_state s;
    (void)state;
    nt_load(&s, HEAD2("R9") "p1=1:CS.FD.G2,p2=1:B1,draw=+,disc=R9");
    nt_play(&s, "play CS");
    refused(&s, mv(NINE_M_PLAY, card("FD"), 0), "After a Color Shift, play a coloured card.");
    refused(&s, mv(NINE_M_DRAW, 0, 0), "After a Color Shift, play your coloured card.");
    allowed(&s, mv(NINE_M_PLAY, card("G2"), 0));
    nt_load(&s, HEAD2("R9") "p1=1:G3,p2=1:+,draw=-,disc=R9");
    refused(&s, mv(NINE_M_DRAW, 0, 0), "Nothing is left to draw, so pass.");
}

/* The action cards' choices: yourself for an Attack or a Peek, a stack with
 * itself for a Swap, a stack you lack for a Free Discard, and anything else
 * while a choice is asked for. */
static void test_choice_refusals(void **state)
{
    nine_state s;
    (void)state;
    nt_load(&s, HEAD2("R9") "p1=1:RA.R1/G4,p2=1:B1/B2,draw=+,disc=R9");
    nt_play(&s, "play RA");
    refused(&s, mv(NINE_M_ATTACK, 0, 0), "Attack another player, not yourself.");
    refused(&s, mv(NINE_M_PLAY, card("R1"), 0), "Attack: choose a player to draw a new stack.");
    allowed(&s, mv(NINE_M_ATTACK, 1, 0));

    nt_load(&s, HEAD2("R9") "p1=1:RP.R1/G4,p2=1:B1/B2,draw=+,disc=R9");
    nt_play(&s, "play RP");
    refused(&s, mv(NINE_M_PEEK, 0, 1), "Peek at another player's stack, not yours.");
    nt_play(&s, "peek p2 s1");
    refused(&s, mv(NINE_M_TAKE, card("G8"), 0), "That stack has no green 8.");
    nt_play(&s, "take B1");
    refused(&s, mv(NINE_M_GIVE, card("G8"), 0), "Your stack has no green 8 to give.");

    nt_load(&s, HEAD2("R9") "p1=1:RS.R1/G4,p2=1:B1/B2,draw=+,disc=R9");
    nt_play_all(&s, "play RS;swap p2s1");
    refused(&s, mv(NINE_M_WITH, 1, 0), "Choose a different stack: not the same one.");
    allowed(&s, mv(NINE_M_WITH, 1, 1));

    nt_load(&s, "players=2,turn=p1,dir=cw,act=R9,imm=p2,reveal=none,pend=none,passes=0,rng=1,"
                "p1=1:RA.R1/G4,p2=1:B1/B2,draw=+,disc=R9");
    nt_play_all(&s, "play RA;attack p2"); /* Player 2 is asked about Immunity */
    refused(&s, mv(NINE_M_DRAW, 0, 0), "Use your Immunity, or let the Attack happen.");
    allowed(&s, mv(NINE_M_IMMUNE, 0, 0));

    nt_load(&s, HEAD2("R9") "p1=1:FD.R1/G4,p2=1:B1/B2,draw=+,disc=R9");
    nt_play(&s, "play FD");
    refused(&s, mv(NINE_M_DISCARD, 5, 0), "You have no stack 6.");
    refused(&s, mv(NINE_M_DRAW, 0, 0), "Free Discard: choose one of your stacks.");
}

/* A drawn card that can be played: play it or keep it, nothing else; and a
 * game that is over refuses everything. */
static void test_drawn_and_over(void **state)
{
    nine_state s;
    (void)state;
    nt_load(&s, HEAD2("G7") "p1=1:P3,p2=1:B1,draw=G5.+,disc=G7");
    nt_play(&s, "draw");
    refused(&s, mv(NINE_M_PLAY, card("P3"), 0), "You drew the green 5: play it or keep it.");
    allowed(&s, mv(NINE_M_KEEP, 0, 0));
    nt_load(&s, HEAD2("G7") "p1=1:G1,p2=1:B1,draw=+,disc=G7");
    nt_play(&s, "play G1");
    refused(&s, mv(NINE_M_DRAW, 0, 0), "The game is over.");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turn_refusals),
        cmocka_unit_test(test_shift_refusals),
        cmocka_unit_test(test_choice_refusals),
        cmocka_unit_test(test_drawn_and_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
