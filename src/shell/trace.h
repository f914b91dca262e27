/* The trace: a line for each thing a test (or a curious player) may check
 * happened ("scene setup", "nine move p1 play G2", "match 9stax players 4
 * ..."), written by whatever did it. Part of the shell below every screen,
 * table and view, so none of them reaches up into the app to write one; the
 * app opens the file (--trace) and closes it. */
#ifndef STACKHOUSE_TRACE_H
#define STACKHOUSE_TRACE_H

#include <stdio.h>

/* Lines go to f from now on (NULL: nowhere, the default); the caller owns f. */
void trace_to(FILE *f);
/* Writes one line (a newline is added) and flushes it, if tracing. */
void trace_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
