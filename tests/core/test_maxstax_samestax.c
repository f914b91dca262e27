/* SAMESTAX: round counts and Creator rotation for 2, 3 and 4 players, the
 * reclaim and retain arithmetic, a whole round in the physics (Ready, the
 * target snapshot, a copy that holds and a mirror copy rejected), a faulty
 * structure knocked over mid-replication, nothing standing, replicators
 * taking turns on one mouse, ties sharing the win, computer Creators'
 * designs that stand, whole computer games, and save and resume in every
 * phase with damaged saves refused at their line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games/maxstax/rules/maxstax_design.h"
#include "maxstax_modes_util.h"

static void test_rounds_and_rotation(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        samestax_state s;
        int created[4] = {0}, first = players - 1;
        long finish[4] = {-1, -1, -1, -1};
        assert_int_equal(samestax_rounds(players), 2 * players);
        assert_int_equal(samestax_init(&s, players, first), 0);
        for (int r = 1; r <= 2 * players; r++) {
            assert_int_equal(s.round, r);
            assert_int_equal(s.phase, SAMESTAX_CREATE);
            assert_int_equal(s.creator, (first + r - 1) % players); /* clockwise from the first */
            created[s.creator]++;
            samestax_end_round(&s, finish);
        }
        assert_int_equal(s.phase, SAMESTAX_OVER);
        for (int p = 0; p < players; p++)
            assert_int_equal(created[p], 2); /* everyone is the Creator twice */
    }
    samestax_state s;
    assert_int_equal(samestax_init(&s, 5, 0), -1);
    assert_int_equal(samestax_init(&s, 3, 3), -1);
    /* In a match: the setup's first Creator, or one drawn from the seed. */
    maxstax_match *m = mode_match(MAXSTAX_SAMESTAX, 4, 0, 2, 0, 1);
    assert_int_equal(maxstax_match_samestax(m)->creator, 2);
    assert_int_equal(maxstax_match_samestax(m)->rounds, 8);
    maxstax_match_free(m);
    int seen[4] = {0}, kinds = 0;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        m = mode_match(MAXSTAX_SAMESTAX, 4, 0, -1, 0, seed);
        int c = maxstax_match_samestax(m)->creator;
        assert_true(c >= 0 && c < 4);
        kinds += !seen[c]++;
        maxstax_match_free(m);
    }
    assert_true(kinds >= 3);
}

static void test_reclaim_and_retain(void **state)
{
    (void)state;
    int pts[4];
    long finish[4] = {-1, 300, 200, -1};
    /* Four players, Creator 1 holds three points: seat 2 reclaims, 0 and 3 do not. */
    samestax_round_points(4, 1, 0, finish, pts);
    assert_int_equal(pts[0], 0), assert_int_equal(pts[1], 2), assert_int_equal(pts[2], 1), assert_int_equal(pts[3], 0);
    /* Everyone copies it: the Creator is left with nothing. */
    long all[4] = {10, 20, -1, 30};
    samestax_round_points(4, 2, 0, all, pts);
    assert_int_equal(pts[2], 0);
    assert_int_equal(pts[0] + pts[1] + pts[3], 3);
    /* Nobody copies it: the Creator retains all three. */
    long none[4] = {-1, -1, -1, -1};
    samestax_round_points(4, 3, 0, none, pts);
    assert_int_equal(pts[3], 3), assert_int_equal(pts[0] + pts[1] + pts[2], 0);
    /* Faulty: every replicator reclaims without building. */
    samestax_round_points(3, 0, 1, none, pts);
    assert_int_equal(pts[0], 0), assert_int_equal(pts[1], 1), assert_int_equal(pts[2], 1);
    /* Totals over rounds, and ties share first place. */
    samestax_state s;
    samestax_init(&s, 3, 0);
    samestax_end_round(&s, none); /* Creator 0 retains 2 */
    long one[4] = {-1, -1, 50, -1};
    samestax_end_round(&s, one); /* Creator 1: seat 2 reclaims, seat 0 does not */
    assert_int_equal(s.score[0], 2), assert_int_equal(s.score[1], 1), assert_int_equal(s.score[2], 1);
    assert_int_equal(s.round_points[1][1], 1);
    int rank[4];
    s.score[1] = 2;
    samestax_ranks(&s, rank);
    assert_int_equal(rank[0], 0), assert_int_equal(rank[1], 0), assert_int_equal(rank[2], 2);
}

/* An L: a flat plank with an upright on its left end (right: the mirror). */
static void build_l(maxstax_match *m, int p, int mirror)
{
    int b = maxstax_match_first_block(p);
    maxstax_match_place(m, p, b + 11, (maxstax_pose){0, 0.5, 0});
    maxstax_match_place(m, p, b + 7, (maxstax_pose){mirror ? 1 : -1, 2.5, 90});
}

/* Frames until the round's phase is `phase` (at most n). */
static void until_phase(maxstax_match *m, samestax_phase phase, int n)
{
    for (int f = 0; f < n && maxstax_match_samestax(m)->phase != phase; f++)
        frame(m, NULL, 0);
    assert_int_equal(maxstax_match_samestax(m)->phase, phase);
}

/* Creator 0 builds the L and calls Ready: replication begins on its snapshot. */
static maxstax_match *created_l(int players, double round_s, unsigned turns)
{
    char err[256];
    maxstax_setup setup;
    maxstax_cards_builtin(&deck, err, sizeof err);
    maxstax_setup_default(&setup, players);
    setup.scoring = MAXSTAX_SAMESTAX;
    setup.round_seconds = round_s;
    setup.first_creator = 0;
    setup.turn_mask = turns;
    maxstax_match *m = maxstax_match_new(&setup, &deck, 3, err, sizeof err);
    assert_non_null(m);
    const speedstax_state *s = maxstax_match_rounds(m);
    assert_true(s->in_play[0] && !s->in_play[1]); /* the others watch */
    assert_true(fabs(maxstax_match_time_left(m) - 2 * round_s) < 1e-9);
    build_l(m, 0, 0);
    for (int f = 0; f < 30; f++)
        frame(m, NULL, 0);
    claim(m, 0); /* Ready */
    until_phase(m, SAMESTAX_REPLICATE, 200);
    assert_int_equal(maxstax_match_samestax(m)->target.n, 2);
    return m;
}

static void test_round_copy_and_mirror(void **state)
{
    (void)state;
    maxstax_match *m = created_l(3, 6, 0);
    const samestax_state *g = maxstax_match_samestax(m);
    const speedstax_state *s = maxstax_match_rounds(m);
    assert_false(s->in_play[0]);
    assert_true(s->in_play[1] && s->in_play[2]); /* all replicators at once */
    maxstax_match_compose(m, 1, 2); /* seat 1 copies the target */
    build_l(m, 2, 1);               /* seat 2 builds its mirror image */
    for (int f = 0; f < 10; f++)
        frame(m, NULL, 0);
    claim(m, 1);
    claim(m, 2);
    assert_int_equal(maxstax_match_claim(m, 1), MAXSTAX_CLAIM_CHECKING);
    assert_int_equal(maxstax_match_claim(m, 2), MAXSTAX_CLAIM_FAILED); /* a mirror is no copy */
    for (int f = 0; f < 100; f++)
        frame(m, NULL, 0);
    assert_int_equal(maxstax_match_claim(m, 1), MAXSTAX_CLAIM_HELD);
    assert_true(s->finish[1] >= 0);
    while (g->round == 1)
        frame(m, NULL, 0);
    /* Creator 0 retained seat 2's point; seat 1 reclaimed its own. */
    assert_int_equal(g->last_points[0], 1), assert_int_equal(g->last_points[1], 1);
    assert_int_equal(g->last_points[2], 0);
    assert_int_equal(g->round_faulty[0], 0);
    assert_int_equal(g->creator, 1);
    assert_int_equal(g->phase, SAMESTAX_CREATE);
    maxstax_match_free(m);
}

static void test_everyone_copies_ends_early(void **state)
{
    (void)state;
    maxstax_match *m = created_l(2, 30, 0);
    const samestax_state *g = maxstax_match_samestax(m);
    maxstax_match_compose(m, 1, 2);
    for (int f = 0; f < 10; f++)
        frame(m, NULL, 0);
    claim(m, 1);
    for (int f = 0; f < 100 && g->round == 1; f++)
        frame(m, NULL, 0);
    assert_int_equal(g->round, 2); /* well before the 30 seconds */
    assert_int_equal(g->last_points[1], 1), assert_int_equal(g->last_points[0], 0);
    maxstax_match_free(m);
}

static void test_faulty_structure(void **state)
{
    (void)state;
    maxstax_match *m = created_l(3, 20, 0);
    const samestax_state *g = maxstax_match_samestax(m);
    for (int f = 0; f < 120; f++)
        frame(m, NULL, 0);
    assert_int_equal(g->round, 1);
    /* Knocked over mid-replication: the upright lies on the floor. */
    maxstax_match_place(m, 0, maxstax_match_first_block(0) + 7, (maxstax_pose){4, 0.5, 0});
    for (int f = 0; f < 10; f++)
        frame(m, NULL, 0);
    assert_int_equal(g->round, 2);
    assert_int_equal(g->round_faulty[0], 1);
    assert_int_equal(g->last_points[0], 0), assert_int_equal(g->last_points[1], 1);
    assert_int_equal(g->last_points[2], 1);
    /* Nothing standing when creation ends is faulty too. */
    claim(m, 1); /* Ready with an empty space */
    until_phase(m, SAMESTAX_CREATE, 200);
    assert_int_equal(g->round, 3);
    assert_int_equal(g->round_faulty[1], 1);
    assert_int_equal(g->last_points[1], 0), assert_int_equal(g->last_points[0], 1);
    maxstax_match_free(m);
}

/* A stack that falls in the settle after Ready is no free-standing stack:
 * two planks stood on end 20 degrees off upright fall over, and the round is
 * faulty (the fallen planks never become the target), so every replicator
 * reclaims its point. */
static void test_falls_after_ready(void **state)
{
    char err[256];
    maxstax_setup setup;
    maxstax_match *m;
    const samestax_state *g;
    int b;
    (void)state;
    maxstax_cards_builtin(&deck, err, sizeof err);
    maxstax_setup_default(&setup, 3);
    setup.scoring = MAXSTAX_SAMESTAX;
    setup.round_seconds = 20;
    setup.first_creator = 0;
    m = maxstax_match_new(&setup, &deck, 3, err, sizeof err);
    assert_non_null(m);
    g = maxstax_match_samestax(m);
    b = maxstax_match_first_block(0);
    /* on end, leaning 20 degrees: a 3-long plank's centre 1.5 up along its length */
    maxstax_match_place(m, 0, b + 11, (maxstax_pose){-2, 1.5 * cos(20 * 3.14159265358979 / 180) + 0.5 * sin(20 * 3.14159265358979 / 180), 70});
    maxstax_match_place(m, 0, b + 7, (maxstax_pose){2, 1.5 * cos(20 * 3.14159265358979 / 180) + 0.5 * sin(20 * 3.14159265358979 / 180), 110});
    claim(m, 0); /* Ready, before they fall */
    until_phase(m, SAMESTAX_CREATE, 400);
    assert_int_equal(g->round, 2);
    assert_int_equal(g->round_faulty[0], 1);
    assert_int_equal(g->last_points[0], 0);
    assert_int_equal(g->last_points[1], 1), assert_int_equal(g->last_points[2], 1);
    maxstax_match_free(m);
}

static void test_turns_on_one_mouse(void **state)
{
    (void)state;
    maxstax_match *m = created_l(3, 4, 7);
    const speedstax_state *s = maxstax_match_rounds(m);
    const samestax_state *g = maxstax_match_samestax(m);
    assert_int_equal(s->turn_seat, 1);
    assert_true(speedstax_building(s, 1) && !speedstax_building(s, 2));
    for (int f = 0; f < 4 * 60 + 5; f++)
        frame(m, NULL, 0);
    assert_int_equal(s->turn_seat, 2); /* seat 2's own full time */
    assert_true(maxstax_match_time_left(m) > 3.9);
    assert_int_equal(g->phase, SAMESTAX_REPLICATE); /* the structure stood through both turns */
    for (int f = 0; f < 4 * 60; f++)
        frame(m, NULL, 0);
    assert_int_equal(g->round, 2);
    assert_int_equal(g->last_points[0], 2);
    maxstax_match_free(m);
}

static void test_designs_stand(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 11);
    for (int level = 1; level <= 3; level++) {
        int total = 0;
        for (int k = 0; k < 6; k++) {
            maxstax_card c;
            assert_int_equal(maxstax_design(&r, level, &c), 0);
            assert_true(c.n >= MAXSTAX_CARD_MIN_BLOCKS && c.n <= MAXSTAX_CARD_MAX_BLOCKS);
            assert_true(maxstax_design_stands(&c));
            total += c.n;
        }
        assert_true(total >= 6 * (2 * level - 1)); /* harder: more blocks */
    }
    /* A plank floating in the air does not stand. */
    maxstax_card bad = {.n = 2, .block = {{0, 0.5, 0}, {0, 4, 0}}};
    assert_false(maxstax_design_stands(&bad));
}

static void test_computer_game(void **state)
{
    (void)state;
    char err[256];
    maxstax_match *m = mode_match(MAXSTAX_SAMESTAX, 2, 0, -1, 1, 8);
    maxstax_bot bots[2];
    for (int p = 0; p < 2; p++)
        maxstax_bot_init(&bots[p], p, 1, 20 + (uint64_t)p);
    for (int f = 0; f < 60 * 60 * 20 && !maxstax_match_over(m); f++) {
        frame(m, bots, 3);
        if (f % 60 == 0)
            assert_int_equal(maxstax_match_check(m, err, sizeof err), 0);
    }
    assert_true(maxstax_match_over(m));
    const samestax_state *g = maxstax_match_samestax(m);
    int score[4], rank[4];
    maxstax_match_standings(m, score, rank);
    assert_int_equal(score[0] + score[1], g->rounds); /* one point a round, reclaimed or retained */
    assert_int_equal(rank[0] == 0 && rank[1] == 0, score[0] == score[1]); /* a tie shares the win */
    assert_int_equal(maxstax_match_rounds(m)->winner, score[0] == score[1] ? -1 : rank[0] == 0 ? 0 : 1);
    assert_null(maxstax_match_save(m)); /* a finished match is not saved */
    maxstax_match_free(m);
}

/* A whole match composed as played: each round scored by the rules with
 * its Creator in order, the match over and the win the sole leader's; a
 * round no copying scores is refused, and so is a stack-off. */
static void test_composed_end(void **state)
{
    static const int played[6][4] = {{2, 0, 0}, {1, 0, 1}, {0, 1, 1}, {1, 1, 0}, {1, 0, 1}, {0, 1, 1}};
    static const int wrong[1][4] = {{1, 0, 0}}; /* the Creator retains two, not one */
    static const int second_wrong[2][4] = {{2, 0, 0}, {0, 1, 0}};
    maxstax_match *m = mode_match(MAXSTAX_SAMESTAX, 3, 0, 0, 0, 5);
    const samestax_state *g = maxstax_match_samestax(m);
    const speedstax_state *s = maxstax_match_rounds(m);
    int score[4], rank[4];
    char err[256];
    (void)state;
    assert_int_equal(maxstax_match_compose_played(m, 1, wrong, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot compose 1 of 6 rounds"));
    assert_int_equal(maxstax_match_compose_played(m, 2, second_wrong, err, sizeof err), -1);
    assert_int_equal(g->round, 1), assert_int_equal(g->score[0], 0); /* nothing changed */
    assert_int_equal(maxstax_match_compose_played(m, 6, played, err, sizeof err), 0);
    assert_true(maxstax_match_over(m));
    assert_int_equal(g->phase, SAMESTAX_OVER);
    assert_int_equal(g->round, 6), assert_int_equal(g->creator, 2);
    assert_int_equal(s->winner, 0);
    for (int r = 0; r < 6; r++) {
        assert_int_equal(g->round_faulty[r], 0);
        for (int p = 0; p < 3; p++)
            assert_int_equal(g->round_points[r][p], played[r][p]);
    }
    maxstax_match_standings(m, score, rank);
    assert_int_equal(score[0], 5), assert_int_equal(score[1], 3), assert_int_equal(score[2], 4);
    assert_int_equal(rank[0], 0), assert_int_equal(rank[1], 2), assert_int_equal(rank[2], 1);
    assert_int_equal(maxstax_match_compose_stackoff(m, 0, err, sizeof err), -1);
    maxstax_match_free(m);

    /* Part of a match: the next round's creation begins with its Creator. */
    m = mode_match(MAXSTAX_SAMESTAX, 3, 0, 1, 0, 5);
    g = maxstax_match_samestax(m);
    static const int first[1][4] = {{1, 1, 0}}; /* Creator 1; seat 0 copied */
    assert_int_equal(maxstax_match_compose_played(m, 1, first, err, sizeof err), 0);
    assert_int_equal(g->round, 2), assert_int_equal(g->creator, 2), assert_int_equal(g->phase, SAMESTAX_CREATE);
    assert_false(maxstax_match_over(m));
    maxstax_match_free(m);
}

static void test_save_every_phase(void **state)
{
    (void)state;
    maxstax_match *m = mode_match(MAXSTAX_SAMESTAX, 3, 0, 1, 2, 4), *c;
    maxstax_bot bots[3];
    char err[256], buf[32768], *text;
    const samestax_state *g = maxstax_match_samestax(m);
    for (int p = 0; p < 3; p++)
        maxstax_bot_init(&bots[p], p, 3, 30 + (uint64_t)p);
    /* Creation: a computer Creator mid-build, its design saved. */
    assert_true(g->design.n >= 2);
    for (int f = 0; f < 60 * 6; f++)
        frame(m, bots, 7);
    assert_int_equal(g->phase, SAMESTAX_CREATE);
    c = round_trip(m);
    fuzz_phase(m, 1);
    assert_int_equal(maxstax_match_samestax(c)->design.n, g->design.n);
    assert_int_equal(maxstax_match_samestax(c)->creator, 1);
    maxstax_match_free(c);
    /* With its computer players: the Creator resumes its design mid-build. */
    {
        char *all = maxstax_bots_save(m, bots, 7);
        const char *bots_text;
        maxstax_bot back[3];
        assert_non_null(all);
        c = maxstax_bots_load_match(all, &deck, &bots_text, err, sizeof err);
        assert_non_null(c);
        assert_int_equal(maxstax_bots_load(back, 3, 7, bots_text, err, sizeof err), 0);
        int placed = back[1].n_placed;
        assert_true(placed > 0 && !back[1].clearing);
        for (int f = 0; f < 30; f++) { /* it builds on, not taking its blocks down */
            frame(c, back, 7);
            assert_false(back[1].clearing);
            assert_true(back[1].n_placed >= placed);
        }
        assert_int_equal(maxstax_match_check(c, err, sizeof err), 0);
        free(all);
        maxstax_match_free(c);
    }
    /* Settling, then replication with claims being checked. */
    for (int f = 0; f < 60 * 120 && g->phase == SAMESTAX_CREATE; f++)
        frame(m, bots, 7);
    assert_int_equal(g->phase, SAMESTAX_SETTLE);
    c = round_trip(m);
    maxstax_match_free(c);
    for (int f = 0; f < 60 * 60 && g->phase != SAMESTAX_REPLICATE; f++)
        frame(m, bots, 7);
    assert_int_equal(g->phase, SAMESTAX_REPLICATE);
    c = round_trip(m);
    fuzz_phase(m, 2);
    assert_int_equal(maxstax_match_samestax(c)->target.n, g->target.n);
    maxstax_match_free(c);
    text = maxstax_match_save(m);
    /* Damaged: each refused, naming its line. */
    edit(text, "creator 1 first 1", "creator 2 first 1", buf, sizeof buf);
    expect_refused(buf, "cannot be round 1's Creator");
    edit(text, "phase replicate", "phase create", buf, sizeof buf);
    expect_refused(buf, "neither phase's length");
    edit(text, "faulty 0", "faulty 3", buf, sizeof buf);
    expect_refused(buf, "outside 0..1");
    edit(text, "\nlevels", "\nlevel", buf, sizeof buf);
    expect_refused(buf, "expected 'levels'");
    edit(text, "\ntarget ", "\ntarget 1", buf, sizeof buf);
    expect_refused(buf, "target");
    edit(text, "game samestax", "game swapstax", buf, sizeof buf);
    expect_refused(buf, "");
    free(text);
    /* After scored rounds: their points and faults come back. */
    while (g->round < 3 && !maxstax_match_over(m))
        frame(m, bots, 7);
    c = round_trip(m);
    fuzz_phase(m, 3);
    assert_memory_equal(maxstax_match_samestax(c)->round_points, g->round_points, sizeof g->round_points);
    assert_memory_equal(maxstax_match_samestax(c)->round_faulty, g->round_faulty, sizeof g->round_faulty);
    text = maxstax_match_save(m);
    edit(text, "same-scored 1 faulty ", "same-scored 1 faulty 1", buf, sizeof buf);
    expect_refused(buf, "");
    edit(text, "same-scored 2", "same-scored 5", buf, sizeof buf);
    expect_refused(buf, "same-scored 5 is outside 2..2");
    free(text);
    /* The resumed match plays on to the end. */
    maxstax_bot cb[3];
    for (int p = 0; p < 3; p++)
        maxstax_bot_init(&cb[p], p, 3, 50 + (uint64_t)p);
    for (int f = 0; f < 60 * 60 * 30 && !maxstax_match_over(c); f++)
        frame(c, cb, 7);
    assert_true(maxstax_match_over(c));
    assert_int_equal(maxstax_match_check(c, err, sizeof err), 0);
    maxstax_match_free(c);
    maxstax_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rounds_and_rotation), cmocka_unit_test(test_reclaim_and_retain),
        cmocka_unit_test(test_round_copy_and_mirror), cmocka_unit_test(test_everyone_copies_ends_early),
        cmocka_unit_test(test_faulty_structure),  cmocka_unit_test(test_falls_after_ready),  cmocka_unit_test(test_turns_on_one_mouse),
        cmocka_unit_test(test_designs_stand),     cmocka_unit_test(test_computer_game),
        cmocka_unit_test(test_save_every_phase),    cmocka_unit_test(test_composed_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
