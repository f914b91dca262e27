/* stackhouse-cli bench stackatrack: placements evaluated per second, the
 * searcher's depth, and each level's time per decision (blocks visible and
 * hidden), over decision points of 2- to 4-seat games. */
#ifndef STACKHOUSE_CLI_BENCH_TRACK_H
#define STACKHOUSE_CLI_BENCH_TRACK_H

/* Runs the benchmark; returns the exit status. */
int bench_track(void);

#endif
