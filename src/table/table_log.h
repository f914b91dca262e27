/* The table's move log, kept by the midend for every turn-based mode: one
 * line per action up to the record's cursor ("Red placed a red 3 on stack
 * 2"), in the view's public words (its describe op) or the move's notation,
 * rebuilt when undo or redo moves the cursor. Drawn by table_log_draw where
 * the view's layout puts its panel. */
#ifndef STACKHOUSE_TABLE_LOG_H
#define STACKHOUSE_TABLE_LOG_H

#include <stddef.h>

#include "core/game.h"
#include "core/record.h"

#define TABLE_LOG_LINES 48 /* lines kept: the panel shows the newest */
#define TABLE_LOG_LEN 112

/* What the log keeps; private to table_log.c and the midend. */
typedef struct table_log {
    int first, n; /* a ring of n lines from first */
    int total;    /* actions logged since the start, beyond those kept */
    int seat[TABLE_LOG_LINES];
    char line[TABLE_LOG_LINES][TABLE_LOG_LEN];
} table_log;

/* A view's public words for move m played from before (no seat name). */
typedef void (*table_describe_fn)(const void *before, const game_move *m, char *buf, size_t n);

/* Forgets every line. */
void table_log_clear(table_log *lg);
/* Adds the line for move m, played by seat from before. */
void table_log_add(table_log *lg, table_describe_fn describe, const game_rules *g, const void *before,
                   const game_move *m, int seat);
/* Rebuilds the log from rec's start to its cursor (scratch: state_size bytes); 0, or -1 on a bad record. */
int table_log_rebuild(table_log *lg, table_describe_fn describe, const game_rules *g, const game_record *rec,
                      void *scratch);

#endif
