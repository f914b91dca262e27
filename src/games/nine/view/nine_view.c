#include "games/nine/view/nine_view.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "audio/audio.h"
#include "core/log.h"
#include "games/nine/rules/nine.h"
#include "games/nine/rules/nine_text.h"
#include "table/table.h"
#include "table/table_store.h"
#include "ui/ui.h"

#define MAX_FLIGHTS 96
#define MAX_SPOTS 224
#define LOG_LINES 40
#define LOG_LEN 128
#define FLIGHT_TIME 0.34f
#define PARTY_PROMPT 12.0 /* seconds a human has to answer an Immunity prompt in party play */
#define FAN_MAX 40

static const char *const colour_names[4] = {"red", "blue", "green", "purple"};
static const char *const colour_caps[4] = {"Red", "Blue", "Green", "Purple"};
static const rcolor colour_rgb[5] = {
    {200, 52, 44, 255}, {40, 96, 190, 255}, {36, 138, 72, 255}, {122, 62, 166, 255}, {44, 40, 52, 255}};
static const char *const shape_sprites[4] = {"nine/circle", "nine/square", "nine/hexagon", "nine/diamond"};
static const char *const face_names[NINE_FACES] = {
    "",  "1",      "2",    "3",       "4",       "5",    "6",      "7",           "8",
    "9", "Attack", "Swap", "Discard", "Reverse", "Peek", "Reveal", "Color Shift", "Free Discard"};
static const char *const face_index[NINE_FACES] = {"",  "1", "2", "3", "4", "5", "6", "7",  "8",
                                                   "9", "A", "S", "D", "R", "P", "V", "CS", "FD"};
static const char *const face_icons[NINE_FACES] = {
    NULL,           NULL,           NULL,        NULL,          NULL,          NULL,
    NULL,           NULL,           NULL,        NULL,          "nine/attack", "nine/swap",
    "nine/discard", "nine/reverse", "nine/peek", "nine/reveal", "nine/shift",  "nine/free"};

/* A card (or an icon) moving across the table. */
typedef struct flight {
    rrect from, to;
    float delay, t, t_prev;
    int code;         /* card code face up; -1 a card back */
    const char *icon; /* or an icon (Attack's bolt, Peek's eye) */
    rcolor tint;
    int sfx; /* played when it lands; -1 none */
} flight;

enum { SPOT_MOVE, SPOT_MENU };

/* Something the viewer may choose now: a card, a pile, a stack, a player or a button. */
typedef struct spot {
    rrect r;
    int kind;
    int button; /* drawn as a button with label */
    game_move m;
    char label[32];
    char name[32];
} spot;

typedef struct seat_geo {
    rrect area, head;
    rrect stack[NINE_MAX_STACKS];
    float card_w, card_h;
} seat_geo;

typedef struct nine_view {
    table *t;
    const match_setup *m;
    const game_record *rec;
    const nine_state *st; /* the true position: for the rules and the computer only, never drawn */
    nine_state obs;   /* what the viewing seat may know */
    nine_state shown; /* what is drawn: obs, or the observation before a move while it flies */
    int memory;       /* the "What you know" setting: the viewer's memory is drawn */

    flight fl[MAX_FLIGHTS];
    int nfl;

    spot sp[MAX_SPOTS];
    int nsp;
    char focus[32];
    int hover;
    rrect ring, ring_prev;
    int ring_valid;

    char log[LOG_LINES][LOG_LEN];
    int nlog;

    double prompt_deadline;
    int prompt_traced; /* party play: an Immunity prompt answers itself then; 0 none */

    /* geometry of the shown position */
    seat_geo g[GAME_MAX_PLAYERS];
    rrect centre, drawpile, discpile, colour_box, dir_box, prompt, fan_box, log_box, menu_r;
    rrect fan[FAN_MAX];
    uint8_t fan_code[FAN_MAX];
    int nfan;
    rrect hand_r; /* the viewer's drawn card */
    int hand_code;
    rrect peek[FAN_MAX];
    uint8_t peek_code[FAN_MAX];
    int npeek;
    rrect peek_panel;

    /* what the last frame drew face up, for the trace */
    char faces[1024];
    size_t faces_len;
    uint64_t faces_hash;
    int faces_traced;
} nine_view;

/* ---------------------------------------------------------------- helpers */

static float ease(float t)
{
    if (t <= 0)
        return 0;
    if (t >= 1)
        return 1;
    return t * t * (3 - 2 * t);
}

static void seat_name(const nine_view *v, int seat, char *buf, size_t n)
{
    snprintf(buf, n, "Player %d", seat + 1);
    (void)v;
}

static void card_words(uint8_t code, char *buf, size_t n)
{
    int c = nine_colour_of(code), f = nine_face_of(code);
    if (c == NINE_NO_COLOUR)
        snprintf(buf, n, "a %s", face_names[f]);
    else
        snprintf(buf, n, "%s %s", colour_names[c], face_names[f]);
}

static void log_add(nine_view *v, app *a, const char *text)
{
    if (v->nlog == LOG_LINES) {
        memmove(v->log[0], v->log[1], sizeof v->log[0] * (LOG_LINES - 1));
        v->nlog--;
    }
    snprintf(v->log[v->nlog++], LOG_LEN, "%s", text);
    app_trace(a, "nine log %s", text);
}

/* Cards of stack k of seat p in the shown position, sorted by code. */
static int stack_cards(const nine_state *s, int p, int k, uint8_t *out, int max)
{
    int n = 0;
    for (int id = 0; id < NINE_CARDS && n < max; id++)
        if (s->place[id] == NINE_Z_STACK + p && s->stk[id] == k)
            out[n++] = s->code[id];
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            uint8_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

static int hand_card(const nine_state *s, int p)
{
    for (int id = 0; id < NINE_CARDS; id++)
        if (s->place[id] == NINE_Z_HAND + p)
            return s->code[id];
    return -1;
}

/* Relative place of seat p around the table: 0 bottom, 1 left, 2 top, 3 right. */
static int place_of(const nine_view *v, int p)
{
    int n = v->m->players, rel = (p - (table_viewer(v->t) < 0 ? 0 : table_viewer(v->t)) + n) % n;
    if (rel == 0)
        return 0;
    if (n == 2)
        return 2;
    if (n == 3)
        return rel == 1 ? 1 : 3;
    return rel;
}

static int viewer_seat(const nine_view *v) { return table_viewer(v->t) < 0 ? 0 : table_viewer(v->t); }

/* ---------------------------------------------------------------- layout */

static void grid(seat_geo *g, rrect box, int n, float max_h, int bottom)
{
    int best_cols = n > 0 ? n : 1;
    float best_h = 0, tok = bottom ? 44 : 30;
    for (int cols = 1; cols <= (n > 0 ? n : 1); cols++) {
        int rows = (n + cols - 1) / cols;
        float cw = box.w / (float)cols, ch = box.h / (float)(rows ? rows : 1);
        float h = ch - tok - 10, hw = (cw - 14) / 0.7f;
        if (hw < h)
            h = hw;
        if (h > max_h)
            h = max_h;
        if (h > best_h + 0.5f) {
            best_h = h;
            best_cols = cols;
        }
    }
    g->card_h = best_h;
    g->card_w = best_h * 0.7f;
    {
        int rows = (n + best_cols - 1) / best_cols;
        float cw = box.w / (float)best_cols, ch = g->card_h + tok + 10;
        float y0 = box.y + (box.h - ch * (float)rows) / 2;
        for (int k = 0; k < n; k++) {
            int row = k / best_cols, col = k % best_cols, in_row = n - row * best_cols;
            float x0;
            if (in_row > best_cols)
                in_row = best_cols;
            x0 = box.x + (box.w - cw * (float)in_row) / 2;
            g->stack[k] = (rrect){x0 + cw * (float)col + (cw - g->card_w) / 2, y0 + ch * (float)row + 4,
                                  g->card_w, g->card_h};
        }
    }
}

static void layout(nine_view *v, app *a);

static rrect area_for(const nine_view *v, float pw, int place)
{
    int four = v->m->players >= 3;
    switch (place) {
    case 0: return (rrect){24, 668, pw - 48, 336};
    case 1: return (rrect){16, 16, 352, 640};
    case 3: return (rrect){pw - 368, 16, 352, 640};
    default: return four ? (rrect){384, 16, pw - 768, 204} : (rrect){pw * 0.12f, 16, pw * 0.76f, 220};
    }
}

/* ---------------------------------------------------------------- observation */

/* ---------------------------------------------------------------- flights */

static void fly(nine_view *v, rrect from, rrect to, int code, const char *icon, rcolor tint, float delay,
                int sfx)
{
    flight *f;
    if (v->nfl >= MAX_FLIGHTS)
        return;
    f = &v->fl[v->nfl++];
    memset(f, 0, sizeof *f);
    f->from = from;
    f->to = to;
    f->code = code;
    f->icon = icon;
    f->tint = tint;
    f->delay = delay;
    f->sfx = sfx;
}

static rrect held_rect(const nine_view *v, int p)
{
    const nine_state *s = &v->shown;
    if (s->nst[p] == 0)
        return v->g[p].head;
    return v->g[p].stack[s->held[p] < s->nst[p] ? s->held[p] : 0];
}

static rrect stack_rect(const nine_view *v, int p, int k)
{
    if (k < 0 || k >= v->shown.nst[p])
        return v->g[p].head;
    return v->g[p].stack[k];
}

static rrect icon_box(rrect r, float size)
{
    return (rrect){r.x + r.w / 2 - size / 2, r.y + r.h / 2 - size / 2, size, size};
}

/* The animation of move m by seat p, from the shown (before) position. */
static void flights_for(nine_view *v, const nine_state *before, const game_move *m, int p)
{
    rrect draw = v->drawpile, disc = v->discpile, card = {0, 0, v->discpile.w, v->discpile.h};
    int vs = viewer_seat(v);
    switch (m->kind) {
    case NINE_M_PLAY: {
        rrect from = held_rect(v, p);
        int f = nine_face_of(m->b[0]);
        if (p == vs && before->pend.kind != NINE_P_DRAWN)
            for (int i = 0; i < v->nfan; i++)
                if (v->fan_code[i] == m->b[0]) {
                    from = v->fan[i];
                    break;
                }
        if (before->pend.kind == NINE_P_DRAWN && p == vs && v->hand_code >= 0)
            from = v->hand_r;
        fly(v, from, disc, m->b[0], NULL, UI_WHITE, 0, SFX_DROP);
        if (f == NINE_DISCARD) {
            for (int i = 0; i < 3 && i < before->ssize[p][before->held[p]] - 1; i++)
                fly(v, held_rect(v, p), disc, -1, NULL, UI_WHITE, 0.06f * (float)(i + 1), -1);
        }
        break;
    }
    case NINE_M_DRAW: fly(v, draw, held_rect(v, p), -1, NULL, UI_WHITE, 0, SFX_PICKUP); break;
    case NINE_M_ATTACK:
        fly(v, icon_box(v->g[p].head, 64), icon_box(v->g[m->b[0]].head, 64), -1, "nine/attack", colour_rgb[0],
            0, SFX_ERROR);
        if (before->ndraw > 0)
            fly(v, draw, v->g[m->b[0]].head.w > 0 ? icon_box(v->g[m->b[0]].head, card.h) : draw, -1, NULL,
                UI_WHITE, 0.2f, SFX_DEAL);
        break;
    case NINE_M_PEEK:
        fly(v, icon_box(v->g[p].head, 56), icon_box(stack_rect(v, m->b[0], m->b[1]), 56), -1, "nine/peek",
            UI_WHITE, 0, SFX_CLICK);
        break;
    case NINE_M_WITH: {
        rrect x = stack_rect(v, before->pend.p1, before->pend.s1), y = stack_rect(v, m->b[0], m->b[1]);
        fly(v, x, y, -1, NULL, UI_WHITE, 0, SFX_DROP);
        fly(v, y, x, -1, NULL, UI_WHITE, 0, -1);
        break;
    }
    case NINE_M_DISCARD:
        for (int i = 0; i < 3 && i < before->ssize[p][m->b[0]]; i++)
            fly(v, stack_rect(v, p, m->b[0]), disc, -1, NULL, UI_WHITE, 0.07f * (float)i, i ? -1 : SFX_DROP);
        break;
    case NINE_M_KEEP:
        if (p == vs && v->hand_code >= 0)
            fly(v, v->hand_r, held_rect(v, p), -1, NULL, UI_WHITE, 0, SFX_DROP);
        break;
    case NINE_M_IMMUNE:
        fly(v, icon_box(v->g[p].head, 40), icon_box(v->g[p].head, 120), -1, "nine/shield",
            (rcolor){90, 200, 220, 255}, 0, SFX_CLICK);
        break;
    case NINE_M_TAKE:
    case NINE_M_GIVE:
        fly(v, stack_rect(v, before->pend.p1, before->pend.s1), held_rect(v, p), -1, NULL, UI_WHITE, 0,
            SFX_PICKUP);
        break;
    default: break;
    }
}

static void deal_flights(nine_view *v)
{
    float d = 0;
    for (int k = 0; k < NINE_STACKS; k++)
        for (int i = 0; i < v->m->players; i++) {
            int p = (v->st->turn + i) % v->m->players;
            if (k < v->shown.nst[p]) {
                fly(v, v->drawpile, v->g[p].stack[k], -1, NULL, UI_WHITE, d,
                    (k + i) % 3 == 0 ? SFX_DEAL : -1);
                d += 0.02f;
            }
        }
}

/* ---------------------------------------------------------------- words */

static void describe(const nine_state *s, const game_move *m, char *buf, size_t n)
{
    int p = nine_decider(s);
    char who[16], whom[16], card[40];
    seat_name(NULL, p, who, sizeof who);
    switch (m->kind) {
    case NINE_M_PLAY: {
        int f = nine_face_of(m->b[0]);
        card_words(m->b[0], card, sizeof card);
        if (f <= 9)
            snprintf(buf, n, "%s played %s: everyone moves to stack %d.", who, card, f);
        else if (f == NINE_REVERSE)
            snprintf(buf, n, "%s played %s: play turns %s.", who, card,
                     s->dir ? "clockwise" : "counter-clockwise");
        else if (f == NINE_DISCARD)
            snprintf(buf, n, "%s played %s: the held stack is thrown away.", who, card);
        else if (f == NINE_SHIFT)
            snprintf(buf, n, "%s played a Color Shift: the next card sets the colour.", who);
        else if (f == NINE_FREE)
            snprintf(buf, n, "%s played a Free Discard.", who);
        else
            snprintf(buf, n, "%s played %s.", who, card);
        break;
    }
    case NINE_M_DRAW: snprintf(buf, n, "%s drew a card.", who); break;
    case NINE_M_PASS: snprintf(buf, n, "%s passed: nothing left to draw.", who); break;
    case NINE_M_KEEP:
        snprintf(buf, n, "%s kept the drawn card%s.", who,
                 s->pend.keep == NINE_KEEP_NEW ? " as a new stack" : "");
        break;
    case NINE_M_ATTACK:
        seat_name(NULL, m->b[0], whom, sizeof whom);
        snprintf(buf, n, "%s attacks %s.", who, whom);
        break;
    case NINE_M_PEEK:
        seat_name(NULL, m->b[0], whom, sizeof whom);
        snprintf(buf, n, "%s peeks at %s's stack %d.", who, whom, m->b[1] + 1);
        break;
    case NINE_M_TAKE: snprintf(buf, n, "%s takes a card from the peeked stack.", who); break;
    case NINE_M_GIVE: snprintf(buf, n, "%s gives a card in its place.", who); break;
    case NINE_M_RETURN: snprintf(buf, n, "%s hands the stack back.", who); break;
    case NINE_M_SWAP:
        seat_name(NULL, m->b[0], whom, sizeof whom);
        snprintf(buf, n, "%s swaps %s's stack %d...", who, whom, m->b[1] + 1);
        break;
    case NINE_M_WITH:
        seat_name(NULL, m->b[0], whom, sizeof whom);
        snprintf(buf, n, "...with %s's stack %d.", whom, m->b[1] + 1);
        break;
    case NINE_M_REVEAL: snprintf(buf, n, "%s reveals every opponent's stack %d.", who, m->b[0]); break;
    case NINE_M_DISCARD:
        snprintf(buf, n, "%s throws away stack %d with the Free Discard.", who, m->b[0] + 1);
        break;
    case NINE_M_IMMUNE: snprintf(buf, n, "%s uses Immunity!", who); break;
    case NINE_M_ACCEPT: snprintf(buf, n, "%s lets it happen.", who); break;
    default: snprintf(buf, n, "%s moved.", who); break;
    }
}

/* ---------------------------------------------------------------- moves */

/* What the viewer may know of the position, and the prompt it faces. */
static void nine_view_changed(void *vv, app *a, table_change why)
{
    nine_view *v = vv;
    (void)a;
    if (why == TABLE_LIFTED) {
        nine_rules.observe(v->st, table_viewer(v->t), &v->obs);
        v->shown = v->obs;
        v->focus[0] = 0;
        v->prompt_traced = 0;
        return;
    }
    v->prompt_deadline = 0;
    v->prompt_traced = 0;
    nine_rules.observe(v->st, viewer_seat(v), &v->obs);
    if (why == TABLE_PLAYED && v->nfl == 0)
        v->shown = v->obs;
}

/* A move went into the record: log it and fly its cards. */
static void nine_view_played(void *vv, app *a, const void *before_st, const game_move *m, const char *text,
                             int by_computer)
{
    nine_view *v = vv;
    const nine_state *before = before_st;
    char words[LOG_LEN];
    int p = nine_decider(before);
    (void)by_computer;
    app_trace(a, "nine move p%d %s", p + 1, text);
    describe(before, m, words, sizeof words);
    log_add(v, a, words);
    if (before->ndraw < v->st->ndraw && m->kind != NINE_M_PLAY)
        audio_play(SFX_SHUFFLE);
    v->nfl = 0;
    if (!a->settings.v[SETTING_reduced_motion])
        flights_for(v, before, m, p);
    if (m->kind == NINE_M_PLAY && a->settings.v[SETTING_reduced_motion])
        audio_play(SFX_DROP);
}

/* ---------------------------------------------------------------- spots */

static void spot_add(nine_view *v, rrect r, int kind, const game_move *m, const char *label, int button,
                     const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static void spot_add(nine_view *v, rrect r, int kind, const game_move *m, const char *label, int button,
                     const char *fmt, ...)
{
    spot *s;
    va_list ap;
    if (v->nsp >= MAX_SPOTS)
        return;
    s = &v->sp[v->nsp++];
    memset(s, 0, sizeof *s);
    s->r = r;
    s->kind = kind;
    s->button = button;
    if (m)
        s->m = *m;
    snprintf(s->label, sizeof s->label, "%s", label ? label : "");
    va_start(ap, fmt);
    vsnprintf(s->name, sizeof s->name, fmt, ap);
    va_end(ap);
}

/* The viewer decides now (and may see the table). */
static int viewer_decides(const nine_view *v)
{
    int d = nine_decider(v->st);
    return !table_over(v->t) && table_curtain(v->t) < 0 && v->nfl == 0 && d >= 0 && d == table_viewer(v->t) && table_seat_human(v->t, d);
}

/* Buttons in the prompt row, left to right. */
static rrect button_at(const nine_view *v, int i, int n, float w)
{
    float gap = 16, total = w * (float)n + gap * (float)(n - 1);
    float x0 = v->prompt.x + v->prompt.w - total;
    return (rrect){x0 + (w + gap) * (float)i, v->prompt.y + 4, w, 58};
}

static void build_spots(nine_view *v)
{
    game_move mv[GAME_MAX_MOVES];
    int n = 0, nb = 0, bi = 0;
    const nine_state *s = &v->shown;
    v->nsp = 0;
    if (viewer_decides(v))
        n = nine_rules.legal_moves(&v->obs, mv, GAME_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        int k = mv[i].kind;
        nb += k == NINE_M_PASS || k == NINE_M_KEEP || k == NINE_M_RETURN || k == NINE_M_IMMUNE ||
              k == NINE_M_ACCEPT || k == NINE_M_REVEAL || k == NINE_M_DRAW;
    }
    for (int i = 0; i < n; i++) {
        const game_move *m = &mv[i];
        char nm[8];
        switch (m->kind) {
        case NINE_M_PLAY:
            nine_card_name(m->b[0], nm);
            if (s->pend.kind == NINE_P_DRAWN) {
                spot_add(v, v->hand_r, SPOT_MOVE, m, NULL, 0, "play %s", nm);
            } else {
                for (int j = 0; j < v->nfan; j++)
                    if (v->fan_code[j] == m->b[0]) {
                        spot_add(v, v->fan[j], SPOT_MOVE, m, NULL, 0, "play %s", nm);
                        break;
                    }
            }
            break;
        case NINE_M_GIVE:
            nine_card_name(m->b[0], nm);
            for (int j = 0; j < v->nfan; j++)
                if (v->fan_code[j] == m->b[0]) {
                    spot_add(v, v->fan[j], SPOT_MOVE, m, NULL, 0, "give %s", nm);
                    break;
                }
            break;
        case NINE_M_TAKE:
            nine_card_name(m->b[0], nm);
            for (int j = 0; j < v->npeek; j++)
                if (v->peek_code[j] == m->b[0]) {
                    spot_add(v, v->peek[j], SPOT_MOVE, m, NULL, 0, "take %s", nm);
                    break;
                }
            break;
        case NINE_M_DRAW:
            spot_add(v, v->drawpile, SPOT_MOVE, m, NULL, 0, "draw pile");
            spot_add(v, button_at(v, bi++, nb, 150), SPOT_MOVE, m, "Draw", 1, "draw");
            break;
        case NINE_M_PASS: spot_add(v, button_at(v, bi++, nb, 150), SPOT_MOVE, m, "Pass", 1, "pass"); break;
        case NINE_M_KEEP: spot_add(v, button_at(v, bi++, nb, 150), SPOT_MOVE, m, "Keep", 1, "keep"); break;
        case NINE_M_RETURN:
            spot_add(v, button_at(v, bi++, nb, 190), SPOT_MOVE, m, "Hand back", 1, "return");
            break;
        case NINE_M_IMMUNE:
            spot_add(v, button_at(v, bi++, nb, 190), SPOT_MOVE, m, "Use Immunity", 1, "immune");
            break;
        case NINE_M_ACCEPT:
            spot_add(v, button_at(v, bi++, nb, 190), SPOT_MOVE, m, "Let it happen", 1, "accept");
            break;
        case NINE_M_REVEAL: {
            char lb[8];
            snprintf(lb, sizeof lb, "%d", m->b[0]);
            spot_add(v, button_at(v, bi++, nb, nb > 9 ? 52 : 64), SPOT_MOVE, m, lb, 1, "reveal %d", m->b[0]);
            break;
        }
        case NINE_M_ATTACK:
            spot_add(v, v->g[m->b[0]].head, SPOT_MOVE, m, NULL, 0, "attack p%d", m->b[0] + 1);
            break;
        case NINE_M_PEEK:
        case NINE_M_SWAP:
        case NINE_M_WITH:
            spot_add(v, stack_rect(v, m->b[0], m->b[1]), SPOT_MOVE, m, NULL, 0, "%s p%ds%d",
                     m->kind == NINE_M_PEEK   ? "peek"
                     : m->kind == NINE_M_SWAP ? "swap"
                                              : "with",
                     m->b[0] + 1, m->b[1] + 1);
            break;
        case NINE_M_DISCARD:
            spot_add(v, stack_rect(v, viewer_seat(v), m->b[0]), SPOT_MOVE, m, NULL, 0, "discard s%d",
                     m->b[0] + 1);
            break;
        default: break;
        }
    }
    spot_add(v, v->menu_r, SPOT_MENU, NULL, "Menu", 1, "menu");
}

static int spot_find(const nine_view *v, const char *name)
{
    for (int i = 0; i < v->nsp; i++)
        if (strcmp(v->sp[i].name, name) == 0)
            return i;
    return -1;
}

static int focus_index(nine_view *v)
{
    int i = spot_find(v, v->focus);
    if (i < 0 && v->nsp > 0)
        i = 0; /* the first choice (a card to play when there is one) */
    return i;
}

static int spot_at(const nine_view *v, float x, float y)
{
    /* Later spots are drawn on top (fanned cards overlap to the right). */
    for (int i = v->nsp - 1; i >= 0; i--) {
        if (ui_rect_contains(v->sp[i].r, x, y))
            return i;
    }
    return -1;
}

/* ---------------------------------------------------------------- layout */

static void layout(nine_view *v, app *a)
{
    float pw = a->vw - 440;
    const nine_state *s = &v->shown;
    int vs = viewer_seat(v), four = v->m->players >= 3;
    uint8_t codes[FAN_MAX];
    v->log_box = (rrect){a->vw - 424, 16, 408, 904};
    v->menu_r = (rrect){a->vw - 424 + 24, 936, 360, 64};
    for (int p = 0; p < v->m->players; p++) {
        int pl = place_of(v, p);
        seat_geo *g = &v->g[p];
        rrect ar = area_for(v, pw, pl);
        g->area = ar;
        g->head = (rrect){ar.x + 8, ar.y + 6, ar.w - 16, 40};
        grid(g, (rrect){ar.x + 8, ar.y + 50, ar.w - 16, ar.h - 56}, s->nst[p], pl == 0 ? 150 : 118, pl == 0);
    }
    {
        float cx0 = four ? 384 : pw * 0.12f, cw = four ? pw - 768 : pw * 0.76f;
        v->centre = (rrect){cx0, 236, cw, 196};
        v->drawpile = (rrect){cx0 + cw / 2 - 190, 248, 120, 168};
        v->discpile = (rrect){cx0 + cw / 2 - 40, 248, 120, 168};
        v->colour_box = (rrect){cx0 + cw / 2 + 120, 252, 96, 96};
        v->dir_box = (rrect){cx0 + cw / 2 + 120 + 150, 252, 96, 96};
        if (four) { /* narrower centre: the piles move left to make room */
            v->drawpile.x -= 60;
            v->discpile.x -= 60;
            v->colour_box.x -= 60;
            v->dir_box.x -= 60;
        }
        v->prompt = (rrect){cx0 - (four ? 0 : 0), 440, cw, 66};
        v->fan_box = (rrect){four ? 384 : 200, 512, four ? pw - 768 : pw - 400, 150};
    }
    /* the viewer's held stack, fanned face up */
    v->nfan = 0;
    v->hand_code = -1;
    if (vs >= 0 && s->nst[vs] > 0 && table_curtain(v->t) < 0) {
        int n = stack_cards(s, vs, s->held[vs], codes, FAN_MAX), h = hand_card(s, vs);
        float cw = 104, ch = 146, total = v->fan_box.w - (h >= 0 ? 150 : 0);
        float step = n > 1 ? (total - cw) / (float)(n - 1) : 0;
        if (step > cw + 10)
            step = cw + 10;
        {
            float used = cw + step * (float)(n - 1) + (h >= 0 ? 150 : 0);
            float x0 = v->fan_box.x + (v->fan_box.w - used) / 2;
            for (int i = 0; i < n; i++) {
                v->fan[i] = (rrect){x0 + step * (float)i, v->fan_box.y, cw, ch};
                v->fan_code[i] = codes[i];
            }
            v->nfan = n;
            if (h >= 0) {
                v->hand_code = h;
                v->hand_r = (rrect){x0 + used - cw, v->fan_box.y - 6, cw, ch};
            }
        }
    } else if (vs >= 0 && table_curtain(v->t) < 0) {
        int h = hand_card(s, vs);
        if (h >= 0) {
            v->hand_code = h;
            v->hand_r = (rrect){v->fan_box.x + v->fan_box.w / 2 - 52, v->fan_box.y, 104, 146};
        }
    }
    /* a peeked stack, face up for the peeker only */
    v->npeek = 0;
    if ((s->pend.kind == NINE_P_TAKE || s->pend.kind == NINE_P_GIVE) && s->turn == vs && table_curtain(v->t) < 0 &&
        nine_stack_visible(s, vs, s->pend.p1, s->pend.s1)) {
        int n = stack_cards(s, s->pend.p1, s->pend.s1, codes, FAN_MAX);
        float cw = 96, step = n > 1 ? (v->centre.w - 80 - cw) / (float)(n - 1) : 0;
        if (step > cw + 8)
            step = cw + 8;
        {
            float used = cw + step * (float)(n - 1);
            float pw2 = used + 56 > 320 ? used + 56 : 320;
            v->peek_panel = (rrect){v->centre.x + (v->centre.w - pw2) / 2, v->centre.y - 14, pw2, 222};
            for (int i = 0; i < n; i++) {
                v->peek[i] = (rrect){v->peek_panel.x + (pw2 - used) / 2 + step * (float)i,
                                     v->peek_panel.y + 64, cw, 134};
                v->peek_code[i] = codes[i];
            }
            v->npeek = n;
        }
    }
    build_spots(v);
    (void)a;
}

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

static void draw_back(render *r, rrect c, uint8_t alpha)
{
    sprite_id b = render_sprite_find(r, "nine/back");
    render_shadow(r, c, c.w * 0.09f, 6, (rcolor){0, 0, 0, (uint8_t)(alpha * 0.45f)});
    if (b >= 0)
        render_sprite(r, b, c, (rcolor){255, 255, 255, alpha});
    else
        render_round_rect(r, c, c.w * 0.09f, (rcolor){42, 61, 102, alpha});
}

static void draw_face(render *r, rrect c, uint8_t code, uint8_t alpha)
{
    int col = nine_colour_of(code), f = nine_face_of(code);
    float rad = c.w * 0.09f, bw = c.w * 0.06f;
    rrect in = {c.x + bw, c.y + bw, c.w - 2 * bw, c.h - 2 * bw};
    rcolor base = colour_rgb[col > 4 ? 4 : col], white = {255, 255, 255, alpha};
    base.a = alpha;
    render_shadow(r, c, rad, 6, (rcolor){0, 0, 0, (uint8_t)(alpha * 0.45f)});
    render_round_rect(r, c, rad, (rcolor){253, 248, 238, alpha});
    render_round_rect(r, in, rad * 0.7f, base);
    if (col < 4) {
        /* the colour-blind shape behind the number or name */
        sprite_id sh = render_sprite_find(r, shape_sprites[col]);
        float d = in.w * 0.86f;
        if (sh >= 0)
            render_sprite(r, sh, (rrect){in.x + (in.w - d) / 2, in.y + (in.h - d) / 2, d, d},
                          (rcolor){255, 255, 255, (uint8_t)(alpha * 0.32f)});
    }
    if (f >= 1 && f <= 9) {
        float size = c.h * 0.44f;
        char t[2] = {(char)('0' + f), 0};
        ui_text_center(r, FONT_SANS_BOLD, size, (rrect){in.x + 2, in.y + 3, in.w, in.h},
                       (rcolor){0, 0, 0, (uint8_t)(alpha * 0.35f)}, t);
        ui_text_center(r, FONT_SANS_BOLD, size, in, white, t);
    } else if (f < NINE_FACES && face_icons[f]) {
        sprite_id ic = render_sprite_find(r, face_icons[f]);
        float d = in.w * (f == NINE_SHIFT || f == NINE_FREE ? 0.72f : 0.56f);
        if (ic >= 0)
            render_sprite(
                r, ic,
                (rrect){in.x + (in.w - d) / 2, in.y + (in.h - d) / 2 - (c.h > 100 ? c.h * 0.04f : 0), d, d},
                white);
        if (c.h > 100) {
            const char *nm = face_names[f];
            float fs = c.h * 0.085f;
            if (render_text_width(r, FONT_SANS_BOLD, fs, nm) > in.w - 6)
                fs *= (in.w - 6) / render_text_width(r, FONT_SANS_BOLD, fs, nm);
            ui_text_center(r, FONT_SANS_BOLD, fs, (rrect){in.x, in.y + in.h * 0.8f, in.w, in.h * 0.16f},
                           white, nm);
        }
    }
    if (c.h >= 60) {
        /* the corner index, readable when cards overlap */
        render_text(r, FONT_SANS_BOLD, c.h * 0.14f, in.x + c.w * 0.05f, in.y + c.h * 0.01f, white,
                    face_index[f]);
    }
}

static void draw_token(render *r, float cx, float cy, float d, int number, int held)
{
    char t[8];
    snprintf(t, sizeof t, "%d", number);
    render_round_rect(r, (rrect){cx - d / 2, cy - d / 2, d, d}, d / 2,
                      held ? UI_GOLD : (rcolor){236, 222, 196, 255});
    render_round_outline(r, (rrect){cx - d / 2, cy - d / 2, d, d}, d / 2, 2, (rcolor){80, 60, 40, 255});
    ui_text_center(r, FONT_SANS_BOLD, d * 0.56f, (rrect){cx - d / 2, cy - d / 2, d, d}, UI_INK, t);
}

/* The viewer's held stack lies in its hands (the fan shows it). */
static int in_hand(const nine_view *v, int p, int k)
{
    return p == viewer_seat(v) && v->shown.held[p] == k && v->nfan > 0;
}

/* A stack drawn face up on the table: one the viewer may see by the
 * observation (revealed stacks), other than the one in its hands. */
static int face_up(const nine_view *v, int p, int k)
{
    const nine_state *s = &v->shown;
    if (v->npeek > 0 && p == s->pend.p1 && k == s->pend.s1)
        return 0; /* a peeked stack is shown in its own panel */
    return nine_stack_visible(s, viewer_seat(v), p, k) && !in_hand(v, p, k);
}

/* Codes of the face-down cards of stack (p, k) the viewer remembers, when
 * the setting shows them; never behind the curtain, where nobody's cards are
 * drawn. Returns how many. */
static int remembered(const nine_view *v, int p, int k, uint8_t *codes, int max)
{
    const nine_state *s = &v->shown;
    int vs = viewer_seat(v), n = 0;
    if (!v->memory || table_curtain(v->t) >= 0 || face_up(v, p, k) || in_hand(v, p, k))
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
        draw_face(r, (rrect){c.x, c.y + step * (float)i - step * (float)(m - 1) / 2, c.w, c.h}, codes[i], 120);
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
    int vs = viewer_seat(v), n = s->ssize[p][k], held = s->held[p] == k;
    int bottom = place_of(v, p) == 0;
    float tok = bottom ? 40 : 26;
    char cnt[8];
    if (in_hand(v, p, k)) {
        /* in the owner's hands: the fan shows it */
        render_round_outline(r, c, c.w * 0.09f, 3, (rcolor){255, 220, 120, 200});
        ui_text_center(r, FONT_SANS_OBLIQUE, c.h * 0.13f, c, (rcolor){255, 236, 200, 255}, "in hand");
    } else if (face_up(v, p, k)) {
        uint8_t codes[FAN_MAX];
        int m = stack_cards(s, p, k, codes, FAN_MAX);
        float step = m > 1 ? (c.h * 0.5f) / (float)(m - 1) : 0;
        if (step > c.h * 0.18f)
            step = c.h * 0.18f;
        for (int i = 0; i < m; i++) {
            draw_face(
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
            draw_back(r, (rrect){c.x - 2.0f * (float)i, c.y - 2.0f * (float)i, c.w, c.h}, 255);
        if (m > 0)
            draw_remembered(r, c, codes, m);
    }
    if (held && !(p == vs && v->nfan > 0))
        render_round_outline(r, (rrect){c.x - 5, c.y - 5, c.w + 10, c.h + 10}, c.w * 0.12f, 3, UI_GOLD);
    draw_token(r, c.x + c.w / 2, c.y + c.h + 8 + tok / 2, tok, k + 1, held);
    snprintf(cnt, sizeof cnt, "%d", n);
    {
        float d = bottom ? 30 : 22;
        rrect b = {c.x + c.w - d * 0.7f, c.y + c.h - d * 0.7f, d, d};
        render_round_rect(r, b, d / 2, (rcolor){30, 20, 12, 220});
        ui_text_center(r, FONT_SANS_BOLD, d * 0.6f, b, UI_CREAM, cnt);
    }
}

static void draw_seat(render *r, app *a, nine_view *v, int p)
{
    const nine_state *s = &v->shown;
    seat_geo *g = &v->g[p];
    int dec = nine_decider(s) == p, has_imm = (s->immunity >> p) & 1;
    char name[96], line[96], kind[48];
    sprite_id sh = render_sprite_find(r, "nine/shield");
    float x;
    render_round_rect(r, g->area, 22, dec ? (rcolor){255, 230, 160, 46} : (rcolor){0, 0, 0, 52});
    if (dec)
        render_round_outline(r, g->area, 22, 3, UI_GOLD);
    ui_audit_box(g->head);
    if (sh >= 0)
        render_sprite(r, sh, (rrect){g->head.x + 4, g->head.y + 2, 36, 36},
                      has_imm ? (rcolor){110, 210, 230, 255} : (rcolor){120, 110, 100, 110});
    table_seat_name(v->m, p, kind, sizeof kind);
    snprintf(name, sizeof name, "Player %d", p + 1);
    x = g->head.x + 48;
    x += render_text(r, FONT_SANS_BOLD, UI_BODY, x, g->head.y + 2, UI_CREAM, name) + 10;
    {
        int left = nine_cards_left(s, p);
        snprintf(line, sizeof line, "%s%s \xc2\xb7 %d card%s",
                 p == viewer_seat(v) && table_seat_human(v->t, p) ? "You, " : "", kind, left, left == 1 ? "" : "s");
    }
    if (render_text_width(r, FONT_SANS, UI_SMALL, line) > g->head.x + g->head.w - x)
        snprintf(line, sizeof line, "%d cards", nine_cards_left(s, p));
    render_text(r, FONT_SANS, UI_SMALL, x, g->head.y + 7, (rcolor){240, 222, 196, 255}, line);
    if (dec && table_thinking(v->t)) {
        int dots = (int)(table_time(v->t) * 3) % 4;
        snprintf(line, sizeof line, "thinking%.*s", dots, "...");
        rrect tb = {g->head.x + g->head.w - 118, g->head.y + 4, 118, 32};
        render_round_rect(r, tb, 16, (rcolor){30, 18, 8, 190});
        render_text(r, FONT_SANS_OBLIQUE, UI_SMALL, tb.x + 12, tb.y + 2, UI_CREAM, line);
    }
    for (int k = 0; k < s->nst[p]; k++)
        draw_stack(r, v, p, k);
    if (s->nst[p] == 0 && hand_card(s, p) < 0)
        ui_text_center(r, FONT_SANS_OBLIQUE, UI_BODY, g->area, UI_CREAM, "No stacks left");
    (void)a;
}

static void draw_centre(render *r, nine_view *v)
{
    const nine_state *s = &v->shown;
    char t[48];
    /* draw pile */
    if (s->ndraw > 0) {
        int depth = s->ndraw > 6 ? 6 : s->ndraw;
        for (int i = depth - 1; i >= 0; i--)
            draw_back(r,
                      (rrect){v->drawpile.x - 1.5f * (float)i, v->drawpile.y - 1.5f * (float)i, v->drawpile.w,
                              v->drawpile.h},
                      255);
    } else {
        render_round_outline(r, v->drawpile, 10, 3, (rcolor){255, 255, 255, 90});
    }
    snprintf(t, sizeof t, "Draw \xc2\xb7 %d", s->ndraw);
    ui_text_center(r, FONT_SANS, UI_SMALL,
                   (rrect){v->drawpile.x - 20, v->drawpile.y + v->drawpile.h + 2, v->drawpile.w + 40, 28},
                   UI_CREAM, t);
    /* discard pile: the top card, the one under it peeking out */
    if (s->ndisc > 1)
        draw_face(r, (rrect){v->discpile.x + 8, v->discpile.y + 4, v->discpile.w, v->discpile.h},
                  s->code[s->disc[s->ndisc - 2]], 255);
    if (s->ndisc > 0)
        draw_face(r, v->discpile, s->code[s->disc[s->ndisc - 1]], 255);
    else
        render_round_outline(r, v->discpile, 10, 3, (rcolor){255, 255, 255, 90});
    snprintf(t, sizeof t, "Discard \xc2\xb7 %d", s->ndisc);
    ui_text_center(r, FONT_SANS, UI_SMALL,
                   (rrect){v->discpile.x - 20, v->discpile.y + v->discpile.h + 2, v->discpile.w + 40, 28},
                   UI_CREAM, t);
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
        ui_text_center(r, FONT_SANS, UI_SMALL, (rrect){b.x - 30, b.y + b.h + 2, b.w + 60, 28}, UI_CREAM, t);
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
        ui_text_center(r, FONT_SANS, UI_SMALL, (rrect){b.x - 40, b.y + b.h + 2, b.w + 80, 28}, UI_CREAM,
                       s->dir ? "Counter-clockwise" : "Clockwise");
    }
    if (s->rev_num) {
        float w;
        rrect b;
        snprintf(t, sizeof t, "Revealed: stack %d", s->rev_num);
        w = render_text_width(r, FONT_SANS_BOLD, UI_SMALL, t) + 32;
        b = (rrect){v->colour_box.x + (v->dir_box.x + v->dir_box.w - v->colour_box.x) / 2 - w / 2,
                    v->dir_box.y + v->dir_box.h + 34, w, 34};
        ui_audit_box(b);
        render_round_rect(r, b, 17, (rcolor){30, 18, 8, 170});
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, b, UI_GOLD, t);
    }
}

static void prompt_text(const nine_view *v, char *buf, size_t n)
{
    const nine_state *s = &v->shown;
    int d = nine_decider(v->st), vs = viewer_seat(v);
    char who[16];
    if (table_over(v->t)) {
        game_result res;
        nine_rules.result(v->st, &res);
        if (res.winner >= 0)
            snprintf(buf, n, "Player %d wins! Press to see the score.", res.winner + 1);
        else
            snprintf(buf, n, "The game is over. Press to see the score.");
        return;
    }
    if (d < 0) {
        buf[0] = 0;
        return;
    }
    seat_name(v, d, who, sizeof who);
    if (d != table_viewer(v->t) || !table_seat_human(v->t, d) || table_curtain(v->t) >= 0) {
        snprintf(buf, n, "%s %s.", who, table_seat_human(v->t, d) ? "is deciding" : "(computer) is thinking");
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
    default: snprintf(buf, n, "Your turn: play a matching card, or draw."); break;
    }
    (void)vs;
}

static void draw_prompt(render *r, app *a, nine_view *v)
{
    char t[160];
    float w = v->prompt.w;
    prompt_text(v, t, sizeof t);
    for (int i = 0; i < v->nsp; i++)
        if (v->sp[i].button && v->sp[i].kind == SPOT_MOVE && v->sp[i].r.x - v->prompt.x < w)
            w = v->sp[i].r.x - v->prompt.x - 16;
    if (t[0]) {
        float tw = render_text_width(r, FONT_SANS_BOLD, UI_SMALL, t);
        rrect b = {v->prompt.x, v->prompt.y + 10, (tw + 40 < w ? tw + 40 : w), 48};
        ui_audit_box(b);
        render_round_rect(r, b, 24, (rcolor){30, 18, 8, 170});
        render_push_clip(r, b);
        render_text(r, FONT_SANS_BOLD, UI_SMALL, b.x + 20, b.y + 10, table_over(v->t) ? UI_GOLD : UI_CREAM, t);
        render_pop_clip(r);
    }
    if (v->prompt_deadline > 0 && viewer_decides(v)) {
        double left = v->prompt_deadline - table_time(v->t);
        rrect bar = {v->prompt.x, v->prompt.y + 62, w * (float)(left / PARTY_PROMPT), 6};
        if (bar.w > 0)
            render_round_rect(r, bar, 3, UI_ACCENT);
    }
    (void)a;
}

static void draw_fan(render *r, nine_view *v)
{
    for (int i = 0; i < v->nfan; i++) {
        int hot = 0;
        rrect c = v->fan[i];
        for (int j = 0; j < v->nsp; j++)
            if (v->sp[j].kind == SPOT_MOVE && !v->sp[j].button && v->sp[j].r.x == c.x && v->sp[j].r.y == c.y)
                hot = 1;
        if (hot)
            c.y -= 14;
        draw_face(r, c, v->fan_code[i], 255);
    }
    if (v->hand_code >= 0) {
        draw_face(r, v->hand_r, (uint8_t)v->hand_code, 255);
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL,
                       (rrect){v->hand_r.x, v->hand_r.y + v->hand_r.h + 2, v->hand_r.w, 26}, UI_GOLD,
                       "Drawn");
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
        draw_face(r, v->peek[i], v->peek_code[i], 255);
    }
}

static void draw_spots(render *r, app *a, nine_view *v, float alpha)
{
    float pulse = 0.5f + 0.5f * sinf((float)table_time(v->t) * 5.0f);
    int fi = focus_index(v);
    for (int i = 0; i < v->nsp; i++) {
        spot *s = &v->sp[i];
        if (s->button) {
            ui_draw_button(r, s->r, s->label, i == v->hover || (i == fi && ui_focus_visible(a)), 1,
                           s->kind == SPOT_MOVE && (s->m.kind == NINE_M_DRAW || s->m.kind == NINE_M_IMMUNE));
            continue;
        }
        if (s->m.kind == NINE_M_PLAY || s->m.kind == NINE_M_GIVE) {
            rrect c = s->r;
            if (s->m.kind == NINE_M_PLAY && v->shown.pend.kind != NINE_P_DRAWN)
                c.y -= 14;
            render_round_outline(r, (rrect){c.x - 4, c.y - 4, c.w + 8, c.h + 8}, 12, 4,
                                 (rcolor){120, 240, 120, (uint8_t)(150 + 90 * pulse)});
        } else {
            rrect c = s->r;
            render_round_outline(r, (rrect){c.x - 5, c.y - 5, c.w + 10, c.h + 10}, 12, 4,
                                 (rcolor){120, 240, 120, (uint8_t)(130 + 110 * pulse)});
        }
        if (i == v->hover && a->in.last_device == DEV_MOUSE)
            render_round_rect(r, s->r, 10, (rcolor){255, 255, 255, 40});
    }
    if (fi >= 0 && ui_focus_visible(a) && v->ring_valid) {
        rrect g = ui_rect_lerp(v->ring_prev, v->ring, alpha);
        render_round_outline(r, (rrect){g.x - 9, g.y - 9, g.w + 18, g.h + 18}, 14, 7,
                             (rcolor){20, 12, 6, 200});
        render_round_outline(r, (rrect){g.x - 7, g.y - 7, g.w + 14, g.h + 14}, 12, 4, UI_WHITE);
    }
}

static void draw_flights(render *r, nine_view *v, float alpha)
{
    for (int i = 0; i < v->nfl; i++) {
        flight *f = &v->fl[i];
        float t = f->t_prev + (f->t - f->t_prev) * alpha, e = ease(t);
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
                draw_face(r, cc, (uint8_t)f->code, 255);
            else
                draw_back(r, cc, 255);
        }
    }
}

static void draw_log(render *r, nine_view *v)
{
    rrect lb = v->log_box, inner;
    float y;
    ui_draw_panel(r, lb);
    render_text(r, FONT_SERIF_BOLD, UI_HEAD, lb.x + 24, lb.y + 16, UI_INK, "9 STAX");
    inner = (rrect){lb.x + 20, lb.y + 76, lb.w - 40, lb.h - 96};
    ui_audit_box(inner);
    render_round_rect(r, inner, 14, UI_PAPER);
    render_push_clip(r, inner);
    /* newest at the top, as far down as fits */
    y = inner.y + 10;
    if (v->nlog == 0)
        render_text_wrapped(r, FONT_SANS_OBLIQUE, UI_SMALL, inner.x + 14, y, inner.w - 28, TEXT_LEFT,
                            UI_INK_SOFT, "What happens is told here.", 1);
    for (int i = v->nlog - 1; i >= 0 && y < inner.y + inner.h; i--) {
        float h = render_text_wrapped(r, i == v->nlog - 1 ? FONT_SANS_BOLD : FONT_SANS, 21, inner.x + 14, y,
                                      inner.w - 28, TEXT_LEFT, i == v->nlog - 1 ? UI_INK : UI_INK_SOFT,
                                      v->log[i], 1);
        y += h + 8;
    }
    render_pop_clip(r);
}

static void draw_curtain(render *r, app *a, nine_view *v)
{
    rrect p = {(a->vw - 760) / 2, 330, 760, 360};
    char t[64];
    ui_draw_panel(r, p);
    snprintf(t, sizeof t, "Pass to Player %d", table_curtain(v->t) + 1);
    ui_text_center(r, FONT_SERIF_BOLD, UI_TITLE, (rrect){p.x, p.y + 60, p.w, 90}, UI_INK, t);
    ui_text_center(r, FONT_SANS, UI_BODY, (rrect){p.x, p.y + 170, p.w, 40}, UI_INK_SOFT,
                   "Everyone else, look away.");
    ui_audit_box((rrect){p.x + 200, p.y + 240, 360, 76});
    ui_draw_button(r, (rrect){p.x + 200, p.y + 240, 360, 76}, "I am ready", 1, 1, 1);
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
static void faces_trace(nine_view *v, app *a)
{
    const nine_state *s = &v->shown;
    int vs = viewer_seat(v);
    char nm[3];
    uint8_t codes[FAN_MAX];
    uint64_t h;
    v->faces_len = 0;
    v->faces[0] = 0;
    v->memory = a->settings.v[SETTING_nine_memory];
    if (table_curtain(v->t) < 0) {
        for (int i = 0; i < v->nfan; i++) {
            nine_card_name(v->fan_code[i], nm);
            faces_note(v, " p%ds%d:%s", vs + 1, s->held[vs] + 1, nm);
        }
        if (v->hand_code >= 0) {
            nine_card_name((uint8_t)v->hand_code, nm);
            faces_note(v, " p%dhand:%s", vs + 1, nm);
        }
        for (int i = 0; i < v->npeek; i++) {
            nine_card_name(v->peek_code[i], nm);
            faces_note(v, " p%ds%d:%s", s->pend.p1 + 1, s->pend.s1 + 1, nm);
        }
        for (int p = 0; p < v->m->players; p++)
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
        app_trace(a, "nine faces curtain p%d:%s", table_curtain(v->t) + 1, v->faces_len ? v->faces : " -");
    else
        app_trace(a, "nine faces p%d:%s", vs + 1, v->faces_len ? v->faces : " -");
}

static void nine_view_draw(void *vv, app *a, render *r, float alpha)
{
    nine_view *v = vv;
    ui_draw_table(r, a->vw);
    if (table_curtain(v->t) >= 0) {
        /* Nothing private behind the curtain: only the felt and the panel. */
        draw_curtain(r, a, v);
        ui_draw_hints(r, a, "Continue", "Menu", NULL);
    } else {
        v->memory = a->settings.v[SETTING_nine_memory];
        for (int p = 0; p < v->m->players; p++)
            draw_seat(r, a, v, p);
        draw_centre(r, v);
        draw_peek(r, v);
        draw_prompt(r, a, v);
        draw_fan(r, v);
        draw_spots(r, a, v, alpha);
        draw_flights(r, v, alpha);
        ui_draw_hints(r, a, table_over(v->t) ? "Score" : "Choose", "Menu", "Rules");
    }
    draw_log(r, v);
}

/* ---------------------------------------------------------------- input */

static void nine_view_score(const void *vv, score_report *rep)
{
    const nine_view *v = vv;
    game_result res;
    nine_rules.result(v->st, &res);
    rep->players = v->m->players;
    rep->lower_is_better = 1;
    for (int s = 0; s < v->m->players; s++) {
        char seat[48];
        table_seat_name(v->m, s, seat, sizeof seat);
        snprintf(rep->names[s], sizeof rep->names[s], "P%d \xe2\x80\x94 %s", s + 1, seat);
        rep->total[s] = nine_cards_left(v->st, s);
        rep->rank[s] = res.rank[s];
    }
}

static void nine_view_over(void *vv, app *a, const game_result *res)
{
    (void)vv;
    if (res->winner >= 0)
        app_trace(a, "nine over p%d", res->winner + 1);
    else
        app_trace(a, "nine over draw");
}

/* Chooses spot i: plays its move, or hands back the menu. */
static table_intent activate(nine_view *v, app *a, int i)
{
    spot *s;
    if (i < 0 || i >= v->nsp)
        return TABLE_NONE;
    s = &v->sp[i];
    snprintf(v->focus, sizeof v->focus, "%s", s->name);
    if (s->kind == SPOT_MENU)
        return TABLE_MENU;
    if (!viewer_decides(v)) {
        audio_play(SFX_ERROR);
        return TABLE_NONE;
    }
    app_trace(a, "nine choose %s", s->name);
    audio_play(SFX_CLICK);
    {
        game_move m = s->m;
        table_play(v->t, a, &m);
    }
    return TABLE_NONE;
}

/* Spatial focus: the nearest spot in the pressed direction. */
static void focus_move(nine_view *v, app *a, int dx, int dy)
{
    int fi = focus_index(v), best = -1;
    float bx, by, bd = 1e12f;
    if (fi < 0)
        return;
    if (spot_find(v, v->focus) < 0) {
        /* the ring shows on the first choice: the first press settles it there */
        snprintf(v->focus, sizeof v->focus, "%s", v->sp[fi].name);
    }
    bx = v->sp[fi].r.x + v->sp[fi].r.w / 2;
    by = v->sp[fi].r.y + v->sp[fi].r.h / 2;
    for (int i = 0; i < v->nsp; i++) {
        float x = v->sp[i].r.x + v->sp[i].r.w / 2 - bx, y = v->sp[i].r.y + v->sp[i].r.h / 2 - by;
        float along = x * (float)dx + y * (float)dy, across = fabsf(x * (float)dy) + fabsf(y * (float)dx), d;
        if (i == fi || along <= 1)
            continue;
        d = along + across * 2.5f;
        if (d < bd) {
            bd = d;
            best = i;
        }
    }
    if (best >= 0) {
        snprintf(v->focus, sizeof v->focus, "%s", v->sp[best].name);
        app_trace(a, "focus nine %s", v->focus);
        audio_play(SFX_TICK);
    }
}

static table_intent nine_view_input(void *vv, app *a, const action_event *ev)
{
    nine_view *v = vv;
    if (ev->act == ACT_MENU)
        return TABLE_MENU;
    if (table_curtain(v->t) >= 0) {
        if (ev->act == ACT_ACCEPT || (ev->act == ACT_POINTER_DOWN && ev->button == INPUT_BUTTON_LEFT))
            return TABLE_LIFT;
        if (ev->act == ACT_BACK)
            return TABLE_MENU;
        return TABLE_NONE;
    }
    switch (ev->act) {
    case ACT_POINTER_MOVE: v->hover = spot_at(v, ev->x, ev->y); break;
    case ACT_POINTER_DOWN: {
        int i = spot_at(v, ev->x, ev->y);
        if (ev->button != INPUT_BUTTON_LEFT)
            break;
        if (i >= 0 && v->sp[i].kind == SPOT_MENU)
            return TABLE_MENU;
        if (table_over(v->t))
            return TABLE_SCORE;
        if (i >= 0)
            return activate(v, a, i);
        break;
    }
    case ACT_UP: focus_move(v, a, 0, -1); break;
    case ACT_DOWN: focus_move(v, a, 0, 1); break;
    case ACT_LEFT: focus_move(v, a, -1, 0); break;
    case ACT_RIGHT: focus_move(v, a, 1, 0); break;
    case ACT_ACCEPT:
        if (table_over(v->t))
            return TABLE_SCORE;
        return activate(v, a, focus_index(v));
    case ACT_BACK: return TABLE_MENU;
    case ACT_EXTRA: { /* X: draw (or pass when nothing can be drawn) */
        int i = spot_find(v, "draw");
        if (i < 0)
            i = spot_find(v, "pass");
        if (i >= 0)
            return activate(v, a, i);
        audio_play(SFX_ERROR);
        break;
    }
    case ACT_ALT: return TABLE_RULES;
    default: break;
    }
    return TABLE_NONE;
}

/* ---------------------------------------------------------------- update */

static void flights_update(nine_view *v, app *a, double dt)
{
    int live = 0;
    for (int i = 0; i < v->nfl; i++) {
        flight *f = &v->fl[i];
        f->t_prev = f->t;
        if (f->delay > 0) {
            f->delay -= (float)dt;
            live = 1;
            continue;
        }
        if (f->t < 1) {
            f->t += (float)(dt / FLIGHT_TIME);
            if (f->t >= 1) {
                f->t = 1;
                if (f->sfx >= 0)
                    audio_play((sfx_id)f->sfx);
            }
        }
        live |= f->t < 1;
    }
    if (v->nfl > 0 && !live) {
        v->nfl = 0;
        v->shown = v->obs;
        table_pace(v->t);
    }
    (void)a;
}

static void nine_view_update(void *vv, app *a, double dt)
{
    nine_view *v = vv;
    if (v->nfl == 0 && table_curtain(v->t) < 0)
        v->shown = v->obs;
    flights_update(v, a, dt);
    layout(v, a);
    faces_trace(v, a);
    /* party play: an Immunity prompt does not wait forever */
    if (viewer_decides(v) && v->shown.pend.kind == NINE_P_IMMUNE && table_humans(v->t) >= 2) {
        if (v->prompt_deadline == 0)
            v->prompt_deadline = table_time(v->t) + PARTY_PROMPT;
        else if (table_time(v->t) >= v->prompt_deadline) {
            int i = spot_find(v, "accept");
            app_trace(a, "nine prompt timed out");
            table_do(v->t, a, activate(v, a, i));
        }
    }
    if (viewer_decides(v) && !v->prompt_traced) {
        v->prompt_traced = 1;
        app_trace(a, "nine prompt p%d %s", table_viewer(v->t) + 1, v->nsp > 1 ? v->sp[0].name : "-");
    }
}

/* The focus ring glides to the focused spot. */
static void nine_view_follow(void *vv, app *a, double dt)
{
    nine_view *v = vv;
    int fi = focus_index(v);
    float k = 1.0f - expf(-(float)dt * 25.0f);
    v->ring_prev = v->ring;
    if (fi >= 0) {
        rrect t = v->sp[fi].r;
        if (!v->ring_valid || a->settings.v[SETTING_reduced_motion]) {
            v->ring = v->ring_prev = t;
            v->ring_valid = 1;
        } else {
            v->ring = ui_rect_lerp(v->ring, t, k);
        }
    }
}

/* ---------------------------------------------------------------- lifetime */

static void nine_view_enter(void *vv, app *a)
{
    nine_view *v = vv;
    table_refresh(v->t, a);
    v->shown = v->obs;
    layout(v, a);
    if (v->rec->cursor == 0 && v->rec->start[0] == 0) {
        audio_play(SFX_SHUFFLE);
        if (!a->settings.v[SETTING_reduced_motion])
            deal_flights(v);
        log_add(v, a, "The cards are dealt: nine stacks of four each.");
        {
            char t[LOG_LEN];
            snprintf(t, sizeof t, "Player %d starts and may play any card.", v->st->turn + 1);
            log_add(v, a, t);
        }
    } else {
        log_add(v, a, "The game goes on where it was left.");
    }
}

static int nine_view_busy(const void *vv) { return ((const nine_view *)vv)->nfl > 0; }

static void nine_view_destroy(void *v) { free(v); }

static void *nine_view_new(table *t, app *a)
{
    nine_view *v = calloc(1, sizeof *v);
    (void)a;
    if (!v)
        abort();
    v->t = t;
    v->m = table_match(t);
    v->rec = table_record(t);
    v->st = table_state(t);
    v->hover = -1;
    return v;
}

const table_view_ops nine_view_ops = {
    .trace = "nine",
    .pace_watch = 0.7, /* seconds between moves when only computers play */
    .pace_reply = 0.45, /* the computer's shortest pause before it answers */
    .undo = 0,          /* it would show a hidden card and take it back */
    .curtain = 1,
    .create = nine_view_new,
    .destroy = nine_view_destroy,
    .enter = nine_view_enter,
    .update = nine_view_update,
    .follow = nine_view_follow,
    .draw = nine_view_draw,
    .input = nine_view_input,
    .busy = nine_view_busy,
    .played = nine_view_played,
    .redone = NULL,
    .changed = nine_view_changed,
    .over = nine_view_over,
    .score = nine_view_score,
};
