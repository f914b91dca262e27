/* The rules viewer's MAXSTAX pictures (#29, table_realtime_ops.diagram_read
 * and draw_position): the table's card, blocks and spaces drawn into a box.
 * A picture's position is a line of parts separated by ';':
 *
 *   card N             stacker card N (1 to 45), as the card box shows it
 *   seat P             whose space the blocks stand in (1 to 4; 1 if not said)
 *   space X Y A, ...   blocks standing in that space, each its centre (X from
 *                      the space's middle, Y above the floor, plank units as in
 *                      assets/maxstax/cards.txt) and its angle in degrees;
 *                      with a card, the matcher says whether they copy it
 *   creator            SAMESTAX: the space is the Creator's (samestax only)
 *   faulty             SAMESTAX: the Creator's structure fell: the round is faulty
 *   swap A B           SWAPSTAX: seat 1 holds card A and trades it for seat 2's
 *                      card B; `swap A deck` for the deck's next card (swapstax only)
 *
 * e.g. `card 4 ; space -1.5 0.5 0, 1.5 0.5 0, 0 1.5 0`. */
#include "games/maxstax/view/maxstax_view_priv.h"
#include "games/maxstax/rules/maxstax_diff.h"
#include "ui/seat.h"

enum { PIC_CARD, PIC_BUILD, PIC_SPACE, PIC_SWAP };

/* A picture as read: plain data (free() frees it). */
typedef struct mx_picture {
    int kind, seat;
    maxstax_card card, other; /* the card; a swap's other card */
    int deck;                 /* a swap with the deck: other is face down */
    int creator, faulty;
    int n;
    maxstax_pose block[MAXSTAX_BLOCKS_PER_PLAYER];
    maxstax_diff diff; /* PIC_BUILD: what differs from the card (n 0: it copies it) */
} mx_picture;

/* The next part of text at *at (up to ';'), trimmed, into buf; 0 at the end. */
static int next_part(const char **at, char *buf, size_t n)
{
    const char *s = *at, *e;
    size_t len;
    while (*s == ' ' || *s == ';')
        s++;
    if (!*s)
        return 0;
    e = s + strcspn(s, ";");
    *at = e;
    while (e > s && e[-1] == ' ')
        e--;
    len = (size_t)(e - s) < n - 1 ? (size_t)(e - s) : n - 1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    return 1;
}

/* A whole number from lo to hi, the rest of the part; 0, or -1. */
static int read_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    while (*end == ' ')
        end++;
    if (end == s || *end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

static int read_card(const maxstax_deck *deck, const char *s, maxstax_card *c, char *err, size_t errn)
{
    int id;
    if (read_int(s, 1, deck->n, &id) != 0) {
        snprintf(err, errn, "\"%s\" is no stacker card (1 to %d)", s, deck->n);
        return -1;
    }
    *c = deck->card[id - 1];
    return 0;
}

/* "X Y A, X Y A, ..." into p's blocks: each above the floor, none in another. */
static int read_space(const char *s, mx_picture *p, char *err, size_t errn)
{
    for (p->n = 0; *s;) {
        maxstax_pose b;
        char *end;
        double lowest, a;
        if (p->n == MAXSTAX_BLOCKS_PER_PLAYER) {
            snprintf(err, errn, "more than %d blocks in a space", MAXSTAX_BLOCKS_PER_PLAYER);
            return -1;
        }
        b.x = strtod(s, &end);
        if (end != s)
            b.y = strtod(s = end, &end);
        if (end != s)
            b.angle = strtod(s = end, &end);
        if (end == s) {
            snprintf(err, errn, "block %d: expected X Y ANGLE", p->n + 1);
            return -1;
        }
        a = b.angle * PI_F / 180;
        lowest = b.y - fabs(sin(a)) * MAXSTAX_BLOCK_LEN / 2 - fabs(cos(a)) * MAXSTAX_BLOCK_THICK / 2;
        if (lowest < -0.01) {
            snprintf(err, errn, "block %d goes through the floor", p->n + 1);
            return -1;
        }
        for (int i = 0; i < p->n; i++)
            if (maxstax_cards_overlap(p->block[i], b)) {
                snprintf(err, errn, "blocks %d and %d overlap", i + 1, p->n + 1);
                return -1;
            }
        p->block[p->n++] = b;
        for (s = end; *s == ' '; s++)
            ;
        if (*s == ',')
            s++;
        else if (*s) {
            snprintf(err, errn, "block %d: expected ',' before the next block", p->n);
            return -1;
        }
    }
    return 0;
}

/* One part of a position into p; 0, or -1 with why. */
static int read_part(const maxstax_deck *deck, const char *mode, const char *part, mx_picture *p, int *has_card,
                     int *has_space, char *err, size_t errn)
{
    const char *arg = part + strcspn(part, " ");
    size_t word = (size_t)(arg - part);
    while (*arg == ' ')
        arg++;
    if (word == 4 && memcmp(part, "card", 4) == 0) {
        *has_card = 1;
        return read_card(deck, arg, &p->card, err, errn);
    }
    if (word == 4 && memcmp(part, "seat", 4) == 0) {
        if (read_int(arg, 1, SPEEDSTAX_MAX_PLAYERS, &p->seat) != 0) {
            snprintf(err, errn, "\"%s\" is no seat (1 to %d)", arg, SPEEDSTAX_MAX_PLAYERS);
            return -1;
        }
        p->seat--;
        return 0;
    }
    if (word == 5 && memcmp(part, "space", 5) == 0) {
        *has_space = 1;
        return read_space(arg, p, err, errn);
    }
    if ((word == 7 && memcmp(part, "creator", 7) == 0) || (word == 6 && memcmp(part, "faulty", 6) == 0)) {
        if (strcmp(mode, "samestax") != 0) {
            snprintf(err, errn, "only SAMESTAX has a Creator");
            return -1;
        }
        p->creator = 1;
        p->faulty |= word == 6;
        if (*arg) {
            snprintf(err, errn, "\"%.*s\" takes nothing after it", (int)word, part);
            return -1;
        }
        return 0;
    }
    if (word == 4 && memcmp(part, "swap", 4) == 0) {
        char a[16], b[16];
        if (strcmp(mode, "swapstax") != 0) {
            snprintf(err, errn, "only SWAPSTAX swaps cards");
            return -1;
        }
        if (sscanf(arg, "%15s %15s", a, b) != 2 || read_card(deck, a, &p->card, err, errn) != 0) {
            if (!err[0])
                snprintf(err, errn, "expected swap CARD CARD, or swap CARD deck");
            return -1;
        }
        p->kind = PIC_SWAP;
        *has_card = 1;
        if (strcmp(b, "deck") == 0) {
            p->deck = 1;
            return 0;
        }
        return read_card(deck, b, &p->other, err, errn);
    }
    snprintf(err, errn, "\"%s\": expected card, seat, space, creator, faulty or swap", part);
    return -1;
}

void *maxstax_view_diagram_read(const char *mode, const char *position, char *err, size_t errn)
{
    maxstax_deck *deck = malloc(sizeof *deck);
    mx_picture *p = calloc(1, sizeof *p);
    const char *at = position;
    char part[400];
    int has_card = 0, has_space = 0, ok = deck && p;

    err[0] = '\0';
    if (!ok)
        snprintf(err, errn, "out of memory");
    else if (maxstax_cards_builtin(deck, err, errn) != 0)
        ok = 0;
    while (ok && next_part(&at, part, sizeof part))
        ok = read_part(deck, mode, part, p, &has_card, &has_space, err, errn) == 0;
    if (ok && p->kind != PIC_SWAP) {
        if (p->creator && !has_space)
            snprintf(err, errn, "a Creator's picture needs the space they built in");
        else if (p->creator && has_card)
            snprintf(err, errn, "SAMESTAX uses no stacker cards");
        else if (!has_card && !has_space)
            snprintf(err, errn, "nothing to draw: say a card or a space");
        p->kind = has_space ? (has_card ? PIC_BUILD : PIC_SPACE) : PIC_CARD;
        if (p->kind == PIC_BUILD)
            maxstax_diff_list(&p->card, p->block, p->n, &p->diff);
        ok = !err[0];
    }
    free(deck);
    if (!ok) {
        free(p);
        return NULL;
    }
    return p;
}

/* ---------------------------------------------------------------- drawing */

/* Card c as the table's card box shows it: its number and stars, its structure. */
static void draw_card_box(render *r, const plank_art *art, const maxstax_card *c, rrect b)
{
    char head[16];
    float hs = UI_MIN + 2;
    render_round_rect(r, b, 14, UI_CREAM);
    render_round_outline(r, b, 14, 3, (rcolor){150, 110, 60, 255});
    float top = b.y + hs + 20;
    snprintf(head, sizeof head, "Card %d", c->id);
    render_text(r, FONT_SANS_BOLD, hs, b.x + 12, b.y + 6, UI_INK_SOFT, head);
    /* the stars beside the number, or under it on a narrow card */
    if (render_text_width(r, FONT_SANS_BOLD, hs, head) + 24 + hs * (float)c->stars * 1.1f > b.w) {
        maxstax_draw_stars(r, c->stars, hs, b.x + b.w - 12, b.y + hs + 8);
        top += hs + 2;
    } else {
        maxstax_draw_stars(r, c->stars, hs, b.x + b.w - 12, b.y + 6);
    }
    maxstax_draw_structure(r, art, c, (rrect){b.x + 16, top, b.w - 32, b.y + b.h - 12 - top});
}

/* A card face down: the deck's next card. */
static void draw_card_back(render *r, rrect b)
{
    render_round_rect(r, b, 14, (rcolor){60, 84, 120, 255});
    render_round_outline(r, b, 14, 3, UI_CREAM);
    ui_text_center(r, FONT_SANS_BOLD, UI_BODY, b, UI_CREAM, "Deck");
}

/* p's blocks standing on seat's floor, fitted into area. */
static void draw_space(render *r, const plank_art *art, const mx_picture *p, rrect area)
{
    double lo = -MAXSTAX_BLOCK_LEN, hi = MAXSTAX_BLOCK_LEN, top = 2 * MAXSTAX_BLOCK_THICK;
    float s, floor_y, cx;
    for (int i = 0; i < p->n; i++) {
        double a = p->block[i].angle * PI_F / 180;
        double ex = fabs(cos(a)) * 1.5 + fabs(sin(a)) * 0.5, ey = fabs(sin(a)) * 1.5 + fabs(cos(a)) * 0.5;
        lo = fmin(lo, p->block[i].x - ex - 0.5);
        hi = fmax(hi, p->block[i].x + ex + 0.5);
        top = fmax(top, p->block[i].y + ey + 0.5);
    }
    s = fminf(area.w / (float)(hi - lo), (area.h - 14) / (float)top);
    floor_y = area.y + area.h - 14;
    cx = area.x + area.w / 2 - (float)(lo + hi) / 2 * s;
    /* the seat's floor, as each space has its player's colour */
    render_round_rect(r, (rrect){area.x, floor_y, area.w, 14}, 5, ui_seat_color(p->seat));
    for (int i = 0; i < p->n; i++)
        maxstax_draw_block(r, art, cx + (float)p->block[i].x * s, floor_y - (float)p->block[i].y * s, s,
                           p->block[i].angle, p->seat, p->seat * MAXSTAX_BLOCKS_PER_PLAYER + i);
}

/* Words on a cream label at the top of box, fitted. */
static void draw_label(render *r, rrect b, rcolor ink, const char *text)
{
    render_round_rect(r, b, 10, UI_CREAM);
    ui_text_fit(r, FONT_SANS_BOLD, UI_SMALL, UI_MIN, (rrect){b.x + 8, b.y + 2, b.w - 16, b.h - 4}, TEXT_CENTER, ink,
                text);
}

/* Seat s's mark and name over a card at (x, y). */
static void draw_holder(render *r, int s, float x, float y)
{
    char name[24];
    snprintf(name, sizeof name, "%s", seat_color_name(s));
    ui_draw_seat_name(r, s, FONT_SANS_BOLD, UI_SMALL, x, y, UI_CREAM, name);
}

/* SWAPSTAX's swap: the two cards and the arrows between them. */
static void draw_swap(render *r, const plank_art *art, const mx_picture *p, rrect box)
{
    float cw = (box.w - 2 * 14 - 56) / 2, ch = fminf(cw * 1.3f, box.h - 100), y = box.y + 50;
    rrect a = {box.x + 14, y, cw, ch}, b = {box.x + box.w - 14 - cw, y, cw, ch};
    float ax = a.x + a.w + 8, bx = b.x - 8, my = y + ch / 2;
    draw_holder(r, 0, a.x, box.y + 12);
    draw_card_box(r, art, &p->card, a);
    if (p->deck) {
        render_text(r, FONT_SANS_BOLD, UI_SMALL, b.x, box.y + 12, UI_CREAM, "The deck");
        draw_card_back(r, b);
    } else {
        draw_holder(r, 1, b.x, box.y + 12);
        draw_card_box(r, art, &p->other, b);
    }
    /* each card goes where the other was */
    ui_text_center(r, FONT_SANS_BOLD, UI_HEAD * 1.4f, (rrect){ax, my - 40, bx - ax, 80}, UI_GOLD, "\xe2\x87\x84");
    draw_label(r, (rrect){box.x + 14, box.y + box.h - 40, box.w - 28, 32}, UI_INK, "Swap!");
}

void maxstax_view_draw_position(shell *sh, render *r, const void *pv, rrect box)
{
    const mx_picture *p = pv;
    plank_art art;
    rrect in = {box.x + 10, box.y + 10, box.w - 20, box.h - 20};
    maxstax_plank_art(r, sh, &art);
    render_round_rect(r, box, 14, (rcolor){96, 60, 34, 255});
    switch (p->kind) {
    case PIC_CARD: draw_card_box(r, &art, &p->card, in); break;
    case PIC_SWAP: draw_swap(r, &art, p, box); break;
    case PIC_BUILD: {
        /* the card small at the top, the matcher's verdict beside it, the space under them */
        rrect card = {in.x, in.y, in.w * 0.48f, in.h * 0.42f};
        rrect said = {card.x + card.w + 10, in.y, in.w - card.w - 10, card.h};
        char line[MAXSTAX_DIFF_LEN + 16];
        draw_card_box(r, &art, &p->card, card);
        if (p->diff.n == 0)
            snprintf(line, sizeof line, "It matches the card: call MAX STAX!");
        else
            snprintf(line, sizeof line, "Not yet: %s", p->diff.text[0]);
        render_round_rect(r, said, 10, UI_CREAM);
        ui_text_fit(r, FONT_SANS_BOLD, UI_SMALL, UI_MIN, (rrect){said.x + 8, said.y + 6, said.w - 16, said.h - 12},
                    TEXT_LEFT, p->diff.n ? UI_ACCENT_INK : UI_INK, line);
        draw_space(r, &art, p, (rrect){in.x, card.y + card.h + 12, in.w, in.h - card.h - 12});
        break;
    }
    case PIC_SPACE: {
        char head[48];
        float lh = p->creator ? 36 : 0;
        if (p->creator) {
            snprintf(head, sizeof head, "Creator: %s", seat_color_name(p->seat));
            draw_label(r, (rrect){in.x, in.y, in.w, 32}, ui_seat_ink(p->seat), head);
        }
        draw_space(r, &art, p, (rrect){in.x, in.y + lh + 6, in.w, in.h - lh - 6 - (p->faulty ? 44 : 0)});
        if (p->faulty) {
            rrect band = {in.x, in.y + in.h - 38, in.w, 36};
            render_round_rect(r, band, 10, UI_ACCENT_INK);
            ui_text_fit(r, FONT_SANS_BOLD, UI_SMALL, UI_MIN, band, TEXT_CENTER, UI_WHITE, "Faulty: it fell");
        }
        break;
    }
    }
}
