#include "net/phone_qr.h"

#include <string.h>

#include <qrencode.h>

#include "core/log.h"

int phone_qr_encode(const char *text, phone_qr *out)
{
    memset(out, 0, sizeof *out);
    if (!text || !*text)
        return -1;
    /* Version 0: the smallest that holds the text; 8-bit mode keeps a URL's
     * case and punctuation exactly. */
    QRcode *q = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M);
    if (!q) {
        log_warn("phone_qr: cannot encode %zu bytes", strlen(text));
        return -1;
    }
    int ok = q->width > 0 && q->width <= PHONE_QR_MAX_WIDTH;
    if (ok) {
        out->width = q->width;
        /* Bit 0 of each byte is the module's colour; the rest is libqrencode's bookkeeping. */
        for (int i = 0; i < q->width * q->width; i++)
            out->module[i] = q->data[i] & 1;
    }
    QRcode_free(q);
    return ok ? 0 : -1;
}

int phone_qr_dark(const phone_qr *q, int x, int y)
{
    if (x < 0 || y < 0 || x >= q->width || y >= q->width)
        return 0;
    return q->module[y * q->width + x];
}
