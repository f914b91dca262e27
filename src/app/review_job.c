#include "app/review_job.h"

#include <SDL.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct review_job {
    game_record rec; /* the job's own copy */
    int mcts_iterations;
    atomic_int cancel, state, done, total;
    review result;
    int taken;
    char err[256];
    SDL_Thread *thread;
};

static void on_progress(void *user, int done, int total)
{
    review_job *j = user;
    atomic_store(&j->total, total);
    atomic_store(&j->done, done);
}

static int job_thread(void *p)
{
    review_job *j = p;
    review_options opt = {on_progress, j, &j->cancel, j->mcts_iterations};
    int rc = review_run(&j->rec, &opt, &j->result, j->err, sizeof j->err);
    /* The state is stored last: whoever sees DONE sees the review too. */
    atomic_store(&j->state, rc == 0 ? REVIEW_JOB_DONE : rc == 1 ? REVIEW_JOB_CANCELLED : REVIEW_JOB_FAILED);
    return 0;
}

/* A deep copy of rec through its text (the one copy a record knows). */
static int record_copy(game_record *dst, const game_record *src, char *err, size_t errn)
{
    char *text = record_write(src);
    memset(dst, 0, sizeof *dst);
    if (!text) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    int rc = record_read(dst, text, err, errn);
    free(text);
    return rc;
}

review_job *review_job_start(const game_record *rec, int mcts_iterations)
{
    review_job *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->mcts_iterations = mcts_iterations;
    atomic_init(&j->cancel, 0);
    atomic_init(&j->state, REVIEW_JOB_RUNNING);
    atomic_init(&j->done, 0);
    atomic_init(&j->total, rec->cursor);
    if (record_copy(&j->rec, rec, j->err, sizeof j->err) != 0) {
        atomic_store(&j->state, REVIEW_JOB_FAILED);
        return j;
    }
    j->thread = SDL_CreateThread(job_thread, "review", j);
    if (!j->thread) {
        /* No thread to be had: the review still happens, only not in the background. */
        job_thread(j);
    }
    return j;
}

review_job_state review_job_poll(review_job *j, int *done, int *total)
{
    if (done)
        *done = atomic_load(&j->done);
    if (total)
        *total = atomic_load(&j->total);
    return (review_job_state)atomic_load(&j->state);
}

void review_job_cancel(review_job *j)
{
    if (j)
        atomic_store(&j->cancel, 1);
}

int review_job_take(review_job *j, review *out)
{
    if (atomic_load(&j->state) != REVIEW_JOB_DONE || j->taken)
        return -1;
    *out = j->result;
    memset(&j->result, 0, sizeof j->result);
    j->taken = 1;
    return 0;
}

const char *review_job_error(const review_job *j)
{
    return atomic_load(&((review_job *)j)->state) == REVIEW_JOB_FAILED ? j->err : "";
}

void review_job_free(review_job *j)
{
    if (!j)
        return;
    atomic_store(&j->cancel, 1);
    if (j->thread)
        SDL_WaitThread(j->thread, NULL);
    review_free(&j->result);
    record_free(&j->rec);
    free(j);
}
