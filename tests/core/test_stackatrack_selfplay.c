/* Stack-A-Track self-play: 2,000 random games of 2 to 4 seats over the
 * house rules, and a few at the easy and medium levels, all ending, with the
 * invariants (the 36 blocks conserved kind by kind, the joins, the game-over
 * flag) checked after every move. */
#include "track_testutil.h"

#include "core/ai.h"

typedef struct tally {
    int games, finished, passes;
    long plies;
} tally;

static void play_games(int games, ai_level level, int hidden, uint64_t seed, tally *t)
{
    const game_rules *g = &stackatrack_rules;
    for (int game = 0; game < games; game++) {
        int players = 2 + game % 3;
        game_params p = track_params(players, (game / 3) % 2, (game / 6) % 2 == 0);
        p.opt[TRACK_OPT_HIDDEN] = hidden;
        track_state s;
        char err[256];
        assert_int_equal(g->init(&s, &p, seed + (uint64_t)game, err, sizeof err), 0);
        for (int ply = 0; g->current_player(&s) >= 0; ply++) {
            game_move m;
            assert_true(ply < 36 * 5);
            int seat = s.to_move;
            assert_int_equal(ai_choose(g, &s, level, (seed + (uint64_t)game) * 7919 + (uint64_t)ply, &m), 0);
            if (m.kind == TRACK_MOVE_PASS) {
                t->passes++;
                assert_false(s.nhand[seat] && track_can_place(&s, seat));
            }
            assert_int_equal(g->apply(&s, &m), 0);
            if (g->check_invariants(&s, err, sizeof err) != 0)
                fail_msg("game %d ply %d: %s", game, ply, err);
            int blocks = 0;
            for (int c = 0; c < TRACK_COLS; c++)
                blocks += s.height[c];
            for (int q = 0; q < players; q++)
                blocks += s.nhand[q];
            assert_int_equal(blocks, TRACK_BLOCKS);
            t->plies++;
        }
        game_result r;
        g->result(&s, &r);
        t->games++;
        t->finished += r.status == GAME_OVER;
    }
}

static void test_random_games(void **state)
{
    (void)state;
    tally t = {0};
    play_games(2000, AI_RANDOM, 0, 1, &t);
    assert_int_equal(t.finished, 2000);
    assert_true(t.passes > 0); /* passing comes up in real games */
    print_message("2000 random games: %.1f plies a game, %d passes\n", (double)t.plies / t.games, t.passes);
}

static void test_level_games(void **state)
{
    (void)state;
    tally t = {0};
    play_games(30, AI_EASY, 0, 500, &t);
    play_games(12, AI_MEDIUM, 0, 900, &t);
    play_games(3, AI_EASY, 1, 1300, &t); /* hidden blocks: IS-MCTS */
    assert_int_equal(t.finished, t.games);
}

/* The searcher is no worse than greedy, and greedy no worse than random,
 * over seats taken in turn (2 seats; points margin summed). */
static void test_levels_order(void **state)
{
    (void)state;
    const game_rules *g = &stackatrack_rules;
    int margin[2] = {0, 0}; /* [0] medium vs easy, [1] easy vs random */
    for (int game = 0; game < 24; game++) {
        for (int pair = 0; pair < 2; pair++) {
            track_state s;
            char err[128];
            game_params p = track_params(2, 0, 1);
            ai_level strong = pair ? AI_EASY : AI_MEDIUM, weak = pair ? AI_RANDOM : AI_EASY;
            int strong_seat = game % 2;
            assert_int_equal(g->init(&s, &p, 7000 + (uint64_t)game, err, sizeof err), 0);
            for (int ply = 0; g->current_player(&s) >= 0; ply++) {
                game_move m;
                ai_level lv = s.to_move == strong_seat ? strong : weak;
                assert_int_equal(ai_choose(g, &s, lv, (uint64_t)(game * 1000 + ply), &m), 0);
                assert_int_equal(g->apply(&s, &m), 0);
            }
            margin[pair] += s.score[strong_seat] - s.score[!strong_seat];
        }
    }
    print_message("margins over 24 games: medium-easy %d, easy-random %d\n", margin[0], margin[1]);
    assert_true(margin[0] > 0);
    assert_true(margin[1] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_level_games),
        cmocka_unit_test(test_levels_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
