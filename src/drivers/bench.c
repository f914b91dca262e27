#include "drivers/bench.h"

#include <SDL.h>
#include <epoxy/gl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/log.h"

#define BENCH_FRAMES 300 /* default; --frames N changes it (at most BENCH_MAX_FRAMES) */
#define BENCH_MAX_FRAMES 2000
#define BENCH_WARMUP 20

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

double bench_percentile(double *v, int n, double p)
{
    int i = (int)(p * (double)(n - 1) + 0.5);
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[i];
}

/* One screen at one size: the median and p99 of our CPU time per frame
 * (events, logic, layout and building the batch), of the GL submission
 * (buffer upload and draw calls: driver time on this thread), and of the
 * whole frame on the wall clock until the GPU is done (glFinish), which on a
 * software rasteriser such as llvmpipe is mostly its fill on other threads.
 * Returns -1, saying why, when a frame was not drawn or a figure is not sane:
 * a stale submit stamp once printed negative times that climbed by screen. */
static int measure(app *a, const char *name, int w, int h, int frames)
{
    static double samples[BENCH_MAX_FRAMES], submit[BENCH_MAX_FRAMES], wall[BENCH_MAX_FRAMES];
    double now = 0;
    scene *s = app_scene_by_name(a, name, "stax");
    if (!s) {
        fprintf(stderr, "stackhouse: bench: no scene %s\n", name);
        return -1;
    }
    SDL_SetWindowSize(a->window, w, h);
    SDL_PumpEvents();
    shell_replace(a->sh, s);
    for (int f = 0; f < BENCH_WARMUP + frames; f++) {
        unsigned long long drawn = a->frames;
        double t0, w0 = app_clock();
        now += APP_STEP;
        t0 = app_thread_cpu();
        a->cpu_before_submit = -1;
        app_frame(a, now, 1);
        double t1 = app_thread_cpu();
        SDL_GL_SwapWindow(a->window);
        glFinish();
        if (app_quitting(a) || a->frames != drawn + 1 || a->cpu_before_submit < t0 ||
            t1 < a->cpu_before_submit) {
            fprintf(stderr, "stackhouse: bench: frame %d of %s at %dx%d was not drawn%s\n", f, name, w,
                    h, app_quitting(a) ? " (the app quit: see the log above)" : "");
            return -1;
        }
        if (f >= BENCH_WARMUP) {
            samples[f - BENCH_WARMUP] = (a->cpu_before_submit - t0) * 1000.0;
            submit[f - BENCH_WARMUP] = (t1 - a->cpu_before_submit) * 1000.0;
            wall[f - BENCH_WARMUP] = (app_clock() - w0) * 1000.0;
        }
    }
    if (a->fb_w != w || a->fb_h != h)
        fprintf(stderr, "stackhouse: bench: asked for %dx%d, the window is %dx%d\n", w, h, a->fb_w,
                a->fb_h);
    printf("our_cpu_ms_per_frame %s %dx%d: median %.3f p99 %.3f\n", name, a->fb_w, a->fb_h,
           bench_percentile(samples, frames, 0.5), bench_percentile(samples, frames, 0.99));
    printf("gl_submit_cpu_ms_per_frame %s %dx%d: median %.3f p99 %.3f\n", name, a->fb_w, a->fb_h,
           bench_percentile(submit, frames, 0.5), bench_percentile(submit, frames, 0.99));
    printf("frame_wall_ms_with_gpu %s %dx%d: median %.3f p99 %.3f\n", name, a->fb_w, a->fb_h,
           bench_percentile(wall, frames, 0.5), bench_percentile(wall, frames, 0.99));
    printf("draw_calls %s %dx%d: %d\n", name, a->fb_w, a->fb_h, render_get_stats(a->r).draw_calls);
    fflush(stdout);
    return 0;
}

int bench_run(app_options *opt)
{
    static const char *const screens[] = {"picker", "setup", "settings", "rules", "score"};
    static const int sizes[][2] = {{1920, 1080}, {3840, 2160}};
    app *a;
    double first;
    int frames = opt->frames > 0 ? opt->frames : BENCH_FRAMES;

    if (frames > BENCH_MAX_FRAMES)
        frames = BENCH_MAX_FRAMES;
    opt->window_w = 1920;
    opt->window_h = 1080;
    a = app_create(opt);
    if (!a)
        return 1;
    app_frame(a, APP_STEP, 1);
    log_debug("start-up: first frame built and submitted at %.1f ms",
              (app_clock() - opt->start_time) * 1000);
    SDL_GL_SwapWindow(a->window);
    glFinish();
    first = (app_clock() - opt->start_time) * 1000.0;
    if (getenv("STACKHOUSE_BENCH_STARTUP_ONLY")) {
        printf("startup_to_first_frame_ms: %.1f\n", first);
        app_destroy(a);
        return 0;
    }
    printf("startup_to_first_frame_ms: %.1f\n", first);
    /* STACKHOUSE_BENCH_SCREENS=rules,score limits the run (for profiling one screen). */
    const char *only = getenv("STACKHOUSE_BENCH_SCREENS");
    int rc = 0;
    for (int i = 0; i < 2 && rc == 0; i++)
        for (int j = 0; j < (int)(sizeof screens / sizeof screens[0]) && rc == 0; j++)
            if (!only || strstr(only, screens[j]))
                rc = measure(a, screens[j], sizes[i][0], sizes[i][1], frames);
    app_destroy(a);
    return rc == 0 ? 0 : 1;
}
