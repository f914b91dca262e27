/* What can still be read from a database that was moved aside (store.c):
 * every row of our tables up to the first damaged page, copied into the
 * fresh one, so a file truncated mid-write keeps its settings, saves and the
 * matches before the damage. */
#ifndef STACKHOUSE_STORE_SALVAGE_H
#define STACKHOUSE_STORE_SALVAGE_H

#include <stddef.h>

struct sqlite3;

/* Copies the readable rows of the file at from (opened read-only, its WAL
 * ignored, so it stays as it was) into fresh, in one transaction, keeping
 * only whole matches (header, every seat and the body). Writes to note what
 * was kept (" with 12 matches recovered", "" when nothing); returns the
 * number of rows kept, or -1 when nothing could be read. */
int store_salvage(struct sqlite3 *fresh, const char *from, char *note, size_t n);

#endif
