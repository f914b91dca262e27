/* Markdown documents (docs/rules/<game>.md) parsed with md4c and laid out as
 * word-wrapped styled text for the rules screen. */
#ifndef STACKHOUSE_MDVIEW_H
#define STACKHOUSE_MDVIEW_H

#include <stddef.h>

#include "render/render.h"

typedef struct md_doc md_doc;

/* Parses markdown text (headings, paragraphs, emphasis, strong, code spans,
 * code blocks, bullet and numbered lists, block quotes, tables, rules).
 * Returns NULL with a message in err on failure. (Not md_parse: md4c owns that name.) */
md_doc *md_doc_parse(const char *text, size_t len, char *err, size_t errn);
/* Frees a document. */
void md_free(md_doc *d);
/* Lays out and (if draw) draws the document with its top-left at (x, y) in a
 * column w units wide, using base text size; returns the total height. Draw
 * with the renderer's clip set: only lines wholly inside it are drawn (never
 * one cut through its glyphs), and blocks outside it are skipped cheaply. */
float md_draw(render *r, md_doc *d, float x, float y, float w, float size, int draw);
/* Number of top-level blocks (for tests). */
int md_block_count(const md_doc *d);
/* Title: the text of the first level-1 heading, or "". */
const char *md_title(const md_doc *d);

#endif
