/* stackhouse --bench-saves: the cost of saving as the match goes (#26). */
#ifndef STACKHOUSE_BENCH_SAVES_H
#define STACKHOUSE_BENCH_SAVES_H

/* Prints one line of figures per mode (median, p99 and max milliseconds a
 * save); returns the process exit status. */
int bench_saves_run(void);

#endif
