/* The review's graph under the replay (#28): in a two-seat game one curve,
 * the first seat's winning chance at every position from the start to the
 * end (core/review.h's review_curve), as lichess draws White's; with three
 * or four seats each seat's chance after each of its moves as a line in the
 * seat's colour. The 50% line, the position the board shows marked, and the
 * marked moves as coloured dots with lichess's signs (?! inaccuracy, ?
 * mistake, ?? blunder); a caption reads the current move out. Drawn with
 * our renderer, sized to read at 1080p from 3 m. */
#ifndef STACKHOUSE_REVIEW_GRAPH_H
#define STACKHOUSE_REVIEW_GRAPH_H

#include "core/review.h"
#include "render/render.h"

/* Draws rv in box (on a cream panel, 150 units high or more): current is the
 * move played from the position the replay shows (its cursor: 0 the first
 * move, rv->n the end), marked on the graph and read out in the caption.
 * g names the seats (NULL: p1..p4). */
void review_graph_draw(render *r, rrect box, const review *rv, const game_rules *g, int current);
/* The review running: its progress bar, "done of total moves", in box (on a cream panel). */
void review_graph_draw_progress(render *r, rrect box, int done, int total);
/* A mark's colour on the graph (and the board's hint of the preferred move). */
rcolor review_graph_mark_color(review_mark m);
/* A mark's sign: "?!", "?" or "??" ("" for none). */
const char *review_graph_mark_sign(review_mark m);

#endif
