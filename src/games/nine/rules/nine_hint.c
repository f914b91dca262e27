#include "games/nine/rules/nine_hint.h"

#include "games/nine/rules/nine.h"
#include "games/nine/rules/nine_why.h"

/* Why code may go on the active card: anything may, its colour, its face. */
static const char *match_words(const nine_state *s, uint8_t code)
{
    if (s->act == NINE_ACT_ANY)
        return "any card may start";
    if (nine_colour_of(code) == NINE_NO_COLOUR)
        return "it goes on any colour";
    if (nine_colour_of(code) == nine_colour_of(s->act))
        return "matching the colour";
    return nine_face_of(code) <= 9 ? "matching the number" : "matching the card";
}

/* A played card's own words: what its action does, or "" for a number. */
static const char *action_words(uint8_t code)
{
    switch (nine_face_of(code)) {
    case NINE_ATTACK: return ": an opponent must take a card";
    case NINE_SWAP: return ": two stacks change places";
    case NINE_DISCARD: return ": the next player loses their turn";
    case NINE_REVERSE: return ": play turns the other way";
    case NINE_PEEK: return ": you look at an opponent's stack";
    case NINE_REVEAL: return ": a stack number is turned face up";
    case NINE_SHIFT: return ": you choose the colour";
    case NINE_FREE: return ": you throw away one of your stacks";
    default: return "";
    }
}

int nine_move_reason(const void *st, const game_move *m, char *buf, size_t n)
{
    const nine_state *s = st;
    nine_state after = *s;
    int seat = nine_decider(s), left;
    char card[40], on[40];
    if (seat < 0 || nine_rules.apply(&after, m) != 0)
        return -1;
    left = nine_cards_left(&after, seat);
    if (nine_winner(&after) == seat)
        return m->kind == NINE_M_PLAY
                   ? game_text(buf, n, "plays your last card, the %s: it wins the game",
                               nine_card_words(m->b[0], card, sizeof card))
                   : game_text(buf, n, "it wins the game");
    switch (m->kind) {
    case NINE_M_PLAY:
        nine_card_words(m->b[0], card, sizeof card);
        if (s->act == NINE_ACT_ANY)
            return game_text(buf, n, "plays your %s (%s)%s: %d cards left", card, match_words(s, m->b[0]),
                             action_words(m->b[0]), left);
        return game_text(buf, n, "plays your %s on the %s, %s%s: %d cards left", card,
                         nine_card_words(s->act, on, sizeof on), match_words(s, m->b[0]), action_words(m->b[0]),
                         left);
    case NINE_M_DRAW: {
        game_move mv[GAME_MAX_MOVES];
        int k = nine_legal(s, mv, GAME_MAX_MOVES), plays = 0;
        for (int i = 0; i < k; i++)
            plays |= mv[i].kind == NINE_M_PLAY;
        return game_text(buf, n, plays ? "draws a card, keeping what you hold for later"
                                       : "draws a card: nothing in your stack matches");
    }
    case NINE_M_PASS: return game_text(buf, n, "passes: nothing to play and nothing to draw");
    case NINE_M_KEEP: return game_text(buf, n, "keeps the drawn card for later");
    case NINE_M_ATTACK: return game_text(buf, n, "attacks Player %d: they must take a card", m->b[0] + 1);
    case NINE_M_PEEK: return game_text(buf, n, "looks at Player %d's stack %d", m->b[0] + 1, m->b[1] + 1);
    case NINE_M_TAKE:
        return game_text(buf, n, "takes the %s from their stack", nine_card_words(m->b[0], card, sizeof card));
    case NINE_M_GIVE:
        return game_text(buf, n, "gives them your %s", nine_card_words(m->b[0], card, sizeof card));
    case NINE_M_RETURN: return game_text(buf, n, "hands the stack back as it was");
    case NINE_M_SWAP: return game_text(buf, n, "swaps Player %d's stack %d", m->b[0] + 1, m->b[1] + 1);
    case NINE_M_WITH: return game_text(buf, n, "with Player %d's stack %d", m->b[0] + 1, m->b[1] + 1);
    case NINE_M_REVEAL: return game_text(buf, n, "turns every stack %d face up", m->b[0]);
    case NINE_M_DISCARD: return game_text(buf, n, "throws away your stack %d: %d cards left", m->b[0] + 1, left);
    case NINE_M_IMMUNE: return game_text(buf, n, "uses your Immunity against it");
    case NINE_M_ACCEPT: return game_text(buf, n, "keeps your Immunity for later");
    default: return -1;
    }
}
