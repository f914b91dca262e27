/* A match's review (core/review.h) computed in the background: an SDL
 * thread runs review_run on a copy of the record while the replay screen
 * draws the progress; Cancel stops it within one search. The finished
 * review is kept in the history (history_review_put), so a match is
 * reviewed once. */
#ifndef STACKHOUSE_REVIEW_JOB_H
#define STACKHOUSE_REVIEW_JOB_H

#include <stddef.h>

#include "core/record.h"
#include "core/review.h"

typedef struct review_job review_job;

typedef enum review_job_state {
    REVIEW_JOB_RUNNING = 0,
    REVIEW_JOB_DONE = 1,      /* review_job_take gives the review */
    REVIEW_JOB_CANCELLED = 2, /* stopped by review_job_cancel */
    REVIEW_JOB_FAILED = 3     /* review_job_error says why */
} review_job_state;

/* Starts reviewing the game so far of rec (copied: rec may go at once);
 * mcts_iterations 0 is the review's default. NULL when out of memory. */
review_job *review_job_start(const game_record *rec, int mcts_iterations);
/* Where the job is; *done and *total (either may be NULL) get the moves
 * reviewed so far and the moves in all. */
review_job_state review_job_poll(review_job *j, int *done, int *total);
/* Asks the job to stop; it does at its next search. */
void review_job_cancel(review_job *j);
/* Moves the finished review into out (the job keeps none); 0, or -1 while
 * it is not REVIEW_JOB_DONE or was taken already. */
int review_job_take(review_job *j, review *out);
/* Why the job failed ("" otherwise). */
const char *review_job_error(const review_job *j);
/* Cancels the job if it runs, waits for its thread and frees it (NULL is fine). */
void review_job_free(review_job *j);

#endif
