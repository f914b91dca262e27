/* A table's match in the history (#28, app/history.h), for both midends
 * (table.c, table_rt.c): kept from its first move, its body replaced as it
 * goes, finished with the score screen's words and places, or marked
 * abandoned when it is left for good. The row's id travels in the match's
 * save (match_setup.history), so a resumed match goes on in the same row.
 * A history write that fails is logged and the match plays on: the save,
 * with its notice, is what keeps the match itself. */
#ifndef STACKHOUSE_TABLE_HISTORY_H
#define STACKHOUSE_TABLE_HISTORY_H

#include <stdint.h>

#include "core/matchfile.h"
#include "shell/shell.h"
#include "table/match.h"

/* The header of match m (its seats as the table names them, options, seed)
 * started at started (unix seconds), played_ms and moves so far. */
void table_history_info(const match_setup *m, uint64_t seed, int64_t started, int64_t played_ms, int moves,
                        match_info *mi);
/* Keeps the match as it goes: a new row on its first write (m->history
 * set; the save it replaces in its slot, if any, is another match, which is
 * marked abandoned), else the row's header and, body non-NULL, its body.
 * 0, or -1 (logged). */
int table_history_write(shell *sh, match_setup *m, const match_info *mi, const char *body);
/* The match ended as rep says (places from ranks, scores from totals, the
 * headline and reason): the row finished with its final body. 0 or -1. */
int table_history_finish(shell *sh, match_setup *m, match_info *mi, const score_report *rep, const char *body);
/* The match was left for good (its save is gone): its row abandoned. */
void table_history_abandon(shell *sh, match_setup *m);
/* The history id a saved match's text names in its "history N" line (0 none). */
int64_t table_history_of_save(const char *text);

#endif
