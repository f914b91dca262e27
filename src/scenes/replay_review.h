/* The review on the replay screen (#28): a turn-based replay gets a
 * "Review" control on its bar; pressed, the match is reviewed in the
 * background (app/review_job.h) with a progress bar and "Cancel review";
 * done, the graph (ui/review_graph.h) stands under the board, and where the
 * move about to be played was marked, the board shows the move the computer
 * preferred. A kept match's review is stored with it (history_review_put)
 * and read back next time, so it is computed once. Traces `review start`,
 * `review progress N/M`, `review done N marks K`, `review cancelled`,
 * `review stored` and `review loaded`. */
#ifndef STACKHOUSE_REPLAY_REVIEW_H
#define STACKHOUSE_REPLAY_REVIEW_H

#include <stdint.h>

#include "shell/scene.h"
#include "shell/shell.h"

/* Gives the turn-based replay scene its review: of the record text body,
 * kept as history match match_id (0: a match not in the history, whose
 * review is not stored). A stored review is read at once. 0, or -1 (a
 * MAXSTAX replay, a record that does not read). */
int replay_review_attach(scene *replay, shell *sh, const char *body, int64_t match_id);

#endif
