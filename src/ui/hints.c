#include "ui/hints.h"

#include <stdio.h>

#include "shell/toast.h"
#include "ui/ui.h"

#define ARROWS_LR "\xe2\x97\x80\xe2\x96\xb6" /* ◀▶ */
#define ARROWS_UD "\xe2\x96\xb2\xe2\x96\xbc" /* ▲▼ */
#define KEYS_LR "\xe2\x86\x90\xe2\x86\x92"   /* ←→ */
#define KEYS_UD "\xe2\x86\x91\xe2\x86\x93"   /* ↑↓ */
#define SEP "  \xc2\xb7  "                    /* a middle dot, spaced */

const char *ui_hint_key(input_device dev, int act)
{
    switch (act) {
    case ACT_ACCEPT: return dev == DEV_PAD ? "(A)" : dev == DEV_MOUSE ? "Click" : "Enter";
    case ACT_BACK: return dev == DEV_PAD ? "(B)" : "Esc";
    case ACT_ALT: return dev == DEV_PAD ? "(Y)" : "R";
    case ACT_EXTRA: return dev == DEV_PAD ? "(X)" : "X";
    case ACT_MENU: return dev == DEV_PAD ? "Start" : "F1";
    case ACT_HINT: return dev == DEV_PAD ? "Back" : "H"; /* a controller's Back (View, Select) button */
    case ACT_PREV_TAB: return dev == DEV_PAD ? "LB" : "Q";
    case ACT_NEXT_TAB: return dev == DEV_PAD ? "RB" : "E";
    case ACT_PAGE_UP: return dev == DEV_PAD ? "LT" : "PgUp";
    case ACT_PAGE_DOWN: return dev == DEV_PAD ? "RT" : "PgDn";
    case UI_HINT_LEFTRIGHT: return dev == DEV_PAD ? ARROWS_LR : KEYS_LR;
    case UI_HINT_UPDOWN: return dev == DEV_PAD ? ARROWS_UD : KEYS_UD;
    case UI_HINT_WHEEL: return dev == DEV_PAD ? ARROWS_UD : dev == DEV_MOUSE ? "Wheel" : KEYS_UD;
    case UI_HINT_DRAG: return dev == DEV_PAD ? "(A)" : dev == DEV_MOUSE ? "Drag" : "Enter";
    case UI_HINT_POINT: return dev == DEV_PAD ? "(A)" : dev == DEV_MOUSE ? "Click" : "Enter";
    case UI_HINT_PEEK: return dev == DEV_PAD ? "Hold LT" : dev == DEV_MOUSE ? "Hold right button" : "Hold P";
    default: return "?";
    }
}

const char *ui_hint_press(input_device dev, int act, char *buf, size_t n)
{
    if (dev == DEV_MOUSE && (act == ACT_ACCEPT || act == UI_HINT_POINT))
        snprintf(buf, n, "Click");
    else
        snprintf(buf, n, "Press %s", ui_hint_key(dev, act));
    return buf;
}

char *ui_hint_words(input_device dev, const ui_hint *h, int n, char *buf, size_t size)
{
    size_t len = 0;
    if (size == 0)
        return buf;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++) {
        int k;
        if (!h[i].does)
            continue;
        k = snprintf(buf + len, size - len, "%s%s %s", len ? SEP : "", ui_hint_key(dev, h[i].act), h[i].does);
        if (k < 0)
            break;
        len += (size_t)k;
    }
    return buf;
}

void ui_draw_hint_bar(render *r, const shell *sh, const ui_hint *h, int n)
{
    char line[320];
    ui_draw_hint_line(r, sh, ui_hint_words(shell_input(sh)->last_device, h, n, line, sizeof line));
}

void ui_draw_hints(render *r, const shell *sh, const char *accept, const char *back, const char *alt)
{
    ui_hint h[3] = {{ACT_ACCEPT, accept}, {ACT_BACK, back}, {ACT_ALT, alt}};
    ui_draw_hint_bar(r, sh, h, 3);
}

rrect ui_hint_bar_rect(render *r, float vw, const char *line)
{
    float w = render_text_width(r, FONT_SANS, UI_SMALL, line);
    return (rrect){(vw - w) / 2 - 24, RENDER_VIRTUAL_H - 64, w + 48, 44};
}

void ui_draw_hint_line(render *r, const shell *sh, const char *line)
{
    rrect b;
    /* Two bars in one place garble each other; the modal's is the one that applies. */
    if (shell_drawing_covered(sh) || !line || !*line)
        return;
    b = ui_hint_bar_rect(r, shell_vw(sh), line);
    toast_keep_off(b.x, b.y, b.w, b.h);
    ui_audit_box(b);
    render_round_rect(r, b, 22, (rcolor){30, 18, 8, 150});
    render_text(r, FONT_SANS, UI_SMALL, b.x + 24, b.y + 8, UI_CREAM, line);
}
