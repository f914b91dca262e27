#include "ui/seat.h"

static rcolor rgb(const uint8_t c[3]) { return (rcolor){c[0], c[1], c[2], 255}; }

rcolor ui_seat_color(int s) { return rgb(seat_identity_of(s)->rgb); }
rcolor ui_seat_ink(int s) { return rgb(seat_identity_of(s)->ink); }

const char *ui_seat_sprite(int s)
{
    static const char *const names[SEAT_IDENTITIES] = {"ui/seat_circle", "ui/seat_square", "ui/seat_triangle",
                                                       "ui/seat_diamond"};
    return names[seat_identity_of(s) - seat_identity_of(0)];
}

void ui_draw_seat_mark(render *r, int s, float cx, float cy, float size)
{
    sprite_id id = render_sprite_find(r, ui_seat_sprite(s));
    float edge = size * 0.14f < 2 ? 2 : size * 0.14f;
    /* The dark shape behind, a little larger, outlines the colour on wood,
     * cream and felt alike. */
    render_sprite(r, id, (rrect){cx - size / 2 - edge / 2, cy - size / 2 - edge / 2, size + edge, size + edge},
                  (rcolor){30, 20, 12, 230});
    render_sprite(r, id, (rrect){cx - size / 2 + edge / 2, cy - size / 2 + edge / 2, size - edge, size - edge},
                  ui_seat_color(s));
}

/* The mark is as tall as the text's capitals, a third of a line before it. */
static float mark_size(float size) { return size * 0.8f; }

float ui_seat_name_width(render *r, font_face f, float size, const char *name)
{
    return mark_size(size) + size * 0.35f + render_text_width(r, f, size, name);
}

float ui_draw_seat_name(render *r, int s, font_face f, float size, float x, float y, rcolor c,
                        const char *name)
{
    float m = mark_size(size), lh = render_line_height(r, f, size);
    ui_draw_seat_mark(r, s, x + m / 2, y + lh / 2, m);
    render_text(r, f, size, x + m + size * 0.35f, y, c, name);
    return ui_seat_name_width(r, f, size, name);
}
