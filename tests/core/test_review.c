/* The review of a turn-based match (core/review.h, #28): composed positions
 * where the blunder is known are marked as blunders with the move that
 * avoids it preferred, a good or forced move is not marked (one per
 * turn-based mode); hidden-information games are judged from the mover's
 * view only (two deals that differ only in cards the mover cannot see give
 * the same estimates); a review is reproducible, reports progress, stops
 * when cancelled, and its text reads back exactly. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/record.h"
#include "core/registry.h"
#include "core/review.h"
#include "nine_testutil.h"

/* A record of game for players seats from the composed start, with the
 * moves (words in the game's notation) played. */
static void record_of(game_record *rec, const char *game, int players, const char *start, const char *const *moves,
                      int n)
{
    const game_info *gi = registry_find(game);
    game_params p;
    char err[256];
    assert_non_null(gi);
    registry_params_default(gi, &p, players);
    memset(rec, 0, sizeof *rec);
    assert_int_equal(record_init(rec, game, &p, 11, err, sizeof err), 0);
    if (record_set_start(rec, start, err, sizeof err) != 0)
        fail_msg("start rejected: %s", err);
    void *st = malloc(gi->rules->state_size);
    assert_non_null(st);
    assert_int_equal(record_replay(rec, 0, st, err, sizeof err), 0);
    for (int k = 0; k < n; k++) {
        game_move m;
        if (gi->rules->move_read(st, moves[k], &m, err, sizeof err) != 0)
            fail_msg("move %d '%s': %s", k + 1, moves[k], err);
        assert_int_equal(record_play(rec, st, &m, err, sizeof err), 0);
    }
    free(st);
}

/* The review of that record (the test fails if it cannot be made). */
static void review_of(review *rv, const char *game, int players, const char *start, const char *const *moves, int n)
{
    game_record rec;
    char err[256];
    record_of(&rec, game, players, start, moves, n);
    if (review_run(&rec, NULL, rv, err, sizeof err) != 0)
        fail_msg("review: %s", err);
    assert_int_equal(rv->n, n);
    record_free(&rec);
}

static void print_review(const char *what, const review *rv)
{
    char *text = review_write(rv);
    print_message("%s:\n%s", what, text ? text : "(no memory)");
    free(text);
}

/* STAX: stepping the tall stack (four Blue prisoners under one Red man) in
 * front of a Blue man lets it be captured and the prisoners freed; the
 * capture that follows is Blue's only move. */
#define STAX_TALL "r:c3=bbbbr,h2=r,e5=b,h8=b"

static void test_stax_tall_stack_blunder(void **state)
{
    (void)state;
    static const char *const moves[] = {"c3-d4", "e5xc3"};
    review rv;
    review_of(&rv, "stax", 2, STAX_TALL, moves, 2);
    print_review("stax blunder", &rv);
    assert_int_equal(rv.moves[0].mover, 0);
    assert_int_equal(rv.moves[0].mark, REVIEW_BLUNDER);
    assert_true(rv.moves[0].before - rv.moves[0].after >= REVIEW_BLUNDER_DROP);
    assert_true(rv.moves[0].best[0] != 0);
    assert_string_not_equal(rv.moves[0].best, "c3-d4");
    /* the forced capture is not marked */
    assert_true(rv.moves[1].forced);
    assert_int_equal(rv.moves[1].mark, REVIEW_NONE);
    assert_string_equal(rv.moves[1].best, "");

    /* The preferred move avoids the capture: played, it is not marked, and
     * Blue then has no capture of the tall stack. */
    const char *const better[] = {rv.moves[0].best};
    review good;
    review_of(&good, "stax", 2, STAX_TALL, better, 1);
    assert_int_equal(good.moves[0].mark, REVIEW_NONE);
    assert_string_equal(good.moves[0].best, "");
    assert_true(good.moves[0].after > 0.7);
    game_record rec;
    char err[256];
    record_of(&rec, "stax", 2, STAX_TALL, better, 1);
    void *st = malloc(record_rules(&rec)->state_size);
    assert_int_equal(record_replay(&rec, 1, st, err, sizeof err), 0);
    char pos[512];
    assert_true(record_rules(&rec)->position_write(st, pos, sizeof pos) > 0);
    assert_non_null(strstr(pos, "=bbbbr")); /* the stack still stands, Red on top */
    free(st);
    record_free(&rec);
    review_free(&good);
    review_free(&rv);
}

/* The graph's curve (review_curve): one player's chance, position by
 * position. The computer's own first move from the start changes nothing,
 * so the curve stays where it was and the two searches that estimate the
 * position after it (Red's, as its after; Blue's, as its before) agree;
 * the start itself, the same for both sides, is near even. When a search's
 * score was its last depth's alone, an odd depth flattered the side to move:
 * Red read 64% at the start, and after the move Red's search still said 64%
 * where Blue's said 57%. The tall stack's blunder drops the curve by a
 * blunder's worth. */
static void test_stax_curve_steady(void **state)
{
    (void)state;
    static const char *const moves[] = {"e3-f4", "b6-c5"};
    review rv;
    review_of(&rv, "stax", 2, "start", moves, 2);
    print_review("stax opening", &rv);
    assert_int_equal(review_seats(&rv), 2);
    assert_int_equal(rv.moves[0].mark, REVIEW_NONE);
    assert_string_equal(rv.moves[0].best, ""); /* the computer's own move */
    double red_after = rv.moves[0].after, red_next = 1 - rv.moves[1].before;
    print_message("red at the start %.3f, after e3-f4 %.3f by Red's search and %.3f by Blue's\n",
                  review_curve(&rv, 0, 0), red_after, red_next);
    assert_true(fabs(red_after - red_next) < 0.05);
    assert_true(fabs(review_curve(&rv, 0, 1) - review_curve(&rv, 0, 0)) < 0.05);
    assert_true(fabs(review_curve(&rv, 0, 0) - 0.5) < 0.1);
    /* one player's chance: the other's is its complement, at every position */
    for (int k = 0; k <= rv.n; k++)
        assert_true(fabs(review_curve(&rv, 0, k) + review_curve(&rv, 1, k) - 1) < 1e-12);
    review_free(&rv);

    static const char *const tall[] = {"c3-d4", "e5xc3"};
    review_of(&rv, "stax", 2, STAX_TALL, tall, 2);
    assert_true(review_curve(&rv, 0, 0) - review_curve(&rv, 0, 1) >= REVIEW_BLUNDER_DROP);
    assert_true(review_curve(&rv, 0, 2) == 1 - rv.moves[1].after); /* the end: the last move's after */
    review_free(&rv);
}

/* Stack-A-Track, blocks visible: the last block of the match either joins
 * the straight beside it (+1, a win) or runs into the floor (-1, a loss). */
#define TRACK_LAST "1;RL/-/-/-/-/-;RL:TB/-;0,0"

static void test_track_last_block(void **state)
{
    (void)state;
    static const char *const bad[] = {"RL:TB@4B"}, *const good[] = {"RL:TB@2F"};
    review rv;
    review_of(&rv, "stackatrack", 2, TRACK_LAST, bad, 1);
    print_review("track blunder", &rv);
    assert_int_equal(rv.moves[0].mark, REVIEW_BLUNDER);
    assert_true(rv.moves[0].before > 0.99);
    assert_true(rv.moves[0].after < 0.01);
    assert_int_equal(strncmp(rv.moves[0].best, "RL:TB@2F", 8), 0); /* 2F or 2F2: the same face */
    review_free(&rv);
    review_of(&rv, "stackatrack", 2, TRACK_LAST, good, 1);
    assert_int_equal(rv.moves[0].mark, REVIEW_NONE);
    assert_true(rv.moves[0].after > 0.99);
    review_free(&rv);
}

/* Stack-A-Track's curve, blocks visible: the opening of a dealt match,
 * where both seats lay a block that joins one track each turn and nothing
 * else happens, keeps still. The search's margin swings with the depth a
 * budget of positions reaches: an odd depth gives the seat to move the last
 * block, an even one its rival (at the first move: depth 1 +0, 2 -1, 3 +0,
 * 4 -1). With the last depth alone, a search that reached depth 4 put its
 * own seat a point (6 points of chance) lower than the rival's search of
 * the same position did, at five of these seven positions (0.052 apart on
 * the mean); with the mean of the last two depths they agree but where the
 * rival's search, begun a ply later, reaches a ply deeper (half a point). */
#define TRACK_DEAL                                                                                                 \
    "1;-/-/-/-/-/-;BL:B.BL:TL+RB.BL:TL+RB.BL:TL+RB.RB:R.RB:TR+BL.RB:TR+BL.RB:TR+BL.RL:RB.RL:RB.RL:TB+RL.TB:BL."   \
    "TB:BL.TB:BL.TB:TB+RL.TB:TB+RL.TL+RB:TB.TR+BL:RL/BL:B.BL:B.BL:TL+RB.RB:R.RB:R.RB:TR+BL.RL:RB.RL:RB.RL:RB.RL:" \
    "RB.RL:TB+RL.RL:TB+RL.TB:BL.TB:BL.TB:BL.TB:TB+RL.TL+RB:TB.TR+BL:RL;0,0"

static void test_track_curve_steady(void **state)
{
    (void)state;
    static const char *const moves[] = {"RL:RB@2B2",   "TB:TB+RL@2F", "BL:TL+RB@2B", "RL:TB+RL@2B",
                                        "BL:TL+RB@1F2", "BL:TL+RB@2B", "RB:TR+BL@2F"};
    review rv;
    double apart = 0;
    review_of(&rv, "stackatrack", 2, TRACK_DEAL, moves, 7);
    print_review("track opening", &rv);
    for (int k = 0; k + 1 < rv.n; k++) {
        /* the mover's chance after its move, by its own search and by the rival's next */
        double own = rv.moves[k].after, rival = 1 - rv.moves[k + 1].before;
        print_message("after move %d: %.3f by the mover's search, %.3f by the rival's\n", k + 1, own, rival);
        assert_int_not_equal(rv.moves[k].mover, rv.moves[k + 1].mover);
        assert_true(fabs(own - rival) < 0.035);
        apart += fabs(own - rival) / (rv.n - 1);
    }
    assert_true(apart < 0.015);
    for (int k = 0; k < rv.n; k++)
        assert_true(fabs(review_curve(&rv, 0, k + 1) - review_curve(&rv, 0, k)) < 0.05);
    review_free(&rv);
}

/* Stakz: seat 1's last tile goes on the red stack and wins (seat 2's one
 * orange tile takes it to 12); ending the turn instead lets seat 2 place
 * its orange on the orange stack and take the match. */
#define STAKZ_LAST(p2) "1;r2/o3;r1/" p2 ";g1.g2.b5;10,11;-"

static void test_stakz_last_tile(void **state)
{
    (void)state;
    static const char *const bad[] = {"end:g"}, *const good[] = {"r1>1"};
    review rv;
    review_of(&rv, "stakz", 2, STAKZ_LAST("o4"), bad, 1);
    print_review("stakz blunder", &rv);
    assert_int_equal(rv.moves[0].mark, REVIEW_BLUNDER);
    assert_string_equal(rv.moves[0].best, "r1>1");
    assert_true(rv.moves[0].after < 0.2);
    review_free(&rv);
    review_of(&rv, "stakz", 2, STAKZ_LAST("o4"), good, 1);
    assert_int_equal(rv.moves[0].mark, REVIEW_NONE);
    assert_true(rv.moves[0].after > 0.99);
    review_free(&rv);
}

/* 9 STAX: p1's one card left matches the red on the pile and wins; drawing
 * instead hands p2, one red card from winning too, its turn. */
static void nine_spec(char *out, size_t n, const char *p2)
{
    char spec[512];
    snprintf(spec, sizeof spec,
             "players=2,turn=p1,dir=cw,act=R9,imm=-,reveal=none,pend=none,passes=0,rng=1,p1=1:R5,p2=1:%s,"
             "draw=+,disc=R9",
             p2);
    nt_expand(spec, out, n);
}

static void test_nine_last_card(void **state)
{
    (void)state;
    static const char *const bad[] = {"draw"}, *const good[] = {"play R5"};
    char start[NT_TEXT];
    review rv;
    nine_spec(start, sizeof start, "R7");
    review_of(&rv, "9stax", 2, start, bad, 1);
    print_review("9stax blunder", &rv);
    assert_int_equal(rv.moves[0].mark, REVIEW_BLUNDER);
    assert_string_equal(rv.moves[0].best, "play R5");
    review_free(&rv);
    review_of(&rv, "9stax", 2, start, good, 1);
    assert_int_equal(rv.moves[0].mark, REVIEW_NONE);
    assert_true(rv.moves[0].after > 0.99);
    review_free(&rv);
}

static void assert_same_move(const review_move *a, const review_move *b)
{
    assert_true(a->before == b->before);
    assert_true(a->after == b->after);
    assert_int_equal(a->mark, b->mark);
    assert_string_equal(a->best, b->best);
}

/* The mover's chances come from what the mover sees: two deals that differ
 * only in the opponent's hidden cards (and so the pile's) give the very same
 * estimates for the mover's move, though the opponent's cards decide how
 * the game really goes on. */
static void test_hidden_from_mover(void **state)
{
    (void)state;
    static const char *const stakz_moves[] = {"end:g"}, *const nine_moves[] = {"draw"};
    review a, b;
    review_of(&a, "stakz", 2, STAKZ_LAST("o4"), stakz_moves, 1);
    review_of(&b, "stakz", 2, STAKZ_LAST("o1"), stakz_moves, 1);
    assert_same_move(&a.moves[0], &b.moves[0]);
    review_free(&a);
    review_free(&b);

    char s1[NT_TEXT], s2[NT_TEXT];
    nine_spec(s1, sizeof s1, "R7");
    nine_spec(s2, sizeof s2, "G2");
    assert_string_not_equal(s1, s2);
    review_of(&a, "9stax", 2, s1, nine_moves, 1);
    review_of(&b, "9stax", 2, s2, nine_moves, 1);
    assert_same_move(&a.moves[0], &b.moves[0]);
    review_free(&a);
    review_free(&b);
}

typedef struct progress_log {
    int calls, last, total;
    atomic_int cancel;
    int cancel_at;
} progress_log;

static void on_progress(void *user, int done, int total)
{
    progress_log *p = user;
    assert_int_equal(done, p->last + 1);
    p->calls++;
    p->last = done;
    p->total = total;
    if (p->cancel_at && done >= p->cancel_at)
        atomic_store(&p->cancel, 1);
}

/* A short real match: the same review twice (the text equal byte for
 * byte), progress after every move, and a cancel that stops it early. */
static void test_reproducible_progress_cancel(void **state)
{
    (void)state;
    static const char *const moves[] = {"c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3", "e5-f4"};
    game_record rec;
    char err[256];
    record_of(&rec, "stax", 2, "start", moves, 6);
    progress_log log;
    memset(&log, 0, sizeof log);
    review_options opt = {on_progress, &log, &log.cancel, 0};
    review a, b;
    assert_int_equal(review_run(&rec, &opt, &a, err, sizeof err), 0);
    assert_int_equal(log.calls, 6);
    assert_int_equal(log.total, 6);
    assert_int_equal(review_run(&rec, NULL, &b, err, sizeof err), 0);
    char *ta = review_write(&a), *tb = review_write(&b);
    assert_string_equal(ta, tb);
    free(ta);
    free(tb);
    review_free(&a);
    review_free(&b);

    memset(&log, 0, sizeof log);
    log.cancel_at = 2;
    assert_int_equal(review_run(&rec, &opt, &a, err, sizeof err), 1);
    assert_int_equal(log.calls, 2); /* polled before the third move's search */
    assert_null(a.moves);
    record_free(&rec);
}

static void test_text_round_trip(void **state)
{
    (void)state;
    static const char *const moves[] = {"play R5"};
    char start[NT_TEXT], err[256];
    nine_spec(start, sizeof start, "R7");
    review rv, back;
    review_of(&rv, "9stax", 2, start, moves, 1);
    char *text = review_write(&rv);
    assert_non_null(text);
    memset(&back, 0, sizeof back);
    if (review_read(&back, text, err, sizeof err) != 0)
        fail_msg("%s\n%s", err, text);
    assert_string_equal(back.game, "9stax");
    assert_int_equal(back.n, 1);
    assert_same_move(&back.moves[0], &rv.moves[0]);
    assert_string_equal(back.moves[0].move, "play R5"); /* a move with a space */
    char *again = review_write(&back);
    assert_string_equal(again, text);
    free(again);
    free(text);
    review_free(&back);
    review_free(&rv);

    static const struct {
        const char *text, *says;
    } bad[] = {
        {"stackhouse-review 2\ngame stax\nmoves 0\n", "line 1"},
        {"stackhouse-review 1\nmoves 0\n", "line 2"},
        {"stackhouse-review 1\ngame stax\nmoves 2\n1\t0.5\t0.5\t-\t0\tc3-d4\t-\n", "expected 2 moves, found 1"},
        {"stackhouse-review 1\ngame stax\nmoves 1\n1\t1.5\t0.5\t-\t0\tc3-d4\t-\n", "line 4"},
        {"stackhouse-review 1\ngame stax\nmoves 1\n1\t0.5\t0.5\tgaffe\t0\tc3-d4\t-\n", "line 4"},
        {"stackhouse-review 1\ngame stax\nmoves 1\n5\t0.5\t0.5\t-\t0\tc3-d4\t-\n", "line 4"},
        {"stackhouse-review 1\ngame stax\nmoves 1\n1\t0.5\t0.5\t-\t0\tc3-d4\n", "line 4"},
        {"stackhouse-review 1\ngame stax\nmoves 0\nextra\n", "more lines"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&back, 0, sizeof back);
        err[0] = 0;
        if (review_read(&back, bad[i].text, err, sizeof err) != -1)
            fail_msg("accepted:\n%s", bad[i].text);
        if (!strstr(err, bad[i].says))
            fail_msg("'%s' does not say '%s'", err, bad[i].says);
        assert_null(back.moves);
    }
}

static void test_marks(void **state)
{
    (void)state;
    assert_int_equal(review_mark_of(0.0), REVIEW_NONE);
    assert_int_equal(review_mark_of(REVIEW_INACCURACY_DROP - 0.001), REVIEW_NONE);
    assert_int_equal(review_mark_of(REVIEW_INACCURACY_DROP), REVIEW_INACCURACY);
    assert_int_equal(review_mark_of(REVIEW_MISTAKE_DROP), REVIEW_MISTAKE);
    assert_int_equal(review_mark_of(REVIEW_BLUNDER_DROP), REVIEW_BLUNDER);
    assert_int_equal(review_mark_of(1.0), REVIEW_BLUNDER);
    assert_string_equal(review_mark_name(REVIEW_MISTAKE), "mistake");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_marks),
        cmocka_unit_test(test_stax_tall_stack_blunder),
        cmocka_unit_test(test_stax_curve_steady),
        cmocka_unit_test(test_track_last_block),
        cmocka_unit_test(test_track_curve_steady),
        cmocka_unit_test(test_stakz_last_tile),
        cmocka_unit_test(test_nine_last_card),
        cmocka_unit_test(test_hidden_from_mover),
        cmocka_unit_test(test_reproducible_progress_cancel),
        cmocka_unit_test(test_text_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
