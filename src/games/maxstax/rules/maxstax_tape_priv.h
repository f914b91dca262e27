/* The MAXSTAX tape's insides, shared by its recording, writing and playing
 * (maxstax_tape.c) and its reading (maxstax_tape_read.c). */
#ifndef STACKHOUSE_MAXSTAX_TAPE_PRIV_H
#define STACKHOUSE_MAXSTAX_TAPE_PRIV_H

#include "games/maxstax/rules/maxstax_tape.h"

#define LINE_MAX_LEN 4096 /* a tick of four seats is at most about 260 characters */

typedef enum tape_kind { EV_TICK, EV_SWAP, EV_SNAP, EV_PLACE, EV_COMPOSE, EV_PLAYED, EV_LOAD, EV_STACKOFF } tape_kind;

/* One thing done to the match; identical ticks in a row are one event. */
typedef struct tape_event {
    tape_kind kind;
    long count; /* EV_TICK: how many ticks in a row had these inputs and dt */
    double dt;
    maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
    int a, b;       /* swap: seat, with; snap: on; place: seat, block; compose: seat, blocks; played: rounds; stackoff: seat */
    maxstax_pose q; /* place */
    void *data;     /* load: the saved match's text; played: rounds x SPEEDSTAX_MAX_PLAYERS points */
} tape_event;

struct maxstax_tape {
    int fresh; /* starts from a new match of setup and seed; else from its first event, a load */
    maxstax_setup setup;
    uint64_t seed;
    int players;
    tape_event *ev;
    int n, cap;
    long ticks;
    int broken; /* ran out of memory or ticks: it no longer records */
    long moves; /* let-gos, claims and swaps taped (maxstax_tape_moves) */
    unsigned acts[SPEEDSTAX_MAX_PLAYERS]; /* each seat's actions on the last tick taped */
};

/* The setup's scoring words, by maxstax_scoring ("" at 0). */
extern const char *const maxstax_tape_scoring_names[4];

/* A tape of players seats (clamped to 1..4) with nothing on it, or NULL when out of memory. */
maxstax_tape *maxstax_tape_alloc(int players);
/* A new event at t's end (zeroed, of kind k), or NULL: the tape is broken. */
tape_event *maxstax_tape_event_add(maxstax_tape *t, tape_kind k);

#endif
