/* The notice of a failed request (a save): what failed, why, what is kept,
 * and Try again or carry on. */
#include "ui/notice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audio/audio.h"
#include "shell/settings.h"
#include "shell/trace.h"
#include "ui/hints.h"
#include "ui/ui.h"

enum { NOTICE_RETRY, NOTICE_KEEP };

#define NOTICE_PAD 60.0f
#define NOTICE_GAP 18.0f

typedef struct notice {
    scene base;
    ui_nav nav;
    ui_notice_choice *choice;
    char title[120], why[400], next[300], file[1100], keep[40];
    rrect panel;
    float y_why, y_next, y_file, h_why, h_next, h_file;
} notice;

/* Height of s wrapped at size in width w (a guess without a renderer). */
static float text_height(shell *sh, font_face f, float size, float w, const char *s)
{
    render *r = shell_render(sh);
    if (!*s)
        return 0;
    return r ? render_text_wrapped(r, f, size, 0, 0, w, TEXT_CENTER, UI_INK, s, 0) : size * 1.3f * 2;
}

static void notice_layout(notice *p, shell *sh)
{
    float pw = shell_vw(sh) - 80 < 1000 ? shell_vw(sh) - 80 : 1000, w = pw - 2 * NOTICE_PAD, h, y;
    rrect b[2];
    p->h_why = text_height(sh, FONT_SANS_BOLD, UI_BODY, w, p->why);
    p->h_next = text_height(sh, FONT_SANS, UI_BODY, w, p->next);
    p->h_file = text_height(sh, FONT_SANS, UI_SMALL, w, p->file);
    h = 40 + 56 + 24 + p->h_why + NOTICE_GAP + p->h_next + (p->h_file > 0 ? NOTICE_GAP + p->h_file : 0) + 40 + 76 + 44;
    /* Centred in the space above the hint bar. */
    p->panel = (rrect){(shell_vw(sh) - pw) / 2, (RENDER_VIRTUAL_H - 80 - h) / 2, pw, h};
    y = p->panel.y + 40 + 56 + 24;
    p->y_why = y;
    y += p->h_why + NOTICE_GAP;
    p->y_next = y;
    y += p->h_next + NOTICE_GAP;
    p->y_file = y;
    ui_layout_buttons((rrect){p->panel.x + NOTICE_PAD, p->panel.y + h - 44 - 76, w, 76}, 2, 260, 320, 76, 40, b);
    ui_nav_begin(&p->nav);
    ui_nav_add(&p->nav, NOTICE_RETRY, b[0], 1, "retry");
    ui_nav_add(&p->nav, NOTICE_KEEP, b[1], 1, "keep");
    ui_nav_end(&p->nav, sh);
}

static void notice_close(notice *p, shell *sh, ui_notice_choice c)
{
    *p->choice = c;
    audio_play(SFX_CLICK);
    trace_line("notice %s", c == UI_NOTICE_RETRY ? "retry" : "keep");
    shell_pop(sh);
}

static void notice_input(scene *s, shell *sh, const action_event *ev)
{
    notice *p = s->data;
    int id;
    if (ev->act == ACT_BACK || ev->act == ACT_MENU) {
        notice_close(p, sh, UI_NOTICE_KEEP);
        return;
    }
    id = ui_nav_event(&p->nav, sh, ev);
    if (id >= 0)
        notice_close(p, sh, id == NOTICE_RETRY ? UI_NOTICE_RETRY : UI_NOTICE_KEEP);
}

/* What lies below waits for the notice: only the ring moves. */
static double notice_wake(scene *s, shell *sh)
{
    (void)sh;
    return ui_nav_wake(&((notice *)s->data)->nav);
}

static void notice_update(scene *s, shell *sh, double dt)
{
    notice *p = s->data;
    notice_layout(p, sh);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
}

static void notice_draw(scene *s, shell *sh, render *r, float alpha)
{
    notice *p = s->data;
    float x = p->panel.x + NOTICE_PAD, w = p->panel.w - 2 * NOTICE_PAD;
    ui_draw_dim(r, shell_vw(sh), 170);
    ui_draw_panel(r, p->panel);
    ui_text_center(r, FONT_SERIF_BOLD, UI_HEAD, (rrect){p->panel.x, p->panel.y + 40, p->panel.w, 56}, UI_ACCENT_INK,
                   p->title);
    render_text_wrapped(r, FONT_SANS_BOLD, UI_BODY, x, p->y_why, w, TEXT_CENTER, UI_INK, p->why, 1);
    render_text_wrapped(r, FONT_SANS, UI_BODY, x, p->y_next, w, TEXT_CENTER, UI_INK_SOFT, p->next, 1);
    if (p->file[0])
        render_text_wrapped(r, FONT_SANS, UI_SMALL, x, p->y_file, w, TEXT_CENTER, UI_INK_SOFT, p->file, 1);
    ui_draw_button(r, ui_nav_item(&p->nav, NOTICE_RETRY)->r, "Try again", p->nav.focus == NOTICE_RETRY, 1, 1);
    ui_draw_button(r, ui_nav_item(&p->nav, NOTICE_KEEP)->r, p->keep, p->nav.focus == NOTICE_KEEP, 1, 0);
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
    ui_draw_hints(r, sh, "Choose", p->keep, NULL);
}

static void notice_leave(scene *s, shell *sh)
{
    (void)sh;
    free(s->data);
}

static void notice_enter(scene *s, shell *sh) { notice_layout(s->data, sh); }

scene *ui_notice_create(const ui_notice_text *w, ui_notice_choice *choice)
{
    notice *p = calloc(1, sizeof *p);
    if (!p)
        abort();
    p->choice = choice;
    *choice = UI_NOTICE_NONE;
    snprintf(p->title, sizeof p->title, "%s", w->title);
    snprintf(p->why, sizeof p->why, "%s", w->why);
    snprintf(p->next, sizeof p->next, "%s", w->next ? w->next : "");
    if (w->file) {
        /* Under the home folder it reads shorter as ~/... (the player's own words for it). */
        const char *home = getenv("HOME");
        size_t hl = home ? strlen(home) : 0;
        if (hl > 1 && strncmp(w->file, home, hl) == 0 && w->file[hl] == '/')
            snprintf(p->file, sizeof p->file, "File: ~%s", w->file + hl);
        else
            snprintf(p->file, sizeof p->file, "File: %s", w->file);
    }
    snprintf(p->keep, sizeof p->keep, "%s", w->keep);
    ui_nav_init(&p->nav, "notice");
    p->base = (scene){"notice", 1, notice_enter, notice_leave, notice_input, notice_update, notice_draw, p, notice_wake, 0};
    return &p->base;
}

void ui_notice_open(shell *sh, const ui_notice_text *w, ui_notice_choice *choice)
{
    audio_play(SFX_ERROR);
    trace_line("notice %s: %s", w->title, w->why);
    shell_push(sh, ui_notice_create(w, choice));
}
