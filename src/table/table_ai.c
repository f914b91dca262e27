/* The computer's move, searched on a worker thread (C11 threads: the
 * table needs no SDL). */
#include "table/table_ai.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "core/ai.h"

struct table_ai {
    const game_rules *g;
    ai_level level;
    uint64_t seed;
    game_move out;
    int rc;
    atomic_int done, refs;
    int threaded; /* thread is running or joinable */
    thrd_t thread;
    max_align_t st[]; /* the position, g->state_size bytes */
};

static void ai_release(table_ai *j)
{
    if (atomic_fetch_sub(&j->refs, 1) == 1)
        free(j);
}

static int ai_thread(void *p)
{
    table_ai *j = p;
    j->rc = ai_choose(j->g, j->st, j->level, j->seed, &j->out);
    atomic_store(&j->done, 1);
    ai_release(j);
    return 0;
}

table_ai *table_ai_start(const game_rules *g, const void *st, ai_level level, uint64_t seed)
{
    table_ai *j = calloc(1, sizeof *j + g->state_size + sizeof(max_align_t));
    if (!j)
        return NULL;
    j->g = g;
    memcpy(j->st, st, g->state_size);
    j->level = level;
    j->seed = seed;
    atomic_init(&j->done, 0);
    atomic_init(&j->refs, 2);
    j->threaded = thrd_create(&j->thread, ai_thread, j) == thrd_success;
    if (!j->threaded)
        ai_thread(j);
    return j;
}

int table_ai_done(const table_ai *j) { return atomic_load(&((table_ai *)j)->done) != 0; }

int table_ai_take(table_ai *j, game_move *out)
{
    int rc;
    if (j->threaded)
        thrd_join(j->thread, NULL);
    j->threaded = 0;
    rc = j->rc;
    *out = j->out;
    ai_release(j);
    return rc;
}

void table_ai_drop(table_ai *j, int wait)
{
    if (!j)
        return;
    if (j->threaded) {
        if (wait)
            thrd_join(j->thread, NULL);
        else
            thrd_detach(j->thread);
    }
    ai_release(j);
}

uint64_t table_ai_seed(const game_record *rec)
{
    return rec->seed ^ ((uint64_t)(rec->cursor + 1) * 0x9e3779b97f4a7c15ULL);
}

