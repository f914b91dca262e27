/* Entering STAX moves square by square: picking, landing, refusing, capture
 * chains jump by jump with only legal continuations offered, the forced
 * continuation, and the board shown mid-chain. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/stax/view/stax_chain.h"

static int sq(const char *name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }

static stax_chain *chain_at(const char *pos, stax_state *st)
{
    game_params p;
    char err[200];
    stax_chain *c = calloc(1, sizeof *c);
    assert_non_null(c);
    game_params_default(&stax_rules, &p, 2);
    assert_int_equal(stax_rules.init(st, &p, 1, err, sizeof err), 0);
    assert_int_equal(stax_rules.position_read(st, &p, pos, err, sizeof err), 0);
    stax_chain_reset(c, st);
    return c;
}

static void test_step(void **state)
{
    stax_state st;
    stax_chain *c = chain_at("start", &st);
    game_move m;
    char text[32];
    (void)state;
    assert_false(c->capture);
    assert_int_equal(stax_chain_pick(c, sq("c1")), -1); /* blocked */
    assert_int_equal(stax_chain_pick(c, sq("f6")), -1); /* not ours */
    assert_int_equal(stax_chain_pick(c, sq("c3")), 0);
    assert_true(stax_chain_targets(c) == ((1ULL << sq("b4")) | (1ULL << sq("d4"))));
    assert_int_equal(stax_chain_forced(c), -1); /* a plain pick is never forced */
    assert_int_equal(stax_chain_land(c, sq("c5"), &m), STAX_CHAIN_ILLEGAL);
    assert_int_equal(c->len, 1); /* still picked */
    assert_int_equal(stax_chain_land(c, sq("d4"), &m), STAX_CHAIN_DONE);
    stax_rules.move_write(&st, &m, text, sizeof text);
    assert_string_equal(text, "c3-d4");
    assert_int_equal(c->len, 0);
    free(c);
}

static void test_chain_jump_by_jump(void **state)
{
    stax_state st;
    /* c3 over d4 to e5; from there over f6 (to g7) or over d6 (to c7). */
    stax_chain *c = chain_at("r:c3=r,d4=b,f6=b,d6=b,a7=B,g1=r", &st);
    stax_board mid;
    game_move m;
    char text[32];
    (void)state;
    assert_true(c->capture);
    assert_int_equal(stax_chain_pick(c, sq("g1")), -1); /* capture is compulsory */
    assert_true(stax_chain_movable(c) == (1ULL << sq("c3")));
    assert_int_equal(stax_chain_pick(c, sq("c3")), 0);
    assert_true(stax_chain_targets(c) == (1ULL << sq("e5")));
    assert_int_equal(stax_chain_land(c, sq("e5"), &m), STAX_CHAIN_MORE);
    assert_true(stax_chain_targets(c) == ((1ULL << sq("g7")) | (1ULL << sq("c7"))));
    assert_int_equal(stax_chain_forced(c), -1); /* a choice */
    /* The board mid-chain: the stack stands on e5 with the blue man under it. */
    stax_chain_board(c, &st.b, &mid);
    assert_false(mid.occ >> sq("c3") & 1);
    assert_false(mid.occ >> sq("d4") & 1);
    assert_int_equal(mid.ht[sq("e5") >> 1], 2);
    assert_int_equal(mid.stm, STAX_RED);
    assert_int_equal(stax_chain_land(c, sq("e3"), &m), STAX_CHAIN_ILLEGAL);
    assert_int_equal(stax_chain_land(c, sq("c7"), &m), STAX_CHAIN_DONE);
    stax_rules.move_write(&st, &m, text, sizeof text);
    assert_string_equal(text, "c3xe5xc7");
    assert_int_equal(stax_rules.apply(&st, &m), 0);
    free(c);
}

static void test_forced_continuation(void **state)
{
    stax_state st;
    stax_chain *c = chain_at("r:c3=r,d4=b,f6=b,a7=B", &st);
    game_move m;
    (void)state;
    assert_int_equal(stax_chain_pick(c, sq("c3")), 0);
    assert_int_equal(stax_chain_land(c, sq("e5"), &m), STAX_CHAIN_MORE);
    assert_int_equal(stax_chain_forced(c), sq("g7"));
    stax_chain_cancel(c); /* nothing was played: the whole entry goes back */
    assert_int_equal(c->len, 0);
    assert_int_equal(stax_chain_targets(c), 0);
    assert_int_equal(stax_chain_pick(c, sq("c3")), 0);
    assert_int_equal(stax_chain_land(c, sq("e5"), &m), STAX_CHAIN_MORE);
    assert_int_equal(stax_chain_land(c, sq("g7"), &m), STAX_CHAIN_DONE);
    assert_int_equal(m.len, 3);
    free(c);
}

static void test_game_over_offers_nothing(void **state)
{
    stax_state st;
    stax_chain *c = chain_at("r:h8=b", &st); /* Red controls nothing: Blue has won */
    (void)state;
    assert_int_equal(stax_chain_movable(c), 0);
    assert_int_equal(stax_chain_pick(c, sq("h8")), -1);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_step),
        cmocka_unit_test(test_chain_jump_by_jump),
        cmocka_unit_test(test_forced_continuation),
        cmocka_unit_test(test_game_over_offers_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
