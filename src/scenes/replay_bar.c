/* The replay screen's control bar: layout, input and drawing. */
#include "scenes/replay_bar.h"

#include <math.h>
#include <stdio.h>

#include "app/input.h"
#include "ui/hints.h"

enum { ID_START = 1, ID_BACK, ID_PLAY, ID_FWD, ID_END, ID_SPEED, ID_WATCH, ID_EXIT, ID_SLIDER, ID_REVIEW };

#define BAR_H 136.0f    /* the bar's panel */
#define REVIEW_H 184.0f /* the review's graph above it: three chance lines apart at UI_SMALL (review_graph.h) */
#define GAP 8.0f        /* between the review and the bar, and above whichever is on top */
#define BUTTON_H 60.0f
#define MARGIN 12.0f
#define SCRUB_PARTS 20 /* left or right on the focused slider moves a twentieth */

void replay_bar_init(replay_bar *b)
{
    ui_nav_init(&b->nav, "replay");
    b->nav.focus = ID_PLAY; /* kept once laid out: A plays at once */
    b->dragging = 0;
}

float replay_bar_top(int review)
{
    return 1080 - MARGIN - BAR_H - (review ? REVIEW_H + GAP : 0) - GAP;
}

void replay_bar_layout(replay_bar *b, shell *sh, int watch, int review)
{
    static const int ids[] = {ID_START, ID_BACK, ID_PLAY, ID_FWD, ID_END, ID_SPEED, ID_WATCH, ID_EXIT};
    static const char *const names[] = {"replay_start", "replay_back",  "replay_play",  "replay_forward",
                                        "replay_end",   "replay_speed", "replay_watch", "replay_exit"};
    float vw = shell_vw(sh);
    rrect slots[9];
    int n, k = 0;
    b->panel = (rrect){MARGIN, 1080 - BAR_H - MARGIN, vw - 2 * MARGIN, BAR_H};
    b->review = review ? (rrect){MARGIN, b->panel.y - REVIEW_H - GAP, vw - 2 * MARGIN, REVIEW_H} : (rrect){0, 0, 0, 0};
    b->track = (rrect){b->panel.x + 260, b->panel.y + 12, b->panel.w - 290, 40};
    n = (watch ? 8 : 7) + (review != 0);
    ui_layout_buttons((rrect){b->panel.x + 16, b->panel.y + 62, b->panel.w - 32, BUTTON_H}, n, 110, 230, BUTTON_H, 10,
                      slots);
    ui_nav_begin(&b->nav);
    for (int i = 0; i < 8; i++) {
        if (ids[i] == ID_WATCH && !watch)
            continue;
        if (ids[i] == ID_EXIT && review) /* the review's control: last before Exit */
            ui_nav_add(&b->nav, ID_REVIEW, slots[k++], 1, "replay_review");
        ui_nav_add(&b->nav, ids[i], slots[k], 1, names[i]);
        if (ids[i] == ID_PLAY) {
            /* The slider's focus box is the track centred over Play: up from
             * any button reaches it, down comes back to Play, and left and
             * right along the row never stop on it. */
            float cx = slots[k].x + slots[k].w / 2, half = fminf(cx - b->track.x, b->track.x + b->track.w - cx);
            ui_nav_add(&b->nav, ID_SLIDER, (rrect){cx - half, b->track.y - 6, 2 * half, b->track.h + 12}, 1,
                       "replay_slider");
            ui_nav_adjusts(&b->nav, ID_SLIDER); /* left and right move it when it has the focus */
        }
        k++;
    }
    ui_nav_end(&b->nav, sh);
}

/* The step under x on the slider's track. */
static long track_step(const replay_bar *b, float x, long len)
{
    double k = (x - b->track.x) / b->track.w;
    k = k < 0 ? 0 : k > 1 ? 1 : k;
    return lround(k * (double)len);
}

replay_cmd replay_bar_event(replay_bar *b, shell *sh, const action_event *ev, const replay_bar_view *v)
{
    static const replay_cmd by_id[] = {REPLAY_NONE, REPLAY_START, REPLAY_BACK,  REPLAY_PLAY,  REPLAY_FWD,
                                       REPLAY_END,  REPLAY_SPEED, REPLAY_WATCH, REPLAY_EXIT, REPLAY_NONE,
                                       REPLAY_REVIEW};
    int id;
    if (ev->act == ACT_POINTER_DOWN && ev->button == INPUT_BUTTON_LEFT &&
        ui_rect_contains((rrect){b->track.x - 14, b->track.y - 8, b->track.w + 28, b->track.h + 16}, ev->x, ev->y))
        b->dragging = 1;
    if (b->dragging && (ev->act == ACT_POINTER_DOWN || ev->act == ACT_POINTER_MOVE || ev->act == ACT_POINTER_UP)) {
        if (ev->act == ACT_POINTER_UP)
            b->dragging = 0;
        ui_nav_event(&b->nav, sh, ev);
        b->seek_to = track_step(b, ev->x, v->len);
        return REPLAY_SEEK;
    }
    if ((ev->act == ACT_LEFT || ev->act == ACT_RIGHT) && b->nav.focus == ID_SLIDER) {
        long part = v->len / SCRUB_PARTS > 1 ? v->len / SCRUB_PARTS : 1;
        b->seek_to = v->at + (ev->act == ACT_LEFT ? -part : part);
        b->seek_to = b->seek_to < 0 ? 0 : b->seek_to > v->len ? v->len : b->seek_to;
        return REPLAY_SEEK;
    }
    id = ui_nav_event(&b->nav, sh, ev);
    return id > 0 && id < (int)(sizeof by_id / sizeof by_id[0]) ? by_id[id] : REPLAY_NONE;
}

/* One button of the bar, lit when it has the focus or the pointer. */
static void button(replay_bar *b, render *r, int id, const char *label, int enabled, int primary)
{
    const ui_item *it = ui_nav_item(&b->nav, id);
    if (it)
        ui_draw_button(r, it->r, label, b->nav.focus == id || b->nav.hover == id, enabled, primary);
}

void replay_bar_draw(replay_bar *b, shell *sh, render *r, const replay_bar_view *v, float alpha)
{
    char speed[24];
    float k = v->len > 0 ? (float)v->at / (float)v->len : 0, kx;
    rrect t = b->track;
    ui_draw_panel(r, b->panel);
    /* where the replay stands, in words, then the slider */
    ui_text_fit_line(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b->panel.x + 24, t.y, 220, t.h}, TEXT_LEFT, UI_INK,
                     v->where);
    render_round_rect(r, (rrect){t.x, t.y + t.h / 2 - 7, t.w, 14}, 7, (rcolor){205, 190, 165, 255});
    render_round_rect(r, (rrect){t.x, t.y + t.h / 2 - 7, t.w * k, 14}, 7, UI_TEAL);
    kx = t.x + t.w * k;
    render_shadow(r, (rrect){kx - 18, t.y + 4, 36, 36}, 18, 8, (rcolor){30, 15, 0, 90});
    render_round_rect(r, (rrect){kx - 18, t.y + 2, 36, 36}, 18, b->dragging ? UI_ACCENT_INK : UI_ACCENT);
    button(b, r, ID_START, "Start", v->at > 0, 0);
    button(b, r, ID_BACK, "Step back", v->at > 0, 0);
    button(b, r, ID_PLAY, v->playing ? "Pause" : "Play", 1, 1); /* at the end, Play starts again from the start */
    button(b, r, ID_FWD, "Step on", v->at < v->len, 0);
    button(b, r, ID_END, "End", v->at < v->len, 0);
    snprintf(speed, sizeof speed, "Speed %d\xc3\x97", v->speed);
    button(b, r, ID_REVIEW, v->review ? v->review : "Reviewed", v->review != NULL, 0);
    button(b, r, ID_SPEED, speed, 1, 0);
    if (v->watch)
        button(b, r, ID_WATCH, v->watch, 1, 0);
    button(b, r, ID_EXIT, "Exit", 1, 0);
    ui_nav_draw(&b->nav, r, alpha, ui_focus_visible(sh));
}
