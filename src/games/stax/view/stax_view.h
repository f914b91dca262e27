/* The STAX table's view: the board with readable stacks, moves by drag or
 * click-click (capture chains jump by jump), a board cursor for keyboard and
 * controller, animation and sound, the move list. The table midend
 * (table/table.h) runs the computer, undo and redo, saving and the score. */
#ifndef STACKHOUSE_STAX_VIEW_H
#define STACKHOUSE_STAX_VIEW_H

#include "table/table.h"

/* The view callbacks of a STAX table. */
extern const table_view_ops stax_view_ops;

#endif
