/* The player's settings (shell/settings.h) kept in the SQLite store. */
#ifndef STACKHOUSE_SETTINGS_STORE_H
#define STACKHOUSE_SETTINGS_STORE_H

#include "app/store.h"
#include "shell/settings.h"

/* Loads stored values over the defaults; bad or unknown rows are logged and
 * skipped. Returns 0, or -1 if the store could not be read (s keeps defaults). */
int settings_load(store *db, settings *s);
/* Saves every value in one transaction. Returns 0 or -1. */
int settings_save(store *db, const settings *s);

#endif
