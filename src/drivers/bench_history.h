/* stackhouse --bench-history: the history screen's first frame with 10,000
 * kept matches against the empty screen's (#28). */
#ifndef STACKHOUSE_BENCH_HISTORY_H
#define STACKHOUSE_BENCH_HISTORY_H

#include "app/app.h"

/* Prints the fill time and both medians; returns the exit status (1 when
 * the full screen's first frame is 100 ms or more beyond the empty one's). */
int bench_history_run(app_options *opt);

#endif
