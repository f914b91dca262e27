/* Setup's name panel (#28): a person seat takes a name, typed on the
 * keyboard (SDL text input, cleaned as a phone's name is, core/utf8.h) or
 * picked from the players the history knows, by mouse or controller. A
 * modal over setup: it writes the name into setup's buffer and closes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/history.h"
#include "audio/audio.h"
#include "core/log.h"
#include "core/utf8.h"
#include "scenes/scenes.h"
#include "shell/settings.h"
#include "shell/trace.h"
#include "ui/ui.h"

#define KNOWN_MAX 12      /* players offered: three rows of four */
#define NAME_GRAPHEMES 16 /* as a phone's name (PHONE_NAME_MAX) */
#define NAME_COLS 24
#define PANEL_PAD 50.0f

enum { ID_FIELD = 0, ID_KNOWN = 1, ID_CLEAR = 40, ID_DONE, ID_CANCEL };

typedef struct name_pick {
    scene base;
    ui_nav nav;
    char *out; /* setup's name for the seat (SETUP_NAME_LEN bytes) */
    int seat; /* -1: renaming a player (no seat, no list, nothing added) */
    char from[SETUP_NAME_LEN];
    char text[SETUP_NAME_LEN * 2]; /* as typed, cleaned when kept */
    char known[KNOWN_MAX][MATCH_NAME_LEN];
    char item[KNOWN_MAX][16];
    int nknown;
    rrect panel, field;
    float known_y;
} name_pick;

static void name_layout(name_pick *p, shell *sh)
{
    float vw = shell_vw(sh), pw = vw - 80 < 1100 ? vw - 80 : 1100, x, w, y;
    int cols = pw >= 1000 ? 4 : 3, rows = (p->nknown + cols - 1) / cols;
    float h = 40 + 56 + 30 + 84 + 40 + (p->nknown ? 50 + (float)rows * 84 : 0) + 30 + 76 + 44;
    rrect b[3];
    p->panel = (rrect){(vw - pw) / 2, (RENDER_VIRTUAL_H - 80 - h) / 2, pw, h};
    x = p->panel.x + PANEL_PAD;
    w = pw - 2 * PANEL_PAD;
    y = p->panel.y + 40 + 56 + 30;
    p->field = (rrect){x, y, w, 84};
    ui_nav_begin(&p->nav);
    ui_nav_add(&p->nav, ID_FIELD, p->field, 1, "name_field");
    y += 84 + 40;
    p->known_y = y;
    y += p->nknown ? 50 : 0;
    for (int i = 0; i < p->nknown; i++) {
        float cw = (w - 20 * (float)(cols - 1)) / (float)cols;
        ui_nav_add(&p->nav, ID_KNOWN + i,
                   (rrect){x + (float)(i % cols) * (cw + 20), y + (float)(i / cols) * 84, cw, 68}, 1, p->item[i]);
    }
    y += (float)rows * 84 + 30;
    if (p->seat >= 0) {
        ui_layout_buttons((rrect){x, y, w, 76}, 3, 240, 300, 76, 30, b);
        ui_nav_add(&p->nav, ID_CLEAR, b[1], 1, "name_clear");
    } else {
        ui_layout_buttons((rrect){x, y, w, 76}, 2, 240, 300, 76, 30, b);
        b[2] = b[1];
    }
    ui_nav_add(&p->nav, ID_CANCEL, b[0], 1, "name_cancel");
    ui_nav_add(&p->nav, ID_DONE, b[2], 1, "name_done");
    ui_nav_end(&p->nav, sh);
}

/* Keeps name (already clean; "" none) for the seat and closes. A new
 * person joins the history's players, so setup offers them next time. */
static void name_keep(name_pick *p, shell *sh, const char *name)
{
    snprintf(p->out, SETUP_NAME_LEN, "%s", name);
    if (p->seat < 0) { /* a rename: the history screen renames once this closes */
        audio_play(SFX_CLICK);
        shell_pop(sh);
        return;
    }
    if (name[0] && shell_store(sh) && history_player_add(shell_store(sh), name, NULL) != 0)
        log_warn("setup: could not keep the player %s", name);
    trace_line("setup name seat%d %s", p->seat + 1, name[0] ? name : "-");
    audio_play(SFX_CLICK);
    shell_pop(sh); /* frees p */
}

static void name_done(name_pick *p, shell *sh)
{
    char clean[SETUP_NAME_LEN];
    if (utf8_clean_name(p->text, clean, sizeof clean, NAME_GRAPHEMES, NAME_COLS) <= 0)
        clean[0] = 0;
    name_keep(p, sh, clean);
}

static void name_cancel(name_pick *p, shell *sh)
{
    audio_play(SFX_CLICK);
    trace_line("setup name seat%d kept", p->seat + 1);
    shell_pop(sh);
}

/* Text typed goes on the end, whole characters, up to the buffer; the
 * cleaning (hidden characters, blanks, length) is done when it is kept. */
static void name_type(name_pick *p, const char *s)
{
    size_t have = strlen(p->text), room = sizeof p->text - 1 - have;
    if (!utf8_valid(s))
        return;
    memcpy(p->text + have, s, utf8_fit_bytes(s, room));
    p->text[have + utf8_fit_bytes(s, room)] = 0;
}

/* Backspace takes the last whole grapheme (a letter with its accents). */
static void name_erase(name_pick *p)
{
    size_t n = strlen(p->text);
    if (n > 0)
        p->text[utf8_fit_bytes(p->text, n - 1)] = 0;
}

static void name_input(scene *s, shell *sh, const action_event *ev)
{
    name_pick *p = s->data;
    int id;
    if (ev->act == ACT_TEXT && ev->text) {
        name_type(p, ev->text);
        ui_nav_focus(&p->nav, sh, ID_FIELD);
        return;
    }
    if (ev->dev == DEV_KEYBOARD && ev->key) {
        /* While typing, a letter is text (it comes as ACT_TEXT), not its action. */
        if (ev->key == '\b') {
            name_erase(p);
            return;
        }
        if (ev->key == '\r' && p->nav.focus == ID_FIELD) {
            name_done(p, sh);
            return;
        }
        if (ev->key >= 32 && ev->key < 127)
            return;
    }
    if (ev->act == ACT_BACK || ev->act == ACT_MENU) {
        name_cancel(p, sh);
        return;
    }
    id = ui_nav_event(&p->nav, sh, ev);
    if (id == ID_DONE || id == ID_FIELD)
        name_done(p, sh);
    else if (id == ID_CLEAR)
        name_keep(p, sh, "");
    else if (id == ID_CANCEL)
        name_cancel(p, sh);
    else if (id >= ID_KNOWN && id < ID_KNOWN + p->nknown)
        name_keep(p, sh, p->known[id - ID_KNOWN]);
}

static double name_wake(scene *s, shell *sh)
{
    (void)sh;
    return ui_nav_wake(&((name_pick *)s->data)->nav);
}

static void name_update(scene *s, shell *sh, double dt)
{
    name_pick *p = s->data;
    name_layout(p, sh);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
}

static void name_draw(scene *s, shell *sh, render *r, float alpha)
{
    name_pick *p = s->data;
    float x = p->panel.x + PANEL_PAD, w = p->panel.w - 2 * PANEL_PAD;
    char title[64], shown[SETUP_NAME_LEN * 2 + 8];
    int hot = p->nav.focus == ID_FIELD;
    rrect f = p->field;
    ui_draw_dim(r, shell_vw(sh), 170);
    ui_draw_panel(r, p->panel);
    if (p->seat < 0) {
        char cut[80];
        ui_text_cut(r, FONT_SERIF_BOLD, UI_HEAD, p->from, p->panel.w / 2, cut, sizeof cut);
        snprintf(title, sizeof title, "Rename %s", cut);
        ui_text_center(r, FONT_SERIF_BOLD, UI_HEAD, (rrect){p->panel.x, p->panel.y + 40, p->panel.w, 56}, UI_INK, title);
    } else {
        float tw;
        snprintf(title, sizeof title, "Who plays %s?", seat_color_name(p->seat));
        tw = render_text_width(r, FONT_SERIF_BOLD, UI_HEAD, title) + 56;
        float tx = p->panel.x + (p->panel.w - tw) / 2;
        ui_draw_seat_mark(r, p->seat, tx + 20, p->panel.y + 40 + 28, 40);
        render_text(r, FONT_SERIF_BOLD, UI_HEAD, tx + 56, p->panel.y + 40 + 28 - render_line_height(r, FONT_SERIF_BOLD, UI_HEAD) / 2,
                    UI_INK, title);
    }
    ui_audit_box(f);
    render_round_rect(r, f, 20, hot ? (rcolor){255, 250, 238, 255} : UI_WHITE);
    render_round_outline(r, f, 20, hot ? 4 : 2, hot ? UI_TEAL_INK : (rcolor){180, 160, 130, 255});
    if (p->text[0]) {
        /* the caret is a bar after the text: the field is where typing goes */
        snprintf(shown, sizeof shown, "%s|", p->text);
        ui_text_fit_line(r, FONT_SANS_BOLD, UI_HEAD, UI_BODY, (rrect){f.x + 24, f.y, f.w - 48, f.h}, TEXT_LEFT, UI_INK,
                         shown);
    } else {
        ui_text_fit_line(r, FONT_SANS_OBLIQUE, UI_BODY, UI_MIN, (rrect){f.x + 24, f.y, f.w - 48, f.h}, TEXT_LEFT,
                         UI_INK_SOFT, "Type a name on the keyboard, or pick one below");
    }
    if (p->nknown) {
        render_text(r, FONT_SANS_BOLD, UI_BODY, x, p->known_y, UI_INK, "Players who have played here");
        for (int i = 0; i < p->nknown; i++) {
            const ui_item *it = ui_nav_item(&p->nav, ID_KNOWN + i);
            char cut[MATCH_NAME_LEN * 2];
            ui_text_cut(r, FONT_SANS_BOLD, UI_BODY, p->known[i], it->r.w - 30, cut, sizeof cut);
            ui_draw_button(r, it->r, cut, p->nav.focus == ID_KNOWN + i, 1, 0);
        }
    }
    (void)w;
    ui_draw_button(r, ui_nav_item(&p->nav, ID_CANCEL)->r, "Cancel", p->nav.focus == ID_CANCEL, 1, 0);
    if (p->seat >= 0)
        ui_draw_button(r, ui_nav_item(&p->nav, ID_CLEAR)->r, "No name", p->nav.focus == ID_CLEAR, 1, 0);
    ui_draw_button(r, ui_nav_item(&p->nav, ID_DONE)->r, "Done", p->nav.focus == ID_DONE, 1, 1);
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
    ui_draw_hints(r, sh, "Choose", "Cancel", NULL);
}

static void name_leave(scene *s, shell *sh)
{
    (void)sh;
    free(s->data);
}

static void name_enter(scene *s, shell *sh)
{
    name_pick *p = s->data;
    name_layout(p, sh);
    /* a controller picks from the list; a keyboard types straight away */
    if (p->nknown && shell_input(sh)->last_device == DEV_PAD)
        ui_nav_focus(&p->nav, sh, ID_KNOWN);
}

scene *setup_name_create(shell *sh, int seat, char *out, const char (*taken)[SETUP_NAME_LEN], int ntaken)
{
    name_pick *p = calloc(1, sizeof *p);
    history_player all[64];
    int n = shell_store(sh) && seat >= 0 ? history_players(shell_store(sh), all, 64) : 0;
    if (!p)
        abort();
    p->out = out;
    p->seat = seat;
    snprintf(p->text, sizeof p->text, "%s", out);
    snprintf(p->from, sizeof p->from, "%s", out);
    /* people only (a computer sits by level), and not one at another seat */
    for (int i = 0; i < n && p->nknown < KNOWN_MAX; i++) {
        int used = all[i].level != 0;
        for (int t = 0; t < ntaken && !used; t++)
            used = strcmp(taken[t], all[i].name) == 0;
        if (used)
            continue;
        snprintf(p->known[p->nknown], sizeof p->known[0], "%s", all[i].name);
        snprintf(p->item[p->nknown], sizeof p->item[0], "player%d", p->nknown);
        p->nknown++;
    }
    ui_nav_init(&p->nav, "names");
    p->base = (scene){"names", 1, name_enter, name_leave, name_input, name_update, name_draw, p, name_wake, 0};
    return &p->base;
}
