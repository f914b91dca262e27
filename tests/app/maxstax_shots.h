/* Checks on MAXSTAX table shots for test_screens.c, on the texts the
 * frame drew (texthook.h), the boxes the view recorded (ui_audit) and the
 * pixels read back: pane labels drawn over whatever passes under them, card
 * pictures on the panes large and clear of the piles. Header-only so each
 * test stays one file. */
#ifndef STACKHOUSE_MAXSTAX_SHOTS_H
#define STACKHOUSE_MAXSTAX_SHOTS_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "screencheck.h"
#include "testenv.h"
#include "texthook.h"
#include "ui/ui.h"

/* The smallest recorded box (a button, a panel) holding text t. */
static int box_of(const text_box *t)
{
    int best = -1;
    for (int b = 0; b < ui_audit_count(); b++) {
        rrect r = ui_audit_get(b);
        if (contains(r, t->r) && (best < 0 || r.w * r.h < ui_audit_get(best).w * ui_audit_get(best).h))
            best = b;
    }
    return best;
}

/* Pixels of t's box that are neither its ink, the pane's colour behind it,
 * nor a blend of the two: something drawn over the line (a hand, a block). */
static int text_covered(const text_box *t, const uint8_t *px, int w, int h, float scale, rcolor bg)
{
    int bad = 0;
    double ink[3] = {t->c.r, t->c.g, t->c.b}, back[3] = {bg.r, bg.g, bg.b}, d[3], dd = 0;
    for (int k = 0; k < 3; k++) {
        d[k] = ink[k] - back[k];
        dd += d[k] * d[k];
    }
    for (int y = (int)(t->r.y * scale) + 1; y < (int)((t->r.y + t->r.h) * scale) - 1 && y < h; y++)
        for (int x = (int)(t->r.x * scale) + 1; x < (int)((t->r.x + t->r.w) * scale) - 1 && x < w; x++) {
            const uint8_t *c = px + ((size_t)y * w + x) * 4;
            double k = 0, off = 0;
            for (int i = 0; i < 3; i++)
                k += (c[i] - back[i]) * d[i];
            k = dd > 0 ? fmin(1, fmax(0, k / dd)) : 0;
            for (int i = 0; i < 3; i++) {
                double e = c[i] - (back[i] + k * d[i]);
                off += e * e;
            }
            bad += off > 24 * 24;
        }
    return bad;
}

/* Every pane's name and role (in the seat's ink or the soft ink, on the
 * pane's colour) reads whole: no hand or carried block is drawn over it. */
static void check_pane_labels(app *a)
{
    static const char *labels[] = {"Human",        "Blue (Easy)", "Green (Medium)", "Gold (Hard)", "Green (Easy)",
                                   "Gold (Easy)",  "Creator",     "Replicator"};
    int w = a->fb_w, h = a->fb_h, seen = 0;
    uint8_t *px = malloc((size_t)w * h * 4);
    assert_int_equal(render_read_pixels(a->r, w, h, px), 0);
    for (int i = 0; i < n_texts; i++) {
        int label = 0, bad;
        for (size_t k = 0; k < sizeof labels / sizeof *labels; k++)
            label |= strcmp(texts[i].s, labels[k]) == 0;
        /* the score box's names are plain ink on cream: not a pane's */
        if (!label || (texts[i].c.r == UI_INK.r && texts[i].c.g == UI_INK.g && texts[i].c.b == UI_INK.b))
            continue;
        seen++;
        bad = text_covered(&texts[i], px, w, h, (float)w / a->vw, (rcolor){236, 226, 206, 255});
        if (bad > 0)
            fail_msg("'%s' at %.0f,%.0f has %d pixels drawn over it", texts[i].s, texts[i].r.x, texts[i].r.y, bad);
    }
    assert_int_equal(seen, 8); /* four names, four roles */
    free(px);
}

/* The shot's trace (the file trace) says seat p's labels were drawn over `what` ("hand" or
 * "block") when it was taken: "maxstax label P under WHAT" is the view's
 * last word on them (it traces each change, the labels drawn after). */
static void check_under_labels(const char *trace, int p, const char *what)
{
    char *t = testenv_slurp(trace), key[40], want[60];
    const char *last = NULL;
    snprintf(key, sizeof key, "maxstax label %d ", p);
    snprintf(want, sizeof want, "maxstax label %d under %s\n", p, what);
    for (const char *at = strstr(t, key); at; at = strstr(at + 1, key))
        last = at;
    if (!last || strncmp(last, want, strlen(want)) != 0)
        fail_msg("seat %d's labels are not over its %s at the shot", p, what);
    free(t);
}

/* The largest box the view recorded strictly inside box b (a card
 * picture's own rect inside its strip), or -1. */
static int box_inside(rrect b)
{
    int best = -1;
    for (int k = 0; k < ui_audit_count(); k++) {
        rrect r = ui_audit_get(k);
        int inside = contains(b, r) && (r.w < b.w || r.h < b.h);
        if (inside && (best < 0 || r.w * r.h > ui_audit_get(best).w * ui_audit_get(best).h))
            best = k;
    }
    return best;
}

/* Every pane's card picture (the box the view records round "Copy", or
 * round a SWAPSTAX card's stars, and the picture's own rect inside it) is
 * at least 40 px tall on the screen, and no block of any seat's piles (their
 * ends in the seat's colour) shows inside its box. */
static int card_pictures(app *a)
{
    int w = a->fb_w, h = a->fb_h, pictures = 0;
    float scale = (float)w / a->vw;
    uint8_t *px = malloc((size_t)w * h * 4);
    assert_int_equal(render_read_pixels(a->r, w, h, px), 0);
    for (int i = 0; i < n_texts; i++) {
        rrect b, pic;
        int paint = 0, bi, pi;
        if (strcmp(texts[i].s, "Copy") != 0 && strncmp(texts[i].s, "\xe2\x98\x85", 3) != 0)
            continue;
        bi = box_of(&texts[i]);
        if (bi < 0 || (pi = box_inside(ui_audit_get(bi))) < 0)
            continue; /* the card box's stars: not a pane's picture */
        pictures++;
        b = ui_audit_get(bi);
        pic = ui_audit_get(pi);
        if (pic.h * scale < 40)
            fail_msg("the card picture at %.0f,%.0f is %.0f px tall", pic.x, pic.y, pic.h * scale);
        for (int y = (int)((b.y + 6) * scale); y < (int)((b.y + b.h - 6) * scale); y++)
            for (int x = (int)((b.x + 6) * scale); x < (int)((b.x + b.w - 6) * scale); x++) {
                const uint8_t *c = px + ((size_t)y * w + x) * 4;
                for (int q = 0; q < 4; q++) {
                    rcolor s = ui_seat_color(q);
                    paint += abs(c[0] - s.r) + abs(c[1] - s.g) + abs(c[2] - s.b) < 30;
                }
            }
        if (paint > 0)
            fail_msg("the card picture at %.0f,%.0f %.0fx%.0f shows %d pixels of a pile", b.x, b.y, b.w, b.h, paint);
    }
    free(px);
    return pictures;
}

#endif
