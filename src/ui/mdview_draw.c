/* Markdown view, layout: md_draw flows a parsed document's blocks (mdview.c)
 * into lines, with word wrapping that crosses style changes, and draws only
 * the lines that lie wholly inside the clip. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "ui/mdview.h"
#include "ui/mdview_priv.h"

#define LINE_PIECES 256
#define WORD_PIECES 32

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

/* Whether a line of text in face f at size, its top at y, lies wholly inside
 * clip, measured in pixels as the renderer places it: a line the clip's edge
 * would cut through its glyphs is left out, so a scrolled page never shows
 * half a line. */
static int whole_in_clip(render *r, rrect clip, font_face f, float size, float y)
{
    float s = render_scale(r);
    long top = lroundf(y * s), bottom = top + lroundf(render_line_height(r, f, size) * s);
    return top >= lroundf(clip.y * s) && bottom <= lroundf((clip.y + clip.h) * s);
}

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
    int whole = f->draw;

    if (f->align == TEXT_CENTER)
        off = (f->w - f->line_w) * 0.5f;
    else if (f->align == TEXT_RIGHT)
        off = f->w - f->line_w;
    /* Lines not wholly inside the clip are measured but not drawn. */
    for (int i = 0; i < f->nline && whole; i++)
        whole = whole_in_clip(f->r, f->clip, f->line[i].face, f->size, f->y);
    if (whole) {
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
    char *text = md_spans_text(d, b->first, b->count), *line, *next;
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
            if (draw && whole_in_clip(r, clip, FONT_MONO, size, cy)) {
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

/* A diagram: the picture (drawn by the document's diagram function, else a
 * placeholder saying why) with its caption beside it; returns the height. */
static float diagram_draw(render *r, md_doc *d, const md_block *b, float x, float y, float w,
                          float size, int draw)
{
    const md_diagram *dg = &d->diagrams[b->diagram];
    float pic = fminf(w * 0.42f, size * 13), pad = size * 0.5f, cx = x + pic + size;
    float cw = w - pic - size, ch = 0, h;
    rrect box = {x, y, pic, pic}, clip = render_clip_rect(r);

    if (dg->caption[0])
        ch = render_text_wrapped(r, FONT_SANS, size, cx, y + pad, cw, TEXT_LEFT, ink, dg->caption, 0);
    h = fmaxf(pic, ch + 2 * pad);
    if (!draw)
        return h;
    render_round_rect(r, (rrect){x - pad * 0.5f, y - pad * 0.5f, pic + pad, pic + pad}, size * 0.4f, tint);
    {
        char err[200] = "no picture for this kind of game";
        if (!d->draw_diagram || d->draw_diagram(d->diagram_user, r, dg, box, err, sizeof err) != 0) {
            char msg[320];
            /* A clear placeholder: the page still reads, and says what is wrong. */
            render_round_rect(r, box, size * 0.4f, (rcolor){250, 240, 220, 255});
            render_round_outline(r, box, size * 0.4f, 3, rule_ink);
            snprintf(msg, sizeof msg, "Picture missing (%s %s): %s", dg->mode, dg->name, err);
            render_text_wrapped(r, FONT_SANS, size, x + pad, y + pad, pic - 2 * pad, TEXT_LEFT, ink, msg, 1);
        }
    }
    /* The caption only where it lies wholly inside the clip, as every other line. */
    if (dg->caption[0] && y + pad >= clip.y && y + pad + ch <= clip.y + clip.h)
        render_text_wrapped(r, FONT_SANS, size, cx, y + pad, cw, TEXT_LEFT, ink, dg->caption, 1);
    return h;
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
    if (!d->shown && d->ndiagrams > 0 && !(d->shown = calloc((size_t)d->ndiagrams, 1)))
        return 0;
    if (!d->dg_top && d->ndiagrams > 0 && !(d->dg_top = calloc((size_t)d->ndiagrams, sizeof(float))))
        return 0;
    if (!d->dg_h && d->ndiagrams > 0 && !(d->dg_h = calloc((size_t)d->ndiagrams, sizeof(float))))
        return 0;
    if (!d->block_y && d->nblocks > 0 && !(d->block_y = calloc((size_t)d->nblocks, sizeof(float))))
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
        d->block_y[i] = top - y;
        /* Consecutive list items sit closer than paragraphs. */
        if (b->type == MB_PARA && b->list_depth && i + 1 < d->nblocks && d->blocks[i + 1].list_depth)
            after = size * 0.25f;
        else if (b->type == MB_HEADING)
            after = size * 0.35f;
        if (b->type == MB_DIAGRAM && draw)
            d->shown[b->diagram] = 0;
        if (b->type == MB_DIAGRAM) {
            d->dg_top[b->diagram] = top - y;
            d->dg_h[b->diagram] = cached ? d->block_h[i] : 0;
        }
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
        case MB_DIAGRAM:
            h = diagram_draw(r, d, b, bx + size * 0.25f, cy + size * 0.25f, bw - size * 0.5f, size, draw) +
                size * 0.5f;
            if (draw)
                d->shown[b->diagram] = top >= clip.y && top + h <= clip.y + clip.h;
            d->dg_h[b->diagram] = h;
            break;
        }
        if (draw && b->marker[0] && whole_in_clip(r, clip, FONT_SANS, size, top)) {
            float mw = render_text_width(r, FONT_SANS, size, b->marker);
            render_text(r, FONT_SANS, size, bx - mw - size * 0.4f, top, ink, b->marker);
        }
        for (int q = 0; draw && q < b->quote_depth; q++)
            render_rect(r, (rrect){x + (float)q * size * 1.2f, top, size * 0.2f, h}, rule_ink);
        d->block_h[i] = h;
        cy = top + h + after;
    }
    d->dg_placed = 1;
    d->cache_w = w;
    d->cache_size = size;
    d->cache_scale = render_scale(r);
    return cy - y;
}
