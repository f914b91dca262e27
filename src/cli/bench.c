#include "cli/bench.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/bench_phones.h"
#include "cli/bench_startup.h"
#include "cli/bench_replay.h"
#include "cli/bench_track.h"
#include "cli/review_cmd.h"
#include "cli/util.h"
#include "core/ai.h"
#include "core/registry.h"
#include "games/stax/rules/stax.h"
#include "games/stax/rules/stax_ai.h"

#define BENCH_RUNS 5
#define BENCH_PLAYOUT_PLIES 20000
#define BENCH_MAX_RUNS 100

static int double_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], double_cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Runs the sibling game binary with --bench (flag: --bench-saves for
 * `bench saves`): the app measures itself. */
static int bench_app_flag(const char *flag, int argc, char **argv)
{
    char path[PATH_MAX + 16];
    if (bench_sibling_path("stackhouse", path, sizeof path) != 0)
        return 2;
    char **args = calloc((size_t)argc + 3, sizeof *args);
    if (!args)
        return 2;
    args[0] = path;
    args[1] = (char *)flag;
    for (int i = 0; i < argc; i++)
        args[i + 2] = argv[i];
    fflush(stdout);
    execv(path, args);
    perror("stackhouse-cli: bench app: exec");
    free(args);
    return 2;
}

static int bench_app(int argc, char **argv) { return bench_app_flag("--bench", argc, argv); }

/* perft_only: the perft half alone, at the given depth and number of runs
 * (tools/bench-vs-rapid-draughts.sh alternates single runs with another
 * engine's). Plain `bench stax`: depth 9, BENCH_RUNS runs, then search. */
static int bench_stax(int perft_only, int depth, int runs)
{
    static const char *const positions[] = {
        "start",
        "r:a1=r,c1=r,e1=r,g1=r,b2=r,d2=r,f2=r,h2=r,a3=r,e3=r,g3=r,d4=r,e5=b,b6=b,d6=b,h6=b,a7=b,c7=b,"
        "e7=b,g7=b,b8=b,d8=b,f8=b,h8=b",
        "b:c1=r,e1=r,b2=r,d2=rbr,h2=r,c3=r,g3=r,d4=b,f4=brR,b6=b,f6=b,c7=b,e7=br,g7=b,d8=b,h8=B",
    };
    double rate[BENCH_MAX_RUNS];
    stax_board b;
    stax_board_start(&b);
    uint64_t nodes = 0;
    for (int k = 0; k < runs; k++) {
        double t0 = cli_now();
        nodes = stax_perft(&b, depth);
        rate[k] = nodes / (cli_now() - t0);
    }
    printf("perft_start_depth%d_nodes %llu\n", depth, (unsigned long long)nodes);
    printf("perft_nodes_per_s_median %.0f\n", median(rate, runs));
    if (perft_only)
        return 0;
    for (int k = 0; k < BENCH_RUNS; k++) {
        uint64_t searched = 0;
        double t0 = cli_now();
        for (size_t p = 0; p < sizeof positions / sizeof positions[0]; p++) {
            stax_state s;
            char err[256];
            game_move m;
            stax_search_info info;
            stax_search_limits lim = {0, 300, 0, NULL, 0, NULL};
            if (stax_rules.position_read(&s, NULL, positions[p], err, sizeof err) < 0) {
                fprintf(stderr, "stackhouse-cli: bench position: %s\n", err);
                return 2;
            }
            stax_ai_search_board(&s.b, &lim, (uint64_t)k, &m, &info);
            searched += info.nodes;
        }
        rate[k] = searched / (cli_now() - t0);
    }
    printf("search_nodes_per_s_median %.0f\n", median(rate, BENCH_RUNS));
    return 0;
}

/* The q-quantile of v (sorted in place). */
static double quantile(double *v, int n, double q)
{
    qsort(v, (size_t)n, sizeof v[0], double_cmp);
    return v[(int)(q * (n - 1) + 0.5)];
}

double bench_median(double *v, int n) { return median(v, n); }

double bench_quantile(double *v, int n, double q) { return quantile(v, n, q); }

/* Whole games of uniformly random moves from fresh deals, per second, one
 * rate per run; a game still going after BENCH_PLAYOUT_PLIES is cut short. */
static int bench_playouts(const game_rules *g, const game_params *p, double *rate)
{
    void *st = malloc(g->state_size);
    game_move *mv = malloc(sizeof *mv * GAME_MAX_MOVES);
    char err[256];
    int rc = st && mv ? 0 : -1;
    for (int k = 0; k < BENCH_RUNS && rc == 0; k++) {
        rng r;
        int games = 0;
        double t0 = cli_now(), t = 0;
        rng_seed(&r, (uint64_t)k);
        do {
            if (g->init(st, p, (uint64_t)(k * 100000 + games), err, sizeof err) < 0) {
                fprintf(stderr, "stackhouse-cli: bench: %s\n", err);
                rc = -1;
                break;
            }
            for (int ply = 0; ply < BENCH_PLAYOUT_PLIES && g->current_player(st) >= 0; ply++) {
                int n = g->legal_moves(st, mv, GAME_MAX_MOVES);
                if (n == 0)
                    break;
                g->apply(st, &mv[rng_below(&r, (uint32_t)n)]);
            }
            games++;
        } while ((t = cli_now() - t0) < 0.2);
        rate[k] = games / t;
    }
    if (!st || !mv)
        fprintf(stderr, "stackhouse-cli: bench: out of memory\n");
    free(st);
    free(mv);
    return rc;
}

/* Decision points of random games for every player count: every 29th ply
 * with a real choice, up to per_count positions per count, into out (an
 * array of states of g->state_size bytes); returns how many, or -1. */
static int decision_positions(const game_rules *g, char *out, int per_count)
{
    int n = 0;
    game_move *mv = malloc(sizeof *mv * GAME_MAX_MOVES);
    if (!mv)
        return -1;
    for (int players = g->min_players; players <= g->max_players; players++) {
        int got = 0;
        for (uint64_t seed = 1; got < per_count && seed < 1000; seed++) {
            void *st = out + (size_t)n * g->state_size;
            game_params p;
            char err[256];
            rng r;
            game_params_default(g, &p, players);
            if (g->init(st, &p, seed, err, sizeof err) < 0) {
                free(mv);
                return -1;
            }
            rng_seed(&r, seed);
            for (int ply = 0; g->current_player(st) >= 0 && got < per_count; ply++) {
                int k = g->legal_moves(st, mv, GAME_MAX_MOVES);
                if (k > 1 && ply % 29 == 3) {
                    void *next = out + (size_t)(n + 1) * g->state_size;
                    memcpy(next, st, g->state_size);
                    st = next;
                    n++;
                    got++;
                }
                g->apply(st, &mv[rng_below(&r, (uint32_t)k)]);
            }
        }
    }
    free(mv);
    return n;
}

/* A game with hidden information: IS-MCTS playouts per second at the hard
 * level's settings (an iteration is one determinization, a walk down the
 * tree and one playout to the cut-off), and each level's time per
 * decision, over the same decision points of games of every player count. */
static int bench_ismcts(const game_rules *g)
{
    enum { PER_COUNT = 12, MAXPOS = GAME_MAX_PLAYERS * PER_COUNT };
    double rate[MAXPOS], ms[MAXPOS];
    /* One spare state: the walk plays on in the slot after the last kept. */
    char *pos = malloc(g->state_size * (MAXPOS + 1));
    int n = pos ? decision_positions(g, pos, PER_COUNT) : -1;
    if (n <= 0) {
        fprintf(stderr, "stackhouse-cli: bench %s: no positions\n", g->id);
        free(pos);
        return 2;
    }
    mcts_config cfg;
    ai_mcts_config(AI_HARD, &cfg);
    for (int i = 0; i < n; i++) {
        mcts_stats stats;
        game_move m;
        double t0 = cli_now();
        mcts_search(g, pos + (size_t)i * g->state_size, &cfg, (uint64_t)i, &m, &stats);
        rate[i] = stats.iterations / (cli_now() - t0);
    }
    printf("positions %d\n", n);
    printf("ismcts_playout_cutoff_plies %d\n", cfg.playout_cutoff);
    printf("ismcts_playouts_per_s_median %.0f\n", median(rate, n));
    for (int lv = AI_RANDOM; lv <= AI_HARD; lv++) {
        for (int i = 0; i < n; i++) {
            game_move m;
            double t0 = cli_now();
            ai_choose(g, pos + (size_t)i * g->state_size, (ai_level)lv, (uint64_t)i, &m);
            ms[i] = (cli_now() - t0) * 1e3;
        }
        printf("decision_ms_%s_median %.3f\n", ai_level_name((ai_level)lv), median(ms, n));
        printf("decision_ms_%s_max %.3f\n", ai_level_name((ai_level)lv), quantile(ms, n, 1.0));
    }
    free(pos);
    game_params p;
    game_params_default(g, &p, g->max_players);
    if (bench_playouts(g, &p, rate) < 0)
        return 2;
    printf("random_%dp_games_per_s_median %.0f\n", g->max_players, median(rate, BENCH_RUNS));
    return 0;
}

/* Any game: move-tree walking, MCTS (IS-MCTS for hidden information)
 * iterations and random playout games per second. */
static int bench_generic(const game_rules *g)
{
    double rate[BENCH_RUNS];
    game_params p;
    char err[256];
    void *st = malloc(g->state_size);
    game_params_default(g, &p, g->min_players);
    if (!st || g->init(st, &p, 1, err, sizeof err) < 0) {
        fprintf(stderr, "stackhouse-cli: bench: %s\n", st ? err : "out of memory");
        free(st);
        return 2;
    }
    for (int k = 0; k < BENCH_RUNS; k++) {
        double t0 = cli_now();
        uint64_t n = cli_perft(g, st, 4);
        rate[k] = n / (cli_now() - t0);
    }
    printf("perft_depth4_nodes_per_s_median %.0f\n", median(rate, BENCH_RUNS));
    for (int k = 0; k < BENCH_RUNS; k++) {
        mcts_config cfg;
        mcts_stats stats;
        game_move m;
        ai_mcts_config(AI_MEDIUM, &cfg);
        double t0 = cli_now();
        mcts_search(g, st, &cfg, (uint64_t)k, &m, &stats);
        rate[k] = stats.iterations / (cli_now() - t0);
    }
    printf("mcts_iterations_per_s_median %.0f\n", median(rate, BENCH_RUNS));
    if (bench_playouts(g, &p, rate) < 0) {
        free(st);
        return 2;
    }
    printf("random_playout_games_per_s_median %.0f\n", median(rate, BENCH_RUNS));
    free(st);
    return 0;
}

static int bench_stax_default(void) { return bench_stax(0, 9, BENCH_RUNS); }

/* Games whose searcher has figures of its own (docs/performance.md), by
 * rules id; every other game gets the IS-MCTS figures when it hides
 * information (9 STAX, Stakz), else the generic MCTS and playout figures. */
static const struct {
    const char *id;
    int (*run)(void);
} own_bench[] = {{"stax", bench_stax_default}};

/* A real-time mode's own benchmark, by its id or its rules document's name
 * (`bench maxstax`: the physics the three MAXSTAX modes share); returns 0
 * when name is none, else 1 with the exit status in *rc. */
static int bench_realtime(const char *name, int *rc)
{
    for (int i = 0; i < registry_count(); i++) {
        const game_info *gi = registry_get(i);
        if (gi->realtime && gi->realtime->bench && (!strcmp(gi->id, name) || !strcmp(gi->rules_doc, name))) {
            *rc = gi->realtime->bench(cli_now, stdout) == 0 ? 0 : 2;
            return 1;
        }
    }
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    int rc;
    if (argc < 1)
        return cli_usage("bench GAME|maxstax|phones|app|startup|saves|replay-jump|history [ARGS...]");
    if (strcmp(argv[0], "app") == 0)
        return bench_app(argc - 1, argv + 1);
    if (strcmp(argv[0], "saves") == 0 && argc == 1)
        return bench_app_flag("--bench-saves", 0, NULL); /* the game binary links the store */
    if (strcmp(argv[0], "history") == 0 && argc == 1)
        return bench_app_flag("--bench-history", 0, NULL); /* a window: the screen's first frame */
    if (strcmp(argv[0], "startup") == 0)
        return bench_startup(argc - 1, argv + 1);
    if (strcmp(argv[0], "review") == 0)
        return bench_review(argc - 1, argv + 1);
    if (strcmp(argv[0], "phones") == 0)
        return bench_phones(argc - 1, argv + 1);
    if (strcmp(argv[0], "replay-jump") == 0)
        return bench_replay(argc - 1, argv + 1);
    if (argc == 1 && bench_realtime(argv[0], &rc))
        return rc;
    if (strcmp(argv[0], "stackatrack") == 0 && argc == 1)
        return bench_track(); /* its own figures, blocks visible and hidden */
    if (strcmp(argv[0], "stax") == 0 && argc > 1) {
        int perft_only = 0;
        long depth = 9, runs = BENCH_RUNS;
        for (int k = 1; k < argc; k++) {
            char *end = NULL;
            if (strcmp(argv[k], "--perft-only") == 0)
                perft_only = 1;
            else if (strcmp(argv[k], "--depth") == 0 && k + 1 < argc)
                depth = strtol(argv[++k], &end, 10);
            else if (strcmp(argv[k], "--runs") == 0 && k + 1 < argc)
                runs = strtol(argv[++k], &end, 10);
            else
                return cli_usage("bench stax [--perft-only] [--depth 1..12] [--runs 1..100]");
            if (end && (*end || end == argv[k] || depth < 1 || depth > 12 || runs < 1 ||
                        runs > BENCH_MAX_RUNS)) {
                fprintf(stderr, "stackhouse-cli: bench stax: bad value '%s'\n", argv[k]);
                return 2;
            }
        }
        return bench_stax(perft_only, (int)depth, (int)runs);
    }
    if (argc != 1)
        return cli_usage("bench GAME");
    const game_rules *g = cli_rules(argv[0]);
    if (!g)
        return 2;
    for (size_t k = 0; k < sizeof own_bench / sizeof own_bench[0]; k++)
        if (strcmp(own_bench[k].id, g->id) == 0)
            return own_bench[k].run();
    return g->hidden_info ? bench_ismcts(g) : bench_generic(g);
}
