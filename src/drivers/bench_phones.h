/* stackhouse --bench-phones: the game's frame time and the phones' round
 * trips while eight phones talk to a 9 STAX table (docs/performance.md). */
#ifndef STACKHOUSE_BENCH_PHONES_H
#define STACKHOUSE_BENCH_PHONES_H

#include "app/app.h"

/* Runs it and prints one "name value" line per figure; the exit status. */
int bench_phones_run(app_options *opt);

#endif
