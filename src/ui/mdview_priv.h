/* The markdown view's document, shared by its parser (mdview.c) and its
 * layout (mdview_draw.c): a flat list of leaf blocks whose text is a run of
 * styled spans. Private to src/ui/mdview*.c. */
#ifndef STACKHOUSE_MDVIEW_PRIV_H
#define STACKHOUSE_MDVIEW_PRIV_H

#include <stddef.h>

#include "ui/mdview.h"

enum { S_BOLD = 1, S_EM = 2, S_CODE = 4, S_STRIKE = 8, S_LINK = 16 };
typedef enum { MB_PARA, MB_HEADING, MB_CODE, MB_RULE, MB_TABLE, MB_DIAGRAM } mb_type;

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
    int diagram;          /* MB_DIAGRAM: its index in md_doc.diagrams */
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
    md_diagram *diagrams; /* the ```position blocks, in order */
    int ndiagrams, cdiagrams;
    unsigned char *shown; /* per diagram: wholly inside the clip at the last draw */
    float *dg_top, *dg_h; /* per diagram: where the last layout put it (top from the document's) */
    float *block_y;       /* per block: its top from the document's at the last layout */
    int dg_placed;        /* a layout has filled them */
    md_diagram_fn draw_diagram;
    void *diagram_user;
    int top_count;
    /* Block heights from the last full layout: a scrolled page then lays out
     * only the blocks it shows. Valid for one column width, size and scale. */
    float *block_h;
    float cache_w, cache_size, cache_scale;
};

/* The text of spans [first, first+count) of d, joined, in a new string (NULL
 * when out of memory); the caller frees it. */
char *md_spans_text(const md_doc *d, int first, int count);

#endif
