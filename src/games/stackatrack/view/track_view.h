/* The Stack-A-Track table: the upright frame, the seats' trays of blocks, a
 * preview of where the chosen block lands and what it scores. */
#ifndef STACKHOUSE_TRACK_VIEW_H
#define STACKHOUSE_TRACK_VIEW_H

#include "table/table.h"

extern const table_view_ops stackatrack_view_ops;

#endif
