/* 9 STAX cards: the card codes, their two-letter notation, and the parser of
 * the deck data file (deck.txt, embedded at build time). */
#ifndef STACKHOUSE_NINE_DECK_H
#define STACKHOUSE_NINE_DECK_H

#include <stddef.h>
#include <stdint.h>

#define NINE_CARDS 200

/* A card code is colour << 5 | face. Faces 1..9 are the numbers. */
enum nine_face {
    NINE_ATTACK = 10,
    NINE_SWAP,
    NINE_DISCARD,
    NINE_REVERSE,
    NINE_PEEK,
    NINE_REVEAL,
    NINE_SHIFT, /* Color Shift, no colour */
    NINE_FREE,  /* Free Discard, no colour */
    NINE_FACES
};
enum nine_colour { NINE_RED, NINE_BLUE, NINE_GREEN, NINE_PURPLE, NINE_NO_COLOUR };

/* The deck as the data file gives it: code[id] for every card id. */
typedef struct nine_deck {
    uint8_t code[NINE_CARDS];
} nine_deck;

/* Builds a card code. */
static inline uint8_t nine_code(int colour, int face) { return (uint8_t)(colour << 5 | face); }
/* The colour of a code (NINE_NO_COLOUR for Color Shift and Free Discard). */
static inline int nine_colour_of(uint8_t code) { return code >> 5; }
/* The face of a code. */
static inline int nine_face_of(uint8_t code) { return code & 31; }

/* Parses deck text (the deck.txt format); returns 0, or -1 with a message. */
int nine_deck_parse(const char *text, nine_deck *d, char *err, size_t errn);
/* The deck text built into the program. */
const char *nine_deck_text(void);
/* Parses the built-in deck; returns 0, or -1 with a message. */
int nine_deck_builtin(nine_deck *d, char *err, size_t errn);
/* Writes a code's two-letter name ("R7", "BA", "CS") and a NUL into buf[3]. */
void nine_card_name(uint8_t code, char *buf);
/* Reads a two-letter card name at p; returns the code, or -1. */
int nine_card_read(const char *p);

#endif
