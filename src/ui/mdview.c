/* Markdown view, parsing: md4c parses into a flat list of leaf blocks
 * (paragraphs, headings, code blocks, rules, tables) whose text is a run of
 * styled spans (mdview_priv.h); mdview_draw.c lays those out. */
#include "ui/mdview.h"
#include "ui/mdview_priv.h"

#include <md4c.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIST_MAX 16

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
    char info[160]; /* the info string of the diagram block being read */
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
    case MD_BLOCK_CODE: {
        const MD_ATTRIBUTE *info = &((MD_BLOCK_CODE_DETAIL *)detail)->info;
        if (info->text && info->size > 9 && memcmp(info->text, "position ", 9) == 0) {
            size_t n = info->size < sizeof ps->info ? info->size : sizeof ps->info - 1;
            memcpy(ps->info, info->text, n);
            ps->info[n] = '\0';
            return new_block(ps, MB_DIAGRAM, 0);
        }
        return new_block(ps, MB_CODE, 0);
    }
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

char *md_spans_text(const md_doc *d, int first, int count)
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

/* A copy of s[0..n) with its ends trimmed. */
static char *dup_trim(const char *s, size_t n)
{
    char *c;
    while (n && (*s == ' ' || *s == '\t'))
        s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    if (!(c = malloc(n + 1)))
        return NULL;
    memcpy(c, s, n);
    c[n] = '\0';
    return c;
}

/* The diagram block b just ended: its info string (`position <mode> <name>`)
 * and body (the position, then `move` and `caption` lines) become a diagram. */
static int diagram_finish(pstate *ps, md_block *b)
{
    md_doc *d = ps->d;
    md_diagram *dg;
    char *body = md_spans_text(d, b->first, b->count), *line, *next;
    const char *mode = ps->info + 9, *name;

    if (!body || grow((void **)&d->diagrams, &d->cdiagrams, d->ndiagrams + 1, sizeof *d->diagrams) != 0) {
        free(body);
        return -1;
    }
    b->diagram = d->ndiagrams;
    dg = &d->diagrams[d->ndiagrams++];
    while (*mode == ' ')
        mode++;
    name = mode + strcspn(mode, " ");
    dg->mode = dup_trim(mode, (size_t)(name - mode));
    dg->name = dup_trim(name, strlen(name));
    dg->position = dg->move = dg->refused = dg->caption = NULL;
    for (line = body; line && *line; line = next) {
        size_t n;
        next = strchr(line, '\n');
        n = next ? (size_t)(next - line) : strlen(line);
        if (next)
            next++;
        if (n >= 5 && memcmp(line, "move ", 5) == 0 && !dg->move)
            dg->move = dup_trim(line + 5, n - 5);
        else if (n >= 8 && memcmp(line, "refused ", 8) == 0 && !dg->refused)
            dg->refused = dup_trim(line + 8, n - 8);
        else if (n >= 8 && memcmp(line, "caption ", 8) == 0 && !dg->caption)
            dg->caption = dup_trim(line + 8, n - 8);
        else if (!dg->position && n > 0)
            dg->position = dup_trim(line, n);
    }
    free(body);
    if (!dg->position)
        dg->position = dup_trim("", 0);
    if (!dg->move)
        dg->move = dup_trim("", 0);
    if (!dg->refused)
        dg->refused = dup_trim("", 0);
    if (!dg->caption)
        dg->caption = dup_trim("", 0);
    return dg->mode && dg->name && dg->position && dg->move && dg->refused && dg->caption ? 0 : -1;
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
            d->title = md_spans_text(d, d->blocks[ps->cur].first, d->blocks[ps->cur].count);
        ps->cur = -1;
        break;
    case MD_BLOCK_CODE:
        if (ps->cur >= 0 && d->blocks[ps->cur].type == MB_DIAGRAM &&
            diagram_finish(ps, &d->blocks[ps->cur]) != 0)
            return -1;
        ps->cur = -1;
        break;
    case MD_BLOCK_LI:
    case MD_BLOCK_P: ps->cur = -1; break;
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
    for (int i = 0; i < d->ndiagrams; i++) {
        free(d->diagrams[i].mode);
        free(d->diagrams[i].name);
        free(d->diagrams[i].position);
        free(d->diagrams[i].move);
        free(d->diagrams[i].refused);
        free(d->diagrams[i].caption);
    }
    free(d->diagrams);
    free(d->shown);
    free(d->dg_top);
    free(d->dg_h);
    free(d->block_y);
    free(d);
}

void md_set_diagram_fn(md_doc *d, md_diagram_fn fn, void *user)
{
    if (!d)
        return;
    d->draw_diagram = fn;
    d->diagram_user = user;
}

int md_diagram_count(const md_doc *d) { return d ? d->ndiagrams : 0; }

const md_diagram *md_diagram_get(const md_doc *d, int i)
{
    return d && i >= 0 && i < d->ndiagrams ? &d->diagrams[i] : NULL;
}

int md_diagram_shown(const md_doc *d, int i)
{
    return d && d->shown && i >= 0 && i < d->ndiagrams && d->shown[i];
}

int md_diagram_place(const md_doc *d, int i, float *top, float *h)
{
    if (!d || !d->dg_placed || i < 0 || i >= d->ndiagrams)
        return -1;
    *top = d->dg_top[i];
    *h = d->dg_h[i];
    return 0;
}

int md_heading_place(const md_doc *d, int level, const char *text, float *top)
{
    if (!d || !d->block_y || !d->dg_placed)
        return -1;
    for (int i = 0; i < d->nblocks; i++) {
        const md_block *b = &d->blocks[i];
        char *t;
        int same;
        if (b->type != MB_HEADING || b->level != level || !(t = md_spans_text(d, b->first, b->count)))
            continue;
        same = strcmp(t, text) == 0;
        free(t);
        if (same) {
            *top = d->block_y[i];
            return 0;
        }
    }
    return -1;
}

int md_block_count(const md_doc *d) { return d ? d->top_count : 0; }

const char *md_title(const md_doc *d) { return d && d->title ? d->title : ""; }
