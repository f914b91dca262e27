#include "app/settings_store.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"

/* Whole-string decimal integer within int range. */
static int parse_int(const char *text, int *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno == ERANGE || v < INT_MIN || v > INT_MAX)
        return -1;
    *out = (int)v;
    return 0;
}

static void load_row(const char *key, const char *val, void *user)
{
    settings *s = user;
    int value;

    for (int id = 0; id < SETTING_COUNT; id++) {
        if (strcmp(key, settings_desc(id)->key) != 0)
            continue;
        if (parse_int(val, &value) != 0) {
            log_warn("settings: %s = \"%s\" is not a number; keeping %d", key, val, s->v[id]);
            return;
        }
        settings_set(s, (setting_id)id, value);
        if (s->v[id] != value)
            log_warn("settings: %s = %d is outside %d..%d step %d; using %d", key, value,
                     settings_desc(id)->min, settings_desc(id)->max, settings_desc(id)->step, s->v[id]);
        return;
    }
    /* Perhaps written by a newer version; leave it for that one. */
    log_info("settings: ignoring unknown key %s", key);
}

int settings_load(store *db, settings *s)
{
    settings loaded;

    settings_defaults(s);
    loaded = *s;
    if (store_each(db, "settings", load_row, &loaded) != 0) {
        log_error("settings: cannot read the store; using defaults");
        return -1;
    }
    *s = loaded;
    return 0;
}

int settings_save(store *db, const settings *s)
{
    char text[16];

    if (store_begin(db) != 0)
        return -1;
    for (int id = 0; id < SETTING_COUNT; id++) {
        snprintf(text, sizeof text, "%d", s->v[id]);
        if (store_put(db, "settings", settings_desc(id)->key, text) != 0) {
            log_error("settings: saving failed at %s; nothing saved", settings_desc(id)->key);
            store_end(db, 0);
            return -1;
        }
    }
    return store_end(db, 1);
}
