/* The game binary end to end under its own Xvfb: headless capture, the
 * controller-only tour, a controller unplugged mid-game, bad conditions (no
 * OpenGL 3.3, a corrupt or missing asset, a bad input script, a corrupt
 * settings database, bad arguments) each giving one clear message and no
 * crash, and the capture tool's own promises (--scene score --game, script
 * screenshots). */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL_image.h>
#include <signal.h>
#include <unistd.h>

#include "shell/settings.h"
#include "core/registry.h"
#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"


static int run(const char *env, const char *args, const char *errfile)
{
    char cmd[4096];
    /* From another working directory: the game must not depend on it. */
    snprintf(cmd, sizeof cmd, "cd / && %s %s %s 2>%s >/dev/null", env ? env : "", GAME, args, errfile);
    return testenv_run(cmd);
}

static void test_screenshot_any_cwd(void **state)
{
    char args[512], png[300], err[300];
    (void)state;
    snprintf(png, sizeof png, "%s/picker.png", testenv_game_tmp());
    snprintf(err, sizeof err, "%s/err.txt", testenv_game_tmp());
    snprintf(args, sizeof args, "--scene picker --screenshot %s --window 1280x720 --frames 5", png);
    assert_int_equal(run(NULL, args, err), 0);
    {
        FILE *f = fopen(png, "rb");
        unsigned char sig[24];
        assert_non_null(f);
        assert_int_equal(fread(sig, 1, 24, f), 24);
        fclose(f);
        assert_memory_equal(sig + 1, "PNG", 3);
        /* IHDR width and height, big-endian. */
        assert_int_equal((sig[16] << 24) | (sig[17] << 16) | (sig[18] << 8) | sig[19], 1280);
        assert_int_equal((sig[20] << 24) | (sig[21] << 16) | (sig[22] << 8) | sig[23], 720);
    }
}

static void test_controller_reaches_everything(void **state)
{
    char args[1024], trace[300], err[300];
    char *t;
    (void)state;
    snprintf(trace, sizeof trace, "%s/tour.trace", testenv_game_tmp());
    snprintf(err, sizeof err, "%s/tour.err", testenv_game_tmp());
    snprintf(args, sizeof args,
             "--scene picker --screenshot %s/tour.png --input %s/tests/scripts/controller_tour.txt "
             "--trace %s",
             testenv_game_tmp(), STACKHOUSE_SOURCE_DIR, trace);
    assert_int_equal(run(NULL, args, err), 0);
    t = testenv_slurp(trace);
    for (int i = 0; i < registry_count(); i++) {
        char want[64];
        snprintf(want, sizeof want, "focus picker %s\n", registry_get(i)->id);
        if (!strstr(t, want) && !strstr(t, want + 0))
            fprintf(stderr, "controller never reached tile %s\n", registry_get(i)->id);
        /* the first tile is focused on entry */
        if (i > 0)
            assert_non_null(strstr(t, want));
    }
    {
        /* Every row of the settings table, however many there are. */
        for (int i = 0; i < SETTING_COUNT; i++) {
            char want[64];
            snprintf(want, sizeof want, "focus settings %s\n", settings_desc((setting_id)i)->key);
            if (i == 0)
                continue; /* focused on entry */
            assert_non_null(strstr(t, want));
        }
    }
    /* The controller changed values: render scale down then up, colour-blind twice. */
    assert_non_null(strstr(t, "setting render_scale 90"));
    assert_non_null(strstr(t, "setting render_scale 100"));
    assert_non_null(strstr(t, "setting colorblind 1"));
    assert_non_null(strstr(t, "setting colorblind 0"));
    /* and the Computer pace, Fast then back to Normal */
    assert_non_null(strstr(t, "setting ai_pace 2\nsetting ai_pace 1\n"));
    free(t);
}

static void test_unplugged_controller(void **state)
{
    char args[1024], trace[300], err[300];
    char *t;
    (void)state;
    snprintf(trace, sizeof trace, "%s/unplug.trace", testenv_game_tmp());
    snprintf(err, sizeof err, "%s/unplug.err", testenv_game_tmp());
    snprintf(args, sizeof args,
             "--scene picker --screenshot %s/unplug.png --input %s/tests/scripts/unplug.txt "
             "--trace %s",
             testenv_game_tmp(), STACKHOUSE_SOURCE_DIR, trace);
    assert_int_equal(run(NULL, args, err), 0);
    t = testenv_slurp(trace);
    assert_non_null(strstr(t, "focus picker samestax"));
    assert_non_null(strstr(t, "toast Controller disconnected"));
    /* After the unplug the mouse still moves focus. */
    assert_non_null(strstr(strstr(t, "toast Controller disconnected"), "focus picker speedstax"));
    free(t);
}

static void test_no_gl33(void **state)
{
    char err[300];
    char *e;
    (void)state;
    snprintf(err, sizeof err, "%s/nogl.err", testenv_game_tmp());
    assert_int_equal(run("MESA_GL_VERSION_OVERRIDE=3.0 MESA_GLSL_VERSION_OVERRIDE=130",
                         "--scene picker --screenshot /dev/null --frames 1", err),
                     1);
    e = testenv_slurp(err);
    assert_non_null(strstr(e, "OpenGL 3.3"));
    free(e);
}

static void test_corrupt_asset(void **state)
{
    char cmd[2048], err[300], data[300], env[400];
    char *e;
    (void)state;
    snprintf(data, sizeof data, "%s/data", testenv_game_tmp());
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s && cp -rL %s/share/stackhouse/. %s/ && chmod -R u+w %s && "
             "printf 'not an svg <<<' > %s/assets/icons/star.svg",
             data, STACKHOUSE_BINARY_DIR, data, data, data);
    assert_int_equal(testenv_run(cmd), 0);
    snprintf(env, sizeof env, "STACKHOUSE_DATA_DIR=%s", data);
    snprintf(err, sizeof err, "%s/asset.err", testenv_game_tmp());
    assert_int_equal(run(env, "--scene picker --screenshot /dev/null --frames 1", err), 1);
    e = testenv_slurp(err);
    assert_non_null(strstr(e, "star.svg"));
    free(e);
}

/* Pixels of a PNG that are the missing-art stand-in's magenta. */
static int magenta_pixels(const char *png)
{
    SDL_Surface *g = IMG_Load(png), *c;
    int n = 0;
    assert_non_null(g);
    c = SDL_ConvertSurfaceFormat(g, SDL_PIXELFORMAT_ABGR8888, 0);
    assert_non_null(c);
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++) {
            const uint8_t *p = (const uint8_t *)c->pixels + y * c->pitch + x * 4;
            n += p[0] > 240 && p[1] < 16 && p[2] > 240;
        }
    SDL_FreeSurface(c);
    SDL_FreeSurface(g);
    return n;
}

/* A missing piece of art is no silent gap: the game names the file it
 * expected (once) and draws a magenta stand-in where the art belongs. */
static void test_missing_asset_shown(void **state)
{
    char cmd[2048], err[300], data[300], env[400], png[300];
    char *e, *p;
    int named = 0;
    (void)state;
    snprintf(data, sizeof data, "%s/data-missing", testenv_game_tmp());
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s && cp -rL %s/share/stackhouse/. %s/ && chmod -R u+w %s && "
             "rm %s/assets/picker/stax.svg",
             data, STACKHOUSE_BINARY_DIR, data, data, data);
    assert_int_equal(testenv_run(cmd), 0);
    snprintf(env, sizeof env, "STACKHOUSE_DATA_DIR=%s", data);
    snprintf(err, sizeof err, "%s/missing.err", testenv_game_tmp());
    snprintf(png, sizeof png, "%s/missing.png", testenv_game_tmp());
    snprintf(cmd, sizeof cmd, "--scene picker --window 1280x720 --frames 20 --screenshot %s", png);
    assert_int_equal(run(env, cmd, err), 0);
    e = testenv_slurp(err);
    for (p = e; (p = strstr(p, "assets/picker/stax.svg")) != NULL; p++)
        named++;
    assert_int_equal(named, 1);
    free(e);
    /* The STAX tile's picture (~200x120 px here) is the stand-in, half of it magenta. */
    assert_true(magenta_pixels(png) > 5000);
    /* With all the art there, nothing is magenta. */
    snprintf(cmd, sizeof cmd, "--scene picker --window 1280x720 --frames 20 --screenshot %s", png);
    assert_int_equal(run(NULL, cmd, err), 0);
    assert_int_equal(magenta_pixels(png), 0);
}

static void test_bad_script(void **state)
{
    char err[300], script[300], args[700];
    char *e;
    FILE *f;
    (void)state;
    snprintf(script, sizeof script, "%s/bad.txt", testenv_game_tmp());
    f = fopen(script, "w");
    assert_non_null(f);
    fputs("wait 2\npad jump\n", f);
    fclose(f);
    snprintf(err, sizeof err, "%s/script.err", testenv_game_tmp());
    snprintf(args, sizeof args, "--scene picker --screenshot /dev/null --input %s", script);
    assert_int_equal(run(NULL, args, err), 2);
    e = testenv_slurp(err);
    assert_non_null(strstr(e, "line 2"));
    free(e);
}

static void test_corrupt_settings_db(void **state)
{
    char pref[300], cmd[700], err[300], env[400], path[400];
    char *e;
    FILE *f;
    (void)state;
    snprintf(pref, sizeof pref, "%s/pref-corrupt", testenv_game_tmp());
    snprintf(cmd, sizeof cmd, "mkdir -p %s", pref);
    assert_int_equal(testenv_run(cmd), 0);
    snprintf(path, sizeof path, "%s/stackhouse.db", pref);
    f = fopen(path, "wb");
    assert_non_null(f);
    fputs("this is not a database, but it is someone's file", f);
    fclose(f);
    snprintf(env, sizeof env, "STACKHOUSE_PREF_DIR=%s", pref);
    snprintf(err, sizeof err, "%s/db.err", testenv_game_tmp());
    assert_int_equal(run(env, "--scene settings --screenshot /dev/null --frames 2", err), 0);
    e = testenv_slurp(err);
    assert_non_null(strstr(e, "stackhouse.db"));
    free(e);
    snprintf(path, sizeof path, "%s/stackhouse.db.corrupt-1", pref);
    e = testenv_slurp(path);
    assert_string_equal(e, "this is not a database, but it is someone's file");
    free(e);
}

/* --frames N without --screenshot shows N real frames and exits (start-up timing). */
static void test_frames_without_screenshot_exit(void **state)
{
    char err[300];
    (void)state;
    snprintf(err, sizeof err, "%s/frames.err", testenv_game_tmp());
    assert_int_equal(run("timeout 60", "--scene picker --window 1280x720 --frames 3", err), 0);
}

/* The game's own benchmark prints sane figures: every frame drawn, no
 * negative time (a stale stamp once made them negative and climbing). */
static void test_bench_figures_are_sane(void **state)
{
    char out[300], cmd[1024];
    char *text, *p;
    int rows = 0;
    (void)state;
    snprintf(out, sizeof out, "%s/bench.txt", testenv_game_tmp());
    snprintf(cmd, sizeof cmd, "cd / && STACKHOUSE_BENCH_SCREENS=picker,score %s --bench --frames 5 >%s",
             GAME, out);
    assert_int_equal(testenv_run(cmd), 0);
    text = testenv_slurp(out);
    assert_non_null(text);
    for (p = text; (p = strstr(p, "median ")) != NULL; p++) {
        double med = -1, p99 = -1;
        assert_int_equal(sscanf(p, "median %lf p99 %lf", &med, &p99), 2);
        assert_true(med >= 0 && p99 >= med && p99 < 60000);
        rows++;
    }
    /* Three timed rows for each of two screens at each of two sizes. */
    assert_int_equal(rows, 3 * 2 * 2);
    assert_non_null(strstr(text, "frame_wall_ms_with_gpu score 3840x2160"));
    free(text);
}

static void test_bad_arguments(void **state)
{
    char err[300];
    (void)state;
    snprintf(err, sizeof err, "%s/args.err", testenv_game_tmp());
    assert_int_equal(run(NULL, "--window huge", err), 2);
    /* A scene that cannot start from what the command line named is a bad argument too. */
    assert_int_equal(run(NULL, "--scene nowhere --screenshot /dev/null", err), 2);
}

/* Whether path holds a PNG (its signature). */
static int is_png(const char *path)
{
    unsigned char sig[8] = {0};
    FILE *f = fopen(path, "rb");
    size_t n;
    if (!f)
        return 0;
    n = fread(sig, 1, sizeof sig, f);
    fclose(f);
    return n == sizeof sig && memcmp(sig, "\x89PNG\r\n\x1a\n", 8) == 0;
}

/* --scene score shows the --game's own result (as its table reports it). */
static void test_score_follows_game(void **state)
{
    static const struct {
        const char *game, *first;
    } cases[] = {{"stax", "score first Red \xe2\x80\x94 Human"},
                 {"9stax", "score first P1 \xe2\x80\x94 Human"},
                 {"speedstax", "score first Player 1"},
                 {"stakz", "score first P1 \xe2\x80\x94 Human"},
                 {"stackatrack", "score first Green \xe2\x80\x94 Computer (Easy)"},
                 {"samestax", "score first Human"},
                 {"swapstax", "score first Human"},
                 {NULL, "score first Player 1"}};
    char args[700], trace[300], err[300];
    char *t, *e;
    (void)state;
    snprintf(trace, sizeof trace, "%s/score.trace", testenv_game_tmp());
    snprintf(err, sizeof err, "%s/score.err", testenv_game_tmp());
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(args, sizeof args, "--scene score %s%s --screenshot /dev/null --frames 2 --trace %s",
                 cases[i].game ? "--game " : "", cases[i].game ? cases[i].game : "", trace);
        assert_int_equal(run(NULL, args, err), 0);
        t = testenv_slurp(trace);
        if (!strstr(t, cases[i].first))
            fprintf(stderr, "--game %s: no '%s' in\n%s", cases[i].game, cases[i].first, t);
        assert_non_null(strstr(t, cases[i].first));
        free(t);
    }
    /* STAX reports no rounds and 9 STAX the fewest cards winning: neither is SPEEDSTAX's. */
    snprintf(args, sizeof args, "--scene score --game 9stax --screenshot /dev/null --frames 2 --trace %s",
             trace);
    assert_int_equal(run(NULL, args, err), 0);
    t = testenv_slurp(trace);
    assert_null(strstr(t, "Player 3")); /* a SPEEDSTAX sample name; 9 STAX's has P3 */
    free(t);
    /* A game that is not in the list has no result to show: refused, and said why. */
    assert_int_equal(run(NULL, "--scene score --game nosuch --screenshot /dev/null", err), 2);
    e = testenv_slurp(err);
    assert_non_null(strstr(e, "nosuch"));
    free(e);
}

/* An input script's screenshot writes FILE.png (FILE kept when it ends in
 * .png), also on the script's last line, beside the final --screenshot. */
static void test_script_screenshots(void **state)
{
    char script[300], args[1200], err[300], path[400];
    FILE *f;
    const char *tmp = testenv_game_tmp();
    (void)state;
    snprintf(script, sizeof script, "%s/shots.txt", tmp);
    f = fopen(script, "w");
    assert_non_null(f);
    fprintf(f, "wait 2\nscreenshot %s/mid.png\nwait 2\nscreenshot %s/last\n", tmp, tmp);
    fclose(f);
    snprintf(err, sizeof err, "%s/shots.err", tmp);
    snprintf(args, sizeof args, "--scene picker --window 640x360 --screenshot %s/final.png --input %s", tmp,
             script);
    assert_int_equal(run(NULL, args, err), 0);
    snprintf(path, sizeof path, "%s/mid.png", tmp);
    assert_true(is_png(path));
    snprintf(path, sizeof path, "%s/mid.png.png", tmp);
    assert_int_equal(access(path, F_OK), -1);
    snprintf(path, sizeof path, "%s/last.png", tmp); /* the last line, with .png added */
    assert_true(is_png(path));
    snprintf(path, sizeof path, "%s/last", tmp);
    assert_int_equal(access(path, F_OK), -1);
    snprintf(path, sizeof path, "%s/final.png", tmp);
    assert_true(is_png(path));
}

/* A --position the table cannot read is refused like any bad argument:
 * SPEEDSTAX's test words as much as a turn-based game's position. */
static void test_bad_position_refused(void **state)
{
    static const char *const bad[] = {"nonsense", "seed=5x", "'round=3 compose=9:99'", "played=9.9"};
    char args[600], err[300];
    char *e;
    (void)state;
    snprintf(err, sizeof err, "%s/position.err", testenv_game_tmp());
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(args, sizeof args,
                 "--scene table --game speedstax --seats human,easy --position %s --screenshot /dev/null "
                 "--frames 1",
                 bad[i]);
        assert_int_equal(run(NULL, args, err), 2);
        e = testenv_slurp(err);
        assert_non_null(strstr(e, "--position"));
        free(e);
    }
    assert_int_equal(run(NULL,
                         "--scene table --game stax --position nonsense --screenshot /dev/null --frames 1",
                         err),
                     2);
    /* The words it knows still start the table. */
    assert_int_equal(run(NULL,
                         "--scene table --game speedstax --seats human,easy --position 'seed=4 round=3 "
                         "compose=0:99:each ghost' --screenshot /dev/null --frames 1",
                         err),
                     0);
}

/* The message box that says why the game cannot start (here: no fonts)
 * waits for a click, but never outlives SIGTERM: a session ending, or a
 * launcher giving up, takes it down at once. */
static void test_message_box_ends_on_sigterm(void **state)
{
    char cmd[2048], data[300], pidfile[400], rcfile[400];
    char *text;
    int pid = 0, waited = 0;
    (void)state;
    snprintf(data, sizeof data, "%s/nofonts", testenv_game_tmp());
    snprintf(cmd, sizeof cmd, "mkdir -p %s/fonts && ln -sfn %s/share/stackhouse/shaders %s/shaders && "
             "ln -sfn %s/share/stackhouse/assets %s/assets", data, STACKHOUSE_BINARY_DIR, data,
             STACKHOUSE_BINARY_DIR, data);
    assert_int_equal(testenv_run(cmd), 0);
    snprintf(pidfile, sizeof pidfile, "%s/box.pid", testenv_game_tmp());
    snprintf(rcfile, sizeof rcfile, "%s/box.rc", testenv_game_tmp());
    remove(rcfile);
    /* Not headless: no --frames, --screenshot or STACKHOUSE_HEADLESS, so the box is shown. */
    snprintf(cmd, sizeof cmd,
             "(STACKHOUSE_HEADLESS= STACKHOUSE_DATA_DIR=%s SDL_AUDIODRIVER=dummy %s >/dev/null 2>&1 & "
             "echo $! >%s; wait $!; echo $? >%s) &",
             data, GAME, pidfile, rcfile);
    assert_int_equal(testenv_run(cmd), 0);
    SDL_Delay(3000); /* time to open the box */
    text = testenv_slurp(pidfile);
    assert_non_null(text);
    pid = atoi(text);
    free(text);
    assert_true(pid > 0);
    assert_int_equal(access(rcfile, F_OK), -1); /* still up: the box waits */
    assert_int_equal(kill(pid, SIGTERM), 0);
    while (access(rcfile, F_OK) != 0 && waited < 5000) {
        SDL_Delay(100);
        waited += 100;
    }
    if (access(rcfile, F_OK) != 0)
        kill(pid, SIGKILL);
    assert_true(waited < 5000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_screenshot_any_cwd),  cmocka_unit_test(test_controller_reaches_everything),
        cmocka_unit_test(test_unplugged_controller), cmocka_unit_test(test_no_gl33),
        cmocka_unit_test(test_corrupt_asset),       cmocka_unit_test(test_missing_asset_shown),
        cmocka_unit_test(test_bad_script),
        cmocka_unit_test(test_corrupt_settings_db), cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_frames_without_screenshot_exit),
        cmocka_unit_test(test_bench_figures_are_sane),
        cmocka_unit_test(test_score_follows_game),
        cmocka_unit_test(test_script_screenshots),
        cmocka_unit_test(test_bad_position_refused),
        cmocka_unit_test(test_message_box_ends_on_sigterm),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
