/* The rules viewer's diagrams: a ```position <mode> <name>``` block of a
 * rules document read with the mode's rules and drawn by the mode's view. */
#ifndef STACKHOUSE_RULES_DIAGRAM_H
#define STACKHOUSE_RULES_DIAGRAM_H

#include <stddef.h>

#include "render/render.h"
#include "shell/shell.h"
#include "ui/mdview.h"

/* A document's diagrams, each read once (its position, its move), kept for
 * every frame that draws them. */
typedef struct rules_pictures rules_pictures;

/* Whether dg can be drawn: a known mode whose view draws positions, a
 * position its rules (or its real-time view) read, a move (if any) legal in
 * it and a refused move (if any) the rules refuse; 0, or -1 with why in
 * err, in words for the page. */
int rules_diagram_check(const md_diagram *dg, char *err, size_t errn);
/* Every diagram of d read once, for shell sh (NULL: a test's, with no
 * window); a bad one is logged with doc's name and drawn as a placeholder
 * saying why. NULL when out of memory. */
rules_pictures *rules_pictures_read(shell *sh, const md_doc *d, const char *doc);
/* Frees the pictures (NULL is fine). */
void rules_pictures_free(rules_pictures *p);
/* An md_diagram_fn (user: the rules_pictures): draws dg, as it was read, into
 * box with its mode's view; -1 with why in err for a bad one. */
int rules_pictures_draw(void *user, render *r, const md_diagram *dg, rrect box, char *err, size_t errn);
/* How many positions p has read since it was made: one per diagram, however
 * often they are drawn. */
int rules_pictures_reads(const rules_pictures *p);

#endif
