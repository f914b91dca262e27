/* The STAX table: the board with readable stacks, moves by drag or
 * click-click (capture chains jump by jump), a board cursor for keyboard and
 * controller, animation and sound, the computer on a worker thread, undo and
 * redo, the move list, saving on leave and the score screen at the end. */
#ifndef STACKHOUSE_STAX_VIEW_H
#define STACKHOUSE_STAX_VIEW_H

#include "core/record.h"
#include "scenes/scenes.h"

struct app;

/* The table for match m, continuing rec (taken over; its cursor is the
 * position shown). Returns NULL if rec is not a STAX record. */
scene *stax_view_create(struct app *a, const match_setup *m, game_record *rec);

#endif
