/* The one interface every turn-based game implements (like Simon Tatham's
 * `struct game`): a const table of functions over a plain-data state that
 * copies by value (memcpy of state_size bytes). No SDL here. */
#ifndef STACKHOUSE_GAME_H
#define STACKHOUSE_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "core/rng.h"

#define GAME_MAX_PLAYERS 4
#define GAME_MAX_OPTIONS 8
#define GAME_MOVE_BYTES 62
#define GAME_MAX_MOVES 512

/* A move is opaque bytes that only its game interprets; fixed size so that
 * move lists and search trees need no allocation per move. */
typedef struct game_move {
    uint8_t len;
    uint8_t kind;
    uint8_t b[GAME_MOVE_BYTES];
} game_move;

/* GAME_OPT_SEAT: 0 is "at random", k is seat k (1-based), at most the match's seats. */
typedef enum game_option_type { GAME_OPT_BOOL, GAME_OPT_INT, GAME_OPT_CHOICE, GAME_OPT_SEAT } game_option_type;

/* One option a match can set (shown generically by the match-setup screen). */
typedef struct game_option {
    const char *key;   /* stable id used in saves and on the command line */
    const char *label; /* what the setup screen shows */
    game_option_type type;
    int min, max, def;
    const char *const *choices; /* labels for GAME_OPT_CHOICE, max-min+1 of them */
} game_option;

/* What a match is started from; opt[] is indexed like the game's options[]. */
typedef struct game_params {
    int players;
    int opt[GAME_MAX_OPTIONS];
} game_params;

typedef enum game_status { GAME_ONGOING = 0, GAME_OVER = 1 } game_status;

typedef struct game_result {
    game_status status;
    int winner;                 /* seat, or -1 for a draw / no single winner */
    int rank[GAME_MAX_PLAYERS]; /* 0 is first; tied seats share a rank */
    int score[GAME_MAX_PLAYERS];
} game_result;

typedef struct game_rules {
    const char *id;
    size_t state_size;
    int min_players, max_players;
    const game_option *options;
    int n_options;
    int hidden_info; /* nonzero: observe and determinize are provided */

    /* Sets up a new game; returns 0, or -1 with a message in err. */
    int (*init)(void *st, const game_params *p, uint64_t seed, char *err, size_t errn);
    /* Seat to move, or -1 when the game is over. */
    int (*current_player)(const void *st);
    /* Writes up to max legal moves to out; returns how many. */
    int (*legal_moves)(const void *st, game_move *out, int max);
    /* Applies a legal move; returns 0, or -1 if the move is not legal. */
    int (*apply)(void *st, const game_move *m);
    /* Fills r with the state's result. */
    void (*result)(const void *st, game_result *r);
    /* Writes the canonical position text; returns its length, or -1 if n is too small. */
    int (*position_write)(const void *st, char *buf, size_t n);
    /* Parses a position; returns 0, or -1 with a message in err (st unchanged). */
    int (*position_read)(void *st, const game_params *p, const char *text, char *err, size_t errn);
    /* Writes a move's notation; returns its length, or -1. */
    int (*move_write)(const void *st, const game_move *m, char *buf, size_t n);
    /* Parses a move that must be legal in st; returns 0, or -1 with a message. */
    int (*move_read)(const void *st, const char *text, game_move *m, char *err, size_t errn);
    /* 64-bit hash of the position (for repetition and transposition tables). */
    uint64_t (*hash)(const void *st);
    /* Checks conservation and consistency; returns 0, or -1 with a message. */
    int (*check_invariants)(const void *st, char *err, size_t errn);

    /* Hidden information (NULL for perfect-information games). */
    /* Copies st into view with everything seat may not know hidden. */
    void (*observe)(const void *st, int seat, void *view);
    /* Fills the hidden parts of a view at random, consistently with what seat knows. */
    void (*determinize)(void *st, int seat, rng *r);

    /* Optional: heuristic value of st for seat in [0, 1] (MCTS playout cut-off). */
    double (*evaluate)(const void *st, int seat);

    /* Optional: a game's own searcher, used by ai_choose instead of MCTS.
     * level is an ai_level (1 easy .. 3 hard; 0 random never reaches it);
     * writes the chosen move to out and returns 0, or -1 if there is none. */
    int (*search)(const void *st, int level, uint64_t seed, game_move *out);

    /* Optional: the seats' names in results ("red", "blue"); NULL: p1, p2, ... */
    const char *const *seat_names;
    /* Optional: a game's own perft (leaf count at depth), faster than the generic walk. */
    uint64_t (*perft)(const void *st, int depth);
    /* Optional: the result as the CLI prints it after "result: " (Stakz: "2",
     * or "1 3" for a shared win); NULL: "ongoing", "draw" or the winner's name.
     * Returns its length, or -1 if n is too small. */
    int (*result_write)(const void *st, char *buf, size_t n);
    /* Optional: why the game ended, one sentence in the game's words ("Blue
     * is blocked: none of Blue's stacks can move."), read by the score
     * screen, the CLI's apply and the phones. Returns its length, or -1 while
     * the game goes on or when n is too small. */
    int (*result_reason)(const void *st, char *buf, size_t n);
    /* Optional: why move m may not be played in st, one sentence in the
     * game's words for whoever decides there ("A red 5 matches neither the
     * colour nor the number of the blue 7."), never notation: a refused
     * press, a phone's refused move and a lesson's wrong move say it.
     * Returns its length, or -1 when m may be played (or n is too small). */
    int (*refusal)(const void *st, const game_move *m, char *buf, size_t n);
    /* Optional: what legal move m, played in st by whoever decides there,
     * does, one line in the game's words for a hint ("captures two and
     * builds a stack of 3", "completes a loop: +5"), never notation. Returns
     * its length, or -1 when m may not be played (or n is too small). */
    int (*move_reason)(const void *st, const game_move *m, char *buf, size_t n);
    /* The rules' version, written in every record: raise it when a change
     * would replay an old record differently. 0 reads as 1 (game_rules_version). */
    int version;
    /* Optional: the review's searcher (core/review.h) for a game with its
     * own search: the hard level's search within a fixed budget (so a
     * review replays exactly). Writes the best move for the seat to move,
     * that seat's winning chance in [0, 1] if it plays it, and, when played
     * is not NULL, its chance if it plays that move instead. Returns 0; 1
     * when this position is for the generic IS-MCTS instead (hidden
     * information); -1 when the game is over. */
    int (*review_search)(const void *st, const game_move *played, uint64_t seed, game_move *best,
                         double *best_chance, double *played_chance);
} game_rules;

/* Whether two moves are the same move (kind and bytes). Inline: searches
 * compare moves in their innermost loops, and moves are a few bytes long. */
static inline int game_move_equal(const game_move *a, const game_move *b)
{
    if (a->kind != b->kind || a->len != b->len)
        return 0;
    for (int i = 0; i < a->len; i++)
        if (a->b[i] != b->b[i])
            return 0;
    return 1;
}
/* snprintf for result_reason: the length written, or -1 when n is too small. */
int game_text(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The rules' version as records carry it (1 when the table leaves it 0). */
int game_rules_version(const game_rules *g);
/* Fills p with the rules' defaults for the given player count. */
void game_params_default(const game_rules *g, game_params *p, int players);
/* The same from an options table (a real-time mode has options but no game_rules). */
void game_params_default_opts(const game_option *options, int n, game_params *p, int players);

#endif
