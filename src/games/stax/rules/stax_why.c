#include "games/stax/rules/stax_why.h"

static const char *const side_words[2] = {"Red", "Blue"};

/* Whether m's path begins the longer legal path l (a capture cut short). */
static int begins(const game_move *m, const game_move *l)
{
    if (m->kind != l->kind || m->len >= l->len)
        return 0;
    for (int k = 0; k < m->len; k++)
        if (m->b[k] != l->b[k])
            return 0;
    return 1;
}

int stax_refusal(const stax_state *s, const game_move *m, char *buf, size_t n)
{
    game_move mv[GAME_MAX_MOVES];
    int k = stax_gen(&s->b, mv, GAME_MAX_MOVES), from = m->b[0], here = 0, cut = 0;
    char a[3], to[3];
    if (s->over)
        return game_text(buf, n, "The game is over.");
    for (int i = 0; i < k; i++) {
        if (game_move_equal(&mv[i], m))
            return -1;
        here += mv[i].b[0] == from;
        cut |= begins(m, &mv[i]);
    }
    if (m->len < 2 || from >= 64)
        return game_text(buf, n, "Pick a stack outlined in gold, then where it goes.");
    stax_square_name(from, a);
    stax_square_name(m->b[m->len - 1] < 64 ? m->b[m->len - 1] : from, to);
    if (!(s->b.occ >> from & 1))
        return game_text(buf, n, "%s is empty: pick a stack outlined in gold.", a);
    if ((int)(s->b.blue >> from & 1) != s->b.stm)
        return game_text(buf, n, "That stack is %s's: the man on top decides.", side_words[!s->b.stm]);
    if (cut)
        return game_text(buf, n, "Finish the capture: the chain must go on.");
    if (stax_has_capture(&s->b))
        return here ? game_text(buf, n, "Capture is compulsory: jump over an enemy stack.")
                    : game_text(buf, n, "Capture is compulsory: pick a stack that can capture.");
    if (!here)
        return game_text(buf, n, "The stack on %s has nowhere to go.", a);
    return game_text(buf, n, "Not %s: land on a square the stack on %s can reach.", to, a);
}

int stax_refusal_rules(const void *st, const game_move *m, char *buf, size_t n) { return stax_refusal(st, m, buf, n); }
