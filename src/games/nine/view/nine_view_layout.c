/* Where everything on the 9 STAX table goes, and the spots the viewer may
 * choose (cards, piles, stacks, players, buttons). */
#include "games/nine/view/nine_view_priv.h"
#include "app/input.h"

/* ---------------------------------------------------------------- layout */

static void grid(seat_geo *g, rrect box, int n, float max_h, int bottom)
{
    int best_cols = n > 0 ? n : 1;
    float best_h = 0, tok = bottom ? 52 : 44; /* the stack number under each card */
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
        float cw = box.w / (float)best_cols, ch = g->card_h + (bottom ? 52 : 44) + 10;
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

/* Seat areas: the viewer along the bottom; with 3-4 players the others at
 * the left, top and right (side columns side wide), with 2 across the top. */
static rrect area_for(const nine_view *v, float pw, float side, int place)
{
    int four = table_match(v->t)->params.players >= 3;
    switch (place) {
    case 0: return (rrect){24, 668, pw - 48, 336};
    case 1: return (rrect){16, 16, side, 640};
    case 3: return (rrect){pw - side - 16, 16, side, 640};
    default: return four ? (rrect){side + 32, 16, pw - 2 * side - 64, 204} : (rrect){pw * 0.12f, 16, pw * 0.76f, 220};
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
int nine_seat_is_you(const nine_view *v, int p)
{
    /* a replay's eyes are a seat's, but nobody at the screen plays it */
    return !table_replaying(v->t) && p == table_private_seat(v->t) && table_seat_human(v->t, p);
}

int nine_viewer_decides(const nine_view *v)
{
    return table_may_act(v->t, nine_decider(v->st)) && v->nfl == 0;
}

#define BUTTON_GAP 16.0f
#define BUTTON_H 58.0f
#define GRID_GAP 10.0f /* between the buttons in columns by the fan */
#define PILL_GAP 24.0f /* between the status pill and the first button */
#define STATUS_LINE (UI_BODY * 1.25f) /* a status line's height, at least the font's line skip */
#define PILL_MIN 320.0f /* the narrowest pill with buttons beside it */
#define LABEL_H 28.0f   /* a pile's label under it */
#define DISK_LABEL_GAP 6.0f /* between a disk and its label (a pile's label clears the focus ring) */
#define FAN_RISE (NINE_HOVER_LIFT + 6) /* a hovered card's rise and glow above the fan */

/* Buttons a column of height h holds (one at least). */
static int buttons_per_column(float h)
{
    int per = (int)((h + GRID_GAP) / (BUTTON_H + GRID_GAP));
    return per > 0 ? per : 1;
}

/* Width of the button a move kind gets in the prompt row; 0 for moves chosen on the table. */
static float button_w(int kind, int nb)
{
    switch (kind) {
    case NINE_M_DRAW: case NINE_M_PASS: case NINE_M_KEEP: return 150;
    case NINE_M_RETURN: case NINE_M_IMMUNE: case NINE_M_ACCEPT: return 190;
    case NINE_M_REVEAL: return nb > 9 ? 52 : 58;
    default: return 0;
    }
}

/* Button i of n, each w wide: in the prompt row beside the status pill,
 * left to right and ending at its right edge; or, where they do not fit
 * there, in columns at the right of the fan (btn_box), top to bottom. */
static rrect button_at(const nine_view *v, int i, int n, float w)
{
    if (v->btn_beside) {
        float total = w * (float)n + BUTTON_GAP * (float)(n - 1);
        float x0 = v->prompt.x + v->prompt.w - total;
        return (rrect){x0 + (w + BUTTON_GAP) * (float)i, v->prompt.y, w, BUTTON_H};
    } else {
        int per = buttons_per_column(v->btn_box.h), col = i / per, row = i % per;
        return (rrect){v->btn_box.x + (w + GRID_GAP) * (float)col, v->btn_box.y + (BUTTON_H + GRID_GAP) * (float)row, w,
                       BUTTON_H};
    }
}

static int count_buttons(const game_move *mv, int n)
{
    int nb = 0;
    for (int i = 0; i < n; i++)
        nb += button_w(mv[i].kind, 1) > 0;
    return nb;
}

static void build_spots(nine_view *v, const game_move *mv, int n)
{
    int nb = count_buttons(mv, n), bi = 0;
    const nine_state *s = &v->shown;
    v->nsp = 0;
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
            spot_add(v, button_at(v, bi++, nb, button_w(m->kind, nb)), SPOT_MOVE, m, "Draw", 1, "draw");
            break;
        case NINE_M_PASS: spot_add(v, button_at(v, bi++, nb, button_w(m->kind, nb)), SPOT_MOVE, m, "Pass", 1, "pass"); break;
        case NINE_M_KEEP: spot_add(v, button_at(v, bi++, nb, button_w(m->kind, nb)), SPOT_MOVE, m, "Keep", 1, "keep"); break;
        case NINE_M_RETURN:
            spot_add(v, button_at(v, bi++, nb, button_w(m->kind, nb)), SPOT_MOVE, m, "Hand back", 1, "return");
            break;
        case NINE_M_IMMUNE:
            spot_add(v, button_at(v, bi++, nb, button_w(m->kind, nb)), SPOT_MOVE, m, "Use Immunity", 1, "immune");
            break;
        case NINE_M_ACCEPT:
            spot_add(v, button_at(v, bi++, nb, button_w(m->kind, nb)), SPOT_MOVE, m, "Let it happen", 1, "accept");
            break;
        case NINE_M_REVEAL: {
            char lb[8];
            snprintf(lb, sizeof lb, "%d", m->b[0]);
            spot_add(v, button_at(v, bi++, nb, button_w(m->kind, nb)), SPOT_MOVE, m, lb, 1, "reveal %d", m->b[0]);
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
            spot_add(v, nine_stack_rect(v, table_viewer_seat(v->t), m->b[0]), SPOT_MOVE, m, NULL, 0, "discard s%d",
                     m->b[0] + 1);
            break;
        default: break;
        }
    }
    /* the midend's button row is in the spots' focus set; the midend draws it */
    table_buttons_place(v->t, NULL, v->row_r);
    for (int i = 0; i < table_buttons_count(v->t) && v->nsp < MAX_SPOTS; i++) {
        spot_add(v, v->row_r[i], SPOT_ROW, NULL, NULL, 0, "%s", table_buttons_name(v->t, i));
        v->sp[v->nsp - 1].row = i;
    }
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

/* The total width of n buttons of the legal moves mv. */
static float buttons_width(const game_move *mv, int n)
{
    int nb = count_buttons(mv, n);
    float w = 0;
    for (int i = 0; i < n; i++)
        w += button_w(mv[i].kind, nb);
    return nb ? w + BUTTON_GAP * (float)(nb - 1) : 0;
}

int nine_head_lines(const nine_view *v, render *r, int p, float w)
{
    char kind[48], line[96];
    /* measured at their widest, so a seat's header keeps its lines all game */
    float name_w = NINE_HEAD_NAME_X + ui_seat_name_width(r, FONT_SANS_BOLD, UI_BODY, "Player 4") + 10;
    float cards = render_text_width(r, FONT_SANS, UI_MIN, "188 cards");
    float think = table_seat_human(v->t, p) ? 0 : NINE_THINK_W + 8;
    table_seat_name(table_match(v->t), p, kind, sizeof kind);
    snprintf(line, sizeof line, "%s%s \xc2\xb7 188 cards",
             nine_seat_is_you(v, p) ? "You, " : "", kind);
    /* shield, name, the line, and room for the computer's "thinking" mark */
    if (name_w + render_text_width(r, FONT_SANS, UI_SMALL, line) + think <= w)
        return 1;
    /* the name and the cards; below, who plays it and the mark */
    snprintf(line, sizeof line, "%s%s", nine_seat_is_you(v, p) ? "You, " : "", kind);
    if (name_w + cards + 8 <= w && 8 + render_text_width(r, FONT_SANS, UI_MIN, line) + think + 8 <= w)
        return 2;
    return 3;
}

rrect nine_think_rect(const seat_geo *g)
{
    float y = g->head_lines == 1 ? g->head.y + 5 : g->head_lines == 2 ? g->head.y + 41 : g->head.y + 69;
    return (rrect){g->head.x + g->head.w - 8 - NINE_THINK_W, y, NINE_THINK_W, 28};
}

const char *nine_hand_label(const nine_view *v)
{
    return v->shown.pend.kind == NINE_P_GIVE ? "Taken" : "Drawn";
}

/* The direction's label (one line, or broken after its hyphen). */
const char *const nine_dir_words[2][2] = {{"Clockwise", ""}, {"Counter-", "clockwise"}};

/* Width of label i of the piles row at size k (the direction's widest, on lines lines). */
static float pile_label_w(render *r, int i, float k, int lines)
{
    static const char *const widest[3] = {"Draw \xc2\xb7 188", "Discard \xc2\xb7 188", "No colour"};
    if (i < 3)
        return render_text_width(r, FONT_SANS, k, widest[i]);
    if (lines == 1)
        return render_text_width(r, FONT_SANS, k, "Counter-clockwise");
    return fmaxf(render_text_width(r, FONT_SANS, k, nine_dir_words[1][0]),
                 render_text_width(r, FONT_SANS, k, nine_dir_words[1][1]));
}

/* The piles row's width: each slot as wide as its card (card[i]) and its
 * label at size k, the direction's on lines lines (slot[] gets them). */
static float piles_total(render *r, const float card[4], float gap, float k, int lines, float slot[4])
{
    float total = 3 * gap;
    for (int i = 0; i < 4; i++) {
        slot[i] = fmaxf(card[i] + 10, pile_label_w(r, i, k, lines) + 8);
        total += slot[i];
    }
    return total;
}

/* Lays the piles row out from top: draw and discard piles, the colour and
 * direction disks, each in a slot its label fits whole (23 units down to 20,
 * the direction on two lines where one is too wide), the cards smaller only
 * when even that is too wide. The labels sit clear of the focus ring. Returns
 * the bottom of the row, labels included. */
static float layout_piles(nine_view *v, render *r, float cx0, float cw, float top, float ph)
{
    float gap = 14, card[4], slot[4], total = 0, x, disk = ph < 120 ? 84 : 96;
    int fits = 0;
    card[0] = card[1] = ph * 0.714f;
    card[2] = card[3] = disk;
    /* the largest labels on one line, then on two */
    for (int lines = 1; lines <= 2 && !fits; lines++)
        for (float k = UI_SMALL; k >= UI_MIN && !fits; k -= 1.0f)
            if ((total = piles_total(r, card, gap, k, lines, slot)) <= cw - 16) {
                fits = 1;
                v->dir_lines = lines;
                v->label_k = k;
            }
    if (!fits) { /* the smallest labels on two lines; then only the cards and gaps shrink */
        v->dir_lines = 2;
        v->label_k = UI_MIN;
        for (int step = 0; step < 12 && total > cw - 16; step++) {
            gap *= 0.9f;
            ph *= 0.94f;
            card[0] = card[1] = ph * 0.714f;
            card[2] = card[3] *= 0.94f;
            total = piles_total(r, card, gap, UI_MIN, 2, slot);
        }
    }
    x = cx0 + (cw - total) / 2;
    for (int i = 0; i < 4; i++) {
        rrect c = {x + (slot[i] - card[i]) / 2, top + (i < 2 ? 0 : 4), card[i], i < 2 ? ph : card[i]};
        v->slot_w[i] = slot[i];
        if (i == 0)
            v->drawpile = c;
        else if (i == 1)
            v->discpile = c;
        else if (i == 2)
            v->colour_box = c;
        else
            v->dir_box = c;
        x += slot[i] + gap;
    }
    /* the disks' labels on the piles' line, unless the direction's takes two */
    v->disk_label_y = v->dir_lines == 1 ? top + ph + UI_FOCUS_REACH : v->dir_box.y + v->dir_box.h + DISK_LABEL_GAP;
    return fmaxf(top + ph + UI_FOCUS_REACH + LABEL_H, v->disk_label_y + LABEL_H * (float)v->dir_lines);
}

/* Lines of the status row: two where the column cannot hold the usual
 * status with its Draw button on one. It depends on the column alone, so
 * the hand below it keeps its size from turn to turn. */
static int status_lines(render *r, float cw)
{
    float usual = render_text_width(r, FONT_SANS_BOLD, UI_BODY, "Your turn: play a card, or draw.");
    return usual + 48 + PILL_GAP + 150 <= cw ? 1 : 2;
}

/* The largest size from from down to UI_MIN at which t wraps into lines
 * lines of width w; 0 when none does. */
static float pill_size(render *r, const char *t, float w, int lines, float from)
{
    for (float k = from; k >= UI_MIN; k -= 1.0f) {
        float h = render_text_wrapped(r, FONT_SANS_BOLD, k, 0, 0, w, TEXT_LEFT, UI_INK, t, 0);
        if (h <= render_line_height(r, FONT_SANS_BOLD, k) * (float)lines + 1)
            return k;
    }
    return 0;
}

/* The piles row, the status row (the pill and the buttons beside it), and
 * the viewer's fan (fan_x, fan_w: its span; any buttons that did not fit
 * beside the pill at its right), stacked down the centre column from top to
 * above the bottom seat. Every height but the pill's own depends on the
 * column alone: nothing below it moves between turns. */
static void layout_centre(nine_view *v, render *r, float cx0, float cw, float top, float bottom, float fan_x,
                          float fan_w, const game_move *mv, int n)
{
    int four = table_match(v->t)->params.players >= 3, nb = count_buttons(mv, n), lines;
    float bw = buttons_width(mv, n), w1 = 0, avail, y, fan_h, tw;
    char t[160];
    for (int i = 0; i < n && w1 == 0; i++)
        w1 = button_w(mv[i].kind, nb);
    v->centre = (rrect){cx0, top, cw, 196};
    y = layout_piles(v, r, cx0, cw, top + 8, four ? 110 : 150) + 8;
    lines = status_lines(r, cw);
    /* in virtual units, not the font's line skip at this screen's pixel size (it rounds) */
    v->status_row = (rrect){cx0, y, cw, STATUS_LINE * (float)lines + 16};
    /* the pill, primary text at UI_BODY: its buttons beside it where both
     * fit, else the buttons go by the fan */
    nine_pill_text(v, t, sizeof t);
    v->btn_beside = bw > 0 && cw - bw - PILL_GAP >= PILL_MIN;
    avail = v->btn_beside ? cw - bw - PILL_GAP : cw;
    v->pill_k = t[0] ? pill_size(r, t, avail - 48, lines, UI_BODY) : UI_BODY;
    if (v->pill_k == 0 && v->btn_beside) {
        v->btn_beside = 0;
        avail = cw;
        v->pill_k = pill_size(r, t, avail - 48, lines, UI_BODY);
    }
    if (v->pill_k == 0) /* none of ours is too long for the row; smaller rather than spill */
        v->pill_k = fmaxf(UI_MIN, pill_size(r, t, avail - 48, lines, UI_BODY - 1));
    tw = render_text_width(r, FONT_SANS_BOLD, v->pill_k, t) + 48;
    {
        float h = t[0] ? render_text_wrapped(r, FONT_SANS_BOLD, v->pill_k, 0, 0, fminf(tw, avail) - 48, TEXT_LEFT,
                                             UI_INK, t, 0) + 16
                       : 48;
        float pw = fminf(tw, avail), group = pw + (v->btn_beside ? PILL_GAP + bw : 0);
        v->pill = (rrect){cx0 + (cw - group) / 2, y + (v->status_row.h - h) / 2, pw, h};
        v->prompt = (rrect){v->pill.x, y + (v->status_row.h - BUTTON_H) / 2, group, BUTTON_H};
    }
    /* the fan below, clear of a hovered card's rise; as tall as the room
     * above the bottom seat allows, its focus ring kept off the seat's header */
    y = v->status_row.y + v->status_row.h + FAN_RISE;
    fan_h = fminf(146, bottom - UI_FOCUS_REACH - y);
    v->btn_box = (rrect){0, y, 0, fan_h};
    if (nb > 0 && !v->btn_beside) {
        int per = buttons_per_column(v->btn_box.h), cols = (nb + per - 1) / per;
        v->btn_box.w = w1 * (float)cols + GRID_GAP * (float)(cols - 1);
        v->btn_box.x = fan_x + fan_w - v->btn_box.w;
        fan_w -= v->btn_box.w + PILL_GAP;
    }
    v->fan_box = (rrect){fan_x, y, fan_w, fan_h};
}

void nine_layout(nine_view *v, shell *sh)
{
    /* The log column narrows and the side seats with it on 4:3 and 16:10 screens. */
    float log_w = fminf(408, fmaxf(300, shell_vw(sh) - 1512)), pw = shell_vw(sh) - log_w - 32;
    float side = fminf(352, fmaxf(250, pw * 0.22f));
    const nine_state *s = &v->shown;
    int vs = table_viewer_seat(v->t), four = table_match(v->t)->params.players >= 3, nmv = 0;
    v->vw = shell_vw(sh);
    uint8_t codes[FAN_MAX];
    game_move mv[GAME_MAX_MOVES];
    v->dev = shell_input(sh)->last_device;
    if (nine_viewer_decides(v))
        nmv = nine_rules.legal_moves(&v->obs, mv, GAME_MAX_MOVES);
    v->log_box = (rrect){shell_vw(sh) - log_w - 16, 16, log_w, 904};
    {
        int n = table_buttons_count(v->t);
        float w = (log_w - 48 - 12 * (float)(n - 1)) / (float)n;
        for (int i = 0; i < n; i++)
            v->row_r[i] = (rrect){v->log_box.x + 24 + (float)i * (w + 12), 936, w, 64};
    }
    for (int p = 0; p < table_match(v->t)->params.players; p++) {
        int pl = place_of(v, p);
        seat_geo *g = &v->g[p];
        rrect ar = area_for(v, pw, side, pl);
        g->area = ar;
        g->head_lines = nine_head_lines(v, shell_render(sh), p, ar.w - 16);
        g->head = (rrect){ar.x + 8, ar.y + 6, ar.w - 16, 40 + 30 * (float)(g->head_lines - 1)};
        grid(g, (rrect){ar.x + 8, g->head.y + g->head.h + 4, ar.w - 16, ar.y + ar.h - (g->head.y + g->head.h + 4) - 6},
             s->nst[p], pl == 0 ? 150 : 118, pl == 0);
    }
    if (four)
        layout_centre(v, shell_render(sh), side + 32, pw - 2 * side - 64, 236, 668, side + 32, pw - 2 * side - 64, mv,
                      nmv);
    else /* two players: the fan may spread wider than the centre */
        layout_centre(v, shell_render(sh), pw * 0.12f, pw * 0.76f, 236, 668, 200, pw - 400, mv, nmv);
    /* the viewer's held stack, fanned face up, and a drawn card at its right
     * with its label beside it (not under: the fan keeps that room) */
    v->nfan = 0;
    v->hand_code = -1;
    if (vs >= 0 && !table_hides_private(v->t)) {
        int nc = s->nst[vs] > 0 ? stack_cards(s, vs, s->held[vs], codes, FAN_MAX) : 0, h = hand_card(s, vs);
        float ch = v->fan_box.h, cw = ch * 104.0f / 146.0f;
        float tail = UI_FOCUS_REACH + 4 + render_text_width(shell_render(sh), FONT_SANS_BOLD, UI_SMALL, nine_hand_label(v));
        float room = h >= 0 ? (nc > 0 ? 46 : 0) + cw + tail : 0;
        float step = nc > 1 ? (v->fan_box.w - room - cw) / (float)(nc - 1) : 0;
        float used, x0;
        if (step > cw + 10)
            step = cw + 10;
        used = (nc > 0 ? cw + step * (float)(nc - 1) : 0) + room;
        x0 = v->fan_box.x + (v->fan_box.w - used) / 2;
        for (int i = 0; i < nc; i++) {
            v->fan[i] = (rrect){x0 + step * (float)i, v->fan_box.y, cw, ch};
            v->fan_code[i] = codes[i];
        }
        v->nfan = nc;
        if (h >= 0) {
            v->hand_code = h;
            v->hand_r = (rrect){x0 + used - tail - cw, v->fan_box.y, cw, ch};
        }
    }
    /* a peeked stack, face up for the peeker only */
    v->npeek = 0;
    if ((s->pend.kind == NINE_P_TAKE || s->pend.kind == NINE_P_GIVE) && s->turn == vs && !table_hides_private(v->t) &&
        nine_stack_visible(s, vs, s->pend.p1, s->pend.s1)) {
        int n = stack_cards(s, s->pend.p1, s->pend.s1, codes, FAN_MAX);
        /* over the piles row, down to just above the status row */
        float y0 = v->centre.y - 14, ph = v->status_row.y - 6 - y0, ch = fminf(134, ph - 74), cw = ch * 0.714f;
        float step = n > 1 ? (v->centre.w - 80 - cw) / (float)(n - 1) : 0;
        if (step > cw + 8)
            step = cw + 8;
        {
            float used = cw + step * (float)(n - 1);
            float pw2 = used + 56 > 320 ? used + 56 : 320;
            v->peek_panel = (rrect){v->centre.x + (v->centre.w - pw2) / 2, y0, pw2, ph};
            for (int i = 0; i < n; i++) {
                v->peek[i] = (rrect){v->peek_panel.x + (pw2 - used) / 2 + step * (float)i, y0 + 60, cw, ch};
                v->peek_code[i] = codes[i];
            }
            v->npeek = n;
        }
    }
    build_spots(v, mv, nmv);
}

