/* The computer's move, searched on a worker thread. */
#include "table/table_ai.h"

#include <SDL.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/ai.h"

struct table_ai {
    const game_rules *g;
    ai_level level;
    uint64_t seed;
    game_move out;
    int rc;
    SDL_atomic_t done, refs;
    SDL_Thread *thread;
    max_align_t st[]; /* the position, g->state_size bytes */
};

static void ai_release(table_ai *j)
{
    if (SDL_AtomicAdd(&j->refs, -1) == 1)
        free(j);
}

static int ai_thread(void *p)
{
    table_ai *j = p;
    j->rc = ai_choose(j->g, j->st, j->level, j->seed, &j->out);
    SDL_AtomicSet(&j->done, 1);
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
    SDL_AtomicSet(&j->refs, 2);
    j->thread = SDL_CreateThread(ai_thread, "table-ai", j);
    if (!j->thread)
        ai_thread(j);
    return j;
}

int table_ai_done(const table_ai *j) { return SDL_AtomicGet((SDL_atomic_t *)&j->done) != 0; }

int table_ai_take(table_ai *j, game_move *out)
{
    int rc;
    if (j->thread)
        SDL_WaitThread(j->thread, NULL);
    j->thread = NULL;
    rc = j->rc;
    *out = j->out;
    ai_release(j);
    return rc;
}

void table_ai_drop(table_ai *j, int wait)
{
    if (!j)
        return;
    if (j->thread) {
        if (wait)
            SDL_WaitThread(j->thread, NULL);
        else
            SDL_DetachThread(j->thread);
    }
    ai_release(j);
}

uint64_t table_ai_seed(const game_record *rec)
{
    return rec->seed ^ ((uint64_t)(rec->cursor + 1) * 0x9e3779b97f4a7c15ULL);
}

