/* Geometry of the Stakz table from 4:3 to 21:9: opponents along the top,
 * the stacks standing on a mat in the middle with the draw pile and the
 * move log in a column beside it, the viewer's hand along the bottom with
 * the turn's buttons; and the focus items (ui_nav) that mouse, keyboard and
 * controller share. */
#include "games/stakz/view/stakz_view_priv.h"
#include "table/phones.h"

#define TOP_Y 14.0f
#define OPP_H 132.0f
#define STATUS_H 52.0f
#define PILE_H 190.0f
#define BUTTONS_W 270.0f
#define HAND_BOTTOM 1000.0f
#define LABEL_TOP 46.0f    /* a stack's number above it, clear of a focus ring */
#define LABEL_BOTTOM 58.0f /* its colour pips and count below */
#define MAT_PAD 18.0f

rrect stakz_tile_rect(rrect col, float ts, int i)
{
    float e = stakz_edge(ts);
    return (rrect){col.x + (col.w - ts) / 2, col.y + col.h - e * (float)(i + 1) - ts, ts, ts};
}

rrect stakz_stack_rect(rrect col, float ts, int height)
{
    rrect top = stakz_tile_rect(col, ts, height > 0 ? height - 1 : 0);
    return (rrect){top.x, top.y, ts, col.y + col.h - top.y};
}

/* Rows of stacks that give the largest tiles: each column holds the
 * tallest stack (at least four tiles, so early stacks are not giants)
 * with its number above and its colour count below; the rows stand
 * together in the middle of the mat. */
void stakz_layout_stacks(const stakz_view *v, const stakz_state *s, rrect *cols, float *ts)
{
    rrect box = v->stacks_box;
    int n = s->nstacks, tall = 4, best_rows = 1;
    float best = 0, gap_y = 14;
    for (int k = 0; k < n; k++)
        if (s->height[k] > tall)
            tall = s->height[k];
    if (n <= 0)
        return;
    for (int rows = 1; rows <= 4 && rows <= n; rows++) {
        int per = (n + rows - 1) / rows;
        float row_h = (box.h - gap_y * (float)(rows - 1)) / (float)rows;
        float by_h = (row_h - LABEL_TOP - LABEL_BOTTOM) / (1 + TILE_EDGE * (float)tall);
        float by_w = box.w / (float)per / 1.32f;
        float t = fminf(fminf(by_h, by_w), STACK_TILE_MAX);
        if (t > best + 0.5f) {
            best = t;
            best_rows = rows;
        }
    }
    {
        int per = (n + best_rows - 1) / best_rows;
        float col_w = fminf(box.w / (float)per, best * 1.9f);
        float col_h = best * (1 + TILE_EDGE * (float)tall), row_h = LABEL_TOP + col_h + LABEL_BOTTOM;
        float top = box.y + (box.h - row_h * (float)best_rows - gap_y * (float)(best_rows - 1)) / 2;
        for (int k = 0; k < n; k++) {
            int row = k / per, at = k % per, in_row = row == best_rows - 1 ? n - per * row : per;
            float x0 = box.x + (box.w - col_w * (float)in_row) / 2;
            float y0 = top + (row_h + gap_y) * (float)row + LABEL_TOP;
            cols[k] = (rrect){x0 + col_w * (float)at, y0, col_w, col_h};
        }
    }
    *ts = best;
}

/* A stable name for a focus item ("tile_o4": one word, as input scripts name it; ui_item keeps only the pointer). */
static const char *item_name(stakz_view *v, const char *sh, const char *b)
{
    char *s;
    if (v->nnames >= UI_MAX_ITEMS)
        return "?";
    s = v->names[v->nnames++];
    snprintf(s, sizeof v->names[0], "%s_%s", sh, b);
    return s;
}

static void layout_hand(stakz_view *v, shell *sh)
{
    const stakz_state *s = &v->obs;
    int vs = table_viewer_seat(v->t), codes = 0;
    float w, step, x, ts;
    memset(v->hand_tile, 0, sizeof v->hand_tile);
    float deep = HAND_TILE + stakz_edge(HAND_TILE) + 12; /* a tile's face and side, and a little room */
    /* room above for a pair's upper tile and a tile standing up */
    v->hand_box = (rrect){MARGIN, HAND_BOTTOM - deep, shell_vw(sh) - 2 * MARGIN - BUTTONS_W - 24, deep};
    v->hand_head = (rrect){MARGIN, v->hand_box.y - 64, v->hand_box.w, 42};
    for (int c = 0; c < STAKZ_CODES; c++)
        codes += s->hand[vs][c] > 0;
    if (codes == 0)
        return;
    w = v->hand_box.w;
    /* a long hand: smaller tiles first, then overlapping ones */
    /* a long hand: smaller tiles first, then overlapping ones (gaps that keep the marks apart) */
    ts = fmaxf(64, fminf(HAND_TILE, w / (float)codes - 20));
    step = fminf(ts + 20, (w - ts - 12) / (float)(codes > 1 ? codes - 1 : 1));
    x = v->hand_box.x + 6;
    if (step >= ts + 20)
        x += (w - (step * (float)(codes - 1) + ts)) / 2;
    for (int c = 0; c < STAKZ_CODES; c++)
        if (s->hand[vs][c] > 0) {
            v->hand_tile[c] = (rrect){x, v->hand_box.y + 4 + (HAND_TILE - ts) * (1 + TILE_EDGE), ts, ts};
            x += step;
        }
}

static void layout_top(stakz_view *v, shell *sh)
{
    /* Every person on a phone: every seat sits along the top, no hand is the screen's. */
    int all = table_private_seat(v->t) < 0 && table_curtain(v->t) < 0;
    int n = table_match(v->t)->params.players, vs = table_viewer_seat(v->t), nopp = all ? n : n - 1, i = 0;
    float gap = 16, w = fminf(820, (shell_vw(sh) - 2 * MARGIN - gap * (float)(nopp - 1)) / (float)nopp);
    float x0 = (shell_vw(sh) - (w * (float)nopp + gap * (float)(nopp - 1))) / 2;
    memset(v->opp, 0, sizeof v->opp);
    /* clockwise from the viewer's left, as round a table */
    for (int k = all ? 0 : 1; k < n; k++) {
        int p = (vs + k) % n;
        v->opp[p] = (rrect){x0 + (w + gap) * (float)i, TOP_Y, w, OPP_H};
        i++;
    }
}

rrect stakz_pile_tile(const stakz_view *v, int c)
{
    rrect b = v->pile_box;
    float colw = (b.w - 16) / STAKZ_COLOURS, d = fminf(44, colw - 24);
    return (rrect){b.x + 8 + colw * (float)c + (colw - d) / 2, b.y + 60, d, d};
}

/* The middle: the mat with the stacks and, beside it, a panel with the
 * draw pile over the move log (which fills what the stacks leave empty
 * above them early in a round). */
static void layout_middle(stakz_view *v, shell *sh)
{
    float vw = shell_vw(sh), side = fminf(620, fmaxf(400, vw * 0.24f));
    float y0 = TOP_Y + OPP_H + 10 + STATUS_H + 10, y1 = v->hand_head.y - 18, sx = vw - MARGIN - side;
    /* the status line across the table, over them all */
    v->status = (rrect){MARGIN, TOP_Y + OPP_H + 10, vw - 2 * MARGIN, STATUS_H};
    /* one panel: the pile on top, the log's paper well under it */
    v->side = (rrect){sx, y0, side, y1 - y0};
    v->pile_box = (rrect){sx, y0, side, PILE_H};
    v->log_box = (rrect){sx + 16, y0 + PILE_H, side - 32, y1 - 16 - (y0 + PILE_H)};
    v->mat = (rrect){MARGIN, y0, sx - 20 - MARGIN, y1 - y0};
    v->stacks_box = (rrect){v->mat.x + MAT_PAD, v->mat.y + 6, v->mat.w - 2 * MAT_PAD, v->mat.h - 10};
}

void stakz_layout(stakz_view *v, shell *sh)
{
    const stakz_state *s = &v->obs;
    layout_top(v, sh);
    layout_hand(v, sh);
    layout_middle(v, sh);
    stakz_layout_stacks(v, s, v->stack_col, &v->ts);
    {
        float bx = shell_vw(sh) - MARGIN - BUTTONS_W, by = v->hand_head.y + 6;
        v->end_r = (rrect){bx, by, BUTTONS_W, 76};
        /* the midend's button row (undo, menu) under End turn, in equal shares */
        int n = table_buttons_count(v->t);
        float w = (BUTTONS_W - 12 * (float)(n - 1)) / (float)n;
        for (int i = 0; i < n; i++)
            v->row_r[i] = (rrect){bx + (float)i * (w + 12), by + 88, w, 64};
    }
    /* the modal panels: the colour picker and the round's scores */
    {
        float pw = fminf(shell_vw(sh) - 80, 1100), ph = 420;
        rrect row = {0, 0, pw - 80, 0};
        v->panel = (rrect){(shell_vw(sh) - pw) / 2, 300, pw, ph};
        row.x = v->panel.x + 40;
        row.y = v->panel.y + 130;
        ui_layout_buttons(row, STAKZ_COLOURS, 170, 190, 150, 14, v->pick_r);
        v->cancel_r = (rrect){v->panel.x + (pw - 260) / 2, v->panel.y + ph - 96, 260, 68};
        v->ok_r = v->cancel_r;
    }

    v->nnames = 0;
    ui_nav_begin(&v->nav);
    if (table_curtain(v->t) >= 0)
        goto done; /* the curtain takes its own input */
    if (v->round_show) {
        ui_nav_add(&v->nav, ID_OK, v->ok_r, 1, "ok");
        table_buttons_place(v->t, NULL, v->row_r); /* under the panel: no press reaches it */
        goto done;
    }
    if (v->picking) {
        for (int c = 0; c < STAKZ_COLOURS; c++)
            ui_nav_add(&v->nav, ID_PICK + c, v->pick_r[c], s->pile_cols[c] > 0, item_name(v, "pick", colour_names[c]));
        ui_nav_add(&v->nav, ID_CANCEL, v->cancel_r, 1, "cancel");
        table_buttons_place(v->t, NULL, v->row_r);
        goto done;
    }
    if (table_over(v->t)) {
        ui_nav_add(&v->nav, ID_SCORE, v->end_r, 1, "score");
        table_buttons_place(v->t, &v->nav, v->row_r);
        goto done;
    }
    {
        int decides = viewer_decides(v), vs = table_viewer_seat(v->t);
        float step = 1e9f;
        int last = -1;
        for (int c = 0; c < STAKZ_CODES; c++)
            if (v->hand_tile[c].w > 0) {
                if (last >= 0 && v->hand_tile[c].x - v->hand_tile[last].x < step)
                    step = v->hand_tile[c].x - v->hand_tile[last].x;
                last = c;
            }
        for (int c = 0; c < STAKZ_CODES; c++)
            if (v->hand_tile[c].w > 0 && s->hand[vs][c] > 0) {
                char nm[3];
                rrect r = stakz_hand_piece(v, c);
                /* overlapped tiles answer only on their visible part */
                if (c != last)
                    r.w = fminf(r.w, step);
                stakz_tile_name((uint8_t)c, nm);
                ui_nav_add(&v->nav, ID_TILE + c, r, decides, item_name(v, "tile", nm));
            }
        for (int k = 0; k < s->nstacks; k++) {
            rrect st = stakz_stack_rect(v->stack_col[k], v->ts, s->height[k]);
            /* close round the stack: the focus ring stays clear of its number above */
            rrect r = {st.x - 4, st.y - 4, st.w + 8, st.h + 8};
            char num[8];
            snprintf(num, sizeof num, "%d", k + 1);
            ui_nav_add(&v->nav, ID_STACK + k, r, decides, item_name(v, "stack", num));
        }
        ui_nav_add(&v->nav, ID_END, v->end_r, decides, "end");
        table_buttons_place(v->t, &v->nav, v->row_r);
    }
done:
    ui_nav_end(&v->nav, sh);
}

void stakz_status_text(const stakz_view *v, char *buf, size_t n)
{
    const stakz_state *s = &v->obs;
    int d = stakz_current(v->st);
    buf[0] = 0;
    if (table_over(v->t)) {
        game_result res;
        stakz_rules.result(v->st, &res);
        if (res.winner >= 0)
            snprintf(buf, n, "Game over: Player %d wins with %d points.", res.winner + 1, s->score[res.winner]);
        else
            snprintf(buf, n, "Game over: a shared win.");
        return;
    }
    if (d < 0)
        return;
    if (!viewer_decides(v)) {
        if (table_thinking(v->t))
            snprintf(buf, n, "Player %d is thinking\xe2\x80\xa6", d + 1);
        else if (phones_seat(d))
            snprintf(buf, n, "Player %d is playing on their phone.", d + 1);
        else
            snprintf(buf, n, "Player %d's turn.", d + 1);
        return;
    }
    {
        int at;
        float flash;
        const char *why = table_refusal(v->t, &at, &flash);
        if (why) { /* a refused press says why, until it times out */
            snprintf(buf, n, "%s", why);
            return;
        }
    }
    if (v->picking) {
        snprintf(buf, n, "Choose the colour of the tile you draw.");
        return;
    }
    if (v->sel >= 0) {
        int fits = 0;
        for (int k = 0; k < s->nstacks; k++)
            fits += stakz_can_place(v->st, v->sel, k);
        if (fits)
            snprintf(buf, n, "Put the %s %s on a lit stack.", colour_names[stakz_colour((uint8_t)v->sel)],
                     symbol_names[stakz_symbol((uint8_t)v->sel)]);
        else
            snprintf(buf, n, "The %s %s fits no stack now.", colour_names[stakz_colour((uint8_t)v->sel)],
                     symbol_names[stakz_symbol((uint8_t)v->sel)]);
        return;
    }
    for (int k = 0; k < s->nstacks; k++)
        if (s->bonus[k]) {
            snprintf(buf, n, "Split! A bonus tile of any colour on each starred stack.");
            return;
        }
    if (s->placed)
        snprintf(buf, n, "Place more tiles, or end your turn.");
    else
        snprintf(buf, n, "Your turn: match the colour or the symbol on top of a stack.");
}
