/* What a table and the screens around it share: a match as set up and a
 * finished game's report. Below the screens, so the table midend and the
 * views need no screen of the app's (they open the score and rules screens
 * through the app's hooks, app->score_screen and app->rules_screen). */
#ifndef STACKHOUSE_MATCH_H
#define STACKHOUSE_MATCH_H

#include <stdint.h>

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
    int moves;                  /* actions played (turn-based); 0 unknown */
    int seconds;                /* the match's time played, every sitting; 0 unknown */
} score_report;

typedef enum seat_kind { SEAT_HUMAN, SEAT_COMPUTER } seat_kind;

/* Who may ask for a hint (setup's Hints row, docs/architecture.md): the
 * default lets a person playing only computers ask, never one facing
 * another person, unless setup turns hints on for everyone. */
typedef enum match_hints { MATCH_HINTS_VS_COMPUTERS = 0, MATCH_HINTS_ON, MATCH_HINTS_OFF, MATCH_HINTS_COUNT } match_hints;

/* A match as set up: who sits where and the game's options. The seat count
 * is params.players and nowhere else: setup's screen, the capture flags and
 * the rules all read and change that one field (through the functions below). */
typedef struct match_setup {
    const game_info *game;
    int64_t history; /* the kept match (app/history.h) this one goes on; 0 none yet */
    seat_kind seat[GAME_MAX_PLAYERS];
    ai_level level[GAME_MAX_PLAYERS]; /* AI_EASY .. AI_HARD: the one encoding, to the search itself */
    game_params params;               /* players (the seats in play) and the options */
    unsigned handed; /* bit per seat the pause menu gave the computer (its phone was away): people may have it back */
    match_hints hints; /* who may ask for a hint */
    int hints_used;    /* hints shown in this match, saved with it (the history's match_info.hints) */
    char name[GAME_MAX_PLAYERS][32];  /* a person's name, typed or picked in setup (#28); "" none */
    int names_kept; /* a replay's: name[] names every seat as its match file did, the computers' too */
} match_setup;

/* A new match of game g as setup first shows it: the game's fewest seats,
 * seat 1 a person and the others computers at Medium, every option at its
 * default. */
void match_setup_init(match_setup *m, const game_info *g);
/* Adds a seat, a computer at its level; 0, or -1 when the game has no more. */
int match_setup_add_seat(match_setup *m);
/* Removes the last seat (a seat option that named it goes back to "at
 * random"); 0, or -1 at the game's fewest. */
int match_setup_remove_seat(match_setup *m);
/* Adds or removes seats until there are n; 0, or -1 (m unchanged) when n is
 * outside the game's seats. */
int match_setup_set_players(match_setup *m, int n);
/* Seat i a person, or a computer (at its level); 0, or -1 when i is no seat. */
int match_setup_set_seat(match_setup *m, int i, seat_kind kind);
/* Option i's highest value now: a seat option names no seat beyond the last. */
int match_setup_option_max(const match_setup *m, int i);
/* Steps option i by dir (+1 or -1), wrapping at its ends; 0, or -1 when there is no option i. */
int match_setup_step_option(match_setup *m, int i, int dir);

/* Parses "on", "off" or "computers" (--hints); 0, or -1. */
int match_hints_parse(const char *s, match_hints *out);
/* The Hints row's words for h ("Vs computers only"). */
const char *match_hints_label(match_hints h);

#endif
