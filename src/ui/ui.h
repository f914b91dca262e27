/* Shared widgets and focus navigation for every screen: one look (theme),
 * buttons, panels, value rows, and a focus ring that moves with the arrow
 * keys, the d-pad or the stick, and follows the mouse. */
#ifndef STACKHOUSE_UI_H
#define STACKHOUSE_UI_H

#include "app/input.h"
#include "render/render.h"
#include "shell/shell.h"


#define UI_MAX_ITEMS 64

/* Palette: warm table, cream panels, dark ink. */
#define UI_INK ((rcolor){43, 33, 24, 255})
#define UI_INK_SOFT ((rcolor){96, 78, 60, 255})
#define UI_CREAM ((rcolor){248, 239, 222, 255})
#define UI_PAPER ((rcolor){236, 222, 196, 255})
#define UI_ACCENT ((rcolor){200, 80, 45, 255})
#define UI_TEAL ((rcolor){47, 111, 143, 255})
#define UI_GOLD ((rcolor){255, 200, 70, 255})
#define UI_WHITE ((rcolor){255, 255, 255, 255})
#define UI_SHADOW ((rcolor){20, 10, 0, 120})
#define UI_DISABLED ((rcolor){150, 140, 125, 255})
/* The accents are bright for fills and for text on the dark table; on cream
 * or paper (UI_PAPER the darkest) text takes these deep shades, which stand
 * out 4.5:1 or more: the accent is also a focused primary button's fill. */
#define UI_ACCENT_INK ((rcolor){164, 60, 28, 255})
#define UI_GOLD_INK ((rcolor){132, 86, 0, 255})
#define UI_TEAL_INK ((rcolor){42, 101, 133, 255})

/* Text sizes in virtual units (the screen is 1080 tall, so a unit is a
 * pixel at 1080p). Sized for a TV across the room: primary text (status,
 * names, scores) is UI_BODY or larger, and nothing a player needs is drawn
 * under UI_MIN (tests/app/test_screens.c measures every screen). */
#define UI_TITLE 72.0f
#define UI_HEAD 40.0f
#define UI_BODY 28.0f
#define UI_SMALL 23.0f
#define UI_MIN 20.0f

typedef struct ui_item {
    int id;
    rrect r;
    int enabled;
    const char *name; /* stable name for traces and tests */
    int adjusts;      /* left and right change its value rather than move the focus */
} ui_item;

typedef struct ui_nav {
    const char *scene;
    ui_item items[UI_MAX_ITEMS];
    int n;
    int focus;   /* focused item id, -1 none */
    int hover;   /* item under the pointer, -1 none */
    int pressed; /* item the pointer went down on, -1 none */
    rrect ring, ring_prev, ring_target;
    int ring_valid;
} ui_nav;

/* Starts a navigation set for a scene named scene; focus starts on first added. */
void ui_nav_init(ui_nav *nav, const char *scene_name);
/* Forgets the items (layout re-adds them every step). */
void ui_nav_begin(ui_nav *nav);
/* Adds a focusable item. */
void ui_nav_add(ui_nav *nav, int id, rrect r, int enabled, const char *name);
/* Marks item id as a value that left and right change (setup's levels and
 * options): the focus leaves it only up and down. */
void ui_nav_adjusts(ui_nav *nav, int id);
/* Whether the focused item is a value that left and right change. */
int ui_nav_focus_adjusts(const ui_nav *nav);
/* Ends layout: keeps focus valid and aims the ring at it. */
void ui_nav_end(ui_nav *nav, shell *sh);
/* Moves focus to id (traced). */
void ui_nav_focus(ui_nav *nav, shell *sh, int id);
/* Handles navigation and pointer events; returns the id activated, or -1. */
int ui_nav_event(ui_nav *nav, shell *sh, const action_event *ev);
/* ui_nav_event for a screen of buttons: the id of an enabled item activated,
 * or -1 (a disabled one refused with the error sound). */
int ui_nav_choice(ui_nav *nav, shell *sh, const action_event *ev);
/* Animates the focus ring one logic step. */
void ui_nav_update(ui_nav *nav, double dt, int reduced_motion);
/* Whether the focus ring has come to rest on its item (nothing to redraw). */
int ui_nav_resting(const ui_nav *nav);
/* A screen's wake (app/scene.h) when only its focus ring moves. */
double ui_nav_wake(const ui_nav *nav);
/* The item with this id, or NULL. */
const ui_item *ui_nav_item(const ui_nav *nav, int id);
/* Draws the focus ring (interpolated by alpha) when visible. */
void ui_nav_draw(const ui_nav *nav, render *r, float alpha, int visible);
/* Keeps a copy of each navigation set as it is laid out (on while an input
 * script runs, which aims with ui_nav_find_last and ui_nav_route_last). */
void ui_nav_publish(int on);
/* Where the item called name of the navigation set laid out last (the top
 * screen's) is, and whether it has focus: 0, or -1 when it has no such item.
 * Input scripts aim real clicks and controller presses with it. */
int ui_nav_find_last(const char *name, rrect *where, int *focused);
/* The first press (ACT_UP, ACT_DOWN, ACT_LEFT or ACT_RIGHT) on the fewest
 * presses from that set's focus to its item name, moving as the d-pad moves
 * the focus (never sideways off a value that left and right change).
 * ACT_NONE when name has focus, -1 when there is no way. */
int ui_nav_route_last(const char *name);

/* Whether the focus ring should show (keyboard or controller used last). */
int ui_focus_visible(const shell *sh);

/* The table background over the whole screen. */
void ui_draw_table(render *r, float vw);
/* ui_draw_table, leaving out what opaque rounded rectangles drawn over it
 * (at most UI_TABLE_COVERS, with corners of cover_radius) hide. The same picture, for less fill on a software rasteriser. */
#define UI_TABLE_COVERS 16
void ui_draw_table_behind(render *r, float vw, const rrect *covers, int ncovers, float cover_radius);
/* A cream panel with a soft shadow. */
void ui_draw_panel(render *r, rrect p);
/* A button: filled when focused or hovered, greyed when disabled. */
void ui_draw_button(render *r, rrect b, const char *label, int focused, int enabled, int primary);
/* Dims the whole screen, vw wide, under a modal panel (alpha of 255): what
 * it covers waits for the modal. The audit records it, so a test leaves what
 * lies under it out of what a player must read now. */
void ui_draw_dim(render *r, float vw, int alpha);
/* A screen title with the logo, centred at the top. */
void ui_draw_title(render *r, float vw, const char *title, const char *subtitle);
/* Fades the clipped edges of a scrolling or cut-off list into its
 * background bg: box is the list's round rect (radius), edges says which
 * (UI_FADE_TOP, UI_FADE_BOTTOM). Draw it over the list, inside its clip. */
#define UI_FADE_TOP 1
#define UI_FADE_BOTTOM 2
void ui_draw_list_fade(render *r, rrect box, float radius, rcolor bg, int edges);
/* Draws text centred in a rectangle (single line). */
void ui_text_center(render *r, font_face f, float size, rrect box, rcolor c, const char *s);
/* The largest size from size down to min_size (UI_MIN at the least) at which
 * one line of s fits in width w; min_size when even that does not fit. */
float ui_text_fit_size(render *r, font_face f, float size, float min_size, float w, const char *s);
/* Draws s on one line in box (vertically centred, aligned), shrunk towards
 * min_size to fit its width; when it does not fit even then, it wraps at
 * min_size from the top of box. Returns the size used. */
float ui_text_fit(render *r, font_face f, float size, float min_size, rrect box, text_align align,
                  rcolor c, const char *s);
/* Writes s into out (n bytes) cut to fit width w at size in font f: whole
 * graphemes (never a broken character), then an ellipsis when anything was
 * cut. Returns out. For names that people typed (a phone's). */
char *ui_text_cut(render *r, font_face f, float size, const char *s, float w, char *out, size_t n);
/* As ui_text_fit, but always one line: what does not fit at min_size is cut (ui_text_cut). */
float ui_text_fit_line(render *r, font_face f, float size, float min_size, rrect box, text_align align,
                       rcolor c, const char *s);
/* Lays out n buttons h high in area: as many in a row as fit at min_w or
 * wider (each at most max_w), rows centred and gap apart, from area's top.
 * Writes n rects to out; returns the height used. */
float ui_layout_buttons(rrect area, int n, float min_w, float max_w, float h, float gap, rrect *out);
/* Draws a sprite by name fitted inside box keeping its aspect (missing art's
 * stand-in when it has no file); returns 0, or -1 for a sprite of no size. */
int ui_draw_sprite_fit(render *r, const char *name, rrect box, rcolor tint);
/* Lerps two rectangles. */
rrect ui_rect_lerp(rrect sh, rrect b, float t);
/* Smoothstep of t clamped to [0, 1]: eases a glide in and out. */
float ui_ease(float t);
/* Whether (x, y) lies inside r. */
int ui_rect_contains(rrect r, float x, float y);

/* Layout audit for tests: while on, panels, buttons and tiles drawn this
 * frame are recorded, so text can be checked to sit inside them. */
void ui_audit_enable(int on);
/* Forgets the recorded boxes (call at the start of a frame). */
void ui_audit_reset(void);
/* Records a box (no-op unless auditing). */
void ui_audit_box(rrect r);
/* Number of boxes recorded this frame. */
int ui_audit_count(void);
/* The i-th recorded box. */
rrect ui_audit_get(int i);
/* Number of dims (ui_draw_dim) recorded this frame: a line of text drawn
 * while it was k lies under the dims from k on. */
int ui_audit_dim_count(void);
/* The i-th recorded dim's rect. */
rrect ui_audit_dim_get(int i);

/* The hint bar, the marks on pieces and seat identity, with the rest of the look. */
#include "ui/hints.h"
#include "ui/marks.h"
#include "ui/seat.h"

#endif
