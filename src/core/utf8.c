#include "core/utf8.h"

#include <string.h>

typedef struct range {
    uint32_t lo, hi;
} range;

/* Combining marks and other characters that extend the grapheme before them
 * (Unicode's Grapheme_Extend, the common scripts' blocks). */
static const range extend[] = {
    {0x0300, 0x036f},   {0x0483, 0x0489},   {0x0591, 0x05bd},   {0x05bf, 0x05bf},   {0x05c1, 0x05c2},
    {0x05c4, 0x05c5},   {0x05c7, 0x05c7},   {0x0610, 0x061a},   {0x064b, 0x065f},   {0x0670, 0x0670},
    {0x06d6, 0x06dc},   {0x06df, 0x06e4},   {0x06e7, 0x06e8},   {0x06ea, 0x06ed},   {0x0711, 0x0711},
    {0x0730, 0x074a},   {0x07a6, 0x07b0},   {0x07eb, 0x07f3},   {0x0816, 0x082d},   {0x0859, 0x085b},
    {0x0898, 0x089f},   {0x08ca, 0x08e1},   {0x08e3, 0x0903},   {0x093a, 0x093c},   {0x093e, 0x094f},
    {0x0951, 0x0957},   {0x0962, 0x0963},   {0x0981, 0x0983},   {0x09bc, 0x09bc},   {0x09be, 0x09cd},
    {0x09d7, 0x09d7},   {0x09e2, 0x09e3},   {0x0a01, 0x0a03},   {0x0a3c, 0x0a51},   {0x0a70, 0x0a71},
    {0x0a81, 0x0a83},   {0x0abc, 0x0abc},   {0x0abe, 0x0acd},   {0x0b01, 0x0b03},   {0x0b3c, 0x0b3c},
    {0x0b3e, 0x0b57},   {0x0b82, 0x0b82},   {0x0bbe, 0x0bcd},   {0x0bd7, 0x0bd7},   {0x0c00, 0x0c04},
    {0x0c3c, 0x0c3c},   {0x0c3e, 0x0c56},   {0x0c81, 0x0c83},   {0x0cbc, 0x0cbc},   {0x0cbe, 0x0cd6},
    {0x0d00, 0x0d03},   {0x0d3b, 0x0d3c},   {0x0d3e, 0x0d4d},   {0x0d57, 0x0d57},   {0x0dca, 0x0ddf},
    {0x0e31, 0x0e31},   {0x0e34, 0x0e3a},   {0x0e47, 0x0e4e},   {0x0eb1, 0x0eb1},   {0x0eb4, 0x0ebc},
    {0x0ec8, 0x0ecd},   {0x0f18, 0x0f19},   {0x0f35, 0x0f39},   {0x0f71, 0x0f84},   {0x102b, 0x103e},
    {0x1160, 0x11ff},   {0x135d, 0x135f},   {0x17b4, 0x17d3},   {0x180b, 0x180d},   {0x1ab0, 0x1aff},
    {0x1dc0, 0x1dff},   {0x20d0, 0x20ff},   {0x2cef, 0x2cf1},   {0x2de0, 0x2dff},   {0x302a, 0x302f},
    {0x3099, 0x309a},   {0xa66f, 0xa672},   {0xa674, 0xa67d},   {0xa69e, 0xa69f},   {0xfe00, 0xfe0f},
    {0xfe20, 0xfe2f},   {0x1f3fb, 0x1f3ff}, {0xe0100, 0xe01ef},
};

/* Characters two columns wide: East Asian wide and full-width, and emoji
 * shown as pictures. */
static const range wide[] = {
    {0x1100, 0x115f},   {0x231a, 0x231b},   {0x2329, 0x232a},   {0x23e9, 0x23ec},   {0x23f0, 0x23f0},
    {0x23f3, 0x23f3},   {0x25fd, 0x25fe},   {0x2614, 0x2615},   {0x2648, 0x2653},   {0x267f, 0x267f},
    {0x2693, 0x2693},   {0x26a1, 0x26a1},   {0x26aa, 0x26ab},   {0x26bd, 0x26be},   {0x26c4, 0x26c5},
    {0x26ce, 0x26ce},   {0x26d4, 0x26d4},   {0x26ea, 0x26ea},   {0x26f2, 0x26f3},   {0x26f5, 0x26f5},
    {0x26fa, 0x26fa},   {0x26fd, 0x26fd},   {0x2705, 0x2705},   {0x270a, 0x270b},   {0x2728, 0x2728},
    {0x274c, 0x274c},   {0x274e, 0x274e},   {0x2753, 0x2755},   {0x2757, 0x2757},   {0x2795, 0x2797},
    {0x27b0, 0x27b0},   {0x27bf, 0x27bf},   {0x2b1b, 0x2b1c},   {0x2b50, 0x2b50},   {0x2b55, 0x2b55},
    {0x2e80, 0x303e},   {0x3041, 0x33ff},   {0x3400, 0x4dbf},   {0x4e00, 0x9fff},   {0xa000, 0xa4cf},
    {0xa960, 0xa97f},   {0xac00, 0xd7a3},   {0xf900, 0xfaff},   {0xfe10, 0xfe19},   {0xfe30, 0xfe6f},
    {0xff00, 0xff60},   {0xffe0, 0xffe6},   {0x16fe0, 0x16fe4}, {0x17000, 0x18aff}, {0x1b000, 0x1b2ff},
    {0x1f004, 0x1f004}, {0x1f0cf, 0x1f0cf}, {0x1f18e, 0x1f18e}, {0x1f191, 0x1f19a}, {0x1f200, 0x1f251},
    {0x1f300, 0x1f64f}, {0x1f680, 0x1f6ff}, {0x1f7e0, 0x1f7eb}, {0x1f90c, 0x1f9ff}, {0x1fa70, 0x1faff},
    {0x20000, 0x3fffd},
};

/* Invisible or steering text: C0, DEL, C1, the format characters (Cf:
 * soft hyphen, Arabic marks, zero-width space and joiners, directional
 * marks, embeddings, overrides and isolates, invisible operators, BOM,
 * interlinear annotation, tags), line and paragraph separators, the
 * combining grapheme joiner, Hangul fillers, the replacement and object
 * characters and the noncharacters' block. */
static const range hidden[] = {
    {0x0000, 0x001f},   {0x007f, 0x009f},   {0x00ad, 0x00ad},   {0x034f, 0x034f},   {0x0600, 0x0605},
    {0x061c, 0x061c},   {0x06dd, 0x06dd},   {0x070f, 0x070f},   {0x0890, 0x0891},   {0x08e2, 0x08e2},
    {0x115f, 0x1160},   {0x17b4, 0x17b5},   {0x180e, 0x180e},   {0x200b, 0x200f},   {0x2028, 0x202e},
    {0x2060, 0x206f},   {0x3164, 0x3164},   {0xfdd0, 0xfdef},   {0xfeff, 0xfeff},   {0xffa0, 0xffa0},
    {0xfff9, 0xfffd},   {0x110bd, 0x110bd}, {0x110cd, 0x110cd}, {0x13430, 0x1343f}, {0x1bca0, 0x1bca3},
    {0x1d173, 0x1d17a}, {0xe0000, 0xe007f},
};

static int in_table(const range *t, size_t n, uint32_t cp)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < t[mid].lo)
            hi = mid;
        else if (cp > t[mid].hi)
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

#define COUNT(t) (sizeof(t) / sizeof((t)[0]))

static int is_extend(uint32_t cp) { return in_table(extend, COUNT(extend), cp); }
static int is_regional(uint32_t cp) { return cp >= 0x1f1e6 && cp <= 0x1f1ff; }

/* Blanks a name may hold; each becomes one space. */
static int is_blank(uint32_t cp)
{
    return cp == 0x20 || cp == 0xa0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x202f ||
           cp == 0x205f || cp == 0x3000;
}

int utf8_cp_hidden(uint32_t cp)
{
    return in_table(hidden, COUNT(hidden), cp) || (cp & 0xfffe) == 0xfffe;
}

int utf8_cp_cols(uint32_t cp)
{
    if (is_extend(cp) || utf8_cp_hidden(cp))
        return 0;
    return in_table(wide, COUNT(wide), cp) ? 2 : 1;
}

size_t utf8_decode(const char *s, size_t n, uint32_t *cp)
{
    const unsigned char *p = (const unsigned char *)s;
    unsigned c;
    size_t len;
    uint32_t v;
    if (!n)
        return 0;
    c = p[0];
    if (c < 0x80)
        v = c, len = 1;
    else if (c >= 0xc2 && c <= 0xdf)
        v = c & 0x1f, len = 2;
    else if (c >= 0xe0 && c <= 0xef)
        v = c & 0x0f, len = 3;
    else if (c >= 0xf0 && c <= 0xf4)
        v = c & 0x07, len = 4;
    else
        return 0;
    if (len > n)
        return 0;
    for (size_t k = 1; k < len; k++) {
        if ((p[k] & 0xc0) != 0x80)
            return 0;
        v = v << 6 | (p[k] & 0x3f);
    }
    if ((len == 3 && v < 0x800) || (len == 4 && (v < 0x10000 || v > 0x10ffff)) || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return len;
}

int utf8_valid(const char *s)
{
    size_t n = strlen(s), at = 0;
    uint32_t cp;
    while (at < n) {
        size_t m = utf8_decode(s + at, n - at, &cp);
        if (!m)
            return 0;
        at += m;
    }
    return 1;
}

/* The bytes of the grapheme at s (n bytes left, n > 0) and its columns
 * (*cols); a byte that is not valid UTF-8 is a grapheme of its own. A
 * letter with its marks, a pair of regional indicators (a flag), and
 * characters joined by a zero-width joiner are one grapheme each. */
static size_t grapheme(const char *s, size_t n, int *cols)
{
    uint32_t cp, next;
    size_t len = utf8_decode(s, n, &cp), k;
    if (!len) {
        *cols = 1;
        return 1;
    }
    *cols = utf8_cp_cols(cp);
    k = len;
    while (k < n) {
        size_t m = utf8_decode(s + k, n - k, &next);
        if (!m)
            break;
        if (is_regional(cp) && is_regional(next) && k == len) {
            k += m; /* a flag: two indicators, two columns */
            *cols = 2;
            continue;
        }
        if (next == 0x200d) { /* a joiner takes what follows with it */
            size_t m2;
            uint32_t after;
            k += m;
            if (k < n && (m2 = utf8_decode(s + k, n - k, &after)) != 0)
                k += m2;
            continue;
        }
        if (!is_extend(next))
            break;
        k += m;
    }
    return k;
}

size_t utf8_fit_bytes(const char *s, size_t max)
{
    size_t n = strlen(s), at = 0;
    while (at < n) {
        int cols;
        size_t g = grapheme(s + at, n - at, &cols);
        if (at + g > max)
            break;
        at += g;
    }
    return at;
}

char *utf8_copy(char *dst, size_t n, const char *src)
{
    size_t k;
    if (!n)
        return dst;
    k = utf8_fit_bytes(src, n - 1);
    memmove(dst, src, k);
    dst[k] = 0;
    return dst;
}

int utf8_clean_name(const char *in, char *out, size_t n, int max_graphemes, int max_cols)
{
    /* First the visible text, blanks single, in a scratch as long as in. */
    char tmp[512];
    size_t len = strlen(in), t = 0, at = 0;
    int graphemes = 0, cols = 0, space = 0;
    if (n)
        out[0] = 0;
    if (!n || len >= sizeof tmp)
        return 0;
    while (at < len) {
        uint32_t cp;
        size_t m = utf8_decode(in + at, len - at, &cp);
        if (!m)
            return 0;
        at += m;
        if (is_blank(cp)) {
            space = t > 0;
            continue;
        }
        if (utf8_cp_hidden(cp)) /* joiners too: a sequence becomes its pictures */
            continue;
        if (space)
            tmp[t++] = ' ';
        space = 0;
        memcpy(tmp + t, in + at - m, m);
        t += m;
    }
    tmp[t] = 0;
    /* Then whole graphemes while they fit. */
    at = 0;
    while (at < t && graphemes < max_graphemes) {
        int c;
        size_t g = grapheme(tmp + at, t - at, &c);
        if (cols + c > max_cols || at + g > n - 1)
            break;
        at += g;
        cols += c;
        graphemes++;
    }
    while (at > 0 && tmp[at - 1] == ' ')
        at--;
    memcpy(out, tmp, at);
    out[at] = 0;
    return at ? (cols ? cols : 1) : 0;
}
