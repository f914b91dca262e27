/* Player settings: one X-macro table of key, type, default and range (like
 * Taisei's config.h), part of the shell every screen reads them through;
 * the app keeps them in the SQLite store (app/settings_store.h). */
#ifndef STACKHOUSE_SETTINGS_H
#define STACKHOUSE_SETTINGS_H

/* X(key, label, default, min, max, step, kind)  kind: BOOL, PERCENT, CHOICE */
#define SETTINGS_TABLE(X)                                                                          \
    X(fullscreen, "Fullscreen", 0, 0, 1, 1, BOOL)                                                  \
    X(render_scale, "Resolution scale", 100, 50, 100, 10, PERCENT)                                 \
    X(music_volume, "Music volume", 50, 0, 100, 10, PERCENT)                                       \
    X(effects_volume, "Effects volume", 80, 0, 100, 10, PERCENT)                                   \
    X(colorblind, "Colour-blind patterns", 0, 0, 1, 1, BOOL)                                       \
    X(reduced_motion, "Reduced motion", 0, 0, 1, 1, BOOL)                                          \
    X(ai_pace, "Computer pace", 1, 0, 2, 1, CHOICE)                                                \
    X(maxstax_snap, "Square up blocks", 1, 0, 1, 1, BOOL)                                          \
    X(maxstax_ghost, "Ghost and hints", 0, 0, 1, 1, BOOL)                                           \
    X(nine_memory, "What you know (9 STAX)", 0, 0, 1, 1, BOOL)

typedef enum setting_kind { SETTING_BOOL, SETTING_PERCENT, SETTING_CHOICE } setting_kind;

typedef enum setting_id {
#define X(key, label, def, min, max, step, kind) SETTING_##key,
    SETTINGS_TABLE(X)
#undef X
        SETTING_COUNT
} setting_id;

typedef struct setting_desc {
    const char *key;
    const char *label;
    int def, min, max, step;
    setting_kind kind;
} setting_desc;

typedef struct settings {
    int v[SETTING_COUNT];
} settings;

/* The table entry for a setting. */
const setting_desc *settings_desc(setting_id id);
/* Fills s with every default. */
void settings_defaults(settings *s);
/* Sets a value clamped to its range (and snapped to its step). */
void settings_set(settings *s, setting_id id, int value);
/* The words for value v of a CHOICE setting ("Slow", "Normal", "Fast"); NULL for other kinds. */
const char *settings_choice_label(setting_id id, int v);
/* Steps a value by dir (±1) by its step, wrapping BOOLs. */
void settings_step(settings *s, setting_id id, int dir);
#endif
