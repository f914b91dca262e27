/* Settings over SETTINGS_TABLE: the table gives every key its range, so
 * loading, the menus and saving share one definition. */
#include "app/settings.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"

static const setting_desc descs[SETTING_COUNT] = {
#define X(key, label, def, min, max, step, kind) {#key, label, def, min, max, step, SETTING_##kind},
    SETTINGS_TABLE(X)
#undef X
};

const setting_desc *settings_desc(setting_id id)
{
    if ((int)id < 0 || id >= SETTING_COUNT)
        return NULL;
    return &descs[id];
}

void settings_defaults(settings *s)
{
    for (int id = 0; id < SETTING_COUNT; id++)
        s->v[id] = descs[id].def;
}

/* Clamps to the range, then snaps to the nearest step counted from min. */
static int settings_fit(const setting_desc *d, int value)
{
    long v = value;

    if (v < d->min)
        v = d->min;
    if (v > d->max)
        v = d->max;
    if (d->step > 1) {
        v = d->min + (v - d->min + d->step / 2) / d->step * d->step;
        if (v > d->max)
            v -= d->step;
    }
    return (int)v;
}

void settings_set(settings *s, setting_id id, int value)
{
    const setting_desc *d = settings_desc(id);

    if (d)
        s->v[id] = settings_fit(d, value);
}

void settings_step(settings *s, setting_id id, int dir)
{
    const setting_desc *d = settings_desc(id);
    long v;

    if (!d || dir == 0)
        return;
    v = s->v[id] + (long)(dir > 0 ? 1 : -1) * d->step;
    if (d->kind == SETTING_BOOL && (v > d->max || v < d->min))
        v = v > d->max ? d->min : d->max; /* a toggle goes round */
    s->v[id] = settings_fit(d, (int)(v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : v));
}

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
        if (strcmp(key, descs[id].key) != 0)
            continue;
        if (parse_int(val, &value) != 0) {
            log_warn("settings: %s = \"%s\" is not a number; keeping %d", key, val, s->v[id]);
            return;
        }
        s->v[id] = settings_fit(&descs[id], value);
        if (s->v[id] != value)
            log_warn("settings: %s = %d is outside %d..%d step %d; using %d", key, value,
                     descs[id].min, descs[id].max, descs[id].step, s->v[id]);
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
        if (store_put(db, "settings", descs[id].key, text) != 0) {
            log_error("settings: saving failed at %s; nothing saved", descs[id].key);
            store_end(db, 0);
            return -1;
        }
    }
    return store_end(db, 1);
}
