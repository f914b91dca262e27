/* The application: window, GL context, renderer, settings, input and the
 * scene stack, advanced one iteration at a time by app_iterate. */
#ifndef STACKHOUSE_APP_H
#define STACKHOUSE_APP_H

#include <stdint.h>
#include <stdio.h>

#include "app/input.h"
#include "app/paths.h"
#include "shell/scene.h"
#include "shell/shell.h"
#include "shell/settings.h"
#include "app/store.h"
#include "render/render.h"

#define APP_STEP (1.0 / 60.0)      /* fixed logic step */
#define APP_MAX_FRAME_TIME 0.25    /* accumulator clamp: a stall never causes a spiral */
#define APP_NOTICE_TIME 12.0       /* seconds a start-up notice (a toast worth reading) stays */

typedef struct app_options {
    int window_w, window_h; /* 0: default 1280×720 */
    int fullscreen;         /* --fullscreen */
    const char *scene;      /* --scene NAME: start there (picker, setup, settings, rules, score) */
    const char *replay;     /* --replay FILE: a match file on the replay screen */
    const char *game;       /* --game ID for setup/rules/table */
    const char *position;   /* --position TEXT: the table starts from a composed position */
    const char *seats;      /* --seats human,medium: who sits at the table */
    const char *hints;      /* --hints on|off|computers: who may ask for a hint (setup's Hints row) */
    uint64_t seed;          /* --seed N: every new match deals from N (has_seed) */
    int has_seed;
    const char *screenshot; /* --screenshot FILE.png */
    const char *input_script;
    const char *trace;      /* --trace FILE: focus and scene changes, for tests */
    int frames;             /* --frames N before the screenshot (default 30) */
    int bench;              /* --bench (1), --bench-phones (2) */
    int headless;           /* no message boxes (tests, CI): STACKHOUSE_HEADLESS=1 */
    int phones;             /* --phones: a table starts with phones as hands */
    int phones_port;        /* --phones-port N (-1: the default port; 0: any free one) */
    const char *phones_info; /* --phones-info FILE: url=, room=, port= once it listens */
    double start_time;      /* seconds (SDL counter) when main started */
} app_options;

typedef struct app {
    app_options opt;
    struct SDL_Window *window; /* SDL stays out of this header: screens and views include it */
    void *gl;                  /* the SDL_GLContext */
    render *r;
    app_paths paths;
    store *db;
    settings settings;
    settings stored; /* what the database holds: an unchanged set is not written again */
    int fullscreen_flag; /* --fullscreen is in force for this run only (never saved) */
    input in;
    shell *sh; /* the scene stack and what screens may see: shell/shell.h */

    double acc;       /* logic time not yet simulated */
    double last_time; /* clock of the previous iteration */
    int has_time;
    unsigned long long steps; /* logic steps done */
    unsigned long long frames;
    unsigned long long iterations; /* app_frame calls: the second opens the mixer */
    int scene_music;               /* the top scene's music last handed to the audio layer */

    int win_w, win_h; /* window size in points */
    int fb_w, fb_h;   /* drawable size in pixels */
    float vw;         /* screen width in virtual units */

    double cpu_before_submit; /* --bench: thread CPU time just before the GL submission */

    unsigned int fbo, fbo_tex; /* offscreen target for resolution scale < 100% */
    int fbo_w, fbo_h;


    FILE *trace;
    int quit;
} app;

/* Creates the window, context, renderer and first scene. Returns NULL after
 * reporting the reason (message box unless headless, and stderr). */
app *app_create(const app_options *opt);
/* app_create for main: on failure *exit_code is 2 when the command line named
 * what cannot start (a bad --scene, --game, --seats or --position), else 1. */
app *app_create_ex(const app_options *opt, int *exit_code);
/* Frees everything (saving settings). */
void app_destroy(app *a);
/* One main-loop iteration at clock `now` (seconds): events, fixed-step logic,
 * an interpolated draw and a buffer swap. Returns 0 to go on, 1 to quit. */
int app_iterate(app *a, double now);
/* app_iterate without the buffer swap; draw 0 runs events and logic only
 * (headless capture skips frames nobody sees). Returns 0 to go on. */
int app_frame(app *a, double now, int draw);
/* How long the loop may wait for an event before it must draw again: 0 while
 * anything moves (the top scene, a toast, a held direction, the music still
 * being made), SCENE_AT_REST when only input changes the screen. */
double app_rest(app *a);
/* Waits up to seconds (SCENE_AT_REST: until an event) for an event, without
 * taking it; an event posted by app_wake_any_thread ends the wait at once. */
void app_wait(app *a, double seconds);
/* From any thread: the loop stops waiting (phones' messages). */
void app_wake_any_thread(void);
/* Gives one action to the top scene, as the event pump does (phones' pads use it). */
void app_dispatch(app *a, const action_event *ev);
/* Polls and dispatches pending SDL events (part of app_iterate). */
void app_pump_events(app *a);
/* Renders the current scenes into the back buffer without swapping. */
void app_draw(app *a, float alpha);
/* Runs one fixed logic step. */
void app_step(app *a);
/* Whether the program ends: a screen asked (the picker's Quit), or the window or the renderer failed. */
int app_quitting(const app *a);
/* Seconds on the monotonic clock. */
double app_clock(void);
/* CPU seconds used by the calling thread. */
double app_thread_cpu(void);
/* Logs (at debug level) a start-up step: ms since start_time and the peak RSS so far. */
void app_startup_mark(double start_time, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The player switches fullscreen (desktop resolution) on or off: a setting,
 * saved even when --fullscreen started the run. */
void app_set_fullscreen(app *a, int on);
/* Applies settings that have side effects (volumes, fullscreen). */
void app_apply_settings(app *a);
/* Saves the settings in one transaction; returns 0 or -1. */
int app_save_settings(app *a);
/* Builds a scene by name (picker, setup, settings, rules, score, table); NULL if unknown.
 * Defined in app.c, which wires in scenes_by_name (scenes/scene_names.h). */
scene *app_scene_by_name(app *a, const char *name, const char *game);
/* Shows an error to the player: a message box (unless headless) and stderr. */
void app_fatal_message(int headless, const char *title, const char *msg);

#endif
