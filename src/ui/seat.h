/* Seat identity on screen: each seat's colour and shape mark
 * (core/seat.h), drawn beside the seat's name on setup, every table, the
 * logs and the score screens. */
#ifndef STACKHOUSE_UI_SEAT_H
#define STACKHOUSE_UI_SEAT_H

#include "core/seat.h"
#include "render/render.h"

/* Seat s's colour, for pieces and marks. */
rcolor ui_seat_color(int s);
/* A dark shade of seat s's colour, for text on cream panels (>= 4.5:1). */
rcolor ui_seat_ink(int s);
/* The sprite name of seat s's shape ("ui/seat_circle"). */
const char *ui_seat_sprite(int s);
/* Seat s's shape in its colour, outlined in dark ink, size units across,
 * centred on (cx, cy). */
void ui_draw_seat_mark(render *r, int s, float cx, float cy, float size);
/* Seat s's mark, then name in font f at size from (x, y) (the text's top)
 * in colour c; returns the width used. */
float ui_draw_seat_name(render *r, int s, font_face f, float size, float x, float y, rcolor c,
                        const char *name);
/* The width ui_draw_seat_name would use. */
float ui_seat_name_width(render *r, font_face f, float size, const char *name);

#endif
