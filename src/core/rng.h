/* The one seeded random number generator: every random choice in a game comes
 * from here, so a seed plus a move list replays a game exactly. */
#ifndef STACKHOUSE_RNG_H
#define STACKHOUSE_RNG_H

#include <stdint.h>

/* xoshiro256** state; plain data, copies by value with the game state. */
typedef struct rng {
    uint64_t s[4];
} rng;

/* Seeds the generator (splitmix64 expansion, so any seed, 0 too, is good). */
void rng_seed(rng *r, uint64_t seed);
/* Next 64 random bits. */
uint64_t rng_next(rng *r);
/* Uniform integer in [0, n), without modulo bias; n must be > 0. */
uint32_t rng_below(rng *r, uint32_t n);
/* Uniform double in [0, 1). */
double rng_unit(rng *r);
/* Fisher-Yates shuffle of n elements of the given size. */
void rng_shuffle(rng *r, void *base, int n, int size);

#endif
