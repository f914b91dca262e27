/* Drawing the 9 STAX table from what the viewer may know, and the trace of
 * every card it shows face up. */
#include "games/nine/view/nine_view_priv.h"
#include "app/input.h"
#include "shell/settings.h"
#include "table/phones.h"
#include "shell/trace.h"

/* ---------------------------------------------------------------- drawing */

static void faces_note(nine_view *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Notes a face-up card drawn from a stack or a hand, for the trace. */
static void faces_note(nine_view *v, const char *fmt, ...)
{
    va_list ap;
    if (v->faces_len + 24 >= sizeof v->faces)
        return;
    va_start(ap, fmt);
    v->faces_len += (size_t)vsnprintf(v->faces + v->faces_len, sizeof v->faces - v->faces_len, fmt, ap);
    va_end(ap);
}

static void draw_token(render *r, float cx, float cy, float d, int number, int held)
{
    char t[8];
    snprintf(t, sizeof t, "%d", number);
    render_round_rect(r, (rrect){cx - d / 2, cy - d / 2, d, d}, d / 2,
                      held ? UI_GOLD : (rcolor){236, 222, 196, 255});
    render_round_outline(r, (rrect){cx - d / 2, cy - d / 2, d, d}, d / 2, 2, (rcolor){80, 60, 40, 255});
    ui_text_center(r, FONT_SANS_BOLD, fmaxf(UI_MIN, d * 0.56f), (rrect){cx - d / 2, cy - d / 2, d, d}, UI_INK, t);
}

/* The viewer's held stack lies in its hands (the fan shows it). */
static int in_hand(const nine_view *v, int p, int k)
{
    return p == table_private_seat(v->t) && v->shown.held[p] == k && v->nfan > 0;
}

/* A stack drawn face up on the table: one the viewer may see by the
 * observation (revealed stacks), other than the one in its hands. */
static int face_up(const nine_view *v, int p, int k)
{
    const nine_state *s = &v->shown;
    if (v->npeek > 0 && p == s->pend.p1 && k == s->pend.s1)
        return 0; /* a peeked stack is shown in its own panel */
    return nine_stack_visible(s, table_private_seat(v->t), p, k) && !in_hand(v, p, k);
}

/* Codes of the face-down cards of stack (p, k) the viewer remembers, when
 * the setting shows them; never behind the curtain, where nobody's cards are
 * drawn. Returns how many. */
static int remembered(const nine_view *v, int p, int k, uint8_t *codes, int max)
{
    const nine_state *s = &v->shown;
    int vs = table_viewer_seat(v->t), n = 0;
    if (!v->memory || table_hides_private(v->t) || face_up(v, p, k) || in_hand(v, p, k))
        return 0;
    for (int id = 0; id < NINE_CARDS && n < max; id++)
        if (s->place[id] == NINE_Z_STACK + p && s->stk[id] == k && nine_known(s, vs, id))
            codes[n++] = s->code[id];
    return n;
}

/* Remembered cards over a face-down stack: dimmed faces with an eye badge,
 * so they never pass for cards the viewer sees now. */
static void draw_remembered(render *r, rrect c, const uint8_t *codes, int m)
{
    sprite_id eye = render_sprite_find(r, "nine/peek");
    float step = m > 1 ? (c.h * 0.4f) / (float)(m - 1) : 0, d = c.w * 0.42f;
    if (step > c.h * 0.14f)
        step = c.h * 0.14f;
    for (int i = 0; i < m; i++)
        nine_draw_face(r, (rrect){c.x, c.y + step * (float)i - step * (float)(m - 1) / 2, c.w, c.h}, codes[i], 120);
    rrect b = {c.x - d * 0.25f, c.y - d * 0.25f, d, d};
    render_round_rect(r, b, d / 2, (rcolor){30, 20, 12, 220});
    if (eye >= 0)
        render_sprite(r, eye, (rrect){b.x + d * 0.15f, b.y + d * 0.15f, d * 0.7f, d * 0.7f}, UI_CREAM);
}

static void draw_stack(render *r, nine_view *v, int p, int k)
{
    const nine_state *s = &v->shown;
    seat_geo *g = &v->g[p];
    rrect c = g->stack[k];
    int vs = table_viewer_seat(v->t), n = s->ssize[p][k], held = s->held[p] == k;
    int bottom = place_of(v, p) == 0;
    float tok = bottom ? 44 : 36; /* sized for 20 px numbers and more */
    char cnt[8];
    if (in_hand(v, p, k)) {
        /* in the owner's hands: the fan shows it */
        render_round_outline(r, c, c.w * 0.09f, 3, (rcolor){255, 220, 120, 200});
        ui_text_center(r, FONT_SANS_OBLIQUE, fmaxf(UI_MIN, c.h * 0.13f), c, (rcolor){255, 236, 200, 255}, "in hand");
    } else if (face_up(v, p, k)) {
        uint8_t codes[FAN_MAX];
        int m = stack_cards(s, p, k, codes, FAN_MAX);
        float step = m > 1 ? (c.h * 0.5f) / (float)(m - 1) : 0;
        if (step > c.h * 0.18f)
            step = c.h * 0.18f;
        for (int i = 0; i < m; i++) {
            nine_draw_face(
                r,
                (rrect){c.x,
                        c.y + step * (float)i - step * (float)(m - 1) / 2,
                        c.w, c.h},
                codes[i], 255);
        }
    } else {
        uint8_t codes[FAN_MAX];
        int depth = n > 5 ? 5 : n, m = remembered(v, p, k, codes, FAN_MAX);
        for (int i = depth - 1; i >= 0; i--)
            nine_draw_back(r, (rrect){c.x - 2.0f * (float)i, c.y - 2.0f * (float)i, c.w, c.h}, 255);
        if (m > 0)
            draw_remembered(r, c, codes, m);
    }
    if (held && !(p == vs && v->nfan > 0))
        render_round_outline(r, (rrect){c.x - 5, c.y - 5, c.w + 10, c.h + 10}, c.w * 0.12f, 3, UI_GOLD);
    draw_token(r, c.x + c.w / 2, c.y + c.h + 8 + tok / 2, tok, k + 1, held);
    snprintf(cnt, sizeof cnt, "%d", n);
    {
        float d = bottom ? 36 : 34;
        rrect b = {c.x + c.w - d * 0.7f, c.y + c.h - d * 0.7f, d, d};
        render_round_rect(r, b, d / 2, (rcolor){30, 20, 12, 220});
        ui_text_center(r, FONT_SANS_BOLD, fmaxf(UI_MIN, d * 0.6f), b, UI_CREAM, cnt);
    }
}

static void draw_seat(render *r, nine_view *v, int p)
{
    const nine_state *s = &v->shown;
    seat_geo *g = &v->g[p];
    int dec = nine_decider(s) == p, has_imm = (s->immunity >> p) & 1;
    char name[96], line[96], kind[48];
    sprite_id shield = render_sprite_find(r, "nine/shield");
    float x;
    /* the deciding seat's panel is marked by its gold ring, and shaded like
     * the others so its cream names keep their contrast on the wood */
    render_round_rect(r, g->area, 22, dec ? (rcolor){40, 22, 6, 70} : (rcolor){0, 0, 0, 52});
    if (dec)
        render_round_outline(r, g->area, 22, 3, UI_GOLD);
    ui_audit_box(g->head);
    if (shield >= 0)
        render_sprite(r, shield, (rrect){g->head.x + 4, g->head.y + 2, 36, 36},
                      has_imm ? (rcolor){110, 210, 230, 255} : (rcolor){120, 110, 100, 110});
    table_seat_name(table_match(v->t), p, kind, sizeof kind);
    seat_name(v, p, name, sizeof name);
    x = g->head.x + NINE_HEAD_NAME_X;
    /* the seat's colour and shape mark, then its name */
    x += ui_draw_seat_name(r, p, FONT_SANS_BOLD, UI_BODY, x, g->head.y + 2, UI_CREAM, name) + 10;
    {
        int left = nine_cards_left(s, p);
        const char *you = nine_seat_is_you(v, p) ? "You, " : "";
        rcolor soft = {240, 222, 196, 255};
        /* room kept on a line for the computer's "thinking" mark (nine_think_rect) */
        float think = table_seat_human(v->t, p) ? 0 : NINE_THINK_W + 8;
        /* Every seat says who plays it: on the name's line where it fits, else on a line of its own. */
        if (g->head_lines == 1) {
            char cut[96];
            snprintf(line, sizeof line, "%s%s \xc2\xb7 %d card%s", you, kind, left, left == 1 ? "" : "s");
            /* a phone's name is what its player typed: never past the header */
            render_text(r, FONT_SANS, UI_SMALL, x, g->head.y + 7, soft,
                        ui_text_cut(r, FONT_SANS, UI_SMALL, line, g->head.x + g->head.w - 8 - think - x, cut, sizeof cut));
        } else {
            /* the cards at the name's right, or on a third line in the narrowest areas */
            rrect cb = g->head_lines == 2 ? (rrect){x, g->head.y + 2, g->head.x + g->head.w - 8 - x, 36}
                                          : (rrect){g->head.x + 8, g->head.y + 68, g->head.w - 16 - think, 30};
            snprintf(line, sizeof line, "%d card%s", left, left == 1 ? "" : "s");
            ui_text_fit(r, FONT_SANS, UI_SMALL, UI_MIN, cb, g->head_lines == 2 ? TEXT_RIGHT : TEXT_LEFT, soft, line);
            snprintf(line, sizeof line, "%s%s", you, kind);
            ui_text_fit_line(r, FONT_SANS, UI_SMALL, UI_MIN,
                        (rrect){g->head.x + 8, g->head.y + 40, g->head.w - 16 - (g->head_lines == 2 ? think : 0), 30},
                        TEXT_LEFT, soft, line);
        }
    }
    if (dec && table_thinking(v->t)) {
        /* three dots lighting in turn, in the room the header keeps for them */
        rrect tb = nine_think_rect(g);
        int lit = (int)(table_time(v->t) * 4) % 3;
        render_round_rect(r, tb, tb.h / 2, (rcolor){30, 18, 8, 200});
        for (int i = 0; i < 3; i++) {
            float d = 10, cx = tb.x + tb.w / 2 + (float)(i - 1) * 16;
            render_round_rect(r, (rrect){cx - d / 2, tb.y + tb.h / 2 - d / 2, d, d}, d / 2,
                              i == lit ? UI_GOLD : (rcolor){248, 239, 222, 150});
        }
    }
    for (int k = 0; k < s->nst[p]; k++)
        draw_stack(r, v, p, k);
    if (s->nst[p] == 0 && hand_card(s, p) < 0)
        ui_text_center(r, FONT_SANS_OBLIQUE, UI_BODY, g->area, UI_CREAM, "No stacks left");
}

static void draw_centre(render *r, nine_view *v)
{
    const nine_state *s = &v->shown;
    char t[48];
    /* draw pile */
    if (s->ndraw > 0) {
        int depth = s->ndraw > 6 ? 6 : s->ndraw;
        for (int i = depth - 1; i >= 0; i--)
            nine_draw_back(r,
                      (rrect){v->drawpile.x - 1.5f * (float)i, v->drawpile.y - 1.5f * (float)i, v->drawpile.w,
                              v->drawpile.h},
                      255);
    } else {
        render_round_outline(r, v->drawpile, 10, 3, (rcolor){255, 255, 255, 90});
    }
    snprintf(t, sizeof t, "Draw \xc2\xb7 %d", s->ndraw);
    ui_text_fit(r, FONT_SANS, v->label_k, UI_MIN,
                (rrect){v->drawpile.x + v->drawpile.w / 2 - v->slot_w[0] / 2,
                        v->drawpile.y + v->drawpile.h + UI_FOCUS_REACH, v->slot_w[0], 28},
                TEXT_CENTER, UI_CREAM, t);
    /* discard pile: the top card, the one under it peeking out */
    if (s->ndisc > 1)
        nine_draw_face(r, (rrect){v->discpile.x + 8, v->discpile.y + 4, v->discpile.w, v->discpile.h},
                  s->code[s->disc[s->ndisc - 2]], 255);
    if (s->ndisc > 0)
        nine_draw_face(r, v->discpile, s->code[s->disc[s->ndisc - 1]], 255);
    else
        render_round_outline(r, v->discpile, 10, 3, (rcolor){255, 255, 255, 90});
    snprintf(t, sizeof t, "Discard \xc2\xb7 %d", s->ndisc);
    ui_text_fit(r, FONT_SANS, v->label_k, UI_MIN,
                (rrect){v->discpile.x + v->discpile.w / 2 - v->slot_w[1] / 2,
                        v->discpile.y + v->discpile.h + UI_FOCUS_REACH, v->slot_w[1], 28},
                TEXT_CENTER, UI_CREAM, t);
    /* the active colour, with its shape */
    {
        rrect b = v->colour_box;
        int col = s->act == NINE_ACT_ANY ? NINE_NO_COLOUR : nine_colour_of(s->act);
        render_round_rect(r, b, b.w / 2, (rcolor){30, 20, 12, 150});
        if (col < 4) {
            sprite_id sh = render_sprite_find(r, shape_sprites[col]);
            if (sh >= 0)
                render_sprite(r, sh, (rrect){b.x + 14, b.y + 14, b.w - 28, b.h - 28}, colour_rgb[col]);
            snprintf(t, sizeof t, "%s", colour_caps[col]);
        } else {
            sprite_id sh = render_sprite_find(r, s->act == NINE_ACT_ANY ? "nine/free" : "nine/shift");
            if (sh >= 0)
                render_sprite(r, sh, (rrect){b.x + 16, b.y + 16, b.w - 32, b.h - 32}, UI_WHITE);
            snprintf(t, sizeof t, "%s", s->act == NINE_ACT_ANY ? "Any card" : "No colour");
        }
        ui_text_fit(r, FONT_SANS, v->label_k, UI_MIN, (rrect){b.x + b.w / 2 - v->slot_w[2] / 2, v->disk_label_y, v->slot_w[2], 28},
                    TEXT_CENTER, UI_CREAM, t);
    }
    /* the direction disk */
    {
        rrect b = v->dir_box;
        sprite_id d = render_sprite_find(r, "nine/direction");
        render_round_rect(r, b, b.w / 2, (rcolor){236, 222, 196, 235});
        if (d >= 0) {
            if (s->dir == 0)
                render_sprite(r, d, (rrect){b.x + 12, b.y + 12, b.w - 24, b.h - 24}, UI_TEAL);
            else
                render_sprite(r, d, (rrect){b.x + b.w - 12, b.y + 12, -(b.w - 24), b.h - 24}, UI_ACCENT);
        }
        /* "Counter-clockwise" on one line where it fits, else broken after its hyphen, never mid-word */
        if (v->dir_lines == 1 || !s->dir) {
            ui_text_fit(r, FONT_SANS, v->label_k, UI_MIN,
                        (rrect){b.x + b.w / 2 - v->slot_w[3] / 2, v->disk_label_y, v->slot_w[3], 28}, TEXT_CENTER,
                        UI_CREAM, s->dir ? "Counter-clockwise" : "Clockwise");
        } else {
            for (int i = 0; i < 2; i++)
                ui_text_fit(r, FONT_SANS, v->label_k, UI_MIN,
                            (rrect){b.x + b.w / 2 - v->slot_w[3] / 2, v->disk_label_y + 28 * (float)i, v->slot_w[3], 28},
                            TEXT_CENTER, UI_CREAM, nine_dir_words[1][i]);
        }
    }
    if (s->rev_num) {
        float w;
        rrect b;
        snprintf(t, sizeof t, "Revealed: stack %d", s->rev_num);
        w = render_text_width(r, FONT_SANS_BOLD, UI_SMALL, t) + 32;
        /* at the right of the bottom seat's header, where its line leaves
         * room: the centre column has none to spare at 4:3 */
        const seat_geo *g = &v->g[table_viewer_seat(v->t)];
        b = (rrect){g->head.x + g->head.w - w - 4, g->head.y + 3, w, 34};
        ui_audit_box(b);
        render_round_rect(r, b, 17, (rcolor){30, 18, 8, 170});
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, b, UI_GOLD, t);
    }
}

void nine_prompt_text(const nine_view *v, char *buf, size_t n)
{
    /* Every word comes from the position drawn (the one before a move while
     * it flies), so the pill never speaks of a turn the table does not show. */
    const nine_state *s = &v->shown;
    int d = nine_decider(s), vs = table_viewer_seat(v->t);
    char who[16];
    if (table_over(v->t) && v->over_seen) {
        game_result res;
        char press[48];
        if (table_replaying(v->t)) /* a replay's end opens no score screen */
            press[0] = 0;
        else if (v->dev == DEV_MOUSE)
            snprintf(press, sizeof press, "Click for the score.");
        else
            snprintf(press, sizeof press, "Press %s for the score.", ui_hint_key(v->dev, ACT_ACCEPT));
        nine_rules.result(v->st, &res);
        if (res.winner >= 0)
            snprintf(buf, n, "Player %d wins!%s%s", res.winner + 1, press[0] ? " " : "", press);
        else
            snprintf(buf, n, "The game is over.%s%s", press[0] ? " " : "", press);
        return;
    }
    if (v->drawn_code >= 0 && v->nfl > 0) {
        /* the viewer's own draw in flight: their turn is over, their hand still shown */
        snprintf(buf, n, "You drew a card: it goes into your stack %d.", v->drawn_stack + 1);
        return;
    }
    if (d < 0) {
        buf[0] = 0;
        return;
    }
    seat_name(v, d, who, sizeof who);
    if (table_replaying(v->t)) { /* watched: nobody decides at this screen */
        snprintf(buf, n, "%s to play.", who);
        return;
    }
    if (d == table_viewer(v->t) && table_peek_offered(v->t) && !table_peeking(v->t)) {
        /* the hand on the TV hides from the phones' players in the room */
        snprintf(buf, n, "Your turn. %s to see your hand.", ui_hint_key(v->dev, UI_HINT_PEEK));
        return;
    }
    if (d != table_viewer(v->t) || !table_seat_human(v->t, d) || table_hides_private(v->t)) {
        snprintf(buf, n, "%s %s.", who,
                 phones_seat(d)                ? "is deciding on their phone"
                 : table_seat_human(v->t, d) ? "is deciding"
                                             : "(computer) is thinking");
        return;
    }
    switch (s->pend.kind) {
    case NINE_P_SHIFT: snprintf(buf, n, "Color Shift: play the card that sets the colour."); break;
    case NINE_P_DRAWN: snprintf(buf, n, "You drew a card: play it, or keep it."); break;
    case NINE_P_ATTACK: snprintf(buf, n, "Attack: choose a player."); break;
    case NINE_P_PEEK: snprintf(buf, n, "Peek: choose an opponent's stack."); break;
    case NINE_P_TAKE: snprintf(buf, n, "Take one card, or hand the stack back."); break;
    case NINE_P_GIVE: snprintf(buf, n, "Give one of your cards in its place."); break;
    case NINE_P_SWAP: snprintf(buf, n, "Swap: choose the first stack."); break;
    case NINE_P_SWAP2: snprintf(buf, n, "Swap: choose the stack it changes places with."); break;
    case NINE_P_REVEAL: snprintf(buf, n, "Reveal: choose a stack number."); break;
    case NINE_P_FREE: snprintf(buf, n, "Free Discard: choose a stack to throw away."); break;
    case NINE_P_IMMUNE: {
        static const char *const what[NINE_FACES] = {[NINE_ATTACK] = "An Attack",
                                                     [NINE_PEEK] = "A Peek",
                                                     [NINE_SWAP] = "A Swap",
                                                     [NINE_REVEAL] = "A Reveal"};
        const char *w = s->pend.action < NINE_FACES && what[s->pend.action] ? what[s->pend.action] : "A card";
        snprintf(buf, n, "%s from Player %d is against you. Use Immunity?", w, s->turn + 1);
        break;
    }
    default: snprintf(buf, n, "Your turn: play a card, or draw."); break;
    }
    (void)vs;
}

static int drawn_on_show(const nine_view *v);

void nine_pill_text(const nine_view *v, char *buf, size_t n)
{
    int at;
    float flash;
    const char *why = table_refusal(v->t, &at, &flash);
    if (why && !table_over(v->t))
        snprintf(buf, n, "%s", why); /* a refused press: why not, until it times out */
    else
        nine_prompt_text(v, buf, n);
}

void nine_status_shown(const nine_view *v, char *buf, size_t n)
{
    if (table_curtain(v->t) >= 0 || drawn_on_show(v))
        buf[0] = 0;
    else
        nine_pill_text(v, buf, n);
}

/* The status pill, laid out by nine_layout: primary text, wrapped rather than clipped. */
static void draw_prompt(render *r, shell *sh, nine_view *v)
{
    char t[160];
    rrect b = v->pill;
    nine_status_shown(v, t, sizeof t);
    if (t[0]) {
        ui_audit_box(b);
        render_round_rect(r, b, 24, (rcolor){30, 18, 8, 170});
        rcolor ink = table_over(v->t) ? UI_GOLD : UI_CREAM;
        /* One line as laid out; wrapping 4 units wider than measured never adds a line. */
        if (b.h < 2 * render_line_height(r, FONT_SANS_BOLD, v->pill_k))
            render_text(r, FONT_SANS_BOLD, v->pill_k, b.x + 24, b.y + 8, ink, t);
        else
            render_text_wrapped(r, FONT_SANS_BOLD, v->pill_k, b.x + 24, b.y + 8, b.w - 44, TEXT_LEFT, ink, t, 1);
    }
    if (v->prompt_deadline > 0 && nine_viewer_decides(v)) {
        double left = v->prompt_deadline - table_time(v->t);
        rrect bar = {b.x, b.y + b.h + 4, b.w * (float)(left / PARTY_PROMPT), 6};
        if (bar.w > 0)
            render_round_rect(r, bar, 3, UI_ACCENT);
    }
    (void)sh;
}

/* The spot of a card in the fan at c (a card the viewer may play or give now), or -1. */
static int fan_spot(const nine_view *v, rrect c)
{
    for (int j = 0; j < v->nsp; j++)
        if (v->sp[j].kind == SPOT_MOVE && !v->sp[j].button && v->sp[j].r.x == c.x && v->sp[j].r.y == c.y)
            return j;
    return -1;
}

/* Where spot i is drawn: a card under the pointer rises. */
static rrect spot_drawn(const shell *sh, const nine_view *v, int i)
{
    rrect c = v->sp[i].r;
    if (i == v->hover && shell_input(sh)->last_device == DEV_MOUSE && !v->sp[i].button && v->sp[i].kind == SPOT_MOVE &&
        (v->sp[i].m.kind == NINE_M_PLAY || v->sp[i].m.kind == NINE_M_GIVE))
        c.y -= NINE_HOVER_LIFT;
    return c;
}

/* A card of the viewer's that cannot be played now, on their turn: dimmed,
 * so the ones that can stand out. */
static void dim_card(render *r, rrect c)
{
    render_round_rect(r, c, c.w * 0.09f, (rcolor){24, 16, 10, 120});
}

static void draw_fan(render *r, shell *sh, nine_view *v)
{
    int deciding = nine_viewer_decides(v);
    for (int i = 0; i < v->nfan; i++) {
        int hot = fan_spot(v, v->fan[i]);
        rrect c = hot >= 0 ? spot_drawn(sh, v, hot) : v->fan[i];
        nine_draw_face(r, c, v->fan_code[i], 255);
        if (deciding && hot < 0)
            dim_card(r, c);
    }
    if (v->hand_code >= 0) {
        rrect c = v->hand_r;
        int hot = fan_spot(v, c);
        float lh = render_line_height(r, FONT_SANS_BOLD, UI_SMALL);
        nine_draw_face(r, hot >= 0 ? spot_drawn(sh, v, hot) : c, (uint8_t)v->hand_code, 255);
        if (deciding && hot < 0)
            dim_card(r, c);
        render_text(r, FONT_SANS_BOLD, UI_SMALL, c.x + c.w + UI_FOCUS_REACH + 4, c.y + (c.h - lh) / 2, UI_GOLD,
                    nine_hand_label(v));
    }
}

static void draw_peek(render *r, nine_view *v)
{
    const nine_state *s = &v->shown;
    char t[64];
    if (v->npeek == 0)
        return;
    ui_draw_panel(r, v->peek_panel);
    snprintf(t, sizeof t, "Player %d's stack %d", s->pend.p1 + 1, s->pend.s1 + 1);
    ui_text_center(r, FONT_SANS_BOLD, UI_SMALL,
                   (rrect){v->peek_panel.x, v->peek_panel.y + 20, v->peek_panel.w, 32}, UI_INK, t);
    for (int i = 0; i < v->npeek; i++) {
        nine_draw_face(r, v->peek[i], v->peek_code[i], 255);
    }
}

/* The corner radius of spot i's piece, for the marks round it. */
static float spot_radius(const nine_view *v, int i)
{
    const spot *s = &v->sp[i];
    if (s->kind == SPOT_ROW || s->button)
        return s->r.h / 2;
    if (s->m.kind == NINE_M_ATTACK)
        return 12; /* a seat's header */
    return s->r.w * 0.09f;
}

/* Whether the focus shows (a ring, a lit button): keyboard or controller
 * in use, and on others' turns only where the player put it. */
static int focus_shown(const shell *sh, const nine_view *v)
{
    return ui_focus_visible(sh) && (nine_viewer_decides(v) || nine_spot_find(v, v->focus) >= 0);
}

static void draw_spots(render *r, shell *sh, nine_view *v)
{
    float pulse = table_pulse(v->t, 5.0f);
    int fi = nine_focus_index(v), has_hint;
    game_move hint;
    has_hint = table_hint_move(v->t, &hint, NULL) == 0;
    for (int i = 0; i < v->nsp; i++) {
        spot *s = &v->sp[i];
        int hovered = i == v->hover && shell_input(sh)->last_device == DEV_MOUSE;
        /* the table's hint: its card or button lit as the chosen one */
        int hinted = has_hint && s->kind == SPOT_MOVE && game_move_equal(&s->m, &hint);
        rrect c = spot_drawn(sh, v, i);
        if (s->kind == SPOT_ROW) {
            /* the midend draws its row, lit where the spots' focus is */
            if (i == v->hover || (i == fi && focus_shown(sh, v)))
                table_buttons_hot(v->t, s->row);
            continue;
        }
        if (s->button) {
            ui_draw_button(r, s->r, s->label, hinted || i == v->hover || (i == fi && focus_shown(sh, v)), 1,
                           s->kind == SPOT_MOVE && (s->m.kind == NINE_M_DRAW || s->m.kind == NINE_M_IMMUNE));
            continue;
        }
        /* What may be chosen wears the shared playable mark; under the
         * pointer it holds steady and the card rises (the focus ring,
         * drawn over everything, sits outside it). */
        if (hinted)
            ui_draw_chosen(r, c, spot_radius(v, i));
        else
            ui_draw_playable(r, c, spot_radius(v, i), hovered ? 1.0f : pulse);
    }
}

/* A replay's shown move (the review's preferred one), marked as a chosen
 * piece: the card to play in the held stack, the draw pile, the seat to
 * attack or the stack to peek at, swap or throw away. */
static void draw_shown(render *r, nine_view *v)
{
    const game_move *m = table_replay_shown(v->t);
    rrect c = {0, 0, 0, 0};
    if (!m)
        return;
    switch (m->kind) {
    case NINE_M_PLAY:
        for (int j = 0; j < v->nfan; j++)
            if (v->fan_code[j] == m->b[0])
                c = v->fan[j];
        if (c.w == 0 && v->hand_code == m->b[0])
            c = v->hand_r;
        break;
    case NINE_M_DRAW: c = v->drawpile; break;
    case NINE_M_ATTACK: c = v->g[m->b[0]].head; break;
    case NINE_M_PEEK:
    case NINE_M_SWAP:
    case NINE_M_WITH: c = nine_stack_rect(v, m->b[0], m->b[1]); break;
    case NINE_M_DISCARD: c = nine_stack_rect(v, table_viewer_seat(v->t), m->b[0]); break;
    default: break;
    }
    if (c.w > 0)
        ui_draw_chosen(r, c, c.w * 0.09f);
}

/* The focus ring round the focused spot (over the midend's row): the one
 * focus style of every table, outside the piece and its playable mark. */
static void draw_ring(render *r, shell *sh, nine_view *v, float alpha)
{
    int fi = nine_focus_index(v);
    /* on others' turns the ring stays off the Menu button unless it was put there */
    if (fi >= 0 && focus_shown(sh, v) && v->ring_valid) {
        rrect g = ui_rect_lerp(v->ring_prev, v->ring, alpha);
        ui_draw_focus(r, g, spot_radius(v, fi));
    }
}

static void draw_flights(render *r, nine_view *v, float alpha)
{
    for (int i = 0; i < v->nfl; i++) {
        flight *f = &v->fl[i];
        float t = f->t_prev + (f->t - f->t_prev) * alpha, e = ui_ease(t);
        rrect c;
        if (t <= 0 || t >= 1)
            continue;
        c = ui_rect_lerp(f->from, f->to, e);
        c.y -= sinf(e * 3.14159f) * 40;
        if (f->icon) {
            sprite_id s = render_sprite_find(r, f->icon);
            if (s >= 0)
                render_sprite(r, s, c, f->tint);
        } else {
            float w = v->discpile.w * 0.9f, h = v->discpile.h * 0.9f;
            rrect cc = {c.x + c.w / 2 - w / 2, c.y + c.h / 2 - h / 2, w, h};
            if (f->code >= 0)
                nine_draw_face(r, cc, (uint8_t)f->code, 255);
            else
                nine_draw_back(r, cc, 255);
        }
    }
}

/* The panel at the right: the midend's move log, and under it the guide
 * to the action cards (as tall as the screen's width lets it be, the same
 * all game, so a party new to the cards can read what each does). */
static void draw_log(render *r, shell *sh, nine_view *v)
{
    rrect lb = v->log_box;
    float gh = nine_guide_height(r, lb.w, lb.h * 0.46f);
    table_log_draw(v->t, sh, r, (rrect){lb.x, lb.y, lb.w, lb.h - gh - 14});
    nine_guide_draw(r, (rrect){lb.x, lb.y + lb.h - gh, lb.w, gh});
}

/* The card the viewer drew into a stack, shown until they dismiss it; then
 * the screen is passed (the midend holds the curtain until then). */
static void draw_drawn(render *r, shell *sh, nine_view *v)
{
    float ch = 300, cw = v->discpile.h > 0 ? ch * v->discpile.w / v->discpile.h : 200;
    /* centred on the table, left of the log */
    float area = v->log_box.x > 0 ? v->log_box.x : shell_vw(sh), pw = area - 40 < 820 ? area - 40 : 820;
    rrect p = {(area - pw) / 2, 290, pw, 500}, card = {p.x + 50, p.y + 150, cw, ch};
    char t[96];
    float tx = card.x + cw + 44, tw = p.x + p.w - 44 - tx;
    ui_draw_dim(r, shell_vw(sh), 120);
    ui_draw_panel(r, p);
    ui_text_center(r, FONT_SERIF_BOLD, UI_TITLE, (rrect){p.x, p.y + 36, p.w, 90}, UI_INK, "You drew");
    nine_draw_face(r, card, (uint8_t)v->drawn_code, 255);
    {
        char words[40];
        int c = nine_colour_of((uint8_t)v->drawn_code), f = nine_face_of((uint8_t)v->drawn_code);
        snprintf(words, sizeof words, "%s%s%s", c < 4 ? colour_caps[c] : "", c < 4 ? " " : "", face_names[f]);
        render_text_wrapped(r, FONT_SANS_BOLD, UI_HEAD, tx, card.y + 10, tw, TEXT_LEFT, UI_INK, words, 1);
    }
    snprintf(t, sizeof t, "It cannot be played now, so it goes into your stack %d.", v->drawn_stack + 1);
    render_text_wrapped(r, FONT_SANS, UI_BODY, tx, card.y + 80, tw, TEXT_LEFT, UI_INK_SOFT, t, 1);
    snprintf(t, sizeof t, "OK \xe2\x80\x94 pass to Player %d", table_handoff(v->t) + 1);
    v->drawn_ok = (rrect){tx, card.y + ch - 76, tw, 76};
    ui_audit_box(v->drawn_ok);
    ui_draw_button(r, v->drawn_ok, t, 1, 1, 1);
}

static uint64_t fnv(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)s[i]) * 0x100000001b3ULL;
    return h;
}

/* Every card the table draws face up (the fan, the drawn card, a peeked
 * stack, face-up stacks), by the same tests the drawing uses; traced when it
 * changes, so tests can see what each seat was shown. */
void nine_faces_trace(nine_view *v, shell *sh)
{
    const nine_state *s = &v->shown;
    int vs = table_viewer_seat(v->t);
    char nm[3];
    uint8_t codes[FAN_MAX];
    uint64_t h;
    v->faces_len = 0;
    v->faces[0] = 0;
    v->memory = shell_settings(sh)->v[SETTING_nine_memory];
    /* Behind the curtain nothing is drawn; with every person on a phone, only what all may see. */
    if (table_curtain(v->t) < 0) {
        for (int i = 0; i < v->nfan; i++) {
            nine_card_name(v->fan_code[i], nm);
            faces_note(v, " p%ds%d:%s", vs + 1, s->held[vs] + 1, nm);
        }
        if (v->hand_code >= 0) {
            nine_card_name((uint8_t)v->hand_code, nm);
            faces_note(v, " p%dhand:%s", vs + 1, nm);
        }
        if (table_handoff(v->t) >= 0 && v->drawn_code >= 0 && v->nfl == 0) {
            nine_card_name((uint8_t)v->drawn_code, nm);
            faces_note(v, " p%ddrawn:%s", vs + 1, nm);
        }
        for (int i = 0; i < v->npeek; i++) {
            nine_card_name(v->peek_code[i], nm);
            faces_note(v, " p%ds%d:%s", s->pend.p1 + 1, s->pend.s1 + 1, nm);
        }
        for (int p = 0; p < table_match(v->t)->params.players; p++)
            for (int k = 0; k < s->nst[p]; k++) {
                int n = face_up(v, p, k) ? stack_cards(s, p, k, codes, FAN_MAX) : 0;
                for (int i = 0; i < n; i++) {
                    nine_card_name(codes[i], nm);
                    faces_note(v, " p%ds%d:%s", p + 1, k + 1, nm);
                }
                /* remembered cards, drawn dimmed: '~' tells them apart */
                n = remembered(v, p, k, codes, FAN_MAX);
                for (int i = 0; i < n; i++) {
                    nine_card_name(codes[i], nm);
                    faces_note(v, " p%ds%d~%s", p + 1, k + 1, nm);
                }
            }
    }
    h = fnv(v->faces, v->faces_len) * 31 + (uint64_t)(vs + 1) * 7 + (uint64_t)(table_curtain(v->t) + 2);
    if (v->faces_traced && h == v->faces_hash)
        return;
    v->faces_traced = 1;
    v->faces_hash = h;
    if (table_curtain(v->t) >= 0)
        trace_line("nine faces curtain p%d:%s", table_curtain(v->t) + 1, v->faces_len ? v->faces : " -");
    else if (table_hides_private(v->t))
        trace_line("nine faces public:%s", v->faces_len ? v->faces : " -");
    else
        trace_line("nine faces p%d:%s", vs + 1, v->faces_len ? v->faces : " -");
}

/* The last move's mark, in its mover's colour, on what it changed: the
 * discard pile for a card played or a stack thrown away, the stacks it
 * drew into, peeked at, swapped or revealed, the seat it attacked, the
 * seat that answered; until the next move lands. */
static void draw_last_move(render *r, nine_view *v)
{
    game_move m;
    int seat, np = table_match(v->t)->params.players;
    const nine_state *before = table_last_before(v->t), *s = &v->shown;
    rrect head;
    if (v->nfl > 0 || !before || table_last_move(v->t, &m, &seat) != 0)
        return;
    head = v->g[seat].head;
    switch (m.kind) {
    case NINE_M_PLAY:
    case NINE_M_DISCARD:
        if (s->ndisc > 0)
            ui_draw_last_move(r, v->discpile, v->discpile.w * 0.09f, seat);
        break;
    case NINE_M_DRAW:
    case NINE_M_KEEP:
        if (s->nst[seat] > 0)
            ui_draw_last_move(r, v->g[seat].stack[s->held[seat] < s->nst[seat] ? s->held[seat] : 0],
                              v->g[seat].card_w * 0.09f, seat);
        else
            ui_draw_last_move(r, head, 12, seat);
        break;
    case NINE_M_ATTACK: ui_draw_last_move(r, v->g[m.b[0]].head, 12, seat); break;
    case NINE_M_PEEK:
    case NINE_M_SWAP:
        if (m.b[1] < s->nst[m.b[0]])
            ui_draw_last_move(r, v->g[m.b[0]].stack[m.b[1]], v->g[m.b[0]].card_w * 0.09f, seat);
        break;
    case NINE_M_WITH:
        if (m.b[1] < s->nst[m.b[0]])
            ui_draw_last_move(r, v->g[m.b[0]].stack[m.b[1]], v->g[m.b[0]].card_w * 0.09f, seat);
        if (before->pend.s1 < s->nst[before->pend.p1])
            ui_draw_last_move(r, v->g[before->pend.p1].stack[before->pend.s1], v->g[before->pend.p1].card_w * 0.09f,
                              seat);
        break;
    case NINE_M_TAKE:
    case NINE_M_GIVE:
    case NINE_M_RETURN:
        if (before->pend.s1 < s->nst[before->pend.p1])
            ui_draw_last_move(r, v->g[before->pend.p1].stack[before->pend.s1], v->g[before->pend.p1].card_w * 0.09f,
                              seat);
        break;
    case NINE_M_REVEAL:
        for (int p = 0; p < np; p++)
            if (p != seat && m.b[0] - 1 < s->nst[p])
                ui_draw_last_move(r, v->g[p].stack[m.b[0] - 1], v->g[p].card_w * 0.09f, seat);
        break;
    default: ui_draw_last_move(r, head, 12, seat); break;
    }
}

/* The drawn card on show: a modal in the middle, where the piles and the
 * status line (already about the next player) would be. */
static int drawn_on_show(const nine_view *v) { return table_handoff(v->t) >= 0 && v->drawn_code >= 0 && v->nfl == 0; }

void nine_view_draw(void *vv, shell *sh, render *r, float alpha)
{
    nine_view *v = vv;
    int drawn = drawn_on_show(v);
    (void)alpha; /* what moves is drawn over the row (nine_view_draw_top) */
    ui_draw_table(r, shell_vw(sh));
    v->memory = shell_settings(sh)->v[SETTING_nine_memory];
    for (int p = 0; p < table_match(v->t)->params.players; p++)
        draw_seat(r, v, p);
    if (!drawn) {
        draw_centre(r, v);
        draw_last_move(r, v);
        draw_peek(r, v);
        draw_prompt(r, sh, v);
    }
    draw_fan(r, sh, v);
    draw_shown(r, v);
    draw_spots(r, sh, v);
}

/* Over the midend's button row: the focus ring, cards in flight, the drawn
 * card's panel, the hints and the log. */
void nine_view_draw_top(void *vv, shell *sh, render *r, float alpha)
{
    nine_view *v = vv;
    int drawn = drawn_on_show(v);
    draw_ring(r, sh, v, alpha);
    draw_flights(r, v, alpha);
    if (drawn) {
        draw_drawn(r, sh, v);
        ui_hint h[] = {{ACT_ACCEPT, "OK"}, {ACT_BACK, "Menu"}};
        ui_draw_hint_bar(r, sh, h, 2);
    } else {
        int draws = nine_spot_find(v, "draw") >= 0 || nine_spot_find(v, "pass") >= 0;
        ui_hint h[] = {{UI_HINT_PEEK, table_peek_offered(v->t) ? "See your hand" : NULL},
                       {ACT_ACCEPT, table_over(v->t) && v->over_seen ? "Score" : "Choose"},
                       {ACT_EXTRA, draws ? (nine_spot_find(v, "draw") >= 0 ? "Draw" : "Pass") : NULL},
                       {ACT_ALT, "Rules"},
                       {ACT_BACK, "Menu"}};
        ui_draw_hint_bar(r, sh, h, 5);
    }
    draw_log(r, sh, v);
}

/* Behind the curtain everyone may read the log. */
void nine_view_draw_public(void *vv, shell *sh, render *r, float alpha)
{
    (void)alpha;
    draw_log(r, sh, vv);
}

