/* 9 STAX rules, one case per rule of the rule sheet and per action card,
 * with our decisions (docs/rules/9stax.md) where the sheet is silent. Each
 * position names only the cards that matter; the rest lie in the draw pile. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/registry.h"
#include "nine_testutil.h"

/* The fields before the players' stacks, for 2 and 3 players. */
#define HEAD2(act, imm) "players=2,turn=p1,dir=cw,act=" act ",imm=" imm ",reveal=none,pend=none,passes=0,rng=1,"
#define HEAD3(act, imm) "players=3,turn=p1,dir=cw,act=" act ",imm=" imm ",reveal=none,pend=none,passes=0,rng=1,"

static void test_registered(void **state)
{
    (void)state;
    const game_info *gi = registry_find("9stax");
    assert_non_null(gi);
    assert_ptr_equal(gi->rules, &nine_rules);
    assert_int_equal(nine_rules.min_players, 2);
    assert_int_equal(nine_rules.max_players, 4);
    assert_true(nine_rules.hidden_info);
    assert_non_null(nine_rules.observe);
    assert_non_null(nine_rules.determinize);
}

/* Every player: 9 stacks of 4 holding #1; the rest is the draw pile; one
 * Immunity each; clockwise; any card may open; the first player is random. */
static void test_deal(void **state)
{
    (void)state;
    int first[4] = {0};
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 0; seed < 20; seed++) {
            nine_state s;
            char err[256];
            game_params p = {players, {0}};
            assert_int_equal(nine_rules.init(&s, &p, seed, err, sizeof err), 0);
            assert_int_equal(nine_rules.check_invariants(&s, err, sizeof err), 0);
            for (int q = 0; q < players; q++) {
                assert_int_equal(s.nst[q], 9);
                assert_int_equal(s.held[q], 0);
                for (int k = 0; k < 9; k++)
                    assert_int_equal(s.ssize[q][k], 4);
            }
            assert_int_equal(s.ndraw, 200 - 36 * players);
            assert_int_equal(s.ndisc, 0);
            assert_int_equal(s.immunity, (1 << players) - 1);
            assert_int_equal(s.dir, 0);
            assert_int_equal(s.act, NINE_ACT_ANY);
            first[s.turn]++;
        }
    for (int q = 0; q < 4; q++)
        assert_true(first[q] > 0);
}

static void test_first_play_any(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("any", "p1p2") "p1=1:R2.B7.GA.PV,p2=1:B1,draw=+,disc=-");
    nt_expect_legal(&s, "draw|play B7|play GA|play PV|play R2");
}

/* Colour or number/text of the active card; Color Shift and Free Discard are wild. */
static void test_matching(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R7", "p1p2") "p1=1:R2.B7.G3.BA.CS.FD/R1,p2=1:B1,draw=+,disc=R7");
    nt_expect_legal(&s, "draw|play B7|play CS|play FD|play R2");
    nt_load(&s, HEAD2("RA", "p1p2") "p1=1:G3.BA.PS,p2=1:B1,draw=+,disc=RA");
    nt_expect_legal(&s, "draw|play BA");
}

/* A number moves everyone to that stack; whoever lacks it stays. */
static void test_number_switches_everyone(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD3("B2", "p1p2p3") "p1=1:B5.R1/G1/G2/G3/G4/G5,p2=1:P1/P2/P3/P4/P5/P6/P7/P8/P9,"
                                      "p3=2:R2/R3/R4,draw=+,disc=B2");
    nt_play(&s, "play B5");
    assert_string_equal(nt_field(&s, "p1"), "5:R1/G1/G2/G3/G4/G5");
    assert_string_equal(nt_field(&s, "p2"), "5:P1/P2/P3/P4/P5/P6/P7/P8/P9");
    assert_string_equal(nt_field(&s, "p3"), "2:R2/R3/R4");
    assert_string_equal(nt_field(&s, "act"), "B5");
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

/* A used-up stack: higher stacks move down and the owner restarts at #1. */
static void test_used_up_stack_renumbers(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R9", "p1p2") "p1=3:R1/R2/RR/R4/R5,p2=1:B1,draw=+,disc=R9");
    nt_play(&s, "play RR");
    assert_string_equal(nt_field(&s, "p1"), "1:R1/R2/R4/R5");
    /* A number as the last card: renumber first, then everyone switches. */
    nt_load(&s, HEAD2("B9", "p1p2") "p1=3:R1/R2/B5/R4/R5/R6,p2=1:B1,draw=+,disc=B9");
    nt_play(&s, "play B5");
    assert_string_equal(nt_field(&s, "p1"), "5:R1/R2/R4/R5/R6");
}

/* An action card as a stack's last card: back to #1 first, then the action. */
static void test_action_as_last_card(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R9", "p1p2") "p1=2:G1.G2/RD/B3,p2=1:B1,draw=+,disc=R9");
    nt_play(&s, "play RD"); /* the Discard then throws away the new #1 */
    assert_string_equal(nt_field(&s, "p1"), "1:B3");
    assert_string_equal(nt_field(&s, "disc"), "R9.G1.G2.RD");
    nt_load(&s, HEAD2("R9", "-") "p1=2:R1/RA/G4,p2=1:B1,draw=G8.+,disc=R9");
    nt_play(&s, "play RA");
    assert_string_equal(nt_field(&s, "p1"), "1:R1/G4");
    nt_play(&s, "attack p2");
    assert_string_equal(nt_field(&s, "p2"), "1:B1/G8");
}

/* Drawing a playable card: play it or keep it in the held stack. */
static void test_draw_playable(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R7", "p1p2") "p1=1:G3,p2=1:B1,draw=R5.+,disc=R7");
    nt_play(&s, "draw");
    assert_string_equal(nt_field(&s, "pend"), "drawn:p1:R5:held");
    nt_expect_legal(&s, "keep|play R5");
    nt_play(&s, "keep");
    assert_string_equal(nt_field(&s, "p1"), "1:R5.G3");
    assert_string_equal(nt_field(&s, "turn"), "p2");
    nt_load(&s, HEAD2("R7", "p1p2") "p1=1:G3,p2=1:B1,draw=R5.+,disc=R7");
    nt_play_all(&s, "draw;play R5");
    assert_string_equal(nt_field(&s, "act"), "R5");
    assert_string_equal(nt_field(&s, "p1"), "1:G3");
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

/* Drawing by choice, and a card that cannot be played goes into the held stack. */
static void test_draw_unplayable(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R7", "p1p2") "p1=1:R3/B4,p2=1:B1,draw=G8.+,disc=R7");
    nt_play(&s, "draw"); /* R3 could have been played */
    assert_string_equal(nt_field(&s, "p1"), "1:R3.G8/B4");
    assert_string_equal(nt_field(&s, "pend"), "none");
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

/* An empty draw pile: the discard pile under its top card is reshuffled. */
static void test_reshuffle(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R7", "p1p2") "p1=1:G3,p2=1:B1,draw=-,disc=+.R7");
    assert_int_equal(s.ndisc, 198);
    nt_play(&s, "draw");
    assert_string_equal(nt_field(&s, "disc"), "R7");
    assert_int_equal(s.ndraw, 196);
    assert_string_equal(nt_field(&s, "act"), "R7");
}

/* Nothing to draw: the turn passes; a full round of passes ends the game,
 * ranked by cards left. */
static void test_pass_when_nothing_to_draw(void **state)
{
    (void)state;
    nine_state s;
    game_result r;
    nt_load(&s, HEAD2("R7", "p1p2") "p1=1:G3/+,p2=1:G4,draw=-,disc=R7");
    nt_expect_legal(&s, "pass");
    nt_play(&s, "pass");
    nine_rules.result(&s, &r);
    assert_int_equal(r.status, GAME_ONGOING);
    nt_play(&s, "pass");
    nine_rules.result(&s, &r);
    assert_int_equal(r.status, GAME_OVER);
    assert_int_equal(r.winner, 1);
    assert_int_equal(r.rank[1], 0);
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.score[1], 1);
    assert_int_equal(nine_rules.current_player(&s), -1);
}

/* Free Discard: any one of your stacks; you keep holding your stack unless it
 * was the one discarded; the next player may play anything. */
static void test_free_discard(void **state)
{
    (void)state;
    nine_state s;
    const char *pos = HEAD2("G9", "p1p2") "p1=4:R1/R2/R3/FD.B1/R5,p2=1:B1.G7.PS,draw=+,disc=G9";
    nt_load(&s, pos);
    nt_play(&s, "play FD");
    nt_expect_legal(&s, "discard s1|discard s2|discard s3|discard s4|discard s5");
    nt_play(&s, "discard s2");
    assert_string_equal(nt_field(&s, "p1"), "3:R1/R3/B1/R5");
    assert_string_equal(nt_field(&s, "disc"), "G9.R2.FD");
    assert_string_equal(nt_field(&s, "act"), "any");
    nt_expect_legal(&s, "draw|play B1|play G7|play PS");
    nt_load(&s, pos);
    nt_play_all(&s, "play FD;discard s4");
    assert_string_equal(nt_field(&s, "p1"), "1:R1/R2/R3/R5");
}

/* Color Shift: the same player plays one more card, which sets the colour. */
static void test_color_shift(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R7", "p1p2") "p1=1:CS.G3.FD.B4/R1,p2=1:B1,draw=+,disc=R7");
    nt_play(&s, "play CS");
    assert_string_equal(nt_field(&s, "pend"), "shift");
    assert_string_equal(nt_field(&s, "turn"), "p1");
    nt_expect_legal(&s, "play B4|play G3");
    nt_play(&s, "play G3");
    assert_string_equal(nt_field(&s, "act"), "G3");
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

static void test_color_shift_chain(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R7", "p1p2") "p1=1:CS.CS.P2.FD/R1,p2=1:B1,draw=+,disc=R7");
    nt_play(&s, "play CS");
    nt_expect_legal(&s, "play CS|play P2");
    nt_play(&s, "play CS");
    nt_expect_legal(&s, "play P2");
    nt_play(&s, "play P2");
    assert_string_equal(nt_field(&s, "act"), "P2");
    assert_string_equal(nt_field(&s, "disc"), "R7.CS.CS.P2");
    assert_string_equal(nt_field(&s, "p1"), "2:FD/R1"); /* P2 is a number */
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

/* Nothing to follow a Color Shift: draw; a coloured card must be played, any
 * other goes into the held stack and the colour stays. */
static void test_color_shift_nothing_to_follow(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R7", "p1p2") "p1=1:CS.FD/R1,p2=1:B1,draw=B6.+,disc=R7");
    nt_play(&s, "play CS");
    nt_expect_legal(&s, "draw");
    nt_play(&s, "draw");
    nt_expect_legal(&s, "play B6");
    nt_play(&s, "play B6");
    assert_string_equal(nt_field(&s, "act"), "B6");
    nt_load(&s, HEAD2("R7", "p1p2") "p1=1:CS.FD/R1,p2=1:B1,draw=FD.+,disc=R7");
    nt_play_all(&s, "play CS;draw");
    assert_string_equal(nt_field(&s, "p1"), "1:FD.FD/R1");
    assert_string_equal(nt_field(&s, "act"), "R7");
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

/* Discard: the whole held stack, with the Discard card on top. */
static void test_discard(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R9", "p1p2") "p1=1:RD.R1.R2/G5,p2=1:B1,draw=+,disc=R9");
    nt_play(&s, "play RD");
    assert_string_equal(nt_field(&s, "p1"), "1:G5");
    assert_string_equal(nt_field(&s, "disc"), "R9.R1.R2.RD");
    assert_string_equal(nt_field(&s, "act"), "RD");
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

#define ATTACK3(dir, draw) \
    "players=3,turn=p1,dir=" dir ",act=R9,imm=-,reveal=none,pend=none,passes=0,rng=1," \
    "p1=1:RA.R1,p2=2:G1/G2,p3=1:G3,draw=" draw ".+,disc=R9"

/* Attack: the target draws; an unplayable card becomes a new stack after its
 * highest; it keeps holding its stack; play resumes from the target. */
static void test_attack_new_stack(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, ATTACK3("cw", "B8"));
    nt_play(&s, "play RA");
    nt_expect_legal(&s, "attack p2|attack p3");
    nt_play(&s, "attack p2");
    assert_string_equal(nt_field(&s, "p2"), "2:G1/G2/B8");
    assert_string_equal(nt_field(&s, "turn"), "p3");
    nt_load(&s, ATTACK3("cw", "B8"));
    nt_play_all(&s, "play RA;attack p3");
    assert_string_equal(nt_field(&s, "p3"), "1:G3/B8");
    assert_string_equal(nt_field(&s, "turn"), "p1");
    nt_load(&s, ATTACK3("ccw", "B8"));
    nt_play_all(&s, "play RA;attack p3");
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

/* The target may play the drawn card when it can: it takes full effect. */
static void test_attack_play_drawn(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, ATTACK3("cw", "R2"));
    nt_play_all(&s, "play RA;attack p2");
    assert_string_equal(nt_field(&s, "pend"), "drawn:p2:R2:new");
    assert_int_equal(nine_rules.current_player(&s), 1);
    nt_expect_legal(&s, "keep|play R2");
    nt_play(&s, "play R2");
    assert_string_equal(nt_field(&s, "act"), "R2");
    assert_string_equal(nt_field(&s, "p2"), "2:G1/G2");
    assert_string_equal(nt_field(&s, "p1"), "1:R1"); /* only one stack: stays */
    assert_string_equal(nt_field(&s, "turn"), "p3");
    nt_load(&s, ATTACK3("cw", "R2"));
    nt_play_all(&s, "play RA;attack p2;keep");
    assert_string_equal(nt_field(&s, "p2"), "2:G1/G2/R2");
    assert_string_equal(nt_field(&s, "turn"), "p3");
}

/* Reverse flips the direction; with two players nothing else changes. */
static void test_reverse(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD3("R9", "p1p2p3") "p1=1:RR.R1,p2=1:B1,p3=1:B2,draw=+,disc=R9");
    nt_play(&s, "play RR");
    assert_string_equal(nt_field(&s, "dir"), "ccw");
    assert_string_equal(nt_field(&s, "turn"), "p3");
    nt_load(&s, HEAD2("R9", "p1p2") "p1=1:RR.R1,p2=1:B1,draw=+,disc=R9");
    nt_play(&s, "play RR");
    assert_string_equal(nt_field(&s, "dir"), "ccw");
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

/* Peek: look at any opponent's stack (its owner does not) and exchange one
 * of its cards for one of the held stack, or hand it back. */
static void test_peek(void **state)
{
    (void)state;
    nine_state s;
    const char *pos = HEAD2("R9", "-") "p1=1:RP.R1.R2/G1,p2=1:B1/B2.B3.B4/B5,draw=+,disc=R9";
    nt_load(&s, pos);
    nt_play(&s, "play RP");
    nt_expect_legal(&s, "peek p2 s1|peek p2 s2|peek p2 s3");
    assert_false(nine_stack_visible(&s, 0, 1, 1));
    nt_play(&s, "peek p2 s2");
    assert_true(nine_stack_visible(&s, 0, 1, 1));
    assert_false(nine_stack_visible(&s, 1, 1, 1));
    nt_expect_legal(&s, "return|take B2|take B3|take B4");
    nt_play(&s, "take B3");
    nt_expect_legal(&s, "give R1|give R2");
    nt_play(&s, "give R1");
    assert_string_equal(nt_field(&s, "p1"), "1:R2.B3/G1");
    assert_string_equal(nt_field(&s, "p2"), "1:B1/R1.B2.B4/B5");
    assert_string_equal(nt_field(&s, "turn"), "p2");
    assert_false(nine_stack_visible(&s, 0, 1, 1));
    nt_load(&s, pos);
    nt_play_all(&s, "play RP;peek p2 s2;return");
    assert_string_equal(nt_field(&s, "p2"), "1:B1/B2.B3.B4/B5");
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

#define REVEAL3 \
    "players=3,turn=p1,dir=cw,act=R9,imm=-,reveal=none,pend=none,passes=0,rng=1," \
    "p1=1:RV.R1/G1/G2,p2=1:BV.B1/B2/B3,p3=1:P1/P2,draw=+,disc=R9"

/* Reveal: every opponent's stack of that number lies face up until the next
 * Reveal; keeping the number shows the previous revealer's and hides the new. */
static void test_reveal(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, REVEAL3);
    nt_play(&s, "play RV");
    nt_expect_legal(&s, "reveal 1|reveal 2|reveal 3");
    nt_play(&s, "reveal 2");
    assert_string_equal(nt_field(&s, "reveal"), "2:p1");
    for (int seat = 0; seat < 3; seat++) {
        assert_true(nine_stack_visible(&s, seat, 1, 1));
        assert_true(nine_stack_visible(&s, seat, 2, 1));
        assert_false(nine_stack_visible(&s, seat, 0, 1));
        assert_false(nine_stack_visible(&s, seat, 1, 2));
    }
    nt_play_all(&s, "play BV;reveal 2");
    assert_string_equal(nt_field(&s, "reveal"), "2:p2");
    assert_true(nine_stack_visible(&s, 2, 0, 1));
    assert_false(nine_stack_visible(&s, 0, 1, 1));
}

/* The reveal stays with the number when stacks renumber. */
static void test_reveal_follows_number(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, "players=2,turn=p2,dir=cw,act=B9,imm=-,reveal=2:p1,pend=none,passes=0,rng=1,"
                "p1=1:R1/R2,p2=2:B1/BR/B3,draw=+,disc=B9");
    assert_true(nine_stack_visible(&s, 0, 1, 1));
    nt_play(&s, "play BR");
    assert_string_equal(nt_field(&s, "p2"), "1:B1/B3");
    assert_string_equal(nt_field(&s, "reveal"), "2:p1");
    assert_true(nine_stack_visible(&s, 0, 1, 1)); /* B3 moved into #2: face up */
    /* Seat 1 sees it in its own view, where unseen cards are dealt blind. */
    nine_state view;
    nine_rules.observe(&s, 0, &view);
    const char *p2 = nt_field(&view, "p2");
    assert_string_equal(p2 + strlen(p2) - 3, "/B3");
}

#define SWAP3 \
    "players=3,turn=p1,dir=cw,act=R9,imm=-,reveal=none,pend=none,passes=0,rng=1," \
    "p1=1:RS.R1/R2/R3,p2=1:B1/B2,p3=1:P1/P2,draw=+,disc=R9"

/* Swap: any two stacks on the table, in all four combinations; whoever held
 * a swapped stack holds the one that came in its place. */
static void test_swap(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, SWAP3);
    nt_play(&s, "play RS");
    nt_play(&s, "swap p1s1");
    nt_play(&s, "with p1s3");
    assert_string_equal(nt_field(&s, "p1"), "1:R3/R2/R1");
    nt_load(&s, SWAP3);
    nt_play_all(&s, "play RS;swap p1s2;with p2s1");
    assert_string_equal(nt_field(&s, "p1"), "1:R1/B1/R3");
    assert_string_equal(nt_field(&s, "p2"), "1:R2/B2");
    nt_load(&s, SWAP3);
    nt_play_all(&s, "play RS;swap p2s1;with p2s2");
    assert_string_equal(nt_field(&s, "p2"), "1:B2/B1");
    nt_load(&s, SWAP3);
    nt_play_all(&s, "play RS;swap p2s2;with p3s1");
    assert_string_equal(nt_field(&s, "p2"), "1:B1/P1");
    assert_string_equal(nt_field(&s, "p3"), "1:B2/P2");
    assert_string_equal(nt_field(&s, "turn"), "p2");
}

#define IMMUNE3(cards) \
    "players=3,turn=p1,dir=cw,act=R9,imm=p1p2p3,reveal=none,pend=none,passes=0,rng=1," \
    "p1=1:" cards ".R1/R2,p2=1:B1/B2,p3=1:P1/P2,draw=B8.+,disc=R9"

/* Immunity cancels an Attack against you (and its jump in turn order). */
static void test_immunity_attack(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, IMMUNE3("RA"));
    nt_play_all(&s, "play RA;attack p3");
    assert_string_equal(nt_field(&s, "pend"), "immune:attack:p3:p3:-");
    assert_int_equal(nine_rules.current_player(&s), 2);
    nt_expect_legal(&s, "accept|immune");
    nt_play(&s, "immune");
    assert_string_equal(nt_field(&s, "p3"), "1:P1/P2");
    assert_string_equal(nt_field(&s, "imm"), "p1p2");
    assert_string_equal(nt_field(&s, "turn"), "p2");
    nt_load(&s, IMMUNE3("RA"));
    nt_play_all(&s, "play RA;attack p3;accept");
    assert_string_equal(nt_field(&s, "p3"), "1:P1/P2/B8");
    assert_string_equal(nt_field(&s, "imm"), "p1p2p3");
    assert_string_equal(nt_field(&s, "turn"), "p1");
}

static void test_immunity_peek(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, IMMUNE3("RP"));
    nt_play_all(&s, "play RP;peek p2 s2;immune");
    assert_false(nine_stack_visible(&s, 0, 1, 1));
    assert_string_equal(nt_field(&s, "pend"), "none");
    assert_string_equal(nt_field(&s, "turn"), "p2");
    nt_load(&s, IMMUNE3("RP"));
    nt_play_all(&s, "play RP;peek p2 s2;accept");
    assert_string_equal(nt_field(&s, "pend"), "take:p2s2");
}

/* A Swap asks each owner it touches, in turn order; one Immunity cancels it. */
static void test_immunity_swap(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, IMMUNE3("RS"));
    nt_play_all(&s, "play RS;swap p3s1;with p2s2");
    assert_int_equal(nine_rules.current_player(&s), 1);
    nt_play(&s, "accept");
    assert_int_equal(nine_rules.current_player(&s), 2);
    nt_play(&s, "immune");
    assert_string_equal(nt_field(&s, "p2"), "1:B1/B2");
    assert_string_equal(nt_field(&s, "imm"), "p1p2");
    /* Own stacks only: nobody is asked. */
    nt_load(&s, IMMUNE3("RS"));
    nt_play_all(&s, "play RS;swap p1s1;with p1s2");
    assert_string_equal(nt_field(&s, "p1"), "1:R2/R1");
}

/* Against a Reveal, Immunity keeps only its user's stack face down. */
static void test_immunity_reveal(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, IMMUNE3("RV"));
    nt_play_all(&s, "play RV;reveal 1;immune");
    assert_int_equal(nine_rules.current_player(&s), 2);
    nt_play(&s, "accept");
    assert_string_equal(nt_field(&s, "reveal"), "1:p1p2");
    assert_string_equal(nt_field(&s, "imm"), "p1p3");
    assert_true(nine_stack_visible(&s, 0, 2, 0));
    assert_false(nine_stack_visible(&s, 2, 1, 0));
}

/* Once per game: a seat that used its tile is not asked again. */
static void test_immunity_once(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, "players=2,turn=p1,dir=cw,act=R9,imm=p1,reveal=none,pend=none,passes=0,rng=1,"
                "p1=1:RA.R1,p2=1:B1,draw=B8.+,disc=R9");
    nt_play_all(&s, "play RA;attack p2");
    assert_string_equal(nt_field(&s, "p2"), "1:B1/B8");
}

/* The first to play out their last card with no stacks left wins; the rest
 * are ranked by cards left. */
static void test_win(void **state)
{
    (void)state;
    nine_state s;
    game_result r;
    nt_load(&s, HEAD3("R9", "p1p2p3") "p1=1:R5,p2=1:B1.B2/B3,p3=1:P1/P2,draw=+,disc=R9");
    nt_play(&s, "play R5");
    nine_rules.result(&s, &r);
    assert_int_equal(r.status, GAME_OVER);
    assert_int_equal(r.winner, 0);
    assert_int_equal(r.rank[0], 0);
    assert_int_equal(r.rank[2], 1);
    assert_int_equal(r.rank[1], 2);
    assert_int_equal(r.score[1], 3);
    assert_int_equal(nine_rules.current_player(&s), -1);
    assert_string_equal(nt_field(&s, "p1"), "-");
    /* By discarding the last stack, and with a last action card. */
    nt_load(&s, HEAD2("R9", "p1p2") "p1=1:RD.R1,p2=1:B1,draw=+,disc=R9");
    nt_play(&s, "play RD");
    nine_rules.result(&s, &r);
    assert_int_equal(r.winner, 0);
    nt_load(&s, HEAD2("R9", "p1p2") "p1=1:RA,p2=1:B1,draw=+,disc=R9");
    nt_play(&s, "play RA");
    nine_rules.result(&s, &r);
    assert_int_equal(r.winner, 0);
}

/* Cards of stack (p, k) that seat remembers. */
static int known_in(const nine_state *s, int seat, int p, int k)
{
    int n = 0;
    for (int id = 0; id < NINE_CARDS; id++)
        n += s->place[id] == NINE_Z_STACK + p && s->stk[id] == k && nine_known(s, seat, id);
    return n;
}

/* Memory: a peeker remembers the stack after handing it back, its owner does
 * not, and the memory stays in the view the peeker observes. */
static void test_memory_peek(void **state)
{
    (void)state;
    nine_state s, view;
    nt_load(&s, HEAD2("R9", "-") "p1=1:RP.R1/G1,p2=1:B1/B2.B3.B4/B5,draw=+,disc=R9");
    assert_int_equal(known_in(&s, 0, 1, 1), 0);
    nt_play_all(&s, "play RP;peek p2 s2;return");
    assert_false(nine_stack_visible(&s, 0, 1, 1));
    assert_int_equal(known_in(&s, 0, 1, 1), 3);
    assert_int_equal(known_in(&s, 1, 1, 1), 0);
    nine_rules.observe(&s, 0, &view);
    assert_non_null(strstr(nt_field(&view, "p2"), "/B2.B3.B4/"));
    assert_int_equal(known_in(&view, 0, 1, 1), 3);
    /* The owner's view still hides it, and carries no trace of the peek. */
    nine_rules.observe(&s, 1, &view);
    for (int id = 0; id < NINE_CARDS; id++)
        assert_false(view.known[id] & 1 && view.place[id] == NINE_Z_STACK + 1);
}

/* After an exchange the owner forgets its peeked stack: it cannot tell which
 * card went; the peeker knows both cards it moved. */
static void test_memory_exchange(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R9", "-") "p1=1:RP.R1/G1,p2=1:B1/B2.B3.B4/B5,draw=+,disc=R9");
    nt_play_all(&s, "play RP;peek p2 s2;take B3;give R1");
    assert_int_equal(known_in(&s, 0, 1, 1), 3); /* B2, B4 and the R1 it gave */
    assert_int_equal(known_in(&s, 0, 0, 0), 1); /* the B3 it took, in its held stack */
    assert_int_equal(known_in(&s, 1, 1, 1), 0);
}

/* The memory follows the cards when a Swap moves the stack. */
static void test_memory_swap(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R9", "-") "p1=1:RP.R1/G1,p2=1:RS.B1/B2.B3.B4/B5,draw=+,disc=R9");
    nt_play_all(&s, "play RP;peek p2 s2;return;play RS;swap p2s2;with p1s2");
    assert_int_equal(known_in(&s, 0, 1, 1), 0);
    assert_int_equal(known_in(&s, 0, 0, 1), 3); /* now its own stack 2, still face down */
    assert_false(nine_stack_visible(&s, 0, 0, 1));
}

/* Cards shuffled into the draw pile are forgotten by everyone. */
static void test_memory_reshuffle(void **state)
{
    (void)state;
    nine_state s;
    nt_load(&s, HEAD2("R9", "-") "p1=1:RP.G1,p2=1:RD.B2.B3/B5,draw=-,disc=+");
    nt_play_all(&s, "play RP;peek p2 s1;return");
    assert_int_equal(known_in(&s, 0, 1, 0), 3);
    nt_play_all(&s, "play RD;draw"); /* p2 discards the stack; p1 draws from a reshuffle */
    int in_draw = 0;
    for (int id = 0; id < NINE_CARDS; id++)
        if (s.place[id] == NINE_Z_DRAW) {
            in_draw++;
            assert_int_equal(s.known[id], 0);
        }
    assert_true(in_draw > 100);
}

/* The public view (observe for seat -1: what everyone at the table sees, the
 * TV's when every person plays on a phone) shows every public card truly: a
 * revealed stack's faces and the discard pile stay as they are, while what
 * nobody may see is dealt blind. */
static void test_public_view_keeps_public_cards(void **state)
{
    (void)state;
    nine_state s, view, again;
    char err[256];
    nt_load(&s, "players=3,turn=p2,dir=cw,act=R9,imm=-,reveal=4:p1,pend=none,passes=0,rng=1,"
                "p1=1:R1/R2/R3/B4.B5,p2=1:G1/G2/G3/R4.BA.BD.PD,p3=2:P1/P2.P3/P5/RR.GR,draw=+,disc=G7.B9.R9");
    nine_rules.observe(&s, -1, &view);
    assert_int_equal(nine_rules.check_invariants(&view, err, sizeof err), 0);
    /* The revealed stacks, face up for all (p1 played the Reveal: its own stays hidden). */
    assert_non_null(strstr(nt_field(&view, "p2"), "/R4.BA.BD.PD"));
    assert_non_null(strstr(nt_field(&view, "p3"), "/RR.GR"));
    assert_string_equal(nt_field(&view, "disc"), "G7.B9.R9");
    assert_string_equal(nt_field(&view, "reveal"), "4:p1");
    /* Every seat sees them in the view too, and the same view comes every time. */
    for (int seat = 0; seat < 3; seat++) {
        assert_true(nine_stack_visible(&view, seat, 1, 3));
        assert_true(nine_stack_visible(&view, seat, 2, 3));
    }
    nine_rules.observe(&s, -1, &again);
    assert_memory_equal(&view, &again, sizeof view);
    /* The stacks nobody sees are not the real ones (p1's stack 4 is dealt blind). */
    assert_null(strstr(nt_field(&view, "p1"), "/B4.B5"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registered),
        cmocka_unit_test(test_deal),
        cmocka_unit_test(test_first_play_any),
        cmocka_unit_test(test_matching),
        cmocka_unit_test(test_number_switches_everyone),
        cmocka_unit_test(test_used_up_stack_renumbers),
        cmocka_unit_test(test_action_as_last_card),
        cmocka_unit_test(test_draw_playable),
        cmocka_unit_test(test_draw_unplayable),
        cmocka_unit_test(test_reshuffle),
        cmocka_unit_test(test_pass_when_nothing_to_draw),
        cmocka_unit_test(test_free_discard),
        cmocka_unit_test(test_color_shift),
        cmocka_unit_test(test_color_shift_chain),
        cmocka_unit_test(test_color_shift_nothing_to_follow),
        cmocka_unit_test(test_discard),
        cmocka_unit_test(test_attack_new_stack),
        cmocka_unit_test(test_attack_play_drawn),
        cmocka_unit_test(test_reverse),
        cmocka_unit_test(test_peek),
        cmocka_unit_test(test_reveal),
        cmocka_unit_test(test_reveal_follows_number),
        cmocka_unit_test(test_swap),
        cmocka_unit_test(test_immunity_attack),
        cmocka_unit_test(test_immunity_peek),
        cmocka_unit_test(test_immunity_swap),
        cmocka_unit_test(test_immunity_reveal),
        cmocka_unit_test(test_immunity_once),
        cmocka_unit_test(test_win),
        cmocka_unit_test(test_memory_peek),
        cmocka_unit_test(test_memory_exchange),
        cmocka_unit_test(test_memory_swap),
        cmocka_unit_test(test_memory_reshuffle),
        cmocka_unit_test(test_public_view_keeps_public_cards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
