/* What a table and the screens around it share: a match as set up and a
 * finished game's report. Below the screens, so the table midend and the
 * views need no screen of the app's (they open the score and rules screens
 * through the app's hooks, app->score_screen and app->rules_screen). */
#ifndef STACKHOUSE_MATCH_H
#define STACKHOUSE_MATCH_H

#include "core/ai.h"
#include "core/registry.h"

#define SCORE_MAX_ROUNDS 12

/* What a finished game hands the common score screen. */
typedef struct score_report {
    const char *game_id;
    int players;
    char names[GAME_MAX_PLAYERS][32];
    int rounds; /* 0: only totals */
    int points[GAME_MAX_PLAYERS][SCORE_MAX_ROUNDS];
    int total[GAME_MAX_PLAYERS];
    int rank[GAME_MAX_PLAYERS]; /* 0 is first; ties share */
    int lower_is_better;        /* Stakz: the lowest total wins */
    char note[64];              /* how a tie was decided ("" when the totals did) */
    char headline[64];          /* who won, in the mode's words ("Blue wins!"); "" the screen words it */
    char reason[112];           /* why the game ended that way ("Red has no move left.") */
    char total_label[24];       /* the total column's heading ("Stacks on top"); "" is "Total" */
    char total_help[112];       /* what the total counts, shown under the table; "" none */
} score_report;

typedef enum seat_kind { SEAT_HUMAN, SEAT_COMPUTER } seat_kind;

/* A match as set up: who sits where and the game's options. */
typedef struct match_setup {
    const game_info *game;
    int players;
    seat_kind seat[GAME_MAX_PLAYERS];
    ai_level level[GAME_MAX_PLAYERS]; /* AI_EASY .. AI_HARD: the one encoding, to the search itself */
    game_params params;
} match_setup;

#endif
