/* One action layer: mouse, keyboard and game controllers all become
 * action_events, so every screen works with any one of them alone. */
#ifndef STACKHOUSE_INPUT_H
#define STACKHOUSE_INPUT_H

#include <stdint.h>

#include "shell/action.h"

/* SDL stays out of this header (screens and views include it through app.h);
 * input.c and the app loop include SDL themselves. */
struct _SDL_GameController;
union SDL_Event;

#define INPUT_MAX_PADS 4
/* Phones as game pads (docs/phones.md): seat k's phone is pad slot
 * INPUT_PHONE_PAD(k), after the SDL controllers' slots. */
#define INPUT_PHONE_PADS 8
#define INPUT_PHONE_PAD(seat) (INPUT_MAX_PADS + (seat))
/* The primary mouse button of a pointer event (SDL_BUTTON_LEFT, checked in input.c). */
#define INPUT_BUTTON_LEFT 1

/* The controls that hold a hidden hand open (table_peeking): held, not pressed. */
enum {
    INPUT_PEEK_KEY = 1,   /* the P key */
    INPUT_PEEK_MOUSE = 2, /* the right mouse button */
    INPUT_PEEK_PAD = 4    /* a controller's left trigger */
};

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
    unsigned phone_pads;                   /* bit k: seat k's phone is a pad */
    unsigned char phone_dirs[INPUT_PHONE_PADS]; /* d-pad held on each phone (bit per direction) */
    unsigned peek; /* INPUT_PEEK_* bits: the peek controls held now */
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
/* Whether controller slot pad holds a controller (or a phone's pad). */
int input_pad_present(const input *in, int pad);
/* The left stick of the controller in slot pad, each axis -1..1 (y down);
 * 0, or -1 when the slot is empty. Views poll it, never SDL. */
int input_pad_stick(const input *in, int pad, double *x, double *y);
/* A phone's pad is there (on 1) or gone (on 0) for seat (0-based). */
void input_phone_attach(input *in, int seat, int on);
/* A phone's button a (a direction, ACCEPT, BACK, ALT, EXTRA, MENU, the
 * tabs) went down or up: the same action_events an SDL controller gives,
 * from slot INPUT_PHONE_PAD(seat); a held direction is also its stick.
 * Returns how many events were written. */
int input_phone_button(input *in, int seat, action a, int down, action_event *out, int max);
/* Number of controllers open, phones' pads included. */
int input_pad_count(const input *in);
/* Whether a held direction is repeating (the loop must keep stepping). */
int input_holding(const input *in);
/* Which peek controls are held now (INPUT_PEEK_* bits; 0 none). */
unsigned input_peeking(const input *in);
/* Short name of an action, for traces and tests. */
const char *input_action_name(action a);

#endif
