/* The MAXSTAX physics world: wooden planks on a floor (Chipmunk2D on a fixed
 * step) and the hands that pick them up. Units are plank units: a block is
 * 3 long and 1 thick; y is up and the floor is y = 0; angles in degrees,
 * counter-clockwise. The world is opaque so that no caller needs Chipmunk. */
#ifndef STACKHOUSE_MAXSTAX_WORLD_H
#define STACKHOUSE_MAXSTAX_WORLD_H

#define MAXSTAX_BLOCK_LEN 3.0
#define MAXSTAX_BLOCK_THICK 1.0
#define MAXSTAX_MAX_BLOCKS 48
#define MAXSTAX_MAX_HANDS 4
/* Physics step in seconds; a 1/60 s frame is two steps. */
#define MAXSTAX_STEP (1.0 / 120.0)
/* Each turn of a held block is this many degrees. */
#define MAXSTAX_TURN_STEP 15.0

typedef struct maxstax_pose {
    double x, y;  /* centre */
    double angle; /* degrees */
} maxstax_pose;

typedef struct maxstax_world maxstax_world;

/* A new empty world with its floor, or NULL when out of memory. */
maxstax_world *maxstax_world_new(void);
/* Frees the world and everything in it (NULL is fine). */
void maxstax_world_free(maxstax_world *w);
/* Adds a block at rest at pose p; returns its index, or -1 when full. */
int maxstax_world_add(maxstax_world *w, maxstax_pose p);
/* Number of blocks in the world. */
int maxstax_world_count(const maxstax_world *w);
/* Puts block b at pose p at rest (letting go of it first if held). */
void maxstax_world_place(maxstax_world *w, int b, maxstax_pose p);
/* Current pose of block b (angle in (-180, 180]). */
maxstax_pose maxstax_world_pose(const maxstax_world *w, int b);
/* Fastest point speed of block b in units per second (0 when asleep). */
double maxstax_world_speed(const maxstax_world *w, int b);
/* How many times block b has fallen: dropped, not held, more than its own
 * thickness below where it last lay at rest (a crash, not a shove). */
int maxstax_world_falls(const maxstax_world *w, int b);
/* Nonzero when block b is asleep. */
int maxstax_world_sleeping(const maxstax_world *w, int b);
/* Turns sleeping on or off (off: the benchmark keeps every block awake). */
void maxstax_world_set_sleeping(maxstax_world *w, int on);
/* Advances the world by one fixed step of MAXSTAX_STEP. */
void maxstax_world_step(maxstax_world *w);
/* An impact: a block striking another block or the floor. */
typedef struct maxstax_knock {
    int a, b;       /* the blocks; b is -1 when a struck the floor */
    double x, y;    /* where, in world units */
    double impulse; /* the contact's normal impulse over the step that stopped it, in gram
                     * units per second: a 30 g block stopped from 10 units/s is about 300 */
} maxstax_knock;

/* Copies up to max of the impacts made since *seen (a counter the caller
 * keeps, 0 at first; the world remembers the last 64), strongest first,
 * moves *seen on past all of them, and returns how many it copied. */
int maxstax_world_knocks(const maxstax_world *w, unsigned *seen, maxstax_knock *out, int max);
/* The block under point (x, y), or -1. */
int maxstax_world_block_at(const maxstax_world *w, double x, double y);

/* Hand h picks up the block under (x, y) by that point, so it swings and
 * bumps; snap: start square (0/90/180/270) when within 20 degrees of it.
 * Returns the block, or -1 when there is none or the hand is already full. */
int maxstax_world_grab(maxstax_world *w, int h, double x, double y, int snap);
/* Moves hand h towards (x, y); the hand travels at a bounded speed. */
void maxstax_world_hand_move(maxstax_world *w, int h, double x, double y);
/* Where hand h is now. */
void maxstax_world_hand_pos(const maxstax_world *w, int h, double *x, double *y);
/* Turns the block hand h holds by steps of MAXSTAX_TURN_STEP (+ is counter-clockwise). */
void maxstax_world_turn(maxstax_world *w, int h, int steps);
/* The angle hand h turns its block towards, in degrees. */
double maxstax_world_hand_angle(const maxstax_world *w, int h);
/* Hand h lets go of its block. */
void maxstax_world_release(maxstax_world *w, int h);
/* The block hand h holds, or -1. */
int maxstax_world_held(const maxstax_world *w, int h);

#endif
