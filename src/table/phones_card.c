/* The phones' card: how a phone joins the match (docs/phones.md), as setup
 * and the pause menu show it. */
#include "table/phones_card.h"

#include <math.h>
#include <stdio.h>

#include "table/phones.h"
#include "ui/ui.h"

void phones_card_draw(render *r, rrect c)
{
    int qw = 0;
    const unsigned char *qr = phones_qr(&qw);
    float side = c.w - 60, y = c.y + 24;
    char line[64];
    ui_draw_panel(r, c);
    ui_text_fit(r, FONT_SANS_BOLD, UI_HEAD, UI_BODY, (rrect){c.x + 20, y, c.w - 40, 48}, TEXT_CENTER, UI_INK,
                "Join on a phone");
    y += 62;
    if (qr && qw > 0) {
        /* Dark modules on white with a quiet zone of three, each module a whole
         * number of pixels on a pixel boundary: no seams for a camera to misread. */
        float px = render_scale(r), mp = floorf(side * px / (float)(qw + 6)), m, ox, oy;
        if (mp < 1)
            mp = 1;
        m = mp / px;
        ox = floorf((c.x + (c.w - m * (float)(qw + 6)) / 2) * px) / px;
        oy = floorf(y * px) / px;
        render_rect(r, (rrect){ox, oy, m * (float)(qw + 6), m * (float)(qw + 6)}, UI_WHITE);
        /* a rectangle per run of dark modules in a row, not one per module */
        for (int j = 0; j < qw; j++)
            for (int i = 0, i0; i < qw;) {
                if (!qr[j * qw + i]) {
                    i++;
                    continue;
                }
                for (i0 = i; i < qw && qr[j * qw + i]; i++) {
                }
                render_rect(r, (rrect){ox + m * (float)(i0 + 3), oy + m * (float)(j + 3), m * (float)(i - i0), m},
                            (rcolor){0, 0, 0, 255});
            }
        y = oy + m * (float)(qw + 6) + 16;
    }
    ui_text_fit(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){c.x + 16, y, c.w - 32, 32}, TEXT_CENTER, UI_INK_SOFT,
                phones_url());
    y += 44;
    snprintf(line, sizeof line, "Room %s", phones_room());
    ui_text_fit(r, FONT_SANS_BOLD, UI_HEAD, UI_BODY, (rrect){c.x + 16, y, c.w - 32, 52}, TEXT_CENTER, UI_ACCENT_INK, line);
}

