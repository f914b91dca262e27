/* Stakz rules, one test per rule of the issue: colour and symbol matching,
 * the two-of-a-colour limit, odd and even splits and where the new stack
 * goes, bonus placements, cascades, the chosen-colour and the random draw,
 * round scoring, the 12-point end, shared wins and the stuck round. Each
 * position is written in the notation; '+' fills the pile with the rest of
 * the 75 tiles where a test needs the whole set. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stakz_testutil.h"

/* A deal: ten tiles a seat, two of each colour; two bases of different
 * colours; the rest in the pile; 75 in all; a random first seat. */
static void test_deal(void **state)
{
    (void)state;
    int firsts[GAME_MAX_PLAYERS] = {0};
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 0; seed < 40; seed++) {
            stakz_state s;
            char err[256];
            assert_int_equal(stakz_deal(&s, players, STAKZ_DRAW_CHOOSE, seed, err, sizeof err), 0);
            assert_int_equal(stakz_check(&s, err, sizeof err), 0);
            assert_int_equal(s.nstacks, 2);
            assert_int_not_equal(stakz_colour(s.stack[0][0]), stakz_colour(s.stack[1][0]));
            assert_int_equal(s.npile, STAKZ_TILES - 2 - 10 * players);
            for (int p = 0; p < players; p++)
                for (int c = 0; c < STAKZ_COLOURS; c++) {
                    int n = 0;
                    for (int y = 0; y < STAKZ_SYMBOLS; y++)
                        n += s.hand[p][c * 5 + y];
                    assert_int_equal(n, 2);
                }
            assert_string_equal(st_field(&s, 5), "-");
            firsts[s.turn]++;
        }
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        assert_true(firsts[p] > 0);
}

/* A tile goes on a stack whose top has its colour or its symbol; placing is
 * optional (ending the turn is always there). */
static void test_matching(void **state)
{
    (void)state;
    stakz_state s;
    st_read(&s, "1;r1/o2;r3.g2.b4/g1;b1;0,0;-");
    assert_string_equal(st_legal(&s), "end:b g2>2 r3>1");
    assert_true(st_refused(&s, "b4>1"));
    assert_true(st_refused(&s, "b4>2"));
    assert_true(st_refused(&s, "g1>1")); /* not in seat 1's hand */
    assert_true(st_refused(&s, "r3>3")); /* no such stack */
    st_play(&s, "r3>1");
    /* The seat to move changes only on end. */
    assert_string_equal(st_text(&s), "1;r1.r3/o2;g2.b4/g1;b1;0,0;-");
    assert_string_equal(st_legal(&s), "end:b g2>2");
}

/* A stack never holds a third tile of a colour: not by colour, not by
 * symbol, not as a bonus. */
static void test_two_of_a_colour(void **state)
{
    (void)state;
    stakz_state s;
    st_read(&s, "1;r1.o1.r2/g2.r4;r3.r2.o2/b1;b2;0,0;-");
    assert_string_equal(st_legal(&s), "end:b o2>1 r2>2 r3>2");
    assert_true(st_refused(&s, "r3>1"));
    assert_true(st_refused(&s, "r2>1"));
    st_read(&s, "1;r1.o1.r2/g2.r4.r5;r3/b1;b2;0,0;1.2");
    assert_true(st_refused(&s, "r3>1"));
    assert_true(st_refused(&s, "r3>2"));
    assert_string_equal(st_legal(&s), "end:b");
}

/* The fifth colour splits a stack into equal halves; an odd count leaves
 * the extra tile with the bottom: 7 make 4 that stay and a new stack of the
 * top 3, right after it. Later stacks and their bonuses move up by one. */
static void test_odd_split(void **state)
{
    (void)state;
    stakz_state s;
    st_read(&s, "1;g5/r1.r2.o2.o3.g3.b3/o4;p3.p4/b1;b2;0,0;-");
    st_play(&s, "p3>2");
    assert_string_equal(st_field(&s, 1), "g5/r1.r2.o2.o3/g3.b3.p3/o4");
    assert_string_equal(st_field(&s, 5), "2.3");
    /* A bonus still to come on a later stack moves up with it. */
    st_read(&s, "1;r1.r2.o2.o3.g3.b3/o4/b5;p3.p4/b1;b2;0,0;3");
    st_play(&s, "p3>1");
    assert_string_equal(st_field(&s, 1), "r1.r2.o2.o3/g3.b3.p3/o4/b5");
    assert_string_equal(st_field(&s, 5), "1.2.4");
}

static void test_even_split(void **state)
{
    (void)state;
    stakz_state s;
    st_read(&s, "1;r1.o1.g1.b1.b2/o4;p2.p4/b3;b4;0,0;-");
    st_play(&s, "p2>1");
    assert_string_equal(st_field(&s, 1), "r1.o1.g1/b1.b2.p2/o4");
    assert_string_equal(st_field(&s, 5), "1.2");
    /* The largest stack there can be: four colours twice and the fifth. */
    st_read(&s, "2;r1.r2.o2.o3.g3.g4.b4.b5/o4;b3/p5.p1;b2;0,0;-");
    st_play(&s, "p5>1");
    assert_string_equal(st_field(&s, 1), "r1.r2.o2.o3.g3/g4.b4.b5.p5/o4");
}

/* After a split, one placement on each of the two stacks need not match;
 * it still obeys the limit, is used once, and is gone at the end of turn. */
static void test_bonus(void **state)
{
    (void)state;
    stakz_state s;
    st_read(&s, "1;r1.o1.g1.b1.b2/o4;p2.r5.g4.b3/b3;g2;0,0;-");
    assert_true(st_refused(&s, "r5>1"));
    st_play(&s, "p2>1");
    assert_string_equal(st_field(&s, 5), "1.2");
    /* r5 matches neither g1 nor p2: bonus placements. */
    /* b3 is a third blue on stack 2; g4 matches stack 3's o4 by symbol. */
    assert_string_equal(st_legal(&s), "b3>1 end:g g4>1 g4>2 g4>3 r5>1 r5>2");
    assert_true(st_refused(&s, "b3>1") == 0);
    st_play(&s, "r5>2");
    assert_string_equal(st_field(&s, 1), "r1.o1.g1/b1.b2.p2.r5/o4");
    assert_string_equal(st_field(&s, 5), "1");
    /* Stack 2's bonus is used: r5 on top, g4 matches nothing there now. */
    assert_true(st_refused(&s, "g4>2"));
    st_play(&s, "end:g");
    assert_string_equal(st_field(&s, 5), "-");
    assert_string_equal(st_field(&s, 0), "2");
}

/* A bonus tile may split again, and so on, in one turn. */
static void test_cascade(void **state)
{
    (void)state;
    stakz_state s;
    stakz_state again;
    st_read(&s, "1;r1.o1.g1.b1.r2.o2.g2.b2/o4;p2.p5.p1.r4.g5/b3;g3;0,0;-");
    st_play(&s, "p2>1");
    assert_string_equal(st_field(&s, 1), "r1.o1.g1.b1.r2/o2.g2.b2.p2/o4");
    assert_string_equal(st_field(&s, 5), "1.2");
    st_play(&s, "p5>1"); /* no match on r2: a bonus, and the fifth colour */
    assert_string_equal(st_field(&s, 1), "r1.o1.g1/b1.r2.p5/o2.g2.b2.p2/o4");
    assert_string_equal(st_field(&s, 5), "1.2.3");
    again = s;
    st_play(&s, "p1>3"); /* a second purple: no split */
    assert_string_equal(st_field(&s, 5), "1.2");
    st_play(&s, "r4>1");
    assert_string_equal(st_field(&s, 1), "r1.o1.g1.r4/b1.r2.p5/o2.g2.b2.p2.p1/o4");
    assert_string_equal(st_field(&s, 5), "2");
    /* A third split in the same turn. */
    st_play(&again, "r4>3");
    assert_string_equal(st_field(&again, 1), "r1.o1.g1/b1.r2.p5/o2.g2.b2/p2.r4/o4");
    assert_string_equal(st_field(&again, 5), "1.2.3.4");
}

/* The draw: the player names a colour still in the pile and gets that
 * colour's next tile from the top; "end" only once the pile is empty. */
static void test_chosen_colour_draw(void **state)
{
    (void)state;
    stakz_state s;
    st_read(&s, "2;r1/o2;b5/g4;r3.g2.g5.b1;0,0;-");
    assert_string_equal(st_legal(&s), "end:b end:g end:r");
    assert_true(st_refused(&s, "end"));
    assert_true(st_refused(&s, "end:o"));
    assert_true(st_refused(&s, "end:x"));
    st_play(&s, "end:g");
    assert_string_equal(st_text(&s), "1;r1/o2;b5/g2.g4;r3.g5.b1;0,0;-");
    st_play(&s, "end:g");
    st_play(&s, "end:r");
    assert_string_equal(st_text(&s), "1;r1/o2;g5.b5/r3.g2.g4;b1;0,0;-");
    st_play(&s, "end:b");
    assert_string_equal(st_field(&s, 3), "-");
    assert_string_equal(st_legal(&s), "end g2>2 r3>1");
    assert_true(st_refused(&s, "end:b"));
}

/* The setting: "end" draws the top tile at random, from a fresh deal too. */
static void test_random_draw(void **state)
{
    (void)state;
    stakz_state s;
    char err[256];
    st_read_draw(&s, "2;r1/o2;b5/g4;r3.g2.g5.b1;0,0;-", STAKZ_DRAW_RANDOM);
    assert_string_equal(st_legal(&s), "end");
    assert_true(st_refused(&s, "end:g"));
    st_play(&s, "end");
    assert_string_equal(st_text(&s), "1;r1/o2;b5/r3.g4;g2.g5.b1;0,0;-");
    game_params p;
    game_params_default(&stakz_rules, &p, 3);
    assert_int_equal(p.opt[STAKZ_OPT_DRAW], STAKZ_DRAW_CHOOSE);
    p.opt[STAKZ_OPT_DRAW] = STAKZ_DRAW_RANDOM;
    assert_int_equal(stakz_rules.init(&s, &p, 9, err, sizeof err), 0);
    const char *legal = st_legal(&s);
    assert_non_null(strstr(legal, "end"));
    assert_null(strstr(legal, "end:"));
    p.opt[STAKZ_OPT_DRAW] = 2;
    assert_int_equal(stakz_rules.init(&s, &p, 9, err, sizeof err), -1);
}

/* The round ends the moment a hand is empty (bonuses or not); the others
 * score a point a tile; the next seat starts a new deal of all 75. */
static void test_round_scoring(void **state)
{
    (void)state;
    stakz_state s;
    game_result r;
    st_read(&s, "2;r1/o2;r5.b3/o1.g1.g2;+;3,4;-");
    st_play(&s, "o1>2");
    assert_string_equal(st_field(&s, 0), "2");
    st_play(&s, "g1>2");
    st_play(&s, "g2>2");
    /* Seat 2 started this round as far as the text says: seat 1 starts the next. */
    assert_string_equal(st_field(&s, 4), "5,4");
    assert_string_equal(st_field(&s, 0), "1");
    assert_string_equal(st_field(&s, 5), "-");
    assert_int_equal(s.nstacks, 2);
    assert_int_equal(s.nhand[0], 10);
    assert_int_equal(s.nhand[1], 10);
    assert_int_equal(s.npile, STAKZ_TILES - 22);
    stakz_rules.result(&s, &r);
    assert_int_equal(r.status, GAME_ONGOING);
    /* A composed game with few tiles deals what it has, and still adds up. */
    st_read(&s, "1;r1/o2;r3/o1.o3.g2;-;0,0;-");
    st_play(&s, "r3>1");
    assert_string_equal(st_field(&s, 4), "0,3");
    assert_int_equal(s.total, 6);
}

/* From a deal, rounds follow one another: each is started by the seat
 * after the one that started the last. */
static void test_next_round_starter(void **state)
{
    (void)state;
    stakz_state s;
    char err[256];
    assert_int_equal(stakz_deal(&s, 3, STAKZ_DRAW_CHOOSE, 77, err, sizeof err), 0);
    int starter = s.turn;
    uint16_t before = s.score[0] + s.score[1] + s.score[2];
    /* Place whenever possible (ends come first, placements last), so that
     * the round ends with an empty hand long before anyone nears 12. */
    while (s.score[0] + s.score[1] + s.score[2] == before) {
        game_move mv[GAME_MAX_MOVES];
        int n = stakz_legal(&s, mv, GAME_MAX_MOVES);
        assert_true(n > 0);
        assert_int_equal(stakz_rules.apply(&s, &mv[n - 1]), 0);
        assert_int_equal(stakz_check(&s, err, sizeof err), 0);
    }
    assert_int_equal(stakz_current(&s), (starter + 1) % 3);
    assert_int_equal(s.nstacks, 2);
    assert_int_equal(s.npile, STAKZ_TILES - 32);
}

/* The game ends when a total reaches 12; the lowest total wins. */
static void test_twelve_point_end(void **state)
{
    (void)state;
    stakz_state s;
    game_result r;
    char words[32];
    st_read(&s, "1;r1/o2;r3/o1.o3.g2;-;0,9;-");
    st_play(&s, "r3>1");
    assert_string_equal(st_field(&s, 4), "0,12");
    assert_int_equal(stakz_rules.current_player(&s), -1);
    assert_string_equal(st_legal(&s), "");
    stakz_rules.result(&s, &r);
    assert_int_equal(r.status, GAME_OVER);
    assert_int_equal(r.winner, 0);
    assert_int_equal(stakz_rules.result_write(&s, words, sizeof words), 1);
    assert_string_equal(words, "1");
    assert_true(st_refused(&s, "end"));
    /* Eleven is not yet the end. */
    st_read(&s, "1;r1/o2;r3/o1.o3;-;0,9;-");
    st_play(&s, "r3>1");
    assert_int_equal(stakz_rules.current_player(&s), 1);
}

/* Seats tied for the lowest total share the win. */
static void test_shared_win(void **state)
{
    (void)state;
    stakz_state s;
    game_result r;
    char words[32];
    st_read(&s, "1;r1/o2;r3/o1/o3;-;5,11,4;-");
    st_play(&s, "r3>1");
    assert_string_equal(st_field(&s, 4), "5,12,5");
    stakz_rules.result(&s, &r);
    assert_int_equal(r.status, GAME_OVER);
    assert_int_equal(r.winner, -1);
    assert_int_equal(r.rank[0], 0);
    assert_int_equal(r.rank[2], 0);
    assert_int_equal(r.rank[1], 2);
    stakz_rules.result_write(&s, words, sizeof words);
    assert_string_equal(words, "1 3");
}

/* With the pile empty, a round where every seat in a row ends its turn
 * without placing ends: everyone scores, nobody wins it. A placement
 * starts the count again, and so does a draw. */
static void test_stuck_round(void **state)
{
    (void)state;
    stakz_state s;
    char words[32];
    st_read(&s, "1;r1/o2;g3.b4/b5.p4/g5;-;0,0,0;-");
    st_play(&s, "end");
    st_play(&s, "end");
    assert_string_equal(st_field(&s, 4), "0,0,0");
    st_play(&s, "end");
    assert_string_equal(st_field(&s, 4), "2,2,1");
    /* The next seat deals the few tiles there are: three, two and two; none
     * is left for a base. */
    assert_string_equal(st_field(&s, 0), "2");
    assert_int_equal(s.nhand[1], 3);
    assert_int_equal(s.nhand[2], 2);
    assert_int_equal(s.nhand[0], 2);
    assert_string_equal(st_field(&s, 1), "-");
    /* A placement in between: three more ends are needed. */
    st_read(&s, "1;r1/o2;g3.b4/b5.p4/g5.o5;-;0,0,0;-");
    st_play(&s, "end");
    st_play(&s, "end");
    st_play(&s, "o5>2");
    st_play(&s, "end");
    st_play(&s, "end");
    st_play(&s, "end");
    assert_string_equal(st_field(&s, 4), "0,0,0");
    st_play(&s, "end");
    assert_string_equal(st_field(&s, 4), "2,2,1");
    /* Ends that draw do not count: the pile must be empty. */
    st_read(&s, "1;r1/o2;g3.b4/b5.p4;g1;0,0;-");
    st_play(&s, "end:g");
    st_play(&s, "end");
    assert_string_equal(st_field(&s, 4), "0,0");
    st_play(&s, "end");
    assert_string_equal(st_field(&s, 4), "3,2");
    /* A stuck round can end the game, and share the win. */
    st_read(&s, "1;r1/o2;g3/b5;-;11,11;-");
    st_play(&s, "end");
    st_play(&s, "end");
    assert_int_equal(stakz_rules.current_player(&s), -1);
    stakz_rules.result_write(&s, words, sizeof words);
    assert_string_equal(words, "1 2");
}

/* 75 tiles at every step of whole games, and illegal moves change nothing. */
static void test_conservation(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        stakz_state s, before;
        char err[256];
        rng r;
        rng_seed(&r, (uint64_t)players);
        assert_int_equal(stakz_deal(&s, players, players == 3, 100 + (uint64_t)players, err, sizeof err), 0);
        for (int ply = 0; stakz_current(&s) >= 0; ply++) {
            game_move mv[GAME_MAX_MOVES], bad = {2, STAKZ_M_PLACE, {0, 200}};
            int n = stakz_legal(&s, mv, GAME_MAX_MOVES);
            before = s;
            assert_int_equal(stakz_rules.apply(&s, &bad), -1);
            assert_memory_equal(&s, &before, sizeof s);
            assert_int_equal(stakz_rules.apply(&s, &mv[rng_below(&r, (uint32_t)n)]), 0);
            if (stakz_check(&s, err, sizeof err) != 0)
                fail_msg("%d players, ply %d: %s", players, ply, err);
            assert_int_equal(s.total, STAKZ_TILES);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deal),
        cmocka_unit_test(test_matching),
        cmocka_unit_test(test_two_of_a_colour),
        cmocka_unit_test(test_odd_split),
        cmocka_unit_test(test_even_split),
        cmocka_unit_test(test_bonus),
        cmocka_unit_test(test_cascade),
        cmocka_unit_test(test_chosen_colour_draw),
        cmocka_unit_test(test_random_draw),
        cmocka_unit_test(test_round_scoring),
        cmocka_unit_test(test_next_round_starter),
        cmocka_unit_test(test_twelve_point_end),
        cmocka_unit_test(test_shared_win),
        cmocka_unit_test(test_stuck_round),
        cmocka_unit_test(test_conservation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
