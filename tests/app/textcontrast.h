/* Contrast of each line of text a frame drew (tests/app/texthook.h, with
 * the renderer as the hook's user so each line has its colour) against the
 * frame's pixels under it, by WCAG 2's formula. Header-only, as texthook.h. */
#ifndef STACKHOUSE_TEXTCONTRAST_H
#define STACKHOUSE_TEXTCONTRAST_H

#include <math.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "texthook.h"

/* What a player reads from a sofa must stand out at least this much (WCAG AA). */
#define TEXT_CONTRAST_MIN 4.5

/* One line's measure: the ratio and the two colours it was taken from. */
typedef struct text_contrast {
    double ratio;
    uint8_t ink[3], bg[3];
    int hidden; /* no pixel of the box comes half-way from the background to the ink:
                   something drawn later covers the line (a dialog, a curtain) */
} text_contrast;

/* WCAG 2 relative luminance (0..1) of an 8-bit sRGB colour. */
static inline double textcontrast_lum(const uint8_t *c)
{
    double l[3];
    for (int k = 0; k < 3; k++) {
        double v = c[k] / 255.0;
        l[k] = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

/* The WCAG contrast ratio of two colours, 1 (none) to 21 (black on white). */
static inline double textcontrast_ratio(const uint8_t *a, const uint8_t *b)
{
    double la = textcontrast_lum(a), lb = textcontrast_lum(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* The largest channel difference of two colours. */
static inline int textcontrast_gap(const uint8_t *a, const uint8_t *b)
{
    int gap = 0;
    for (int k = 0; k < 3; k++)
        gap = abs(a[k] - b[k]) > gap ? abs(a[k] - b[k]) : gap;
    return gap;
}

/* Measures line t on a w×h RGBA frame px (top row first) drawn at scale
 * pixels per virtual unit, as a player sees it.
 * The background is sampled where a line's glyphs seldom reach: the strip
 * above the tallest letters (the top 12% of the line box, room kept for
 * accents) and the one at the foot of the descenders (the bottom 8%). Its
 * colour is the pixel of median luminance there, averaged over the pixels
 * that share that luminance, so a grain or gradient counts as its middle shade.
 * The ink is the line's colour laid over that by its alpha, as the blend
 * does; what the ratio takes is the box's pixel nearest to it: the ink itself
 * where a glyph covers a whole pixel, or the ink as a dim laid over it left it. */
static inline text_contrast textcontrast_measure(const text_box *t, const uint8_t *px, int w, int h, float scale)
{
    enum { BINS = 1024 };
    static unsigned count[BINS];
    static double sum[BINS][3];
    text_contrast m;
    int x0 = (int)floorf(t->r.x * scale), y0 = (int)floorf(t->r.y * scale);
    int x1 = (int)ceilf((t->r.x + t->r.w) * scale), y1 = (int)ceilf((t->r.y + t->r.h) * scale);
    int top = (int)ceilf(t->r.h * scale * 0.12f), foot = (int)ceilf(t->r.h * scale * 0.08f);
    unsigned n = 0, seen = 0;
    int mid = 0, nearest = 256;
    uint8_t drawn[3];
    double a = t->c.a / 255.0;

    memset(count, 0, sizeof count);
    memset(sum, 0, sizeof sum);
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > w ? w : x1;
    y1 = y1 > h ? h : y1;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1 && (y < y0 + top || y >= y1 - foot); x++) {
            const uint8_t *p = px + ((size_t)y * w + x) * 4;
            int bin = (int)(textcontrast_lum(p) * (BINS - 1) + 0.5);
            count[bin]++;
            for (int k = 0; k < 3; k++)
                sum[bin][k] += p[k];
            n++;
        }
    for (mid = 0; mid < BINS - 1; mid++) {
        seen += count[mid];
        if (seen * 2 > n)
            break;
    }
    for (int k = 0; k < 3; k++) {
        m.bg[k] = count[mid] ? (uint8_t)(sum[mid][k] / count[mid] + 0.5) : 0;
        drawn[k] = (uint8_t)(((&t->c.r)[k] * a + m.bg[k] * (1 - a)) + 0.5);
        m.ink[k] = drawn[k];
    }
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            const uint8_t *p = px + ((size_t)y * w + x) * 4;
            int gap = textcontrast_gap(p, drawn);
            if (gap < nearest) {
                nearest = gap;
                memcpy(m.ink, p, 3);
            }
        }
    /* A few levels off is the ink itself, softened by its own edges or a
     * frame drawn at a lower resolution and stretched: not a dim. */
    if (nearest <= 8)
        memcpy(m.ink, drawn, 3);
    m.hidden = n > 0 && nearest * 2 > textcontrast_gap(drawn, m.bg);
    m.ratio = n ? textcontrast_ratio(m.ink, m.bg) : 21.0;
    return m;
}

static inline uint32_t textcontrast_rgb(const uint8_t *c) { return (uint32_t)c[0] << 16 | (uint32_t)c[1] << 8 | c[2]; }

/* Whether line i of texthook.h's list is the drop shadow of a line drawn
 * after it: the same words at the same size, a few units down and across
 * (ui_draw_title's). Only the line on top is read. */
static inline int textcontrast_is_shadow(int i)
{
    for (int j = i + 1; j < n_texts; j++)
        if (strcmp(texts[j].s, texts[i].s) == 0 && texts[j].size == texts[i].size &&
            fabsf(texts[j].r.x - texts[i].r.x) <= texts[i].size * 0.15f &&
            fabsf(texts[j].r.y - texts[i].r.y) <= texts[i].size * 0.15f)
            return 1;
    return 0;
}

/* A disabled button's label (ui_draw_button's grey on its grey fill): WCAG
 * 1.4.3 leaves inactive controls out, and the grey is what says "not now". */
static inline int textcontrast_inactive(const text_box *t, const text_contrast *m)
{
    return t->c.r == 150 && t->c.g == 140 && t->c.b == 125 && textcontrast_rgb(m->bg) == 0xCDC4B4;
}

/* Measures every line texthook.h recorded on shot name (its frame px, w×h),
 * prints each under TEXT_CONTRAST_MIN that is not hidden, dimmed or inactive, and
 * the lowest; returns how many failed. No text is let off: every owner's must pass. */
static inline int textcontrast_check(const char *name, const uint8_t *px, int w, int h)
{
    int bad = 0, worst = -1;
    double worst_ratio = 99;
    for (int i = 0; i < n_texts; i++) {
        text_contrast m;
        if (textcontrast_is_shadow(i) || texthook_dimmed(&texts[i]))
            continue;
        m = textcontrast_measure(&texts[i], px, w, h, (float)h / RENDER_VIRTUAL_H);
        if (m.hidden || m.ratio >= TEXT_CONTRAST_MIN || textcontrast_inactive(&texts[i], &m))
            continue;
        fprintf(stderr, "%s: text too faint: '%s' %.2f:1 (#%06X on #%06X, drawn in #%06X alpha %d; needs %.1f)\n", name,
                texts[i].s, m.ratio, textcontrast_rgb(m.ink), textcontrast_rgb(m.bg),
                (unsigned)texts[i].c.r << 16 | (unsigned)texts[i].c.g << 8 | texts[i].c.b, texts[i].c.a,
                TEXT_CONTRAST_MIN);
        bad++;
        if (m.ratio < worst_ratio) {
            worst_ratio = m.ratio;
            worst = i;
        }
    }
    if (worst >= 0)
        fprintf(stderr, "%s: lowest contrast %.2f:1 ('%s')\n", name, worst_ratio, texts[worst].s);
    return bad;
}

#endif
