#include "games/stakz/rules/stakz_why.h"

static const char *const colour_words[STAKZ_COLOURS] = {"red", "orange", "green", "blue", "purple"};
static const char *const symbol_words[STAKZ_SYMBOLS] = {"circle", "triangle", "diamond", "star", "cross"};

/* Why code may not go on stack k (it may not: stakz_can_place said so). */
static int place_refusal(const stakz_state *s, int code, int k, char *buf, size_t n)
{
    int c, y;
    uint8_t top;
    if (code < 0 || code >= STAKZ_CODES)
        return game_text(buf, n, "Choose a tile from your hand first, then the stack it goes on.");
    c = stakz_colour((uint8_t)code);
    y = stakz_symbol((uint8_t)code);
    if (k < 0 || k >= s->nstacks)
        return game_text(buf, n, "There is no stack %d.", k + 1);
    if (!s->hand[s->turn][code])
        return game_text(buf, n, "You have no %s %s in your hand.", colour_words[c], symbol_words[y]);
    if (stakz_count(s, k, c) >= STAKZ_PER_COLOUR)
        return game_text(buf, n, "Stack %d already holds two %s tiles: a stack never holds three.", k + 1,
                         colour_words[c]);
    top = s->stack[k][s->height[k] - 1];
    return game_text(buf, n, "Stack %d's top is a %s %s: the %s %s is neither %s nor a %s.", k + 1,
                     colour_words[stakz_colour(top)], symbol_words[stakz_symbol(top)], colour_words[c],
                     symbol_words[y], colour_words[stakz_colour(top)], symbol_words[stakz_symbol(top)]);
}

/* Why the turn may not end drawing colour c (it may not). */
static int end_refusal(const stakz_state *s, int c, char *buf, size_t n)
{
    if (s->npile == 0)
        return game_text(buf, n, "The draw pile is empty: end your turn without drawing.");
    if (s->draw_random)
        return game_text(buf, n, "This match draws at random: you take the top tile of the pile.");
    if (c < 0 || c >= STAKZ_COLOURS)
        return game_text(buf, n, "Choose the colour of the tile you draw.");
    return game_text(buf, n, "No %s tiles are left in the draw pile: choose another colour.", colour_words[c]);
}

int stakz_refusal(const stakz_state *s, const game_move *m, char *buf, size_t n)
{
    if (s->over)
        return game_text(buf, n, "The game is over.");
    if (m->kind == STAKZ_M_PLACE && m->len == 2)
        return stakz_can_place(s, m->b[0], m->b[1]) ? -1 : place_refusal(s, m->b[0], m->b[1], buf, n);
    if (m->kind == STAKZ_M_END && m->len == 1)
        return stakz_can_end(s, m->b[0]) ? -1 : end_refusal(s, m->b[0] == STAKZ_END_ANY ? -1 : m->b[0], buf, n);
    return game_text(buf, n, "Place a tile on a stack, or end your turn.");
}

int stakz_tile_refusal(const stakz_state *s, int code, char *buf, size_t n)
{
    for (int k = 0; k < s->nstacks; k++)
        if (stakz_can_place(s, code, k))
            return -1;
    if (code < 0 || code >= STAKZ_CODES)
        return game_text(buf, n, "Choose a tile from your hand.");
    return game_text(buf, n, "The %s %s fits on no stack now.", colour_words[stakz_colour((uint8_t)code)],
                     symbol_words[stakz_symbol((uint8_t)code)]);
}

int stakz_refusal_rules(const void *st, const game_move *m, char *buf, size_t n) { return stakz_refusal(st, m, buf, n); }
