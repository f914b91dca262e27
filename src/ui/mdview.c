/* Markdown view: md4c parses into a flat list of leaf blocks (paragraphs,
 * headings, code blocks, rules, tables) whose text is a run of styled spans;
 * md_draw lays those out with word wrapping that crosses style changes. */
#include "ui/mdview.h"

#include <md4c.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S_BOLD = 1, S_EM = 2, S_CODE = 4, S_STRIKE = 8, S_LINK = 16 };
typedef enum { MB_PARA, MB_HEADING, MB_CODE, MB_RULE, MB_TABLE } mb_type;

#define LIST_MAX 16
#define LINE_PIECES 256
#define WORD_PIECES 32

typedef struct md_span {
    size_t off, len; /* into md_doc.text */
    int style;
} md_span;

typedef struct md_cell {
    int row, col, first, count, align, header;
} md_cell;

typedef struct md_block {
    mb_type type;
    int level;            /* headings */
    int list_depth, quote_depth;
    char marker[24];      /* bullet or number of the list item it starts */
    int first, count;     /* spans */
    int cell_first, cell_count, ncols, nrows; /* tables */
} md_block;

struct md_doc {
    char *text;
    size_t tlen, tcap;
    md_span *spans;
    int nspans, cspans;
    md_block *blocks;
    int nblocks, cblocks;
    md_cell *cells;
    int ncells, ccells;
    char *title;
    int top_count;
    /* Block heights from the last full layout: a scrolled page then lays out
     * only the blocks it shows. Valid for one column width, size and scale. */
    float *block_h;
    float cache_w, cache_size, cache_scale;
};

typedef struct pstate {
    md_doc *d;
    int depth, failed;
    int bold, em, code, strike, link;
    int cur;  /* leaf block receiving text, or -1 */
    int cell; /* table cell receiving text, or -1 */
    int table, row, col;
    int lists, list_ordered[LIST_MAX];
    unsigned list_next[LIST_MAX];
    int quote;
    char marker[24];
} pstate;

/* Grows an array to hold need elements; 0 or -1. */
static int grow(void **p, int *cap, int need, size_t elem)
{
    void *n;
    int c = *cap ? *cap : 16;

    if (need <= *cap)
        return 0;
    while (c < need)
        c *= 2;
    if (!(n = realloc(*p, (size_t)c * elem)))
        return -1;
    *p = n;
    *cap = c;
    return 0;
}

static int text_append(md_doc *d, const char *s, size_t n)
{
    if (d->tlen + n + 1 > d->tcap) {
        size_t c = d->tcap ? d->tcap : 1024;
        char *t;
        while (c < d->tlen + n + 1)
            c *= 2;
        if (!(t = realloc(d->text, c)))
            return -1;
        d->text = t;
        d->tcap = c;
    }
    memcpy(d->text + d->tlen, s, n);
    d->tlen += n;
    d->text[d->tlen] = '\0';
    return 0;
}

static int new_block(pstate *ps, mb_type type, int level)
{
    md_doc *d = ps->d;
    md_block *b;

    if (grow((void **)&d->blocks, &d->cblocks, d->nblocks + 1, sizeof *d->blocks) != 0)
        return -1;
    b = &d->blocks[d->nblocks];
    memset(b, 0, sizeof *b);
    b->type = type;
    b->level = level;
    b->list_depth = ps->lists;
    b->quote_depth = ps->quote;
    b->first = d->nspans;
    memcpy(b->marker, ps->marker, sizeof b->marker);
    ps->marker[0] = '\0';
    ps->cur = d->nblocks++;
    return 0;
}

static int style_now(const pstate *ps)
{
    return (ps->bold ? S_BOLD : 0) | (ps->em ? S_EM : 0) | (ps->code ? S_CODE : 0) |
           (ps->strike ? S_STRIKE : 0) | (ps->link ? S_LINK : 0);
}

/* Adds text to the current block or cell, merging with the previous span
 * when the style is unchanged. */
static int add_text(pstate *ps, const char *s, size_t n, int style)
{
    md_doc *d = ps->d;
    int *count;
    md_span *last;

    if (ps->cell >= 0) {
        count = &d->cells[ps->cell].count;
    } else {
        if (ps->cur < 0 && new_block(ps, MB_PARA, 0) != 0) /* tight list items */
            return -1;
        count = &d->blocks[ps->cur].count;
    }
    last = *count && d->nspans ? &d->spans[d->nspans - 1] : NULL;
    if (last && last->style == style && last->off + last->len == d->tlen) {
        last->len += n;
        return text_append(d, s, n);
    }
    if (grow((void **)&d->spans, &d->cspans, d->nspans + 1, sizeof *d->spans) != 0)
        return -1;
    d->spans[d->nspans].off = d->tlen;
    d->spans[d->nspans].len = n;
    d->spans[d->nspans].style = style;
    d->nspans++;
    (*count)++;
    return text_append(d, s, n);
}

static size_t utf8_encode(unsigned long cp, char *out)
{
    if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        cp = 0xFFFD;
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The common named entities and numeric ones; anything else stays literal. */
static size_t decode_entity(const char *s, size_t n, char *out)
{
    static const struct { const char *name, *utf8; } named[] = {
        {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"},
        {"&nbsp;", "\xc2\xa0"}, {"&mdash;", "\xe2\x80\x94"}, {"&ndash;", "\xe2\x80\x93"},
        {"&hellip;", "\xe2\x80\xa6"}, {"&times;", "\xc3\x97"}, {"&copy;", "\xc2\xa9"},
    };
    char num[16];

    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strlen(named[i].name) == n && memcmp(s, named[i].name, n) == 0) {
            strcpy(out, named[i].utf8);
            return strlen(out);
        }
    if (n >= 4 && n < sizeof num && s[1] == '#') {
        memcpy(num, s + 2, n - 3);
        num[n - 3] = '\0';
        if (num[0] == 'x' || num[0] == 'X')
            return utf8_encode(strtoul(num + 1, NULL, 16), out);
        return utf8_encode(strtoul(num, NULL, 10), out);
    }
    memcpy(out, s, n < 15 ? n : 15);
    return n < 15 ? n : 15;
}

static int on_enter_block(MD_BLOCKTYPE type, void *detail, void *user)
{
    pstate *ps = user;
    md_doc *d = ps->d;

    if (type == MD_BLOCK_DOC)
        return 0;
    if (ps->depth++ == 0)
        d->top_count++;
    switch (type) {
    case MD_BLOCK_UL:
    case MD_BLOCK_OL:
        if (ps->lists < LIST_MAX) {
            ps->list_ordered[ps->lists] = type == MD_BLOCK_OL;
            ps->list_next[ps->lists] =
                type == MD_BLOCK_OL ? ((MD_BLOCK_OL_DETAIL *)detail)->start : 0;
        }
        ps->lists++;
        break;
    case MD_BLOCK_LI: {
        int k = ps->lists - 1;
        if (k >= 0 && k < LIST_MAX && ps->list_ordered[k])
            snprintf(ps->marker, sizeof ps->marker, "%u.", ps->list_next[k]++);
        else
            snprintf(ps->marker, sizeof ps->marker, "%s", k % 2 ? "\xe2\x97\xa6" : "\xe2\x80\xa2");
        ps->cur = -1;
        break;
    }
    case MD_BLOCK_QUOTE: ps->quote++; break;
    case MD_BLOCK_P: return new_block(ps, MB_PARA, 0);
    case MD_BLOCK_H: return new_block(ps, MB_HEADING, (int)((MD_BLOCK_H_DETAIL *)detail)->level);
    case MD_BLOCK_CODE: return new_block(ps, MB_CODE, 0);
    case MD_BLOCK_HR:
        if (new_block(ps, MB_RULE, 0) != 0)
            return -1;
        ps->cur = -1;
        break;
    case MD_BLOCK_TABLE:
        if (new_block(ps, MB_TABLE, 0) != 0)
            return -1;
        ps->table = ps->cur;
        d->blocks[ps->table].cell_first = d->ncells;
        ps->cur = -1;
        ps->row = -1;
        break;
    case MD_BLOCK_TR:
        ps->row++;
        ps->col = -1;
        break;
    case MD_BLOCK_TH:
    case MD_BLOCK_TD: {
        md_cell *c;
        if (ps->table < 0 ||
            grow((void **)&d->cells, &d->ccells, d->ncells + 1, sizeof *d->cells) != 0)
            return ps->table < 0 ? 0 : -1;
        c = &d->cells[d->ncells];
        c->row = ps->row < 0 ? 0 : ps->row;
        c->col = ++ps->col;
        c->first = d->nspans;
        c->count = 0;
        c->header = type == MD_BLOCK_TH;
        switch (((MD_BLOCK_TD_DETAIL *)detail)->align) {
        case MD_ALIGN_CENTER: c->align = TEXT_CENTER; break;
        case MD_ALIGN_RIGHT: c->align = TEXT_RIGHT; break;
        default: c->align = TEXT_LEFT;
        }
        ps->cell = d->ncells++;
        break;
    }
    default: break;
    }
    return 0;
}

static char *spans_text(const md_doc *d, int first, int count)
{
    size_t n = 0, at = 0;
    char *s;

    for (int i = first; i < first + count; i++)
        n += d->spans[i].len;
    if (!(s = malloc(n + 1)))
        return NULL;
    for (int i = first; i < first + count; i++) {
        memcpy(s + at, d->text + d->spans[i].off, d->spans[i].len);
        at += d->spans[i].len;
    }
    s[at] = '\0';
    return s;
}

static int on_leave_block(MD_BLOCKTYPE type, void *detail, void *user)
{
    pstate *ps = user;
    md_doc *d = ps->d;
    (void)detail;

    if (type == MD_BLOCK_DOC)
        return 0;
    ps->depth--;
    switch (type) {
    case MD_BLOCK_UL:
    case MD_BLOCK_OL: ps->lists--; break;
    case MD_BLOCK_QUOTE: ps->quote--; break;
    case MD_BLOCK_H:
        if (ps->cur >= 0 && d->blocks[ps->cur].level == 1 && !d->title)
            d->title = spans_text(d, d->blocks[ps->cur].first, d->blocks[ps->cur].count);
        ps->cur = -1;
        break;
    case MD_BLOCK_LI:
    case MD_BLOCK_P:
    case MD_BLOCK_CODE: ps->cur = -1; break;
    case MD_BLOCK_TH:
    case MD_BLOCK_TD: ps->cell = -1; break;
    case MD_BLOCK_TABLE:
        if (ps->table >= 0) {
            md_block *t = &d->blocks[ps->table];
            t->cell_count = d->ncells - t->cell_first;
            for (int i = t->cell_first; i < d->ncells; i++) {
                if (d->cells[i].col + 1 > t->ncols)
                    t->ncols = d->cells[i].col + 1;
                if (d->cells[i].row + 1 > t->nrows)
                    t->nrows = d->cells[i].row + 1;
            }
        }
        ps->table = -1;
        break;
    default: break;
    }
    return 0;
}

static int on_span(MD_SPANTYPE type, void *detail, void *user, int delta)
{
    pstate *ps = user;
    (void)detail;
    switch (type) {
    case MD_SPAN_STRONG: ps->bold += delta; break;
    case MD_SPAN_EM: ps->em += delta; break;
    case MD_SPAN_CODE: ps->code += delta; break;
    case MD_SPAN_DEL: ps->strike += delta; break;
    case MD_SPAN_A: ps->link += delta; break;
    default: break;
    }
    return 0;
}

static int on_enter_span(MD_SPANTYPE type, void *detail, void *user)
{
    return on_span(type, detail, user, 1);
}

static int on_leave_span(MD_SPANTYPE type, void *detail, void *user)
{
    return on_span(type, detail, user, -1);
}

static int on_text(MD_TEXTTYPE type, const MD_CHAR *text, MD_SIZE size, void *user)
{
    pstate *ps = user;
    int style = style_now(ps);
    char buf[16];
    size_t n;

    if (ps->table >= 0 && ps->cell < 0)
        return 0; /* stray text between cells */
    switch (type) {
    case MD_TEXT_SOFTBR: return add_text(ps, " ", 1, style);
    case MD_TEXT_BR: return add_text(ps, "\n", 1, style);
    case MD_TEXT_NULLCHAR: return add_text(ps, "\xef\xbf\xbd", 3, style);
    case MD_TEXT_ENTITY:
        n = decode_entity(text, size, buf);
        return add_text(ps, buf, n, style);
    default: break;
    }
    /* Tabs become spaces: DejaVu has no visible tab glyph. */
    for (MD_SIZE i = 0; i < size;) {
        MD_SIZE j = i;
        while (j < size && text[j] != '\t')
            j++;
        if (j > i && add_text(ps, text + i, j - i, style) != 0)
            return -1;
        if (j < size && add_text(ps, "    ", 4, style) != 0)
            return -1;
        i = j + 1;
    }
    return 0;
}

md_doc *md_doc_parse(const char *text, size_t len, char *err, size_t errn)
{
    MD_PARSER parser;
    pstate ps;
    md_doc *d = calloc(1, sizeof *d);

    if (!d || text_append(d, "", 0) != 0) {
        snprintf(err, errn, "out of memory");
        md_free(d);
        return NULL;
    }
    memset(&parser, 0, sizeof parser);
    parser.flags = MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH | MD_FLAG_NOHTML;
    parser.enter_block = on_enter_block;
    parser.leave_block = on_leave_block;
    parser.enter_span = on_enter_span;
    parser.leave_span = on_leave_span;
    parser.text = on_text;
    memset(&ps, 0, sizeof ps);
    ps.d = d;
    ps.cur = ps.cell = ps.table = -1;
    if (md_parse(text, (MD_SIZE)len, &parser, &ps) != 0) {
        snprintf(err, errn, "markdown: parse failed (out of memory?)");
        md_free(d);
        return NULL;
    }
    return d;
}

void md_free(md_doc *d)
{
    if (!d)
        return;
    free(d->text);
    free(d->spans);
    free(d->blocks);
    free(d->cells);
    free(d->title);
    free(d->block_h);
    free(d);
}

int md_block_count(const md_doc *d) { return d ? d->top_count : 0; }

const char *md_title(const md_doc *d) { return d && d->title ? d->title : ""; }

/* ---------------------------------------------------------------- layout */

static const rcolor ink = {0x2b, 0x21, 0x18, 255};
static const rcolor code_ink = {0x5a, 0x32, 0x14, 255};
static const rcolor link_ink = {0x2a, 0x5a, 0x8c, 255};
static const rcolor tint = {0x8a, 0x5a, 0x30, 40};
static const rcolor rule_ink = {0x8a, 0x64, 0x40, 130};

typedef struct piece {
    const char *s;
    size_t n;
    font_face face;
    int style;
    float x, w;
} piece;

typedef struct flow {
    render *r;
    float x, y, w, size, lh; /* y advances line by line */
    font_face base;
    text_align align;
    int draw, lines;
    float widest;
    rrect clip;
    piece line[LINE_PIECES];
    int nline;
    float line_w;
    piece word[WORD_PIECES];
    int nword;
    float word_w, space_w;
} flow;

static font_face face_for(font_face base, int style)
{
    if (style & S_CODE)
        return FONT_MONO;
    if (style & S_BOLD)
        return base == FONT_SERIF_BOLD ? base : FONT_SANS_BOLD;
    if (style & S_EM)
        return base == FONT_SANS ? FONT_SANS_OBLIQUE : base;
    return base;
}

/* render.h takes NUL-terminated strings; pieces point into the document. */
static float piece_op(render *r, const piece *p, float size, float x, float y, rcolor c, int draw)
{
    char small[256], *buf = p->n < sizeof small ? small : malloc(p->n + 1);
    float w = 0;

    if (!buf)
        return 0;
    memcpy(buf, p->s, p->n);
    buf[p->n] = '\0';
    w = draw ? render_text(r, p->face, size, x, y, c, buf) : render_text_width(r, p->face, size, buf);
    if (buf != small)
        free(buf);
    return w;
}

static void emit_line(flow *f)
{
    float off = 0;

    if (f->align == TEXT_CENTER)
        off = (f->w - f->line_w) * 0.5f;
    else if (f->align == TEXT_RIGHT)
        off = f->w - f->line_w;
    /* Lines outside the clip are measured but not drawn. */
    if (f->draw && f->y + f->lh > f->clip.y && f->y < f->clip.y + f->clip.h) {
        for (int i = 0; i < f->nline; i++)
            if (f->line[i].style & S_CODE)
                render_round_rect(f->r, (rrect){f->x + off + f->line[i].x - 2, f->y,
                                                f->line[i].w + 4, f->lh}, 3, tint);
        for (int i = 0; i < f->nline; i++) {
            const piece *p = &f->line[i];
            rcolor c = p->style & S_LINK ? link_ink : p->style & S_CODE ? code_ink : ink;
            piece_op(f->r, p, f->size, f->x + off + p->x, f->y, c, 1);
            if (p->style & S_STRIKE)
                render_rect(f->r, (rrect){f->x + off + p->x, f->y + f->lh * 0.55f, p->w,
                                          f->size * 0.07f > 1 ? f->size * 0.07f : 1}, c);
        }
    }
    if (f->line_w > f->widest)
        f->widest = f->line_w;
    f->y += f->lh;
    f->lines++;
    f->nline = 0;
    f->line_w = 0;
}

static void line_add(flow *f, const piece *p)
{
    if (f->nline == LINE_PIECES)
        emit_line(f);
    f->line[f->nline] = *p;
    f->line[f->nline].x = f->line_w;
    f->line_w += p->w;
    f->nline++;
}

/* Places one piece of an over-long word, breaking it where the line ends. */
static void place_broken(flow *f, piece p)
{
    while (p.n > 0) {
        float avail = f->w - f->line_w;
        size_t n;
        piece head = p;
        if (p.w <= avail) {
            line_add(f, &p);
            return;
        }
        n = render_text_fit(f->r, p.face, f->size, p.s, p.n, avail);
        head.n = n;
        head.w = piece_op(f->r, &head, f->size, 0, 0, ink, 0);
        if (head.w > avail && f->line_w > 0) {
            emit_line(f);
            continue;
        }
        line_add(f, &head);
        emit_line(f);
        p.s += n;
        p.n -= n;
        p.w = piece_op(f->r, &p, f->size, 0, 0, ink, 0);
    }
}

static void flush_word(flow *f)
{
    if (f->nword == 0)
        return;
    if (f->line_w > 0 && f->line_w + f->space_w + f->word_w > f->w)
        emit_line(f);
    else if (f->line_w > 0)
        f->line_w += f->space_w;
    if (f->word_w > f->w - f->line_w) {
        for (int i = 0; i < f->nword; i++)
            place_broken(f, f->word[i]);
    } else {
        for (int i = 0; i < f->nword; i++)
            line_add(f, &f->word[i]);
    }
    f->nword = 0;
    f->word_w = 0;
    f->space_w = 0;
}

/* Flows spans [first, first+count) into lines; returns the height used and
 * the widest line in *widest. */
static float flow_spans(render *r, const md_doc *d, int first, int count, float x, float y, float w,
                        float size, font_face base, text_align align, int draw, float *widest)
{
    flow *f = calloc(1, sizeof *f);
    float h;

    if (!f)
        return 0;
    f->r = r, f->x = x, f->y = y, f->w = w, f->size = size, f->base = base;
    f->align = align, f->draw = draw, f->clip = render_clip_rect(r);
    f->lh = render_line_height(r, FONT_SANS, size);
    for (int i = first; i < first + count; i++) {
        const md_span *sp = &d->spans[i];
        const char *s = d->text + sp->off, *end = s + sp->len;
        font_face face = face_for(base, sp->style);
        while (s < end) {
            if (*s == '\n') {
                flush_word(f);
                emit_line(f);
                s++;
            } else if (*s == ' ') {
                flush_word(f);
                if (f->line_w > 0 && f->space_w == 0)
                    f->space_w = render_text_width(r, face, size, " ");
                s++;
            } else {
                piece p = {s, 0, face, sp->style, 0, 0};
                while (s < end && *s != ' ' && *s != '\n')
                    s++;
                p.n = (size_t)(s - p.s);
                p.w = piece_op(r, &p, size, 0, 0, ink, 0);
                if (f->nword == WORD_PIECES)
                    flush_word(f);
                f->word[f->nword++] = p;
                f->word_w += p.w;
            }
        }
    }
    flush_word(f);
    if (f->nline > 0 || f->lines == 0)
        emit_line(f);
    h = f->y - y;
    if (widest)
        *widest = f->widest;
    free(f);
    return h;
}

/* Code blocks keep their spaces and break only at newlines or the edge. */
static float code_lines(render *r, const md_doc *d, const md_block *b, float x, float y, float w,
                        float size, int draw)
{
    float lh = render_line_height(r, FONT_MONO, size), cy = y;
    char *text = spans_text(d, b->first, b->count), *line, *next;
    rrect clip = render_clip_rect(r);

    if (!text)
        return 0;
    /* md4c ends every code line with '\n': drop the last so no blank line trails. */
    if (*text && text[strlen(text) - 1] == '\n')
        text[strlen(text) - 1] = '\0';
    for (line = text; line; line = next) {
        size_t n;
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        n = strlen(line);
        do {
            size_t k = n ? render_text_fit(r, FONT_MONO, size, line, n, w) : 0;
            if (draw && cy + lh > clip.y && cy < clip.y + clip.h) {
                char keep = line[k];
                line[k] = '\0';
                render_text(r, FONT_MONO, size, x, cy, code_ink, line);
                line[k] = keep;
            }
            cy += lh;
            line += k;
            n -= k;
        } while (n > 0);
    }
    free(text);
    return cy - y;
}

static float table_draw(render *r, const md_doc *d, const md_block *b, float x, float y, float w,
                        float size, int draw)
{
    float pad = size * 0.5f, cy = y, total = 0, colw[64] = {0}, colx[64];
    int ncols = b->ncols > 64 ? 64 : b->ncols;

    if (ncols == 0)
        return 0;
    for (int i = b->cell_first; i < b->cell_first + b->cell_count; i++) {
        const md_cell *c = &d->cells[i];
        float wide = 0;
        if (c->col >= ncols)
            continue;
        flow_spans(r, d, c->first, c->count, 0, 0, 1e6f, size, c->header ? FONT_SANS_BOLD : FONT_SANS,
                   TEXT_LEFT, 0, &wide);
        if (wide + 2 * pad > colw[c->col])
            colw[c->col] = wide + 2 * pad;
    }
    for (int i = 0; i < ncols; i++)
        total += colw[i];
    /* Too wide: columns shrink in proportion to what they hold. */
    for (int i = 0; i < ncols; i++) {
        if (total > w)
            colw[i] = colw[i] * w / total;
        colx[i] = i ? colx[i - 1] + colw[i - 1] : x;
    }
    for (int row = 0; row < b->nrows; row++) {
        float rh = 0;
        for (int pass = 0; pass < 2; pass++) {
            if (pass == 1 && draw && row == 0)
                render_rect(r, (rrect){x, cy, colx[ncols - 1] + colw[ncols - 1] - x, rh}, tint);
            for (int i = b->cell_first; i < b->cell_first + b->cell_count; i++) {
                const md_cell *c = &d->cells[i];
                float ch;
                if (c->row != row || c->col >= ncols)
                    continue;
                ch = flow_spans(r, d, c->first, c->count, colx[c->col] + pad, cy + pad * 0.5f,
                                colw[c->col] - 2 * pad, size,
                                c->header ? FONT_SANS_BOLD : FONT_SANS, (text_align)c->align,
                                pass == 1 && draw, NULL) + pad;
                if (ch > rh)
                    rh = ch;
            }
            if (!draw)
                break;
        }
        cy += rh;
        if (draw)
            render_rect(r, (rrect){x, cy - 1, colx[ncols - 1] + colw[ncols - 1] - x, 1}, rule_ink);
    }
    return cy - y;
}

float md_draw(render *r, md_doc *d, float x, float y, float w, float size, int draw)
{
    static const float heading_scale[6] = {2.0f, 1.55f, 1.3f, 1.15f, 1.05f, 1.0f};
    float cy = y;
    rrect clip = render_clip_rect(r);
    int cached;

    if (!d)
        return 0;
    cached = d->block_h && d->cache_w == w && d->cache_size == size &&
             d->cache_scale == render_scale(r);
    if (!d->block_h && d->nblocks > 0 && !(d->block_h = calloc((size_t)d->nblocks, sizeof(float))))
        return 0;
    for (int i = 0; i < d->nblocks; i++) {
        const md_block *b = &d->blocks[i];
        float indent = (float)b->quote_depth * size * 1.2f + (float)b->list_depth * size * 1.6f;
        float bx = x + indent, bw = w - indent, top, h = 0, after = size * 0.6f;
        if (bw < size * 4)
            bw = size * 4;
        if (b->type == MB_HEADING && i > 0)
            cy += size * 0.6f;
        top = cy;
        /* Consecutive list items sit closer than paragraphs. */
        if (b->type == MB_PARA && b->list_depth && i + 1 < d->nblocks && d->blocks[i + 1].list_depth)
            after = size * 0.25f;
        else if (b->type == MB_HEADING)
            after = size * 0.35f;
        if (cached && (!draw || top + d->block_h[i] < clip.y || top > clip.y + clip.h)) {
            cy = top + d->block_h[i] + after;
            continue;
        }
        switch (b->type) {
        case MB_PARA:
            h = flow_spans(r, d, b->first, b->count, bx, cy, bw, size, FONT_SANS, TEXT_LEFT, draw,
                           NULL);
            break;
        case MB_HEADING: {
            int lv = b->level < 1 ? 1 : b->level > 6 ? 6 : b->level;
            h = flow_spans(r, d, b->first, b->count, bx, cy, bw, size * heading_scale[lv - 1],
                           lv == 1 ? FONT_SERIF_BOLD : FONT_SANS_BOLD, TEXT_LEFT, draw, NULL);
            break;
        }
        case MB_CODE: {
            float pad = size * 0.6f, cs = size * 0.9f;
            h = code_lines(r, d, b, bx + pad, cy + pad, bw - 2 * pad, cs, 0) + 2 * pad;
            if (draw) {
                render_round_rect(r, (rrect){bx, cy, bw, h}, size * 0.4f, tint);
                code_lines(r, d, b, bx + pad, cy + pad, bw - 2 * pad, cs, 1);
            }
            break;
        }
        case MB_RULE:
            h = size * 0.8f;
            if (draw)
                render_rect(r, (rrect){bx, cy + h * 0.5f, bw, 2}, rule_ink);
            break;
        case MB_TABLE: h = table_draw(r, d, b, bx, cy, bw, size, draw); break;
        }
        if (draw && b->marker[0]) {
            float mw = render_text_width(r, FONT_SANS, size, b->marker);
            render_text(r, FONT_SANS, size, bx - mw - size * 0.4f, top, ink, b->marker);
        }
        for (int q = 0; draw && q < b->quote_depth; q++)
            render_rect(r, (rrect){x + (float)q * size * 1.2f, top, size * 0.2f, h}, rule_ink);
        d->block_h[i] = h;
        cy = top + h + after;
    }
    d->cache_w = w;
    d->cache_size = size;
    d->cache_scale = render_scale(r);
    return cy - y;
}
