#include "cli/review_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/bench.h"
#include "cli/util.h"
#include "core/ai.h"
#include "core/matchfile.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/review.h"

/* The whole file as a string (malloc'd), or NULL after a message. */
static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0, cap = 0;
    if (!f) {
        fprintf(stderr, "stackhouse-cli: review: cannot open '%s'\n", path);
        return NULL;
    }
    for (;;) {
        if (cap - len < 4096) {
            char *nb = realloc(buf, cap * 2 + 4096);
            if (!nb)
                break;
            buf = nb;
            cap = cap * 2 + 4096;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
    }
    fclose(f);
    if (buf)
        buf[len] = 0;
    return buf;
}

/* A chance as a whole percentage, the way people read odds. */
static int percent(double p)
{
    return (int)(p * 100 + 0.5);
}

static void print_review(const game_rules *g, const review *rv)
{
    for (int k = 0; k < rv->n; k++) {
        const review_move *m = &rv->moves[k];
        char seat[16];
        printf("%3d  %-6s %-22s %3d%% -> %3d%%", k + 1, review_seat_name(g, m->mover, seat, sizeof seat), m->move,
               percent(m->before), percent(m->after));
        if (m->mark != REVIEW_NONE)
            printf("  %s, best %s", review_mark_name(m->mark), m->best);
        else if (m->forced)
            printf("  forced");
        printf("\n");
    }
}

int cmd_review(int argc, char **argv)
{
    review_options opt;
    memset(&opt, 0, sizeof opt);
    if (argc == 3 && strcmp(argv[1], "--iterations") == 0) {
        char *end;
        long n = strtol(argv[2], &end, 10);
        if (*end || n < 1 || n > 1000000)
            return cli_usage("review FILE [--iterations N]");
        opt.mcts_iterations = (int)n;
    } else if (argc != 1) {
        return cli_usage("review FILE [--iterations N]");
    }
    char *text = read_all(argv[0]), err[256];
    game_record rec;
    review rv;
    memset(&rec, 0, sizeof rec);
    if (!text)
        return 2;
    /* A match file (docs/match-file.md) holds the record as its body. */
    if (strncmp(text, MATCH_FILE_MAGIC, strlen(MATCH_FILE_MAGIC)) == 0) {
        match_info mi;
        char *body = NULL;
        int rc = match_file_read(text, &mi, &body, err, sizeof err);
        free(text);
        if (rc != 0) {
            fprintf(stderr, "stackhouse-cli: review: %s: %s\n", argv[0], err);
            return 2;
        }
        text = body;
    }
    if (record_read(&rec, text, err, sizeof err) != 0) {
        fprintf(stderr, "stackhouse-cli: review: %s: %s (a review needs a turn-based match)\n", argv[0], err);
        free(text);
        return 2;
    }
    free(text);
    int rc = review_run(&rec, &opt, &rv, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "stackhouse-cli: review: %s\n", err);
        record_free(&rec);
        return 2;
    }
    printf("review of %s, %d moves\n", rec.game, rv.n);
    print_review(record_rules(&rec), &rv);
    review_free(&rv);
    record_free(&rec);
    return 0;
}

/* A match of g played by the easy computer up to moves moves (or its end). */
static int play_match(const game_info *gi, int moves, game_record *rec)
{
    game_params p;
    char err[200];
    registry_params_default(gi, &p, gi->min_players);
    if (record_init(rec, gi->id, &p, 7, err, sizeof err) != 0)
        return -1;
    void *st = malloc(gi->rules->state_size);
    if (!st || record_replay(rec, 0, st, err, sizeof err) != 0) {
        free(st);
        return -1;
    }
    for (int k = 0; k < moves && gi->rules->current_player(st) >= 0; k++) {
        game_move m;
        if (ai_choose(gi->rules, st, AI_EASY, (uint64_t)k + 1, &m) != 0 ||
            record_play(rec, st, &m, err, sizeof err) != 0)
            break;
    }
    free(st);
    return 0;
}

/* The CPU time this thread has used, in seconds: on a machine shared with
 * other work the wall clock measures the neighbours too. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct bench_clock {
    double last, last_cpu, *per_move, *cpu;
} bench_clock;

static void tick(void *user, int done, int total)
{
    bench_clock *c = user;
    double now = cli_now(), cpu = cpu_now();
    (void)total;
    c->per_move[done - 1] = now - c->last;
    c->cpu[done - 1] = cpu - c->last_cpu;
    c->last = now;
    c->last_cpu = cpu;
}

int bench_review(int argc, char **argv)
{
    int moves = 40;
    if (argc == 1) {
        char *end;
        moves = (int)strtol(argv[0], &end, 10);
        if (*end || moves < 1 || moves > 1000)
            return cli_usage("bench review [MOVES]");
    } else if (argc > 1) {
        return cli_usage("bench review [MOVES]");
    }
    printf("review time per move (median and slowest), a match of up to %d moves by the easy computer:\n", moves);
    for (int i = 0; i < registry_count(); i++) {
        const game_info *gi = registry_get(i);
        game_record rec;
        review rv;
        char err[256];
        if (!gi->rules)
            continue;
        memset(&rec, 0, sizeof rec);
        if (play_match(gi, moves, &rec) != 0) {
            fprintf(stderr, "stackhouse-cli: bench review: %s: no match\n", gi->id);
            return 1;
        }
        bench_clock c = {cli_now(), cpu_now(), calloc((size_t)rec.cursor + 1, sizeof(double)),
                         calloc((size_t)rec.cursor + 1, sizeof(double))};
        review_options opt = {tick, &c, NULL, 0};
        if (!c.per_move || !c.cpu || review_run(&rec, &opt, &rv, err, sizeof err) != 0) {
            fprintf(stderr, "stackhouse-cli: bench review: %s: %s\n", gi->id, c.cpu ? err : "out of memory");
            free(c.per_move);
            free(c.cpu);
            record_free(&rec);
            return 1;
        }
        int n = rv.n;
        double total = 0, cpu_total = 0;
        for (int k = 0; k < n; k++) {
            total += c.per_move[k];
            cpu_total += c.cpu[k];
        }
        double med = bench_median(c.per_move, n), cpu_med = bench_median(c.cpu, n);
        printf("  %-12s %3d moves  median %6.1f ms (CPU %6.1f)  slowest %7.1f ms (CPU %6.1f)  whole review %5.1f s "
               "(CPU %5.1f)\n",
               gi->id, n, med * 1e3, cpu_med * 1e3, c.per_move[n - 1] * 1e3, c.cpu[n - 1] * 1e3, total, cpu_total);
        free(c.per_move);
        free(c.cpu);
        review_free(&rv);
        record_free(&rec);
    }
    return 0;
}
