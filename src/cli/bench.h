/* stackhouse-cli bench: performance figures, and the game's own benchmark. */
#ifndef STACKHOUSE_CLI_BENCH_H
#define STACKHOUSE_CLI_BENCH_H

/* Runs "bench GAME" or "bench app [ARGS...]"; returns the exit status. */
int cmd_bench(int argc, char **argv);
/* The median and the q-quantile of v (sorted in place), for each game's figures. */
double bench_median(double *v, int n);
double bench_quantile(double *v, int n, double q);

#endif
