/* stackhouse-cli replay FILE. It prints what the file says of the match,
 * then where its record ends, as the CLI's apply prints a position: the
 * turn-based position in the game's notation and "result: ..." in the same
 * words, or a MAXSTAX match's round, clock and standings; and "why: ..."
 * once it is over. A bad file exits 2 naming its line. */
#include "cli/replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/matchio.h"
#include "cli/util.h"
#include "core/matchplay.h"

static void seats_print(const match_info *mi, const match_end *e)
{
    for (int s = 0; s < mi->params.players; s++) {
        const match_seat *st = &mi->seat[s];
        printf("seat %d: %s (%s%s)", s + 1, st->name, st->level ? "computer " : "person",
               st->level ? (st->level == 1 ? "easy" : st->level == 2 ? "medium" : "hard") : "");
        if (e->game->realtime)
            printf(": %d points, place %d", e->score[s], e->rank[s] + 1);
        else if (e->over)
            printf(": place %d", e->rank[s] + 1);
        printf("\n");
    }
}

/* A MAXSTAX result in the words apply uses for a shared win: the seats first. */
static void realtime_result(const match_info *mi, const match_end *e)
{
    printf("result: ");
    if (!e->over) {
        printf("ongoing\n");
        return;
    }
    for (int s = 0, first = 1; s < mi->params.players; s++)
        if (e->rank[s] == 0) {
            printf(first ? "%d" : " %d", s + 1);
            first = 0;
        }
    printf("\n");
}

int cmd_replay(int argc, char **argv)
{
    static const char *const status_words[] = {"playing", "finished", "abandoned"};
    match_info mi;
    match_end e;
    char err[600], *text, *body, buf[8192];
    int line0 = 1;
    if (argc != 1)
        return cli_usage("replay FILE");
    /* the game's import: the size cap, every line checked, the record played */
    if (matchio_import(argv[0], &mi, &body, err, sizeof err) < 0) {
        fprintf(stderr, "stackhouse-cli: %s\n", err);
        return 2;
    }
    /* where the record starts in the file (the header is the writer's one form) */
    if ((text = match_file_write(&mi, body)))
        for (size_t i = 0, head = strlen(text) - strlen(body); i < head; i++)
            line0 += text[i] == '\n';
    free(text);
    if (match_end_play(&mi, body, line0, &e, err, sizeof err) < 0) {
        fprintf(stderr, "stackhouse-cli: %s: %s\n", argv[0], err);
        free(body);
        return 2;
    }
    printf("%s, %d seats, %s after %d %s (%lld.%03d s played)\n", mi.mode, mi.params.players,
           status_words[mi.status], mi.moves, e.game->realtime ? "ticks" : "moves",
           (long long)(mi.played_ms / 1000), (int)(mi.played_ms % 1000));
    if (mi.result[0])
        printf("headline: %s\n", mi.result);
    seats_print(&mi, &e);
    if (e.game->rules) {
        const game_rules *g = e.game->rules;
        char words[64];
        if (g->position_write(e.st, buf, sizeof buf) < 0)
            snprintf(buf, sizeof buf, "(position too long to print)");
        printf("%s\nresult: %s\n", buf, cli_result_name(g, e.st, words, sizeof words));
        if (g->result_reason && g->result_reason(e.st, buf, sizeof buf) >= 0)
            printf("why: %s\n", buf);
    } else {
        realtime_result(&mi, &e);
        if (e.over && mi.reason[0])
            printf("why: %s\n", mi.reason);
    }
    match_end_free(&e);
    free(body);
    return 0;
}
