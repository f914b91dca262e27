/* The marks every table lays on its pieces, one style each for all modes:
 * the focus (where the controller or keyboard is), playable (what may be
 * played now) and the last move (what changed, in the mover's colour). They
 * combine: the focus sits outside the piece, the playable mark on its edge,
 * the last-move mark under both. */
#ifndef STACKHOUSE_UI_MARKS_H
#define STACKHOUSE_UI_MARKS_H

#include "render/render.h"

/* Gap between a piece and its focus ring, and the ring's width, in virtual units. */
#define UI_FOCUS_GAP 7.0f
#define UI_FOCUS_WIDTH 7.0f
/* How far ui_draw_focus reaches outside the piece (for layouts that keep it clear of labels). */
#define UI_FOCUS_REACH (UI_FOCUS_GAP + UI_FOCUS_WIDTH + 2.0f)

/* The focus ring round piece (corner radius radius): bold gold edged in
 * dark ink, UI_FOCUS_GAP outside the piece, so the piece's own outline (its
 * playable mark) and corner letters show inside it. */
void ui_draw_focus(render *r, rrect piece, float radius);
/* The playable mark: a green outline on the piece's edge with a soft glow
 * breathing with pulse (0..1; 1 steady). */
void ui_draw_playable(render *r, rrect piece, float radius, float pulse);
/* The last-move mark in seat's colour: a bold outline on the piece's edge
 * and a light wash of the colour over it; stays until the next move. */
void ui_draw_last_move(render *r, rrect piece, float radius, int seat);
/* A chosen target (a hovered landing square, a lit stack under a held
 * piece): brighter and bolder than its plain "may land here" mark, never paler. */
void ui_draw_chosen(render *r, rrect piece, float radius);

#endif
