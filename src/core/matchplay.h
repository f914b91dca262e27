/* A match file's body played to its end (#28): the turn-based record
 * replayed to its cursor, or the MAXSTAX save's tape played again. The match
 * file reader checks a body with it (the moves legal, the tape playing, the
 * end what the header says), and the CLI's replay, the replay screen and the
 * tests start from what it gives. Pure C11, no SDL. */
#ifndef STACKHOUSE_MATCHPLAY_H
#define STACKHOUSE_MATCHPLAY_H

#include <stddef.h>

#include "core/matchfile.h"
#include "core/realtime.h"
#include "core/record.h"
#include "core/registry.h"

typedef struct match_end {
    const game_info *game;
    /* turn-based: the record as read and the position at its cursor (malloc'd) */
    game_record rec;
    void *st;
    /* real-time: the match as its tape leaves it (a MAXSTAX match behind realtime_rules) */
    realtime_match *rt;
    long ticks; /* the tape's ticks */
    /* both: whether it is over, and each seat's total and place (0 first) */
    int over;
    int score[GAME_MAX_PLAYERS], rank[GAME_MAX_PLAYERS];
} match_end;

/* Plays body (a match file's record: the game record, or the MAXSTAX save
 * and tape) for the match mi describes, checking that it is that match (the
 * game, seats, options, seed and computer levels agree) and that it plays.
 * line0 is the file line where body begins: messages name the file's line
 * ("match file line 31: move 12 'c3-d4': not legal"). Fills *e (free it with
 * match_end_free); 0, or -1 with the message and *e empty. */
int match_end_play(const match_info *mi, const char *body, int line0, match_end *e, char *err, size_t errn);
/* Frees what e holds (an empty one is fine). */
void match_end_free(match_end *e);

#endif
