/* Whole matches of every mode as match files, for the match-file tests:
 * turn-based by the easy computer through game_rules (core/ai.h), MAXSTAX by
 * computer stackers on short rounds, taped as the table tapes (its save then
 * its tape). Header-only; include cmocka, core/matchfile.h and
 * core/matchplay.h first. */
#ifndef STACKHOUSE_MATCHFILE_UTIL_H
#define STACKHOUSE_MATCHFILE_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ai.h"
#include "core/record.h"
#include "core/textout.h"
#include "core/registry.h"
#include "games/maxstax/rules/maxstax_bot.h"
#include "games/maxstax/rules/maxstax_rt.h"
#include "games/maxstax/rules/maxstax_tape.h"
#include "games/maxstax/rules/maxstax_world.h"
#include "games/maxstax/rules/swapstax.h"

#define MF_FRAME (1.0 / 60.0)

/* Where a match ended: the position text and its hash (turn-based), or
 * every block's pose (bit for bit, as %a), each hand, the rounds' clock and
 * the standings (MAXSTAX; hash 0). */
typedef struct mf_final {
    uint64_t hash;
    char *text; /* malloc'd */
} mf_final;

/* A MAXSTAX match's end as mf_final's text (malloc'd). */
static inline char *mf_maxstax_end(const maxstax_match *m)
{
    const speedstax_state *r = maxstax_match_rounds(m);
    const maxstax_world *w = maxstax_match_world(m);
    int score[GAME_MAX_PLAYERS], rank[GAME_MAX_PLAYERS];
    size_t n = 256 + (size_t)maxstax_world_count(w) * 96 + 256;
    char *out = malloc(n);
    text_out o = {out, n, 0, 0};
    assert_non_null(out);
    maxstax_match_standings(m, score, rank);
    text_out_add(&o, "phase %d round %d tick %ld\n", (int)r->phase, r->round, r->tick);
    for (int k = 0; k < maxstax_world_count(w); k++) {
        maxstax_pose q = maxstax_world_pose(w, k);
        text_out_add(&o, "%a %a %a\n", q.x, q.y, q.angle);
    }
    for (int p = 0; p < r->players; p++) {
        double x, y;
        maxstax_match_hand(m, p, &x, &y);
        text_out_add(&o, "seat %d hand %a %a score %d place %d\n", p, x, y, score[p], rank[p]);
    }
    assert_false(o.full);
    return out;
}

/* The header of a match of gi for players seats from seed: names, levels,
 * dates; the end is filled in by the caller. */
static inline void mf_info(match_info *mi, const game_info *gi, int players, uint64_t seed, int level)
{
    memset(mi, 0, sizeof *mi);
    snprintf(mi->mode, sizeof mi->mode, "%s", gi->id);
    registry_params_default(gi, &mi->params, players);
    for (int s = 0; s < players; s++) {
        mi->seat[s].level = level;
        mi->seat[s].place = -1;
        snprintf(mi->seat[s].name, sizeof mi->seat[s].name, "Computer %d", s + 1);
    }
    if (level == 0)
        snprintf(mi->seat[0].name, sizeof mi->seat[0].name, "Anna \"the Stacker\" \xc3\x85str\xc3\xb6m");
    mi->seed = seed;
    mi->started = 1795756375; /* 2026-11-27T05:12:55Z */
    mi->status = MATCH_PLAYING;
}

/* A whole turn-based match of gi by the easy computer: the header and the
 * record's text (malloc'd) in *body; the record stops after upto moves
 * when upto >= 0 (a match left playing). */
static inline void mf_turns_with(const game_info *gi, int players, uint64_t seed, int upto, const game_params *params,
                                 match_info *mi, char **body, mf_final *fin);
static inline void mf_turns(const game_info *gi, int players, uint64_t seed, int upto, match_info *mi, char **body,
                     mf_final *fin)
{
    mf_turns_with(gi, players, seed, upto, NULL, mi, body, fin);
}

/* mf_turns with the match's options (params, players and all) instead of the mode's defaults when not NULL. */
static inline void mf_turns_with(const game_info *gi, int players, uint64_t seed, int upto, const game_params *params,
                                 match_info *mi, char **body, mf_final *fin)
{
    const game_rules *g = gi->rules;
    game_record rec;
    game_result res;
    char err[256];
    void *st = calloc(1, g->state_size);
    int64_t ms = 0;
    mf_info(mi, gi, players, seed, 0);
    if (params)
        mi->params = *params;
    assert_int_equal(record_init(&rec, gi->id, &mi->params, seed, err, sizeof err), 0);
    assert_int_equal(record_replay(&rec, 0, st, err, sizeof err), 0);
    for (int k = 0; k < 3000 && k != upto; k++) {
        game_move m;
        g->result(st, &res);
        if (res.status == GAME_OVER)
            break;
        ms += 900 + (int64_t)(k % 7) * 150;
        record_set_clock(&rec, ms);
        assert_int_equal(ai_choose(g, st, AI_EASY, seed * 1000 + (uint64_t)k, &m), 0);
        if (record_play(&rec, st, &m, err, sizeof err) != 0)
            fail_msg("%s move %d: %s", gi->id, k, err);
    }
    g->result(st, &res);
    mi->moves = rec.cursor;
    mi->played_ms = rec.clock;
    mi->hints = 1;
    if (res.status == GAME_OVER) {
        mi->status = MATCH_FINISHED;
        mi->ended = mi->started + rec.clock / 1000 + 5;
        for (int s = 0; s < players; s++) {
            mi->seat[s].place = res.rank[s];
            mi->seat[s].score = res.score[s];
        }
        snprintf(mi->result, sizeof mi->result, "%s", res.winner >= 0 ? "Somebody wins!" : "A draw");
        if (g->result_reason)
            g->result_reason(st, mi->reason, sizeof mi->reason);
    }
    *body = record_write(&rec);
    assert_non_null(*body);
    if (fin) {
        fin->hash = g->hash(st);
        fin->text = malloc(8192);
        assert_non_null(fin->text);
        assert_true(g->position_write(st, fin->text, 8192) >= 0);
    }
    record_free(&rec);
    free(st);
}

/* A whole MAXSTAX match of gi's mode by hard computer stackers on 6 s
 * rounds, taped as the table tapes it, its SWAPSTAX swaps too (or its first
 * upto ticks when upto >= 0: a match left playing); the header, and the
 * table's save text (the snapshot, its stackers, the tape) in *body. */
static inline void mf_maxstax(const game_info *gi, int players, uint64_t seed, long upto, match_info *mi, char **body,
                       mf_final *fin)
{
    maxstax_setup setup;
    maxstax_bot bots[SPEEDSTAX_MAX_PLAYERS];
    maxstax_deck deck;
    maxstax_match *m;
    maxstax_tape *tape;
    int levels[GAME_MAX_PLAYERS] = {0}, score[GAME_MAX_PLAYERS], rank[GAME_MAX_PLAYERS];
    char err[256], *snap, *tape_text;
    long frame;
    mf_info(mi, gi, players, seed, AI_HARD);
    for (int p = 0; p < players; p++) {
        levels[p] = AI_HARD;
        maxstax_bot_init(&bots[p], p, AI_HARD, seed * 31 + (uint64_t)p);
    }
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    assert_int_equal(maxstax_setup_for(gi->realtime, &mi->params, levels, &setup), 0);
    setup.round_seconds = 6;
    m = maxstax_match_new(&setup, &deck, seed, err, sizeof err);
    assert_non_null(m);
    tape = maxstax_tape_new(&setup, seed);
    assert_non_null(tape);
    maxstax_tape_snap(tape, m, 1);
    for (frame = 0; frame < 60L * 60 * 10 && frame != upto && !maxstax_match_over(m); frame++) {
        maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
        const swapstax_state *sw = maxstax_match_swapstax(m);
        if (sw && sw->phase == SWAPSTAX_SWAPPING)
            assert_int_equal(
                maxstax_tape_swap(tape, m, sw->turn, swapstax_choose(sw, maxstax_match_rounds(m), &deck, sw->turn, 3)),
                0);
        memset(in, 0, sizeof in);
        for (int p = 0; p < players; p++)
            maxstax_bot_think(&bots[p], m, MF_FRAME, &in[p]);
        maxstax_tape_step(tape, m, in, MF_FRAME);
    }
    assert_true(upto >= 0 || maxstax_match_over(m));
    maxstax_match_standings(m, score, rank);
    mi->moves = (int)maxstax_tape_ticks(tape);
    mi->played_ms = (int64_t)(frame * 1000 / 60);
    if (maxstax_match_over(m)) {
        mi->status = MATCH_FINISHED;
        mi->ended = mi->started + mi->played_ms / 1000 + 12;
        for (int s = 0; s < players; s++) {
            mi->seat[s].place = rank[s];
            mi->seat[s].score = score[s];
        }
        snprintf(mi->result, sizeof mi->result, "Seat %d wins!", rank[0] == 0 ? 1 : 2);
        snprintf(mi->reason, sizeof mi->reason, "Every round is played.");
    }
    /* The table saves a match being played with its stackers before the
     * tape; a finished match has no save (maxstax_match_save), only its tape. */
    snap = maxstax_match_over(m) ? strdup("") : maxstax_bots_save(m, bots, (1u << players) - 1);
    tape_text = maxstax_tape_write(tape);
    assert_non_null(snap);
    assert_non_null(tape_text);
    *body = malloc(strlen(snap) + strlen(tape_text) + 1);
    assert_non_null(*body);
    strcpy(*body, snap);
    strcat(*body, tape_text);
    free(snap);
    free(tape_text);
    if (fin) {
        fin->hash = 0;
        fin->text = mf_maxstax_end(m);
    }
    maxstax_tape_free(tape);
    maxstax_match_free(m);
}

/* A whole match of mode id as a match file's header and body. */
static inline void mf_match(const char *id, int players, uint64_t seed, match_info *mi, char **body, mf_final *fin)
{
    const game_info *gi = registry_find(id);
    assert_non_null(gi);
    if (gi->kind == GAME_KIND_TURNS)
        mf_turns(gi, players, seed, -1, mi, body, fin);
    else
        mf_maxstax(gi, players, seed, -1, mi, body, fin);
}

/* The end a match file's body plays to, as mf_final says it: the position
 * text and hash (turn-based), or the match's save text (MAXSTAX). */
static inline void mf_final_of(const match_end *e, mf_final *fin)
{
    if (e->game->rules) {
        fin->hash = e->game->rules->hash(e->st);
        fin->text = malloc(8192);
        assert_non_null(fin->text);
        assert_true(e->game->rules->position_write(e->st, fin->text, 8192) >= 0);
    } else {
        fin->hash = 0;
        fin->text = mf_maxstax_end((const maxstax_match *)e->rt);
    }
}

#endif
