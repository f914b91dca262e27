/* Statistics against a fixture counted by hand (#28): 14 matches over three
 * weeks, 13 of them Anna's, every number below counted from the table in
 * the comment, not computed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "app/stats.h"
#include "history_fixture.h"

#define W1 1767571200LL /* Monday 2026-01-05 00:00 UTC */
#define DAY 86400LL
#define WEEK (7 * DAY)

/* The fixture. Anna is seat 0 in every match but the last; E/M/H are the
 * computers (Easy, Medium, Hard). Places: 0 first (ties share).
 *
 *  #  when     mode       seats        places      status     secs  moves  best ms
 *  1  W1 Mon   stax       Anna,E       0,1         finished     60     20
 *  2  W1 Tue   stax       Anna,E       1,0         finished    120     30
 *  3  W1 Wed   stax       Anna,H       0,1         finished     90     25
 *  4  W1 Thu   stax       Anna,H       -           abandoned    10      3
 *  5  W2 Mon   stax       Anna,E,H     0,0,2       finished    150     40    (Anna shares first)
 *  6  W2 Tue   stax       Anna,M       0,1         finished     30     10
 *  7  W2 Wed   stax       Anna,M       0,1         finished     45     15
 *  8  W2 Thu   stax       Anna,M       0,1         finished     75     21
 *  9  W3 Mon   stax       Anna,H       1,0         finished    200     50
 * 10  W3 Tue   stax       Anna,E       0,1         finished     60     18
 * 11  W3 Wed   speedstax  Anna,H       0,1         finished    300  18000    41250
 * 12  W3 Thu   speedstax  Anna,E,M     2,0,1       finished    310  18600    38900 (Anna's, lost)
 * 13  W3 Fri   stax       Anna,E       -           playing       5      2
 * 14  W1 Mon   stax       Ben,E        0,1         finished     99     99    (not Anna's)
 *
 * Anna in stax: played 9 (1,2,3,5,6,7,8,9,10), won 6 (1,3,6,7,8,10), shared 1
 * (5), lost 2 (2,9), abandoned 1 (4); against Easy 4 (1,2,5,10: won 2, shared
 * 1), Medium 3 (6,7,8: won 3), Hard 3 (3,5,9: won 1, shared 1). Wins in a row:
 * 1 W, 2 L, 3 W, 5 S, 6 W, 7 W, 8 W, 9 L, 10 W: now 1, best 3. Seconds
 * 60+120+90+150+30+45+75+200+60 = 830 / 9 = 92.2 -> 92; moves 229 / 9 = 25.4 -> 25.
 *
 * Anna in speedstax: played 2, won 1, lost 1; against Hard 1 (won 1), Easy 1,
 * Medium 1 (won 0); now 0, best 1; seconds 305; moves 18300; best 38900 ms.
 *
 * Anna in every mode: played 11, won 7, shared 1, lost 3, abandoned 1;
 * against Easy 5 (1,2,5,10,12: won 2, shared 1), Medium 4 (6,7,8,12: won 3),
 * Hard 4 (3,5,9,11: won 2, shared 1); in a row ... 10 W, 11 W, 12 L: now 0,
 * best 3; seconds 1440 / 11 = 130.9 -> 131; moves 36829 / 11 = 3348.1 -> 3348.
 *
 * Computer (Hard) in stax: 3 L, 5 L (third), 9 W: played 3, won 1, lost 2; it
 * met Easy once (5).
 *
 * Anna's win rate per week: W1 played 3 won 2 (1,2,3); W2 4, won 3, shared 1
 * (5..8); W3 4, won 2 (9..12). Per 4 matches: 1,2,3,5: 4 won 2 shared 1;
 * 6,7,8,9: 4 won 3; 10,11,12: 3 won 2. */
typedef struct fx {
    const char *mode, *person;
    int64_t when;
    int players, lv[3], place[4];
    match_status status;
    int secs, moves, best_ms;
} fx;

static const fx fixture[] = {
    {"stax", "Anna", W1, 2, {1}, {0, 1}, MATCH_FINISHED, 60, 20, 0},
    {"stax", "Anna", W1 + DAY, 2, {1}, {1, 0}, MATCH_FINISHED, 120, 30, 0},
    {"stax", "Anna", W1 + 2 * DAY, 2, {3}, {0, 1}, MATCH_FINISHED, 90, 25, 0},
    {"stax", "Anna", W1 + 3 * DAY, 2, {3}, {-1, -1}, MATCH_ABANDONED, 10, 3, 0},
    {"stax", "Anna", W1 + WEEK, 3, {1, 3}, {0, 0, 2}, MATCH_FINISHED, 150, 40, 0},
    {"stax", "Anna", W1 + WEEK + DAY, 2, {2}, {0, 1}, MATCH_FINISHED, 30, 10, 0},
    {"stax", "Anna", W1 + WEEK + 2 * DAY, 2, {2}, {0, 1}, MATCH_FINISHED, 45, 15, 0},
    {"stax", "Anna", W1 + WEEK + 3 * DAY, 2, {2}, {0, 1}, MATCH_FINISHED, 75, 21, 0},
    {"stax", "Anna", W1 + 2 * WEEK, 2, {3}, {1, 0}, MATCH_FINISHED, 200, 50, 0},
    {"stax", "Anna", W1 + 2 * WEEK + DAY, 2, {1}, {0, 1}, MATCH_FINISHED, 60, 18, 0},
    {"speedstax", "Anna", W1 + 2 * WEEK + 2 * DAY, 2, {3}, {0, 1}, MATCH_FINISHED, 300, 18000, 41250},
    {"speedstax", "Anna", W1 + 2 * WEEK + 3 * DAY, 3, {1, 2}, {2, 0, 1}, MATCH_FINISHED, 310, 18600, 38900},
    {"stax", "Anna", W1 + 2 * WEEK + 4 * DAY, 2, {1}, {-1, -1}, MATCH_PLAYING, 5, 2, 0},
    {"stax", "Ben", W1 + 3600, 2, {1}, {0, 1}, MATCH_FINISHED, 99, 99, 0},
};

/* Keeps the fixture the way the table does: begun, then finished or abandoned. */
static store *fill(const hfix *f)
{
    store *db = hfix_open(f);
    for (size_t k = 0; k < sizeof fixture / sizeof fixture[0]; k++) {
        const fx *x = &fixture[k];
        match_info mi = hfix_match(x->mode, x->person, x->players, x->lv, x->when);
        int64_t id;
        assert_int_equal(history_begin(db, &mi, "body\n", &id), 0);
        mi.played_ms = x->secs * 1000LL;
        mi.moves = x->moves;
        for (int i = 0; i < x->players; i++)
            mi.seat[i].place = x->place[i];
        if (x->status == MATCH_FINISHED) {
            mi.ended = x->when + x->secs;
            assert_int_equal(history_finish(db, id, &mi, "body\nend\n"), 0);
        } else {
            assert_int_equal(history_update(db, id, &mi, "body\n"), 0);
        }
        if (x->status == MATCH_ABANDONED)
            assert_int_equal(history_abandon(db, id), 0);
        if (x->best_ms)
            assert_int_equal(history_set_best(db, id, 0, x->best_ms), 0);
    }
    return db;
}

static stats_summary compute(store *db, const char *player, const char *mode)
{
    history_filter flt;
    stats_summary s;
    memset(&flt, 0, sizeof flt);
    snprintf(flt.player, sizeof flt.player, "%s", player);
    snprintf(flt.mode, sizeof flt.mode, "%s", mode);
    assert_int_equal(stats_compute(db, &flt, &s), 0);
    return s;
}

static void assert_levels(const stats_summary *s, const int played[4], const int won[4], const int shared[4])
{
    for (int l = 1; l < STATS_LEVELS; l++) {
        assert_int_equal(s->vs_played[l], played[l]);
        assert_int_equal(s->vs_won[l], won[l]);
        assert_int_equal(s->vs_shared[l], shared[l]);
    }
}

static void test_per_mode(void **state)
{
    store *db = fill(*state);
    stats_summary s = compute(db, "Anna", "stax");
    assert_int_equal(s.played, 9);
    assert_int_equal(s.won, 6);
    assert_int_equal(s.shared, 1);
    assert_int_equal(s.lost, 2);
    assert_int_equal(s.abandoned, 1);
    assert_levels(&s, (int[]){0, 4, 3, 3}, (int[]){0, 2, 3, 1}, (int[]){0, 1, 0, 1});
    assert_int_equal(s.streak, 1);
    assert_int_equal(s.best_streak, 3);
    assert_int_equal(s.avg_seconds, 92);
    assert_int_equal(s.avg_moves, 25);
    assert_int_equal(s.best_ms, 0);

    s = compute(db, "Anna", "speedstax");
    assert_int_equal(s.played, 2);
    assert_int_equal(s.won, 1);
    assert_int_equal(s.shared, 0);
    assert_int_equal(s.lost, 1);
    assert_int_equal(s.abandoned, 0);
    assert_levels(&s, (int[]){0, 1, 1, 1}, (int[]){0, 0, 0, 1}, (int[]){0, 0, 0, 0});
    assert_int_equal(s.streak, 0);
    assert_int_equal(s.best_streak, 1);
    assert_int_equal(s.avg_seconds, 305);
    assert_int_equal(s.avg_moves, 18300);
    assert_int_equal(s.best_ms, 38900);

    s = compute(db, "Computer (Hard)", "stax");
    assert_int_equal(s.played, 3);
    assert_int_equal(s.won, 1);
    assert_int_equal(s.lost, 2);
    assert_int_equal(s.abandoned, 1);
    assert_levels(&s, (int[]){0, 1, 0, 0}, (int[]){0, 0, 0, 0}, (int[]){0, 0, 0, 0});

    s = compute(db, "Ben", "");
    assert_int_equal(s.played, 1);
    assert_int_equal(s.won, 1);
    store_close(db);
}

static void test_every_mode_and_unknown_player(void **state)
{
    store *db = fill(*state);
    history_filter flt;
    stats_summary s = compute(db, "Anna", "");
    assert_int_equal(s.played, 11);
    assert_int_equal(s.won, 7);
    assert_int_equal(s.shared, 1);
    assert_int_equal(s.lost, 3);
    assert_int_equal(s.abandoned, 1);
    assert_levels(&s, (int[]){0, 5, 4, 4}, (int[]){0, 2, 3, 2}, (int[]){0, 1, 0, 1});
    assert_int_equal(s.streak, 0);
    assert_int_equal(s.best_streak, 3);
    assert_int_equal(s.avg_seconds, 131);
    assert_int_equal(s.avg_moves, 3348);
    assert_int_equal(s.best_ms, 38900);

    memset(&flt, 0, sizeof flt);
    assert_int_equal(stats_compute(db, &flt, &s), -1); /* no player named */
    snprintf(flt.player, sizeof flt.player, "Nobody");
    assert_int_equal(stats_compute(db, &flt, &s), -1);
    /* A deleted player leaves the statistics; their matches stay. */
    assert_int_equal(history_player_delete(db, "Ben"), 0);
    snprintf(flt.player, sizeof flt.player, "Ben");
    assert_int_equal(stats_compute(db, &flt, &s), -1);
    assert_int_equal(history_count(db, NULL), 14);
    store_close(db);
}

static void test_over_time(void **state)
{
    store *db = fill(*state);
    history_filter flt;
    stats_point p[8];
    memset(&flt, 0, sizeof flt);
    snprintf(flt.player, sizeof flt.player, "Anna");

    assert_int_equal(stats_over_time(db, &flt, 0, p, 8), 3); /* per week */
    assert_int_equal(p[0].played, 3);
    assert_int_equal(p[0].won, 2);
    assert_int_equal(p[0].shared, 0);
    assert_int_equal(p[0].from, W1);
    assert_int_equal(p[0].to, W1 + 2 * DAY);
    assert_int_equal(p[1].played, 4);
    assert_int_equal(p[1].won, 3);
    assert_int_equal(p[1].shared, 1);
    assert_int_equal(p[2].played, 4);
    assert_int_equal(p[2].won, 2);
    assert_int_equal(p[2].from, W1 + 2 * WEEK);

    assert_int_equal(stats_over_time(db, &flt, 4, p, 8), 3); /* per 4 matches */
    assert_int_equal(p[0].played, 4);
    assert_int_equal(p[0].won, 2);
    assert_int_equal(p[0].shared, 1);
    assert_int_equal(p[1].played, 4);
    assert_int_equal(p[1].won, 3);
    assert_int_equal(p[2].played, 3);
    assert_int_equal(p[2].won, 2);

    /* Room for two: the newest two. */
    assert_int_equal(stats_over_time(db, &flt, 0, p, 2), 2);
    assert_int_equal(p[0].played, 4);
    assert_int_equal(p[0].shared, 1);
    assert_int_equal(p[1].from, W1 + 2 * WEEK);

    snprintf(flt.mode, sizeof flt.mode, "speedstax");
    assert_int_equal(stats_over_time(db, &flt, 0, p, 8), 1);
    assert_int_equal(p[0].played, 2);
    assert_int_equal(p[0].won, 1);
    store_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_per_mode, hfix_setup, hfix_teardown),
        cmocka_unit_test_setup_teardown(test_every_mode_and_unknown_player, hfix_setup, hfix_teardown),
        cmocka_unit_test_setup_teardown(test_over_time, hfix_setup, hfix_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
