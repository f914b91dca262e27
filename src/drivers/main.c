/* stackhouse: the game. Also renders scenes headless for tests
 * (--scene, --screenshot, --input) and measures itself (--bench). */
#include <SDL.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "drivers/bench.h"
#include "drivers/bench_phones.h"
#include "drivers/bench_history.h"
#include "drivers/bench_saves.h"
#include "drivers/script.h"
#include "drivers/shot.h"
#include "core/log.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: stackhouse [--fullscreen] [--window WxH]\n"
            "       stackhouse --scene NAME [--game ID] --screenshot FILE.png [--window WxH]\n"
            "                  [--frames N] [--input SCRIPT] [--trace FILE]\n"
            "       stackhouse --replay FILE   (watches a match file again)\n"
            "       stackhouse --frames N [--window WxH]   (shows N frames, then exits)\n"
            "                  [--seats human,medium] [--position TEXT]   (table only)\n"
            "                  [--hints on|off|computers]   (who may ask for a hint; table only)\n"
            "                  [--seed N]   (every new match of the run deals from seed N)\n"
            "       stackhouse --phones [--phones-port N] [--phones-info FILE]   (a table with phones\n"
            "                  as hands: docs/phones.md)\n"
            "       stackhouse --bench | --bench-phones | --bench-saves | --bench-history\n"
            "scenes: picker, setup, settings, rules, score, table, replay (with --replay FILE)\n");
}

static int parse_size(const char *s, int *w, int *h)
{
    return sscanf(s, "%dx%d", w, h) == 2 && *w >= 320 && *h >= 240 && *w <= 16384 && *h <= 16384 ? 0
                                                                                                 : -1;
}

static int parse_args(int argc, char **argv, app_options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = 1;
        if (!strcmp(a, "--fullscreen")) {
            o->fullscreen = 1;
            takes = 0;
        } else if (!strcmp(a, "--phones")) {
            o->phones = 1;
            takes = 0;
        } else if (!strcmp(a, "--bench")) {
            o->bench = 1;
            takes = 0;
        } else if (!strcmp(a, "--bench-phones")) {
            o->bench = 2;
            takes = 0;
        } else if (!strcmp(a, "--bench-saves")) {
            o->bench = 3;
            takes = 0;
        } else if (!strcmp(a, "--bench-history")) {
            o->bench = 4;
            takes = 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        } else if (!v) {
            fprintf(stderr, "stackhouse: %s needs a value\n", a);
            return -1;
        } else if (!strcmp(a, "--window")) {
            if (parse_size(v, &o->window_w, &o->window_h) != 0) {
                fprintf(stderr, "stackhouse: --window wants WxH, like 1280x720 (got '%s')\n", v);
                return -1;
            }
        } else if (!strcmp(a, "--scene")) {
            o->scene = v;
        } else if (!strcmp(a, "--replay")) {
            o->replay = v; /* a match file, watched on the replay screen */
        } else if (!strcmp(a, "--game")) {
            o->game = v;
        } else if (!strcmp(a, "--position")) {
            o->position = v;
        } else if (!strcmp(a, "--seats")) {
            o->seats = v;
        } else if (!strcmp(a, "--hints")) {
            o->hints = v;
        } else if (!strcmp(a, "--screenshot")) {
            o->screenshot = v;
        } else if (!strcmp(a, "--input")) {
            o->input_script = v;
        } else if (!strcmp(a, "--phones-port")) {
            char *end;
            long p = strtol(v, &end, 10);
            if (*end || p < 0 || p > 65535) {
                fprintf(stderr, "stackhouse: --phones-port wants 0..65535 (got '%s')\n", v);
                return -1;
            }
            o->phones_port = (int)p;
        } else if (!strcmp(a, "--phones-info")) {
            o->phones_info = v;
        } else if (!strcmp(a, "--seed")) {
            char *end;
            unsigned long long seed = strtoull(v, &end, 0);
            if (*end || !*v) {
                fprintf(stderr, "stackhouse: --seed wants a number (got '%s')\n", v);
                return -1;
            }
            o->seed = (uint64_t)seed;
            o->has_seed = 1;
        } else if (!strcmp(a, "--trace")) {
            o->trace = v;
        } else if (!strcmp(a, "--frames")) {
            o->frames = atoi(v);
            if (o->frames < 1 || o->frames > 100000) {
                fprintf(stderr, "stackhouse: --frames wants 1..100000 (got '%s')\n", v);
                return -1;
            }
        } else {
            fprintf(stderr, "stackhouse: unknown option %s\n", a);
            return -1;
        }
        i += takes;
    }
    return 0;
}

static int save_png(app *a, const char *path)
{
    char err[600];
    if (shot_write_png(a->r, a->fb_w, a->fb_h, path, err, sizeof err) != 0) {
        fprintf(stderr, "stackhouse: cannot write the screenshot: %s\n", err);
        return -1;
    }
    return 0;
}

/* Headless capture: a fixed simulated clock, so every run draws the same frames. */
static int run_capture(app *a, script *sc)
{
    double now = 0;
    int frames = a->opt.frames > 0 ? a->opt.frames : 30;
    char err[512];
    for (int f = 0; !app_quitting(a); f++) {
        const char *shot = NULL, *last = NULL;
        if (sc) {
            if (script_tick(sc, a, err, sizeof err) != 0) {
                fprintf(stderr, "stackhouse: input script: %s\n", err);
                return 3;
            }
            shot = script_take_screenshot(sc);
        }
        /* The script's own shot and the final one may fall on the same
         * frame (a screenshot on its last line): both are written. */
        if (f >= frames - 1 && (!sc || script_done(sc)))
            last = a->opt.screenshot;
        now += APP_STEP;
        if (app_frame(a, now, shot || last) != 0)
            break;
        if (!shot && !last)
            continue;
        app_startup_mark(a->opt.start_time, "frame %d drawn", f + 1);
        for (int k = 0; k < 2; k++) {
            const char *path = k ? last : shot;
            if (!path)
                continue;
            if (save_png(a, path) != 0)
                return 1;
            app_startup_mark(a->opt.start_time, "%s written", path);
        }
        SDL_GL_SwapWindow(a->window);
        if (last)
            break;
    }
    return 0;
}

int main(int argc, char **argv)
{
    app_options opt;
    app *a;
    script *sc = NULL;
    int rc = 0;
    const char *headless = getenv("STACKHOUSE_HEADLESS");

    memset(&opt, 0, sizeof opt);
    opt.phones_port = -1;
    opt.start_time = app_clock();
    if (getenv("STACKHOUSE_LOG") && strcmp(getenv("STACKHOUSE_LOG"), "debug") == 0)
        log_set_level(LOG_DEBUG);
    if (parse_args(argc, argv, &opt) != 0) {
        usage(stderr);
        return 2;
    }
    /* --frames runs are automated too: a message box would wait for a click forever. */
    opt.headless = (headless && *headless && strcmp(headless, "0") != 0) || opt.screenshot || opt.frames ||
                   opt.bench;
    if (opt.input_script && !opt.screenshot) {
        fprintf(stderr, "stackhouse: --input needs --screenshot\n");
        return 2;
    }
    if (opt.input_script) {
        char err[600];
        /* SDL must be up to parse key names; the events subsystem is enough. */
        SDL_Init(SDL_INIT_EVENTS);
        sc = script_load(opt.input_script, err, sizeof err);
        if (!sc) {
            fprintf(stderr, "stackhouse: %s\n", err);
            SDL_Quit();
            return 2;
        }
    }
    if (opt.bench == 2)
        return bench_phones_run(&opt);
    if (opt.bench == 3)
        return bench_saves_run(); /* no window: the store and the midend's saves */
    if (opt.bench == 4)
        return bench_history_run(&opt);
    if (opt.bench)
        return bench_run(&opt);
    a = app_create_ex(&opt, &rc);
    if (!a) {
        script_free(sc);
        return rc;
    }
    rc = 0;
    if (opt.screenshot) {
        rc = run_capture(a, sc);
    } else {
        /* --frames N without --screenshot: N real frames, then exit (start-up timing). */
        int left = opt.frames;
        while (app_iterate(a, app_clock()) == 0 && (opt.frames == 0 || --left > 0)) {
            /* A screen at rest waits for input instead of drawing the same frame
             * (a --frames run times frames, so it draws every one). */
            if (!opt.frames)
                app_wait(a, app_rest(a));
        }
        if (opt.frames)
            app_startup_mark(opt.start_time, "%d frames shown", opt.frames);
    }
    script_free(sc);
    app_destroy(a);
    app_startup_mark(opt.start_time, "exit");
    return rc;
}
