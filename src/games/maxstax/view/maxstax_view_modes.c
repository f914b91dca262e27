/* What the MAXSTAX table shows and does for SAMESTAX and SWAPSTAX on top of
 * SPEEDSTAX's table: the card each seat builds, the round each mode counts,
 * the roles (Creator, replicator), SWAPSTAX's swap phase (the offers as
 * buttons, the computers' swaps at a watchable pace, the log of who swapped
 * what) and the words of the score screen. SPEEDSTAX takes none of these
 * paths, so it looks and plays as before. */
#include "games/maxstax/view/maxstax_view_priv.h"
#include "shell/trace.h"

/* A computer on turn in the swap phase thinks this long, so everyone sees
 * each swap happen. */
#define SWAP_PACE_S 1.2
/* Where the swap panel's rows start below its top, and a row's height. */
#define SWAP_HEAD 150.0f
#define SWAP_ROW 104.0f
/* Four seats' rows are lower, so the panel stays below the clock and the
 * scores (their words must not run under its edge). */
#define SWAP_ROW_4 88.0f
/* An offer's button: tall enough for a line of words over the card's
 * picture; the gap between buttons keeps two focus rings apart. */
#define SWAP_BTN_H 136.0f
#define SWAP_BTN_GAP (2 * UI_FOCUS_REACH + 8)

const maxstax_card *maxstax_view_card(const maxstax_view *v, int p)
{
    if (v->scoring == MAXSTAX_SPEEDSTAX || p < 0)
        return maxstax_match_card(v->match);
    return maxstax_match_seat_card(v->match, p);
}

int maxstax_round_key(const maxstax_view *v)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    const samestax_state *g = maxstax_match_samestax(v->match);
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    if (g)
        return g->round;
    if (w) /* the stack-offs after the fifth round count on the shared clock */
        return s->round > SWAPSTAX_ROUNDS ? s->round : w->round;
    return s->round;
}

int maxstax_round_count(const maxstax_view *v)
{
    const samestax_state *g = maxstax_match_samestax(v->match);
    return g ? g->rounds : v->scoring == MAXSTAX_SWAPSTAX ? SWAPSTAX_ROUNDS : SPEEDSTAX_ROUNDS;
}

int maxstax_swapping(const maxstax_view *v)
{
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    return w && w->phase == SWAPSTAX_SWAPPING;
}

int maxstax_creating(const maxstax_view *v, int p)
{
    const samestax_state *g = maxstax_match_samestax(v->match);
    return g && g->phase == SAMESTAX_CREATE && g->creator == p;
}

const char *maxstax_role(const maxstax_view *v, int p)
{
    const samestax_state *g = maxstax_match_samestax(v->match);
    if (!g || g->phase == SAMESTAX_OVER)
        return "";
    return p == g->creator ? "Creator" : "Replicator";
}

void maxstax_phase_words(const maxstax_view *v, char *buf, size_t n)
{
    const samestax_state *g = maxstax_match_samestax(v->match);
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    const speedstax_state *s = maxstax_match_rounds(v->match);
    int key = maxstax_round_key(v), rounds = maxstax_round_count(v);
    if (s->phase == SPEEDSTAX_STACKOFF || (v->scoring != MAXSTAX_SAMESTAX && key > rounds))
        snprintf(buf, n, "Speed-stack-off");
    else if (g && g->phase == SAMESTAX_CREATE)
        snprintf(buf, n, "Round %d of %d \xc2\xb7 Creation", key, rounds);
    else if (g && g->phase == SAMESTAX_SETTLE)
        snprintf(buf, n, "Round %d \xc2\xb7 Hands off", key);
    else if (g)
        snprintf(buf, n, "Round %d of %d \xc2\xb7 Replication", key, rounds);
    else if (w && w->phase == SWAPSTAX_SWAPPING)
        snprintf(buf, n, "Round %d of %d \xc2\xb7 Swaps", key, rounds);
    else
        snprintf(buf, n, "Round %d of %d", key, rounds);
}

/* ---------------------------------------------------------------- swaps */

static float swap_row(const maxstax_view *v) { return v->players > 3 ? SWAP_ROW_4 : SWAP_ROW; }

static int swap_turn_human(const maxstax_view *v)
{
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    /* a replay's swaps are the tape's: no buttons to press */
    return w && !v->replay && w->phase == SWAPSTAX_SWAPPING && seat_human(v, w->turn) && w->swaps_left[w->turn] > 0;
}

/* The panel in the middle of the table, tall enough for a row per seat,
 * the log and the buttons. */
static rrect swap_panel(const maxstax_view *v, const shell *sh)
{
    float w = fminf(shell_vw(sh) - 80, 1500), h = SWAP_HEAD + swap_row(v) * (float)v->players + 60 + SWAP_BTN_H + 40;
    return (rrect){shell_vw(sh) / 2 - w / 2, fmaxf(40, (RENDER_VIRTUAL_H - h) / 2), w, h};
}

void maxstax_swap_layout(maxstax_view *v, shell *sh)
{
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    rrect b = swap_panel(v, sh), row;
    int ids[SWAP_BUTTONS], n = 0;
    rrect out[SWAP_BUTTONS];
    if (!swap_turn_human(v) || v->results_left > 0)
        return;
    ids[n++] = ID_SWAP_DECK;
    for (int q = 0; q < v->players; q++)
        if (q != w->turn)
            ids[n++] = ID_SWAP_SEAT + q;
    ids[n++] = ID_SWAP_PASS;
    row = (rrect){b.x + 30, b.y + b.h - SWAP_BTN_H - 20, b.w - 60, SWAP_BTN_H};
    ui_layout_buttons(row, n, (row.w - SWAP_BTN_GAP * (float)(n - 1)) / (float)n, 340, SWAP_BTN_H, SWAP_BTN_GAP, out);
    for (int k = 0; k < n; k++) {
        ui_nav_add(&v->nav, ids[k], out[k], 1, "swap");
        v->swap_id[k] = ids[k];
    }
    v->swap_buttons = n;
    /* The offers take the focus, so a controller or the arrows start on them. */
    if (v->nav.focus < ID_SWAP_DECK)
        ui_nav_focus(&v->nav, sh, ID_SWAP_DECK);
}

/* Seat p plays its choice; everyone sees it in the log and on p's pane. */
static void swap_play(maxstax_view *v, int p, int with)
{
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    int before = w->n_log;
    if (maxstax_refuse_swap(v, p, with))
        return; /* refused with the rules' reason */
    if (maxstax_tape_swap(v->tape, v->match, p, with) != 0) {
        audio_play(SFX_ERROR);
        return;
    }
    trace_line("swapstax swap %d %s", p,
              with == SWAPSTAX_PASS ? "pass" : with == SWAPSTAX_DECK ? "deck" : (char[2]){(char)('0' + with), 0});
    if (w->n_log > before) {
        const swapstax_swap *sw = &w->log[w->n_log - 1];
        char text[32];
        snprintf(text, sizeof text, "Swapped for card %d", v->deck.card[sw->got].id);
        audio_play(SFX_PICKUP);
        maxstax_view_flash(v, p, text, UI_TEAL);
        if (sw->with >= 0) {
            snprintf(text, sizeof text, "Lost card %d", v->deck.card[sw->gave].id);
            maxstax_view_flash(v, sw->with, text, UI_ACCENT);
        }
    } else {
        audio_play(SFX_CLICK);
    }
    v->swap_wait = SWAP_PACE_S;
    if (w->phase != SWAPSTAX_SWAPPING)
        trace_line("swapstax stacking");
}

int maxstax_swap_pick(maxstax_view *v, int id)
{
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    if (!swap_turn_human(v) || id < ID_SWAP_DECK || id >= ID_SWAP_SEAT + SPEEDSTAX_MAX_PLAYERS)
        return 0;
    swap_play(v, w->turn, id == ID_SWAP_DECK ? SWAPSTAX_DECK : id == ID_SWAP_PASS ? SWAPSTAX_PASS : id - ID_SWAP_SEAT);
    return 1;
}

void maxstax_swap_update(maxstax_view *v, double dt)
{
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    if (!w || w->phase != SWAPSTAX_SWAPPING)
        return;
    if (seat_human(v, w->turn) && w->swaps_left[w->turn] > 0)
        return; /* their choice, by the buttons */
    v->swap_wait -= dt;
    if (v->swap_wait > 0)
        return;
    /* A computer's choice; a seat with no swap card left passes by itself. */
    swap_play(v, w->turn,
              w->swaps_left[w->turn] > 0
                  ? swapstax_choose(w, maxstax_match_rounds(v->match), &v->deck, w->turn,
                                    v->m.level[w->turn] > AI_EASY ? (int)v->m.level[w->turn] : 1)
                  : SWAPSTAX_PASS);
}

/* A card as a player holds it: its picture, its number and stars. */
static void draw_held_card(render *r, const maxstax_view *v, const plank_art *art, int card, rrect b)
{
    char head[32];
    const maxstax_card *c = &v->deck.card[card];
    render_round_rect(r, b, 12, UI_CREAM);
    render_round_outline(r, b, 12, 3, (rcolor){150, 110, 60, 255});
    snprintf(head, sizeof head, "Card %d", c->id);
    render_text(r, FONT_SANS_BOLD, UI_MIN, b.x + 10, b.y + 4, UI_INK_SOFT, head);
    maxstax_draw_stars(r, c->stars, UI_BODY, b.x + b.w - 10, b.y + 2);
    maxstax_draw_structure(r, art, c, (rrect){b.x + 14, b.y + 36, b.w - 28, b.h - 44});
}

/* One line of the log: "Player 1 swapped card 12 ★ with the deck for card 30 ★★★". */
static void swap_words(const maxstax_view *v, const swapstax_swap *sw, char *buf, size_t n)
{
    char who[48], with[48];
    const maxstax_card *gave = &v->deck.card[sw->gave], *got = &v->deck.card[sw->got];
    seat_name(v, sw->seat, who, sizeof who);
    if (sw->with >= 0)
        seat_name(v, sw->with, with, sizeof with);
    snprintf(buf, n, "%s gave card %d (%d\xe2\x98\x85) %s%s for card %d (%d\xe2\x98\x85)", who, gave->id,
             gave->stars, sw->with >= 0 ? "to " : "to the deck", sw->with >= 0 ? with : "", got->id, got->stars);
}

void maxstax_swap_log_draw(render *r, const maxstax_view *v, rrect b)
{
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    int first = w->n_log > 3 ? w->n_log - 3 : 0;
    render_shadow(r, (rrect){b.x + 4, b.y + 8, b.w, b.h}, 18, 20, UI_SHADOW);
    render_round_rect(r, b, 18, UI_CREAM);
    render_round_outline(r, b, 18, 4, (rcolor){150, 110, 60, 255});
    render_text(r, FONT_SANS_BOLD, UI_SMALL, b.x + 18, b.y + 10, UI_INK_SOFT, "Swaps this round");
    if (w->n_log == 0)
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 18, b.y + 60, b.w - 36, 60}, TEXT_CENTER,
                    UI_INK, "Nobody swapped");
    for (int i = first; i < w->n_log; i++) {
        /* The last three, shortest words: "Computer (Easy): card 15 for the deck's 41" */
        const swapstax_swap *sw = &w->log[i];
        char who[48], line[128];
        seat_name(v, sw->seat, who, sizeof who);
        if (sw->with >= 0) {
            char with[48];
            seat_name(v, sw->with, with, sizeof with);
            snprintf(line, sizeof line, "%s took %s's card %d", who, with, v->deck.card[sw->got].id);
        } else {
            snprintf(line, sizeof line, "%s took the deck's card %d", who, v->deck.card[sw->got].id);
        }
        ui_text_fit(r, FONT_SANS_BOLD, UI_SMALL, UI_MIN,
                    (rrect){b.x + 18, b.y + 48 + 52 * (float)(i - first), b.w - 36, 48}, TEXT_LEFT, UI_INK, line);
    }
}

/* A face-down card: what the deck gives is not known until it is drawn. */
static void draw_card_back(render *r, rrect b)
{
    render_round_rect(r, b, 10, (rcolor){120, 82, 48, 255});
    render_round_outline(r, b, 10, 3, (rcolor){70, 45, 22, 255});
    ui_text_center(r, FONT_SERIF_BOLD, fminf(UI_HEAD, b.h * 0.7f), b, UI_CREAM, "?");
}

/* An offer's words for card number n: the fullest that fits room on one
 * line at UI_MIN (a 4:3 screen's buttons are narrow), else the shortest. */
static void offer_words(render *r, int id, int n, float room, char *buf, size_t len)
{
    static const char *deck[] = {"Swap with the deck", "From the deck", "Deck"};
    static const char *pass[] = {"Pass: keep card %d", "Keep card %d", "Keep %d"};
    static const char *take[] = {"Take card %d", "Card %d", "%d"};
    const char **forms = id == ID_SWAP_DECK ? deck : id == ID_SWAP_PASS ? pass : take;
    for (int k = 0; k < 3; k++) {
        snprintf(buf, len, forms[k], n);
        if (render_text_width(r, FONT_SANS_BOLD, UI_MIN, buf) <= room)
            return;
    }
}

/* An offer's button: its words on top (the rival's mark before them), the
 * card it would take (or the deck's back, or the card kept) under them with
 * its stars. Every offer is plain paper: none looks chosen before it is. */
static void draw_offer(render *r, const maxstax_view *v, const plank_art *art, int id, rrect b, int lit)
{
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    char words[48];
    int seat = id >= ID_SWAP_SEAT ? id - ID_SWAP_SEAT : -1;
    int card = seat >= 0 ? w->hand[seat] : id == ID_SWAP_PASS ? w->hand[w->turn] : -1;
    float x = b.x + 16;
    rrect pic = {b.x + 12, b.y + 50, b.w * 0.58f - 12, b.h - 62};
    ui_audit_box(b);
    render_shadow(r, (rrect){b.x, b.y + 5, b.w, b.h}, 22, 10, (rcolor){30, 15, 0, 90});
    render_round_rect(r, b, 22, lit ? (rcolor){255, 246, 226, 255} : UI_PAPER);
    render_round_outline(r, b, 22, 2, (rcolor){150, 110, 60, 255});
    if (lit)
        ui_draw_focus(r, b, 22);
    if (seat >= 0) {
        ui_draw_seat_mark(r, seat, x + 14, b.y + 28, 28);
        x += 38;
    }
    offer_words(r, id, card >= 0 ? v->deck.card[card].id : 0, b.x + b.w - 14 - x, words, sizeof words);
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){x, b.y + 8, b.x + b.w - 14 - x, 40}, TEXT_LEFT, UI_INK,
                words);
    if (card < 0) {
        draw_card_back(r, (rrect){b.x + b.w / 2 - 36, pic.y, 72, pic.h});
        return;
    }
    render_round_rect(r, pic, 10, UI_CREAM);
    render_round_outline(r, pic, 10, 2, (rcolor){150, 110, 60, 255});
    maxstax_draw_structure(r, art, &v->deck.card[card], (rrect){pic.x + 8, pic.y + 6, pic.w - 16, pic.h - 12});
    maxstax_draw_stars(r, v->deck.card[card].stars, UI_BODY, b.x + b.w - 16, pic.y + pic.h / 2 - 18);
}

void maxstax_swap_draw(render *r, shell *sh, maxstax_view *v, const plank_art *art)
{
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    rrect b = swap_panel(v, sh);
    char title[96], who[48];
    if (!w || w->phase != SWAPSTAX_SWAPPING)
        return;
    ui_draw_dim(r, shell_vw(sh), 90);
    ui_draw_panel(r, b);
    seat_name(v, w->turn, who, sizeof who);
    snprintf(title, sizeof title, "Swaps \xc2\xb7 %s's turn", who);
    ui_text_fit(r, FONT_SERIF_BOLD, 56, UI_HEAD, (rrect){b.x + 20, b.y + 16, b.w - 40, 70}, TEXT_CENTER,
                ui_seat_ink(w->turn), title);
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 20, b.y + 86, b.w - 40, 40}, TEXT_CENTER,
                UI_INK_SOFT, "Trade your card with the deck or take a player's: they cannot refuse.");
    for (int p = 0; p < v->players; p++) {
        float y = b.y + SWAP_HEAD + swap_row(v) * (float)p;
        char name[48], left[32];
        if (p == w->turn)
            render_round_rect(r, (rrect){b.x + 16, y - 4, b.w - 32, swap_row(v) - 4}, 14, (rcolor){255, 240, 200, 255});
        seat_name(v, p, name, sizeof name);
        maxstax_draw_mark(r, art, p, b.x + 50, y + swap_row(v) / 2 - 4, 30, 255);
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 80, y, b.w * 0.34f - 80, swap_row(v) - 8},
                    TEXT_LEFT, UI_INK, name);
        if (w->hand[p] >= 0)
            draw_held_card(r, v, art, w->hand[p], (rrect){b.x + b.w * 0.34f, y, 260, swap_row(v) - 10});
        snprintf(left, sizeof left, "Swap cards: %d", w->swaps_left[p]);
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN,
                    (rrect){b.x + b.w * 0.34f + 290, y, b.w * 0.66f - 320, swap_row(v) - 8}, TEXT_LEFT,
                    w->swaps_left[p] ? UI_INK : UI_INK_SOFT, left);
    }
    {
        /* The round's swaps so far: the last one, so everyone sees it. */
        char line[160] = "No swaps yet this round";
        float y = b.y + SWAP_HEAD + swap_row(v) * (float)v->players + 4;
        if (w->n_log > 0)
            swap_words(v, &w->log[w->n_log - 1], line, sizeof line);
        ui_text_fit(r, FONT_SANS_OBLIQUE, UI_BODY, UI_MIN, (rrect){b.x + 20, y, b.w - 40, 44}, TEXT_CENTER,
                    UI_TEAL_INK, line);
    }
    if (v->swap_buttons > 0 && swap_turn_human(v)) {
        /* The one focus style: the ring on the controller's or keyboard's
         * offer, on the one under the mouse. */
        int lit = ui_focus_visible(sh) ? v->nav.focus : v->nav.hover;
        for (int k = 0; k < v->swap_buttons; k++) {
            const ui_item *it = ui_nav_item(&v->nav, v->swap_id[k]);
            if (it)
                draw_offer(r, v, art, v->swap_id[k], it->r, lit == v->swap_id[k]);
        }
    } else {
        snprintf(title, sizeof title, "%s is choosing\xe2\x80\xa6", who);
        ui_text_center(r, FONT_SANS_BOLD, UI_BODY, (rrect){b.x, b.y + b.h - 100, b.w, 76}, UI_INK_SOFT, title);
    }
}

/* ---------------------------------------------------------------- score */

void maxstax_mode_report(const maxstax_view *v, score_report *rep)
{
    const samestax_state *g = maxstax_match_samestax(v->match);
    const speedstax_state *s = maxstax_match_rounds(v->match);
    int score[SPEEDSTAX_MAX_PLAYERS], best = -1, tied = 0, top = -1;
    maxstax_match_standings(v->match, score, rep->rank);
    rep->rounds = g ? g->rounds : SWAPSTAX_ROUNDS;
    for (int p = 0; p < v->players; p++) {
        for (int k = 0; k < rep->rounds; k++)
            rep->points[p][k] = g ? g->round_points[k][p] : s->round_points[k][p];
        rep->total[p] = score[p];
        if (score[p] > best) {
            best = score[p];
            top = p;
            tied = 1;
        } else if (score[p] == best) {
            tied++;
        }
    }
    snprintf(rep->total_label, sizeof rep->total_label, "Points");
    if (g)
        snprintf(rep->total_help, sizeof rep->total_help,
                 "A Creator keeps a point for each player who could not copy their stack; a copy wins it back.");
    else
        snprintf(rep->total_help, sizeof rep->total_help,
                 "A finished card scores its stars (1 to 3); an unfinished one, none.");
    if (g && tied > 1) {
        snprintf(rep->headline, sizeof rep->headline, "A shared win!");
        snprintf(rep->reason, sizeof rep->reason, "%d players tied on %d points after %d rounds: they share the win.",
                 tied, best, rep->rounds);
    } else if (s->winner >= 0 || top >= 0) {
        char name[48];
        int who = s->winner >= 0 ? s->winner : top;
        seat_name(v, who, name, sizeof name);
        snprintf(rep->headline, sizeof rep->headline, "%s wins!", name);
        if (!g && s->round > SWAPSTAX_ROUNDS && tied > 1) {
            snprintf(rep->reason, sizeof rep->reason, "The totals tied at %d: %s won the speed-stack-off.", best, name);
            snprintf(rep->note, sizeof rep->note, "%s won the speed-stack-off", name);
        } else {
            snprintf(rep->reason, sizeof rep->reason, "Most points after %d rounds: %d.", rep->rounds, best);
        }
    }
}
