/* A bounded text writer for notation: appends formatted pieces to a caller's
 * buffer and remembers if anything did not fit, so that a writer checks
 * once at the end instead of after every piece. */
#ifndef STACKHOUSE_TEXTOUT_H
#define STACKHOUSE_TEXTOUT_H

#include <stddef.h>

typedef struct text_out {
    char *buf;
    size_t n, len;
    int full; /* something did not fit: the text is cut short */
} text_out;

/* Appends printf-style text; on overflow sets full and appends nothing more. */
void text_out_add(text_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
