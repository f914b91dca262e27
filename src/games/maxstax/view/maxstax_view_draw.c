/* Drawing the MAXSTAX table (laid out by maxstax_view_layout.c): a pane per
 * space with its camera, every block from the interpolated physics pose,
 * the card, the clock, the scores and the hands. */
#include "games/maxstax/view/maxstax_view_priv.h"
#include "app/input.h"
#include "shell/settings.h"
#include "shell/trace.h"

/* ---------------------------------------------------------------- drawing */

static double lerp_angle(double sh, double b, double t)
{
    double d = fmod(b - sh + 540.0, 360.0) - 180.0;
    return sh + d * t;
}

/* A player's shape at (cx, cy), upright whatever the block's angle (a turned
 * square would read as a diamond), on a pale halo so it stands out on wood. */
void maxstax_draw_mark(render *r, const plank_art *art, int seat, float cx, float cy, float size, uint8_t alpha)
{
    sprite_id m = art->mark[seat];
    rcolor c = ui_seat_color(seat);
    c.a = alpha;
    render_sprite_ex(r, m, cx, cy, size * 1.35f, size * 1.35f, 0, (rcolor){255, 250, 240, (uint8_t)(alpha * 0.85f)});
    render_sprite_ex(r, m, cx, cy, size, size, 0, c);
}

/* Block b's grain: a fixed scramble of its index, so every block keeps its
 * own piece of wood for good (and goldens stay put) while neighbours in a
 * pile rarely share one. */
static int grain_of(int b)
{
    uint32_t h = (uint32_t)b * 2654435761u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    return (int)(h % GRAINS);
}

/* A block: natural wood with grain variant grain, its ends painted in the
 * seat's colour (none for seat < 0, the card's own picture), and with the
 * colour-blind setting the seat's shape in its middle. */
static void draw_plank(render *r, const plank_art *art, float cx, float cy, float s, double angle_deg, int seat,
                       int grain)
{
    float w = (float)MAXSTAX_BLOCK_LEN * s, h = (float)MAXSTAX_BLOCK_THICK * s, ang = -(float)angle_deg * PI_F / 180.0f;
    render_sprite_ex(r, art->wood[grain], cx, cy, w, h, ang, UI_WHITE);
    if (seat < 0)
        return;
    render_sprite_ex(r, art->ends, cx, cy, w, h, ang, ui_seat_color(seat));
    if (art->marks)
        maxstax_draw_mark(r, art, seat, cx, cy, h * 0.62f, 255);
}

void maxstax_draw_block(render *r, const plank_art *art, float cx, float cy, float s, double angle_deg, int seat, int b)
{
    draw_plank(r, art, cx, cy, s, angle_deg, seat, grain_of(b));
}

/* A tall single column (card 40: twelve high) drawn small is a stack of
 * thin stripes nobody can count: its count ("\xc3\x97" "12") stands beside it,
 * and the picture leaves room for it. Writes the count into t (n bytes)
 * and returns its block count, or 0 for a card that is no tall column. */
#define COLUMN_COUNT_MIN 6
static int column_count(const maxstax_card *c, char *t, size_t n)
{
    for (int i = 1; i < c->n; i++)
        if (fabs(c->block[i].x - c->block[0].x) > 0.01)
            return 0;
    if (c->n < COLUMN_COUNT_MIN)
        return 0;
    snprintf(t, n, "\xc3\x97%d", c->n);
    return c->n;
}

/* The room a column's count takes on each side of it at the smallest size
 * (centred, the column has as much beside it on the left); 0 for no count. */
static float count_room(render *r, const maxstax_card *c)
{
    char t[16];
    return column_count(c, t, sizeof t) ? render_text_width(r, FONT_SANS_BOLD, UI_MIN, t) + 6 : 0;
}

/* The count beside a column drawn w wide in the middle of box. */
static void draw_column_count(render *r, const maxstax_card *c, rrect box, float w)
{
    char t[16];
    float size, room = (box.w - w) / 2 - 3;
    if (!column_count(c, t, sizeof t))
        return;
    size = ui_text_fit_size(r, FONT_SANS_BOLD, fminf(UI_BODY, fmaxf(UI_MIN, box.h * 0.3f)), UI_MIN, room, t);
    if (render_text_width(r, FONT_SANS_BOLD, size, t) > room)
        return;
    render_text(r, FONT_SANS_BOLD, size, box.x + box.w / 2 + w / 2 + 3,
                box.y + box.h / 2 - render_line_height(r, FONT_SANS_BOLD, size) / 2, UI_INK, t);
}

/* How far card c's structure reaches: from *lo to *hi across, up to *top,
 * plank units; nonzero when it has blocks. */
static int structure_extent(const maxstax_card *c, double *lo, double *hi, double *top)
{
    *lo = 1e9;
    *hi = -1e9;
    *top = 0;
    for (int i = 0; i < c->n; i++) {
        double ex = fabs(cos(c->block[i].angle * PI_F / 180)) * 1.5 + fabs(sin(c->block[i].angle * PI_F / 180)) * 0.5;
        double ey = fabs(sin(c->block[i].angle * PI_F / 180)) * 1.5 + fabs(cos(c->block[i].angle * PI_F / 180)) * 0.5;
        *lo = fmin(*lo, c->block[i].x - ex);
        *hi = fmax(*hi, c->block[i].x + ex);
        *top = fmax(*top, c->block[i].y + ey);
    }
    return c->n > 0;
}

/* The scale card c's structure is drawn at in box (virtual units per
 * plank unit), a tall column's count beside it. */
static float structure_fit(render *r, const maxstax_card *c, rrect box)
{
    double lo, hi, top;
    if (!structure_extent(c, &lo, &hi, &top))
        return 0;
    return fmaxf(0, fminf((box.w - 2 * count_room(r, c)) / (float)(hi - lo), box.h / (float)top));
}

/* The card's structure drawn with mini planks into box. */
void maxstax_draw_structure(render *r, const plank_art *art, const maxstax_card *c, rrect box)
{
    double lo, hi, top;
    float s = structure_fit(r, c, box);
    if (!structure_extent(c, &lo, &hi, &top))
        return;
    for (int i = 0; i < c->n; i++) {
        float cx = box.x + box.w / 2 + (float)(c->block[i].x - (lo + hi) / 2) * s;
        float cy = box.y + box.h - (float)c->block[i].y * s;
        draw_plank(r, art, cx, cy, s, c->block[i].angle, -1, grain_of(c->id * 16 + i));
    }
    draw_column_count(r, c, box, (float)(hi - lo) * s);
}

/* SAMESTAX's card box: who creates and, once it rests, the structure to copy. */
static void draw_target(render *r, maxstax_view *v, const plank_art *art)
{
    const samestax_state *g = maxstax_match_samestax(v->match);
    rrect b = v->card_box;
    char head[80], name[48];
    int who = v->results_left > 0 ? v->results_creator : g->creator;
    render_shadow(r, (rrect){b.x + 4, b.y + 8, b.w, b.h}, 18, 20, UI_SHADOW);
    render_round_rect(r, b, 18, UI_CREAM);
    render_round_outline(r, b, 18, 4, ui_seat_color(who));
    seat_name(v, who, name, sizeof name);
    snprintf(head, sizeof head, "Creator: %s", name);
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 18, b.y + 6, b.w - 36, 40}, TEXT_LEFT,
                ui_seat_ink(who), head);
    if (g->phase == SAMESTAX_REPLICATE && g->target.n > 0 && v->results_left <= 0) {
        render_text(r, FONT_SANS_BOLD, UI_MIN, b.x + 18, b.y + 46, UI_INK_SOFT, "Copy this:");
        maxstax_draw_structure(r, art, &g->target, (rrect){b.x + 150, b.y + 48, b.w - 180, b.h - 62});
    } else {
        const char *line = g->phase == SAMESTAX_SETTLE ? "Hands off: the structure settles"
                           : seat_human(v, who)        ? "Build something to copy, then Ready"
                                                       : "Watch it being built";
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 18, b.y + 60, b.w - 36, b.h - 80}, TEXT_CENTER,
                    UI_INK, line);
    }
}

void maxstax_draw_stars(render *r, int stars, float size, float right, float y)
{
    char t[16] = "";
    for (int i = 0; i < stars && i < 3; i++)
        strcat(t, "\xe2\x98\x85");
    /* UI_GOLD on cream is 1.35:1: the stars are points, and must read */
    render_text(r, FONT_SANS_BOLD, size, right - render_text_width(r, FONT_SANS_BOLD, size, t), y, UI_GOLD_INK, t);
}

static void draw_card(render *r, maxstax_view *v, const plank_art *art)
{
    /* During the results, the card that was played. */
    const maxstax_card *c = v->results_left > 0 ? &v->deck.card[v->results_card] : maxstax_match_card(v->match);
    rrect b = v->card_box;
    char head[80];
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    int own = w && w->phase <= SWAPSTAX_STACKING && v->mouse_seat >= 0 && v->results_left <= 0;
    if (maxstax_match_samestax(v->match)) {
        draw_target(r, v, art);
        return;
    }
    if (w && w->phase <= SWAPSTAX_STACKING && v->mouse_seat < 0) {
        maxstax_swap_log_draw(r, v, b); /* nobody's own card to show: the round's swaps */
        return;
    }
    if (own) /* SWAPSTAX: the card the mouse's person holds */
        c = maxstax_view_card(v, v->mouse_seat);
    render_shadow(r, (rrect){b.x + 4, b.y + 8, b.w, b.h}, 18, 20, UI_SHADOW);
    render_round_rect(r, b, 18, UI_CREAM);
    render_round_outline(r, b, 18, 4, (rcolor){150, 110, 60, 255});
    if (own)
        snprintf(head, sizeof head, "Your card: %d", c->id);
    else
        snprintf(head, sizeof head, "Card %d", c->id);
    render_text(r, FONT_SANS_BOLD, UI_SMALL, b.x + 18, b.y + 10, UI_INK_SOFT, head);
    maxstax_draw_stars(r, c->stars, UI_SMALL, b.x + b.w - 18, b.y + 10);
    maxstax_draw_structure(r, art, c, (rrect){b.x + 30, b.y + 48, b.w - 60, b.h - 62});
}

static void draw_clock(render *r, maxstax_view *v)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    double left = maxstax_match_time_left(v->match);
    int secs = (int)ceil(left);
    char t[32], sub[64];
    rrect b = v->clock_box;
    rcolor ink = secs <= 10 ? UI_ACCENT_INK : UI_INK;
    render_shadow(r, (rrect){b.x + 4, b.y + 8, b.w, b.h}, 18, 20, UI_SHADOW);
    render_round_rect(r, b, 18, UI_CREAM);
    snprintf(t, sizeof t, "%d:%02d", secs / 60, secs % 60);
    ui_text_center(r, FONT_MONO, 84, (rrect){b.x, b.y + 4, b.w, 90}, ink, t);
    if (v->scoring != MAXSTAX_SPEEDSTAX)
        maxstax_phase_words(v, sub, sizeof sub);
    else if (s->phase == SPEEDSTAX_STACKOFF || s->round > SPEEDSTAX_ROUNDS) /* also once a stack-off ended it */
        snprintf(sub, sizeof sub, "Speed-stack-off");
    else
        snprintf(sub, sizeof sub, "Round %d of %d", s->round, SPEEDSTAX_ROUNDS);
    if (v->scoring != MAXSTAX_SPEEDSTAX) /* the phase is news: larger, fitted */
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 6, b.y + 90, b.w - 12, 36}, TEXT_CENTER, UI_INK,
                    sub);
    else
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, (rrect){b.x, b.y + 92, b.w, 32}, UI_INK_SOFT, sub);
}

/* What seat p is doing, in a word for the score box ("" for nothing to say). */
static const char *seat_state(const maxstax_view *v, int p)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    const samestax_state *g = maxstax_match_samestax(v->match);
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    if (g && g->phase != SAMESTAX_REPLICATE && g->phase != SAMESTAX_OVER)
        return p == g->creator ? "creating" : "watching";
    if (g && p == g->creator)
        return "creator";
    if (w && w->phase == SWAPSTAX_SWAPPING)
        return p == w->turn ? "to swap" : "";
    if (s->finish[p] >= 0)
        return maxstax_place_word(v, p); /* "1st", "2nd"...: the order as it happens */
    if (maxstax_match_claim(v->match, p) == MAXSTAX_CLAIM_CHECKING)
        return "checking";
    if (!s->in_play[p])
        return "sits out";
    if (v->turns && seat_human(v, p))
        return p == s->turn_seat ? "building" : "waiting";
    return g ? "copying" : "";
}

static void draw_scores(render *r, maxstax_view *v, const plank_art *art)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    rrect b = v->score_box;
    float row = (b.h - 20) / 4;
    render_shadow(r, (rrect){b.x + 4, b.y + 8, b.w, b.h}, 18, 20, UI_SHADOW);
    render_round_rect(r, b, 18, UI_CREAM);
    for (int p = 0; p < v->players; p++) {
        char name[48], pts[16];
        float y = b.y + 10 + (float)p * row;
        const char *state = seat_state(v, p);
        seat_name(v, p, name, sizeof name);
        snprintf(pts, sizeof pts, "%d", s->score[p]);
        maxstax_draw_mark(r, art, p, b.x + 28, y + row / 2, 24, 255);
        {
            /* Names and points are primary text (28 px at 1080p); the state
             * takes what is left, right-aligned before the points. */
            float pts_w = render_text_width(r, FONT_SANS_BOLD, UI_BODY, pts);
            float right = b.x + b.w - 40 - pts_w, left = b.x + 52;
            float name_w = render_text_width(r, FONT_SANS_BOLD, UI_BODY, name);
            float room = right - (left + name_w + 12);
            float state_size = ui_text_fit_size(r, FONT_SANS_OBLIQUE, UI_SMALL, UI_MIN, room, state);
            float state_w;
            if (v->scoring != MAXSTAX_SPEEDSTAX &&
                render_text_width(r, FONT_SANS_OBLIQUE, state_size, state) > room)
                state = ""; /* the role is on the panes too: the name keeps its size */
            state_w = render_text_width(r, FONT_SANS_OBLIQUE, state_size, state);
            float ty = y + row / 2 - render_line_height(r, FONT_SANS_BOLD, UI_BODY) / 2;
            /* Only a long name in a narrow box (4:3, four seats, "checking")
             * gives way, and then only as much as the state needs. */
            if (state_w > room)
                ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN,
                            (rrect){left, y, right - state_w - 12 - left, row}, TEXT_LEFT, UI_INK, name);
            else
                render_text(r, FONT_SANS_BOLD, UI_BODY, left, ty, UI_INK, name);
            render_text(r, FONT_SANS_OBLIQUE, state_size, right - state_w,
                        y + row / 2 - render_line_height(r, FONT_SANS_OBLIQUE, state_size) / 2, UI_TEAL_INK, state);
            render_text(r, FONT_SANS_BOLD, UI_BODY, b.x + b.w - 24 - pts_w, ty, UI_INK, pts);
        }
    }
}

/* A strip for a card picture from x to the pane's right edge (420 wide at
 * most), from top to bottom (170 tall at most). */
static rrect strip_box(rrect pr, float x, float top, float bottom)
{
    float w = fminf(pr.x + pr.w - 10 - x, 420);
    return (rrect){pr.x + pr.w - 10 - w, top, w, fminf(bottom - top, 170)};
}

/* The width of a pane picture's words: SWAPSTAX's three stars, or "Copy". */
static float picture_words_w(render *r, int swap)
{
    return render_text_width(r, FONT_SANS_BOLD, UI_MIN, swap ? "\xe2\x98\x85\xe2\x98\x85\xe2\x98\x85" : "Copy");
}

/* The picture's own room in a card box: beside its words (wide) or under them. */
static rrect picture_in(render *r, rrect box, int wide, int swap)
{
    float lw = picture_words_w(r, swap);
    if (wide)
        return (rrect){box.x + lw + 16, box.y + 6, box.w - lw - 24, box.h - 12};
    return (rrect){box.x + 12, box.y + 36, box.w - 24, box.h - 44};
}

/* Where seat p's card c goes on its pane: the top right corner where it
 * fits there large, clear of the name and above the starter piles (the
 * person's big pane); on a smaller pane (a rival's), a strip beside the
 * name or lower down beside the role, down to just above the piles, its
 * words beside the picture or over it: whichever draws the card largest.
 * *wide: set when the words stand beside the picture. */
static rrect pane_card_box(render *r, const maxstax_view *v, int p, const maxstax_card *c, const char *name, int *wide)
{
    rrect pr = v->pane[p], best;
    float iw = fminf(pr.w * 0.34f, 300), ih = fminf(pr.h * 0.36f, 170), px, pile_top, best_s = -1;
    float name_end = pr.x + 56 + render_text_width(r, FONT_SANS_BOLD, UI_BODY, name) + 16;
    float role_end = pr.x + 20 + render_text_width(r, FONT_SANS_BOLD, UI_BODY, maxstax_role(v, p)) + 16;
    int swap = maxstax_match_swapstax(v->match) != NULL;
    rrect box = {pr.x + pr.w - iw - 12, pr.y + 12, iw, ih}, cand[2];
    maxstax_to_screen(v, p, 0, (double)MAXSTAX_BLOCKS_PER_PLAYER / MAXSTAX_PILES * MAXSTAX_BLOCK_THICK, &px,
                      &pile_top);
    *wide = 0;
    if (box.x >= name_end && box.y + box.h <= pile_top - 6 && box.h >= 120)
        return box;
    cand[0] = strip_box(pr, fmaxf(name_end, pr.x + pr.w * 0.4f), pr.y + 10, pile_top - 6);
    cand[1] = strip_box(pr, fmaxf(role_end, pr.x + pr.w * 0.4f), pr.y + 50, pile_top - 6);
    best = cand[0];
    for (int k = 0; k < 2; k++)
        for (int w = 0; w < 2; w++) {
            rrect pic = picture_in(r, cand[k], w, swap);
            float sc = pic.w > 0 && pic.h > 0 ? structure_fit(r, c, pic) : 0;
            /* Words over the picture need the box's width: three stars
             * (drawn at UI_BODY there) wider than a tall card's strip spill. */
            if (!w && cand[k].w < (swap ? render_text_width(r, FONT_SANS_BOLD, UI_BODY, "\xe2\x98\x85\xe2\x98\x85\xe2\x98\x85")
                                        : picture_words_w(r, 0)) + 24)
                sc = 0;
            /* A room under 56 units (40 px at 768 lines) is a sliver, however
             * a flat card scales in it: take it only when nothing taller fits. */
            if (pic.h < 56)
                sc *= 0.5f;
            if (sc > best_s) {
                best_s = sc;
                best = cand[k];
                *wide = w;
            }
        }
    return best;
}

/* SAMESTAX and SWAPSTAX on a pane, under its blocks: the structure seat p
 * must build (the Creator's snapshot beside each replicator's space; a
 * SWAPSTAX seat's own card), clear of its name and its piles. */
static void draw_pane_mode(render *r, maxstax_view *v, int p, const plank_art *art)
{
    const samestax_state *g = maxstax_match_samestax(v->match);
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    const maxstax_card *c = maxstax_view_card(v, p);
    char name[48];
    int wide;
    rrect box, pic;
    int show = v->results_left <= 0 && c->n > 0 &&
               ((g && g->phase == SAMESTAX_REPLICATE && p != g->creator) || (w && w->phase <= SWAPSTAX_STACKING));
    if (!show)
        return;
    seat_name(v, p, name, sizeof name);
    box = pane_card_box(r, v, p, c, name, &wide);
    pic = picture_in(r, box, wide, w != NULL);
    /* too small to read: the card box and the swap panel show it */
    if (pic.h < 40 || pic.w < 40)
        return;
    ui_audit_box(box); /* a test checks its words stay inside it */
    render_round_rect(r, box, 12, (rcolor){255, 250, 240, 235});
    render_round_outline(r, box, 12, 3, w ? (rcolor){150, 110, 60, 255} : ui_seat_color(g->creator));
    if (wide) {
        /* the words at the left, the stars under them; the picture fills the rest */
        float lw = picture_words_w(r, w != NULL);
        if (w)
            maxstax_draw_stars(r, c->stars, UI_MIN, box.x + 8 + lw, box.y + box.h / 2 - 12);
        else
            render_text(r, FONT_SANS_BOLD, UI_MIN, box.x + 8, box.y + box.h / 2 - 12, UI_INK_SOFT, "Copy");
    } else if (w) {
        maxstax_draw_stars(r, c->stars, UI_BODY, box.x + box.w - 8, box.y + 2);
    } else {
        render_text(r, FONT_SANS_BOLD, UI_MIN, box.x + 10, box.y + 4, UI_INK_SOFT, "Copy");
    }
    ui_audit_box(pic); /* and a test checks the picture's own room */
    maxstax_draw_structure(r, art, c, pic);
}

/* Whether rect a and b overlap. */
static int rects_meet(rrect a, rrect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* Traces what of seat p's passes under its labels (the rects in label, n
 * of them) when that changes: "maxstax label P under hand|block", or
 * "... clear". hand: the hand's rect; block: its carried block's (w 0 for none). */
static void trace_under(maxstax_view *v, int p, const rrect *label, int n, rrect hand, rrect block)
{
    static const char *const word[] = {"clear", "under hand", "under block"};
    int under = 0;
    for (int k = 0; k < n; k++) {
        if (block.w > 0 && rects_meet(label[k], block))
            under = 2;
        else if (under < 1 && rects_meet(label[k], hand))
            under = 1;
    }
    if (under != v->label_under[p]) {
        v->label_under[p] = under;
        trace_line("maxstax label %d %s", p, word[under]);
    }
}

/* Seat p's name and role over everything in its pane, on a wash of the
 * pane's colour: a computer's carried block or hand passing the corner goes
 * under them, never hides them (hand and block: their rects, traced when
 * they pass under). */
static void draw_pane_labels(render *r, maxstax_view *v, int p, const plank_art *art, int swapping, rrect hand,
                             rrect block)
{
    rrect pr = v->pane[p], label[2];
    char name[48];
    const char *role = v->scoring != MAXSTAX_SPEEDSTAX && !swapping ? maxstax_role(v, p) : "";
    const samestax_state *g = maxstax_match_samestax(v->match);
    float lh = render_line_height(r, FONT_SANS_BOLD, UI_BODY), nw;
    seat_name(v, p, name, sizeof name);
    /* Under SWAPSTAX's swap panel the panel names everyone and their cards. */
    nw = swapping ? 0 : render_text_width(r, FONT_SANS_BOLD, UI_BODY, name) + 12;
    label[0] = (rrect){pr.x + 12, pr.y + 10, 44 + nw, 40};
    render_round_rect(r, label[0], 14, (rcolor){236, 226, 206, 225});
    maxstax_draw_mark(r, art, p, pr.x + 34, pr.y + 30, 24, 255);
    if (!swapping)
        render_text(r, FONT_SANS_BOLD, UI_BODY, pr.x + 56, pr.y + 30 - lh / 2, ui_seat_ink(p), name);
    if (*role) {
        float size = ui_text_fit_size(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, pr.w * 0.5f, role);
        float rw = render_text_width(r, FONT_SANS_BOLD, size, role);
        label[1] = (rrect){pr.x + 12, pr.y + 52, rw + 16, 32};
        render_round_rect(r, label[1], 12, (rcolor){236, 226, 206, 225});
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){pr.x + 20, pr.y + 50, pr.w * 0.5f, 36}, TEXT_LEFT,
                    p == g->creator ? ui_seat_ink(p) : UI_INK_SOFT, role);
    }
    trace_under(v, p, label, *role ? 2 : 1, hand, block);
}

static void draw_pane(render *r, shell *sh, maxstax_view *v, int p, const plank_art *art, float alpha)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    rrect pr = v->pane[p];
    float sc = v->scale[p], x0, x1, fy, dummy;
    int swapping = maxstax_swapping(v);
    render_shadow(r, (rrect){pr.x + 4, pr.y + 10, pr.w, pr.h}, 22, 24, UI_SHADOW);
    render_round_rect(r, pr, 22, (rcolor){236, 226, 206, 255});
    render_push_clip(r, pr);
    /* The stacking space on the table, and where the piles stand. */
    maxstax_to_screen(v, p, -MAXSTAX_SPACE_HALF, 0, &x0, &fy);
    maxstax_to_screen(v, p, MAXSTAX_SPACE_HALF, 0, &x1, &dummy);
    render_rect(r, (rrect){pr.x, fy, pr.w, pr.y + pr.h - fy}, (rcolor){150, 104, 62, 255});
    render_rect(r, (rrect){x0, fy, x1 - x0, 8}, ui_seat_color(p));
    if (v->scoring != MAXSTAX_SPEEDSTAX && !swapping)
        draw_pane_mode(r, v, p, art);
    int ghost = maxstax_ghost_on(sh, v, p);
    if (ghost) /* under the blocks, so what is built shows over it */
        maxstax_ghost_draw(r, v, art, p, 0);
    for (int i = 0; i < MAXSTAX_BLOCKS_PER_PLAYER; i++) {
        int b = maxstax_match_first_block(p) + i;
        maxstax_pose a0 = v->prev[b], a1 = v->cur[b];
        double t = alpha;
        float cx, cy;
        maxstax_to_screen(v, p, a0.x + (a1.x - a0.x) * t - (double)p * MAXSTAX_SPACE_PITCH, a0.y + (a1.y - a0.y) * t, &cx, &cy);
        render_shadow(r, (rrect){cx - 1.5f * sc, fy - 4, 3 * sc, 8}, 4, 8, (rcolor){40, 20, 0, 40});
        draw_plank(r, art, cx, cy, sc, lerp_angle(a0.angle, a1.angle, t), p, grain_of(b));
    }
    /* Over the blocks, so a block can be lined up with its outline. */
    if (ghost)
        maxstax_ghost_draw(r, v, art, p, 1);
    /* The hand, and the rect of the block it carries (for the labels' trace). */
    {
        double hx, hy;
        float cx, cy, rad = fmaxf(10, sc * 0.35f);
        int mine = p == v->mouse_seat || v->ctl[p].pad >= 0;
        int held = maxstax_world_held(maxstax_match_world(v->match), p);
        rrect block = {0, 0, 0, 0}, hand;
        if (seat_human(v, p) && mine) {
            hx = v->ctl[p].x;
            hy = v->ctl[p].y;
        } else {
            maxstax_match_hand(v->match, p, &hx, &hy);
        }
        maxstax_to_screen(v, p, hx, hy, &cx, &cy);
        hand = (rrect){cx - rad, cy - rad, 2 * rad, 2 * rad};
        render_round_rect(r, hand, rad, (rcolor){20, 10, 0, 70});
        render_round_outline(r, hand, rad, 4, ui_seat_color(p));
        if (held >= 0) {
            maxstax_pose q = v->cur[held];
            double a = q.angle * PI_F / 180;
            float bw = (float)(fabs(cos(a)) * MAXSTAX_BLOCK_LEN + fabs(sin(a)) * MAXSTAX_BLOCK_THICK) * sc;
            float bh = (float)(fabs(sin(a)) * MAXSTAX_BLOCK_LEN + fabs(cos(a)) * MAXSTAX_BLOCK_THICK) * sc;
            float bx, by;
            maxstax_to_screen(v, p, q.x - (double)p * MAXSTAX_SPACE_PITCH, q.y, &bx, &by);
            block = (rrect){bx - bw / 2, by - bh / 2, bw, bh};
        }
        draw_pane_labels(r, v, p, art, swapping, hand, block);
        if (ghost) /* under the name (and a SAMESTAX role) */
            maxstax_hints_draw(r, v, p, pr.y + (*maxstax_role(v, p) ? 88 : 54));
    }
    if (s->phase == SPEEDSTAX_STACKOFF && !s->in_play[p]) {
        /* Not among the tied: this space waits out the stack-off. */
        render_rect(r, pr, (rcolor){236, 226, 206, 170});
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, (rrect){pr.x, pr.y + pr.h / 2 - 30, pr.w, 40}, UI_INK_SOFT,
                       "Sits out the stack-off");
    }
    if (v->flash[p] > 0 && !swapping) {
        float k = (float)fmin(1.0, v->flash[p] / 0.3);
        rcolor c = v->flash_col[p];
        /* Sized to the pane: over a rival's small space it must not hide the blocks. */
        float bh = fminf(90, fmaxf(50, pr.h * 0.22f)), bw = bh * 440 / 90;
        rrect bx = {pr.x + pr.w / 2 - bw / 2, pr.y + 40, bw, bh};
        c.a = (uint8_t)(255 * k); /* opaque at rest: white on a see-through green read 3.35:1 */
        render_round_rect(r, bx, 24 * bh / 90, c);
        ui_text_center(r, FONT_SERIF_BOLD, 56 * bh / 90, bx, (rcolor){255, 255, 255, (uint8_t)(255 * k)},
                       v->flash_text[p]);
    }
    maxstax_claims_draw(r, v, p); /* the place badge; a wrong call's note */
    render_pop_clip(r);
}

static void draw_results(render *r, shell *sh, maxstax_view *v, const plank_art *art)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    float w = 760, h = 160 + 70 * (float)v->players;
    rrect b = {shell_vw(sh) / 2 - w / 2, (RENDER_VIRTUAL_H - h) / 2, w, h};
    char title[64], winner[48] = "";
    const char *note = NULL;
    ui_draw_dim(r, shell_vw(sh), 110);
    h += 40 + 30; /* the headings line */
    b.y -= 35;
    b.h = h;
    ui_draw_panel(r, b);
    if (s->winner >= 0)
        seat_name(v, s->winner, winner, sizeof winner);
    if (v->results_stackoff)
        snprintf(title, sizeof title, "Speed-stack-off");
    else if (v->results_final)
        snprintf(title, sizeof title, "Match over");
    else
        snprintf(title, sizeof title, "Round %d results", v->results_round);
    if (s->phase == SPEEDSTAX_STACKOFF)
        note = v->results_stackoff ? "Still tied: another stack-off" : "Tied on top: a speed-stack-off decides";
    else if (v->results_final)
        note = "";
    else if (v->scoring == MAXSTAX_SAMESTAX)
        note = v->results_faulty ? "Faulty stack: every replicator wins their point back"
                                 : "A copy wins its point back; the Creator keeps the rest";
    ui_text_center(r, FONT_SERIF_BOLD, 56, (rrect){b.x, b.y + 24, b.w, 70}, UI_INK, title);
    if (note || s->winner >= 0 || v->results_final) {
        char line[96];
        snprintf(line, sizeof line, "%s", note && *note ? note : "");
        if (s->winner >= 0)
            snprintf(line, sizeof line, "%s wins!", winner);
        else if (v->results_final)
            snprintf(line, sizeof line, "A shared win!");
        if (v->scoring == MAXSTAX_SPEEDSTAX)
            ui_text_center(r, FONT_SANS_BOLD, UI_BODY, (rrect){b.x, b.y + h - 64, b.w, 40}, UI_ACCENT_INK, line);
        else
            ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 20, b.y + h - 64, b.w - 40, 40}, TEXT_CENTER,
                        UI_ACCENT_INK, line);
    }
    {
        /* Headed columns: what this round paid, and where the totals stand. */
        rrect round_col = {b.x + b.w - 330, b.y + 100, 170, 30}, total_col = {b.x + b.w - 150, b.y + 100, 110, 30};
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, round_col, UI_INK_SOFT,
                       v->results_stackoff ? "STACK-OFF" : "THIS ROUND");
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, total_col, UI_INK_SOFT, "TOTAL");
        for (int p = 0; p < v->players; p++) {
            char name[48], pts[16];
            float y = b.y + 140 + 70 * (float)p;
            int last = v->results_stackoff ? 0 : s->last_points[p];
            seat_name(v, p, name, sizeof name);
            maxstax_draw_mark(r, art, p, b.x + 54, y + 28, 30, 255);
            render_text(r, FONT_SANS_BOLD, UI_BODY, b.x + 86, y + 10, UI_INK, name);
            snprintf(pts, sizeof pts, "+%d", last);
            ui_text_center(r, FONT_SANS_BOLD, UI_BODY, (rrect){round_col.x, y, round_col.w, 56},
                           last > 0 ? (rcolor){60, 150, 70, 255} : UI_INK_SOFT, pts);
            snprintf(pts, sizeof pts, "%d", s->score[p]);
            ui_text_center(r, FONT_SANS_BOLD, UI_HEAD, (rrect){total_col.x, y, total_col.w, 56}, UI_INK, pts);
        }
    }
}

/* The controls of this table, for the device used last, in the shell's
 * words (ui/hints.h). Blocks move by mouse or controller, so the keyboard
 * reads the mouse's words but for Enter; the menu is Start on a controller,
 * Esc elsewhere. */
static void draw_hints(render *r, shell *sh, const maxstax_view *v)
{
    input_device dev = shell_input(sh)->last_device == DEV_PAD ? DEV_PAD : DEV_MOUSE;
    ui_hint menu = {dev == DEV_PAD ? ACT_MENU : ACT_BACK, "Menu"}, h[5];
    char line[320];
    int n = 0;
    if (v->results_left > 0) {
        h[n++] = (ui_hint){ACT_ACCEPT, "Continue"};
    } else if (maxstax_lesson_waits(v)) { /* the lesson's panel waits: its button, not the round's controls */
        h[n++] = (ui_hint){dev == DEV_PAD ? ACT_ACCEPT : UI_HINT_POINT, maxstax_lesson_continue_word(v)};
    } else if (maxstax_swapping(v)) {
        h[n++] = (ui_hint){UI_HINT_LEFTRIGHT, "Choose"};
        h[n++] = (ui_hint){dev == DEV_PAD ? ACT_ACCEPT : UI_HINT_POINT, "Swap or pass"};
    } else if (v->mouse_seat < 0) {
        h[n++] = (ui_hint){ACT_ALT, "Rules"};
    } else {
        const char *done = maxstax_creating(v, v->mouse_seat) ? "Ready" : "MAX STAX!";
        if (dev != DEV_PAD) {
            /* the mouse moves blocks, and Enter calls it done */
            ui_hint hm[2] = {{UI_HINT_DRAG, "a block"}, {UI_HINT_WHEEL, "Turn"}}, hk[2] = {{ACT_ACCEPT, done}, menu};
            char a[160], b[160];
            snprintf(line, sizeof line, "%s  \xc2\xb7  %s", ui_hint_words(DEV_MOUSE, hm, 2, a, sizeof a),
                     ui_hint_words(DEV_KEYBOARD, hk, 2, b, sizeof b));
            ui_draw_hint_line(r, sh, line);
            return;
        }
        h[n++] = (ui_hint){ACT_ACCEPT, "Pick up / let go"};
        h[n++] = (ui_hint){ACT_PREV_TAB, "Turn"};
        h[n++] = (ui_hint){ACT_ALT, done};
    }
    h[n++] = menu;
    ui_draw_hint_line(r, sh, ui_hint_words(dev, h, n, line, sizeof line));
}

void maxstax_plank_art(render *r, shell *sh, plank_art *art)
{
    for (int g = 0; g < GRAINS; g++) {
        char name[32];
        snprintf(name, sizeof name, g ? "maxstax/plank_%d" : "maxstax/plank", g + 1);
        art->wood[g] = render_sprite_find(r, name);
    }
    art->ends = render_sprite_find(r, "maxstax/plank_ends");
    for (int q = 0; q < SPEEDSTAX_MAX_PLAYERS; q++)
        art->mark[q] = render_sprite_find(r, ui_seat_sprite(q));
    art->marks = shell_settings(sh)->v[SETTING_colorblind];
}

void maxstax_view_draw(void *vv, shell *sh, render *r, float alpha)
{
    maxstax_view *v = vv;
    plank_art art;
    int p = v->mouse_seat;
    maxstax_plank_art(r, sh, &art);
    ui_draw_table(r, shell_vw(sh));
    draw_card(r, v, &art);
    if (v->practice.on) {
        maxstax_practice_draw(r, sh, v); /* no clock, no scores: the card browser */
    } else {
        draw_clock(r, v);
        draw_scores(r, v, &art);
    }
    if (!v->replay) { /* a replay's controls are the replay screen's */
        ui_draw_button(r, ui_nav_item(&v->nav, ID_CLAIM)->r, p >= 0 && maxstax_creating(v, p) ? "Ready!" : "MAX STAX!",
                       v->nav.hover == ID_CLAIM,
                       p >= 0 && speedstax_building(maxstax_match_rounds(v->match), p) && !maxstax_lesson_waits(v), 1);
        ui_draw_button(r, ui_nav_item(&v->nav, ID_MENU)->r, v->practice.on ? "Leave" : "Menu", v->nav.hover == ID_MENU,
                       1, 0);
    }
    for (int q = 0; q < v->players; q++)
        draw_pane(r, sh, v, q, &art, v->results_left > 0 ? 1.0f : alpha);
    if (v->results_left > 0)
        draw_results(r, sh, v, &art);
    else
        maxstax_swap_draw(r, sh, v, &art);
    maxstax_lesson_draw(r, sh, v); /* a lesson's panel, where the computer's space is (over the swaps' dim) */
    if (v->practice.on)
        maxstax_practice_hints(r, sh, v);
    else if (!v->replay)
        draw_hints(r, sh, v);
}

