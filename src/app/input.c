#include "app/input.h"

#include <SDL.h>
#include <string.h>

#include "core/log.h"

_Static_assert(INPUT_BUTTON_LEFT == SDL_BUTTON_LEFT, "views test INPUT_BUTTON_LEFT");

#define STICK_THRESHOLD 16000
#define REPEAT_DELAY 0.40
#define REPEAT_EVERY 0.12

static const char *const action_names[ACT_COUNT] = {
    "none",   "up",       "down",     "left",      "right",        "accept",      "back",
    "alt",    "menu",     "prev_tab", "next_tab",  "page_up",      "page_down",   "pointer_move",
    "pointer_down", "pointer_up", "wheel", "device_added", "device_lost", "extra", "text",
    "drop",   "home",     "end",      "digit",    "hint",
};

const char *input_action_name(action a) { return (a >= 0 && a < ACT_COUNT) ? action_names[a] : "?"; }

static int pad_slot(const input *in, SDL_JoystickID id)
{
    for (int i = 0; i < INPUT_MAX_PADS; i++)
        if (in->pads[i] && in->pad_ids[i] == id)
            return i;
    return -1;
}

static int pad_open(input *in, int device_index)
{
    SDL_GameController *gc;
    SDL_JoystickID id = SDL_JoystickGetDeviceInstanceID(device_index);
    int slot = -1;
    if (pad_slot(in, id) >= 0 || !SDL_IsGameController(device_index))
        return -1;
    for (int i = 0; i < INPUT_MAX_PADS && slot < 0; i++)
        if (!in->pads[i])
            slot = i;
    if (slot < 0)
        return -1;
    gc = SDL_GameControllerOpen(device_index);
    if (!gc) {
        log_warn("cannot open controller %d: %s", device_index, SDL_GetError());
        return -1;
    }
    in->pads[slot] = gc;
    in->pad_ids[slot] = id;
    snprintf(in->last_pad_name, sizeof in->last_pad_name, "%s",
             SDL_GameControllerName(gc) ? SDL_GameControllerName(gc) : "Controller");
    log_info("controller connected: %s", in->last_pad_name);
    return slot;
}

void input_init(input *in)
{
    memset(in, 0, sizeof *in);
    in->last_device = DEV_MOUSE;
    for (int i = 0; i < SDL_NumJoysticks(); i++)
        pad_open(in, i);
}

void input_quit(input *in)
{
    for (int i = 0; i < INPUT_MAX_PADS; i++)
        if (in->pads[i])
            SDL_GameControllerClose(in->pads[i]);
    memset(in->pads, 0, sizeof in->pads);
}

int input_pad_present(const input *in, int pad)
{
    if (pad >= INPUT_MAX_PADS && pad < INPUT_MAX_PADS + INPUT_PHONE_PADS)
        return (in->phone_pads >> (pad - INPUT_MAX_PADS) & 1) != 0;
    return pad >= 0 && pad < INPUT_MAX_PADS && in->pads[pad] != NULL;
}

/* The bit of a direction in phone_dirs. */
static unsigned dir_bit(action a)
{
    return a == ACT_UP ? 1u : a == ACT_DOWN ? 2u : a == ACT_LEFT ? 4u : a == ACT_RIGHT ? 8u : 0u;
}

void input_phone_attach(input *in, int seat, int on)
{
    if (seat < 0 || seat >= INPUT_PHONE_PADS)
        return;
    if (on)
        in->phone_pads |= 1u << seat;
    else
        in->phone_pads &= ~(1u << seat);
    in->phone_dirs[seat] = 0;
}


int input_pad_stick(const input *in, int pad, double *x, double *y)
{
    if (!input_pad_present(in, pad))
        return -1;
    if (pad >= INPUT_MAX_PADS) { /* a phone: its held d-pad is the stick */
        unsigned d = in->phone_dirs[pad - INPUT_MAX_PADS];
        *x = (d & 8 ? 1.0 : 0.0) - (d & 4 ? 1.0 : 0.0);
        *y = (d & 2 ? 1.0 : 0.0) - (d & 1 ? 1.0 : 0.0);
        return 0;
    }
    *x = SDL_GameControllerGetAxis(in->pads[pad], SDL_CONTROLLER_AXIS_LEFTX) / 32767.0;
    *y = SDL_GameControllerGetAxis(in->pads[pad], SDL_CONTROLLER_AXIS_LEFTY) / 32767.0;
    return 0;
}

int input_pad_count(const input *in)
{
    int n = 0;
    for (int i = 0; i < INPUT_MAX_PADS; i++)
        n += in->pads[i] != NULL;
    for (int i = 0; i < INPUT_PHONE_PADS; i++)
        n += in->phone_pads >> i & 1;
    return n;
}

static int emit(action_event *out, int max, int n, action a, input_device dev)
{
    if (n >= max)
        return n;
    memset(&out[n], 0, sizeof out[n]);
    out[n].act = a;
    out[n].dev = dev;
    return n + 1;
}

int input_phone_button(input *in, int seat, action a, int down, action_event *out, int max)
{
    unsigned bit = dir_bit(a);
    int n;
    if (seat < 0 || seat >= INPUT_PHONE_PADS || !(in->phone_pads >> seat & 1) || a == ACT_NONE)
        return 0;
    if (bit)
        in->phone_dirs[seat] = (unsigned char)(down ? in->phone_dirs[seat] | bit : in->phone_dirs[seat] & ~bit);
    if (!down || (n = emit(out, max, 0, a, DEV_PAD)) == 0)
        return 0;
    in->last_device = DEV_PAD;
    out[0].pad = INPUT_PHONE_PAD(seat);
    return n;
}

static action key_action(SDL_Keycode k, Uint16 mod)
{
    switch (k) {
    case SDLK_UP: case SDLK_w: return ACT_UP;
    case SDLK_DOWN: case SDLK_s: return ACT_DOWN;
    case SDLK_LEFT: case SDLK_a: return ACT_LEFT;
    case SDLK_RIGHT: case SDLK_d: return ACT_RIGHT;
    case SDLK_RETURN: case SDLK_KP_ENTER: case SDLK_SPACE: return ACT_ACCEPT;
    case SDLK_ESCAPE: case SDLK_BACKSPACE: return ACT_BACK;
    case SDLK_r: return ACT_ALT;
    case SDLK_x: return ACT_EXTRA;
    case SDLK_h: return ACT_HINT;
    case SDLK_TAB: return (mod & KMOD_SHIFT) ? ACT_PREV_TAB : ACT_NEXT_TAB;
    case SDLK_F1: return ACT_MENU;
    case SDLK_q: return ACT_PREV_TAB;
    case SDLK_e: return ACT_NEXT_TAB;
    case SDLK_PAGEUP: return ACT_PAGE_UP;
    case SDLK_PAGEDOWN: return ACT_PAGE_DOWN;
    case SDLK_HOME: return ACT_HOME;
    case SDLK_END: return ACT_END;
    default: return k >= SDLK_0 && k <= SDLK_9 ? ACT_DIGIT : ACT_NONE;
    }
}

static action button_action(Uint8 b)
{
    switch (b) {
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return ACT_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return ACT_DOWN;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return ACT_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return ACT_RIGHT;
    case SDL_CONTROLLER_BUTTON_A: return ACT_ACCEPT;
    case SDL_CONTROLLER_BUTTON_B: return ACT_BACK;
    case SDL_CONTROLLER_BUTTON_Y: return ACT_ALT;
    case SDL_CONTROLLER_BUTTON_X: return ACT_EXTRA;
    case SDL_CONTROLLER_BUTTON_BACK: return ACT_HINT;
    case SDL_CONTROLLER_BUTTON_START: return ACT_MENU;
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return ACT_PREV_TAB;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return ACT_NEXT_TAB;
    default: return ACT_NONE;
    }
}

static int is_direction(action a) { return a >= ACT_UP && a <= ACT_RIGHT; }

static void hold(input *in, action a)
{
    in->held = a;
    in->held_time = 0;
    in->next_repeat = REPEAT_DELAY;
}

unsigned input_peeking(const input *in) { return in->peek; }

/* Keeps the held peek controls (no action of their own: a table reads them
 * each step). SDL sends the releases itself when the window loses focus. */
static void peek_note(input *in, const SDL_Event *e)
{
    unsigned bit = 0;
    int down = 0;
    switch (e->type) {
    case SDL_KEYDOWN:
    case SDL_KEYUP:
        bit = e->key.keysym.sym == SDLK_p ? INPUT_PEEK_KEY : 0;
        down = e->type == SDL_KEYDOWN;
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        bit = e->button.button == SDL_BUTTON_RIGHT ? INPUT_PEEK_MOUSE : 0;
        down = e->type == SDL_MOUSEBUTTONDOWN;
        break;
    case SDL_CONTROLLERAXISMOTION:
        bit = e->caxis.axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT ? INPUT_PEEK_PAD : 0;
        down = e->caxis.value > STICK_THRESHOLD;
        break;
    default:
        return;
    }
    in->peek = down ? in->peek | bit : in->peek & ~bit;
}

int input_translate(input *in, const SDL_Event *e, float px_to_virtual, action_event *out, int max)
{
    int n = 0;
    action a;

    peek_note(in, e);
    switch (e->type) {
    case SDL_KEYDOWN:
        a = key_action(e->key.keysym.sym, e->key.keysym.mod);
        if (a == ACT_NONE)
            return 0;
        in->last_device = DEV_KEYBOARD;
        n = emit(out, max, n, a, DEV_KEYBOARD);
        if (n) {
            out[0].repeat = e->key.repeat;
            out[0].key = e->key.keysym.sym < 128 ? (int)e->key.keysym.sym : 0;
        }
        return n;
    case SDL_TEXTINPUT:
        /* a name typed in: the screen that has a text field takes it, the others ignore it */
        in->last_device = DEV_KEYBOARD;
        n = emit(out, max, n, ACT_TEXT, DEV_KEYBOARD);
        if (n)
            out[0].text = e->text.text;
        return n;
    case SDL_DROPFILE:
        n = emit(out, max, n, ACT_DROP, DEV_MOUSE);
        if (n)
            out[0].text = e->drop.file;
        return n;
    case SDL_MOUSEMOTION:
        in->pointer_x = (float)e->motion.x * px_to_virtual;
        in->pointer_y = (float)e->motion.y * px_to_virtual;
        /* SDL's first report after the window appears under a resting pointer
         * has no movement: the player pointed at nothing, so focus stays. */
        if (e->motion.xrel == 0 && e->motion.yrel == 0)
            return 0;
        /* Tiny jitter should not hide the focus ring of a controller player. */
        if (in->last_device != DEV_MOUSE && abs(e->motion.xrel) + abs(e->motion.yrel) < 3)
            return 0;
        in->last_device = DEV_MOUSE;
        n = emit(out, max, n, ACT_POINTER_MOVE, DEV_MOUSE);
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        in->pointer_x = (float)e->button.x * px_to_virtual;
        in->pointer_y = (float)e->button.y * px_to_virtual;
        in->pointer_down = e->type == SDL_MOUSEBUTTONDOWN;
        in->last_device = DEV_MOUSE;
        n = emit(out, max, n, in->pointer_down ? ACT_POINTER_DOWN : ACT_POINTER_UP, DEV_MOUSE);
        if (n)
            out[0].button = e->button.button;
        break;
    case SDL_MOUSEWHEEL:
        in->last_device = DEV_MOUSE;
        n = emit(out, max, n, ACT_WHEEL, DEV_MOUSE);
        if (n)
            out[0].wheel = e->wheel.preciseY != 0 ? e->wheel.preciseY : (float)e->wheel.y;
        break;
    case SDL_CONTROLLERDEVICEADDED:
        if (pad_open(in, e->cdevice.which) >= 0) {
            /* a controller just plugged in is the one in hand: its hints and focus show at once */
            in->last_device = DEV_PAD;
            n = emit(out, max, n, ACT_DEVICE_ADDED, DEV_PAD);
        }
        return n;
    case SDL_CONTROLLERDEVICEREMOVED: {
        int slot = pad_slot(in, e->cdevice.which);
        if (slot < 0)
            return 0;
        SDL_GameControllerClose(in->pads[slot]);
        in->pads[slot] = NULL;
        in->held = ACT_NONE;
        log_info("controller disconnected; mouse and keyboard still work");
        /* The game goes on: the pointer becomes the way to play. */
        in->last_device = DEV_MOUSE;
        return emit(out, max, n, ACT_DEVICE_LOST, DEV_PAD);
    }
    case SDL_CONTROLLERBUTTONDOWN:
        a = button_action(e->cbutton.button);
        if (a == ACT_NONE)
            return 0;
        in->last_device = DEV_PAD;
        if (is_direction(a)) {
            hold(in, a);
            in->held_pad = pad_slot(in, e->cbutton.which);
        }
        n = emit(out, max, n, a, DEV_PAD);
        if (n)
            out[n - 1].pad = pad_slot(in, e->cbutton.which);
        return n;
    case SDL_CONTROLLERBUTTONUP:
        a = button_action(e->cbutton.button);
        if (a != ACT_NONE && a == in->held)
            in->held = ACT_NONE;
        return 0;
    case SDL_CONTROLLERAXISMOTION: {
        Sint16 v = e->caxis.value;
        action want = ACT_NONE;
        if (e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTX)
            want = v > STICK_THRESHOLD ? ACT_RIGHT : v < -STICK_THRESHOLD ? ACT_LEFT : ACT_NONE;
        else if (e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTY)
            want = v > STICK_THRESHOLD ? ACT_DOWN : v < -STICK_THRESHOLD ? ACT_UP : ACT_NONE;
        else
            return 0;
        if (want == ACT_NONE) {
            /* Released only if this axis produced the held direction. */
            int horizontal = e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTX;
            if ((horizontal && (in->held == ACT_LEFT || in->held == ACT_RIGHT)) ||
                (!horizontal && (in->held == ACT_UP || in->held == ACT_DOWN)))
                in->held = ACT_NONE;
            return 0;
        }
        if (want == in->held)
            return 0;
        in->last_device = DEV_PAD;
        hold(in, want);
        in->held_pad = pad_slot(in, e->caxis.which);
        n = emit(out, max, n, want, DEV_PAD);
        if (n)
            out[n - 1].pad = in->held_pad;
        return n;
    }
    default:
        return 0;
    }
    if (n) {
        out[0].x = in->pointer_x;
        out[0].y = in->pointer_y;
    }
    return n;
}

int input_update(input *in, double dt, action_event *out, int max)
{
    int n = 0;
    if (in->held == ACT_NONE)
        return 0;
    in->held_time += dt;
    while (in->held_time >= in->next_repeat && n < max) {
        n = emit(out, max, n, in->held, DEV_PAD);
        out[n - 1].repeat = 1;
        out[n - 1].pad = in->held_pad;
        in->next_repeat += REPEAT_EVERY;
    }
    return n;
}

int input_holding(const input *in) { return in->held != ACT_NONE; }
