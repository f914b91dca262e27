/* Every match kept (#28): the history in the player's SQLite store (store.h).
 * A match is one row (its header as columns, so lists filter and sort on
 * indexes) plus one row per seat and its record body (core/matchfile.h's
 * body: the turn-based record text, or a MAXSTAX save + whole tape). The
 * table midend writes it as the match goes: begun when it starts, the body
 * replaced at every move (a turn-based record) or added to (a MAXSTAX tape,
 * history_append) at every move, so a crash loses at most the last move,
 * finished with the score screen's result, or abandoned. Players are names:
 * a person typed in setup, or a computer per level ("Computer (Easy)").
 * Every write is one transaction. Pure C11 over SQLite, no SDL. */
#ifndef STACKHOUSE_HISTORY_H
#define STACKHOUSE_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "app/store.h"
#include "core/matchfile.h"

/* Which matches a list, count or statistic covers. Zeroed: every match. */
typedef struct history_filter {
    char mode[MATCH_MODE_LEN];   /* a core/modelist.h id; "" every mode */
    char player[MATCH_NAME_LEN]; /* a player's name at one of the seats; "" anyone */
} history_filter;

/* One match as a list shows it (its body is not read). */
typedef struct history_row {
    int64_t id;
    match_info info;
} history_row;

/* One player as the history knows them. */
typedef struct history_player {
    int64_t id;
    char name[MATCH_NAME_LEN];
    int level;   /* 0 a person; 1..3 a computer of that ai_level */
    int matches; /* kept matches with this player at a seat */
} history_player;

/* The name of the computer player of level 1..3 ("Computer (Easy)"). */
const char *history_computer_name(int level);

/* Keeps a new match mi (status PLAYING) with its body so far (may be "");
 * its seats' players are made as needed. The new id in *id; 0 or -1. */
int history_begin(store *db, const match_info *mi, const char *body, int64_t *id);
/* Replaces match id's header (moves, time played) and body as it goes; 0 or -1. */
int history_update(store *db, int64_t id, const match_info *mi, const char *body);
/* Match id's header as it goes (history_update's) and its body as its first
 * at bytes followed by text, kept as a piece laid over the body (history_get
 * lays them), so the write costs text's length, not the body's: a MAXSTAX
 * tape kept at every move. A whole body written later replaces the pieces.
 * 0, or -1 (no such match still playing, or at past the body's end). */
int history_append(store *db, int64_t id, const match_info *mi, size_t at, const char *text);
/* Match id ended: mi's status FINISHED, result, reason, places and scores,
 * and its final body; 0 or -1. */
int history_finish(store *db, int64_t id, const match_info *mi, const char *body);
/* Match id was left for good before its end: marked ABANDONED with its end
 * time now (its body stays as last written); 0, or -1 (no such match, or it
 * had already finished: a finished match is never marked abandoned). */
int history_abandon(store *db, int64_t id);
/* A real-time seat's best (the mode's "best", docs/rules/maxstax.md: the
 * fastest finish in ms); kept per seat for the statistics; 0 or -1. */
int history_set_best(store *db, int64_t id, int seat, int best_ms);
/* Deletes match id with its seats and review; 0 or -1. */
int history_delete(store *db, int64_t id);

/* How many matches f covers (NULL: all); -1 on error. */
int history_count(store *db, const history_filter *f);
/* Up to limit matches of f (NULL: all), newest first (by start), skipping
 * offset; into rows. The number read, or -1. */
int history_list(store *db, const history_filter *f, int offset, int limit, history_row *rows);
/* Match id's header into *mi and (body non-NULL) its body malloc'd into
 * *body (caller frees). 0, 1 no such match, -1 error. */
int history_get(store *db, int64_t id, match_info *mi, char **body);
/* Match id as a whole match file (match_file_write), malloc'd into *text
 * (caller frees). 0, 1 no such match, -1 error. */
int history_text(store *db, int64_t id, char **text);
/* Keeps a match read from a match file (match_file_read checks it first;
 * nothing is kept from a bad one). Its id in *id; 0, or -1 with the reason
 * in err ("match file line 7: ..."). */
int history_import(store *db, const char *text, int64_t *id, char *err, size_t errn);

/* Every player, people first then computers, by name; up to max into out.
 * The number read, or -1. */
int history_players(store *db, history_player *out, int max);
/* Adds a person named name (trimmed, 1..MATCH_NAME_LEN-1 bytes); one who
 * exists already is fine. Their id in *id (may be NULL); 0 or -1. */
int history_player_add(store *db, const char *name, int64_t *id);
/* Renames a person from to to, in their kept matches too; 0, or -1 (no such
 * person, to is taken or empty, or a computer player). */
int history_player_rename(store *db, const char *from, const char *to);
/* Deletes a person: their kept matches stay, their seats' names with them,
 * but they leave the list of players and the statistics; 0, or -1. */
int history_player_delete(store *db, const char *name);

/* Keeps the review text of match id (core/review.h's), replacing any; 0 or -1. */
int history_review_put(store *db, int64_t id, const char *text);
/* The review of match id malloc'd into *text (caller frees): 0, 1 none yet, -1 error. */
int history_review_get(store *db, int64_t id, char **text);

#endif
