/* A computer stacker: builds the card block by block in its own space by
 * driving the same hand as a person (move, grab, turn, let go, claim). Its
 * hand is its own: hand speed, pause before letting go and think time before
 * each block are drawn once per seat from its seed around its level's, and
 * each think and each placement draws again, so two stackers of one level
 * never move in step. Placement error and the chance of a slip (a block set
 * clearly off, unnoticed until the claim fails) fall with the level. When its
 * structure falls, or a claim fails, it takes everything back to the piles
 * and starts again; a SAMESTAX Creator whose structure fell calls Ready on
 * what came to rest instead, so it keeps what stands. */
#ifndef STACKHOUSE_MAXSTAX_BOT_H
#define STACKHOUSE_MAXSTAX_BOT_H

#include <stddef.h>
#include <stdint.h>

#include "core/rng.h"
#include "games/maxstax/rules/maxstax_match.h"

typedef struct maxstax_bot {
    int player, level;
    rng r;
    /* This seat's hand, drawn at init: hand speed (units/s), pause before
     * letting go (s), mean think time before a block (s), chance of a slip
     * per block placed. */
    double speed, pause, think, slip;
    double still; /* a Creator's seconds of its fallen structure at rest */
    int round_seen;
    int clearing;  /* taking the structure down */
    int claimed;   /* waiting for the claim's verdict */
    int n_placed;  /* card blocks placed, in build order */
    int order[MAXSTAX_CARD_MAX_BLOCKS];  /* card block indices, bottom up */
    int placed[MAXSTAX_CARD_MAX_BLOCKS]; /* world block at each placed step */
    maxstax_pose goal[MAXSTAX_CARD_MAX_BLOCKS]; /* where each placed block was put */
    maxstax_pose target; /* where the block being moved goes */
    int stage, block;
    double wait, stage_time;
    double hx, hy;     /* hand target now, moving towards the waypoint */
    double wx, wy;     /* waypoint */
    double safe;       /* carrying height */
    double lower_to;   /* height of the block's centre when let go */
    double gx, gy;     /* where the hand holds the block, in the block's frame */
} maxstax_bot;

/* A bot for seat player at level 1 (easy) .. 3 (hard). */
void maxstax_bot_init(maxstax_bot *b, int player, int level, uint64_t seed);
/* Decides this tick's input from what the match shows; dt is the tick length. */
void maxstax_bot_think(maxstax_bot *b, const maxstax_match *m, double dt, maxstax_input *out);
/* Writes the bot's whole state as one line ("bot P ...", no newline) so that
 * a saved match resumes with its computer stackers where they were; returns
 * the length, or -1 if n is too small. */
int maxstax_bot_save(const maxstax_bot *b, char *buf, size_t n);
/* Reads a line written by maxstax_bot_save for a match of players seats;
 * returns 0, or -1 with a message in err (b unchanged). */
int maxstax_bot_load(maxstax_bot *b, const char *line, int players, char *err, size_t errn);

/* A saved match with its computer stackers: the match's text
 * (maxstax_match_save), then a line for each seat in computers (a bit per
 * seat), so that they resume mid-build instead of starting again. Returns
 * malloc'd text, or NULL. */
char *maxstax_bots_save(const maxstax_match *m, const maxstax_bot *bots, unsigned computers);
/* Reads text written by maxstax_bots_save: the match (NULL with the reason in
 * err), and *bots_text where the stackers' lines begin. */
maxstax_match *maxstax_bots_load_match(const char *text, const maxstax_deck *deck, const char **bots_text,
                                       char *err, size_t errn);
/* Reads the stackers' lines into bots (one per seat in computers at most,
 * none for another seat); 0, or -1 with the reason in err. */
int maxstax_bots_load(maxstax_bot *bots, int players, unsigned computers, const char *text, char *err,
                      size_t errn);

#endif
