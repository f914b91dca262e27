#include "app/bench.h"

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

static double percentile(double *v, int n, double p)
{
    int i = (int)(p * (double)(n - 1) + 0.5);
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[i];
}

/* One screen at one size: the median and p99 of our CPU time per frame
 * (events, logic, layout and building the batch), of the GL submission
 * (buffer upload and draw calls: driver time, which llvmpipe inflates by
 * binning on this thread), and the draw calls of a frame. */
static void measure(app *a, const char *name, int w, int h, int frames)
{
    static double samples[BENCH_MAX_FRAMES], submit[BENCH_MAX_FRAMES];
    double now = 0;
    scene *s = app_scene_by_name(a, name, "stax");
    SDL_SetWindowSize(a->window, w, h);
    SDL_PumpEvents();
    app_scene_replace(a, s);
    for (int f = 0; f < BENCH_WARMUP + frames; f++) {
        double t0;
        now += APP_STEP;
        t0 = app_thread_cpu();
        app_frame(a, now, 1);
        if (f >= BENCH_WARMUP) {
            samples[f - BENCH_WARMUP] = (a->cpu_before_submit - t0) * 1000.0;
            submit[f - BENCH_WARMUP] = (app_thread_cpu() - a->cpu_before_submit) * 1000.0;
        }
        SDL_GL_SwapWindow(a->window);
    }
    printf("our_cpu_ms_per_frame %s %dx%d: median %.3f p99 %.3f\n", name, a->fb_w, a->fb_h,
           percentile(samples, frames, 0.5), percentile(samples, frames, 0.99));
    printf("gl_submit_cpu_ms_per_frame %s %dx%d: median %.3f p99 %.3f\n", name, a->fb_w, a->fb_h,
           percentile(submit, frames, 0.5), percentile(submit, frames, 0.99));
    printf("draw_calls %s %dx%d: %d\n", name, a->fb_w, a->fb_h, render_get_stats(a->r).draw_calls);
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
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < (int)(sizeof screens / sizeof screens[0]); j++)
            if (!only || strstr(only, screens[j]))
                measure(a, screens[j], sizes[i][0], sizes[i][1], frames);
    app_destroy(a);
    return 0;
}
