/* Helpers shared by the Stack-A-Track tests: read a position, play moves by
 * their notation, and compare the position written back. */
#ifndef TRACK_TESTUTIL_H
#define TRACK_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "games/stackatrack/rules/track.h"

/* Params with the defaults, then quarter turns and the top edge as given. */
static inline game_params track_params(int players, int quarter, int top_edge)
{
    game_params p;
    game_params_default(&stackatrack_rules, &p, players);
    p.opt[TRACK_OPT_QUARTER] = quarter;
    p.opt[TRACK_OPT_TOP_EDGE] = top_edge;
    return p;
}

/* Reads text (with p, or the defaults) into s; fails the test if rejected. */
static inline void track_load(track_state *s, const game_params *p, const char *text)
{
    char err[256];
    if (stackatrack_rules.position_read(s, p, text, err, sizeof err) != 0)
        fail_msg("%s: %s", text, err);
    if (stackatrack_rules.check_invariants(s, err, sizeof err) != 0)
        fail_msg("%s: %s", text, err);
}

/* Plays one move by its notation; returns 0, or -1 if it was refused. */
static inline int track_try(track_state *s, const char *move)
{
    char err[256];
    game_move m;
    if (stackatrack_rules.move_read(s, move, &m, err, sizeof err) != 0)
        return -1;
    assert_int_equal(stackatrack_rules.apply(s, &m), 0);
    assert_int_equal(stackatrack_rules.check_invariants(s, err, sizeof err), 0);
    return 0;
}

static inline void track_play_ok(track_state *s, const char *move)
{
    if (track_try(s, move) != 0)
        fail_msg("move %s refused", move);
}

static inline void track_expect(const track_state *s, const char *want)
{
    char buf[TRACK_POSITION_MAX];
    assert_true(stackatrack_rules.position_write(s, buf, sizeof buf) > 0);
    assert_string_equal(buf, want);
}

static inline void track_expect_result(const track_state *s, const char *want)
{
    char buf[32];
    assert_true(track_result_write(s, buf, sizeof buf) > 0);
    assert_string_equal(buf, want);
}

#endif
