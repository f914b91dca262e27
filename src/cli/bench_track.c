#include "cli/bench_track.h"

#include <stdio.h>
#include <string.h>

#include "cli/bench.h"
#include "cli/util.h"
#include "core/ai.h"
#include "games/stackatrack/rules/track.h"
#include "games/stackatrack/rules/track_ai.h"

enum { PER_COUNT = 8, MAXPOS = 3 * PER_COUNT, EVAL_REPS = 2000 };

/* Decision points of random games of 2, 3 and 4 seats: every 4th ply with
 * a choice, from the opening to the end game; hidden sets the house rule. */
static int positions(track_state *out, int hidden)
{
    int n = 0;
    for (int players = 2; players <= 4; players++) {
        int got = 0;
        for (uint64_t seed = 1; got < PER_COUNT && seed < 100; seed++) {
            track_state s;
            game_params p;
            char err[256];
            rng r;
            game_params_default(&stackatrack_rules, &p, players);
            p.opt[TRACK_OPT_HIDDEN] = hidden;
            if (stackatrack_rules.init(&s, &p, seed, err, sizeof err) < 0)
                return -1;
            rng_seed(&r, seed);
            for (int ply = 0; stackatrack_rules.current_player(&s) >= 0 && got < PER_COUNT; ply++) {
                game_move mv[GAME_MAX_MOVES];
                int k = stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
                if (k > 1 && ply % 4 == (int)(seed % 4) && ply >= 4 * got) {
                    out[n++] = s;
                    got++;
                }
                stackatrack_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]);
            }
        }
    }
    return n;
}

/* Every placement the mover could try, EVAL_REPS times: legality, joins,
 * edges and loops each. */
static double placements_per_s(const track_state *s)
{
    uint64_t count = 0;
    int sink = 0, seat = s->to_move;
    double t0 = cli_now();
    for (int rep = 0; rep < EVAL_REPS; rep++)
        for (int i = 0; i < s->nhand[seat]; i++)
            for (int o = 0; o < 8; o += 2) {
                track_face f = track_block_face(s->hand[seat][i], o);
                for (int c = 0; c < TRACK_COLS; c++) {
                    track_place pl;
                    if (track_place_eval(s, c, f, &pl))
                        sink += pl.points;
                    count++;
                }
            }
    double dt = cli_now() - t0;
    return sink == 123456789 ? 0 : count / dt;
}

/* Each level's time per decision over pos; prints median and max. */
static void decision_times(const track_state *pos, int n, const char *tag)
{
    double ms[MAXPOS];
    for (int lv = AI_RANDOM; lv <= AI_HARD; lv++) {
        for (int i = 0; i < n; i++) {
            game_move m;
            double t0 = cli_now();
            ai_choose(&stackatrack_rules, &pos[i], (ai_level)lv, (uint64_t)i, &m);
            ms[i] = (cli_now() - t0) * 1e3;
        }
        printf("decision_ms_%s%s_median %.3f\n", tag, ai_level_name((ai_level)lv), bench_median(ms, n));
        printf("decision_ms_%s%s_max %.3f\n", tag, ai_level_name((ai_level)lv), bench_quantile(ms, n, 1.0));
    }
}

int bench_track(void)
{
    static track_state pos[MAXPOS];
    double rate[MAXPOS], depth[MAXPOS];
    int n = positions(pos, 0), exact = 0;
    if (n <= 0) {
        fprintf(stderr, "stackhouse-cli: bench stackatrack: no positions\n");
        return 2;
    }
    printf("positions %d\n", n);
    for (int i = 0; i < n; i++)
        rate[i] = placements_per_s(&pos[i]);
    printf("placements_evaluated_per_s_median %.0f\n", bench_median(rate, n));
    /* The hard search on its own: how deep it sees, how often to the end. */
    for (int i = 0; i < n; i++) {
        track_search_limits lim;
        track_search_info info;
        game_move m;
        track_ai_limits(AI_HARD, &lim);
        double t0 = cli_now();
        track_ai_search_state(&pos[i], &lim, (uint64_t)i, &m, &info);
        rate[i] = info.placements / (cli_now() - t0);
        depth[i] = info.depth;
        exact += info.exact;
    }
    printf("search_placements_per_s_median %.0f\n", bench_median(rate, n));
    printf("search_hard_depth_median %.1f\n", bench_median(depth, n));
    printf("search_hard_exact %d of %d\n", exact, n);
    decision_times(pos, n, "");
    /* Hidden blocks: every level but random is IS-MCTS. */
    n = positions(pos, 1);
    decision_times(pos, n, "hidden_");
    track_state s;
    char err[256];
    if (stackatrack_rules.position_read(&s, NULL, "start", err, sizeof err) < 0)
        return 2;
    double t0 = cli_now();
    uint64_t leaves = cli_perft(&stackatrack_rules, &s, 3);
    printf("perft_start_depth3_nodes %llu\n", (unsigned long long)leaves);
    printf("perft_nodes_per_s %.0f\n", leaves / (cli_now() - t0));
    return 0;
}
