/* The game table: which games have a table view, starting, saving and
 * resuming a match, and the pause menu every table shares. A saved match is
 * its seats plus its game record (options, seed, moves), one slot per game;
 * a real-time game (SPEEDSTAX) saves its own text in place of the record. */
#ifndef STACKHOUSE_TABLE_H
#define STACKHOUSE_TABLE_H

#include <stddef.h>

#include "core/record.h"
#include "scenes/scenes.h"

struct app;

/* A view constructor: plays the match m from rec (which it takes over). */
typedef scene *(*table_view_fn)(struct app *a, const match_setup *m, game_record *rec);
/* A real-time view's resume: the match m (its seats) from the view's own
 * save text; NULL with the reason in err when the text is not sound. */
typedef scene *(*table_resume_fn)(struct app *a, const match_setup *m, const char *text, char *err, size_t errn);

/* What the pause menu hands back to its table. */
typedef enum table_menu_choice {
    TABLE_MENU_NONE,
    TABLE_MENU_RESUME,
    TABLE_MENU_UNDO,
    TABLE_MENU_REDO,
    TABLE_MENU_RULES,
    TABLE_MENU_QUIT
} table_menu_choice;

/* A new match as set up (a fresh seed); NULL if the game has no table. */
scene *table_scene_create(struct app *a, const match_setup *m);
/* A match from a record (taken over, freed on failure); NULL if the game has no table. */
scene *table_scene_open(struct app *a, const match_setup *m, game_record *rec);
/* The saved match of game g; NULL with the reason in err when there is none
 * or it cannot be read. */
scene *table_scene_resume(struct app *a, const game_info *g, char *err, size_t errn);
/* Whether game g has a saved unfinished match. */
int table_has_save(struct app *a, const game_info *g);
/* Saves the match (seats and record) in its game's slot; 0 or -1. */
int table_save(struct app *a, const match_setup *m, const game_record *rec);
/* Saves a real-time match (seats and the view's own text, which its
 * table_resume_fn reads back) in the slot of game_id; 0 or -1. */
int table_save_text(struct app *a, const match_setup *m, const char *game_id, const char *body);
/* Forgets the saved match of a game (it ended, or could not be read). */
void table_save_delete(struct app *a, const char *game_id);
/* A default match for --scene table: seat 1 human, the rest computer (medium);
 * seats ("human,easy", ...) overrides them. 0, or -1 if seats is malformed. */
int table_match_default(match_setup *m, const game_info *g, const char *seats);
/* The pause menu over a table; the choice is written to *choice when it closes. */
scene *table_menu_create(struct app *a, table_menu_choice *choice, int can_undo, int can_redo);
/* A seat's name as the table and the score screen show it ("Computer (Hard)"). */
void table_seat_name(const match_setup *m, int seat, char *buf, size_t n);

/* A computer move searched on a worker thread over its own copy of the
 * position; whichever of the thread and the table lets go last frees it. */
typedef struct table_ai table_ai;
/* Starts a search of position st (game g) at level (0 easy .. 2 hard), from
 * seed; without a thread it thinks here (the frame stalls, the game goes on). */
table_ai *table_ai_start(const game_rules *g, const void *st, int level, uint64_t seed);
/* Whether the answer is ready. */
int table_ai_done(const table_ai *j);
/* Waits for the answer and frees the job: 0 with the move in out, or -1. */
int table_ai_take(table_ai *j, game_move *out);
/* Lets go of a search whose answer no longer matters (NULL is fine); with
 * wait it lets it finish first (the app is closing). */
void table_ai_drop(table_ai *j, int wait);
/* The seed of the computer's search at a ply: from the game's seed, so a
 * replayed game replays the computer too. */
uint64_t table_ai_seed(const game_record *rec);

/* Saves an unfinished match that has moves (traced "<tag> saved"); a
 * finished or empty one is not saved. */
void table_save_unfinished(struct app *a, const match_setup *m, const game_record *rec, int over,
                           const char *tag);
/* Menu > Save & quit: saves, marks rec saved (its moves forgotten, so the
 * view's leave does not save again) and leaves for the scene below, or the picker. */
void table_quit(struct app *a, const match_setup *m, game_record *rec, int over, const char *tag);
/* Leaves a table for the scene below it, or for the picker when there is none. */
void table_leave(struct app *a);

/* Takes over rec for a view of game id: checks the game and replays it to
 * its cursor into st. 0, or -1 (rec freed, the reason logged). */
int table_record_take(game_record *dst, game_record *rec, const char *id, void *st);

#endif
