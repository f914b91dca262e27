/* A render text hook for layout tests: every line of text a frame draws,
 * with its bounds and size in virtual units. Header-only so each test stays one file. */
#ifndef STACKHOUSE_TEXTHOOK_H
#define STACKHOUSE_TEXTHOOK_H

#include <stdio.h>

#include "render/render.h"
#include "ui/ui.h"

#define TEXTHOOK_MAX 512

typedef struct text_box {
    rrect r;
    float size; /* the size asked for, in virtual units (px at 1080p) */
    rcolor c;   /* the colour it was drawn in (zero when the hook's user is NULL) */
    int dims;   /* modal dims drawn before it (ui_draw_dim): those from here on lie over it */
    char s[120];
} text_box;

static text_box texts[TEXTHOOK_MAX];
static int n_texts;

/* The hook for render_set_text_hook: records each line (reset n_texts
 * first). Pass the renderer as user to record each line's colour too. */
static inline void texthook_on_text(void *user, rrect r, float size, const char *s)
{
    if (n_texts < TEXTHOOK_MAX) {
        texts[n_texts].r = r;
        texts[n_texts].size = size;
        texts[n_texts].c = user ? render_text_color(user) : (rcolor){0, 0, 0, 0};
        texts[n_texts].dims = ui_audit_dim_count();
        snprintf(texts[n_texts].s, sizeof texts[n_texts].s, "%s", s);
        n_texts++;
    }
}

/* Whether a modal's dim (ui_draw_dim) drawn after line t lies over it: the
 * table under a dialog waits for it, and the dialog says what to read now
 * (the audit records dims while it is on). */
static inline int texthook_dimmed(const text_box *t)
{
    for (int d = t->dims; d < ui_audit_dim_count(); d++) {
        rrect m = ui_audit_dim_get(d);
        if (t->r.x < m.x + m.w && m.x < t->r.x + t->r.w && t->r.y < m.y + m.h && m.y < t->r.y + t->r.h)
            return 1;
    }
    return 0;
}

#endif
