/* MAXSTAX's benchmark, behind its real-time rules' bench hook
 * (`stackhouse-cli bench maxstax`; docs/performance.md). */
#include <stdio.h>
#include <stdlib.h>

#include "games/maxstax/rules/maxstax_matcher.h"
#include "games/maxstax/rules/maxstax_rt.h"
#include "games/maxstax/rules/maxstax_world.h"

enum { WARMUP = 60, FRAMES = 1200, COLLAPSE_FRAMES = 240, MATCHES = 20000 };

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The q-quantile of the first n of v (sorted in place). */
static double quantile_of(double *v, int n, double q)
{
    qsort(v, (size_t)n, sizeof v[0], by_value);
    return v[(int)(q * (n - 1) + 0.5)];
}

/* Blocks of w not asleep. */
static int awake_in(const maxstax_world *w)
{
    int awake = 0;
    for (int b = 0; b < maxstax_world_count(w); b++)
        awake += !maxstax_world_sleeping(w, b);
    return awake;
}

/* Times one 1/60 s frame of w in microseconds. */
static double frame_us(maxstax_world *w, double (*now)(void))
{
    int steps = (int)(1.0 / 60 / MAXSTAX_STEP + 0.5);
    double t0 = now();
    for (int k = 0; k < steps; k++)
        maxstax_world_step(w);
    return (now() - t0) * 1e6;
}

/* Twelve starter piles of four with sleeping off: the worst case of a
 * four-player table, where no block ever rests. */
static void bench_awake(double (*now)(void), FILE *out, double *t)
{
    maxstax_world *w = maxstax_world_new();
    for (int p = 0; p < 4; p++)
        for (int i = 0; i < 12; i++)
            maxstax_world_add(w, (maxstax_pose){p * MAXSTAX_SPACE_PITCH + maxstax_match_pile_x(i / 4), 0.5 + i % 4, 0});
    maxstax_world_set_sleeping(w, 0);
    for (int f = 0; f < WARMUP + FRAMES; f++) {
        double us = frame_us(w, now);
        if (f >= WARMUP)
            t[f - WARMUP] = us;
    }
    fprintf(out, "physics_awake_blocks %d\n", awake_in(w));
    maxstax_world_free(w);
    fprintf(out, "physics_frame_us_median %.1f\n", quantile_of(t, FRAMES, 0.5));
    fprintf(out, "physics_frame_us_p99 %.1f\n", quantile_of(t, FRAMES, 0.99));
}

/* The busiest moments of a game: four towers of twelve, each plank a third
 * of a block off the one below, falling and tumbling until all are asleep
 * again (the solver iterates most while they fall). */
static void bench_collapse(double (*now)(void), FILE *out, double *t)
{
    maxstax_world *w = maxstax_world_new();
    int busy = 0;
    for (int p = 0; p < 4; p++)
        for (int i = 0; i < 12; i++)
            maxstax_world_add(w, (maxstax_pose){p * MAXSTAX_SPACE_PITCH + 0.35 * i, 0.5 + i, 0});
    for (int awake = 1; awake && busy < COLLAPSE_FRAMES; busy++) {
        t[busy] = frame_us(w, now);
        awake = awake_in(w);
    }
    maxstax_world_free(w);
    fprintf(out, "physics_collapse_frames %d\n", busy);
    fprintf(out, "physics_collapse_frame_us_median %.1f\n", quantile_of(t, busy, 0.5));
    fprintf(out, "physics_collapse_frame_us_p99 %.1f\n", quantile_of(t, busy, 0.99));
}

/* The largest card, built in reverse order and shifted: a match; and its
 * mirror image: a full search that fails. Returns the matches found. */
static int bench_matcher(const maxstax_deck *deck, double (*now)(void), FILE *out)
{
    const maxstax_card *c = &deck->card[0];
    maxstax_pose built[MAXSTAX_CARD_MAX_BLOCKS], mirror[MAXSTAX_CARD_MAX_BLOCKS];
    int hits = 0;
    for (int i = 0; i < deck->n; i++)
        if (deck->card[i].n > c->n)
            c = &deck->card[i];
    for (int i = 0; i < c->n; i++) {
        built[c->n - 1 - i] = c->block[i];
        built[c->n - 1 - i].x += 2.5;
        mirror[i] = c->block[i];
        mirror[i].x = -mirror[i].x + 0.7;
        mirror[i].angle = -mirror[i].angle;
    }
    double t0 = now();
    for (int k = 0; k < MATCHES; k++)
        hits += maxstax_matcher_match(c, built, c->n, NULL);
    double match_us = (now() - t0) / MATCHES * 1e6;
    t0 = now();
    for (int k = 0; k < MATCHES; k++)
        hits += maxstax_matcher_match(c, mirror, c->n, NULL);
    double mirror_us = (now() - t0) / MATCHES * 1e6;
    fprintf(out, "matcher_blocks %d\n", c->n);
    fprintf(out, "matcher_match_us %.2f\n", match_us);
    fprintf(out, "matcher_mirror_us %.2f\n", mirror_us);
    return hits;
}

int maxstax_bench(double (*now)(void), FILE *out)
{
    static double t[FRAMES];
    maxstax_deck deck;
    char err[256];
    if (maxstax_cards_builtin(&deck, err, sizeof err) < 0) {
        fprintf(stderr, "maxstax bench: %s\n", err);
        return -1;
    }
    bench_awake(now, out, t);
    bench_collapse(now, out, t);
    return bench_matcher(&deck, now, out) >= MATCHES ? 0 : -1;
}
