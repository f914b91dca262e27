/* stackhouse --bench: start-up time, our CPU time per frame for every screen
 * at 1920×1080 and 3840×2160, and draw calls per frame. */
#ifndef STACKHOUSE_BENCH_H
#define STACKHOUSE_BENCH_H

#include "app/app.h"

/* Runs the benchmark and prints one "name: value" line per figure. Returns
 * the process exit status. */
int bench_run(app_options *opt);
/* The p-quantile (0..1) of n samples, nearest rank; sorts v in place. */
double bench_percentile(double *v, int n, double p);

#endif
