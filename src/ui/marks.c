#include "ui/marks.h"

#include "ui/seat.h"

#define INK_EDGE ((rcolor){24, 14, 6, 220})
#define FOCUS_GOLD ((rcolor){255, 204, 64, 255})
#define PLAYABLE_GREEN ((rcolor){64, 190, 96, 255})

static rrect grow(rrect p, float d) { return (rrect){p.x - d, p.y - d, p.w + 2 * d, p.h + 2 * d}; }

void ui_draw_focus(render *r, rrect piece, float radius)
{
    /* dark edges either side of the gold read on wood, felt, cream and cards */
    /* (an outline is stroked inwards from its rectangle's edge) */
    float out = UI_FOCUS_GAP + UI_FOCUS_WIDTH;
    render_round_outline(r, grow(piece, out + 2), radius + out + 2, UI_FOCUS_WIDTH + 4, INK_EDGE);
    render_round_outline(r, grow(piece, out), radius + out, UI_FOCUS_WIDTH, FOCUS_GOLD);
}

void ui_draw_playable(render *r, rrect piece, float radius, float pulse)
{
    rcolor glow = PLAYABLE_GREEN;
    glow.a = (uint8_t)(70 + 80 * pulse);
    render_round_outline(r, grow(piece, 5), radius + 5, 5, glow);
    render_round_outline(r, piece, radius, 4, PLAYABLE_GREEN);
}

void ui_draw_last_move(render *r, rrect piece, float radius, int seat)
{
    rcolor c = ui_seat_color(seat), wash = c;
    wash.a = 70;
    render_round_rect(r, piece, radius, wash);
    render_round_outline(r, piece, radius, 5, c);
    render_round_outline(r, grow(piece, -5), radius > 5 ? radius - 5 : 0, 2, (rcolor){255, 255, 255, 150});
}

void ui_draw_chosen(render *r, rrect piece, float radius)
{
    /* no wash: the mark under it keeps its full colour, and a bold rim says "this one" */
    render_round_outline(r, grow(piece, 2), radius + 2, 9, INK_EDGE);
    render_round_outline(r, piece, radius, 6, FOCUS_GOLD);
    render_round_outline(r, grow(piece, -6), radius > 6 ? radius - 6 : 0, 2, (rcolor){255, 255, 255, 200});
}
