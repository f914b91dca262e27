/* Golden screenshots of every screen at 1280×720 and 3840×2160 under Xvfb
 * (Mesa llvmpipe): each is not blank, its text sits inside its panels and
 * buttons and on screen, and it matches the golden image within tolerance.
 * STACKHOUSE_UPDATE_GOLDEN=1 rewrites the golden images. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL_image.h>
#include <math.h>

#include "app/app.h"
#include "testenv.h"
#include "texthook.h"
#include "ui/ui.h"

#define GOLD_W 480
#define GOLD_H 270
/* Box-filters the capture down to the golden size. */
static void downscale(const uint8_t *src, int w, int h, uint8_t *dst)
{
    for (int y = 0; y < GOLD_H; y++)
        for (int x = 0; x < GOLD_W; x++) {
            int x0 = x * w / GOLD_W, x1 = (x + 1) * w / GOLD_W, y0 = y * h / GOLD_H,
                y1 = (y + 1) * h / GOLD_H;
            unsigned sum[3] = {0, 0, 0}, n = 0;
            for (int yy = y0; yy < y1; yy++)
                for (int xx = x0; xx < x1; xx++, n++)
                    for (int c = 0; c < 3; c++)
                        sum[c] += src[((size_t)yy * w + xx) * 4 + c];
            for (int c = 0; c < 3; c++)
                dst[(y * GOLD_W + x) * 4 + c] = (uint8_t)(sum[c] / (n ? n : 1));
            dst[(y * GOLD_W + x) * 4 + 3] = 255;
        }
}

static void check_not_blank(const uint8_t *px, int w, int h)
{
    double sum = 0, sum2 = 0;
    int n = 0;
    for (int y = 0; y < h; y += 4)
        for (int x = 0; x < w; x += 4) {
            const uint8_t *p = px + ((size_t)y * w + x) * 4;
            double l = 0.3 * p[0] + 0.59 * p[1] + 0.11 * p[2];
            sum += l;
            sum2 += l * l;
            n++;
        }
    double mean = sum / n, sd = sqrt(sum2 / n - mean * mean);
    assert_true(sd > 20.0); /* a real screen has panels, pictures and text */
}

static int contains(rrect outer, rrect in)
{
    const float tol = 2.0f;
    return in.x >= outer.x - tol && in.y >= outer.y - tol && in.x + in.w <= outer.x + outer.w + tol &&
           in.y + in.h <= outer.y + outer.h + tol;
}

static int overlaps(rrect a, rrect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* Every text is on screen, and a text that touches a panel or button lies
 * wholly inside some box it touches (it may also sit inside a tile inside a panel). */
static void check_text_inside(float vw)
{
    int bad = 0;
    for (int i = 0; i < n_texts; i++) {
        rrect t = texts[i].r;
        int touched = 0, inside = 0;
        if (t.x < -1 || t.y < -1 || t.x + t.w > vw + 1 || t.y + t.h > RENDER_VIRTUAL_H + 1) {
            fprintf(stderr, "text off screen: '%s' at %.0f,%.0f %.0fx%.0f\n", texts[i].s, t.x, t.y,
                    t.w, t.h);
            bad++;
            continue;
        }
        for (int b = 0; b < ui_audit_count(); b++) {
            rrect box = ui_audit_get(b);
            if (overlaps(box, t)) {
                touched = 1;
                inside |= contains(box, t);
            }
        }
        if (touched && !inside) {
            fprintf(stderr, "text spills out of its panel: '%s' at %.0f,%.0f %.0fx%.0f\n", texts[i].s,
                    t.x, t.y, t.w, t.h);
            bad++;
        }
    }
    assert_int_equal(bad, 0);
}

static void compare_golden(const uint8_t *small, const char *name)
{
    char path[1024];
    SDL_Surface *g;
    double diff = 0;
    int far = 0;
    snprintf(path, sizeof path, "%s/tests/golden/%s.png", STACKHOUSE_SOURCE_DIR, name);
    if (getenv("STACKHOUSE_UPDATE_GOLDEN")) {
        SDL_Surface *s = SDL_CreateRGBSurfaceWithFormatFrom((void *)small, GOLD_W, GOLD_H, 32,
                                                            GOLD_W * 4, SDL_PIXELFORMAT_ABGR8888);
        assert_non_null(s);
        assert_int_equal(IMG_SavePNG(s, path), 0);
        SDL_FreeSurface(s);
        return;
    }
    g = IMG_Load(path);
    if (!g)
        fprintf(stderr, "missing golden image %s (run with STACKHOUSE_UPDATE_GOLDEN=1)\n", path);
    assert_non_null(g);
    {
        SDL_Surface *c = SDL_ConvertSurfaceFormat(g, SDL_PIXELFORMAT_ABGR8888, 0);
        const uint8_t *gp = c->pixels;
        assert_int_equal(c->w, GOLD_W);
        assert_int_equal(c->h, GOLD_H);
        for (int y = 0; y < GOLD_H; y++)
            for (int x = 0; x < GOLD_W; x++) {
                int m = 0;
                for (int k = 0; k < 3; k++) {
                    int d = abs((int)gp[y * c->pitch + x * 4 + k] - (int)small[(y * GOLD_W + x) * 4 + k]);
                    diff += d;
                    if (d > m)
                        m = d;
                }
                far += m > 48;
            }
        SDL_FreeSurface(c);
    }
    SDL_FreeSurface(g);
    diff /= (double)GOLD_W * GOLD_H * 3;
    fprintf(stderr, "%s: mean difference %.2f, %d pixels far off\n", name, diff, far);
    assert_true(diff < 4.0);
    assert_true(far < GOLD_W * GOLD_H / 50);
}

/* Resolution scale for the next shot (percent); 100 draws straight to the window. */
static int shot_render_scale = 100;
/* The colour-blind patterns and the MAXSTAX ghost for the next shot. */
static int shot_colorblind, shot_ghost;

/* A screen after frames logic steps; game and seats pick the table. */
static void shoot_game(const char *scene_name, const char *game, const char *seats, int frames,
                       const char *golden, int w, int h)
{
    app_options o;
    app *a;
    uint8_t *px, *small;
    char name[96];
    double now = 0;

    memset(&o, 0, sizeof o);
    o.window_w = w;
    o.window_h = h;
    o.scene = scene_name;
    /* 9stax has four seats: the fullest setup screen; the table is STAX's. */
    o.game = game;
    o.seats = seats;
    o.headless = 1;
    o.screenshot = "(test)";
    a = app_create(&o);
    assert_non_null(a);
    assert_int_equal(a->fb_w, w);
    assert_int_equal(a->fb_h, h);
    a->settings.v[SETTING_render_scale] = shot_render_scale;
    a->settings.v[SETTING_colorblind] = shot_colorblind;
    a->settings.v[SETTING_maxstax_ghost] = shot_ghost;
    for (int f = 0; f < frames; f++) {
        now += APP_STEP;
        if (f == frames - 1) {
            n_texts = 0;
            ui_audit_enable(1);
            ui_audit_reset();
            render_set_text_hook(a->r, texthook_on_text, NULL);
        }
        assert_int_equal(app_frame(a, now, f == frames - 1), 0);
    }
    render_set_text_hook(a->r, NULL, NULL);
    ui_audit_enable(0);
    assert_true(n_texts > 3);
    check_text_inside(a->vw);

    px = malloc((size_t)w * h * 4);
    small = malloc(GOLD_W * GOLD_H * 4);
    assert_int_equal(render_read_pixels(a->r, w, h, px), 0);
    check_not_blank(px, w, h);
    downscale(px, w, h, small);
    snprintf(name, sizeof name, "%s-%dx%d", golden, w, h);
    compare_golden(small, name);
    free(px);
    free(small);
    app_destroy(a);
}

static void shoot(const char *scene_name, int w, int h)
{
    /* 9stax has four seats: the fullest setup screen; the table is STAX's;
     * SPEEDSTAX's result (four players, five rounds) the fullest score screen. */
    const char *game = strcmp(scene_name, "table") == 0   ? "stax"
                       : strcmp(scene_name, "score") == 0 ? "speedstax"
                                                          : "9stax";
    shoot_game(scene_name, game, NULL, 30, scene_name, w, h);
}

/* The 9 STAX table once the deal has landed: two players at 720p, four at 4K. */
static void test_nine_table_2p_720p(void **state)
{
    (void)state;
    shoot_game("table", "9stax", "human,easy", 90, "nine-table-2p", 1280, 720);
}

static void test_nine_table_4p_4k(void **state)
{
    (void)state;
    shoot_game("table", "9stax", "human,easy,medium,hard", 90, "nine-table-4p", 3840, 2160);
}

/* SPEEDSTAX: one mouse against a computer at 720p; four spaces side by side
 * (split screen, computer stackers at work) at 4K. */
static void test_speedstax_720p(void **state)
{
    (void)state;
    shoot_game("table", "speedstax", "human,medium", 30, "speedstax", 1280, 720);
}

static void test_speedstax_split_4k(void **state)
{
    (void)state;
    shoot_game("table", "speedstax", "easy,medium,hard,medium", 30, "speedstax-split", 3840, 2160);
}

/* Four seats with the colour-blind patterns (each player's shape on their
 * blocks) and the ghost outline of the card in the person's space. */
static void test_speedstax_marks_720p(void **state)
{
    (void)state;
    shot_colorblind = shot_ghost = 1;
    shoot_game("table", "speedstax", "human,easy,medium,hard", 30, "speedstax-marks", 1280, 720);
    shot_colorblind = shot_ghost = 0;
}

#define SCREEN_TEST(scene_name)                                                                    \
    static void test_##scene_name##_720p(void **state)                                             \
    {                                                                                              \
        (void)state;                                                                               \
        shoot(#scene_name, 1280, 720);                                                             \
    }                                                                                              \
    static void test_##scene_name##_4k(void **state)                                               \
    {                                                                                              \
        (void)state;                                                                               \
        shoot(#scene_name, 3840, 2160);                                                            \
    }

SCREEN_TEST(picker)
SCREEN_TEST(setup)
SCREEN_TEST(settings)
SCREEN_TEST(rules)
SCREEN_TEST(score)
SCREEN_TEST(table)

/* Resolution scale 50%: drawn offscreen at half size and stretched to the window. */
static void test_settings_720p_half_scale(void **state)
{
    (void)state;
    shot_render_scale = 50;
    shoot_game("settings", "9stax", NULL, 30, "settings-at50", 1280, 720);
    shot_render_scale = 100;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_picker_720p),   cmocka_unit_test(test_picker_4k),
        cmocka_unit_test(test_setup_720p),    cmocka_unit_test(test_setup_4k),
        cmocka_unit_test(test_settings_720p), cmocka_unit_test(test_settings_4k),
        cmocka_unit_test(test_settings_720p_half_scale),
        cmocka_unit_test(test_rules_720p),    cmocka_unit_test(test_rules_4k),
        cmocka_unit_test(test_score_720p),    cmocka_unit_test(test_score_4k),
        cmocka_unit_test(test_table_720p),    cmocka_unit_test(test_table_4k),
        cmocka_unit_test(test_nine_table_2p_720p), cmocka_unit_test(test_nine_table_4p_4k),
        cmocka_unit_test(test_speedstax_720p), cmocka_unit_test(test_speedstax_split_4k),
        cmocka_unit_test(test_speedstax_marks_720p),
    };
    return cmocka_run_group_tests(tests, testenv_app_setup, testenv_app_teardown);
}
