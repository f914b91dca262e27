/* A kept match as one text, the hub of the history (#28): the history keeps
 * one per match, export writes it to a file, import and `stackhouse --replay`
 * read it, the replay screen and the review take it, and `stackhouse-cli
 * replay|review FILE` print from it. It is tagged header lines (mode, seats,
 * options, seed, result, dates) and then the game's own record: for a
 * turn-based mode the moves in the game's notation (core/record.h's text),
 * for a MAXSTAX mode its save and tape (maxstax_tape.h). The format is in
 * docs/match-file.md. Pure C11, no SDL.
 *
 * INTERFACE ONLY until the match-file branch lands: the lead committed this
 * header so the history, replay and review branches share one shape. */
#ifndef STACKHOUSE_MATCHFILE_H
#define STACKHOUSE_MATCHFILE_H

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

#define MATCH_FILE_MAGIC "stackhouse-match" /* the first line: magic and version */
#define MATCH_FILE_VERSION 1
#define MATCH_NAME_LEN 32
#define MATCH_MODE_LEN 32

typedef enum match_status {
    MATCH_PLAYING = 0,  /* being played (or the program died while it was) */
    MATCH_FINISHED = 1, /* played to its end: places are known */
    MATCH_ABANDONED = 2 /* left for good before its end */
} match_status;

typedef struct match_seat {
    char name[MATCH_NAME_LEN]; /* as shown at the table ("Anna", "Computer 2") */
    int level;                 /* 0 a person; 1..3 a computer (ai_level AI_EASY..AI_HARD) */
    int place;                 /* 0 first, ties share; -1 while unknown */
    int score;                 /* the score screen's total (0 while unknown) */
} match_seat;

typedef struct match_info {
    char mode[MATCH_MODE_LEN]; /* the core/modelist.h id ("stax", "speedstax") */
    game_params params;        /* params.players seats and the options */
    match_seat seat[GAME_MAX_PLAYERS];
    uint64_t seed;
    int64_t started; /* unix seconds, UTC */
    int64_t ended;   /* unix seconds, UTC; 0 while playing */
    match_status status;
    char result[64];  /* the score screen's headline ("Blue wins!"); "" while playing */
    char reason[112]; /* why it ended ("Red has no move left."); "" while playing */
    int64_t played_ms; /* time played, every sitting */
    int moves;         /* moves (turn-based) or ticks (real-time) in the record */
    int hints;         /* hints used (#29); 0 none */
} match_info;

/* The whole file: header lines from mi, then body (the record text, ending
 * in a newline). Malloc'd, caller frees; NULL when out of memory. */
char *match_file_write(const match_info *mi, const char *body);
/* Reads a match file: the header into *mi and a malloc'd copy of the body
 * into *body (caller frees). Every header line and the body itself are
 * checked (the moves by replaying them); on error returns -1 with a message
 * naming the line ("match file line 7: ...") and sets nothing. */
int match_file_read(const char *text, match_info *mi, char **body, char *err, size_t errn);

#endif
