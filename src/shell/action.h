/* The action vocabulary every screen, table and view reads: mouse, keyboard,
 * game controllers and phones all become action_events (app/input.c makes
 * them from SDL's events), so every screen works with any one of them alone.
 * Part of the shell, below everything that takes input. */
#ifndef STACKHOUSE_ACTION_H
#define STACKHOUSE_ACTION_H

typedef enum action {
    ACT_NONE,
    ACT_UP,
    ACT_DOWN,
    ACT_LEFT,
    ACT_RIGHT,
    ACT_ACCEPT,   /* Enter/Space, controller A, mouse click on a widget */
    ACT_BACK,     /* Escape/Backspace, controller B */
    ACT_ALT,      /* R key, controller Y: the screen's secondary action (e.g. rules) */
    ACT_MENU,     /* F1, controller Start */
    ACT_PREV_TAB, /* Q or Shift+Tab, left shoulder */
    ACT_NEXT_TAB, /* E or Tab, right shoulder */
    ACT_PAGE_UP,
    ACT_PAGE_DOWN,
    ACT_POINTER_MOVE,
    ACT_POINTER_DOWN,
    ACT_POINTER_UP,
    ACT_WHEEL,
    ACT_DEVICE_ADDED,
    ACT_DEVICE_LOST,
    ACT_EXTRA, /* X key, controller X: a screen's third action (9 STAX: draw) */
    ACT_TEXT,  /* text typed (SDL text input): the UTF-8 in text */
    ACT_DROP,  /* a file dropped on the window: its path in text */
    ACT_HOME,  /* Home: to the start (a replay) */
    ACT_END,   /* End: to the end */
    ACT_DIGIT, /* a number key, its character in key ('1'): a replay's speed */
    ACT_HINT,  /* H key, controller Back: a table's hint */
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
    int key;      /* DEV_KEYBOARD: the key's character ('\b' Backspace, 27 Escape, '\r' Return, 'w'),
                     so a text field tells Backspace from Escape; 0 otherwise */
    const char *text; /* ACT_TEXT, ACT_DROP: UTF-8, valid while the event is handled */
} action_event;

#endif
