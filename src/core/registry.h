/* The core's half of the one list of modes (core/modelist.h): each mode's
 * card and rules, with no view and no SDL. */
#ifndef STACKHOUSE_REGISTRY_H
#define STACKHOUSE_REGISTRY_H

#include "core/game.h"
#include "core/realtime.h"

typedef enum game_kind { GAME_KIND_TURNS, GAME_KIND_REALTIME } game_kind;

/* A mode as the player sees it: a turn-based mode has rules, a real-time
 * one realtime (each NULL until the game's rules land). */
typedef struct game_info {
    const char *id;    /* stax, 9stax, stakz, stackatrack, speedstax, samestax, swapstax */
    const char *name;  /* display name */
    const char *pitch; /* one-line pitch for the picker */
    const char *rules_doc; /* docs/rules/<rules_doc>.md */
    const char *rules_tab; /* its tab in the rules viewer ("MAXSTAX" for the three modes that share it) */
    int min_players, max_players;
    game_kind kind;
    const game_rules *rules;
    const realtime_rules *realtime;
} game_info;

/* Number of registered games. */
int registry_count(void);
/* The i-th game in picker order. */
const game_info *registry_get(int i);
/* The game with this id, or NULL. */
const game_info *registry_find(const char *id);
/* The options match setup offers for g: its rules' (turn-based) or its
 * real-time rules'; sets *n (0 when none). */
const game_option *registry_options(const game_info *g, int *n);
/* A new match's parameters for g with every option at its default. */
void registry_params_default(const game_info *g, game_params *p, int players);

#endif
