/* The QR code of the phones' address as a grid of modules (libqrencode), for
 * the setup screen to draw however it draws squares. */
#ifndef STACKHOUSE_PHONE_QR_H
#define STACKHOUSE_PHONE_QR_H

#define PHONE_QR_MAX_WIDTH 177 /* version 40 */

typedef struct phone_qr {
    int width; /* modules per side, without the quiet zone (4 modules the drawer adds) */
    unsigned char module[PHONE_QR_MAX_WIDTH * PHONE_QR_MAX_WIDTH]; /* row-major, 1: dark */
} phone_qr;

/* Encodes text (a URL) at error correction level M; 0, or -1 when it cannot. */
int phone_qr_encode(const char *text, phone_qr *out);
/* Whether module (x, y) is dark; 0 outside the grid. */
int phone_qr_dark(const phone_qr *q, int x, int y);

#endif
