#include "games/stax/rules/stax_hint.h"

#include <stdio.h>
#include <string.h>

#include "core/hint.h"
#include "games/stax/rules/stax.h"

/* Whether m is one of the legal moves of s. */
static int legal(const stax_state *s, const game_move *m)
{
    game_move mv[GAME_MAX_MOVES];
    int k = stax_rules.legal_moves(s, mv, GAME_MAX_MOVES);
    for (int i = 0; i < k; i++)
        if (game_move_equal(&mv[i], m))
            return 1;
    return 0;
}

int stax_move_reason(const void *st_, const game_move *m, char *buf, size_t n)
{
    const stax_state *s = st_;
    stax_state after = *s;
    int side = s->b.stm, len = 0, freed = 0, w, to;
    char tail[64] = "";
    if (s->over || !legal(s, m))
        return -1;
    stax_rules.apply(&after, m);
    to = m->b[m->len - 1];
    if (m->kind == 1) {
        /* a capture: each jumped stack that now shows the mover's colour is freed */
        for (int k = 1, at = m->b[0]; k < m->len; at = m->b[k], k++) {
            int mid = (at + m->b[k]) / 2;
            if ((after.b.occ >> mid & 1) && ((after.b.blue >> mid & 1) != 0) == (side == STAX_BLUE))
                freed++;
        }
    }
    if (m->kind == 1) { /* the rules' capture kind: a chain of jumps */
        int caps = m->len - 1;
        w = snprintf(buf, n, "captures %s and builds a stack of %d", hint_number(caps), after.b.ht[to >> 1]);
    } else {
        int h = s->b.ht[m->b[0] >> 1];
        w = h > 1 ? snprintf(buf, n, "moves a stack of %d", h) : snprintf(buf, n, "moves a single man");
    }
    if (w < 0 || (size_t)w >= n)
        return -1;
    len = w;
    if (freed)
        snprintf(tail, sizeof tail, ", freeing %s of yours", hint_number(freed));
    if (!((s->b.major >> m->b[0]) & 1) && ((after.b.major >> to) & 1))
        snprintf(tail + strlen(tail), sizeof tail - strlen(tail), " and crowns a Major");
    if (after.over && after.winner == side)
        snprintf(tail + strlen(tail), sizeof tail - strlen(tail), ": it wins the game");
    else if (!after.over && !stax_has_capture(&after.b))
        snprintf(tail + strlen(tail), sizeof tail - strlen(tail), ", leaving %s nothing to capture",
                 side == STAX_RED ? "Blue" : "Red");
    w = snprintf(buf + len, n - (size_t)len, "%s", tail);
    return w < 0 || (size_t)(len + w) >= n ? -1 : len + w;
}
