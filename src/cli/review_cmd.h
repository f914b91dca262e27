/* stackhouse-cli review FILE and bench review: the review of a turn-based
 * match (core/review.h) as text, and its time per move. */
#ifndef STACKHOUSE_CLI_REVIEW_CMD_H
#define STACKHOUSE_CLI_REVIEW_CMD_H

/* "review FILE [--iterations N]": prints every move's review; the exit status. */
int cmd_review(int argc, char **argv);
/* "bench review [MOVES]": median review time per move of each turn-based
 * mode over a match played by the easy computer; the exit status. */
int bench_review(int argc, char **argv);

#endif
