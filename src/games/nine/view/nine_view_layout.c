/* Where everything on the 9 STAX table goes, and the spots the viewer may
 * choose (cards, piles, stacks, players, buttons). */
#include "games/nine/view/nine_view_priv.h"

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
int nine_viewer_decides(const nine_view *v)
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
    if (nine_viewer_decides(v))
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
            spot_add(v, nine_stack_rect(v, m->b[0], m->b[1]), SPOT_MOVE, m, NULL, 0, "%s p%ds%d",
                     m->kind == NINE_M_PEEK   ? "peek"
                     : m->kind == NINE_M_SWAP ? "swap"
                                              : "with",
                     m->b[0] + 1, m->b[1] + 1);
            break;
        case NINE_M_DISCARD:
            spot_add(v, nine_stack_rect(v, viewer_seat(v), m->b[0]), SPOT_MOVE, m, NULL, 0, "discard s%d",
                     m->b[0] + 1);
            break;
        default: break;
        }
    }
    spot_add(v, v->menu_r, SPOT_MENU, NULL, "Menu", 1, "menu");
}

int nine_spot_find(const nine_view *v, const char *name)
{
    for (int i = 0; i < v->nsp; i++)
        if (strcmp(v->sp[i].name, name) == 0)
            return i;
    return -1;
}

int nine_focus_index(nine_view *v)
{
    int i = nine_spot_find(v, v->focus);
    if (i < 0 && v->nsp > 0)
        i = 0; /* the first choice (a card to play when there is one) */
    return i;
}

int nine_spot_at(const nine_view *v, float x, float y)
{
    /* Later spots are drawn on top (fanned cards overlap to the right). */
    for (int i = v->nsp - 1; i >= 0; i--) {
        if (ui_rect_contains(v->sp[i].r, x, y))
            return i;
    }
    return -1;
}

/* ---------------------------------------------------------------- layout of the spots */

void nine_layout(nine_view *v, app *a)
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

