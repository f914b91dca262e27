/* One action layer: mouse, keyboard and game controllers all become
 * action_events, so every screen works with any one of them alone. */
#ifndef STACKHOUSE_INPUT_H
#define STACKHOUSE_INPUT_H

#include <stdint.h>

/* SDL stays out of this header (screens and views include it through app.h);
 * input.c and the app loop include SDL themselves. */
struct _SDL_GameController;
union SDL_Event;

typedef enum action {
    ACT_NONE,
    ACT_UP,
    ACT_DOWN,
    ACT_LEFT,
    ACT_RIGHT,
    ACT_ACCEPT,   /* Enter/Space, controller A, mouse click on a widget */
    ACT_BACK,     /* Escape/Backspace, controller B */
    ACT_ALT,      /* R key, controller Y: the screen's secondary action (e.g. rules) */
    ACT_MENU,     /* Tab/F1, controller Start */
    ACT_PREV_TAB, /* Q / PageUp-with-Ctrl, left shoulder */
    ACT_NEXT_TAB, /* E, right shoulder */
    ACT_PAGE_UP,
    ACT_PAGE_DOWN,
    ACT_POINTER_MOVE,
    ACT_POINTER_DOWN,
    ACT_POINTER_UP,
    ACT_WHEEL,
    ACT_DEVICE_ADDED,
    ACT_DEVICE_LOST,
    ACT_EXTRA, /* X key, controller X: a screen's third action (9 STAX: draw) */
    ACT_COUNT
} action;

typedef enum input_device { DEV_MOUSE, DEV_KEYBOARD, DEV_PAD } input_device;

typedef struct action_event {
    action act;
    input_device dev;
    float x, y;   /* pointer position in virtual units (pointer events) */
    float wheel;  /* lines scrolled, positive up (ACT_WHEEL) */
    int button;   /* mouse button for pointer events */
    int repeat;   /* nonzero for auto-repeat of a held direction */
    int pad;      /* controller slot (0..INPUT_MAX_PADS-1) of a DEV_PAD button, stick or repeat */
} action_event;

#define INPUT_MAX_PADS 4
/* The primary mouse button of a pointer event (SDL_BUTTON_LEFT, checked in input.c). */
#define INPUT_BUTTON_LEFT 1

typedef struct input {
    struct _SDL_GameController *pads[INPUT_MAX_PADS];
    int32_t pad_ids[INPUT_MAX_PADS]; /* SDL_JoystickID */
    input_device last_device; /* decides whether the focus ring shows */
    float pointer_x, pointer_y;
    int pointer_down;
    action held;        /* direction held on a pad (stick or d-pad), for repeat */
    int held_pad;       /* the slot of the pad holding it */
    double held_time;   /* seconds held */
    double next_repeat; /* when the next repeat fires */
    char last_pad_name[64];
} input;

/* Opens controllers already present. */
void input_init(input *in);
/* Closes every controller. */
void input_quit(input *in);
/* Translates one SDL event into up to max actions; px_to_virtual converts
 * window coordinates (points) to virtual units. Returns how many. */
int input_translate(input *in, const union SDL_Event *e, float px_to_virtual, action_event *out, int max);
/* Advances held-direction repeat by dt; returns up to max repeat actions. */
int input_update(input *in, double dt, action_event *out, int max);
/* Whether controller slot pad holds a controller. */
int input_pad_present(const input *in, int pad);
/* The left stick of the controller in slot pad, each axis -1..1 (y down);
 * 0, or -1 when the slot is empty. Views poll it, never SDL. */
int input_pad_stick(const input *in, int pad, double *x, double *y);
/* Number of controllers open. */
int input_pad_count(const input *in);
/* Short name of an action, for traces and tests. */
const char *input_action_name(action a);

#endif
