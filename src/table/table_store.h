/* A match's seats and its save slot. A saved match is its seats plus its
 * game record (options, seed, moves), one slot per mode (the mode's id);
 * a real-time mode saves its own text in place of the record. */
#ifndef STACKHOUSE_TABLE_STORE_H
#define STACKHOUSE_TABLE_STORE_H

#include <stddef.h>

#include "core/record.h"
#include "shell/shell.h"
#include "table/match.h"
#include "table/table_save.h"


/* A default match for --scene table: seat 1 human, the rest computer (medium);
 * seats ("human,easy", ...) overrides them. 0, or -1 if seats is malformed. */
int table_match_default(match_setup *m, const game_info *g, const char *seats);
/* A computer level as the table and setup show it ("Hard"). */
const char *table_level_label(ai_level level);
/* A seat's name as the table and the score screen show it ("Computer (Hard)"). */
void table_seat_name(const match_setup *m, int seat, char *buf, size_t n);
/* The seats as one word each ("human,medium"). */
void table_seats_write(const match_setup *m, char *buf, size_t n);
/* Traces the match as it starts or resumes, from what the match itself
 * plays (started: its own params): "match 9stax players 4 seats
 * human,phone,easy,hard options key=value,..." ("options -" when none). */
void table_match_trace(const match_setup *m, const game_params *started);
/* Reads table_seats_write's words into m (whose game is set); 0 or -1. */
int table_seats_read(match_setup *m, const char *text);

/* Saves the match (seats and record) in its game's slot; 0 or -1. */
int table_save(shell *sh, const match_setup *m, const game_record *rec);
/* Saves a real-time match (seats and the view's own text) in the slot of
 * game_id; 0 or -1. */
int table_save_text(shell *sh, const match_setup *m, const char *game_id, const char *body);
/* Reads the saved match of game g: its seats into m, the whole text in
 * *text (the caller frees it) and what follows the seats in *body. 0, or -1
 * with the reason in err (nothing to free). */
int table_save_read(shell *sh, const game_info *g, match_setup *m, char **text, const char **body,
                    char *err, size_t errn);
/* Forgets the saved match of a game (it ended, or could not be read). */
void table_save_delete(shell *sh, const char *game_id);
/* Saves an unfinished match that has moves; a finished or empty one is not
 * saved. 1 saved, 0 nothing to save, -1 it could not be written. */
int table_save_unfinished(shell *sh, const match_setup *m, const game_record *rec, int over);
/* Menu > Save & quit: saves, marks rec saved (its moves forgotten, so the
 * table's leave does not save again) and leaves for the scene below, or the
 * picker: 0. A save that fails leaves nothing: the notice says why and offers
 * Try again (sv), and the match stays open: -1. */
int table_quit(shell *sh, const match_setup *m, game_record *rec, int over, const char *tag, table_saver *sv);
/* Leaves a table for the scene below it, or for the app's home screen (the
 * picker) when there is none. */
void table_leave(shell *sh);
/* Takes over rec for a table of game id: checks the game and replays it to
 * its cursor into st. 0, or -1 (rec freed, the reason logged). */
int table_record_take(game_record *dst, game_record *rec, const char *id, void *st);

#endif
