/* A MAXSTAX match played again from its tape for the replay screen (#28): the
 * match at any tick, so the blocks move exactly as they did. Playing on from
 * where it stands steps the taped inputs (exact, a ghost of the match; up to
 * MAXSTAX_REPLAY_ON ticks at a time). A
 * jump lands at once from the nearest checkpoint: every CHECK_EVERY ticks of
 * one pass through the tape, the match's save (maxstax_match_save, a few
 * kilobytes), loaded and played on to the tick. The pass is not made when
 * the replay opens (a five-minute match's took 0.3-0.5 s): maxstax_replay_work
 * lays it a little at a time, and a jump past the checkpoints laid so far
 * plays the pass on to it first; the tape's text is read the same way, as
 * far as play needs it (maxstax_tape_reader). A save keeps every block's
 * pose but puts them at rest and lets go of the hands, so a match landed on
 * that way is only near the real one; maxstax_replay_work then plays an
 * exact match up to the cursor behind the scenes and swaps it in when it
 * gets there. Pure C11, no SDL. */
#ifndef STACKHOUSE_MAXSTAX_REPLAY_H
#define STACKHOUSE_MAXSTAX_REPLAY_H

#include <stddef.h>

#include "games/maxstax/rules/maxstax_cards.h"
#include "games/maxstax/rules/maxstax_match.h"
#include "games/maxstax/rules/maxstax_tape.h"

#define MAXSTAX_REPLAY_CHECK_EVERY 30 /* ticks between checkpoints: half a second of play */
#define MAXSTAX_REPLAY_ON 120 /* a seek at most this far on plays on (a step of a second stays exact) */

typedef struct maxstax_replay maxstax_replay;

/* Where a match's tape begins in text (a save: the snapshot, the stackers,
 * then the tape; or a tape alone); NULL when text holds none. */
const char *maxstax_replay_tape_text(const char *text);
/* A replay of the tape in text (as maxstax_replay_tape_text finds it; text
 * is copied), standing at tick 0 with only its start read and laid; deck is
 * kept by pointer and must outlive it. NULL with the reason in err (a fault
 * past the tape's start is found when play gets there: maxstax_replay_seek). */
maxstax_replay *maxstax_replay_new(const char *text, const maxstax_deck *deck, char *err, size_t errn);
/* Frees a replay (NULL is fine). */
void maxstax_replay_free(maxstax_replay *r);
/* Ticks in the whole match. */
long maxstax_replay_ticks(const maxstax_replay *r);
/* The tick the match shown stands at. */
long maxstax_replay_at(const maxstax_replay *r);
/* Checkpoints laid so far (1 once open, ticks / CHECK_EVERY + 1 when all are). */
int maxstax_replay_checkpoints(const maxstax_replay *r);
/* Nothing is left to work on: the match shown is exact and every checkpoint is laid
 * (or the pass stopped: the tape does not play past some tick). */
int maxstax_replay_idle(const maxstax_replay *r);
/* Moves to tick (clamped to 0..ticks): on from where it stands when that is
 * forward and near, else from the nearest checkpoint (laid on the way when
 * the pass has not got there). 0, or -1 with the reason in err (the replay
 * then stands where it was). */
int maxstax_replay_seek(maxstax_replay *r, long tick, char *err, size_t errn);
/* The match at the tick shown (owned by the replay, valid until the next seek or work). */
const maxstax_match *maxstax_replay_match(const maxstax_replay *r);
/* Whether the match shown is exactly the one played (not landed on from a checkpoint). */
int maxstax_replay_exact(const maxstax_replay *r);
/* Works behind the scenes for about budget_s seconds: plays the exact match
 * towards the tick shown and shows it once it is there, then lays more
 * checkpoints (at least one while any is left). 1 when what is shown changed. */
int maxstax_replay_work(maxstax_replay *r, double budget_s);

#endif
