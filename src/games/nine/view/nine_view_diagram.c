/* The rules viewer's 9 STAX pictures (table_view_ops.draw_position, #29): a
 * position fitted into a box as the table lays it out, the seats in rows
 * with their stacks (the mover's held stack face up, as in its hands), the
 * draw and discard piles between them, and a move marked as the table marks
 * the last move: the card on the discard pile, the stacks a Swap trades, the
 * player an Attack hits, an Immunity tile used. */
#include "games/nine/view/nine_view_priv.h"
#include "ui/marks.h"
#include "ui/seat.h"

#define DG_PAD 10.0f
#define DG_HEAD 30.0f /* a seat's name line */
/* Cards stay under the height where nine_draw_face prints a corner index:
 * on a card this small it would sit on the card's printed frame. */
#define DG_CARD_H 59.0f

/* Where the picture put things, for the move's marks. */
typedef struct dg_geo {
    rrect row[GAME_MAX_PLAYERS], head[GAME_MAX_PLAYERS], shield[GAME_MAX_PLAYERS];
    rrect stack[GAME_MAX_PLAYERS][NINE_MAX_STACKS];
    rrect drawpile, discpile;
    float card_w;
} dg_geo;

/* The rows from the top: every other seat in turn order after the mover,
 * then the piles, then the mover at the bottom, where the table puts "you". */
static int row_seat(const nine_state *s, int mover, int row)
{
    return (mover + 1 + row) % s->players;
}

/* Seat p's row: its name and Immunity tile, then its stacks; with draw 0
 * only where they go. */
static void draw_seat_row(render *r, const nine_state *s, dg_geo *g, int p, int mover, int draw)
{
    char name[24];
    sprite_id shield = render_sprite_find(r, "nine/shield");
    rrect row = g->row[p];
    int n = s->nst[p];
    float ch = fminf(row.h - DG_HEAD - 6, DG_CARD_H), cw = ch / 1.4f, gap = 8;
    rrect sh = {row.x + 4, row.y + 2, DG_HEAD - 4, DG_HEAD - 4};

    if (n > 0 && cw * (float)n + gap * (float)(n - 1) > row.w - 8) {
        cw = (row.w - 8 - gap * (float)(n - 1)) / (float)n;
        ch = cw * 1.4f;
    }
    g->card_w = cw;
    g->shield[p] = sh;
    g->head[p] = (rrect){row.x, row.y, row.w, DG_HEAD};
    for (int k = 0; k < n; k++)
        g->stack[p][k] = (rrect){row.x + 4 + (cw + gap) * (float)k, row.y + DG_HEAD + 4, cw, ch};
    if (!draw)
        return;
    render_round_rect(r, row, 10, (rcolor){0, 0, 0, 52});
    if (shield >= 0)
        render_sprite(r, shield, sh, (s->immunity >> p) & 1 ? (rcolor){110, 210, 230, 255} : (rcolor){120, 110, 100, 110});
    snprintf(name, sizeof name, "Player %d", p + 1);
    ui_draw_seat_name(r, p, FONT_SANS_BOLD, UI_MIN, row.x + DG_HEAD + 4, row.y + 2, UI_CREAM, name);
    for (int k = 0; k < n; k++) {
        rrect c = g->stack[p][k];
        uint8_t codes[FAN_MAX];
        int depth = s->ssize[p][k] > 4 ? 4 : s->ssize[p][k];
        for (int i = depth - 1; i >= (nine_stack_visible(s, mover, p, k) ? 1 : 0); i--)
            nine_draw_back(r, (rrect){c.x - 1.5f * (float)i, c.y - 1.5f * (float)i, c.w, c.h}, 255);
        /* the mover's held stack, or a revealed one: its top card face up on the rest
         * (a picture's cards are too small to fan: one under another would hide its corner) */
        if (nine_stack_visible(s, mover, p, k) && stack_cards(s, p, k, codes, FAN_MAX) > 0)
            nine_draw_face(r, c, codes[0], 255);
        if (s->held[p] == k)
            render_round_outline(r, (rrect){c.x - 4, c.y - 4, c.w + 8, c.h + 8}, c.w * 0.12f, 3, UI_GOLD);
    }
}

/* The draw pile face down and the discard pile's top card, between the rows
 * (draw 0: only where they go). */
static void draw_piles(render *r, const nine_state *s, dg_geo *g, rrect band, int draw)
{
    float ch = fminf(band.h - 8, DG_CARD_H), cw = ch / 1.4f, cx = band.x + band.w / 2;
    g->drawpile = (rrect){cx - cw - 12, band.y + (band.h - ch) / 2, cw, ch};
    g->discpile = (rrect){cx + 12, band.y + (band.h - ch) / 2, cw, ch};
    if (!draw)
        return;
    for (int i = (s->ndraw > 4 ? 4 : s->ndraw) - 1; i >= 0; i--)
        nine_draw_back(r, (rrect){g->drawpile.x - 1.5f * (float)i, g->drawpile.y - 1.5f * (float)i, cw, ch}, 255);
    if (s->ndisc > 0)
        nine_draw_face(r, g->discpile, s->code[s->disc[s->ndisc - 1]], 255);
}

/* The last-move mark round piece, under what is drawn on it: its outline
 * shows round the card, and the card's own print keeps its contrast. */
static void mark(render *r, rrect piece, float radius, int seat)
{
    ui_draw_last_move(r, (rrect){piece.x - 6, piece.y - 6, piece.w + 12, piece.h + 12}, radius + 6, seat);
}

/* Move m, played by seat from before, marked on the picture of after as the
 * table marks the last move (nine_view_draw.c's draw_last_move), before
 * the cards are drawn over it. */
static void mark_move(render *r, const nine_state *before, const nine_state *s, const dg_geo *g, const game_move *m,
                      int seat)
{
    float rad = g->card_w * 0.09f;
    switch (m->kind) {
    case NINE_M_PLAY:
    case NINE_M_DISCARD:
        if (s->ndisc > 0)
            mark(r, g->discpile, rad, seat);
        break;
    case NINE_M_ATTACK: mark(r, g->row[m->b[0]], 12, seat); break;
    case NINE_M_PEEK:
    case NINE_M_SWAP:
        if (m->b[1] < s->nst[m->b[0]])
            mark(r, g->stack[m->b[0]][m->b[1]], rad, seat);
        break;
    case NINE_M_WITH:
        if (m->b[1] < s->nst[m->b[0]])
            mark(r, g->stack[m->b[0]][m->b[1]], rad, seat);
        if (before->pend.s1 < s->nst[before->pend.p1])
            mark(r, g->stack[before->pend.p1][before->pend.s1], rad, seat);
        break;
    case NINE_M_REVEAL:
        for (int p = 0; p < s->players; p++)
            if (p != seat && m->b[0] - 1 < s->nst[p])
                mark(r, g->stack[p][m->b[0] - 1], rad, seat);
        break;
    case NINE_M_IMMUNE:
    case NINE_M_ACCEPT: mark(r, g->shield[seat], 8, seat); break;
    default:
        if (s->nst[seat] > 0)
            mark(r, g->stack[seat][s->held[seat] < s->nst[seat] ? s->held[seat] : 0], rad, seat);
        break;
    }
}

void nine_view_draw_position(shell *sh, render *r, const void *stv, const game_move *hi, rrect box)
{
    const nine_state *before = stv;
    nine_state *s = malloc(sizeof *s);
    dg_geo *g = calloc(1, sizeof *g);
    int mover = nine_decider(before), rows;
    float rh;
    (void)sh;

    if (!s || !g) {
        free(s);
        free(g);
        return;
    }
    if (mover < 0)
        mover = before->turn;
    *s = *before;
    if (hi && nine_rules.apply(s, hi) != 0)
        hi = NULL;
    /* the table's wood under it all, the seats' rows and the piles' band */
    render_round_rect(r, box, 14, (rcolor){96, 60, 34, 255});
    rows = s->players + 1;
    rh = (box.h - 2 * DG_PAD) / (float)rows;
    /* laid out first, the move marked, then everything drawn over its marks */
    for (int draw = 0; draw < 2; draw++) {
        for (int row = 0; row < s->players; row++) {
            int p = row_seat(s, mover, row);
            int at = row == s->players - 1 ? rows - 1 : row; /* the mover at the bottom, under the piles */
            g->row[p] = (rrect){box.x + DG_PAD, box.y + DG_PAD + rh * (float)at, box.w - 2 * DG_PAD, rh - 4};
            draw_seat_row(r, s, g, p, mover, draw);
        }
        draw_piles(r, s, g, (rrect){box.x + DG_PAD, box.y + DG_PAD + rh * (float)(rows - 2), box.w - 2 * DG_PAD, rh},
                   draw);
        if (hi && !draw)
            mark_move(r, before, s, g, hi, mover);
    }
    free(s);
    free(g);
}
