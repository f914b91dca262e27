#include "games/stakz/rules/stakz_hint.h"

#include "games/stakz/rules/stakz.h"

static const char *const colours[STAKZ_COLOURS] = {"red", "orange", "green", "blue", "purple"};
static const char *const symbols[STAKZ_SYMBOLS] = {"circle", "triangle", "diamond", "star", "cross"};

/* Whether m is one of the legal moves of s. */
static int legal(const stakz_state *s, const game_move *m)
{
    game_move mv[GAME_MAX_MOVES];
    int k = stakz_legal(s, mv, GAME_MAX_MOVES);
    for (int i = 0; i < k; i++)
        if (game_move_equal(&mv[i], m))
            return 1;
    return 0;
}

/* Why code fits on top of stack k: a bonus placement, its colour or its symbol. */
static const char *fit(const stakz_state *s, int code, int k, char *buf, size_t n)
{
    uint8_t top = s->stack[k][s->height[k] - 1];
    if (s->bonus[k])
        game_text(buf, n, "a bonus placement");
    else if (stakz_colour(top) == stakz_colour((uint8_t)code))
        game_text(buf, n, "matching its %s", colours[stakz_colour(top)]);
    else
        game_text(buf, n, "matching its %s", symbols[stakz_symbol(top)]);
    return buf;
}

int stakz_move_reason(const void *st, const game_move *m, char *buf, size_t n)
{
    const stakz_state *s = st;
    stakz_state after = *s;
    char why[40];
    if (!legal(s, m) || stakz_rules.apply(&after, m) != 0)
        return -1;
    if (m->kind == STAKZ_M_PLACE) {
        int code = m->b[0], k = m->b[1], c = stakz_colour((uint8_t)code), y = stakz_symbol((uint8_t)code);
        fit(s, code, k, why, sizeof why);
        if (s->nhand[s->turn] == 1) {
            game_result res;
            stakz_rules.result(&after, &res);
            return game_text(buf, n, "puts your last tile, the %s %s, on stack %d (%s): you go out%s", colours[c],
                             symbols[y], k + 1, why,
                             res.status == GAME_OVER && res.winner == s->turn ? " and win the game" : "");
        }
        if (after.nstacks > s->nstacks)
            return game_text(buf, n, "puts your %s %s on stack %d, %s, and splits it in two", colours[c],
                             symbols[y], k + 1, why);
        return game_text(buf, n, "puts your %s %s on stack %d, %s: %d left in your hand", colours[c], symbols[y],
                         k + 1, why, s->nhand[s->turn] - 1);
    }
    {
        /* why stop now: the turn's tile is down, or none would fit */
        game_move mv[GAME_MAX_MOVES];
        int k = stakz_legal(s, mv, GAME_MAX_MOVES), fits = 0;
        const char *why_end;
        for (int i = 0; i < k; i++)
            fits |= mv[i].kind == STAKZ_M_PLACE;
        why_end = s->placed ? "your tile is down" : fits ? "keeping your tiles" : "none of yours fits a stack";
        if (m->b[0] < STAKZ_COLOURS)
            return game_text(buf, n, "ends the turn and draws a%s %s tile (%s)", m->b[0] == 1 ? "n" : "",
                             colours[m->b[0]], why_end);
        return game_text(buf, n, "ends the turn (%s)", why_end);
    }
}
