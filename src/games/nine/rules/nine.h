/* 9 STAX: play out nine face-down stacks of cards by matching colour or
 * number, with action cards against the other players. The rules table for
 * the game interface (hidden information: observe and determinize), and the
 * state layout its notation module and tests share. */
#ifndef STACKHOUSE_NINE_H
#define STACKHOUSE_NINE_H

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "games/nine/rules/nine_deck.h"

/* New stacks come only from Attacks; past this many an attacked player's
 * card goes into the stack they hold instead (no real game gets near). */
#define NINE_MAX_STACKS 48
#define NINE_STACKS 9
#define NINE_STACK_CARDS 4
/* act when the next player may play any card (first turn, after Free Discard). */
#define NINE_ACT_ANY 0xFF
/* hand[] of a seat with no card in its hand. */
#define NINE_NO_CARD 0xFF

/* Where a card lies: place[id] is one of these (hand and stack plus a seat). */
enum nine_zone { NINE_Z_DRAW = 0, NINE_Z_DISC = 1, NINE_Z_HAND = 2, NINE_Z_STACK = 6 };

/* The decision the game waits for. NONE and SHIFT are a turn's card play;
 * the rest are the choices an action card asks for, so that humans and the
 * AI answer them as ordinary moves. */
enum nine_pend_kind {
    NINE_P_NONE,   /* turn owner plays a matching card, draws or passes */
    NINE_P_SHIFT,  /* after a Color Shift: play the card that sets the colour */
    NINE_P_DRAWN,  /* pend.seat drew the card in its hand and may play it */
    NINE_P_ATTACK, /* choose whom to attack */
    NINE_P_PEEK,   /* choose an opponent's stack to look at */
    NINE_P_TAKE,   /* looking at (p1, s1): take one of its cards, or return it */
    NINE_P_GIVE,   /* took the card in the hand: give one from the held stack */
    NINE_P_SWAP,   /* choose the first stack of a Swap */
    NINE_P_SWAP2,  /* chose (p1, s1): choose the stack it changes places with */
    NINE_P_REVEAL, /* choose the stack number to reveal */
    NINE_P_FREE,   /* Free Discard: choose which of your stacks to discard */
    NINE_P_IMMUNE, /* the first seat of ask (in turn order) uses Immunity or not */
};
/* Where a drawn card goes when it is not played. */
enum nine_keep { NINE_KEEP_HELD, NINE_KEEP_NEW, NINE_KEEP_MUST };

typedef struct nine_pending {
    uint8_t kind;
    uint8_t seat;   /* NINE_P_DRAWN: who drew (else the turn owner decides) */
    uint8_t keep;   /* NINE_P_DRAWN: a nine_keep */
    uint8_t action; /* NINE_P_IMMUNE: face of the card asking */
    uint8_t ask;    /* NINE_P_IMMUNE: seats still to be asked (bit per seat) */
    uint8_t used;   /* NINE_P_IMMUNE: seats that used Immunity against it */
    uint8_t p1, s1; /* target seat and stack index (Reveal: s1 is number - 1) */
    uint8_t p2, s2; /* a Swap's second stack */
} nine_pending;

/* Plain data that copies by value. Card ids are deck order; which of two
 * identical cards lies where never matters, so notation and hash use codes. */
typedef struct nine_state {
    uint8_t code[NINE_CARDS];  /* card code of each id (the deck) */
    uint8_t place[NINE_CARDS]; /* nine_zone (+ seat for hands and stacks) */
    uint8_t stk[NINE_CARDS];   /* stack index, for cards in a stack */
    uint8_t draw[NINE_CARDS];  /* draw pile; draw[ndraw - 1] is drawn next */
    uint8_t disc[NINE_CARDS];  /* discard pile; disc[ndisc - 1] is on top */
    uint8_t ndraw, ndisc;
    uint8_t players;
    uint8_t turn;     /* whose turn it is (decisions may belong to others) */
    uint8_t dir;      /* 0 clockwise (seat + 1), 1 counter-clockwise */
    uint8_t act;      /* code a play must match, or NINE_ACT_ANY */
    uint8_t immunity; /* seats still holding their Immunity tile */
    uint8_t rev_num;  /* revealed stack number 1.., 0 for none */
    uint8_t rev_hidden; /* seats whose stack rev_num stays face down */
    uint8_t passes;   /* turns passed in a row because nobody could draw */
    uint8_t nst[GAME_MAX_PLAYERS];  /* stacks per seat */
    uint8_t held[GAME_MAX_PLAYERS]; /* index of the stack each seat holds */
    uint8_t ssize[GAME_MAX_PLAYERS][NINE_MAX_STACKS];
    /* Memory: known[id] has a bit per seat that legitimately knows card id
     * and where it lies (seen face up, and followed since). Follows the id
     * through Swaps and renumbering; the draw pile is known to nobody. */
    uint8_t known[NINE_CARDS];
    /* Derived from place[] (nine_derive), kept so that a turn need not scan
     * 200 cards: the card in each seat's hand, or NINE_NO_CARD. */
    uint8_t hand[GAME_MAX_PLAYERS];
    /* Also derived: each stack's cards as a list in id order, so that a move
     * walks its few cards. head is NINE_NO_CARD for an empty stack; next[id]
     * is the following card of id's stack, NINE_NO_CARD at the end and off
     * the table. */
    uint8_t head[GAME_MAX_PLAYERS][NINE_MAX_STACKS];
    uint8_t next[NINE_CARDS];
    /* Nonzero in a world the search made up (determinize): nobody observes
     * from it, so memory is not kept up and its check is skipped. */
    uint8_t imagined;
    nine_pending pend;
    uint64_t shuffle_seed; /* next reshuffle of the discard pile */
} nine_state;

/* Move kinds (game_move.kind); b[] holds codes, seats and stack indices. */
enum nine_move_kind {
    NINE_M_PLAY,    /* b0 code */
    NINE_M_DRAW,
    NINE_M_PASS,
    NINE_M_KEEP,
    NINE_M_ATTACK,  /* b0 seat */
    NINE_M_PEEK,    /* b0 seat, b1 stack */
    NINE_M_TAKE,    /* b0 code */
    NINE_M_GIVE,    /* b0 code */
    NINE_M_RETURN,
    NINE_M_SWAP,    /* b0 seat, b1 stack */
    NINE_M_WITH,    /* b0 seat, b1 stack */
    NINE_M_REVEAL,  /* b0 number */
    NINE_M_DISCARD, /* b0 stack */
    NINE_M_IMMUNE,
    NINE_M_ACCEPT,
    NINE_M_KINDS
};

extern const game_rules nine_rules;

/* Deals a new game for the given number of players from a seed. */
int nine_deal(nine_state *s, int players, uint64_t seed, char *err, size_t errn);
/* Recomputes the fields derived from where the cards lie (hand, head, next)
 * from place and stk, e.g. after a parse. */
void nine_derive(nine_state *s);
/* Seat that must decide now, or -1 when the game is over. */
int nine_decider(const nine_state *s);
/* Seat with no cards left (the winner), or -1. */
int nine_winner(const nine_state *s);
/* Cards a seat still has (stacks and hand). */
int nine_cards_left(const nine_state *s, int seat);
/* Nonzero when seat may see the cards of stack k of seat p right now. */
int nine_stack_visible(const nine_state *s, int seat, int p, int k);
/* Adds to each seat's memory the cards it sees now; a draw pile card is
 * forgotten by everyone (a reshuffle hides where it went). */
void nine_memory_note(nine_state *s);
/* Nonzero when seat remembers card id (it sees it, or saw it and followed it). */
int nine_known(const nine_state *s, int seat, int id);
/* Writes the legal moves (at most max); returns how many. */
int nine_legal(const nine_state *s, game_move *out, int max);

#endif
