/* Every mode's match record plays the match again: for each of the seven
 * modes of the one list, a match played by computers is recorded, written
 * as text, read back and replayed, and ends in the same state. Turn-based:
 * the record (with each move's time) gives the same position text, hash and
 * result. MAXSTAX: the tape (every tick's inputs, the swaps, a resume from a
 * save halfway) gives every block's pose bit for bit, the hands, the clock
 * and the standings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/ai.h"
#include "core/record.h"
#include "core/registry.h"
#include "games/maxstax/rules/maxstax_bot.h"
#include "games/maxstax/rules/maxstax_rt.h"
#include "games/maxstax/rules/maxstax_tape.h"
#include "games/maxstax/rules/maxstax_world.h"
#include "games/maxstax/rules/swapstax.h"

#define MAX_PLIES 3000
#define FRAME (1.0 / 60.0)
#define MAX_FRAMES (60 * 60 * 10)

/* ---------------------------------------------------------------- turn-based */

/* A whole game of g by computers of level lv, a move every 0.7 to 2 s. */
static void turns_play(const game_info *gi, game_record *rec, void *st, int players, uint64_t seed, ai_level lv)
{
    const game_rules *g = gi->rules;
    game_params p;
    game_result res;
    char err[256];
    int64_t ms = 0;
    registry_params_default(gi, &p, players);
    assert_int_equal(record_init(rec, gi->id, &p, seed, err, sizeof err), 0);
    assert_int_equal(record_replay(rec, 0, st, err, sizeof err), 0);
    for (int k = 0; k < MAX_PLIES; k++) {
        game_move m;
        g->result(st, &res);
        if (res.status == GAME_OVER)
            break;
        ms += 700 + (int64_t)((seed * 7919 + (uint64_t)k * 104729) % 1300);
        record_set_clock(rec, ms);
        assert_int_equal(ai_choose(g, st, lv, seed * 1000 + (uint64_t)k, &m), 0);
        if (record_play(rec, st, &m, err, sizeof err) != 0)
            fail_msg("%s move %d: %s", gi->id, k, err);
    }
    g->result(st, &res);
    if (res.status != GAME_OVER)
        fail_msg("%s: no end in %d moves", gi->id, MAX_PLIES);
}

static void test_turn_based_replay(void **state)
{
    int modes = 0;
    (void)state;
    for (int i = 0; i < registry_count(); i++) {
        const game_info *gi = registry_get(i);
        const game_rules *g = gi->rules;
        game_record rec, back;
        game_result want, got;
        void *st, *re;
        char err[256], *text, *again, pos[4096], pos2[4096];
        if (gi->kind != GAME_KIND_TURNS)
            continue;
        assert_non_null(g);
        st = calloc(1, g->state_size);
        re = calloc(1, g->state_size);
        turns_play(gi, &rec, st, gi->max_players > 2 ? 3 : 2, 20 + (uint64_t)i, AI_EASY);
        text = record_write(&rec);
        assert_non_null(text);
        assert_non_null(strstr(text, "stackhouse-record 2\n"));
        memset(&back, 0, sizeof back);
        if (record_read(&back, text, err, sizeof err) != 0)
            fail_msg("%s: %s", gi->id, err);
        assert_int_equal(record_replay(&back, back.cursor, re, err, sizeof err), 0);
        /* The same position, result and moves with their times. */
        assert_true(g->position_write(st, pos, sizeof pos) >= 0);
        assert_true(g->position_write(re, pos2, sizeof pos2) >= 0);
        assert_string_equal(pos2, pos);
        assert_true(g->hash(re) == g->hash(st));
        g->result(st, &want);
        g->result(re, &got);
        assert_int_equal(got.status, GAME_OVER);
        assert_memory_equal(&got, &want, sizeof got);
        assert_int_equal(back.n_moves, rec.n_moves);
        assert_int_equal(back.clock, rec.clock);
        assert_true(rec.n_moves > 0 && rec.times[0] >= 700 && rec.times[rec.n_moves - 1] == rec.clock);
        for (int k = 0; k < rec.n_moves; k++) {
            assert_string_equal(back.moves[k], rec.moves[k]);
            assert_true(back.times[k] == rec.times[k]);
            assert_true(k == 0 || rec.times[k] > rec.times[k - 1]);
        }
        again = record_write(&back);
        assert_string_equal(again, text);
        fprintf(stderr, "replay %s: %d moves over %.1f s, the same end\n", gi->id, rec.n_moves, rec.clock / 1000.0);
        free(text);
        free(again);
        free(st);
        free(re);
        record_free(&rec);
        record_free(&back);
        modes++;
    }
    assert_int_equal(modes, 4);
}

/* ---------------------------------------------------------------- real time */

/* Everything that tells two matches apart: every block's pose (the bits),
 * each hand, the rounds' clock and the standings. */
static void maxstax_same(const maxstax_match *a, const maxstax_match *b, const char *id)
{
    const speedstax_state *ra = maxstax_match_rounds(a), *rb = maxstax_match_rounds(b);
    const maxstax_world *wa = maxstax_match_world(a), *wb = maxstax_match_world(b);
    int sa[SPEEDSTAX_MAX_PLAYERS] = {0}, ka[SPEEDSTAX_MAX_PLAYERS] = {0}, sb[SPEEDSTAX_MAX_PLAYERS] = {0},
        kb[SPEEDSTAX_MAX_PLAYERS] = {0};
    assert_int_equal(maxstax_world_count(wa), maxstax_world_count(wb));
    for (int k = 0; k < maxstax_world_count(wa); k++) {
        maxstax_pose qa = maxstax_world_pose(wa, k), qb = maxstax_world_pose(wb, k);
        if (memcmp(&qa, &qb, sizeof qa) != 0)
            fail_msg("%s block %d: %.17g %.17g %.17g then %.17g %.17g %.17g", id, k, qa.x, qa.y, qa.angle, qb.x, qb.y,
                     qb.angle);
    }
    for (int p = 0; p < ra->players; p++) {
        double xa, ya, xb, yb;
        maxstax_match_hand(a, p, &xa, &ya);
        maxstax_match_hand(b, p, &xb, &yb);
        if (memcmp(&xa, &xb, sizeof xa) != 0 || memcmp(&ya, &yb, sizeof ya) != 0)
            fail_msg("%s hand %d: %.17g %.17g then %.17g %.17g", id, p, xa, ya, xb, yb);
        assert_int_equal(maxstax_match_claim(a, p), maxstax_match_claim(b, p));
    }
    assert_int_equal(ra->phase, rb->phase);
    assert_int_equal(ra->round, rb->round);
    assert_int_equal(ra->tick, rb->tick);
    assert_int_equal(ra->winner, rb->winner);
    maxstax_match_standings(a, sa, ka);
    maxstax_match_standings(b, sb, kb);
    assert_memory_equal(sa, sb, sizeof sa[0] * (size_t)ra->players);
    assert_memory_equal(ka, kb, sizeof ka[0] * (size_t)ra->players);
}

/* A whole match of scoring with computer stackers and short rounds, taped;
 * halfway it is saved and resumed from the save, as a player's would be. */
static maxstax_match *maxstax_play(maxstax_scoring scoring, int players, uint64_t seed, const maxstax_deck *deck,
                                   maxstax_tape **tape)
{
    maxstax_setup setup;
    maxstax_bot bots[SPEEDSTAX_MAX_PLAYERS];
    maxstax_match *m;
    char err[256];
    int frame, resumed = 0;
    maxstax_setup_default(&setup, players);
    setup.scoring = scoring;
    setup.round_seconds = 6;
    for (int p = 0; p < players; p++) {
        setup.levels[p] = 3;
        maxstax_bot_init(&bots[p], p, 3, seed * 31 + (uint64_t)p);
    }
    m = maxstax_match_new(&setup, deck, seed, err, sizeof err);
    assert_non_null(m);
    *tape = maxstax_tape_new(&setup, seed);
    assert_non_null(*tape);
    maxstax_tape_snap(*tape, m, 1);
    for (frame = 0; frame < MAX_FRAMES && !maxstax_match_over(m); frame++) {
        maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
        const swapstax_state *sw = maxstax_match_swapstax(m);
        if (sw && sw->phase == SWAPSTAX_SWAPPING)
            assert_int_equal(maxstax_tape_swap(*tape, m, sw->turn,
                                               swapstax_choose(sw, maxstax_match_rounds(m), deck, sw->turn, 3)),
                             0);
        memset(in, 0, sizeof in);
        for (int p = 0; p < players; p++)
            maxstax_bot_think(&bots[p], m, FRAME, &in[p]);
        maxstax_tape_step(*tape, m, in, FRAME);
        if (!resumed && maxstax_match_rounds(m)->round == 2 && maxstax_match_rounds(m)->tick > 300) {
            /* Leave and resume: the play goes on from the save's match. */
            char *text = maxstax_match_save(m);
            assert_non_null(text);
            maxstax_match_free(m);
            m = maxstax_match_load(text, deck, err, sizeof err);
            if (!m)
                fail_msg("%s", err);
            maxstax_tape_load(*tape, text);
            maxstax_tape_snap(*tape, m, 1);
            free(text);
            resumed = 1;
        }
    }
    assert_true(resumed);
    return m;
}

static void test_maxstax_replay(void **state)
{
    static const struct {
        maxstax_scoring scoring;
        const char *id;
        int players;
    } modes[] = {{MAXSTAX_SPEEDSTAX, "speedstax", 2}, {MAXSTAX_SAMESTAX, "samestax", 2}, {MAXSTAX_SWAPSTAX, "swapstax", 3}};
    maxstax_deck deck;
    char err[256];
    (void)state;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        maxstax_tape *tape, *back;
        maxstax_match *live, *again;
        char *text, *text2;
        assert_non_null(registry_find(modes[i].id));
        {
            /* the row's real-time rules play this scoring */
            const game_info *g = registry_find(modes[i].id);
            maxstax_setup from_row;
            game_params p;
            assert_non_null(g->realtime);
            registry_params_default(g, &p, modes[i].players);
            assert_int_equal(maxstax_setup_for(g->realtime, &p, NULL, &from_row), 0);
            assert_int_equal(from_row.scoring, modes[i].scoring);
        }
        live = maxstax_play(modes[i].scoring, modes[i].players, 40 + i, &deck, &tape);
        text = maxstax_tape_write(tape);
        assert_non_null(text);
        back = maxstax_tape_read(text, err, sizeof err);
        if (!back)
            fail_msg("%s: %s", modes[i].id, err);
        assert_int_equal(maxstax_tape_ticks(back), maxstax_tape_ticks(tape));
        text2 = maxstax_tape_write(back);
        assert_string_equal(text2, text);
        again = maxstax_tape_play(back, &deck, err, sizeof err);
        if (!again)
            fail_msg("%s: %s", modes[i].id, err);
        maxstax_same(live, again, modes[i].id);
        fprintf(stderr, "replay %s: %ld ticks, %s, tape %zu bytes, the same blocks bit for bit\n", modes[i].id,
                maxstax_tape_ticks(tape), maxstax_match_over(live) ? "to the end" : "NOT OVER", strlen(text));
        assert_true(maxstax_match_over(live));
        assert_non_null(strstr(text, "\nload "));
        assert_true(modes[i].scoring != MAXSTAX_SWAPSTAX || strstr(text, "\nswap "));
        if (getenv("TAPE_DUMP")) {
            FILE *f = fopen(getenv("TAPE_DUMP"), i ? "a" : "w");
            fputs(text, f);
            fclose(f);
        }
        free(text);
        free(text2);
        maxstax_match_free(live);
        maxstax_match_free(again);
        maxstax_tape_free(tape);
        maxstax_tape_free(back);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turn_based_replay),
        cmocka_unit_test(test_maxstax_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
