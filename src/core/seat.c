/* Seat identity: one table, read by every screen and the phones. */
#include "core/seat.h"

#include <stdio.h>

static const seat_identity seats[SEAT_IDENTITIES] = {
    {"Red", "circle", {206, 62, 38}, {166, 42, 22}},
    {"Blue", "square", {32, 112, 196}, {22, 82, 152}},
    {"Green", "triangle", {0, 152, 110}, {0, 108, 76}},
    {"Gold", "diamond", {230, 168, 24}, {128, 86, 0}},
};

const seat_identity *seat_identity_of(int s)
{
    if (s < 0)
        s = -s;
    return &seats[s % SEAT_IDENTITIES];
}

const char *seat_color_name(int s) { return seat_identity_of(s)->colour; }
const char *seat_shape_name(int s) { return seat_identity_of(s)->shape; }

char *seat_color_hex(int s, char *buf)
{
    const uint8_t *c = seat_identity_of(s)->rgb;
    snprintf(buf, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
    return buf;
}
