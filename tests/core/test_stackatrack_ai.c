/* The Stack-A-Track computer: the search is exact where it says so (its value
 * against a plain minimax over the rules in end games of 2 to 4 seats),
 * greedy takes the most points, and hard keeps within its second. */
#include "track_testutil.h"

#include <time.h>

#include "core/ai.h"
#include "games/stackatrack/rules/track_ai.h"

/* The paranoid value for seat root: root's score less the best rival's at
 * the end, root maximising and every rival minimising. */
static int minimax(const track_state *s, int root)
{
    if (s->over) {
        int best = -100000;
        for (int p = 0; p < s->players; p++)
            if (p != root && s->score[p] > best)
                best = s->score[p];
        return s->score[root] - best;
    }
    game_move mv[GAME_MAX_MOVES];
    int n = stackatrack_rules.legal_moves(s, mv, GAME_MAX_MOVES), maxing = s->to_move == root;
    int v = maxing ? -100000 : 100000;
    for (int k = 0; k < n; k++) {
        track_state t = *s;
        assert_int_equal(stackatrack_rules.apply(&t, &mv[k]), 0);
        int c = minimax(&t, root);
        v = maxing ? (c > v ? c : v) : (c < v ? c : v);
    }
    return v;
}

static int blocks_in_hands(const track_state *s)
{
    int n = 0;
    for (int p = 0; p < s->players; p++)
        n += s->nhand[p];
    return n;
}

static void test_exact_end_games(void **state)
{
    (void)state;
    int checked = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        int players = 2 + (int)(seed % 3);
        game_params p = track_params(players, 0, 1);
        track_state s;
        char err[128];
        rng r;
        rng_seed(&r, seed);
        assert_int_equal(stackatrack_rules.init(&s, &p, seed, err, sizeof err), 0);
        while (!s.over && blocks_in_hands(&s) > 4) {
            game_move mv[GAME_MAX_MOVES];
            int k = stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
            stackatrack_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]);
        }
        if (s.over)
            continue;
        track_search_limits lim = {0, 0, 0};
        track_search_info info;
        game_move m;
        assert_int_equal(track_ai_search_state(&s, &lim, seed, &m, &info), 0);
        assert_true(info.exact);
        int root = s.to_move, want = minimax(&s, root);
        assert_int_equal(info.score, want);
        /* The move it chose keeps that value. */
        track_state t = s;
        assert_int_equal(stackatrack_rules.apply(&t, &m), 0);
        assert_int_equal(minimax(&t, root), want);
        checked++;
    }
    assert_true(checked >= 20);
}

static void test_greedy(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        game_params p = track_params(2 + (int)(seed % 3), 0, 1);
        track_state s;
        char err[128];
        rng r;
        rng_seed(&r, seed);
        assert_int_equal(stackatrack_rules.init(&s, &p, seed, err, sizeof err), 0);
        for (int ply = 0; !s.over; ply++) {
            game_move mv[GAME_MAX_MOVES], m;
            int k = stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES), best = -1000, seat = s.to_move;
            for (int i = 0; i < k; i++) {
                track_state t = s;
                stackatrack_rules.apply(&t, &mv[i]);
                if (t.score[seat] - s.score[seat] > best)
                    best = t.score[seat] - s.score[seat];
            }
            assert_int_equal(ai_choose(&stackatrack_rules, &s, AI_EASY, seed + (uint64_t)ply, &m), 0);
            track_state t = s;
            assert_int_equal(stackatrack_rules.apply(&t, &m), 0);
            assert_int_equal(t.score[seat] - s.score[seat], best);
            stackatrack_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]);
        }
    }
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Hard from the opening of a 4-seat game, where it cannot see the end. */
static void test_hard_time(void **state)
{
    (void)state;
    game_params p = track_params(4, 0, 1);
    track_state s;
    char err[128];
    game_move m;
    assert_int_equal(stackatrack_rules.init(&s, &p, 3, err, sizeof err), 0);
    double t0 = now_ms();
    assert_int_equal(ai_choose(&stackatrack_rules, &s, AI_HARD, 1, &m), 0);
    double ms = now_ms() - t0;
    print_message("hard, 4-seat opening: %.0f ms\n", ms);
    assert_true(ms < 1000);
    assert_int_equal(stackatrack_rules.apply(&s, &m), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_end_games),
        cmocka_unit_test(test_greedy),
        cmocka_unit_test(test_hard_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
