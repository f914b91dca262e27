/* A text reader for notation and saves, the other half of textout.h: a
 * cursor over a text's lines and each line's fields, the field kinds the
 * readers share, and messages that name the line and the field.
 *
 * The one rule for numbers (every reader, every game): a decimal field is
 * ASCII digits as the writers print them (printf "%d"): no '+', no blank, no
 * leading zero except "0" itself; a '-' only where the field's range admits
 * negatives, and never "-0". So "013", "+1", " 1" and "-0" are refused
 * everywhere, "-3" only in a field that may be negative (Stack-A-Track's
 * scores). Hex fields (seeds, a generator's state) have their written width
 * and lower-case digits, so their leading zeros are part of them. Doubles are
 * what "%.17g" writes: they read back bit for bit. */
#ifndef STACKHOUSE_TEXTIN_H
#define STACKHOUSE_TEXTIN_H

#include <stddef.h>
#include <stdint.h>

/* A piece of a text: not NUL-terminated. */
typedef struct text_span {
    const char *p;
    size_t len;
} text_span;

typedef struct text_in {
    const char *at, *end; /* the lines not read yet */
    text_span line;       /* the current line, without its '\n' */
    size_t col;           /* where the next field starts in line */
    int more;             /* a field (maybe empty) is left on the line */
    int line_no;          /* the current line, from 1; 0 before the first */
    int field_no;         /* the last field taken, from 1; 0 before the first */
    int label_field;      /* nonzero: messages name this field (a cursor within one field) */
    int lines;            /* messages name the line (a text of many lines) */
    const char *what;     /* the text's name in messages: "position", "record" */
    char *err;
    size_t errn;
} text_in;

/* A cursor over the lines of text (NUL-terminated), before its first line. */
void text_in_init(text_in *in, const char *text, const char *what, char *err, size_t errn);
/* A cursor over one line of len characters at text, already on it (messages name no line). */
void text_in_one(text_in *in, const char *text, size_t len, const char *what, char *err, size_t errn);
/* A cursor over field f of in, already on it; its messages name in's line and field. */
void text_in_within(text_in *sub, const text_in *in, text_span f);
/* Moves to the next line; 0, or -1 (no message) when the text has no more. */
int text_in_line(text_in *in);
/* Takes the next field of the line, up to the first of seps or the line's end;
 * 0, or -1 (no message) when no field is left. "a;" holds "a" and "". */
int text_in_field(text_in *in, const char *seps, text_span *f);
/* Takes the rest of the line as one field (maybe empty); none is left after it. */
text_span text_in_rest(text_in *in);
/* Whether no field is left on the current line. */
int text_in_line_done(const text_in *in);
/* Whether no line is left after the current one. */
int text_in_done(const text_in *in);
/* Writes "WHAT line L, field F: message" into the cursor's err, or
 * "WHAT: field F: message" for a one-line text (no field before the first);
 * returns -1. */
int text_in_fail(text_in *in, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Cuts f before the first of stops: returns what comes before it and leaves
 * the rest in *f, from that character on (empty when none is in f). */
text_span text_cut(text_span *f, const char *stops);
/* Whether f is exactly word. */
int text_is(text_span f, const char *word);
/* f as a number under the rule above, in lo..hi; 0, or -1. */
int text_num(text_span f, long long lo, long long hi, long long *out);
/* f as an unsigned decimal (a seed) under the rule above; 0, or -1. */
int text_u64(text_span f, uint64_t *out);
/* f as minlen..maxlen lower-case hex digits; 0, or -1. */
int text_hex64(text_span f, size_t minlen, size_t maxlen, uint64_t *out);
/* f as a finite double in the form "%.17g" writes; 0, or -1. */
int text_double(text_span f, double *out);
/* The index of f among the n words, or -1. */
int text_word(text_span f, const char *const *words, int n);

/* text_num with a message ("expected 0..12, got \"013\""); 0, or -1. */
int text_in_num(text_in *in, text_span f, long long lo, long long hi, long long *out);
/* text_in_num for an int field. */
int text_in_int(text_in *in, text_span f, int lo, int hi, int *out);
/* Reads field f as exactly n numbers in lo..hi joined by seps into out;
 * 0, or -1 with a message. */
int text_in_nums(text_in *in, text_span f, const char *seps, int n, long long lo, long long hi, long long *out);
/* text_word with a message ("expected cw or ccw, got \"up\""); the index, or -1. */
int text_in_word(text_in *in, text_span f, const char *const *words, int n);

/* Reads the new-deal words "start", "start:N" or "start:N:SEED" (N in
 * 2..max, and equal to players where that is nonzero; default players, or
 * 2): 1 with n and seed set, 0 when text is not one of them (it does not
 * begin with "start"), or -1 with a "position: ..." message. */
int text_start_read(const char *text, int players, int max, int *n, uint64_t *seed, char *err, size_t errn);

#endif
