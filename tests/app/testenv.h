/* Test helpers for windowed tests: each test starts its own Xvfb (big enough
 * for 4K), and runs the game binary capturing its output. Header-only so each
 * test stays one file. */
#ifndef STACKHOUSE_TESTENV_H
#define STACKHOUSE_TESTENV_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "app/store.h"
#include "xvfb.h"

static pid_t testenv_xvfb_pid;

static inline void testenv_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Starts Xvfb (big enough for 4K) on a display of its own (xvfb_spawn) and
 * exports DISPLAY; returns 0, or -1 if Xvfb is missing or did not start. */
static inline int testenv_start_xvfb(void)
{
    char disp[16];
    int n;
    if (access("/usr/bin/Xvfb", X_OK) != 0)
        return -1;
    if (xvfb_spawn("3840x2160x24", &testenv_xvfb_pid, &n) != 0)
        return -1;
    snprintf(disp, sizeof disp, ":%d", n);
    setenv("DISPLAY", disp, 1);
    return 0;
}

/* Stops the Xvfb started above. */
static inline void testenv_stop_xvfb(void)
{
    if (testenv_xvfb_pid > 0) {
        kill(testenv_xvfb_pid, SIGTERM);
        waitpid(testenv_xvfb_pid, NULL, 0);
        testenv_xvfb_pid = 0;
    }
}

/* Makes a fresh temporary directory; returns a static path. */
static inline const char *testenv_tmpdir(void)
{
    static char dir[128];
    snprintf(dir, sizeof dir, "/tmp/stackhouse-test-XXXXXX");
    if (!mkdtemp(dir))
        return NULL;
    return dir;
}

/* For tests that run the game binary: our own Xvfb, a scratch folder (its
 * path into tmp) for preferences, the dummy audio driver, headless messages
 * and the data found beside the binary. Returns 0, or -1 without Xvfb. */
static inline int testenv_start_game_env(char *tmp, size_t n)
{
    if (testenv_start_xvfb() != 0) {
        fprintf(stderr, "Xvfb is not installed (apt-get install xvfb)\n");
        return -1;
    }
    snprintf(tmp, n, "%s", testenv_tmpdir());
    setenv("STACKHOUSE_PREF_DIR", tmp, 1);
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    setenv("STACKHOUSE_HEADLESS", "1", 1);
    unsetenv("STACKHOUSE_DATA_DIR");
    return 0;
}

/* cmocka group setup for tests that run the app in-process: our own Xvfb,
 * the build's data, a fresh preferences folder and the dummy audio driver. */
static inline int testenv_app_setup(void **state)
{
    (void)state;
    if (testenv_start_xvfb() != 0) {
        fprintf(stderr, "Xvfb is not installed (apt-get install xvfb)\n");
        return -1;
    }
#ifdef STACKHOUSE_DATA_BUILD
    setenv("STACKHOUSE_DATA_DIR", STACKHOUSE_DATA_BUILD, 1);
#endif
    setenv("STACKHOUSE_PREF_DIR", testenv_tmpdir(), 1);
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    return 0;
}

/* The teardown that goes with testenv_app_setup. */
static inline int testenv_app_teardown(void **state)
{
    (void)state;
    testenv_stop_xvfb();
    return 0;
}

/* Reads a whole file into a malloc'd string ("" if missing). */
static inline char *testenv_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f)
        return calloc(1, 1);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = calloc(1, (size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n)
        buf[0] = '\0';
    fclose(f);
    return buf;
}

/* Runs a shell command with env assignments prefixed; stderr goes to errfile.
 * Returns the exit status (or 128+signal). */
static inline int testenv_run(const char *cmd)
{
    int rc = system(cmd);
    if (rc == -1)
        return -1;
    if (WIFSIGNALED(rc))
        return 128 + WTERMSIG(rc);
    return WEXITSTATUS(rc);
}

/* Runs the game binary on tests/scripts/<name>.txt at 1280x720 with its
 * own preferences folder tmp/<pref> (a save survives between runs that
 * share pref), tracing to a file; *rc gets the exit status. Returns the
 * trace (caller frees). */
static inline char *testenv_play_script(const char *tmp, const char *game, const char *source_dir,
                                        const char *pref, const char *scene_args, const char *name,
                                        int *rc)
{
    char cmd[4096], trace[400];
    snprintf(trace, sizeof trace, "%s/%s-%s.trace", tmp, pref, name);
    /* 1280x720 unless the scene's arguments name a window of their own */
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/%s && cd / && STACKHOUSE_PREF_DIR=%s/%s %s %s --screenshot %s/%s.png "
             "%s --input %s/tests/scripts/%s.txt --trace %s 2>%s/%s.err >/dev/null",
             tmp, pref, tmp, pref, game, scene_args, tmp, name,
             strstr(scene_args, "--window") ? "" : "--window 1280x720", source_dir, name, trace, tmp, name);
    *rc = testenv_run(cmd);
    return testenv_slurp(trace);
}

/* Copies the text after the first (last: the last) occurrence of key in t,
 * up to the newline, into out; 0, or -1 if key is absent. */
static inline int testenv_line_after(const char *t, const char *key, int last, char *out, size_t n)
{
    const char *p = strstr(t, key), *q;
    if (!p)
        return -1;
    while (last && (q = strstr(p + 1, key)))
        p = q;
    p += strlen(key);
    q = strchr(p, '\n');
    snprintf(out, n, "%.*s", (int)(q ? q - p : (long)strlen(p)), p);
    return 0;
}

/* The first of want[0..n) that trace t lacks, looking for each after the
 * one before it; NULL when t holds them all in that order. */
static inline const char *testenv_missing_in_order(const char *t, const char *const *want, int n)
{
    for (int i = 0; i < n; i++) {
        const char *p = strstr(t, want[i]);
        if (!p)
            return want[i];
        t = p + strlen(want[i]);
    }
    return NULL;
}

/* The game's arguments for a table of game with seats on the composed
 * position in tests/scripts/<pos>.pos (read by the shell: a whole
 * position is too long to read well in a test). */
static inline void testenv_composed_args(char *buf, size_t n, const char *game, const char *seats, const char *pos)
{
    snprintf(buf, n, "--scene table --game %s --seats %s --position \"$(cat %s/tests/scripts/%s.pos)\"", game, seats,
             STACKHOUSE_SOURCE_DIR, pos);
}

/* The scratch folder of testenv_game_setup. */
static inline char *testenv_game_tmp(void)
{
    static char tmp[256];
    return tmp;
}

/* The saved match of game (its slot's whole text into *text, caller frees)
 * in the preferences folder pref of testenv_game_tmp; 0, or -1 when none. */
static inline int testenv_saved(const char *pref, const char *game, char **text)
{
    char path[450], err[300], id[32];
    store *db;
    int rc;
    snprintf(path, sizeof path, "%s/%s/stackhouse.db", testenv_game_tmp(), pref);
    db = store_open(path, err, sizeof err);
    rc = db ? store_save_get(db, game, id, sizeof id, text) : -1;
    store_close(db);
    return rc == 0 ? 0 : -1;
}

/* The store of preferences folder pref of testenv_game_tmp (store_close
 * it), or NULL when it does not open. */
static inline store *testenv_pref_store(const char *pref)
{
    char path[450], err[300];
    snprintf(path, sizeof path, "%s/%s/stackhouse.db", testenv_game_tmp(), pref);
    return store_open(path, err, sizeof err);
}

/* cmocka group setup and teardown for tests that run the game binary. */
static inline int testenv_game_setup(void **state)
{
    (void)state;
    return testenv_start_game_env(testenv_game_tmp(), 256);
}

static inline int testenv_game_teardown(void **state)
{
    (void)state;
    testenv_stop_xvfb();
    return 0;
}

/* testenv_play_script that expects exit status 0: the trace, or NULL (with
 * a message) if the game failed. */
#define TESTENV_PLAY_SCRIPT(tmp, game, pref, scene_args, script)                                   \
    testenv_play_script_ok((tmp), (game), STACKHOUSE_SOURCE_DIR, (pref), (scene_args), (script))
static inline char *testenv_play_script_ok(const char *tmp, const char *game, const char *src, const char *pref,
                                        const char *scene_args, const char *script_name)
{
    int rc;
    char *t = testenv_play_script(tmp, game, src, pref, scene_args, script_name, &rc);
    if (rc != 0) {
        fprintf(stderr, "game exited with %d on script %s\n", rc, script_name);
        free(t);
        return NULL;
    }
    return t;
}

#endif
