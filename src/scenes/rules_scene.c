/* The rules screen: docs/rules/<game>.md rendered with md4c, one tab per
 * rules document, scrolled by wheel, drag, keys or stick. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/settings.h"
#include "app/paths.h"
#include "shell/shell.h"
#include "audio/audio.h"
#include "core/log.h"
#include "scenes/scenes.h"
#include "ui/hints.h"
#include "ui/mdview.h"
#include "scenes/rules_diagram.h"
#include "ui/ui.h"
#include "shell/trace.h"
#include "table/lesson.h"

enum { ID_TAB = 0, ID_BACK = 50, ID_LESSON };
#define RULES_LESSONS 3
#define LEARN_ROW_H 64.0f /* the row of Learn buttons of a tab of several games */

#define MAX_DOCS 16

/* A tab: a rules document and its title. */
typedef struct rules_tab {
    const char *doc, *label;
} rules_tab;

typedef struct rules_scene {
    scene base;
    rules_tab docs[MAX_DOCS]; /* in the order of the list of modes, each document once */
    int n_docs;
    ui_nav nav;
    int tab;
    md_doc *doc;
    char error[1600];
    float scroll, scroll_prev, target, content_h;
    rrect panel, view;
    int dragging;
    float drag_y, drag_scroll;
    const char *lesson; /* the mode whose lesson the tab offers (#29), its first; NULL none */
    /* every mode of the tab's document with a lesson (MAXSTAX's three share one), a button each */
    const char *lessons[RULES_LESSONS];
    int n_lessons;
    char lesson_names[RULES_LESSONS][40]; /* their buttons' names ("lesson", "lesson_samestax"), kept for the nav */
    rules_pictures *pictures; /* the document's diagrams, each read once */
    unsigned char traced[64]; /* diagrams already traced as seen, per document load */
    float scroll_traced;      /* where the page last came to rest, as traced */
    const char *section;      /* a mode's own section to open at, once laid out (its heading); NULL none */
    const char *opened;       /* the mode (registry id) the viewer was opened for: X takes its lesson; NULL none */
} rules_scene;

/* One tab per rules document; the three MAXSTAX modes share one (the first
 * row that names a document names its tab). */
static void docs_list(rules_scene *p)
{
    p->n_docs = 0;
    for (int i = 0; i < registry_count() && p->n_docs < MAX_DOCS; i++) {
        const game_info *g = registry_get(i);
        int k = 0;
        while (k < p->n_docs && strcmp(p->docs[k].doc, g->rules_doc) != 0)
            k++;
        if (k == p->n_docs) {
            p->docs[p->n_docs].doc = g->rules_doc;
            p->docs[p->n_docs++].label = g->rules_tab;
        }
    }
}

/* X's lesson: the tab's first, or, opened for one of a shared document's
 * modes (Y on SAMESTAX), that one's. */
static void pick_lesson(rules_scene *p)
{
    p->lesson = p->n_lessons ? p->lessons[0] : NULL;
    for (int k = 0; k < p->n_lessons; k++)
        if (p->opened && strcmp(p->lessons[k], p->opened) == 0)
            p->lesson = p->lessons[k];
}

static void load(rules_scene *p, shell *sh, int tab)
{
    char path[1200], err[256] = "";
    FILE *f;
    char *text = NULL;
    long len;

    md_free(p->doc);
    p->doc = NULL;
    rules_pictures_free(p->pictures);
    p->pictures = NULL;
    p->error[0] = '\0';
    p->tab = tab;
    p->scroll = p->scroll_prev = p->target = p->scroll_traced = 0;
    p->content_h = 0;
    snprintf(path, sizeof path, "%s/%s.md", shell_paths(sh)->rules, p->docs[tab].doc);
    f = fopen(path, "rb");
    if (!f) {
        snprintf(p->error, sizeof p->error, "The rules file is missing: %s", path);
        log_warn("%s", p->error);
        return;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && len < (1 << 20) &&
        fseek(f, 0, SEEK_SET) == 0 && (text = malloc((size_t)len + 1)) != NULL &&
        fread(text, 1, (size_t)len, f) == (size_t)len) {
        p->doc = md_doc_parse(text, (size_t)len, err, sizeof err);
        if (!p->doc)
            snprintf(p->error, sizeof p->error, "The rules file %s cannot be read: %s", path, err);
    } else {
        snprintf(p->error, sizeof p->error, "The rules file %s cannot be read (too large or I/O error)",
                 path);
    }
    free(text);
    fclose(f);
    if (p->error[0])
        log_warn("%s", p->error);
    /* The modes of this document with a lesson: the tab offers each (X the first). */
    p->n_lessons = 0;
    for (int i = 0; i < registry_count() && p->n_lessons < RULES_LESSONS; i++)
        if (strcmp(registry_get(i)->rules_doc, p->docs[tab].doc) == 0 && lesson_exists(sh, registry_get(i)->id))
            p->lessons[p->n_lessons++] = registry_get(i)->id;
    pick_lesson(p);
    memset(p->traced, 0, sizeof p->traced);
    if (p->doc) {
        p->pictures = rules_pictures_read(sh, p->doc, p->docs[tab].doc);
        md_set_diagram_fn(p->doc, p->pictures ? rules_pictures_draw : NULL, p->pictures);
    }
    trace_line("rules %s", p->docs[tab].doc);
}

static void layout(rules_scene *p, shell *sh)
{
    float w = fminf(1400, shell_vw(sh) - 120), tab_w = (w - 20.0f * (p->n_docs - 1)) / p->n_docs;
    float x0 = (shell_vw(sh) - w) / 2;
    /* a tab of several games (MAXSTAX) has a row of Learn buttons under its tabs, the page below it */
    float row = p->n_lessons > 1 ? LEARN_ROW_H + 16 : 0;
    p->panel = (rrect){x0, 270 + row, w, 690 - row};
    p->view = (rrect){x0 + 50, 300 + row, w - 130, 630 - row};
    ui_nav_begin(&p->nav);
    for (int i = 0; i < p->n_docs; i++)
        ui_nav_add(&p->nav, ID_TAB + i, (rrect){x0 + (tab_w + 20) * (float)i, 180, tab_w, 64}, 1,
                   p->docs[i].doc);
    ui_nav_add(&p->nav, ID_BACK, (rrect){40, 50, 150, 60}, 1, "back");
    for (int k = 0; k < p->n_lessons; k++) {
        /* one mode: "Lesson" in the corner; several: "Learn SAMESTAX"..., two a row beside the title */
        rrect b = {shell_vw(sh) - 40 - 200, 50, 200, 60};
        if (p->n_lessons > 1) { /* the whole panel's width shared: each label at full body size, read from the sofa */
            float bw = (w - 20.0f * (float)(p->n_lessons - 1)) / (float)p->n_lessons;
            b = (rrect){x0 + (bw + 20) * (float)k, 262, bw, LEARN_ROW_H};
        }
        snprintf(p->lesson_names[k], sizeof p->lesson_names[k], k ? "lesson_%s" : "lesson", p->lessons[k]);
        ui_nav_add(&p->nav, ID_LESSON + k, b, 1, p->lesson_names[k]);
    }
    ui_nav_end(&p->nav, sh);
}

static float max_scroll(const rules_scene *p)
{
    return fmaxf(0, p->content_h - p->view.h + 40);
}

static void scroll_by(rules_scene *p, float dy)
{
    p->target = fminf(fmaxf(p->target + dy, 0), max_scroll(p));
}

static void switch_tab(rules_scene *p, shell *sh, int tab)
{
    tab = (tab + p->n_docs) % p->n_docs;
    if (tab == p->tab)
        return;
    p->section = NULL;
    audio_play(SFX_CLICK);
    load(p, sh, tab);
    ui_nav_focus(&p->nav, sh, ID_TAB + tab);
}

/* A lesson of the tab's, from home: whatever was open under the rules (a match,
 * which saves as it leaves) goes first, so the lesson's table stands alone. */
static void take_lesson(shell *sh, const char *mode)
{
    /* mode: a registry string, it outlives p */
    scene *t;
    audio_play(SFX_CLICK);
    trace_line("rules lesson %s", mode);
    shell_home(sh); /* frees p */
    if ((t = lesson_start(sh, mode)) != NULL)
        shell_push(sh, t);
}

/* The row of Learn buttons by d-pad or arrows (a tab of several games):
 * down from the tabs steps onto it (the lesson X takes first), left and
 * right move along it, up goes back to the tabs, and down from it scrolls
 * the page as before; A or Enter takes the focused lesson. 1 when taken. */
static int learn_row_event(rules_scene *p, shell *sh, const action_event *ev)
{
    int f = p->nav.focus, on_row = f >= ID_LESSON && f < ID_LESSON + p->n_lessons, k = 0;
    if (p->n_lessons < 2)
        return 0;
    if (ev->act == ACT_DOWN && f >= ID_TAB && f < ID_TAB + p->n_docs) {
        while (k < p->n_lessons - 1 && p->lessons[k] != p->lesson)
            k++;
        audio_play(SFX_CLICK);
        ui_nav_focus(&p->nav, sh, ID_LESSON + k);
        return 1;
    }
    if (!on_row)
        return 0;
    if (ev->act == ACT_UP) {
        audio_play(SFX_CLICK);
        ui_nav_focus(&p->nav, sh, ID_TAB + p->tab);
        return 1;
    }
    if (ev->act == ACT_LEFT || ev->act == ACT_RIGHT) {
        k = f - ID_LESSON + (ev->act == ACT_RIGHT ? 1 : -1);
        if (k >= 0 && k < p->n_lessons) {
            audio_play(SFX_CLICK);
            ui_nav_focus(&p->nav, sh, ID_LESSON + k);
        }
        return 1;
    }
    return 0;
}

static void rules_input(scene *s, shell *sh, const action_event *ev)
{
    rules_scene *p = s->data;
    int id;
    if (ev->act == ACT_EXTRA && p->lesson) {
        take_lesson(sh, p->lesson);
        return;
    }
    if (learn_row_event(p, sh, ev))
        return;
    switch (ev->act) {
    case ACT_BACK:
        audio_play(SFX_CLICK);
        shell_pop(sh);
        return;
    case ACT_UP: scroll_by(p, -90); return;
    case ACT_DOWN: scroll_by(p, 90); return;
    case ACT_PAGE_UP: scroll_by(p, -p->view.h * 0.9f); return;
    case ACT_PAGE_DOWN: scroll_by(p, p->view.h * 0.9f); return;
    case ACT_WHEEL: scroll_by(p, -ev->wheel * 80); return;
    case ACT_HOME: scroll_by(p, -p->target); return;
    case ACT_END: scroll_by(p, max_scroll(p)); return;
    case ACT_LEFT: case ACT_PREV_TAB: switch_tab(p, sh, p->tab - 1); return;
    case ACT_RIGHT: case ACT_NEXT_TAB: switch_tab(p, sh, p->tab + 1); return;
    case ACT_POINTER_DOWN:
        if (ui_rect_contains(p->view, ev->x, ev->y)) {
            p->dragging = 1;
            p->drag_y = ev->y;
            p->drag_scroll = p->target;
            return;
        }
        break;
    case ACT_POINTER_MOVE:
        if (p->dragging) {
            p->target = fminf(fmaxf(p->drag_scroll - (ev->y - p->drag_y), 0), max_scroll(p));
            return;
        }
        break;
    case ACT_POINTER_UP:
        if (p->dragging) {
            p->dragging = 0;
            return;
        }
        break;
    default:
        break;
    }
    id = ui_nav_event(&p->nav, sh, ev);
    if (id == ID_BACK) {
        audio_play(SFX_CLICK);
        shell_pop(sh);
    } else if (id >= ID_LESSON && id < ID_LESSON + p->n_lessons) {
        take_lesson(sh, p->lessons[id - ID_LESSON]);
    } else if (id >= ID_TAB && id < ID_TAB + p->n_docs) {
        switch_tab(p, sh, id - ID_TAB);
    }
}

/* At rest once the page stops gliding to where it was scrolled, and the ring too. */
static double rules_wake(scene *s, shell *sh)
{
    rules_scene *p = s->data;
    (void)sh;
    if (p->scroll != p->target || p->scroll_prev != p->scroll || p->dragging)
        return 0;
    return ui_nav_wake(&p->nav);
}

/* The page's length, laid out without drawing: a run that draws only some
 * frames (a capture's) scrolls as far as one that draws them all. Cheap
 * once laid out: md_draw keeps each block's height. */
static void measure(rules_scene *p, shell *sh)
{
    render *r = shell_render(sh);
    float top;
    if (p->doc && r)
        p->content_h = md_draw(r, p->doc, p->view.x, p->view.y + 10, p->view.w, 27, 0);
    /* opened for one mode of a shared document: at that mode's own section */
    if (p->section && p->doc && md_heading_place(p->doc, 2, p->section, &top) == 0) {
        p->target = p->scroll = p->scroll_prev = p->scroll_traced = fminf(top, max_scroll(p));
        trace_line("rules section %s", p->section);
        p->section = NULL;
    }
}

/* Once the page rests: where it rests, and each diagram the first time it
 * lies wholly in the panel, traced from the layout (not the drawing). */
static void trace_page(rules_scene *p)
{
    if (p->scroll == p->target && p->scroll != p->scroll_traced) {
        p->scroll_traced = p->scroll;
        trace_line("rules scroll %.0f of %.0f", p->scroll, max_scroll(p));
    }
    for (int i = 0; p->doc && i < md_diagram_count(p->doc) && i < (int)sizeof p->traced; i++) {
        float top, h, y;
        if (p->traced[i] || md_diagram_place(p->doc, i, &top, &h) != 0)
            continue;
        y = p->view.y + 10 - p->scroll + top;
        if (y >= p->view.y && y + h <= p->view.y + p->view.h) {
            const md_diagram *dg = md_diagram_get(p->doc, i);
            p->traced[i] = 1;
            trace_line("rules diagram %s %s", dg->mode, dg->name);
        }
    }
}

static void rules_update(scene *s, shell *sh, double dt)
{
    rules_scene *p = s->data;
    layout(p, sh);
    measure(p, sh);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
    p->scroll_prev = p->scroll;
    if (shell_settings(sh)->v[SETTING_reduced_motion] || p->dragging)
        p->scroll = p->target;
    else
        p->scroll += (p->target - p->scroll) * (1.0f - expf(-(float)dt * 18.0f));
    if (fabsf(p->scroll - p->target) < 0.01f)
        p->scroll = p->target; /* arrived: nothing left to redraw */
    trace_page(p);
}

static void rules_draw(scene *s, shell *sh, render *r, float alpha)
{
    rules_scene *p = s->data;
    float scroll = p->scroll_prev + (p->scroll - p->scroll_prev) * alpha;
    ui_draw_table(r, shell_vw(sh));
    ui_draw_title(r, shell_vw(sh), "Rules", NULL);
    for (int i = 0; i < p->n_docs; i++) {
        const ui_item *it = ui_nav_item(&p->nav, ID_TAB + i);
        int on = i == p->tab;
        ui_audit_box(it->r);
        render_round_rect(r, it->r, 22, on ? UI_CREAM : (rcolor){70, 45, 28, 200});
        ui_text_center(r, FONT_SANS_BOLD, UI_BODY, it->r, on ? UI_INK : UI_CREAM, p->docs[i].label);
    }
    ui_draw_panel(r, p->panel);
    render_push_clip(r, p->view);
    if (p->doc) {
        p->content_h = md_draw(r, p->doc, p->view.x, p->view.y + 10 - scroll, p->view.w, 27, 1);
    } else {
        p->content_h = render_text_wrapped(r, FONT_SANS_BOLD, UI_BODY, p->view.x, p->view.y + 20,
                                           p->view.w, TEXT_LEFT, UI_ACCENT, p->error, 1);
    }
    render_pop_clip(r);
    if (max_scroll(p) > 0) {
        rrect track = {p->panel.x + p->panel.w - 46, p->view.y, 12, p->view.h};
        float frac = p->view.h / (p->content_h + 40), th = fmaxf(60, track.h * frac);
        float ty = track.y + (track.h - th) * (scroll / max_scroll(p));
        render_round_rect(r, track, 6, (rcolor){215, 200, 175, 255});
        render_round_rect(r, (rrect){track.x, ty, track.w, th}, 6, UI_INK_SOFT);
    }
    ui_draw_button(r, ui_nav_item(&p->nav, ID_BACK)->r, "Back", p->nav.focus == ID_BACK, 1, 0);
    for (int k = 0; k < p->n_lessons; k++) {
        char label[64];
        snprintf(label, sizeof label, p->n_lessons > 1 ? "Learn %s" : "Lesson", registry_find(p->lessons[k])->name);
        ui_draw_button(r, ui_nav_item(&p->nav, ID_LESSON + k)->r, label, p->nav.focus == ID_LESSON + k, 1, 1);
    }
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
    {
        /* Scrolling first: the page is longer than the panel. Tabs are
         * clicked with a mouse, stepped with left and right otherwise. */
        int mouse = shell_input(sh)->last_device == DEV_MOUSE;
        char learn[64];
        int row = p->nav.focus >= ID_LESSON && p->nav.focus < ID_LESSON + p->n_lessons;
        ui_hint h[] = {{UI_HINT_WHEEL, "Scroll"},
                       {mouse ? ACT_ACCEPT : UI_HINT_LEFTRIGHT, mouse ? "Choose a game" : row ? "Lesson" : "Game"},
                       {ACT_BACK, "Back"}, {ACT_EXTRA, learn}};
        /* X's lesson by its name where the tab has several; on the row, A takes the focused one */
        snprintf(learn, sizeof learn, p->n_lessons > 1 && p->lesson ? "Learn %s" : "Lesson",
                 p->lesson ? registry_find(p->lesson)->name : "");
        if (row && !mouse)
            h[3] = (ui_hint){ACT_ACCEPT, "Learn"};
        ui_draw_hint_bar(r, sh, h, p->lesson ? 4 : 3);
    }
}

static void rules_leave(scene *s, shell *sh)
{
    rules_scene *p = s->data;
    (void)sh;
    md_free(p->doc);
    rules_pictures_free(p->pictures);
    free(p);
}

static void rules_enter(scene *s, shell *sh)
{
    rules_scene *p = s->data;
    layout(p, sh);
    load(p, sh, p->tab);
    ui_nav_focus(&p->nav, sh, ID_TAB + p->tab);
}

scene *rules_scene_create(shell *sh, const char *doc)
{
    rules_scene *p = calloc(1, sizeof *p);
    (void)sh;
    if (!p)
        abort();
    docs_list(p);
    for (int i = 0; i < p->n_docs; i++)
        if (doc && strcmp(doc, p->docs[i].doc) == 0)
            p->tab = i;
    ui_nav_init(&p->nav, "rules");
    p->base = (scene){"rules", 0, rules_enter, rules_leave, rules_input, rules_update, rules_draw, p, rules_wake, 0};
    return &p->base;
}

scene *rules_scene_create_mode(shell *sh, const game_info *g)
{
    scene *s = rules_scene_create(sh, g ? g->rules_doc : NULL);
    rules_scene *p = s->data;
    int sharing = 0;
    /* a document of several modes (MAXSTAX's three) opens at this one's heading */
    for (int i = 0; g && i < registry_count(); i++)
        sharing += strcmp(registry_get(i)->rules_doc, g->rules_doc) == 0;
    p->section = sharing > 1 ? g->name : NULL;
    p->opened = g ? g->id : NULL;
    pick_lesson(p); /* the tab may be loaded already */
    return s;
}
