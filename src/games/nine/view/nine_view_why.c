/* "Why not?" on the 9 STAX table: a press on something that cannot be
 * chosen now (a dimmed card, another stack, the draw pile after a Color
 * Shift) is refused with the rules' reason (nine_refusal), which the status
 * pill then says; on another seat's turn, whose turn it is. */
#include "games/nine/rules/nine_why.h"
#include "games/nine/view/nine_view_priv.h"
#include "shell/trace.h"

static int inside(rrect r, float x, float y) { return r.w > 0 && ui_rect_contains(r, x, y); }

static game_move move_of(int kind, int b0, int b1)
{
    game_move m = {.kind = (uint8_t)kind, .len = 2, .b = {(uint8_t)b0, (uint8_t)b1}};
    return m;
}

/* What choosing stack k of seat p would mean now. */
static game_move stack_move(const nine_view *v, int p, int k)
{
    switch (v->obs.pend.kind) {
    case NINE_P_ATTACK: return move_of(NINE_M_ATTACK, p, 0);
    case NINE_P_SWAP: return move_of(NINE_M_SWAP, p, k);
    case NINE_P_SWAP2: return move_of(NINE_M_WITH, p, k);
    case NINE_P_REVEAL: return move_of(NINE_M_REVEAL, k + 1, 0);
    case NINE_P_PEEK: return move_of(NINE_M_PEEK, p, k);
    default:
        return p == table_viewer_seat(v->t) ? move_of(NINE_M_DISCARD, k, 0) : move_of(NINE_M_PEEK, p, k);
    }
}

/* The move a press at (x, y) asks for; 0 when it is on nothing that can be chosen. */
static int pressed_move(const nine_view *v, float x, float y, game_move *m)
{
    int give = v->obs.pend.kind == NINE_P_GIVE;
    for (int i = v->nfan - 1; i >= 0; i--) /* the top card of the fan first */
        if (inside(v->fan[i], x, y)) {
            *m = move_of(give ? NINE_M_GIVE : NINE_M_PLAY, v->fan_code[i], 0);
            return 1;
        }
    if (v->hand_code >= 0 && inside(v->hand_r, x, y)) {
        *m = move_of(NINE_M_PLAY, v->hand_code, 0);
        return 1;
    }
    for (int j = 0; j < v->npeek; j++)
        if (inside(v->peek[j], x, y)) {
            *m = move_of(NINE_M_TAKE, v->peek_code[j], 0);
            return 1;
        }
    if (inside(v->drawpile, x, y)) {
        *m = move_of(NINE_M_DRAW, 0, 0);
        return 1;
    }
    for (int p = 0; p < v->shown.players; p++) {
        for (int k = 0; k < v->shown.nst[p]; k++)
            if (inside(nine_stack_rect(v, p, k), x, y)) {
                *m = stack_move(v, p, k);
                return 1;
            }
        if (inside(v->g[p].head, x, y)) {
            *m = move_of(NINE_M_ATTACK, p, 0);
            return 1;
        }
    }
    return 0;
}

int nine_refuse_move(nine_view *v, const game_move *m)
{
    char why[112];
    if (!nine_viewer_decides(v)) {
        table_refuse_turn(v->t, -1);
        return 1;
    }
    if (nine_refusal(&v->obs, m, why, sizeof why) < 0)
        return 0;
    table_refuse(v->t, -1, "%s", why);
    return 1;
}

int nine_refuse_press(nine_view *v, float x, float y)
{
    game_move m;
    if (table_over(v->t) || table_hides_private(v->t) || !pressed_move(v, x, y, &m))
        return 0;
    return nine_refuse_move(v, &m);
}
