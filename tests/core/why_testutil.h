/* Test helpers for the "why not?" tests (#29): a move refused with exactly
 * the words wanted, or allowed, through a game's game_rules.refusal (which
 * each game fills with its own refusal function). Header-only (cmocka must
 * be included first) so each test stays one file. */
#ifndef STACKHOUSE_WHY_TESTUTIL_H
#define STACKHOUSE_WHY_TESTUTIL_H

#include <string.h>

#include "core/game.h"

/* Fails unless g refuses m in st with exactly want. */
static inline void why_refused(const game_rules *g, const void *st, game_move m, const char *want)
{
    char got[200];
    assert_non_null(g->refusal);
    assert_int_equal(g->refusal(st, &m, got, sizeof got), (int)strlen(want));
    assert_string_equal(got, want);
}

/* Fails unless g lets m be played in st (no words). */
static inline void why_allowed(const game_rules *g, const void *st, game_move m)
{
    char got[200];
    assert_int_equal(g->refusal(st, &m, got, sizeof got), -1);
}

#endif
