#include "core/ai.h"

#include <string.h>

static const char *const level_names[] = {"random", "easy", "medium", "hard"};

int ai_level_parse(const char *name, ai_level *out)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(name, level_names[i]) == 0) {
            *out = (ai_level)i;
            return 0;
        }
    return -1;
}

const char *ai_level_name(ai_level level)
{
    return level >= AI_RANDOM && level <= AI_HARD ? level_names[level] : "?";
}

void ai_mcts_config(ai_level level, mcts_config *cfg)
{
    static const int iterations[] = {1, 300, 3000, 20000};
    memset(cfg, 0, sizeof *cfg);
    cfg->iterations = iterations[level >= AI_RANDOM && level <= AI_HARD ? level : AI_HARD];
    cfg->exploration = 0.7;
    cfg->playout_cutoff = 40;
    cfg->playout_max = 400;
}

int ai_choose(const game_rules *g, const void *st, ai_level level, uint64_t seed, game_move *out)
{
    if (g->current_player(st) < 0)
        return -1;
    if (level == AI_RANDOM) {
        game_move mv[GAME_MAX_MOVES];
        int n = g->legal_moves(st, mv, GAME_MAX_MOVES);
        rng r;
        if (n == 0)
            return -1;
        rng_seed(&r, seed);
        *out = mv[rng_below(&r, (uint32_t)n)];
        return 0;
    }
    if (g->search)
        return g->search(st, (int)level, seed, out);
    mcts_config cfg;
    ai_mcts_config(level, &cfg);
    return mcts_search(g, st, &cfg, seed, out, NULL);
}
