#include "cli/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "core/registry.h"
#include "core/realtime.h"

int cli_usage(const char *line)
{
    if (line)
        fprintf(stderr, "usage: stackhouse-cli %s\n", line);
    else {
        /* the real-time modes and their studies are the row's */
        char ids[200] = "";
        size_t len = 0;
        fprintf(stderr, "usage: stackhouse-cli games [--players]   (with --players: id, fewest and most seats)\n"
                        "       stackhouse-cli legal GAME POSITION\n"
                        "       stackhouse-cli apply [--why] GAME POSITION [MOVE...]\n"
                        "       stackhouse-cli perft GAME POSITION DEPTH\n"
                        "       stackhouse-cli replay FILE   (a match file: its final position and result)\n"
                        "       stackhouse-cli selfplay GAME [--players N] [--games K] [--seed S]\n"
                        "                      [--level random|easy|medium|hard] [--match A:B]\n");
        for (int i = 0; i < registry_count(); i++)
            if (registry_get(i)->realtime && len < sizeof ids)
                len += (size_t)snprintf(ids + len, sizeof ids - len, "%s%s", len ? "|" : "", registry_get(i)->id);
        fprintf(stderr, "       stackhouse-cli selfplay %s [--players N] [--games K] [--seed S]\n", ids);
        for (int i = 0; i < registry_count(); i++) {
            const realtime_rules *rt = registry_get(i)->realtime;
            if (rt && rt->study)
                fprintf(stderr, "       stackhouse-cli %s %s   (%s)\n", rt->study, rt->study_args, rt->study_about);
        }
        fprintf(stderr, "       stackhouse-cli bench GAME|maxstax|phones|app|startup|saves [ARGS...]\n"
                        "       stackhouse-cli bench stax [--perft-only] [--depth D] [--runs N]\n");
    }
    return 2;
}

const game_rules *cli_rules(const char *id)
{
    const game_info *gi = registry_find(id);
    if (!gi) {
        fprintf(stderr, "stackhouse-cli: unknown game '%s' (see 'stackhouse-cli games')\n", id);
        return NULL;
    }
    if (!gi->rules) {
        fprintf(stderr, "stackhouse-cli: game '%s' has no rules yet\n", id);
        return NULL;
    }
    return gi->rules;
}

void *cli_position(const game_rules *g, const char *text)
{
    char err[256];
    void *st = malloc(g->state_size);
    if (!st) {
        fprintf(stderr, "stackhouse-cli: out of memory\n");
        return NULL;
    }
    if (g->position_read(st, NULL, text, err, sizeof err) < 0) {
        fprintf(stderr, "stackhouse-cli: %s\n", err);
        free(st);
        return NULL;
    }
    return st;
}

const char *cli_result_name(const game_rules *g, const void *st, char *buf, size_t n)
{
    static const char *const seats[] = {"p1", "p2", "p3", "p4"};
    game_result r;
    if (g->result_write)
        return g->result_write(st, buf, n) < 0 ? "?" : buf;
    g->result(st, &r);
    if (r.status == GAME_ONGOING)
        return "ongoing";
    if (r.winner < 0 || r.winner >= GAME_MAX_PLAYERS)
        return "draw";
    /* A game may name its sides (STAX: by colour); otherwise by seat. */
    return g->seat_names ? g->seat_names[r.winner] : seats[r.winner];
}

static uint64_t generic_perft(const game_rules *g, const void *st, int depth)
{
    if (depth == 0)
        return 1;
    game_move *mv = malloc(sizeof *mv * GAME_MAX_MOVES);
    void *child = malloc(g->state_size);
    uint64_t total = 0;
    int n = mv && child ? g->legal_moves(st, mv, GAME_MAX_MOVES) : 0;
    for (int k = 0; k < n; k++) {
        if (depth == 1) {
            total++;
            continue;
        }
        memcpy(child, st, g->state_size);
        g->apply(child, &mv[k]);
        total += generic_perft(g, child, depth - 1);
    }
    free(mv);
    free(child);
    return total;
}

uint64_t cli_perft(const game_rules *g, const void *st, int depth)
{
    return g->perft ? g->perft(st, depth) : generic_perft(g, st, depth);
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

const realtime_rules *cli_study(const char *command)
{
    for (int i = 0; i < registry_count(); i++) {
        const realtime_rules *rt = registry_get(i)->realtime;
        if (rt && rt->study && strcmp(rt->study, command) == 0)
            return rt;
    }
    return NULL;
}

