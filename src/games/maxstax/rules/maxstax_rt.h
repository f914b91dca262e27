/* The three MAXSTAX modes as real-time rules (core/realtime.h): each is the
 * REALTIME column of its row in core/modelist.h, over one maxstax_match. */
#ifndef STACKHOUSE_MAXSTAX_RT_H
#define STACKHOUSE_MAXSTAX_RT_H

#include "core/realtime.h"
#include "games/maxstax/rules/maxstax_match.h"

extern const realtime_rules speedstax_rules_rt, samestax_rules_rt, swapstax_rules_rt;

/* The setup of a match of rt's mode for p's seats and options (SAMESTAX's
 * first Creator), the rest at its defaults; levels[seat] is a computer's
 * level 1..3, or 0 for a person (NULL: all people). Returns 0, or -1 when rt
 * is not a MAXSTAX mode. */
int maxstax_setup_for(const realtime_rules *rt, const game_params *p, const int *levels, maxstax_setup *setup);
/* MAXSTAX's benchmark (docs/performance.md): physics time per 1/60 s frame
 * with all 48 blocks of a four-player table awake and while four towers
 * collapse, and the matcher on a 12-block card, timed with now; figures one a
 * line into out. Returns 0, or -1. */
int maxstax_bench(double (*now)(void), FILE *out);

#endif
