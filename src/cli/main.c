/* stackhouse-cli: the rules core on the command line (games, legal, apply,
 * perft, replay, selfplay, bench). Bad input: a message on stderr, exit status 2. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/bench.h"
#include "cli/replay.h"
#include "cli/selfplay.h"
#include "cli/util.h"
#include "core/registry.h"

/* The modes, one id a line; with players, each with its fewest and most seats. */
static int cmd_games(int players)
{
    for (int i = 0; i < registry_count(); i++) {
        const game_info *g = registry_get(i);
        if (players)
            printf("%s %d %d\n", g->id, g->min_players, g->max_players);
        else
            printf("%s\n", g->id);
    }
    return 0;
}

static int move_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmd_legal(int argc, char **argv)
{
    const game_rules *g;
    void *st;
    if (argc != 2)
        return cli_usage("legal GAME POSITION");
    if (!(g = cli_rules(argv[0])) || !(st = cli_position(g, argv[1])))
        return 2;
    game_move mv[GAME_MAX_MOVES];
    static char text[GAME_MAX_MOVES][200];
    char *sorted[GAME_MAX_MOVES];
    int n = g->legal_moves(st, mv, GAME_MAX_MOVES);
    for (int k = 0; k < n; k++) {
        if (g->move_write(st, &mv[k], text[k], sizeof text[k]) < 0)
            snprintf(text[k], sizeof text[k], "?");
        sorted[k] = text[k];
    }
    qsort(sorted, (size_t)n, sizeof sorted[0], move_cmp);
    for (int k = 0; k < n; k++)
        printf("%s\n", sorted[k]);
    free(st);
    return 0;
}

static int cmd_apply(int argc, char **argv)
{
    const game_rules *g;
    void *st;
    char err[256], buf[4096];
    int why = argc > 0 && strcmp(argv[0], "--why") == 0;
    argc -= why;
    argv += why;
    if (argc < 2)
        return cli_usage("apply [--why] GAME POSITION [MOVE...]");
    if (!(g = cli_rules(argv[0])) || !(st = cli_position(g, argv[1])))
        return 2;
    for (int k = 2; k < argc; k++) {
        game_move m;
        if (g->move_read(st, argv[k], &m, err, sizeof err) < 0 || g->apply(st, &m) < 0) {
            fprintf(stderr, "stackhouse-cli: %s\n", err);
            free(st);
            return 2;
        }
    }
    if (g->position_write(st, buf, sizeof buf) < 0) {
        fprintf(stderr, "stackhouse-cli: position too long to print\n");
        free(st);
        return 2;
    }
    char words[64];
    printf("%s\nresult: %s\n", buf, cli_result_name(g, st, words, sizeof words));
    /* --why: the rules' words for why the game ended, on a line of their own */
    if (why && g->result_reason && g->result_reason(st, buf, sizeof buf) >= 0)
        printf("why: %s\n", buf);
    free(st);
    return 0;
}

static int cmd_perft(int argc, char **argv)
{
    const game_rules *g;
    void *st;
    char *end;
    if (argc != 3)
        return cli_usage("perft GAME POSITION DEPTH");
    long depth = strtol(argv[2], &end, 10);
    if (*end || end == argv[2] || depth < 0 || depth > 30) {
        fprintf(stderr, "stackhouse-cli: bad depth '%s' (expected 0..30)\n", argv[2]);
        return 2;
    }
    if (!(g = cli_rules(argv[0])) || !(st = cli_position(g, argv[1])))
        return 2;
    printf("%llu\n", (unsigned long long)cli_perft(g, st, (int)depth));
    free(st);
    return 0;
}

/* A real-time mode's physics library may greet on stdout when its first
 * world is made (Debian's Chipmunk is a debug build). The CLI's stdout is
 * data, and the CLI owns it (the rules core leaves the process's streams
 * alone): a first match of each real-time mode is made, and freed, with
 * stdout pointed at /dev/null. */
static void quiet_realtime(void)
{
    int saved, null;
    fflush(stdout);
    saved = dup(STDOUT_FILENO);
    null = open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0)
        dup2(null, STDOUT_FILENO);
    for (int i = 0; i < registry_count(); i++) {
        const game_info *g = registry_get(i);
        game_params p;
        char err[200];
        if (!g->realtime)
            continue;
        registry_params_default(g, &p, g->min_players);
        g->realtime->destroy(g->realtime->create(&p, NULL, 1, err, sizeof err));
    }
    fflush(stdout);
    if (saved >= 0 && null >= 0)
        dup2(saved, STDOUT_FILENO);
    if (saved >= 0)
        close(saved);
    if (null >= 0)
        close(null);
}

int main(int argc, char **argv)
{
    const realtime_rules *study = argc >= 2 ? cli_study(argv[1]) : NULL;
    /* the commands that may play a real-time mode */
    if (argc >= 2 && (!strcmp(argv[1], "selfplay") || !strcmp(argv[1], "bench") || !strcmp(argv[1], "replay") || study))
        quiet_realtime();
    if (argc >= 2 && strcmp(argv[1], "games") == 0 && argc == 2)
        return cmd_games(0);
    if (argc == 3 && strcmp(argv[1], "games") == 0 && strcmp(argv[2], "--players") == 0)
        return cmd_games(1);
    if (argc >= 2 && strcmp(argv[1], "legal") == 0)
        return cmd_legal(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "apply") == 0)
        return cmd_apply(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "perft") == 0)
        return cmd_perft(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "replay") == 0)
        return cmd_replay(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "selfplay") == 0)
        return cmd_selfplay(argc - 2, argv + 2);
    if (study) {
        int rc = study->study_run(argc - 2, argv + 2, stdout);
        if (rc == 2) {
            char line[200];
            snprintf(line, sizeof line, "%s %s", study->study, study->study_args);
            return cli_usage(line);
        }
        return rc;
    }
    if (argc >= 2 && strcmp(argv[1], "bench") == 0)
        return cmd_bench(argc - 2, argv + 2);
    if (argc >= 2)
        fprintf(stderr, "stackhouse-cli: unknown command '%s'\n", argv[1]);
    return cli_usage(NULL);
}
