#include "app/app.h"

#include <SDL.h>
#include <signal.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <math.h>
#endif
#include <epoxy/gl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/glpin.h"
#include "app/settings_store.h"
#include "audio/audio.h"
#include "core/log.h"
#include "scenes/scene_names.h"
#include "shell/toast.h"
#include "shell/trace.h"
#include "ui/ui.h"
#include "scenes/scenes.h"
#include "table/phones.h"

double app_thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double app_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The process's peak resident set in MB (VmHWM), or -1 where /proc has none. */
static double peak_rss_mb(void)
{
    char line[128];
    double kb = -1;
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %lf", &kb) == 1)
            break;
    fclose(f);
    return kb < 0 ? -1 : kb / 1024;
}

void app_startup_mark(double start_time, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    if (!log_enabled(LOG_DEBUG))
        return;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    /* CPU time beside the wall clock: on a loaded machine the wall clock
     * mostly measures the other processes; the CPU each step spent does not
     * (the process's includes the dynamic loader's before main, and the
     * driver's threads). */
    struct timespec cpu;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
    log_debug("start-up: %s at %.1f ms (CPU %.1f ms main thread, %.1f ms process), peak RSS %.1f MB", what,
              (app_clock() - start_time) * 1000, app_thread_cpu() * 1000,
              ((double)cpu.tv_sec + (double)cpu.tv_nsec * 1e-9) * 1000, peak_rss_mb());
}

void app_fatal_message(int headless, const char *title, const char *msg)
{
    fprintf(stderr, "stackhouse: %s: %s\n", title, msg);
    if (!headless) {
        /* SDL's handlers turn SIGTERM into a quit event that the box's own
         * loop never reads: the default action ends the process, so the
         * box never outlives a session ending or a launcher giving up. */
        signal(SIGTERM, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, title, msg, NULL);
    }
}

static void update_sizes(app *a)
{
    SDL_GetWindowSize(a->window, &a->win_w, &a->win_h);
    SDL_GL_GetDrawableSize(a->window, &a->fb_w, &a->fb_h);
    if (a->fb_h < 1)
        a->fb_h = 1;
    if (a->win_h < 1)
        a->win_h = 1;
    a->vw = RENDER_VIRTUAL_H * (float)a->fb_w / (float)a->fb_h;
    if (a->sh)
        shell_set_vw(a->sh, a->vw);
    /* Text measured between frames (a screen laid out in its update, as the
     * rules viewer's page) at the scale the next frame draws at, not the new
     * renderer's 1.0: a capture run draws only the frames it shoots. */
    if (a->r) {
        int pct = a->settings.v[SETTING_render_scale], h = pct >= 100 ? a->fb_h : a->fb_h * pct / 100;
        render_set_scale(a->r, (float)(h < 1 ? 1 : h) / RENDER_VIRTUAL_H);
    }
}

/* Puts the window in or out of fullscreen; what is remembered is the caller's business. */
static void window_fullscreen(app *a, int on)
{
    /* Desktop fullscreen: no mode switch, so a TV keeps its native resolution. */
    if (SDL_SetWindowFullscreen(a->window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0) != 0)
        log_warn("fullscreen %s failed: %s", on ? "on" : "off", SDL_GetError());
    update_sizes(a);
}

void app_set_fullscreen(app *a, int on)
{
    window_fullscreen(a, on);
    settings_set(&a->settings, SETTING_fullscreen, on);
    /* The player chose: from now on this is their setting, not the run's flag. */
    a->fullscreen_flag = 0;
    trace_line("setting fullscreen %d", on);
}

void app_apply_settings(app *a)
{
    audio_set_volume(a->settings.v[SETTING_music_volume], a->settings.v[SETTING_effects_volume]);
    int is_full = (SDL_GetWindowFlags(a->window) & SDL_WINDOW_FULLSCREEN) != 0;
    if (is_full != a->settings.v[SETTING_fullscreen])
        window_fullscreen(a, a->settings.v[SETTING_fullscreen]);
}

int app_save_settings(app *a)
{
    settings out = a->settings;
    if (!a->db)
        return -1;
    /* --fullscreen lasts for its run: the stored setting stays off. */
    if (a->fullscreen_flag)
        out.v[SETTING_fullscreen] = 0;
    /* A write is a transaction and an fsync (~12 ms); quitting usually changes nothing. */
    if (memcmp(&a->stored, &out, sizeof out) == 0)
        return 0;
    if (settings_save(a->db, &out) != 0)
        return -1;
    a->stored = out;
    return 0;
}

int app_quitting(const app *a) { return a->quit || (a->sh && shell_quitting(a->sh)); }

static int check_gl(char *err, size_t errn)
{
    int version = epoxy_gl_version();
    if (version < 33) {
        snprintf(err, errn,
                 "Stackhouse needs OpenGL 3.3, but this system offers OpenGL %d.%d (%s). "
                 "Update the graphics driver, or install Mesa (libgl1-mesa-dri).",
                 version / 10, version % 10, (const char *)glGetString(GL_RENDERER));
        return -1;
    }
    return 0;
}

/* A fresh match seed from the clock: the default seed source. */
static uint64_t app_seed_clock(void *ctx)
{
    (void)ctx;
    return (uint64_t)SDL_GetPerformanceCounter() ^ ((uint64_t)time(NULL) << 20);
}

/* --seed N, or a table opened by --scene: one fixed seed, so a run repeats exactly. */
static uint64_t fixed_seed;
static uint64_t app_seed_fixed(void *ctx)
{
    (void)ctx;
    return fixed_seed;
}

/* The shell's hooks: what the app does for the screens below it. */
static int host_settings_changed(void *ctx)
{
    app_apply_settings(ctx);
    return app_save_settings(ctx);
}

static void host_set_fullscreen(void *ctx, int on) { app_set_fullscreen(ctx, on); }

static void host_scene_changed(void *ctx)
{
    app *a = ctx;
    if (a->r)
        render_art_trim(a->r); /* the old screen's art goes with its last frame */
}

app *app_create(const app_options *opt)
{
    int exit_code;
    return app_create_ex(opt, &exit_code);
}

app *app_create_ex(const app_options *opt, int *exit_code)
{
    char err[1024] = "";
    app *a = calloc(1, sizeof *a);
    int w, h;
    Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;

    *exit_code = 1;
    if (!a)
        return NULL;
    a->opt = *opt;
    app_startup_mark(opt->start_time, "app starts"); /* the process CPU so far: the dynamic loader's */
    phones_set_waker(app_wake_any_thread); /* a phone's message ends the loop's wait */
    phones_set_place(opt->phones_port, opt->phones_info);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) != 0) {
        snprintf(err, sizeof err, "cannot start SDL video: %s", SDL_GetError());
        goto fail;
    }
    app_startup_mark(opt->start_time, "SDL ready");
    if (paths_find(&a->paths, err, sizeof err) != 0)
        goto fail;
    if (opt->trace) {
        a->trace = fopen(opt->trace, "w");
        trace_to(a->trace);
        if (!a->trace)
            log_warn("cannot write the trace file %s", opt->trace);
    }

    /* Settings first: they decide fullscreen before the window opens. */
    settings_defaults(&a->settings);
    {
        char db_path[1200], warn[1024] = "";
        paths_join(db_path, sizeof db_path, a->paths.pref, "stackhouse.db");
        /* store_open logs what went wrong itself. */
        a->db = a->paths.pref[0] ? store_open(db_path, warn, sizeof warn) : NULL;
        /* Without the database the game plays on, but a player who finds
         * their match gone next time must have been told: once, up front. */
        if (!a->db) {
            const char *why = a->paths.pref[0] ? warn : a->paths.pref_problem;
            if (strncmp(why, "store: ", 7) == 0)
                why += 7;
            log_warn("nothing will be saved this run: %s", why);
            toast_show_for(APP_NOTICE_TIME, "Nothing will be saved this run: %s.", why);
        }
        if (a->db && settings_load(a->db, &a->settings) == 0)
            a->stored = a->settings;
        else
            memset(&a->stored, 0xff, sizeof a->stored); /* unknown: the first save writes */
        /* Saves that vanish without a word look like a bug; say where they went. */
        if (store_moved_aside(a->db)) {
            toast_show_for(APP_NOTICE_TIME,
                           "Your saved games and settings could not be read, so Stackhouse started "
                           "afresh. The old file is kept as %s",
                           store_moved_aside(a->db));
        }
    }
    app_startup_mark(opt->start_time, "settings read");
    /* The window shows the flag's fullscreen, and so does the settings screen,
     * but app_save_settings keeps it out of the database. */
    if (opt->fullscreen && !a->settings.v[SETTING_fullscreen]) {
        a->settings.v[SETTING_fullscreen] = 1;
        a->fullscreen_flag = 1;
    }

    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    w = opt->window_w > 0 ? opt->window_w : 1280;
    h = opt->window_h > 0 ? opt->window_h : 720;
    if (a->settings.v[SETTING_fullscreen] && !opt->screenshot && !opt->bench)
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    a->window = SDL_CreateWindow("Stackhouse", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                 flags);
    if (!a->window) {
        snprintf(err, sizeof err, "cannot open a window: %s", SDL_GetError());
        goto fail;
    }
    SDL_SetWindowMinimumSize(a->window, 640, 360);
    a->gl = SDL_GL_CreateContext(a->window);
    if (!a->gl) {
        snprintf(err, sizeof err,
                 "Stackhouse needs OpenGL 3.3 (core profile), and this system could not provide it "
                 "(%s). Update the graphics driver, or install Mesa (libgl1-mesa-dri).",
                 SDL_GetError());
        goto fail;
    }
    if (check_gl(err, sizeof err) != 0)
        goto fail;
#ifdef STACKHOUSE_SANITIZED
    app_gl_pin(); /* the driver's own once-per-process block is no leak of ours: app/glpin.h */
#endif
    /* Vsync; adaptive first, so a missed frame tears instead of halving the rate. */
    if (SDL_GL_SetSwapInterval(-1) != 0)
        SDL_GL_SetSwapInterval(opt->screenshot || opt->bench ? 0 : 1);
    if (opt->screenshot || opt->bench)
        SDL_GL_SetSwapInterval(0);
    update_sizes(a);

    {
        render_paths rp = {a->paths.shaders, a->paths.assets, a->paths.fonts,
                           a->paths.cache[0] ? a->paths.cache : NULL};
        app_startup_mark(opt->start_time, "window and GL ready");
        a->r = render_create_gl(&rp, err, sizeof err);
        if (!a->r)
            goto fail;
    }
    app_startup_mark(opt->start_time, "renderer ready");
    update_sizes(a); /* the renderer's scale, now that there is one */
    input_init(&a->in);

    {
        shell_host host = {a, app_seed_clock, picker_scene_create, score_scene_create, rules_scene_create,
                           host_settings_changed, host_set_fullscreen, host_scene_changed};
        shell_parts parts = {a->r, &a->settings, &a->in, a->db, &a->paths};
        if (opt->has_seed || (opt->scene && strcmp(opt->scene, "table") == 0)) {
            fixed_seed = opt->has_seed ? opt->seed : 1;
            host.seed = app_seed_fixed;
        }
        a->sh = shell_create(&host, &parts);
        if (!a->sh) {
            snprintf(err, sizeof err, "out of memory");
            goto fail;
        }
        shell_set_capturing(a->sh, opt->screenshot != NULL);
        shell_set_vw(a->sh, a->vw);
    }

    {
        scene *first = app_scene_by_name(a, opt->scene ? opt->scene : opt->replay ? "replay" : "picker", opt->game);
        if (!first && opt->replay) {
            snprintf(err, sizeof err, "cannot replay %s: %s", opt->replay, scenes_error());
            *exit_code = 2;
            goto fail;
        }
        if (!first) {
            snprintf(err, sizeof err, "cannot start scene '%s' (picker, setup, settings, rules, score, table; "
                     "or a bad --game, --seats or --position)",
                     opt->scene);
            *exit_code = 2; /* the command line's fault, as for any other bad argument */
            goto fail;
        }
        shell_push(a->sh, first);
    }
    app_startup_mark(opt->start_time, "first scene ready");
    return a;

fail:
    app_fatal_message(opt->headless, "Stackhouse cannot start", err);
    app_destroy(a);
    return NULL;
}

void app_destroy(app *a)
{
    if (!a)
        return;
    shell_destroy(a->sh); /* every scene leaves while the renderer and the store are still here */
    phones_close(NULL);
    if (a->db) {
        app_save_settings(a);
        store_close(a->db);
    }
    input_quit(&a->in);
    audio_quit();
    if (a->fbo) {
        glDeleteFramebuffers(1, &a->fbo);
        glDeleteTextures(1, &a->fbo_tex);
    }
    if (a->r)
        render_destroy(a->r);
    if (a->gl)
        SDL_GL_DeleteContext(a->gl);
    if (a->window)
        SDL_DestroyWindow(a->window);
    trace_to(NULL);
    if (a->trace)
        fclose(a->trace);
    SDL_Quit();
    free(a);
}

void app_dispatch(app *a, const action_event *ev)
{
    if (ev->act == ACT_DEVICE_LOST)
        toast_show("Controller disconnected. Mouse and keyboard still work.");
    else if (ev->act == ACT_DEVICE_ADDED)
        toast_show("%s connected", a->in.last_pad_name);
    shell_dispatch(a->sh, ev);
}

void app_pump_events(app *a)
{
    SDL_Event e;
    action_event evs[4];
    while (SDL_PollEvent(&e)) {
        if (e.type == SDL_QUIT) {
            shell_quit(a->sh);
            continue;
        }
        if (e.type == SDL_WINDOWEVENT) {
            update_sizes(a);
            continue;
        }
        if (e.type == SDL_KEYDOWN && !e.key.repeat &&
            (e.key.keysym.sym == SDLK_F11 ||
             (e.key.keysym.sym == SDLK_RETURN && (e.key.keysym.mod & KMOD_ALT)))) {
            app_set_fullscreen(a, !a->settings.v[SETTING_fullscreen]);
            app_save_settings(a);
            continue;
        }
        int n = input_translate(&a->in, &e, RENDER_VIRTUAL_H / (float)a->win_h, evs, 4);
        for (int i = 0; i < n; i++)
            app_dispatch(a, &evs[i]);
        if (e.type == SDL_DROPFILE) /* the path was the event's, SDL's to free */
            SDL_free(e.drop.file);
    }
    /* Phones' pads and pings every iteration, like the SDL events: a pong's
     * trip through the main loop waits one frame at most. */
    phones_pump(a->sh);
}

/* Each screen names its piece (scene.music): the shell's top scene decides
 * what plays, so no view starts or stops music itself. Asked once per
 * change, so the fanfare plays once and the piece after it stays. */
static void app_scene_music(app *a)
{
    scene *top = shell_top(a->sh);
    int m = top ? top->music : MUSIC_NONE;

    if (m != MUSIC_NONE && m != a->scene_music) {
        audio_music((music_id)m);
        trace_line("music %s", audio_music_name((music_id)m));
    }
    if (m != MUSIC_NONE)
        a->scene_music = m;
}

void app_step(app *a)
{
    action_event evs[8];
    int n = input_update(&a->in, APP_STEP, evs, 8);
    for (int i = 0; i < n; i++)
        app_dispatch(a, &evs[i]);
    shell_update(a->sh, APP_STEP);
    toast_step(APP_STEP);
    app_scene_music(a);
    audio_update();
    a->steps++;
}

/* Resolution scale below 100% draws into a smaller offscreen target that is
 * stretched to the window: cheaper fill on a weak GPU driving a 4K TV. */
static void bind_target(app *a, int *w, int *h)
{
    int pct = a->settings.v[SETTING_render_scale];
    *w = a->fb_w;
    *h = a->fb_h;
    if (pct >= 100) {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return;
    }
    *w = a->fb_w * pct / 100;
    *h = a->fb_h * pct / 100;
    if (*w < 1)
        *w = 1;
    if (*h < 1)
        *h = 1;
    if (!a->fbo) {
        glGenFramebuffers(1, &a->fbo);
        glGenTextures(1, &a->fbo_tex);
    }
    if (a->fbo_w != *w || a->fbo_h != *h) {
        glBindTexture(GL_TEXTURE_2D, a->fbo_tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, *w, *h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glBindFramebuffer(GL_FRAMEBUFFER, a->fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, a->fbo_tex, 0);
        a->fbo_w = *w;
        a->fbo_h = *h;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, a->fbo);
}

/* The toast, a pill in the hint bar's row: beside the bar, to its left,
 * bottom edges level, when a column of 160 units or more is free there
 * (wrapped, growing upwards); else just above the bar; centred at the foot
 * of a screen with no bar. It never covers the bar, so the hints a new
 * controller brings show at once. */
static void draw_toast(app *a)
{
    const float pad = 24, gap = 16, margin = 20, row = 44;
    float alpha, size = 26, tw, w, h, lh, x, y, maxw = a->vw - 200, bar[4];
    double left;
    int has_bar = toast_kept_off(bar) == 0, beside = 0;
    const char *toast = toast_current(&left);
    if (!toast)
        return;
    alpha = left < 0.5 ? (float)(left / 0.5) : 1.0f;
    if (has_bar && bar[0] - gap - margin - 2 * pad >= 160) {
        beside = 1; /* a narrow column beside the bar covers less than a wide one over the table */
        maxw = bar[0] - gap - margin - 2 * pad;
        /* Wrapped in a column: down to the bar's own size, then the least a
         * player reads from a sofa, so it stays two lines where it can. */
        for (int k = 0; k < 2 && render_text_wrapped(a->r, FONT_SANS_BOLD, size, 0, 0, maxw, TEXT_LEFT,
                                                     (rcolor){0, 0, 0, 0}, toast, 0) >
                                     2.5f * render_line_height(a->r, FONT_SANS_BOLD, size);
             k++)
            size = k == 0 ? UI_SMALL : UI_MIN;
    }
    tw = fminf(render_text_width(a->r, FONT_SANS_BOLD, size, toast), maxw);
    lh = render_line_height(a->r, FONT_SANS_BOLD, size);
    h = render_text_wrapped(a->r, FONT_SANS_BOLD, size, 0, 0, tw + 1, TEXT_LEFT, (rcolor){0, 0, 0, 0}, toast, 0);
    w = tw + 2 * pad;
    h += row - lh;
    if (beside) {
        x = bar[0] - gap - w;
        y = bar[1] + bar[3] - h;
    } else {
        x = (a->vw - w) / 2;
        y = (has_bar ? bar[1] - gap : RENDER_VIRTUAL_H - margin) - h;
    }
    ui_audit_box((rrect){x, y, w, h});
    render_shadow(a->r, (rrect){x, y + 8, w, h}, 22, 16, (rcolor){0, 0, 0, (uint8_t)(120 * alpha)});
    render_round_rect(a->r, (rrect){x, y, w, h}, 22, (rcolor){40, 26, 14, (uint8_t)(255 * alpha)});
    render_round_outline(a->r, (rrect){x, y, w, h}, 22, 2, (rcolor){255, 200, 70, (uint8_t)(200 * alpha)});
    render_text_wrapped(a->r, FONT_SANS_BOLD, size, x + pad, y + (row - lh) / 2, tw + 1, TEXT_LEFT,
                        (rcolor){255, 240, 214, (uint8_t)(255 * alpha)}, toast, 1);
}

void app_draw(app *a, float alpha)
{
    int w, h;
    bind_target(a, &w, &h);
    glViewport(0, 0, w, h);
    if (render_begin(a->r, w, h, (rcolor){60, 38, 22, 255}) != 0) {
        a->quit = 1;
        return;
    }
    if (a->frames == 0)
        app_startup_mark(a->opt.start_time, "first frame begun"); /* art loads at its submission */
    toast_frame();
    shell_draw(a->sh, a->r, alpha);
    draw_toast(a);
    if (a->opt.bench)
        a->cpu_before_submit = app_thread_cpu();
    if (a->frames == 0)
        app_startup_mark(a->opt.start_time, "first frame laid out");
    if (render_end(a->r) != 0)
        a->quit = 1; /* art that could not be loaded: logged, as at render_begin */
    if (a->frames == 0) {
#ifdef __GLIBC__
        /* The GL driver has just compiled the shaders for the first draw and
         * freed its working memory, which glibc keeps resident inside the
         * heap; given back before the frame is rasterised, the process peaks
         * 0.3 MB lower (docs/performance.md). Once: later frames free little. */
        malloc_trim(0);
#endif
        app_startup_mark(a->opt.start_time, "first frame submitted");
    }
    if (a->fbo && a->settings.v[SETTING_render_scale] < 100) {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, a->fbo);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        glBlitFramebuffer(0, 0, w, h, 0, 0, a->fb_w, a->fb_h, GL_COLOR_BUFFER_BIT, GL_LINEAR);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    a->frames++;
}

/* The audio device opens on the second iteration, once the first frame is on
 * its way: opening it cost start-up time, and a sound asked for before then
 * waits in audio_play. */
static void start_audio(app *a)
{
    char dir[1100];

    audio_set_music_dir(paths_join(dir, sizeof dir, a->paths.data, "music"));
    if (audio_init() != 0)
        log_info("no sound device: playing silently");
    audio_set_volume(a->settings.v[SETTING_music_volume], a->settings.v[SETTING_effects_volume]);
    app_startup_mark(a->opt.start_time, "audio ready");
}

int app_frame(app *a, double now, int draw)
{
    double dt;
    if (a->iterations++ == 1)
        start_audio(a);
    if (!a->has_time) {
        a->last_time = now;
        a->has_time = 1;
    }
    dt = now - a->last_time;
    a->last_time = now;
    if (dt < 0)
        dt = 0;
    if (dt > APP_MAX_FRAME_TIME)
        dt = APP_MAX_FRAME_TIME;
    a->acc += dt;
    app_pump_events(a);
    while (a->acc >= APP_STEP && !app_quitting(a)) {
        app_step(a);
        a->acc -= APP_STEP;
    }
    if (app_quitting(a))
        return 1;
    if (draw)
        app_draw(a, (float)(a->acc / APP_STEP));
    return app_quitting(a);
}

double app_rest(app *a)
{
    /* the audio device opens on the second iteration */
    if (app_quitting(a) || a->iterations < 2 || toast_current(NULL) || input_holding(&a->in) ||
        audio_busy())
        return 0;
    return shell_wake(a->sh);
}

void app_wait(app *a, double seconds)
{
    if (seconds >= SCENE_AT_REST) {
        SDL_WaitEvent(NULL);
        /* Nothing was due: the time asleep is no game time (no catch-up steps
         * before the input that woke us). */
        a->has_time = 0;
    } else if (seconds > 0) {
        /* a timer: wake for it, with no more than one clamp of game time lost */
        int ms = (int)(1000 * (seconds < APP_MAX_FRAME_TIME ? seconds : APP_MAX_FRAME_TIME));
        if (ms > 0)
            SDL_WaitEventTimeout(NULL, ms);
    }
}

void app_wake_any_thread(void)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_USEREVENT;
    SDL_PushEvent(&e);
}

int app_iterate(app *a, double now)
{
    if (app_frame(a, now, 1) != 0)
        return 1;
    SDL_GL_SwapWindow(a->window);
    return app_quitting(a);
}

scene *app_scene_by_name(app *a, const char *name, const char *game)
{
    /* The app wires the screens in: they are defined above it, in src/scenes. */
    scene_args args = {a->opt.seats, a->opt.position, a->opt.phones, a->opt.replay, a->opt.hints};
    return scenes_by_name(a->sh, name, game, &args);
}
