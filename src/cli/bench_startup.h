/* stackhouse-cli bench startup: the game's start-up time and peak memory as a
 * whole process, against a bare SDL2 + OpenGL 3.3 window measured in the same run. */
#ifndef STACKHOUSE_CLI_BENCH_STARTUP_H
#define STACKHOUSE_CLI_BENCH_STARTUP_H

#include <stddef.h>

/* The path of program name beside this executable in out; 0, or -1 with a message. */
int bench_sibling_path(const char *name, char *out, size_t n);
/* Runs "bench startup [--runs N] [--only SCENARIO] [--baseline OTHER-STACKHOUSE]"
 * (the baseline, another build of the game, run beside each of ours);
 * returns the exit status. */
int bench_startup(int argc, char **argv);

#endif
