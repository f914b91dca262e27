#include "games/stax/view/stax_chain.h"

#include <string.h>

/* Whether move m goes through the squares entered so far (and on past them). */
static int extends(const stax_chain *c, const game_move *m)
{
    return m->len > c->len && memcmp(m->b, c->path, (size_t)c->len) == 0;
}

void stax_chain_reset(stax_chain *c, const stax_state *s)
{
    c->n = stax_rules.legal_moves(s, c->moves, GAME_MAX_MOVES);
    c->len = 0;
    c->capture = stax_has_capture(&s->b);
    if (s->over)
        c->n = 0;
}

uint64_t stax_chain_movable(const stax_chain *c)
{
    uint64_t bb = 0;
    for (int i = 0; i < c->n; i++)
        bb |= 1ULL << c->moves[i].b[0];
    return bb;
}

int stax_chain_pick(stax_chain *c, int sq)
{
    if (sq < 0 || sq > 63 || !(stax_chain_movable(c) >> sq & 1))
        return -1;
    c->path[0] = (uint8_t)sq;
    c->len = 1;
    return 0;
}

void stax_chain_cancel(stax_chain *c) { c->len = 0; }

uint64_t stax_chain_targets(const stax_chain *c)
{
    uint64_t bb = 0;
    if (c->len == 0)
        return 0;
    for (int i = 0; i < c->n; i++)
        if (extends(c, &c->moves[i]))
            bb |= 1ULL << c->moves[i].b[c->len];
    return bb;
}

int stax_chain_forced(const stax_chain *c)
{
    uint64_t t = stax_chain_targets(c);
    if (c->len < 2 || t == 0 || (t & (t - 1)))
        return -1;
    return __builtin_ctzll(t);
}

stax_chain_result stax_chain_land(stax_chain *c, int sq, game_move *done)
{
    if (c->len == 0 || sq < 0 || sq > 63 || !(stax_chain_targets(c) >> sq & 1))
        return STAX_CHAIN_ILLEGAL;
    c->path[c->len++] = (uint8_t)sq;
    /* A prefix fixes the rest of the turn's state, so a path that is some
     * move's whole path is never also the start of a longer one. */
    for (int i = 0; i < c->n; i++)
        if (c->moves[i].len == c->len && memcmp(c->moves[i].b, c->path, (size_t)c->len) == 0) {
            if (done)
                *done = c->moves[i];
            c->len = 0;
            return STAX_CHAIN_DONE;
        }
    return STAX_CHAIN_MORE;
}

void stax_chain_partial(const stax_board *start, const uint8_t *path, int len, int kind,
                        stax_board *out)
{
    game_move part;
    *out = *start;
    if (len < 2)
        return;
    /* A partial chain is made like a whole one; it never ends on a promotion
     * square with a Minor on top, since that would have ended the chain. */
    memset(&part, 0, sizeof part);
    part.len = (uint8_t)len;
    part.kind = (uint8_t)kind;
    memcpy(part.b, path, (size_t)len);
    stax_make(out, &part);
    out->stm = start->stm;
}

void stax_chain_board(const stax_chain *c, const stax_board *start, stax_board *out)
{
    int kind = 0;
    for (int i = 0; i < c->n; i++)
        if (extends(c, &c->moves[i]))
            kind = c->moves[i].kind;
    stax_chain_partial(start, c->path, c->len, kind, out);
}
