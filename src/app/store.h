/* The player's one SQLite database under SDL_GetPrefPath: settings now, saved
 * games and statistics later. Every write is a transaction, so a crash never
 * leaves it half-written. */
#ifndef STACKHOUSE_STORE_H
#define STACKHOUSE_STORE_H

#include <stddef.h>

typedef struct store store;

struct sqlite3;

/* Opens (creating and migrating) the database at path. A file that is not a
 * usable database is moved aside to path.corrupt-N, named in err as a warning,
 * and a fresh one is made with what rows of it could still be read (settings,
 * saves, the matches before the damage; a newer Stackhouse's file is only
 * moved aside). Returns NULL only if nothing can be
 * opened. */
store *store_open(const char *path, char *err, size_t errn);
/* Closes the database. */
void store_close(store *db);
/* Reads a key from a key/value table ("settings"); returns 0 if found, 1 if
 * absent, -1 on error or an unknown table. */
int store_get(store *db, const char *table, const char *key, char *val, size_t valn);
/* Called once per row by store_each. */
typedef void (*store_row_fn)(const char *key, const char *val, void *user);
/* Calls fn for every row of a key/value table, in key order; returns 0 or -1. */
int store_each(store *db, const char *table, store_row_fn fn, void *user);
/* Starts a write transaction; returns 0 or -1. */
int store_begin(store *db);
/* Writes a key in the open transaction; returns 0 or -1. */
int store_put(store *db, const char *table, const char *key, const char *val);
/* Commits (ok != 0) or rolls back the open transaction; returns 0 or -1. */
int store_end(store *db, int ok);
/* Saves one game record under slot (replacing any), in its own transaction
 * unless one is open; returns 0 or -1. */
int store_save_put(store *db, const char *slot, const char *game, const char *record);
/* Reads the save in slot: game id into game, the record text malloc'd into
 * *record (caller frees). Returns 0 if found, 1 if absent, -1 on error. */
int store_save_get(store *db, const char *slot, char *game, size_t gamen, char **record);
/* Deletes the save in slot (absent is fine); returns 0 or -1. */
int store_save_delete(store *db, const char *slot);
/* Why the last write failed, in SQLite's words ("database or disk is
 * full"); "" after a write that succeeded. */
const char *store_error(const store *db);
/* For tests: the next n write transactions fail as on a full disk, through
 * a real commit (-1: every one; 0: none). STACKHOUSE_STORE_FULL=N (or "all")
 * sets it when the store opens. */
void store_fault_full(store *db, int transactions);
/* The SQLite handle, for the history and statistics (app/history.c,
 * stats.c), which write through store_begin/store_end like everyone. */
struct sqlite3 *store_sqlite(store *db);
/* Keeps why a write failed (the handle's error) for store_error, and logs it under what. */
void store_write_failed(store *db, const char *what);
/* Whether a transaction is open (a write then joins it rather than opening its own). */
int store_in_tx(const store *db);
/* Path of the database file. */
const char *store_path(const store *db);
/* Where store_open moved an unusable file aside (path.corrupt-N), or NULL if it did not. */
const char *store_moved_aside(const store *db);

#endif
