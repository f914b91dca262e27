/* The app's half of the one list of modes: for each core row (registry.c,
 * the card and the rules) the view that plays it, keyed by the same id. The
 * picker, setup, --scene and saves start, open and resume tables here. */
#ifndef STACKHOUSE_MODES_H
#define STACKHOUSE_MODES_H

#include <stddef.h>
#include <stdint.h>

#include "core/record.h"
#include "shell/shell.h"
#include "table/match.h"
#include "table/table.h"
#include "table/table_rt.h"


/* A mode's table: exactly one of turns and realtime is set. */
typedef struct table_mode {
    const char *id;                     /* the core row's id (registry_find) */
    const table_view_ops *turns;        /* a turn-based view, run by the table midend */
    const table_realtime_ops *realtime; /* or a real-time view, run by the real-time midend (table_rt.h) */
    const char *settings;               /* its settings' keys, space-separated */
    const char *sample_seats;           /* the row's sample: its seats (--seats) */
    const char *sample_words;           /* and its final position, or a real-time view's test words */
} table_mode;

/* The table of mode id, or NULL when it has none yet. */
const table_mode *modes_find(const char *id);
/* The first mode (in list order) whose row lists setting key, or NULL for a
 * setting of the whole house. */
const game_info *modes_setting_owner(const char *key);
/* Whether a game's table has landed, so its mode can start. */
int modes_playable(const game_info *g);
/* A new match as set up, seeded from the app's seed source; NULL if the game
 * has no table. A turn-based match starts from position (the rules'
 * notation: --position) unless it is NULL, as a player's does, and
 * "POSITION|MOVES" plays the moves (notation, space apart) from it into the
 * record; a real-time view takes position as its test words. */
scene *modes_start(shell *sh, const match_setup *m, const char *position);
/* A match from a record (taken over, freed on failure; a real-time mode
 * reads only its seed); NULL if the game has no table. */
scene *modes_open(shell *sh, const match_setup *m, game_record *rec);
/* The saved match of game g; NULL with the reason in err when there is none
 * or it cannot be read. */
scene *modes_resume(shell *sh, const game_info *g, char *err, size_t errn);
/* The score report of game g's sample (its row's finished match, started
 * as --scene table starts one), as its table hands the score screen; 0, or
 * -1 when g has no table or its sample is no finished game. */
int modes_sample(shell *sh, const game_info *g, score_report *rep);
/* Whether game g has a saved unfinished match. */
int modes_has_save(shell *sh, const game_info *g);
/* Where the saved match of game g stands, in a line or two for setup's
 * Resume (moves played, whose turn, the scores), and its seats and options
 * into *saved (unless NULL); 0, or -1 when it cannot be read. */
int modes_save_summary(shell *sh, const game_info *g, match_setup *saved, char *buf, size_t n);

#endif
