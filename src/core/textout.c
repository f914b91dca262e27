#include "core/textout.h"

#include <stdarg.h>
#include <stdio.h>

void text_out_add(text_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = o->full ? 0 : vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
    va_end(ap);
    if (k < 0 || o->len + (size_t)k >= o->n)
        o->full = 1;
    else
        o->len += (size_t)k;
}
