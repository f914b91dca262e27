#include "games/maxstax/rules/maxstax_cards.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define LINE_MAX_CHARS 200
/* Touching planks share an edge; only overlaps deeper than this are errors. */
#define OVERLAP_EPS 0.02
#define FLOOR_EPS 0.02

typedef struct parser {
    const char *source;
    int line;
    int card; /* id of the open card, 0 outside one */
    int block_line[MAXSTAX_CARD_MAX_BLOCKS];
    char *err;
    size_t errn;
} parser;

/* Formats "source:line: card N: message" into the parser's err; returns -1. */
static int fail(const parser *p, int line, const char *fmt, ...)
{
    char msg[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (p->card)
        snprintf(p->err, p->errn, "%s:%d: card %d: %s", p->source, line, p->card, msg);
    else
        snprintf(p->err, p->errn, "%s:%d: %s", p->source, line, msg);
    return -1;
}

/* The four corners of a block at pose b. */
static void corners(maxstax_pose b, double cx[4], double cy[4])
{
    double c = cos(b.angle * PI / 180), s = sin(b.angle * PI / 180);
    static const double sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
    for (int k = 0; k < 4; k++) {
        double lx = sx[k] * MAXSTAX_BLOCK_LEN / 2, ly = sy[k] * MAXSTAX_BLOCK_THICK / 2;
        cx[k] = b.x + c * lx - s * ly;
        cy[k] = b.y + s * lx + c * ly;
    }
}

int maxstax_cards_overlap(maxstax_pose a, maxstax_pose b)
{
    double ax[4], ay[4], bx[4], by[4];
    corners(a, ax, ay);
    corners(b, bx, by);
    /* Separating axes: the two edge normals of each rectangle. */
    double angles[4] = {a.angle, a.angle + 90, b.angle, b.angle + 90};
    for (int k = 0; k < 4; k++) {
        double nx = cos(angles[k] * PI / 180), ny = sin(angles[k] * PI / 180);
        double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
        for (int i = 0; i < 4; i++) {
            double pa = ax[i] * nx + ay[i] * ny, pb = bx[i] * nx + by[i] * ny;
            amin = fmin(amin, pa), amax = fmax(amax, pa);
            bmin = fmin(bmin, pb), bmax = fmax(bmax, pb);
        }
        if (fmin(amax, bmax) - fmax(amin, bmin) <= OVERLAP_EPS)
            return 0;
    }
    return 1;
}

/* Checks a finished card: enough blocks, none overlapping, standing on the
 * floor and no wider than a stacking space. */
static int card_check(const parser *p, const maxstax_card *c)
{
    if (c->n < MAXSTAX_CARD_MIN_BLOCKS)
        return fail(p, p->line, "has %d block(s); a card needs %d to %d", c->n, MAXSTAX_CARD_MIN_BLOCKS,
                    MAXSTAX_CARD_MAX_BLOCKS);
    double ymin = INFINITY, xmin = INFINITY, xmax = -INFINITY;
    for (int i = 0; i < c->n; i++) {
        double cx[4], cy[4];
        corners(c->block[i], cx, cy);
        for (int k = 0; k < 4; k++) {
            ymin = fmin(ymin, cy[k]);
            xmin = fmin(xmin, cx[k]);
            xmax = fmax(xmax, cx[k]);
        }
        for (int j = 0; j < i; j++)
            if (maxstax_cards_overlap(c->block[i], c->block[j]))
                return fail(p, p->block_line[i], "block %d overlaps block %d", i + 1, j + 1);
    }
    if (fabs(ymin) > FLOOR_EPS)
        return fail(p, p->line, "the lowest block must rest on the floor (lowest point at y = %.3f)", ymin);
    if (xmax - xmin > MAXSTAX_CARD_MAX_WIDTH)
        return fail(p, p->line, "is %.1f units wide; at most %.0f fit a stacking space", xmax - xmin,
                    MAXSTAX_CARD_MAX_WIDTH);
    return 0;
}

/* Reads a finite number in [lo, hi] from *s, advancing it; -1 if there is none. */
static int number(const char **s, double lo, double hi, double *out)
{
    char *end;
    while (**s == ' ' || **s == '\t')
        (*s)++;
    if (!**s)
        return -1;
    double v = strtod(*s, &end);
    if (end == *s || !isfinite(v) || v < lo || v > hi || (*end && *end != ' ' && *end != '\t'))
        return -1;
    *s = end;
    *out = v;
    return 0;
}

/* Nonzero when only blanks are left in s. */
static int blank(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return !*s;
}

/* Parses one line (without its newline) into the deck. */
static int parse_line(parser *p, const char *s, maxstax_deck *deck)
{
    while (*s == ' ' || *s == '\t')
        s++;
    if (!*s || *s == '#')
        return 0;
    maxstax_card *c = p->card ? &deck->card[deck->n - 1] : NULL;
    double v[3];
    if (strncmp(s, "card ", 5) == 0) {
        if (c)
            return fail(p, p->line, "has no 'end' before the next card");
        s += 5;
        if (number(&s, 1, 1000, &v[0]) < 0 || v[0] != floor(v[0]))
            return fail(p, p->line, "expected 'card ID STARS NAME' with a whole card id");
        if (v[0] != deck->n + 1 || deck->n >= MAXSTAX_DECK_SIZE)
            return fail(p, p->line, "card %d out of order: expected card %d of %d", (int)v[0], deck->n + 1,
                        MAXSTAX_DECK_SIZE);
        p->card = (int)v[0];
        c = &deck->card[deck->n++];
        memset(c, 0, sizeof *c);
        c->id = p->card;
        if (number(&s, 1, 3, &v[1]) < 0 || v[1] != floor(v[1]))
            return fail(p, p->line, "stars must be 1, 2 or 3");
        c->stars = (int)v[1];
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || strlen(s) >= sizeof c->name)
            return fail(p, p->line, "needs a name of 1 to %zu characters", sizeof c->name - 1);
        strcpy(c->name, s);
        return 0;
    }
    if (strncmp(s, "block ", 6) == 0) {
        if (!c)
            return fail(p, p->line, "'block' outside a card");
        if (c->n >= MAXSTAX_CARD_MAX_BLOCKS)
            return fail(p, p->line, "more than %d blocks", MAXSTAX_CARD_MAX_BLOCKS);
        s += 6;
        if (number(&s, -50, 50, &v[0]) < 0 || number(&s, -1, 50, &v[1]) < 0 ||
            number(&s, -180, 180, &v[2]) < 0 || !blank(s))
            return fail(p, p->line, "expected 'block X Y ANGLE' (x in -50..50, y in -1..50, angle in -180..180)");
        p->block_line[c->n] = p->line;
        c->block[c->n].x = v[0];
        c->block[c->n].y = v[1];
        c->block[c->n].angle = v[2];
        c->n++;
        return 0;
    }
    if (strncmp(s, "end", 3) == 0 && blank(s + 3)) {
        if (!c)
            return fail(p, p->line, "'end' outside a card");
        if (card_check(p, c) < 0)
            return -1;
        p->card = 0;
        return 0;
    }
    return fail(p, p->line, "expected 'card', 'block', 'end' or a # comment");
}

int maxstax_cards_parse(const char *text, const char *source, maxstax_deck *deck, char *err, size_t errn)
{
    parser p = {source, 0, 0, {0}, err, errn};
    deck->n = 0;
    for (const char *s = text; *s;) {
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        char line[LINE_MAX_CHARS + 1];
        p.line++;
        if (len > LINE_MAX_CHARS)
            return fail(&p, p.line, "line longer than %d characters", LINE_MAX_CHARS);
        memcpy(line, s, len);
        line[len] = 0;
        if (len && line[len - 1] == '\r')
            line[len - 1] = 0;
        if (parse_line(&p, line, deck) < 0)
            return -1;
        s += len + (eol != NULL);
    }
    if (p.card)
        return fail(&p, p.line, "has no 'end' before the end of the file");
    if (deck->n != MAXSTAX_DECK_SIZE) {
        p.card = 0;
        return fail(&p, p.line, "has %d cards; the deck needs %d", deck->n, MAXSTAX_DECK_SIZE);
    }
    return 0;
}

int maxstax_cards_builtin(maxstax_deck *deck, char *err, size_t errn)
{
    return maxstax_cards_parse(maxstax_cards_text, "cards.txt", deck, err, errn);
}
