#include "games/nine/rules/nine_deck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nine_deck_data.h"

#define LINE_MAX_CHARS 200

static const char colour_letter[] = "RBGP";
/* Second letter of a card's name by face (index 0 unused). */
static const char face_letter[] = "?123456789ASDRPVCF";
static const char *const face_word[NINE_FACES] = {
    NULL,  "1",       "2",    "3",       "4",       "5",    "6",      "7",          "8",
    "9",   "attack",  "swap", "discard", "reverse", "peek", "reveal", "colorshift", "freediscard",
};

void nine_card_name(uint8_t code, char *buf)
{
    int c = nine_colour_of(code), f = nine_face_of(code);
    if (f == NINE_SHIFT || f == NINE_FREE) {
        buf[0] = f == NINE_SHIFT ? 'C' : 'F';
        buf[1] = f == NINE_SHIFT ? 'S' : 'D';
    } else {
        buf[0] = c < NINE_NO_COLOUR ? colour_letter[c] : '?';
        buf[1] = f > 0 && f < NINE_FACES ? face_letter[f] : '?';
    }
    buf[2] = 0;
}

int nine_card_read(const char *p)
{
    if (p[0] == 'C' && p[1] == 'S')
        return nine_code(NINE_NO_COLOUR, NINE_SHIFT);
    if (p[0] == 'F' && p[1] == 'D')
        return nine_code(NINE_NO_COLOUR, NINE_FREE);
    const char *c = p[0] ? strchr(colour_letter, p[0]) : NULL;
    /* Faces up to Reveal only: the last two letters name colourless cards. */
    const char *f = p[1] ? memchr(face_letter + 1, p[1], NINE_REVEAL) : NULL;
    if (!c || !f)
        return -1;
    return nine_code((int)(c - colour_letter), (int)(f - face_letter));
}

/* Splits the next comma list item of [p, end) into item; returns the item's end. */
static const char *list_item(const char *p, const char *end, char *item, size_t n)
{
    const char *q = p;
    while (q < end && *q != ',')
        q++;
    size_t len = (size_t)(q - p);
    if (len >= n)
        len = n - 1;
    memcpy(item, p, len);
    item[len] = 0;
    return q;
}

/* Parses one non-comment line into d (appending at *total). */
static int deck_line(const char *line, int lineno, nine_deck *d, int *total, uint8_t *seen,
                     char *err, size_t errn)
{
    char word[3][LINE_MAX_CHARS], extra[2];
    int nw = sscanf(line, "%199s %199s %199s %1s", word[0], word[1], word[2], extra);
    if (nw != 3) {
        snprintf(err, errn, "deck line %d: expected COUNT COLOURS FACES", lineno);
        return -1;
    }
    char *end;
    long count = strtol(word[0], &end, 10);
    if (*end || end == word[0] || word[0][0] == '-' || count < 1 || count > NINE_CARDS) {
        snprintf(err, errn, "deck line %d: bad count '%.20s' (1..%d)", lineno, word[0], NINE_CARDS);
        return -1;
    }
    int colours[NINE_NO_COLOUR + 1], nc = 0;
    if (strcmp(word[1], "-") == 0) {
        colours[nc++] = NINE_NO_COLOUR;
    } else {
        const char *p = word[1], *e = p + strlen(p);
        for (;;) {
            char item[LINE_MAX_CHARS];
            p = list_item(p, e, item, sizeof item);
            const char *hit = item[0] && !item[1] ? strchr(colour_letter, item[0]) : NULL;
            if (!hit || nc >= NINE_NO_COLOUR) {
                snprintf(err, errn, "deck line %d: bad colour '%.20s' (R, B, G, P or -)", lineno, item);
                return -1;
            }
            colours[nc++] = (int)(hit - colour_letter);
            if (p == e)
                break;
            p++;
        }
    }
    const char *p = word[2], *e = p + strlen(p);
    for (;;) {
        char item[LINE_MAX_CHARS];
        int face = 0;
        p = list_item(p, e, item, sizeof item);
        for (int f = 1; f < NINE_FACES && !face; f++)
            if (strcmp(item, face_word[f]) == 0)
                face = f;
        if (!face) {
            snprintf(err, errn, "deck line %d: unknown face '%.20s'", lineno, item);
            return -1;
        }
        int colourless = face == NINE_SHIFT || face == NINE_FREE;
        for (int k = 0; k < nc; k++) {
            if (colourless != (colours[k] == NINE_NO_COLOUR)) {
                snprintf(err, errn, "deck line %d: %s %s a colour", lineno, face_word[face],
                         colourless ? "cannot have" : "needs");
                return -1;
            }
            uint8_t code = nine_code(colours[k], face);
            if (seen[code]) {
                char name[3];
                nine_card_name(code, name);
                snprintf(err, errn, "deck line %d: card %s given twice", lineno, name);
                return -1;
            }
            seen[code] = 1;
            if (*total + count > NINE_CARDS) {
                snprintf(err, errn, "deck line %d: more than %d cards", lineno, NINE_CARDS);
                return -1;
            }
            for (long i = 0; i < count; i++)
                d->code[(*total)++] = code;
        }
        if (p == e)
            break;
        p++;
    }
    return 0;
}

int nine_deck_parse(const char *text, nine_deck *d, char *err, size_t errn)
{
    nine_deck out;
    uint8_t seen[256] = {0};
    int total = 0, lineno = 0;
    memset(&out, 0, sizeof out);
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char line[LINE_MAX_CHARS + 1];
        lineno++;
        if (len > LINE_MAX_CHARS) {
            snprintf(err, errn, "deck line %d: longer than %d characters", lineno, LINE_MAX_CHARS);
            return -1;
        }
        memcpy(line, p, len);
        line[len] = 0;
        if (len && line[len - 1] == '\r')
            line[len - 1] = 0;
        for (char *c = line; *c; c++)
            if ((unsigned char)*c < 32 && *c != '\t') {
                snprintf(err, errn, "deck line %d: control character", lineno);
                return -1;
            }
        const char *s = line + strspn(line, " \t");
        if (*s && *s != '#' && deck_line(s, lineno, &out, &total, seen, err, errn) < 0)
            return -1;
        p += len + (nl != NULL);
    }
    if (total != NINE_CARDS) {
        snprintf(err, errn, "deck: %d cards, expected %d", total, NINE_CARDS);
        return -1;
    }
    *d = out;
    return 0;
}

const char *nine_deck_text(void) { return nine_deck_data; }

int nine_deck_builtin(nine_deck *d, char *err, size_t errn)
{
    return nine_deck_parse(nine_deck_data, d, err, errn);
}
