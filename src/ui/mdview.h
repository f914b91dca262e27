/* Markdown documents (docs/rules/<game>.md) parsed with md4c and laid out as
 * word-wrapped styled text for the rules screen. */
#ifndef STACKHOUSE_MDVIEW_H
#define STACKHOUSE_MDVIEW_H

#include <stddef.h>

#include "render/render.h"

typedef struct md_doc md_doc;

/* A diagram: a fenced code block whose info string is `position <mode> <name>`
 * (mode: a registry id, "stax"; name: what the trace calls it). Its body
 * gives the position in the mode's notation on its first line, then optional
 * lines `move <notation>` (the move marked on it), `refused <notation>` (a
 * move the rules refuse there, marked as the table marks a refused press)
 * and `caption <words>`. */
typedef struct md_diagram {
    char *mode, *name, *position, *move, *refused, *caption; /* "" when absent; never NULL */
} md_diagram;

/* Draws diagram dg into box (virtual units); 0, or -1 with why in err, when
 * the mode or position cannot be drawn (the view then shows a placeholder). */
typedef int (*md_diagram_fn)(void *user, render *r, const md_diagram *dg, rrect box, char *err,
                             size_t errn);

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
/* Sets what draws d's diagrams (NULL: every diagram is a placeholder). */
void md_set_diagram_fn(md_doc *d, md_diagram_fn fn, void *user);
/* How many diagrams d holds, and diagram i (NULL past the end). */
int md_diagram_count(const md_doc *d);
const md_diagram *md_diagram_get(const md_doc *d, int i);
/* Whether diagram i lay wholly inside the clip at the last md_draw. */
int md_diagram_shown(const md_doc *d, int i);
/* Where diagram i lies from the document's top (its top in *top, its height
 * in *h, virtual units) as the last md_draw laid it out, drawn or not, so a
 * screen can tell what it shows without drawing; 0, or -1 before any layout. */
int md_diagram_place(const md_doc *d, int i, float *top, float *h);
/* Where the first heading of level with exactly text lies from the
 * document's top, as the last md_draw laid it out; 0, or -1 when there is
 * none or nothing was laid out yet. */
int md_heading_place(const md_doc *d, int level, const char *text, float *top);
/* Number of top-level blocks (for tests). */
int md_block_count(const md_doc *d);
/* Title: the text of the first level-1 heading, or "". */
const char *md_title(const md_doc *d);

#endif
