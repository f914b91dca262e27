#include "drivers/bench_phones.h"

#include <SDL.h>
#include <epoxy/gl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/bench.h"
#include "core/log.h"
#include "table/phones.h"

#define BASE_FRAMES 240
#define MAX_FRAMES 20000

typedef struct load_job {
    phone_load_config c;
    phone_load_result r;
    int rc;
    atomic_int done;
} load_job;

static void *load_thread(void *arg)
{
    load_job *j = arg;
    j->rc = phones_api()->load_run(&j->c, &j->r);
    atomic_store(&j->done, 1);
    return NULL;
}

/* One frame as the game runs it (events, phones, logic, draw, swap), timed
 * on the wall clock until the GPU is done. */
static double frame(app *a, double *now)
{
    double w0 = app_clock();
    *now += APP_STEP;
    app_frame(a, *now, 1);
    SDL_GL_SwapWindow(a->window);
    glFinish();
    return (app_clock() - w0) * 1000.0;
}

int bench_phones_run(app_options *opt)
{
    static double base[BASE_FRAMES], loaded[MAX_FRAMES];
    int nl = 0, rc;
    double now = 0;
    app *a;
    load_job job;
    pthread_t t;

    opt->window_w = opt->window_w ? opt->window_w : 1920;
    opt->window_h = opt->window_h ? opt->window_h : 1080;
    opt->scene = "table";
    opt->game = "9stax";
    opt->seats = "human,human";
    opt->phones = 1;
    opt->phones_port = 0;
    log_set_level(LOG_WARN);
    a = app_create(opt);
    if (!a)
        return 1;
    if (!phones_on()) {
        fprintf(stderr, "stackhouse: bench phones: the phones' server did not start\n");
        app_destroy(a);
        return 1;
    }
    for (int f = 0; f < 30; f++) /* warm-up: shaders, glyphs, the atlas */
        frame(a, &now);
    for (int f = 0; f < BASE_FRAMES; f++)
        base[f] = frame(a, &now);

    /* Eight phones ping as often as the rate cap allows; each pong comes back
     * only after the game's main loop has seen the ping. */
    memset(&job, 0, sizeof job);
    job.c = (phone_load_config){"127.0.0.1", phones_api()->port(phones_server()), phones_room(), 8, 1000,
                                1000.0 / 55, 180000};
    if (pthread_create(&t, NULL, load_thread, &job) != 0) {
        app_destroy(a);
        return 1;
    }
    while (!atomic_load(&job.done) && !app_quitting(a)) {
        double ms = frame(a, &now);
        if (nl < MAX_FRAMES)
            loaded[nl++] = ms;
    }
    pthread_join(t, NULL);
    printf("phones_game_window %dx%d\n", a->fb_w, a->fb_h);
    printf("phones_game_answered %d of %d\n", job.r.answered, job.r.sent);
    printf("phones_game_rtt_ms_median %.3f\n", job.r.rtt_median_ms);
    printf("phones_game_rtt_ms_p99 %.3f\n", job.r.rtt_p99_ms);
    printf("phones_game_rtt_ms_max %.3f\n", job.r.rtt_max_ms);
    printf("phones_game_msgs_per_s %.0f\n", job.r.msgs_per_s);
    printf("frame_ms_without_phones median %.3f p99 %.3f\n", bench_percentile(base, BASE_FRAMES, 0.5),
           bench_percentile(base, BASE_FRAMES, 0.99));
    if (nl > 0)
        printf("frame_ms_with_8_phones median %.3f p99 %.3f (%d frames)\n", bench_percentile(loaded, nl, 0.5),
               bench_percentile(loaded, nl, 0.99), nl);
    rc = job.rc == 0 && job.r.answered == job.r.sent && nl > 0 ? 0 : 1;
    if (rc)
        fprintf(stderr, "stackhouse: bench phones: %d of %d pings answered\n", job.r.answered, job.r.sent);
    app_destroy(a);
    return rc;
}
