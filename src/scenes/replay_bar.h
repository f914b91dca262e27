/* The replay screen's control bar (#28): the slider and the buttons (start,
 * step back, play or pause, step on, end, speed, whose eyes, exit) in the
 * house's look, with one focus set for the mouse, the keyboard and a
 * controller, and a rectangle left above it for the review's graph. */
#ifndef STACKHOUSE_REPLAY_BAR_H
#define STACKHOUSE_REPLAY_BAR_H

#include "render/render.h"
#include "shell/shell.h"
#include "ui/ui.h"

/* What a press on the bar asks for. */
typedef enum replay_cmd {
    REPLAY_NONE,
    REPLAY_START,
    REPLAY_BACK, /* one step back */
    REPLAY_PLAY, /* play or pause */
    REPLAY_FWD,  /* one step on */
    REPLAY_END,
    REPLAY_SPEED, /* the next speed: 1x, 2x, 4x */
    REPLAY_WATCH, /* the next eyes to watch through */
    REPLAY_EXIT,
    REPLAY_SEEK, /* the slider: to replay_bar.seek_to */
    REPLAY_REVIEW /* the review's control: start or cancel it (replay_review.h) */
} replay_cmd;

/* What the bar shows. */
typedef struct replay_bar_view {
    long at, len;      /* the cursor and the whole replay, in steps */
    int playing;       /* 1 while it plays */
    int speed;         /* 1, 2 or 4 */
    const char *watch; /* whose eyes ("All hands", "Public", "Red"); NULL: no such control */
    char where[64];    /* the cursor in words ("Move 12 of 80", "1:23 of 5:08") */
    const char *review; /* the review control's words ("Review", "Cancel review"); NULL: disabled */
} replay_bar_view;

typedef struct replay_bar {
    ui_nav nav;
    rrect panel, track, review; /* the bar, the slider's track, the review's rectangle above it */
    int dragging;               /* the mouse holds the slider's knob */
    long seek_to;               /* REPLAY_SEEK's target */
} replay_bar;

/* Where the bar (with the review's rectangle, when review) begins, in
 * virtual units from the top: what the replay's table may fill above it. */
float replay_bar_top(int review);
/* A bar with its focus on Play. */
void replay_bar_init(replay_bar *b);
/* Lays the bar out along the bottom of the screen (watch: the eyes control
 * is shown; review: the review's rectangle is left above it and its control
 * is on the bar). */
void replay_bar_layout(replay_bar *b, shell *sh, int watch, int review);
/* One action on the bar (a click, the slider dragged, the controller's
 * d-pad and A, left and right on the focused slider); the command it
 * gives, or REPLAY_NONE when the bar did not take it. */
replay_cmd replay_bar_event(replay_bar *b, shell *sh, const action_event *ev, const replay_bar_view *v);
/* Draws the bar. */
void replay_bar_draw(replay_bar *b, shell *sh, render *r, const replay_bar_view *v, float alpha);

#endif
