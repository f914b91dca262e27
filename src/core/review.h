/* The review of a turn-based match (#28): for every move, the hard
 * computer's estimate of the mover's winning chance before and after it,
 * and a mark (inaccuracy, mistake, blunder) where the move cost more than a
 * threshold, with the move the computer preferred. Hidden-information games
 * are searched from the mover's own view (core/mcts.h's mcts_analyse), never
 * from what the mover could not see. Every search has a fixed budget and a
 * seed from the record's seed and the move's number, so a review of the same
 * record is the same review. The thresholds and the text form are in
 * docs/review.md. Pure C11, no SDL: the app runs it on a thread of its own. */
#ifndef STACKHOUSE_REVIEW_H
#define STACKHOUSE_REVIEW_H

#include <stdatomic.h>
#include <stddef.h>

#include "core/game.h"
#include "core/record.h"

#define REVIEW_MAGIC "stackhouse-review 1"

/* Drops in the mover's chance (0..1) that earn each mark: lichess's 0.1 /
 * 0.2 / 0.3, read on our 0..1 scale (docs/review.md says why). */
#define REVIEW_INACCURACY_DROP 0.10
#define REVIEW_MISTAKE_DROP 0.20
#define REVIEW_BLUNDER_DROP 0.30

typedef enum review_mark { REVIEW_NONE = 0, REVIEW_INACCURACY, REVIEW_MISTAKE, REVIEW_BLUNDER } review_mark;

/* One move as reviewed. */
typedef struct review_move {
    int mover;                   /* the seat that played it */
    char move[RECORD_MOVE_LEN];  /* as played, in the game's notation */
    double before, after;        /* the mover's chance in [0, 1] before and after it */
    review_mark mark;            /* REVIEW_NONE for the preferred move and for a forced one */
    char best[RECORD_MOVE_LEN];  /* the computer's move there ("" when it is the move played) */
    int forced;                  /* the only legal move */
} review_move;

/* A whole review: one entry per move of the record's game so far. */
typedef struct review {
    char game[RECORD_ID_LEN];
    int n;
    review_move *moves;
} review;

/* How a review runs; every field may be left 0. */
typedef struct review_options {
    /* Called after each move with the moves done and the total. */
    void (*progress)(void *user, int done, int total);
    void *user;
    /* Polled before every search: nonzero stops the review (review_run
     * then returns 1). */
    atomic_int *cancel;
    /* Iterations of each IS-MCTS search; 0: REVIEW_MCTS_ITERATIONS. */
    int mcts_iterations;
} review_options;

/* Each IS-MCTS search's budget (a game with its own searcher has its own). */
#define REVIEW_MCTS_ITERATIONS 10000

/* Reviews the moves [0, rec->cursor) of rec into out (freed with
 * review_free). 0; 1 when cancelled (out holds nothing); -1 with a message. */
int review_run(const game_record *rec, const review_options *opt, review *out, char *err, size_t errn);
/* Frees a review's moves (rv may then be reused). */
void review_free(review *rv);
/* The mark a drop of the mover's chance earns. */
review_mark review_mark_of(double drop);
/* "inaccuracy", "mistake", "blunder" or "-". */
const char *review_mark_name(review_mark m);
/* The review as text (malloc'd, caller frees; NULL when out of memory):
 * the form the history keeps (docs/review.md). */
char *review_write(const review *rv);
/* Reads review_write's text into rv (zeroed or freed before); every line is
 * checked. 0, or -1 with a message naming the line (rv untouched). */
int review_read(review *rv, const char *text, char *err, size_t errn);
/* The seats a review's moves were played by: the highest mover's, plus one
 * (a review does not keep the match's seats; a seat that never moved is
 * not counted). */
int review_seats(const review *rv);
/* Seat's chance at the position after the first k moves of rv (k = 0: the
 * start, before the first move; k = rv->n: the end), for a two-seat review,
 * as its graph draws it: one player's chance, position by position. Each
 * position between two moves has two estimates, the mover's after and the
 * next mover's before, from searches begun a move apart; their mean keeps
 * the curve from swinging with what either search missed. The start is the
 * first mover's before, the end the last move's after (the result when the
 * game ended there). Seat's chance from the other seat's as 1 - theirs. */
double review_curve(const review *rv, int seat, int k);
/* The seat's name as reviews print it, into buf: the game's seat name, or p1..p4. */
const char *review_seat_name(const game_rules *g, int seat, char *buf, size_t n);

#endif
