/* Constructors for every screen. Each returns a heap scene that frees itself
 * in its leave callback. */
#ifndef STACKHOUSE_SCENES_H
#define STACKHOUSE_SCENES_H

#include "app/scene.h"
#include "core/ai.h"
#include "core/registry.h"

struct app;

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

/* The game picker: a tile for each mode. */
scene *picker_scene_create(struct app *a);
/* Match setup for a game: seats, computer levels, the game's options. */
scene *setup_scene_create(struct app *a, const game_info *g);
/* Settings: fullscreen, resolution scale, volumes, colour-blind patterns, reduced motion. */
scene *settings_scene_create(struct app *a);
/* The rules of a game (docs/rules/<doc>.md), scrollable; doc NULL shows the first. */
scene *rules_scene_create(struct app *a, const char *doc);
/* The common end-of-game screen. */
scene *score_scene_create(struct app *a, const score_report *rep);
/* A sample report of game_id as its table would hand it over (for --scene
 * score and tests); NULL is SPEEDSTAX's. Returns 0, or -1 for a game with no table. */
int score_report_sample(score_report *rep, const char *game_id);

#endif
