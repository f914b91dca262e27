/* Seat identity: each seat's one colour and one shape mark, the same on
 * setup, every table, the logs, the score screens and the phones. The shapes
 * differ as well as the hues, so the seats stay apart for colour-blind
 * players (Okabe and Ito's safe hues, darkened for wood and cream). Pure
 * data, no SDL: the phones' JSON carries the same names and colours. */
#ifndef STACKHOUSE_SEAT_H
#define STACKHOUSE_SEAT_H

#include <stdint.h>

#define SEAT_IDENTITIES 4 /* GAME_MAX_PLAYERS */

typedef struct seat_identity {
    const char *colour; /* "Red": what the table calls the seat */
    const char *shape;  /* "circle", "square", "triangle", "diamond" */
    uint8_t rgb[3];     /* the seat's colour on pieces and marks */
    uint8_t ink[3];     /* a dark shade of it, readable on cream (>= 4.5:1) */
} seat_identity;

/* Seat s's colour and mark (s wraps into 0..SEAT_IDENTITIES-1). */
const seat_identity *seat_identity_of(int s);
/* Seat s's colour name ("Red", "Blue", "Green", "Gold"). */
const char *seat_color_name(int s);
/* Seat s's shape name ("circle", "square", "triangle", "diamond"). */
const char *seat_shape_name(int s);
/* Seat s's colour as "#rrggbb" into buf (8 bytes at least); returns buf. */
char *seat_color_hex(int s, char *buf);

#endif
