#include "cli/selfplay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/util.h"
#include "core/ai.h"
#include "core/registry.h"

#define SELFPLAY_MAX_PLIES 20000
/* A real-time mode's ticks a second of play. */
#define SELFPLAY_RT_HZ 60

typedef struct selfplay_opts {
    int players, games, jobs;
    uint64_t seed;
    ai_level level[2]; /* match: level[0] is A, level[1] is B; else both the same */
    int match;
} selfplay_opts;

static int parse_opts(const char *id, int min_players, int max_players, int argc, char **argv,
                      selfplay_opts *o)
{
    o->players = min_players;
    o->games = 10;
    o->jobs = 1;
    o->seed = 1;
    o->level[0] = o->level[1] = AI_EASY;
    o->match = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        if (!v) {
            fprintf(stderr, "stackhouse-cli: %s needs a value\n", a);
            return -1;
        }
        i++;
        if (strcmp(a, "--players") == 0) {
            long n = strtol(v, &end, 10);
            if (*end || n < min_players || n > max_players) {
                fprintf(stderr, "stackhouse-cli: --players must be %d..%d for %s\n", min_players,
                        max_players, id);
                return -1;
            }
            o->players = (int)n;
        } else if (strcmp(a, "--games") == 0) {
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > 10000000) {
                fprintf(stderr, "stackhouse-cli: bad --games '%s'\n", v);
                return -1;
            }
            o->games = (int)n;
        } else if (strcmp(a, "--jobs") == 0) {
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > 256) {
                fprintf(stderr, "stackhouse-cli: bad --jobs '%s' (1..256)\n", v);
                return -1;
            }
            o->jobs = (int)n;
        } else if (strcmp(a, "--seed") == 0) {
            unsigned long long s = strtoull(v, &end, 10);
            if (*end || !*v || *v == '-') {
                fprintf(stderr, "stackhouse-cli: bad --seed '%s'\n", v);
                return -1;
            }
            o->seed = s;
        } else if (strcmp(a, "--level") == 0) {
            if (ai_level_parse(v, &o->level[0]) < 0) {
                fprintf(stderr, "stackhouse-cli: bad --level '%s' (random|easy|medium|hard)\n", v);
                return -1;
            }
            o->level[1] = o->level[0];
        } else if (strcmp(a, "--match") == 0) {
            char la[16], lb[16];
            const char *colon = strchr(v, ':');
            if (!colon || colon - v >= 16 || strlen(colon + 1) >= 16) {
                fprintf(stderr, "stackhouse-cli: bad --match '%s' (expected A:B, e.g. hard:easy)\n", v);
                return -1;
            }
            memcpy(la, v, (size_t)(colon - v));
            la[colon - v] = 0;
            strcpy(lb, colon + 1);
            if (ai_level_parse(la, &o->level[0]) < 0 || ai_level_parse(lb, &o->level[1]) < 0) {
                fprintf(stderr, "stackhouse-cli: bad --match '%s' (levels: random|easy|medium|hard)\n", v);
                return -1;
            }
            o->match = 1;
        } else {
            fprintf(stderr, "stackhouse-cli: unknown selfplay option '%s'\n", a);
            return -1;
        }
    }
    return 0;
}

/* A real-time mode through its realtime_rules: computer players through
 * whole games at 60 ticks a second, with the match checked after every tick. */
static int selfplay_realtime(const game_info *gi, const selfplay_opts *o)
{
    const realtime_rules *rt = gi->realtime;
    char err[256], line[256];
    int finished = 0, failures = 0, max_frames = (int)(rt->max_seconds * SELFPLAY_RT_HZ + 0.5);
    realtime_figures fig = {{0}};
    void *in = calloc((size_t)o->players, rt->input_size);
    if (!in) {
        fprintf(stderr, "stackhouse-cli: out of memory\n");
        return 2;
    }
    for (int game = 0; game < o->games; game++) {
        uint64_t seed = o->seed + (uint64_t)game;
        game_params params;
        int levels[GAME_MAX_PLAYERS] = {0};
        registry_params_default(gi, &params, o->players);
        for (int p = 0; p < o->players; p++) { /* a real-time computer has no random level: easy */
            ai_level lv = o->level[o->match && p != 0 ? 1 : 0];
            levels[p] = lv == AI_RANDOM ? 1 : (int)lv;
        }
        realtime_match *m = rt->create(&params, levels, seed, err, sizeof err);
        realtime_bots *bots = m ? rt->bots_new(m, levels, seed) : NULL;
        if (!bots) {
            fprintf(stderr, "stackhouse-cli: %s\n", m ? "out of memory" : err);
            rt->destroy(m);
            free(in);
            return 2;
        }
        int frame, failed = 0;
        for (frame = 0; frame < max_frames && !rt->over(m); frame++) {
            rt->bots_think(bots, m, 1.0 / SELFPLAY_RT_HZ, in);
            rt->step(m, in, 1.0 / SELFPLAY_RT_HZ);
            if (rt->check(m, err, sizeof err) < 0) {
                fprintf(stderr, "selfplay %s: game %d frame %d: %s\n", gi->id, game, frame, err);
                failed = 1;
                break;
            }
        }
        failures += failed;
        finished += !failed && rt->over(m);
        if (!failed && !rt->over(m))
            fprintf(stderr, "selfplay %s: game %d did not end in %d frames\n", gi->id, game, max_frames);
        if (rt->figures_add)
            rt->figures_add(m, bots, &fig);
        rt->bots_free(bots);
        rt->destroy(m);
    }
    free(in);
    if (rt->figures_write && rt->figures_write(&fig, o->games, o->players, line, sizeof line) > 0)
        printf("selfplay %s: %s\n", gi->id, line);
    printf("selfplay %s: %d games, %d finished, %d invariant failures\n", gi->id, o->games, finished, failures);
    return failures ? 1 : 0;
}

typedef struct selfplay_tally {
    int finished, failures, a_wins, b_wins, draws;
    long long plies;
} selfplay_tally;

/* Plays game number `game` of o; adds its outcome to t. In a match A sits
 * at seat game % players, so that over a run it takes every seat equally. */
static int selfplay_one(const game_rules *g, const selfplay_opts *o, int game, void *st, selfplay_tally *t)
{
    uint64_t seed = o->seed + (uint64_t)game;
    int a_seat = o->match ? game % o->players : 0;
    game_params p;
    char err[256];
    game_params_default(g, &p, o->players);
    if (g->init(st, &p, seed, err, sizeof err) < 0) {
        fprintf(stderr, "stackhouse-cli: %s\n", err);
        return -1;
    }
    int plies = 0, seat, failed = 0;
    while ((seat = g->current_player(st)) >= 0 && plies < SELFPLAY_MAX_PLIES) {
        game_move m;
        ai_level lv = o->level[seat == a_seat ? 0 : 1];
        if (ai_choose(g, st, lv, seed * 1000003u + (uint64_t)plies, &m) < 0 || g->apply(st, &m) < 0) {
            fprintf(stderr, "selfplay %s: game %d ply %d: the AI found no legal move\n", g->id, game, plies);
            failed = 1;
            break;
        }
        plies++;
        if (g->check_invariants && g->check_invariants(st, err, sizeof err) < 0) {
            fprintf(stderr, "selfplay %s: game %d ply %d: %s\n", g->id, game, plies, err);
            failed = 1;
            break;
        }
    }
    t->failures += failed;
    t->plies += plies;
    game_result r;
    g->result(st, &r);
    if (r.status == GAME_OVER && !failed) {
        t->finished++;
        if (r.winner < 0)
            t->draws++;
        else if (r.winner == a_seat)
            t->a_wins++;
        else
            t->b_wins++;
    }
    return 0;
}

/* Games job, job + jobs, ... of o, tallied into t. */
static int selfplay_share(const game_rules *g, const selfplay_opts *o, int job, selfplay_tally *t)
{
    void *st = malloc(g->state_size);
    int rc = st ? 0 : -1;
    memset(t, 0, sizeof *t);
    for (int game = job; game < o->games && rc == 0; game += o->jobs)
        rc = selfplay_one(g, o, game, st, t);
    if (!st)
        fprintf(stderr, "stackhouse-cli: out of memory\n");
    free(st);
    return rc;
}

/* Runs the games in o->jobs processes (games are independent and seeded by
 * number, so the tally is the same for any number of jobs). */
static int selfplay_run_jobs(const game_rules *g, const selfplay_opts *o, selfplay_tally *t)
{
    int fds[256];
    pid_t pids[256];
    int jobs = o->jobs < o->games ? o->jobs : o->games, rc = 0;
    if (jobs <= 1)
        return selfplay_share(g, o, 0, t);
    memset(t, 0, sizeof *t);
    fflush(stdout);
    fflush(stderr);
    for (int j = 0; j < jobs; j++) {
        int fd[2];
        if (pipe(fd) < 0 || (pids[j] = fork()) < 0) {
            perror("stackhouse-cli: selfplay --jobs");
            jobs = j;
            rc = -1;
            break;
        }
        if (pids[j] == 0) {
            selfplay_tally mine;
            close(fd[0]);
            int bad = selfplay_share(g, o, j, &mine) < 0;
            ssize_t w = write(fd[1], &mine, sizeof mine);
            _exit(bad || w != (ssize_t)sizeof mine ? 2 : 0);
        }
        close(fd[1]);
        fds[j] = fd[0];
    }
    for (int j = 0; j < jobs; j++) {
        selfplay_tally part;
        int status = 0;
        ssize_t got = read(fds[j], &part, sizeof part);
        close(fds[j]);
        waitpid(pids[j], &status, 0);
        if (got != (ssize_t)sizeof part || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            rc = -1;
            continue;
        }
        t->finished += part.finished;
        t->failures += part.failures;
        t->a_wins += part.a_wins;
        t->b_wins += part.b_wins;
        t->draws += part.draws;
        t->plies += part.plies;
    }
    return rc;
}

int cmd_selfplay(int argc, char **argv)
{
    const game_rules *g;
    const game_info *gi;
    selfplay_opts o;
    if (argc < 1)
        return cli_usage("selfplay GAME [--players N] [--games K] [--seed S] [--level L] [--match A:B] [--jobs J]");
    gi = registry_find(argv[0]);
    if (gi && gi->kind == GAME_KIND_REALTIME) {
        if (!gi->realtime) {
            fprintf(stderr, "stackhouse-cli: game '%s' has no rules yet\n", gi->id);
            return 2;
        }
        if (parse_opts(gi->id, gi->min_players, gi->max_players, argc - 1, argv + 1, &o) < 0)
            return 2;
        return selfplay_realtime(gi, &o);
    }
    if (!(g = cli_rules(argv[0])) || parse_opts(g->id, g->min_players, g->max_players, argc - 1, argv + 1, &o) < 0)
        return 2;
    selfplay_tally t;
    if (selfplay_run_jobs(g, &o, &t) < 0)
        return 2;
    if (o.match) {
        /* B's wins are shared by players - 1 seats: one B seat's share is
         * what A's count is to be compared with. */
        double b_seat = (double)t.b_wins / (o.players - 1);
        printf("match %s:%s, %d players: %s won %d of %d (%.1f%%), each %s seat won %.1f (%.1f%%), "
               "%d without a single winner (%.1f plies a game)\n",
               ai_level_name(o.level[0]), ai_level_name(o.level[1]), o.players, ai_level_name(o.level[0]),
               t.a_wins, o.games, 100.0 * t.a_wins / o.games, ai_level_name(o.level[1]), b_seat,
               100.0 * b_seat / o.games, t.draws, (double)t.plies / o.games);
    }
    printf("selfplay %s: %d games, %d finished, %d invariant failures\n", g->id, o.games, t.finished,
           t.failures);
    return t.failures ? 1 : 0;
}
