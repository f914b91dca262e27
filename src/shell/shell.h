/* The shell: what every screen, table and view stands on, and all they may
 * see of the program (their narrow context): the scene stack with its
 * go-back and go-home calls, the virtual screen width, the renderer, the
 * player's settings, the input devices, the save store and the data paths.
 * With the toast (shell/toast.h) and the trace (shell/trace.h) it sits
 * below everything that uses it and knows none of it: the screens it must
 * open by itself (home, the score and rules screens), a new match's seed and
 * the settings' side effects come from its host (the app), which wires them
 * in at start-up (like julius' window stack, which knows no window). */
#ifndef STACKHOUSE_SHELL_H
#define STACKHOUSE_SHELL_H

#include <stdint.h>

#include "shell/action.h"
#include "shell/scene.h"

struct render;
struct settings;
struct input;
struct store;
struct app_paths;
struct score_report;

/* What the host (the app) does for the shell. */
typedef struct shell_host {
    void *ctx; /* the host's own, passed back to the hooks that take it */
    /* A new match's seed (the clock, or a test's fixed seed). */
    uint64_t (*seed)(void *ctx);
    /* The screen a table leaves for when nothing is below it (the picker). */
    scene *(*home)(shell *sh);
    /* The end-of-game screen for a finished match. */
    scene *(*score_screen)(shell *sh, const struct score_report *rep);
    /* A rules document (docs/rules/<doc>.md) on screen. */
    scene *(*rules_screen)(shell *sh, const char *doc);
    /* The settings changed: apply their side effects (volumes) and save them. */
    int (*settings_changed)(void *ctx); /* 0, or -1 when they could not be saved */
    /* The player switches fullscreen on or off (a saved setting). */
    void (*set_fullscreen)(void *ctx, int on);
    /* The top scene changed (the old screen's art may go). */
    void (*scene_changed)(void *ctx);
} shell_host;

/* What the shell reads and hands out; the host owns every one of them. */
typedef struct shell_parts {
    struct render *r;          /* NULL in a run with no window (a test's) */
    struct settings *settings; /* the player's settings, as in force */
    struct input *in;          /* the input devices */
    struct store *db;          /* the save store (NULL: nothing is saved) */
    const struct app_paths *paths;
} shell_parts;

/* A shell over the host's parts; NULL when out of memory. */
shell *shell_create(const shell_host *host, const shell_parts *parts);
/* Leaves every scene and frees the shell (NULL is fine). */
void shell_destroy(shell *sh);

/* The screen's width in virtual units (its height is RENDER_VIRTUAL_H). */
float shell_vw(const shell *sh);
/* The host sets the width when the window changes. */
void shell_set_vw(shell *sh, float vw);
/* The renderer (for measuring text outside a draw). */
struct render *shell_render(const shell *sh);
/* The player's settings. */
const struct settings *shell_settings(const shell *sh);
/* The settings to change (the settings screen); shell_settings_changed after. */
struct settings *shell_settings_edit(shell *sh);
/* The settings changed: their side effects apply and they are saved; 0, or
 * -1 when they could not be saved (they apply until the player quits). */
int shell_settings_changed(shell *sh);
/* Fullscreen on or off, saved as a setting. */
void shell_set_fullscreen(shell *sh, int on);
/* The input devices (the last one used, which pads are present). */
const struct input *shell_input(const shell *sh);
/* The same, to attach phones as pads. */
struct input *shell_input_edit(shell *sh);
/* The save store, or NULL when there is none. */
struct store *shell_store(const shell *sh);
/* Where the data lives (assets, rules documents). */
const struct app_paths *shell_paths(const shell *sh);
/* A new match's seed. */
uint64_t shell_seed(shell *sh);

/* Pushes s and enters it (traced "scene NAME"). */
void shell_push(shell *sh, scene *s);
/* Pops the top scene; the program quits when none is left. */
void shell_pop(shell *sh);
/* Replaces the top scene (traced). */
void shell_replace(shell *sh, scene *s);
/* Leaves the top scene for the one below it, or for home when nothing is below. */
void shell_back(shell *sh);
/* Drops every scene and shows home, keeping it if it is the one at the bottom. */
void shell_home(shell *sh);
/* Whether s is the top scene (it was not replaced while it ran). */
int shell_is_top(const shell *sh, const scene *s);
/* The top scene, or NULL. */
scene *shell_top(const shell *sh);
/* The score screen for rep (built by the host's hook). */
scene *shell_score_screen(shell *sh, const struct score_report *rep);
/* The rules screen for doc. */
scene *shell_rules_screen(shell *sh, const char *doc);

/* The program should end (the picker's Quit, a window closed). */
void shell_quit(shell *sh);
/* Whether it is ending. */
int shell_quitting(const shell *sh);
/* A capture run (--screenshot) waits for what a player would wait for. */
void shell_set_capturing(shell *sh, int on);
int shell_capturing(const shell *sh);

/* Gives one action to the top scene. */
void shell_dispatch(shell *sh, const action_event *ev);
/* One fixed logic step of the top scene. */
void shell_update(shell *sh, double dt);
/* Draws from the highest scene that covers the screen up to the top. */
void shell_draw(shell *sh, struct render *r, float alpha);
/* While shell_draw draws a scene under the top one (a modal's backdrop). */
int shell_drawing_covered(const shell *sh);
/* Draws what follows as covered (a screen drawing another's content under
 * its own, as the replay draws a table: that content's hint bar stays
 * away); returns the old value, to set back. */
int shell_set_drawing_covered(shell *sh, int covered);
/* The top scene's wake (scene.h): 0 when it has none. */
double shell_wake(shell *sh);

#endif
