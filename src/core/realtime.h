/* The one interface every real-time mode implements, the counterpart of
 * game_rules for a game with a clock instead of turns: a const table of
 * functions over an opaque match that a pure tick advances,
 * step(match, inputs, dt), with the clock injected, so a seed plus the input
 * of every tick replays a match exactly. A mode's row in core/modelist.h
 * names its table (REALTIME(sym)). Pure C11, no SDL. */
#ifndef STACKHOUSE_REALTIME_H
#define STACKHOUSE_REALTIME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"

/* A match being played: each mode's own, behind its table. */
typedef struct realtime_match realtime_match;
/* The computer players of a match: each mode's own, behind its table. */
typedef struct realtime_bots realtime_bots;

/* Figures a mode counts over self-play games, beyond finishing them. */
typedef struct realtime_figures {
    long n[12];
} realtime_figures;

typedef struct realtime_rules {
    const char *id; /* the mode row's id */
    const game_option *options; /* what match setup offers (params.opt) */
    int n_options;
    size_t input_size;  /* bytes of one seat's input for a tick; step reads players of them */
    double max_seconds; /* the longest a match of computers plays; longer is stuck */

    /* A new match of p->players seats with p's options; levels[seat] is 0 for
     * a person or a computer's level 1..3 (NULL: all people). NULL with a
     * message in err. */
    realtime_match *(*create)(const game_params *p, const int *levels, uint64_t seed, char *err, size_t errn);
    /* Frees a match (NULL is fine). */
    void (*destroy)(realtime_match *m);
    /* Advances by dt seconds of play: one input per seat (NULL: nobody acts). */
    void (*step)(realtime_match *m, const void *inputs, double dt);
    /* Nonzero once the match is over. */
    int (*over)(const realtime_match *m);
    /* Each seat's total and place (0 is first, ties share). */
    void (*standings)(const realtime_match *m, int score[GAME_MAX_PLAYERS], int rank[GAME_MAX_PLAYERS]);
    /* Checks the match's invariants; 0, or -1 with a message. */
    int (*check)(const realtime_match *m, char *err, size_t errn);
    /* The match as text, to resume where it was (malloc'd; NULL when out of memory). */
    char *(*save)(const realtime_match *m);
    /* Reads text written by save (or by the mode's table, which may add its
     * own lines after it): a new match, or NULL with the reason in err. */
    realtime_match *(*load)(const char *text, char *err, size_t errn);

    /* Computer players for the seats of m with levels[seat] > 0. */
    realtime_bots *(*bots_new)(const realtime_match *m, const int *levels, uint64_t seed);
    /* Frees them (NULL is fine). */
    void (*bots_free)(realtime_bots *b);
    /* Fills each computer seat's input for a tick of dt seconds, after taking
     * any decision of the mode's between ticks (a SWAPSTAX swap). */
    void (*bots_think)(realtime_bots *b, realtime_match *m, double dt, void *inputs);

    /* Adds a self-played game's figures to f (NULL: the mode has none). */
    void (*figures_add)(const realtime_match *m, const realtime_bots *b, realtime_figures *f);
    /* Writes the words of f over games of players that self-play prints after
     * "selfplay ID: " (no newline); returns their length (NULL: none). */
    int (*figures_write)(const realtime_figures *f, int games, int players, char *buf, size_t n);
    /* The mode's benchmark, timed with now (seconds), its figures one a line
     * into out; 0, or nonzero on failure (NULL: the mode has none). */
    int (*bench)(double (*now)(void), FILE *out);

    /* Optional: a study of the mode's own that the CLI runs as its command
     * `stackhouse-cli STUDY [ARGS]` (SWAPSTAX's "chances": how often the
     * computer stackers finish a card, the table its swaps are chosen by). */
    const char *study;       /* the command's name, NULL: none */
    const char *study_args;  /* its arguments, for the CLI's usage ("[GAMES]") */
    const char *study_about; /* what it measures, for the CLI's usage */
    /* Runs it, its output into out; 0, or 2 on bad arguments. */
    int (*study_run)(int argc, char **argv, FILE *out);

    /* Optional, for a lesson (#29, docs/lessons.md): the match a lesson's step
     * starts from: p's seats (levels as create's) from seed, with position,
     * in the mode's own notation, applied; NULL with the reason in err. */
    realtime_match *(*lesson_position)(const game_params *p, const int *levels, uint64_t seed, const char *position,
                                       char *err, size_t errn);
    /* Optional: whether text is an action of a lesson's step (what the
     * learner must do, or a reply) that seat (-1: the seat on turn) may take
     * in m now: 0; else -1 with why (a malformed action, or the rules'
     * refusal in the game's words). */
    int (*lesson_action)(const realtime_match *m, int seat, const char *text, char *err, size_t errn);
    /* Optional: plays action text for seat (-1: the seat on turn) when it
     * takes no hands (a swap or a pass); 1 played, 0 when it is the hands'
     * work (build, claim, ready), -1 when it cannot be played. */
    int (*lesson_play)(realtime_match *m, int seat, const char *text);
} realtime_rules;

#endif
