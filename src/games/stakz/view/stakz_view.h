/* The Stakz table (2 to 4 seats): the stacks standing on a mat as tiles
 * with thickness, a count of colours each, the viewer's hand along the
 * bottom with the tiles that fit a stack marked (drag or click a tile onto
 * a lit stack; a controller chooses the tile, then the stack), opponents'
 * hands as tile backs in their public colours beside each seat's mark, the
 * draw pile by colour and the midend's move log in words, the last turn's
 * tiles marked in its mover's colour, a split that slides the top half out, the colour picker
 * for the end-of-turn draw, the round's points and the curtain's panel. The
 * table midend (table/table.h) runs the computer, undo within the turn,
 * the curtain, saving and the score screen.
 *
 * Everything private is drawn from stakz_rules.observe(state, viewing seat),
 * never from the true state. */
#ifndef STACKHOUSE_STAKZ_VIEW_H
#define STACKHOUSE_STAKZ_VIEW_H

#include "table/table.h"

/* The view callbacks of a Stakz table. */
extern const table_view_ops stakz_view_ops;

#endif
