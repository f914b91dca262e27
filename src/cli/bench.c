#include "cli/bench.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/util.h"
#include "core/ai.h"
#include "games/stax/rules/stax.h"
#include "games/stax/rules/stax_ai.h"

#define BENCH_RUNS 5
#define BENCH_PLAYOUT_PLIES 20000

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

/* Runs the sibling game binary with --bench: the app measures itself. */
static int bench_app(int argc, char **argv)
{
    char self[PATH_MAX], path[PATH_MAX + 16];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "stackhouse-cli: cannot find my own path (/proc/self/exe)\n");
        return 2;
    }
    self[n] = 0;
    char *slash = strrchr(self, '/');
    *slash = 0;
    snprintf(path, sizeof path, "%s/stackhouse", self);
    if (access(path, X_OK) != 0) {
        fprintf(stderr, "stackhouse-cli: bench app: the game binary %s is missing (build with "
                        "-DSTACKHOUSE_BUILD_APP=ON)\n", path);
        return 2;
    }
    char **args = calloc((size_t)argc + 3, sizeof *args);
    if (!args)
        return 2;
    args[0] = path;
    args[1] = "--bench";
    for (int i = 0; i < argc; i++)
        args[i + 2] = argv[i];
    fflush(stdout);
    execv(path, args);
    perror("stackhouse-cli: bench app: exec");
    free(args);
    return 2;
}

static int bench_stax(void)
{
    static const char *const positions[] = {
        "start",
        "r:a1=r,c1=r,e1=r,g1=r,b2=r,d2=r,f2=r,h2=r,a3=r,e3=r,g3=r,d4=r,e5=b,b6=b,d6=b,h6=b,a7=b,c7=b,"
        "e7=b,g7=b,b8=b,d8=b,f8=b,h8=b",
        "b:c1=r,e1=r,b2=r,d2=rbr,h2=r,c3=r,g3=r,d4=b,f4=brR,b6=b,f6=b,c7=b,e7=br,g7=b,d8=b,h8=B",
    };
    double rate[BENCH_RUNS];
    stax_board b;
    stax_board_start(&b);
    uint64_t nodes = 0;
    for (int k = 0; k < BENCH_RUNS; k++) {
        double t0 = cli_now();
        nodes = stax_perft(&b, 9);
        rate[k] = nodes / (cli_now() - t0);
    }
    printf("perft_start_depth9_nodes %llu\n", (unsigned long long)nodes);
    printf("perft_nodes_per_s_median %.0f\n", median(rate, BENCH_RUNS));
    for (int k = 0; k < BENCH_RUNS; k++) {
        uint64_t searched = 0;
        double t0 = cli_now();
        for (size_t p = 0; p < sizeof positions / sizeof positions[0]; p++) {
            stax_state s;
            char err[256];
            game_move m;
            stax_search_info info;
            stax_search_limits lim = {0, 300, 0, NULL, 0};
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

int cmd_bench(int argc, char **argv)
{
    if (argc < 1)
        return cli_usage("bench GAME|app [ARGS...]");
    if (strcmp(argv[0], "app") == 0)
        return bench_app(argc - 1, argv + 1);
    if (argc != 1)
        return cli_usage("bench GAME");
    const game_rules *g = cli_rules(argv[0]);
    if (!g)
        return 2;
    if (g == &stax_rules)
        return bench_stax();
    return bench_generic(g);
}
