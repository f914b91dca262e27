/* stackhouse-cli bench replay-jump: the replay screen's jump (#28) timed on
 * a 5-minute SPEEDSTAX match of computers: its tape taped, its checkpoints
 * laid, then the median of jumps to its middle. */
#ifndef STACKHOUSE_CLI_BENCH_REPLAY_H
#define STACKHOUSE_CLI_BENCH_REPLAY_H

/* Runs the benchmark (argv: [--jumps N]); returns the exit status. */
int bench_replay(int argc, char **argv);

#endif
