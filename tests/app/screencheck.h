/* The checks test_screens makes on each shot: the layout (text on screen,
 * inside its panels, off the hint bar), text sizes for TV distance, that it
 * is not blank, and the golden image (downscaled to GOLD_W×GOLD_H).
 * Header-only, as texthook.h; include it after cmocka.h. */
#ifndef STACKHOUSE_SCREENCHECK_H
#define STACKHOUSE_SCREENCHECK_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL_image.h>

#include "render/render.h"
#include "shell/toast.h"
#include "texthook.h"
#include "ui/ui.h"

#define GOLD_W 480
#define GOLD_H 270

/* Text sizes for play at TV distance, in virtual units (px at 1080p): no
 * text a player needs is smaller than TEXT_MIN, and primary text (status,
 * names, scores) is at least TEXT_PRIMARY. */
#define TEXT_MIN 20.0f
#define TEXT_PRIMARY 28.0f
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

/* Nothing drawn as a box (panels, buttons) reaches into the hint bar's box
 * along the bottom: where the bar was drawn this frame (toast_kept_off), else
 * the last box audited in the bottom 70 units. */
static void check_hint_bar_clear(void)
{
    int bar = -1, bad = 0;
    float kept[4];
    rrect hb;
    if (toast_kept_off(kept) == 0) {
        hb = (rrect){kept[0], kept[1], kept[2], kept[3]};
    } else {
        for (int b = 0; b < ui_audit_count(); b++)
            if (ui_audit_get(b).y >= RENDER_VIRTUAL_H - 70)
                bar = b;
        assert_true(bar >= 0);
        hb = ui_audit_get(bar);
    }
    for (int b = 0; b < ui_audit_count(); b++) {
        rrect box = ui_audit_get(b);
        if (b != bar && overlaps(box, hb) && !contains(box, hb)) {
            fprintf(stderr, "a box reaches into the hint bar: %.0f,%.0f %.0fx%.0f\n", box.x, box.y, box.w,
                    box.h);
            bad++;
        }
    }
    assert_int_equal(bad, 0);
}

/* Every text is on screen, and a text that touches a panel or button lies
 * wholly inside some box it touches (it may also sit inside a tile inside a panel). */
static void check_text_inside(float vw)
{
    int bad = 0;
    for (int i = 0; i < n_texts; i++) {
        rrect t = texts[i].r;
        int touched = 0, inside = 0;
        if (texthook_dimmed(&texts[i]))
            continue; /* the screen under a modal (the pause menu over a table) lays out on its own */
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

/* Lines that are primary text on the screen being shot (status, names,
 * scores): each text that is one of them (or starts with it, when it ends
 * in '*') must be TEXT_PRIMARY or larger. NULL-terminated; NULL for none. */
static const char *const *shot_primary;

/* The smallest text drawn is TEXT_MIN or larger, primary text TEXT_PRIMARY;
 * every primary line listed was drawn. */
static void check_text_sizes(const char *name)
{
    int bad = 0, smallest = -1;
    for (int i = 0; i < n_texts; i++) {
        if (smallest < 0 || texts[i].size < texts[smallest].size)
            smallest = i;
        if (texts[i].size < TEXT_MIN - 0.01f) {
            fprintf(stderr, "%s: text too small for TV distance: '%s' at %.1f (needs %.0f)\n", name,
                    texts[i].s, texts[i].size, TEXT_MIN);
            bad++;
        }
    }
    assert_true(smallest >= 0);
    if (getenv("STACKHOUSE_TEXT_DUMP"))
        for (int i = 0; i < n_texts; i++)
            fprintf(stderr, "  %5.1f '%s'\n", texts[i].size, texts[i].s);
    fprintf(stderr, "%s: smallest text %.1f ('%s')\n", name, texts[smallest].size, texts[smallest].s);
    for (int k = 0; shot_primary && shot_primary[k]; k++) {
        const char *want = shot_primary[k];
        size_t len = strlen(want);
        int seen = 0, prefix = len > 0 && want[len - 1] == '*';
        for (int i = 0; i < n_texts; i++)
            if (prefix ? strncmp(texts[i].s, want, len - 1) == 0 : strcmp(texts[i].s, want) == 0) {
                seen = 1;
                if (texts[i].size < TEXT_PRIMARY - 0.01f) {
                    fprintf(stderr, "%s: primary text too small: '%s' at %.1f (needs %.0f)\n", name,
                            texts[i].s, texts[i].size, TEXT_PRIMARY);
                    bad++;
                }
            }
        if (!seen) {
            fprintf(stderr, "%s: primary text '%s' was not drawn\n", name, shot_primary[k]);
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

#endif
