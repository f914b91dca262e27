/* The rules viewer's diagrams: a ```position <mode> <name>``` block of a
 * rules document read with the mode's rules and drawn by the mode's view. */
#ifndef STACKHOUSE_RULES_DIAGRAM_H
#define STACKHOUSE_RULES_DIAGRAM_H

#include <stddef.h>

#include "render/render.h"
#include "shell/shell.h"
#include "ui/mdview.h"

/* Whether dg can be drawn: a known mode whose view draws positions, a
 * position its rules read and a move (if any) legal in it; 0, or -1 with
 * why in err, in words for the page. */
int rules_diagram_check(const md_diagram *dg, char *err, size_t errn);
/* An md_diagram_fn (user: the shell): draws dg into box with its mode's view. */
int rules_diagram_draw(void *user, render *r, const md_diagram *dg, rrect box, char *err, size_t errn);

#endif
