/* The phones' card: the QR code of the match's address, the address and
 * the room code, drawn where a player joins on a phone (setup, the pause menu). */
#ifndef STACKHOUSE_PHONES_CARD_H
#define STACKHOUSE_PHONES_CARD_H

#include "render/render.h"

/* The height the card needs at width w (its QR code is about w - 60 square). */
#define PHONES_CARD_HEIGHT(w) ((w) + 170)
/* Draws the card in c: "Join on a phone", the QR code (when there is one),
 * the address and "Room ABCD"; nothing of it when phones are off but the panel. */
void phones_card_draw(render *r, rrect c);

#endif
