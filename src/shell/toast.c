#include "shell/toast.h"

#include <stdarg.h>
#include <stdio.h>

#include "shell/trace.h"

static char text[600]; /* room for a notice naming a file by its full path */
static double left;
static float bar[4]; /* the hint bar drawn this frame */
static int has_bar;

static void show(double seconds, const char *fmt, va_list ap)
{
    vsnprintf(text, sizeof text, fmt, ap);
    left = seconds;
    trace_line("toast %s", text);
}

void toast_show(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    show(TOAST_SECONDS, fmt, ap);
    va_end(ap);
}

void toast_show_for(double seconds, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    show(seconds, fmt, ap);
    va_end(ap);
}

const char *toast_current(double *out)
{
    if (out)
        *out = left > 0 ? left : 0;
    return left > 0 && text[0] ? text : NULL;
}

void toast_step(double dt)
{
    if (left > 0)
        left -= dt;
}

void toast_clear(void) { left = 0; }

void toast_keep_off(float x, float y, float w, float h)
{
    bar[0] = x;
    bar[1] = y;
    bar[2] = w;
    bar[3] = h;
    has_bar = 1;
}

int toast_kept_off(float box[4])
{
    if (!has_bar)
        return -1;
    for (int i = 0; i < 4; i++)
        box[i] = bar[i];
    return 0;
}

void toast_frame(void) { has_bar = 0; }
