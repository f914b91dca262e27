/* One app run in-process, driven by input scripts in turn (real SDL events,
 * src/drivers/script.h), for tests that look at the game's own state between
 * them: the scene on top, the database, the trace as it grows. Header-only,
 * as the other test helpers; include it after cmocka.h (it fails the test
 * through cmocka when a script does). */
#ifndef STACKHOUSE_APPRUN_H
#define STACKHOUSE_APPRUN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "drivers/script.h"
#include "shell/toast.h"
#include "testenv.h"

#define APPRUN_MAX_FRAMES 400000 /* a script that never ends fails here */

typedef struct apprun {
    app *a;
    char dir[300];   /* the preferences folder, ending with '/' */
    char trace[400]; /* the trace file */
    double now;      /* the clock the frames run on */
    int scripts;     /* scripts run so far: each its own file */
} apprun;

/* Opens the app as `stackhouse --scene scene [--game game] [--seats seats]
 * [--position position]` would, at 1280x720, on the preferences folder dir
 * (ending with '/'; NULL: a fresh one), tracing into it. */
static inline void apprun_open(apprun *r, const char *dir, const char *scene_name, const char *game,
                               const char *seats, const char *position)
{
    app_options o = {.window_w = 1280, .window_h = 720, .headless = 1};
    memset(r, 0, sizeof *r);
    toast_clear(); /* the toast is the process's: an earlier app's is not this one's */
    if (dir)
        snprintf(r->dir, sizeof r->dir, "%s", dir);
    else
        snprintf(r->dir, sizeof r->dir, "%s/", testenv_tmpdir());
    setenv("STACKHOUSE_PREF_DIR", r->dir, 1);
    snprintf(r->trace, sizeof r->trace, "%strace.txt", r->dir);
    o.scene = scene_name;
    o.game = game;
    o.seats = seats;
    o.position = position;
    o.screenshot = "(test)"; /* a capture run: the frames are ours to step */
    o.trace = r->trace;
    r->a = app_create(&o);
    assert_non_null(r->a);
}

/* Runs the script text frame by frame until it is done, then `after`
 * frames more, drawing the last; a failed expectation fails the test with
 * its message. */
static inline void apprun_script(apprun *r, const char *text, int after)
{
    char path[450], err[512];
    script *sc;
    FILE *f;
    int frames = 0;
    snprintf(path, sizeof path, "%sscript%d.txt", r->dir, r->scripts++);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    sc = script_load(path, err, sizeof err);
    if (!sc)
        fail_msg("%s", err);
    while (!script_done(sc) || after-- > 0) {
        if (!script_done(sc) && script_tick(sc, r->a, err, sizeof err) != 0)
            fail_msg("input script: %s\n%s", err, text);
        if (++frames > APPRUN_MAX_FRAMES)
            fail_msg("input script still running after %d frames:\n%s", frames, text);
        r->now += APP_STEP;
        /* drawn only as the script ends, as a capture run draws only its shots */
        assert_int_equal(app_frame(r->a, r->now, script_done(sc) && after <= 0), 0);
    }
    script_free(sc);
}

/* The trace so far (caller frees). */
static inline char *apprun_trace(const apprun *r) { return testenv_slurp(r->trace); }

/* The rest of the last line of trace t that starts with prefix, into
 * out; fails the test when there is none. */
static inline void apprun_last_line(const char *t, const char *prefix, char *out, size_t n)
{
    const char *at = NULL;
    for (const char *p = strstr(t, prefix); p; p = strstr(p + 1, prefix))
        if (p == t || p[-1] == '\n')
            at = p + strlen(prefix);
    if (!at)
        fail_msg("no line '%s...' traced", prefix);
    snprintf(out, n, "%.*s", (int)strcspn(at, "\n"), at);
}

/* The scene on top of the app's stack. */
static inline scene *apprun_top(const apprun *r) { return shell_top(r->a->sh); }

/* Closes the app (its database and trace with it). */
static inline void apprun_close(apprun *r)
{
    app_destroy(r->a);
    r->a = NULL;
}

#endif
