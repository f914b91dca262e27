/* Stack-A-Track rules (issue 13): every orientation of every block kind,
 * the deal, each scoring rule, the disconnect rule both ways, loops (through
 * a crossing, at the top row), passing, sitting out, both ends of the game,
 * shared wins, hidden blocks and the house rules. */
#include "track_testutil.h"

#include "core/ai.h"

/* Every kind of the set and the face each orientation shows: F F2 B B2,
 * then with quarter turns F1 F3 B1 B3. */
static const struct {
    const char *block;
    const char *face[8];
} kinds[] = {
    {"RL:RB", {"RL", "RL", "RB", "TL", "TB", "TB", "BL", "TR"}},
    {"TB:BL", {"TB", "TB", "BL", "TR", "RL", "RL", "TL", "RB"}},
    {"RB:TR+BL", {"RB", "TL", "TR+BL", "TR+BL", "BL", "TR", "TL+RB", "TL+RB"}},
    {"BL:TL+RB", {"BL", "TR", "TL+RB", "TL+RB", "TL", "RB", "TR+BL", "TR+BL"}},
    {"RL:TB+RL", {"RL", "RL", "TB+RL", "TB+RL", "TB", "TB", "TB+RL", "TB+RL"}},
    {"TB:TB+RL", {"TB", "TB", "TB+RL", "TB+RL", "RL", "RL", "TB+RL", "TB+RL"}},
    {"RB:R", {"RB", "TL", "R", "L", "BL", "TR", "B", "T"}},
    {"BL:B", {"BL", "TR", "B", "T", "TL", "RB", "L", "R"}},
    {"TL+RB:TB", {"TL+RB", "TL+RB", "TB", "TB", "TR+BL", "TR+BL", "RL", "RL"}},
    {"TR+BL:RL", {"TR+BL", "TR+BL", "RL", "RL", "TL+RB", "TL+RB", "TB", "TB"}},
};
static const char *const orient[8] = {"F", "F2", "B", "B2", "F1", "F3", "B1", "B3"};

static void test_orientations(void **state)
{
    (void)state;
    const track_block *set;
    const int *counts;
    assert_int_equal(track_set(&set, &counts), 10);
    for (int k = 0; k < 10; k++) {
        char name[32];
        track_block_write(set[k], name, sizeof name);
        assert_string_equal(name, kinds[k].block);
        for (int quarter = 0; quarter <= 1; quarter++)
            for (int o = 0; o < 8; o++) {
                game_params p = track_params(2, quarter, 1);
                char pos[128], move[64], face[16];
                track_state s;
                snprintf(pos, sizeof pos, "1;-/-/-/-/-/-;%s/RL:RL;0,0", kinds[k].block);
                snprintf(move, sizeof move, "%s@3%s", kinds[k].block, orient[o]);
                track_load(&s, &p, pos);
                if (!quarter && o >= 4) {
                    assert_int_equal(track_try(&s, move), -1); /* 4 ways only by default */
                    continue;
                }
                track_play_ok(&s, move);
                track_face_write(s.cell[2 * TRACK_ROWS], face, sizeof face);
                if (strcmp(face, kinds[k].face[o]) != 0)
                    fail_msg("%s shows %s, not %s", move, face, kinds[k].face[o]);
            }
    }
}

/* The same faces from the face layer: a half turn swaps top with bottom and
 * right with left; four quarter turns are none. */
static void test_face_turns(void **state)
{
    (void)state;
    const char *faces[] = {"T", "RB", "TB+RL", "TL+RB", "RBL", "TRBL", "T+R+B+L", "TR+B"};
    for (size_t i = 0; i < sizeof faces / sizeof faces[0]; i++) {
        track_face f, g;
        char err[128], a[16], b[16];
        assert_int_equal(track_face_read(faces[i], &f, err, sizeof err), (int)strlen(faces[i]));
        assert_true(track_face_valid(f));
        track_face_write(f, a, sizeof a);
        assert_string_equal(a, faces[i]);
        assert_int_equal(track_face_turn(track_face_turn(f, 1), 3), f);
        assert_int_equal(track_face_turn(f, 4), f);
        g = track_face_turn(f, 2);
        int e = track_face_ends(f), h = track_face_ends(g);
        assert_int_equal(!!(e & TRACK_T), !!(h & TRACK_B));
        assert_int_equal(!!(e & TRACK_R), !!(h & TRACK_L));
        track_face_write(track_face_turn(f, 2), b, sizeof b);
        assert_true(strlen(b) == strlen(a));
    }
}

static void test_deal(void **state)
{
    (void)state;
    const track_block *set;
    const int *counts;
    int kinds_n = track_set(&set, &counts), total = 0, first[GAME_MAX_PLAYERS] = {0};
    for (int k = 0; k < kinds_n; k++)
        total += counts[k];
    assert_int_equal(total, TRACK_BLOCKS);
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 1; seed <= 40; seed++) {
            track_state s;
            char err[256];
            game_params p = track_params(players, 0, 1);
            int seen[10] = {0};
            assert_int_equal(stackatrack_rules.init(&s, &p, seed, err, sizeof err), 0);
            assert_int_equal(stackatrack_rules.check_invariants(&s, err, sizeof err), 0);
            for (int q = 0; q < players; q++) {
                assert_int_equal(s.nhand[q], TRACK_BLOCKS / players);
                for (int i = 0; i < s.nhand[q]; i++)
                    for (int k = 0; k < kinds_n; k++)
                        seen[k] += memcmp(&s.hand[q][i], &set[k], sizeof set[k]) == 0;
            }
            for (int k = 0; k < kinds_n; k++)
                assert_int_equal(seen[k], counts[k]);
            first[s.to_move]++;
            assert_int_equal(s.score[0], 0);
        }
    for (int q = 0; q < 4; q++)
        assert_true(first[q] > 0); /* the first player is drawn at random */
    game_params one = track_params(1, 0, 1);
    track_state s;
    char err[128];
    assert_int_equal(stackatrack_rules.init(&s, &one, 1, err, sizeof err), -1);
}

/* Plays one move from pos and checks the mover's score afterwards. */
static void expect_points(const char *pos, const char *move, int points)
{
    track_state s;
    track_load(&s, NULL, pos);
    int seat = s.to_move, before = s.score[seat];
    track_play_ok(&s, move);
    if (s.score[seat] - before != points)
        fail_msg("%s after %s: %d points, not %d", pos, move, s.score[seat] - before, points);
}

static void test_scoring(void **state)
{
    (void)state;
    /* Off the edge: the left wall, the right wall, the floor. */
    expect_points("1;-/-/-/-/-/-;RL:RL/RL:RL;0,0", "RL:RL@1F", -1);
    expect_points("1;-/-/-/-/-/-;RL:RL/RL:RL;0,0", "RL:RL@6F", -1);
    expect_points("1;-/-/-/-/-/-;TB:TB/RL:RL;0,0", "TB:TB@3F", -1);
    expect_points("1;-/-/-/-/-/-;TB+RL:TB/RL:RL;0,0", "TB+RL:TB@1F", -2);
    /* An end at an empty cell scores nothing yet. */
    expect_points("1;-/-/-/-/-/-;RL:RL/RL:RL;0,0", "RL:RL@3F", 0);
    /* Joins: each end meeting an end, +1; a join and the wall. */
    expect_points("1;-/RL/-/-/-/-;RL:RL/RL:RL;0,0", "RL:RL@3F", 1);
    expect_points("1;-/RL/-/RL/-/-;RL:RL/RL:RL;0,0", "RL:RL@3F", 2);
    expect_points("1;-/RL/-/-/-/-;RL:RL/RL:RL;0,0", "RL:RL@1F", 0);
    expect_points("1;-/-/TB/-/-/-;TB:TB/RL:RL;0,0", "TB:TB@3F", 1);
    /* A crossing on a straight: down +1, across open, the top open. */
    expect_points("1;-/-/TB/-/-/-;TB+RL:RL/RL:RL;0,0", "TB+RL:RL@3F", 1);
    /* Dead ends: one end each. */
    expect_points("1;-/-/-/-/-/RL;R:R/RL:RL;0,0", "R:R@5F", 1);
    expect_points("1;-/-/-/-/-/RL;R:R/RL:RL;0,0", "R:R@3B2", 0);
    expect_points("1;-/-/-/-/-/-;R:R/RL:RL;0,0", "R:R@6F", -1);
    /* Must play even for negative points: nothing else is legal here. */
    track_state s;
    game_move mv[GAME_MAX_MOVES];
    track_load(&s, NULL, "1;-/-/-/-/-/-;TB:TB/RL:RL;0,0");
    int n = stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
    assert_int_equal(n, 4 * 6); /* F F2 B B2 in every column, all -1 */
    for (int k = 0; k < n; k++)
        assert_int_equal(mv[k].kind, TRACK_MOVE_PLACE);
    assert_int_equal(track_try(&s, "pass"), -1);
}

/* Whether move is legal in pos. */
static int legal(const char *pos, const char *move)
{
    track_state s;
    track_load(&s, NULL, pos);
    return track_try(&s, move) == 0;
}

static void test_disconnect(void **state)
{
    (void)state;
    /* The new block's end into a bare side of a placed block. */
    assert_false(legal("1;TL/-/-/-/-/-;RL:RL/RL:RL;0,0", "RL:RL@2F"));
    assert_false(legal("1;RL/-/-/-/-/-;TB:TB/RL:RL;0,0", "TB:TB@1F"));
    assert_false(legal("1;-/TB/-/-/-/-;RL:RL/RL:RL;0,0", "RL:RL@3F"));
    /* A placed block's end into a bare side of the new block. */
    assert_false(legal("1;RL/-/-/-/-/-;TB:TB/RL:RL;0,0", "TB:TB@2F"));
    assert_false(legal("1;TB/-/-/-/-/-;RL:RL/RL:RL;0,0", "RL:RL@1F"));
    assert_false(legal("1;-/-/RL/-/-/-;TB:TB/RL:RL;0,0", "TB:TB@2F"));
    /* Both sides bare, or both ends: legal. */
    assert_true(legal("1;TL/-/-/-/-/-;TB:TB/RL:RL;0,0", "TB:TB@2F"));
    assert_true(legal("1;RL/-/-/-/-/-;RL:RL/RL:RL;0,0", "RL:RL@1F"));
    assert_true(legal("1;TB/-/-/-/-/-;TB:TB/RL:RL;0,0", "TB:TB@1F"));
    /* The reason is given, and apply refuses it too. */
    track_state s;
    char err[256];
    game_move m;
    track_load(&s, NULL, "1;TL/-/-/-/-/-;RL:RL/RL:RL;0,0");
    assert_int_equal(stackatrack_rules.move_read(&s, "RL:RL@2F", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "bare edge"));
    track_move_set(&m, s.hand[0][0], 1, 0);
    assert_int_equal(stackatrack_rules.apply(&s, &m), -1);
}

static void test_loops(void **state)
{
    (void)state;
    /* Four curves in a ring: the last joins two ends and closes it. */
    track_state s;
    track_load(&s, NULL, "1;-/-/-/-/-/-;TR:R.RB:R/TL:R.BL:R;0,0");
    track_play_ok(&s, "TR:R@1F");
    track_play_ok(&s, "TL:R@2F");
    track_play_ok(&s, "RB:R@1F");
    track_play_ok(&s, "BL:R@2F");
    track_expect(&s, "1;TR.RB/TL.BL/-/-/-/-;-/-;1,8");
    track_expect_result(&s, "2");
    /* A ring of six, closed by the last curve. */
    expect_points("1;TR.RB/RL.RL/TL/-/-/-;BL:B/RL:RL;0,0", "BL:B@3F", 2 + TRACK_LOOP_POINTS);
    /* Two arcs of one face are separate: TL+RB closes no loop on its own. */
    expect_points("1;TR.RB/TL/-/-/-/-;TL+RB:TB/RL:RL;0,0", "TL+RB:TB@2F", 2);
    /* A junction joins its arcs: RBL closes the ring that BL closes. */
    expect_points("1;TR.RB/TL/-/-/-/-;BL:RBL/RL:RL;0,0", "BL:RBL@2B", 2 + TRACK_LOOP_POINTS);
}

static void test_crossing(void **state)
{
    (void)state;
    /* Out of the crossing's right end, round, and back into its top: the
     * crossing's two arcs are separate tracks, so no loop. */
    expect_points("1;TB+RL/TL.BL/-/-/-/-;RB:R/RL:RL;0,0", "RB:R@1F", 2);
    /* Through the crossing twice, once on each arc: one loop. */
    expect_points("1;TR.RB/TL.TB+RL.RB/RB.TL/-/-/-;BL:B/RL:RL;0,0", "BL:B@3F", 2 + TRACK_LOOP_POINTS);
}

static void test_top_row(void **state)
{
    (void)state;
    /* A loop closed at the top row. */
    expect_points("1;RL.RL.RL.RL.TR.RB/RL.RL.RL.RL.TL/-/-/-/-;BL:B/RL:RL;0,0", "BL:B@2F", 2 + TRACK_LOOP_POINTS);
    /* The top of the frame is an edge by default; the house rule lifts it. */
    const char *pos = "1;TB.TB.TB.TB.TB/-/-/-/-/-;TB:TB/RL:RL;0,0";
    expect_points(pos, "TB:TB@1F", 0); /* +1 below, -1 over the top */
    game_params p = track_params(2, 0, 0);
    track_state s;
    track_load(&s, &p, pos);
    track_play_ok(&s, "TB:TB@1F");
    assert_int_equal(s.score[0], 1);
}

static void test_pass(void **state)
{
    (void)state;
    track_state s;
    game_move mv[GAME_MAX_MOVES];
    char words[16];
    /* No column takes a TB: it must pass; seat 2 can play. */
    track_load(&s, NULL, "1;RL/RL/RL/RL/RL/RL;TB:TB/RL:RL;0,0");
    assert_int_equal(stackatrack_rules.current_player(&s), 0);
    assert_int_equal(stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES), 1);
    assert_int_equal(mv[0].kind, TRACK_MOVE_PASS);
    stackatrack_rules.move_write(&s, &mv[0], words, sizeof words);
    assert_string_equal(words, "pass");
    track_play_ok(&s, "pass");
    track_expect(&s, "2;RL/RL/RL/RL/RL/RL;TB:TB/RL:RL;0,0");
    /* Seat 2 has a placement: pass is refused. */
    assert_int_equal(track_try(&s, "pass"), -1);
}

static void test_sitting_out(void **state)
{
    (void)state;
    track_state s;
    /* Seat 2 holds nothing: play goes from 1 to 3. */
    track_load(&s, NULL, "1;-/-/-/-/-/-;RL:RL/-/RL:RL.RL:RL;0,0,0");
    track_play_ok(&s, "RL:RL@3F");
    assert_int_equal(stackatrack_rules.current_player(&s), 2);
    track_play_ok(&s, "RL:RL@4F");
    /* Seat 1 is out of blocks now too: back to seat 3. */
    track_expect(&s, "3;-/-/RL/RL/-/-;-/-/RL:RL;0,0,1");
    /* A composed position may give the turn to a seat with no blocks: it
     * sits out by passing. */
    track_load(&s, NULL, "2;-/-/-/-/-/-;RL:RL/-/RL:RL;0,0,0");
    assert_int_equal(track_try(&s, "RL:RL@1F"), -1);
    track_play_ok(&s, "pass");
    assert_int_equal(stackatrack_rules.current_player(&s), 2);
}

static void test_game_end(void **state)
{
    (void)state;
    track_state s;
    game_result r;
    /* The frame full ends the game, though seat 2 still holds a block. */
    track_load(&s, NULL,
               "1;TB.TB.TB.TB.TB.TB/TB.TB.TB.TB.TB.TB/TB.TB.TB.TB.TB.TB/TB.TB.TB.TB.TB.TB/"
               "TB.TB.TB.TB.TB.TB/TB.TB.TB.TB.TB;TB:TB/RL:RL;3,2");
    track_play_ok(&s, "TB:TB@6F");
    assert_int_equal(stackatrack_rules.current_player(&s), -1);
    stackatrack_rules.result(&s, &r);
    assert_int_equal(r.status, GAME_OVER);
    assert_int_equal(r.winner, 0);
    track_expect_result(&s, "1");
    /* Nobody holding blocks can place one: over with the frame half empty. */
    track_load(&s, NULL, "1;RL/RL/RL/RL/RL/-;TB:TB/TB:TB.RL:RL;0,0");
    assert_int_equal(stackatrack_rules.current_player(&s), 0);
    track_play_ok(&s, "pass");
    track_play_ok(&s, "RL:RL@6F"); /* +1 join, -1 the right wall */
    assert_int_equal(stackatrack_rules.current_player(&s), -1);
    track_expect(&s, "1;RL/RL/RL/RL/RL/RL;TB:TB/TB:TB;0,0");
    track_expect_result(&s, "1 2");
    game_move m;
    char err[128];
    assert_int_equal(stackatrack_rules.move_read(&s, "pass", &m, err, sizeof err), -1);
    assert_int_equal(stackatrack_rules.legal_moves(&s, &m, 1), 0);
    /* Every seat tied on the highest score shares the win. */
    track_load(&s, NULL, "1;RL/RL/RL/RL/RL/RL;TB:TB/TB:TB/-;4,1,4");
    assert_int_equal(stackatrack_rules.current_player(&s), -1);
    stackatrack_rules.result(&s, &r);
    assert_int_equal(r.winner, -1);
    assert_int_equal(r.rank[0], 0);
    assert_int_equal(r.rank[1], 2);
    assert_int_equal(r.rank[2], 0);
    track_expect_result(&s, "1 3");
    track_load(&s, NULL, "1;-/-/-/-/-/-;-/-;0,0");
    track_expect_result(&s, "1 2");
    track_load(&s, NULL, "1;-/-/-/-/-/-;RL:RL/-;0,0");
    track_expect_result(&s, "ongoing");
}

static void test_quarter_turns(void **state)
{
    (void)state;
    track_state s;
    game_move mv[GAME_MAX_MOVES];
    game_params q = track_params(2, 1, 1);
    track_load(&s, NULL, "1;-/-/-/-/-/-;RB:R/RL:RL;0,0");
    assert_int_equal(stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES), 4 * 6);
    track_load(&s, &q, "1;-/-/-/-/-/-;RB:R/RL:RL;0,0");
    assert_int_equal(stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES), 8 * 6);
    /* A TB that would not fit turns into an RL that does. */
    track_load(&s, &q, "1;RL/RL/RL/RL/RL/RL;TB:TB/RL:RL;0,0");
    track_play_ok(&s, "TB:TB@2F1");
    track_expect(&s, "2;RL/RL.RL/RL/RL/RL/RL;-/RL:RL;0,0");
}

/* Hidden blocks: the view pools the others' blocks, a determinization
 * deals them back at random with each seat's count, and IS-MCTS plays. */
static void test_hidden(void **state)
{
    (void)state;
    game_params p = track_params(3, 0, 1);
    p.opt[TRACK_OPT_HIDDEN] = 1;
    track_state s, v;
    char err[256];
    rng r;
    rng_seed(&r, 5);
    assert_int_equal(stackatrack_rules.init(&s, &p, 11, err, sizeof err), 0);
    int seat = s.to_move, changed = 0;
    stackatrack_rules.observe(&s, seat, &v);
    assert_memory_equal(v.hand[seat], s.hand[seat], sizeof s.hand[seat]);
    assert_int_equal(stackatrack_rules.check_invariants(&v, err, sizeof err), 0);
    for (int k = 0; k < 20; k++) {
        track_state d = v;
        stackatrack_rules.determinize(&d, seat, &r);
        assert_int_equal(stackatrack_rules.check_invariants(&d, err, sizeof err), 0);
        assert_memory_equal(d.hand[seat], s.hand[seat], sizeof s.hand[seat]);
        for (int q = 0; q < 3; q++)
            assert_int_equal(d.nhand[q], s.nhand[q]);
        changed += memcmp(d.hand, s.hand, sizeof s.hand) != 0;
    }
    assert_true(changed > 0);
    /* Two truths that differ only in the others' hands look the same. */
    track_state t = s, w;
    int a = (seat + 1) % 3, b = (seat + 2) % 3;
    t.hand[a][0] = s.hand[b][0];
    t.hand[b][0] = s.hand[a][0];
    stackatrack_rules.observe(&t, seat, &w);
    assert_memory_equal(w.hand, v.hand, sizeof v.hand);
    /* A whole hidden game at the easy level. */
    for (int ply = 0; stackatrack_rules.current_player(&s) >= 0; ply++) {
        game_move m;
        assert_true(ply < 200);
        assert_int_equal(ai_choose(&stackatrack_rules, &s, AI_EASY, (uint64_t)ply, &m), 0);
        assert_int_equal(stackatrack_rules.apply(&s, &m), 0);
        assert_int_equal(stackatrack_rules.check_invariants(&s, err, sizeof err), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_orientations), cmocka_unit_test(test_face_turns), cmocka_unit_test(test_deal),
        cmocka_unit_test(test_scoring),      cmocka_unit_test(test_disconnect), cmocka_unit_test(test_loops),
        cmocka_unit_test(test_crossing),     cmocka_unit_test(test_top_row),    cmocka_unit_test(test_pass),
        cmocka_unit_test(test_sitting_out),  cmocka_unit_test(test_game_end),   cmocka_unit_test(test_quarter_turns),
        cmocka_unit_test(test_hidden),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
