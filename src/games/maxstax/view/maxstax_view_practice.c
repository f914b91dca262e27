/* MAXSTAX practice on the table (#29): one person, any of the 45 stacker
 * cards, no clock and no round end, the ghost and its differences always on.
 * The match is the core's practice (maxstax_practice.h); this file opens it,
 * browses the cards (previous and next, a typed number, or the controller's
 * X then the d-pad) and draws what takes the clock's and the scores' places.
 * Practice is never saved nor kept in the history: it has no result. */
#include "games/maxstax/rules/maxstax_practice.h"
#include "games/maxstax/view/maxstax_view.h"
#include "games/maxstax/view/maxstax_view_priv.h"
#include "shell/trace.h"
#include "ui/hints.h"
#include "ui/marks.h"

/* A typed card number is taken this long after its last digit. */
#define TYPED_S 1.0

maxstax_view *maxstax_practice_open(const match_setup *m, int card)
{
    match_setup one = *m;
    maxstax_view *v;
    char err[200];
    one.params.players = 1; /* practice is one person's */
    one.seat[0] = SEAT_HUMAN;
    if (!one.name[0][0]) /* nobody to tell apart: the one person at the table */
        snprintf(one.name[0], sizeof one.name[0], "You");
    if (!(v = maxstax_view_new(&one)))
        return NULL;
    if (card < 0 || card >= v->deck.n)
        card = 0;
    if (!(v->match = maxstax_practice_new(1, &v->deck, card, err, sizeof err))) {
        log_error("%s practice: %s", m->game->id, err);
        maxstax_view_free(v);
        return NULL;
    }
    v->practice.on = 1;
    v->ghost = 1; /* the ghost and the differences, whatever the setting */
    return v;
}

int maxstax_view_practice_card(const void *vv)
{
    const maxstax_view *v = vv;
    return v->practice.on ? maxstax_practice_card(v->match) : -1;
}

/* Practice builds deck card k (wrapping past either end): the structure
 * comes down, the blocks back in their piles. */
static void choose(maxstax_view *v, int k)
{
    int n = v->deck.n;
    k = ((k % n) + n) % n;
    if (maxstax_practice_choose(v->match, k) != 0)
        return;
    for (int p = 0; p < v->players; p++) {
        v->ctl[p].held = -1;
        v->ctl[p].actions = 0;
        v->ctl[p].press = 0;
        v->flash[p] = 0;
        v->hint[p][0] = '\0';
    }
    v->practice.matched = 0;
    v->card_seen = k;
    maxstax_view_snapshot(v, 1); /* the blocks jumped to their piles: no interpolation across */
    audio_play(SFX_CLICK);
    trace_line("%s practice card %d: %s", v->m.game->id, v->deck.card[k].id, v->deck.card[k].name);
}

static void step_card(maxstax_view *v, int by) { choose(v, maxstax_practice_card(v->match) + by); }

/* Browsing by keys or controller: on with X (or a click on the number), off
 * with X, A, B or Enter. */
static void browse(maxstax_view *v, int on)
{
    v->practice.browsing = on;
    trace_line("%s practice browse %s", v->m.game->id, on ? "on" : "off");
}

/* A digit typed: the number so far, taken at once when no more digits
 * could make a card, else a moment after the last one. */
static void typed_digit(maxstax_view *v, int d)
{
    int n = v->practice.typed * 10 + d;
    if (n > v->deck.n)
        n = d;
    v->practice.typed = n;
    v->practice.typed_left = TYPED_S;
    if (n * 10 > v->deck.n) {
        v->practice.typed = 0;
        if (n >= 1)
            choose(v, n - 1);
    }
}

int maxstax_practice_input(maxstax_view *v, shell *sh, const action_event *ev, table_intent *intent)
{
    (void)sh;
    *intent = TABLE_NONE;
    if (!v->practice.on)
        return 0;
    if (v->practice.browsing) {
        switch (ev->act) {
        case ACT_LEFT: step_card(v, -1); return 1;
        case ACT_RIGHT: step_card(v, 1); return 1;
        case ACT_UP: step_card(v, 10); return 1;
        case ACT_DOWN: step_card(v, -10); return 1;
        case ACT_ACCEPT:
        case ACT_BACK:
        case ACT_EXTRA: browse(v, 0); return 1;
        default: break;
        }
    }
    switch (ev->act) {
    case ACT_EXTRA: browse(v, 1); return 1;
    case ACT_PAGE_UP: step_card(v, -1); return 1;
    case ACT_PAGE_DOWN: step_card(v, 1); return 1;
    case ACT_LEFT:
    case ACT_RIGHT:
        if (ev->dev != DEV_KEYBOARD)
            return 0; /* a controller's d-pad moves its hand */
        step_card(v, ev->act == ACT_LEFT ? -1 : 1);
        return 1;
    case ACT_DIGIT:
        if (ev->key >= '0' && ev->key <= '9')
            typed_digit(v, ev->key - '0');
        return 1;
    default: return 0;
    }
}

int maxstax_practice_pick(maxstax_view *v, int id)
{
    if (!v->practice.on)
        return 0;
    if (id == ID_PRACTICE_PREV)
        step_card(v, -1);
    else if (id == ID_PRACTICE_NEXT)
        step_card(v, 1);
    else if (id == ID_PRACTICE_CARD)
        browse(v, !v->practice.browsing);
    else
        return 0;
    return 1;
}

void maxstax_practice_update(maxstax_view *v, double dt)
{
    int k = maxstax_practice_card(v->match);
    if (!v->practice.on)
        return;
    if (v->practice.typed && (v->practice.typed_left -= dt) <= 0) {
        int n = v->practice.typed;
        v->practice.typed = 0;
        if (n >= 1 && n <= v->deck.n)
            choose(v, n - 1);
    }
    if (maxstax_practice_matched(v->match, 0) && !v->practice.matched) {
        v->practice.matched = 1;
        trace_line("%s practice matched card %d: %s", v->m.game->id, v->deck.card[k].id, v->deck.card[k].name);
    }
}

/* The browser's row in the scores' box: [<] Card N of 45 [>], then a line. */
static void browser_rects(const maxstax_view *v, rrect *prev, rrect *num, rrect *next)
{
    rrect b = v->score_box;
    float bw = 96, h = 76, y = b.y + 16;
    *prev = (rrect){b.x + 16, y, bw, h};
    *next = (rrect){b.x + b.w - 16 - bw, y, bw, h};
    *num = (rrect){prev->x + bw + 28, y, next->x - 28 - (prev->x + bw + 28), h}; /* the focus ring clear of both */
}

void maxstax_practice_layout(maxstax_view *v)
{
    rrect prev, num, next;
    if (!v->practice.on)
        return;
    browser_rects(v, &prev, &num, &next);
    ui_nav_add(&v->nav, ID_PRACTICE_PREV, prev, 1, "practice_prev");
    ui_nav_add(&v->nav, ID_PRACTICE_CARD, num, 1, "practice_card");
    ui_nav_add(&v->nav, ID_PRACTICE_NEXT, next, 1, "practice_next");
}

void maxstax_practice_draw(render *r, shell *sh, const maxstax_view *v)
{
    rrect prev, num, next, c = v->clock_box, b = v->score_box;
    int k = maxstax_practice_card(v->match), matched = maxstax_practice_matched(v->match, 0);
    const maxstax_card *card = &v->deck.card[k < 0 ? 0 : k];
    char line[96];
    (void)sh;
    /* The clock's place: what this table is, and that nothing is timed. */
    render_shadow(r, (rrect){c.x + 4, c.y + 8, c.w, c.h}, 18, 20, UI_SHADOW);
    render_round_rect(r, c, 18, UI_CREAM);
    ui_text_center(r, FONT_SERIF_BOLD, 56, (rrect){c.x, c.y + 10, c.w, 70}, UI_INK, "Practice");
    ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, (rrect){c.x, c.y + 86, c.w, 32}, UI_INK_SOFT, "No clock");
    /* The scores' place: the card browser and what to do next. */
    browser_rects(v, &prev, &num, &next);
    render_shadow(r, (rrect){b.x + 4, b.y + 8, b.w, b.h}, 18, 20, UI_SHADOW);
    render_round_rect(r, b, 18, UI_CREAM);
    ui_draw_button(r, prev, "\xe2\x97\x80", v->nav.hover == ID_PRACTICE_PREV, 1, 0);
    ui_draw_button(r, next, "\xe2\x96\xb6", v->nav.hover == ID_PRACTICE_NEXT, 1, matched);
    if (v->practice.typed)
        snprintf(line, sizeof line, "Card %d\xe2\x80\xa6", v->practice.typed);
    else
        snprintf(line, sizeof line, "Card %d of %d", card->id, v->deck.n);
    ui_text_fit(r, FONT_SANS_BOLD, UI_HEAD, UI_BODY, (rrect){num.x, num.y, num.w, num.h * 0.62f}, TEXT_CENTER, UI_INK,
                line);
    ui_text_fit(r, FONT_SANS_OBLIQUE, UI_SMALL, UI_MIN, (rrect){num.x, num.y + num.h * 0.58f, num.w, num.h * 0.42f},
                TEXT_CENTER, UI_INK_SOFT, card->name);
    if (v->practice.browsing || v->nav.hover == ID_PRACTICE_CARD)
        ui_draw_focus(r, num, 14);
    if (v->practice.browsing)
        snprintf(line, sizeof line, "Choosing a card: \xe2\x97\x80\xe2\x96\xb6 one, \xe2\x96\xb2\xe2\x96\xbc ten");
    else if (matched)
        snprintf(line, sizeof line, "Matched! \xe2\x96\xb6 takes the next card");
    else
        snprintf(line, sizeof line, "Build it, then call MAX STAX!");
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 16, b.y + 108, b.w - 32, b.h - 120}, TEXT_CENTER,
                matched && !v->practice.browsing ? (rcolor){42, 116, 53, 255} : UI_TEAL_INK, line);
}

void maxstax_practice_hints(render *r, shell *sh, const maxstax_view *v)
{
    input_device dev = shell_input(sh)->last_device == DEV_PAD ? DEV_PAD : DEV_MOUSE;
    char line[320];
    if (v->practice.browsing) {
        ui_hint h[3] = {{UI_HINT_LEFTRIGHT, "Card"}, {UI_HINT_UPDOWN, "Ten cards"}, {ACT_EXTRA, "Build"}};
        ui_draw_hint_line(r, sh, ui_hint_words(dev == DEV_PAD ? DEV_PAD : DEV_KEYBOARD, h, 3, line, sizeof line));
    } else if (dev == DEV_PAD) {
        ui_hint h[5] = {{ACT_ACCEPT, "Pick up / let go"}, {ACT_PREV_TAB, "Turn"}, {ACT_ALT, "MAX STAX!"},
                        {ACT_EXTRA, "Choose a card"}, {ACT_MENU, "Leave"}};
        ui_draw_hint_line(r, sh, ui_hint_words(DEV_PAD, h, 5, line, sizeof line));
    } else {
        ui_hint hm[2] = {{UI_HINT_DRAG, "a block"}, {UI_HINT_WHEEL, "Turn"}},
                hk[3] = {{ACT_ACCEPT, "MAX STAX!"}, {UI_HINT_LEFTRIGHT, "Card"}, {ACT_BACK, "Leave"}};
        char a[160], b[160];
        snprintf(line, sizeof line, "%s  \xc2\xb7  %s", ui_hint_words(DEV_MOUSE, hm, 2, a, sizeof a),
                 ui_hint_words(DEV_KEYBOARD, hk, 3, b, sizeof b));
        ui_draw_hint_line(r, sh, line);
    }
}
