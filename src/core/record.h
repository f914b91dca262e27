/* Game records: the one shared layer that owns saving, loading, undo and
 * redo for every turn-based game. A record is game id, the rules' version,
 * params, seed and the moves in notation, each with the time it was made;
 * any position is rebuilt by replaying from the start. The text format
 * (version 2; version 1 is still read) is in docs/records.md. */
#ifndef STACKHOUSE_RECORD_H
#define STACKHOUSE_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

#define RECORD_VERSION 2 /* the text record_write writes; record_read reads 1 and 2 */
#define RECORD_ID_LEN 32
#define RECORD_MOVE_LEN 200
#define RECORD_MAX_MOVES 100000
#define RECORD_START_LEN 1024 /* a whole composed 9 STAX position is about 720 characters */

typedef struct game_record {
    char game[RECORD_ID_LEN];
    int rules_version; /* the version of the rules it was played by (game_rules_version) */
    game_params params;
    uint64_t seed;
    char start[RECORD_START_LEN]; /* composed starting position ("" : the game's own start) */
    int64_t clock; /* ms the match has been played, over every sitting (record_set_clock) */
    int n_moves; /* moves stored, the redo tail included */
    int cursor;  /* moves [0, cursor) are the game so far; [cursor, n_moves) can be redone */
    int cap;
    char (*moves)[RECORD_MOVE_LEN];
    int64_t *times; /* times[k]: the clock when move k was played (0: a version-1 record's, unknown) */
} game_record;

/* Starts an empty record; returns 0, or -1 with a message (unknown game, bad params). */
int record_init(game_record *rec, const char *game, const game_params *p, uint64_t seed,
                char *err, size_t errn);
/* Makes the record start from a composed position (position_read notation)
 * instead of the game's own start; only on an empty record. 0, or -1 with a message. */
int record_set_start(game_record *rec, const char *position, char *err, size_t errn);
/* Frees the move list (the record may be initialised again). */
void record_free(game_record *rec);
/* The rules of the record's game (record_init has checked it has some). */
const game_rules *record_rules(const game_record *rec);
/* Rebuilds the position after the first upto moves into st; 0, or -1 with a message. */
int record_replay(const game_record *rec, int upto, void *st, char *err, size_t errn);
/* Sets the match's clock to ms of play (it never goes back); record_play
 * stamps each move with it. */
void record_set_clock(game_record *rec, int64_t ms);
/* Applies m to st (the position at the cursor) and records it at the
 * record's clock, dropping any redo tail. */
int record_play(game_record *rec, void *st, const game_move *m, char *err, size_t errn);
/* Takes back the last move: st becomes the position before it; -1 if none. */
int record_undo(game_record *rec, void *st, char *err, size_t errn);
/* Plays the next undone move again (it keeps the time it was first played); -1 if none. */
int record_redo(game_record *rec, void *st, char *err, size_t errn);
/* The record as text, version RECORD_VERSION (malloc'd, caller frees), or NULL when out of memory. */
char *record_write(const game_record *rec);
/* Reads a record into rec (which holds a record or is zeroed); every line and
 * every move is checked by replaying it. On error returns -1 with a message
 * and leaves rec as it was. */
int record_read(game_record *rec, const char *text, char *err, size_t errn);

#endif
