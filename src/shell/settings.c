/* Settings over SETTINGS_TABLE: the table gives every key its range, so
 * loading, the menus and saving share one definition. */
#include "shell/settings.h"

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

const char *settings_choice_label(setting_id id, int v)
{
    /* How long a computer pauses before each of its moves (table.c's pace). */
    static const char *const pace[3] = {"Slow", "Normal", "Fast"};
    const setting_desc *d = settings_desc(id);
    if (!d || d->kind != SETTING_CHOICE || v < d->min || v > d->max)
        return NULL;
    return id == SETTING_ai_pace ? pace[v] : NULL;
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
