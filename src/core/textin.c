#include "core/textin.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textout.h"

/* How much of a field a message quotes. */
#define QUOTE 40

void text_in_init(text_in *in, const char *text, const char *what, char *err, size_t errn)
{
    memset(in, 0, sizeof *in);
    in->at = text;
    in->end = text + strlen(text);
    in->line.p = text;
    in->lines = 1;
    in->what = what;
    in->err = err;
    in->errn = errn;
}

void text_in_one(text_in *in, const char *text, size_t len, const char *what, char *err, size_t errn)
{
    memset(in, 0, sizeof *in);
    in->at = in->end = text + len;
    in->line.p = text;
    in->line.len = len;
    in->more = 1;
    in->line_no = 1;
    in->what = what;
    in->err = err;
    in->errn = errn;
}

void text_in_within(text_in *sub, const text_in *in, text_span f)
{
    text_in_one(sub, f.p, f.len, in->what, in->err, in->errn);
    sub->line_no = in->line_no;
    sub->lines = in->lines;
    sub->label_field = in->label_field ? in->label_field : in->field_no;
}

int text_in_line(text_in *in)
{
    if (in->at >= in->end)
        return -1;
    const char *e = memchr(in->at, '\n', (size_t)(in->end - in->at));
    in->line.p = in->at;
    in->line.len = e ? (size_t)(e - in->at) : (size_t)(in->end - in->at);
    in->at = e ? e + 1 : in->end;
    in->col = 0;
    in->more = 1;
    in->line_no++;
    in->field_no = 0;
    return 0;
}

int text_in_field(text_in *in, const char *seps, text_span *f)
{
    size_t i = in->col;
    if (!in->more)
        return -1;
    while (i < in->line.len && !strchr(seps, in->line.p[i]))
        i++;
    f->p = in->line.p + in->col;
    f->len = i - in->col;
    in->more = i < in->line.len;
    in->col = in->more ? i + 1 : i;
    in->field_no++;
    return 0;
}

text_span text_in_rest(text_in *in)
{
    text_span f = {in->line.p + in->col, in->more ? in->line.len - in->col : 0};
    in->col = in->line.len;
    in->more = 0;
    in->field_no++;
    return f;
}

int text_in_line_done(const text_in *in)
{
    return !in->more;
}

int text_in_done(const text_in *in)
{
    return in->at >= in->end;
}

int text_in_fail(text_in *in, const char *fmt, ...)
{
    text_out o = {in->err, in->errn, 0, 0};
    int field = in->label_field ? in->label_field : in->field_no;
    va_list ap;
    char why[256];
    if (!in->errn)
        return -1;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    in->err[0] = 0;
    text_out_add(&o, "%s", in->what);
    if (in->lines)
        text_out_add(&o, " line %d", in->line_no);
    if (field)
        text_out_add(&o, in->lines ? ", field %d" : ": field %d", field);
    text_out_add(&o, ": %s", why);
    return -1;
}

/* ------------------------------------------------------------ field kinds */

text_span text_cut(text_span *f, const char *stops)
{
    size_t i = 0;
    while (i < f->len && !(f->p[i] && strchr(stops, f->p[i])))
        i++;
    text_span head = {f->p, i};
    f->p += i;
    f->len -= i;
    return head;
}

int text_is(text_span f, const char *word)
{
    return strlen(word) == f.len && memcmp(f.p, word, f.len) == 0;
}

int text_num(text_span f, long long lo, long long hi, long long *out)
{
    size_t i = 0;
    long long v = 0;
    int neg = f.len > 0 && f.p[0] == '-';
    if (neg && lo >= 0)
        return -1; /* a sign only where the range admits negatives */
    i = (size_t)neg;
    if (i == f.len || f.len - i > 18 || (f.p[i] == '0' && (f.len - i > 1 || neg)))
        return -1; /* empty, too long, a leading zero or "-0" */
    for (; i < f.len; i++) {
        if (f.p[i] < '0' || f.p[i] > '9')
            return -1;
        v = v * 10 + (f.p[i] - '0');
    }
    v = neg ? -v : v;
    if (v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int text_u64(text_span f, uint64_t *out)
{
    uint64_t v = 0;
    if (f.len == 0 || f.len > 20 || (f.p[0] == '0' && f.len > 1))
        return -1;
    for (size_t i = 0; i < f.len; i++) {
        unsigned d = (unsigned)(f.p[i] - '0');
        if (d > 9 || v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

int text_hex64(text_span f, size_t minlen, size_t maxlen, uint64_t *out)
{
    static const char digits[] = "0123456789abcdef";
    uint64_t v = 0;
    if (f.len < minlen || f.len > maxlen || f.len > 16 || f.len == 0)
        return -1;
    for (size_t i = 0; i < f.len; i++) {
        const char *d = f.p[i] ? strchr(digits, f.p[i]) : NULL;
        if (!d)
            return -1;
        v = v << 4 | (uint64_t)(d - digits);
    }
    *out = v;
    return 0;
}

int text_double(text_span f, double *out)
{
    char buf[64], *end;
    if (f.len == 0 || f.len >= sizeof buf || (f.p[0] != '-' && (f.p[0] < '0' || f.p[0] > '9')))
        return -1;
    for (size_t i = 0; i < f.len; i++) {
        char c = f.p[i];
        /* no blanks, hex, inf or nan (a test, not strchr: a MAXSTAX tape reads ~70,000 of these) */
        if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == '-' || c == '+'))
            return -1;
    }
    memcpy(buf, f.p, f.len);
    buf[f.len] = 0;
    double v = strtod(buf, &end);
    if (*end || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

int text_word(text_span f, const char *const *words, int n)
{
    for (int k = 0; k < n; k++)
        if (text_is(f, words[k]))
            return k;
    return -1;
}

/* ------------------------------------------------------------ with messages */

int text_in_num(text_in *in, text_span f, long long lo, long long hi, long long *out)
{
    if (text_num(f, lo, hi, out) == 0)
        return 0;
    return text_in_fail(in, "expected %lld..%lld, got \"%.*s\"", lo, hi, (int)(f.len < QUOTE ? f.len : QUOTE), f.p);
}

int text_in_int(text_in *in, text_span f, int lo, int hi, int *out)
{
    long long v = 0;
    if (text_in_num(in, f, lo, hi, &v) < 0)
        return -1;
    *out = (int)v;
    return 0;
}

int text_in_nums(text_in *in, text_span f, const char *seps, int n, long long lo, long long hi, long long *out)
{
    text_in c;
    text_span part;
    int k = 0;
    text_in_within(&c, in, f);
    for (; text_in_field(&c, seps, &part) == 0; k++)
        if (k < n && text_in_num(in, part, lo, hi, &out[k]) < 0)
            return -1;
    if (k != n)
        return text_in_fail(in, "expected %d numbers joined by '%s', got %d", n, seps, k);
    return 0;
}

int text_in_word(text_in *in, text_span f, const char *const *words, int n)
{
    int k = text_word(f, words, n);
    char list[256];
    text_out o = {list, sizeof list, 0, 0};
    if (k >= 0)
        return k;
    list[0] = 0;
    for (int i = 0; i < n; i++)
        text_out_add(&o, "%s%s", i == 0 ? "" : i + 1 < n ? ", " : " or ", words[i]);
    return text_in_fail(in, "expected %s, got \"%.*s\"", list, (int)(f.len < QUOTE ? f.len : QUOTE), f.p);
}

/* ------------------------------------------------------------ new deals */

int text_start_read(const char *text, int players, int max, int *n, uint64_t *seed, char *err, size_t errn)
{
    text_in in;
    text_span f;
    long long v = 0;
    if (strncmp(text, "start", 5) != 0)
        return 0;
    text_in_one(&in, text, strlen(text), "position", err, errn);
    *n = players ? players : 2;
    *seed = 0;
    text_in_field(&in, ":", &f);
    if (!text_is(f, "start"))
        return text_in_fail(&in, "expected start, start:N or start:N:SEED, not '%.20s'", text);
    if (text_in_field(&in, ":", &f) == 0) {
        if (text_num(f, 2, max, &v) < 0 || (players && v != players))
            return text_in_fail(&in, "bad player count in '%.20s' (%d..%d%s)", text, players ? players : 2,
                                players ? players : max, players ? ", as the match has" : "");
        *n = (int)v;
    }
    if (text_in_field(&in, ":", &f) == 0 && text_u64(f, seed) < 0)
        return text_in_fail(&in, "bad seed in '%.30s' (digits, no leading zero)", text);
    if (!text_in_line_done(&in))
        return text_in_fail(&in, "expected start, start:N or start:N:SEED, not '%.20s'", text);
    return 1;
}
