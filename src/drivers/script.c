#include "drivers/script.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "ui/ui.h"

#define MAX_LINES 4096

typedef struct command {
    char op[16];
    char arg[256];
    float x, y;
    int n;
    int line;
} command;

struct script {
    command *cmds;
    int n, pc;
    int wait;
    SDL_Joystick *pad;
    int pad_index;
    int release_button; /* button to release next frame, or -1 */
    int release_axis;   /* axis to centre next frame, or -1 */
    SDL_Keycode release_key;
    char shot[264]; /* a command's FILE (up to 255 bytes) and .png */
    const command *seek; /* pad-to in progress: its command */
    const command *await; /* wait-scene in progress: its command */
    int await_left;       /* frames it may still wait */
    int seek_presses;
};

/* How many d-pad presses pad-to may take before it fails. */
#define SEEK_MAX_PRESSES 40

static const char *const button_names[] = {"a", "b", "x", "y", "back", "guide", "start", "leftstick",
                                           "rightstick", "leftshoulder", "rightshoulder", "dpup",
                                           "dpdown", "dpleft", "dpright"};

static int button_by_name(const char *s)
{
    for (int i = 0; i < (int)(sizeof button_names / sizeof button_names[0]); i++)
        if (strcmp(s, button_names[i]) == 0)
            return i;
    return -1;
}

/* The longest wait a line may ask for: an hour of frames at 60 a second. */
#define MAX_WAIT 216000
/* How far from the virtual screen's origin a pointer or wheel value may go. */
#define MAX_COORD 100000.0

/* Reads n numbers after the line's first `skip` words into out, each
 * finite and within [lo, hi], with nothing after them: 0, or -1 for
 * anything else (so no nan, inf or 1e30 is ever turned into an int). */
static int parse_numbers(const char *line, int skip, int n, double lo, double hi, double *out)
{
    const char *p = line;
    for (int w = 0; w < skip; w++) {
        p += strspn(p, " \t");
        p += strcspn(p, " \t");
    }
    for (int i = 0; i < n; i++) {
        char *end;
        p += strspn(p, " \t");
        if (!*p)
            return -1;
        out[i] = strtod(p, &end);
        if (end == p || (*end && *end != ' ' && *end != '\t') || !isfinite(out[i]) || out[i] < lo || out[i] > hi)
            return -1;
        p = end;
    }
    p += strspn(p, " \t");
    return *p ? -1 : 0;
}

/* A whole count in [0, max] after the first `skip` words: 0, or -1. */
static int parse_count(const char *line, int skip, int max, int *n)
{
    double v;
    if (parse_numbers(line, skip, 1, 0, max, &v) != 0 || v != floor(v))
        return -1;
    *n = (int)v;
    return 0;
}

static int parse_line(command *c, const char *line, int lineno, char *err, size_t errn)
{
    int got;
    memset(c, 0, sizeof *c);
    c->line = lineno;
    got = sscanf(line, "%15s %255s", c->op, c->arg);
    if (got < 1)
        return 1; /* blank */
    if (c->op[0] == '#')
        return 1;
    if (!strcmp(c->op, "wait")) {
        if (parse_count(line, 1, MAX_WAIT, &c->n) != 0)
            goto bad;
    } else if (!strcmp(c->op, "sleep")) {
        if (parse_count(line, 1, 60000, &c->n) != 0)
            goto bad;
    } else if (!strcmp(c->op, "mouse") || !strcmp(c->op, "click") || !strcmp(c->op, "down") ||
               !strcmp(c->op, "up") || !strcmp(c->op, "right-down") || !strcmp(c->op, "right-up")) {
        double xy[2];
        if (parse_numbers(line, 1, 2, -MAX_COORD, MAX_COORD, xy) != 0)
            goto bad;
        c->x = (float)xy[0];
        c->y = (float)xy[1];
    } else if (!strcmp(c->op, "wheel")) {
        double dy;
        if (parse_numbers(line, 1, 1, -MAX_COORD, MAX_COORD, &dy) != 0)
            goto bad;
        c->y = (float)dy;
    } else if (!strcmp(c->op, "key") || !strcmp(c->op, "key-down") || !strcmp(c->op, "key-up")) {
        if (got < 2 || SDL_GetKeyFromName(c->arg) == SDLK_UNKNOWN)
            goto bad;
    } else if (!strcmp(c->op, "pad-down") || !strcmp(c->op, "pad-up")) {
        if (got < 2 || (strcmp(c->arg, "lefttrigger") && button_by_name(c->arg) < 0))
            goto bad;
    } else if (!strcmp(c->op, "pad")) {
        if (got < 2 || (strcmp(c->arg, "attach") && strcmp(c->arg, "detach") && button_by_name(c->arg) < 0))
            goto bad;
    } else if (!strcmp(c->op, "stick")) {
        if (got < 2 || (strcmp(c->arg, "up") && strcmp(c->arg, "down") && strcmp(c->arg, "left") &&
                        strcmp(c->arg, "right")))
            goto bad;
    } else if (!strcmp(c->op, "wait-scene")) {
        if (got < 2 || parse_count(line, 2, MAX_WAIT, &c->n) != 0 || c->n < 1)
            goto bad;
    } else if (!strcmp(c->op, "text") || !strcmp(c->op, "drop")) {
        /* the rest of the line, spaces and all: a name typed, a path dropped */
        const char *rest = line + strspn(line, " \t") + strlen(c->op);
        rest += strspn(rest, " \t");
        if (!*rest || strlen(rest) >= sizeof c->arg)
            goto bad;
        snprintf(c->arg, sizeof c->arg, "%s", rest);
    } else if (!strcmp(c->op, "screenshot") || !strcmp(c->op, "expect-scene") || !strcmp(c->op, "click-on") ||
               !strcmp(c->op, "mouse-on") || !strcmp(c->op, "pad-to")) {
        if (got < 2)
            goto bad;
    } else {
        goto bad;
    }
    return 0;
bad:
    snprintf(err, errn, "line %d: cannot understand '%s'", lineno, line);
    return -1;
}

script *script_load(const char *path, char *err, size_t errn)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int lineno = 0;
    script *s;
    if (!f) {
        snprintf(err, errn, "cannot open the input script %s", path);
        return NULL;
    }
    s = calloc(1, sizeof *s);
    if (s)
        s->cmds = calloc(MAX_LINES, sizeof *s->cmds);
    if (!s || !s->cmds) {
        fclose(f);
        free(s);
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    s->release_button = s->release_axis = -1;
    while (fgets(line, sizeof line, f)) {
        char msg[400];
        int rc;
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (s->n >= MAX_LINES) {
            snprintf(err, errn, "%s: more than %d commands", path, MAX_LINES);
            goto fail;
        }
        rc = parse_line(&s->cmds[s->n], line, lineno, msg, sizeof msg);
        if (rc < 0) {
            snprintf(err, errn, "%s: %s", path, msg);
            goto fail;
        }
        if (rc == 0)
            s->n++;
    }
    fclose(f);
    ui_nav_publish(1); /* click-on and pad-to read the screens' items */
    return s;
fail:
    fclose(f);
    free(s->cmds);
    free(s);
    return NULL;
}

static void detach(script *s)
{
    if (!s->pad)
        return;
    SDL_JoystickClose(s->pad);
    SDL_JoystickDetachVirtual(s->pad_index);
    s->pad = NULL;
}

void script_free(script *s)
{
    if (!s)
        return;
    ui_nav_publish(0);
    detach(s);
    free(s->cmds);
    free(s);
}

int script_done(const script *s) { return s->pc >= s->n && s->wait == 0 && !s->seek && !s->await; }

const char *script_take_screenshot(script *s)
{
    static char taken[sizeof ((script *)0)->shot];
    if (!s->shot[0])
        return NULL;
    snprintf(taken, sizeof taken, "%s", s->shot);
    s->shot[0] = '\0';
    return taken;
}

static void push_mouse_button(app *a, Uint32 type, float vx, float vy, Uint8 button)
{
    SDL_Event e;
    float k = (float)a->win_h / RENDER_VIRTUAL_H;
    memset(&e, 0, sizeof e);
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
        e.motion.windowID = SDL_GetWindowID(a->window);
        e.motion.x = (int)(vx * k);
        e.motion.y = (int)(vy * k);
        e.motion.xrel = 10;
    } else {
        e.button.windowID = SDL_GetWindowID(a->window);
        e.button.button = button;
        e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
        e.button.clicks = 1;
        e.button.x = (int)(vx * k);
        e.button.y = (int)(vy * k);
    }
    SDL_PushEvent(&e);
}

static void push_mouse(app *a, Uint32 type, float vx, float vy) { push_mouse_button(a, type, vx, vy, SDL_BUTTON_LEFT); }

static void push_key(app *a, SDL_Keycode key, int down)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.windowID = SDL_GetWindowID(a->window);
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    SDL_PushEvent(&e);
}

static int attach(script *s, char *err, size_t errn)
{
    SDL_VirtualJoystickDesc d;
    if (s->pad)
        return 0;
    memset(&d, 0, sizeof d);
    d.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    d.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    d.naxes = SDL_CONTROLLER_AXIS_MAX;
    d.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    d.button_mask = (1u << SDL_CONTROLLER_BUTTON_MAX) - 1;
    d.axis_mask = (1u << SDL_CONTROLLER_AXIS_MAX) - 1;
    d.name = "Stackhouse test controller";
    s->pad_index = SDL_JoystickAttachVirtualEx(&d);
    if (s->pad_index < 0 || !(s->pad = SDL_JoystickOpen(s->pad_index))) {
        snprintf(err, errn, "cannot attach a virtual controller: %s", SDL_GetError());
        return -1;
    }
    return 0;
}

static int run(script *s, app *a, const command *c, char *err, size_t errn)
{
    if (!strcmp(c->op, "wait")) {
        s->wait = c->n;
    } else if (!strcmp(c->op, "sleep")) {
        /* Real time for what happens outside the frames (phones joining over the network). */
        SDL_Delay((Uint32)c->n);
    } else if (!strcmp(c->op, "key")) {
        s->release_key = SDL_GetKeyFromName(c->arg);
        push_key(a, s->release_key, 1);
        s->wait = 2; /* release on the next frame, as a finger would, then go on */
    } else if (!strcmp(c->op, "key-down") || !strcmp(c->op, "key-up")) {
        /* held across commands: a peek key stays down while others are pressed */
        push_key(a, SDL_GetKeyFromName(c->arg), !strcmp(c->op, "key-down"));
        s->wait = 2;
    } else if (!strcmp(c->op, "right-down") || !strcmp(c->op, "right-up")) {
        push_mouse(a, SDL_MOUSEMOTION, c->x, c->y);
        push_mouse_button(a, !strcmp(c->op, "right-down") ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP, c->x, c->y,
                          SDL_BUTTON_RIGHT);
    } else if (!strcmp(c->op, "pad-down") || !strcmp(c->op, "pad-up")) {
        int down = !strcmp(c->op, "pad-down");
        if (!s->pad) {
            snprintf(err, errn, "line %d: %s before pad attach", c->line, c->op);
            return -1;
        }
        if (!strcmp(c->arg, "lefttrigger"))
            /* a trigger's whole travel is the axis' whole range: let go is its minimum */
            SDL_JoystickSetVirtualAxis(s->pad, SDL_CONTROLLER_AXIS_TRIGGERLEFT, down ? 32767 : -32768);
        else
            SDL_JoystickSetVirtualButton(s->pad, button_by_name(c->arg), (Uint8)down);
        s->wait = 2;
    } else if (!strcmp(c->op, "mouse")) {
        push_mouse(a, SDL_MOUSEMOTION, c->x, c->y);
    } else if (!strcmp(c->op, "click")) {
        push_mouse(a, SDL_MOUSEMOTION, c->x, c->y);
        push_mouse(a, SDL_MOUSEBUTTONDOWN, c->x, c->y);
        push_mouse(a, SDL_MOUSEBUTTONUP, c->x, c->y);
    } else if (!strcmp(c->op, "down")) {
        push_mouse(a, SDL_MOUSEMOTION, c->x, c->y);
        push_mouse(a, SDL_MOUSEBUTTONDOWN, c->x, c->y);
    } else if (!strcmp(c->op, "up")) {
        push_mouse(a, SDL_MOUSEMOTION, c->x, c->y);
        push_mouse(a, SDL_MOUSEBUTTONUP, c->x, c->y);
    } else if (!strcmp(c->op, "wheel")) {
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = SDL_MOUSEWHEEL;
        e.wheel.windowID = SDL_GetWindowID(a->window);
        e.wheel.y = (int)c->y;
        e.wheel.preciseY = c->y;
        SDL_PushEvent(&e);
    } else if (!strcmp(c->op, "pad")) {
        if (!strcmp(c->arg, "attach"))
            return attach(s, err, errn);
        if (!strcmp(c->arg, "detach")) {
            detach(s);
            return 0;
        }
        if (!s->pad) {
            snprintf(err, errn, "line %d: pad %s before pad attach", c->line, c->arg);
            return -1;
        }
        s->release_button = button_by_name(c->arg);
        SDL_JoystickSetVirtualButton(s->pad, s->release_button, 1);
        s->wait = 2; /* SDL must see the release before the next press */
    } else if (!strcmp(c->op, "stick")) {
        int axis = (!strcmp(c->arg, "up") || !strcmp(c->arg, "down")) ? SDL_CONTROLLER_AXIS_LEFTY
                                                                       : SDL_CONTROLLER_AXIS_LEFTX;
        Sint16 v = (!strcmp(c->arg, "up") || !strcmp(c->arg, "left")) ? -32000 : 32000;
        if (!s->pad) {
            snprintf(err, errn, "line %d: stick before pad attach", c->line);
            return -1;
        }
        SDL_JoystickSetVirtualAxis(s->pad, axis, v);
        s->release_axis = axis;
        s->wait = 2;
    } else if (!strcmp(c->op, "click-on") || !strcmp(c->op, "mouse-on")) {
        rrect r;
        int focused, click = !strcmp(c->op, "click-on");
        if (ui_nav_find_last(c->arg, &r, &focused) != 0) {
            snprintf(err, errn, "line %d: no item %s on the screen to %s", c->line, c->arg, click ? "click" : "point at");
            return -1;
        }
        push_mouse(a, SDL_MOUSEMOTION, r.x + r.w / 2, r.y + r.h / 2);
        if (click) {
            push_mouse(a, SDL_MOUSEBUTTONDOWN, r.x + r.w / 2, r.y + r.h / 2);
            push_mouse(a, SDL_MOUSEBUTTONUP, r.x + r.w / 2, r.y + r.h / 2);
        }
    } else if (!strcmp(c->op, "text")) {
        /* as SDL's text input sends it: at most its buffer's bytes per event, whole characters */
        size_t at = 0, len = strlen(c->arg);
        while (at < len) {
            SDL_Event e;
            size_t k = len - at < SDL_TEXTINPUTEVENT_TEXT_SIZE - 1 ? len - at : SDL_TEXTINPUTEVENT_TEXT_SIZE - 1;
            while (k > 0 && at + k < len && ((unsigned char)c->arg[at + k] & 0xC0) == 0x80)
                k--;
            memset(&e, 0, sizeof e);
            e.type = SDL_TEXTINPUT;
            e.text.windowID = SDL_GetWindowID(a->window);
            memcpy(e.text.text, c->arg + at, k);
            SDL_PushEvent(&e);
            at += k;
        }
        s->wait = 2;
    } else if (!strcmp(c->op, "drop")) {
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = SDL_DROPFILE;
        e.drop.windowID = SDL_GetWindowID(a->window);
        e.drop.file = SDL_strdup(c->arg); /* freed by the loop, as SDL's own */
        SDL_PushEvent(&e);
        s->wait = 2;
    } else if (!strcmp(c->op, "wait-scene")) {
        s->await = c;
        s->await_left = c->n;
    } else if (!strcmp(c->op, "pad-to")) {
        if (!s->pad) {
            snprintf(err, errn, "line %d: pad-to before pad attach", c->line);
            return -1;
        }
        s->seek = c;
        s->seek_presses = 0;
    } else if (!strcmp(c->op, "screenshot")) {
        size_t n = strlen(c->arg);
        /* A PNG is what is written, so that is what the name says. */
        int has_png = n >= 4 && SDL_strcasecmp(c->arg + n - 4, ".png") == 0;
        snprintf(s->shot, sizeof s->shot, "%s%s", c->arg, has_png ? "" : ".png");
    } else if (!strcmp(c->op, "expect-scene")) {
        scene *top = shell_top(a->sh);
        if (!top || strcmp(top->name, c->arg) != 0) {
            snprintf(err, errn, "line %d: expected scene %s, found %s", c->line, c->arg,
                     top ? top->name : "none");
            return -1;
        }
    }
    return 0;
}

/* pad-to: one d-pad press on the way to the item, as a person steers the
 * focus ring (left and right change a value where one has focus). */
static int seek_step(script *s, char *err, size_t errn)
{
    rrect to;
    int focused, dir, button;
    if (ui_nav_find_last(s->seek->arg, &to, &focused) == 0 && focused) {
        s->seek = NULL;
        return 0;
    }
    if (++s->seek_presses > SEEK_MAX_PRESSES) {
        snprintf(err, errn, "line %d: the d-pad never reached %s", s->seek->line, s->seek->arg);
        return -1;
    }
    dir = ui_nav_route_last(s->seek->arg);
    if (dir <= ACT_NONE) {
        s->wait = 2; /* no such item yet: the screen may still be opening */
        return 0;
    }
    button = dir == ACT_UP     ? SDL_CONTROLLER_BUTTON_DPAD_UP
             : dir == ACT_DOWN ? SDL_CONTROLLER_BUTTON_DPAD_DOWN
             : dir == ACT_LEFT ? SDL_CONTROLLER_BUTTON_DPAD_LEFT
                               : SDL_CONTROLLER_BUTTON_DPAD_RIGHT;
    SDL_JoystickSetVirtualButton(s->pad, button, 1);
    s->release_button = button;
    s->wait = 3; /* the release, then a frame for the focus to move */
    return 0;
}

int script_tick(script *s, app *a, char *err, size_t errn)
{
    if (s->release_key) {
        push_key(a, s->release_key, 0);
        s->release_key = 0;
    }
    if (s->release_button >= 0 && s->pad) {
        SDL_JoystickSetVirtualButton(s->pad, s->release_button, 0);
        s->release_button = -1;
    }
    if (s->release_axis >= 0 && s->pad) {
        SDL_JoystickSetVirtualAxis(s->pad, s->release_axis, 0);
        s->release_axis = -1;
    }
    if (s->wait > 0) {
        s->wait--;
        return 0;
    }
    if (s->seek && seek_step(s, err, errn) != 0)
        return -1;
    if (s->await) {
        scene *top = shell_top(a->sh);
        if (top && strcmp(top->name, s->await->arg) == 0) {
            s->await = NULL;
        } else if (--s->await_left < 0) {
            snprintf(err, errn, "line %d: scene %s never came in %d frames (found %s)", s->await->line,
                     s->await->arg, s->await->n, top ? top->name : "none");
            return -1;
        } else {
            return 0;
        }
    }
    while (!s->seek && !s->await && s->pc < s->n && s->wait == 0) {
        if (run(s, a, &s->cmds[s->pc++], err, errn) != 0)
            return -1;
        if (s->shot[0])
            break; /* draw this frame before going on */
    }
    if (s->wait > 0)
        s->wait--;
    return 0;
}
