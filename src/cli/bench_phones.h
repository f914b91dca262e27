/* stackhouse-cli bench phones: round trips of pings from phone connections
 * through a phone server on loopback and a main loop that answers them. */
#ifndef STACKHOUSE_CLI_BENCH_PHONES_H
#define STACKHOUSE_CLI_BENCH_PHONES_H

/* Runs "bench phones [--clients N] [--msgs N]"; returns the exit status. */
int bench_phones(int argc, char **argv);

#endif
