#include "games/nine/rules/nine_why.h"

#include <stdio.h>

static const char *const colour_words[NINE_NO_COLOUR] = {"red", "blue", "green", "purple"};
static const char *const face_words[NINE_FACES] = {
    "",  "1",      "2",    "3",       "4",       "5",    "6",      "7",           "8",
    "9", "Attack", "Swap", "Discard", "Reverse", "Peek", "Reveal", "Color Shift", "Free Discard"};

/* "red 5", "blue Attack", "Color Shift": a card as the table says it. */
static const char *card_words(uint8_t code, char *buf, size_t n)
{
    int c = nine_colour_of(code), f = nine_face_of(code);
    if (f <= 0 || f >= NINE_FACES)
        snprintf(buf, n, "card");
    else if (c >= NINE_NO_COLOUR)
        snprintf(buf, n, "%s", face_words[f]);
    else
        snprintf(buf, n, "%s %s", colour_words[c], face_words[f]);
    return buf;
}

/* "a" or "an" before w. */
static const char *article(const char *w) { return w[0] == 'A' || w[0] == 'a' || w[0] == '8' ? "an" : "a"; }

static int legal(const nine_state *s, const game_move *m)
{
    game_move mv[GAME_MAX_MOVES];
    int k = nine_legal(s, mv, GAME_MAX_MOVES);
    for (int i = 0; i < k; i++)
        if (game_move_equal(&mv[i], m))
            return 1;
    return 0;
}

/* Whether seat p's held stack has a card of code. */
static int held_has(const nine_state *s, int p, uint8_t code)
{
    for (int id = s->head[p][s->held[p]]; id != NINE_NO_CARD; id = s->next[id])
        if (s->code[id] == code)
            return 1;
    return 0;
}

/* Whether the held stack of p has a card that may follow a Color Shift. */
static int held_sets_colour(const nine_state *s, int p)
{
    for (int id = s->head[p][s->held[p]]; id != NINE_NO_CARD; id = s->next[id])
        if (nine_colour_of(s->code[id]) != NINE_NO_COLOUR || nine_face_of(s->code[id]) == NINE_SHIFT)
            return 1;
    return 0;
}

/* A card that does not match the active one, said with what would. */
static int mismatch(const nine_state *s, uint8_t code, char *buf, size_t n)
{
    char a[24], b[24];
    int c = nine_colour_of(s->act), f = nine_face_of(s->act);
    /* the active card is on the discard pile for all to see: its colour and face say it */
    card_words(code, a, sizeof a);
    card_words(s->act, b, sizeof b);
    if (s->act == NINE_ACT_ANY || f <= 0 || f >= NINE_FACES)
        return game_text(buf, n, "The %s cannot be played now.", a);
    if (c >= NINE_NO_COLOUR)
        return game_text(buf, n, "The %s does not match the %s: it is not %s %s.", a, b, article(face_words[f]),
                         face_words[f]);
    return game_text(buf, n, "The %s is neither %s nor %s %s.", a, colour_words[c], article(face_words[f]),
                     face_words[f]);
}

/* A turn's card play (after a Color Shift too): m is not it. */
static int turn_refusal(const nine_state *s, int p, const game_move *m, char *buf, size_t n)
{
    int shift = s->pend.kind == NINE_P_SHIFT;
    char a[24];
    switch (m->kind) {
    case NINE_M_PLAY:
        if (!held_has(s, p, m->b[0]))
            return game_text(buf, n, "The %s is not in stack %d, which you hold.", card_words(m->b[0], a, sizeof a),
                             s->held[p] + 1);
        if (shift)
            return game_text(buf, n, "After a Color Shift, play a coloured card.");
        return mismatch(s, m->b[0], buf, n);
    case NINE_M_DRAW:
        if (shift && held_sets_colour(s, p))
            return game_text(buf, n, "After a Color Shift, play your coloured card.");
        return game_text(buf, n, "Nothing is left to draw, so pass.");
    case NINE_M_PASS: return game_text(buf, n, "You can still draw, so you cannot pass.");
    case NINE_M_DISCARD:
        if (m->b[0] == s->held[p])
            return game_text(buf, n, "You hold stack %d: play one of its cards.", m->b[0] + 1);
        return game_text(buf, n, "You play from stack %d, the one you hold.",
                         s->held[p] + 1);
    case NINE_M_ATTACK: return game_text(buf, n, "Only an Attack lets you choose a player.");
    case NINE_M_PEEK:
    case NINE_M_SWAP:
    case NINE_M_WITH: return game_text(buf, n, "Only a Peek or a Swap picks others' stacks.");
    case NINE_M_REVEAL: return game_text(buf, n, "Only a Reveal lets you choose a number.");
    default: return game_text(buf, n, "Play a card from your stack, or draw.");
    }
}

/* An action card's choice (Attack, Peek, Swap, Reveal, Free Discard, the
 * drawn card, Immunity): m is not one of its answers. */
static int choice_refusal(const nine_state *s, int p, const game_move *m, char *buf, size_t n)
{
    const nine_pending *d = &s->pend;
    int t = s->turn;
    char a[24];
    switch (d->kind) {
    case NINE_P_DRAWN:
        if (m->kind == NINE_M_KEEP)
            return game_text(buf, n, "After a Color Shift, play the card you drew.");
        return game_text(buf, n, "You drew the %s: play it or keep it.",
                         card_words(s->code[s->hand[p] == NINE_NO_CARD ? 0 : s->hand[p]], a, sizeof a));
    case NINE_P_ATTACK:
        if (m->kind == NINE_M_ATTACK && m->b[0] == t)
            return game_text(buf, n, "Attack another player, not yourself.");
        return game_text(buf, n, "Attack: choose a player to draw a new stack.");
    case NINE_P_PEEK:
        if (m->kind == NINE_M_PEEK && m->b[0] == t)
            return game_text(buf, n, "Peek at another player's stack, not yours.");
        return game_text(buf, n, "Peek: choose another player's stack.");
    case NINE_P_TAKE:
        if (m->kind == NINE_M_TAKE)
            return game_text(buf, n, "That stack has no %s.", card_words(m->b[0], a, sizeof a));
        return game_text(buf, n, "Take a card from that stack, or hand it back.");
    case NINE_P_GIVE:
        if (m->kind == NINE_M_GIVE)
            return game_text(buf, n, "Your stack has no %s to give.",
                             card_words(m->b[0], a, sizeof a));
        return game_text(buf, n, "Give a card from your stack in its place.");
    case NINE_P_SWAP: return game_text(buf, n, "Swap: choose the first of two stacks.");
    case NINE_P_SWAP2:
        if (m->kind == NINE_M_WITH && m->b[0] == d->p1 && m->b[1] == d->s1)
            return game_text(buf, n, "Choose a different stack: not the same one.");
        return game_text(buf, n, "Swap: choose the second stack.");
    case NINE_P_REVEAL: return game_text(buf, n, "Reveal: choose a stack number.");
    case NINE_P_FREE:
        if (m->kind == NINE_M_DISCARD)
            return game_text(buf, n, "You have no stack %d.", m->b[0] + 1);
        return game_text(buf, n, "Free Discard: choose one of your stacks.");
    default:
        return game_text(buf, n, "Use your Immunity, or let the %s happen.",
                         d->action < NINE_FACES && d->action > 9 ? face_words[d->action] : "card");
    }
    (void)p;
}

int nine_refusal(const nine_state *s, const game_move *m, char *buf, size_t n)
{
    int p = nine_decider(s);
    if (p < 0)
        return game_text(buf, n, "The game is over.");
    if (legal(s, m))
        return -1;
    if (s->pend.kind == NINE_P_NONE || s->pend.kind == NINE_P_SHIFT)
        return turn_refusal(s, p, m, buf, n);
    return choice_refusal(s, p, m, buf, n);
}

int nine_refusal_rules(const void *st, const game_move *m, char *buf, size_t n) { return nine_refusal(st, m, buf, n); }

const char *nine_card_words(uint8_t code, char *buf, size_t n) { return card_words(code, buf, n); }
