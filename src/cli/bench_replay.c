#include "cli/bench_replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/util.h"
#include "games/maxstax/rules/maxstax_bot.h"
#include "games/maxstax/rules/maxstax_replay.h"

#define FRAME (1.0 / 60.0)
#define MATCH_S 300 /* five rounds of a minute: what the figure is asked for */
#define MAX_JUMPS 1001
#define OPENS 9 /* times the replay is opened: the open time's median */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A SPEEDSTAX match of two easy computers with 70-second rounds, taped
 * to its end (easy stackers rarely finish early, so it runs about five minutes). */
static char *five_minute_tape(const maxstax_deck *deck, long *ticks)
{
    maxstax_setup setup;
    maxstax_bot bots[2];
    maxstax_match *m;
    maxstax_tape *tape;
    char err[256], *text;
    maxstax_setup_default(&setup, 2);
    setup.scoring = MAXSTAX_SPEEDSTAX;
    setup.round_seconds = MATCH_S / SPEEDSTAX_ROUNDS + 10; /* a round or two ends early: about five minutes in all */
    for (int p = 0; p < 2; p++) {
        setup.levels[p] = 1;
        maxstax_bot_init(&bots[p], p, 1, 11 + (uint64_t)p);
    }
    if (!(m = maxstax_match_new(&setup, deck, 7, err, sizeof err)) || !(tape = maxstax_tape_new(&setup, 7))) {
        fprintf(stderr, "stackhouse-cli: bench replay-jump: %s\n", m ? "out of memory" : err);
        maxstax_match_free(m);
        return NULL;
    }
    maxstax_tape_snap(tape, m, 1);
    while (!maxstax_match_over(m) && maxstax_tape_ticks(tape) < 2L * MATCH_S * 60) {
        maxstax_input in[2];
        memset(in, 0, sizeof in);
        for (int p = 0; p < 2; p++)
            maxstax_bot_think(&bots[p], m, FRAME, &in[p]);
        maxstax_tape_step(tape, m, in, FRAME);
    }
    *ticks = maxstax_tape_ticks(tape);
    text = maxstax_tape_write(tape);
    maxstax_tape_free(tape);
    maxstax_match_free(m);
    return text;
}

int bench_replay(int argc, char **argv)
{
    maxstax_deck deck;
    maxstax_replay *r;
    char err[256], *text;
    long ticks = 0, jumps = 101, mid;
    double t0, opens[OPENS], early_s, lay_s, times[MAX_JUMPS], worst = 0, catch_s;
    int frames;
    for (int k = 0; k < argc; k++) {
        char *end = NULL;
        if (strcmp(argv[k], "--jumps") == 0 && k + 1 < argc)
            jumps = strtol(argv[++k], &end, 10);
        if (!end || *end || jumps < 1 || jumps > MAX_JUMPS)
            return cli_usage("bench replay-jump [--jumps 1..1001]");
    }
    if (maxstax_cards_builtin(&deck, err, sizeof err) != 0 || !(text = five_minute_tape(&deck, &ticks)))
        return 2;
    /* Opening, as the screen opens it: the replay, then its first frame's
     * work (WORK_BUDGET of scenes/replay.c, 4 ms); a few times, for the median. */
    for (int k = 0; k < OPENS; k++) {
        t0 = cli_now();
        r = maxstax_replay_new(text, &deck, err, sizeof err);
        opens[k] = cli_now() - t0;
        if (!r) {
            fprintf(stderr, "stackhouse-cli: bench replay-jump: %s\n", err);
            free(text);
            return 2;
        }
        if (k < OPENS - 1)
            maxstax_replay_free(r);
    }
    /* A jump to the middle before its checkpoints exist (the pass plays on to it), from a fresh replay. */
    mid = ticks / 2;
    {
        maxstax_replay *fresh = maxstax_replay_new(text, &deck, err, sizeof err);
        t0 = cli_now();
        if (!fresh || maxstax_replay_seek(fresh, mid, err, sizeof err) != 0) {
            fprintf(stderr, "stackhouse-cli: bench replay-jump: %s\n", err);
            maxstax_replay_free(fresh);
            maxstax_replay_free(r);
            free(text);
            return 2;
        }
        early_s = cli_now() - t0;
        maxstax_replay_free(fresh);
    }
    /* The rest laid behind the scenes, 4 ms a frame, as the screen does while it is open. */
    t0 = cli_now();
    for (frames = 0; !maxstax_replay_idle(r); frames++)
        maxstax_replay_work(r, 0.004);
    lay_s = cli_now() - t0;
    for (long j = 0; j < jumps; j++) {
        /* From the start, or from the end, to the middle: never a short step on. */
        long from = j % 2 ? ticks : 0, to = mid + (j % 7) - 3;
        if (maxstax_replay_seek(r, from, err, sizeof err) != 0)
            break;
        t0 = cli_now();
        if (maxstax_replay_seek(r, to, err, sizeof err) != 0)
            break;
        times[j] = cli_now() - t0;
        worst = times[j] > worst ? times[j] : worst;
        if (maxstax_replay_at(r) != to) {
            fprintf(stderr, "stackhouse-cli: bench replay-jump: landed at %ld, not %ld\n", maxstax_replay_at(r), to);
            maxstax_replay_free(r);
            free(text);
            return 2;
        }
    }
    /* The exact match behind the scenes, from the start to the middle. */
    maxstax_replay_seek(r, mid, err, sizeof err);
    t0 = cli_now();
    while (!maxstax_replay_exact(r))
        maxstax_replay_work(r, 0.008);
    catch_s = cli_now() - t0;
    qsort(times, (size_t)jumps, sizeof times[0], cmp_double);
    printf("speedstax match: %ld ticks (%.1f s of play), tape %zu bytes\n", ticks, ticks / 60.0, strlen(text));
    qsort(opens, OPENS, sizeof opens[0], cmp_double);
    printf("replay open (its start laid): median %.2f ms, worst %.2f ms (%d opens)\n", opens[OPENS / 2] * 1000,
           opens[OPENS - 1] * 1000, OPENS);
    printf("a jump to the middle before its checkpoints exist: %.0f ms\n", early_s * 1000);
    printf("checkpoints laid behind the scenes (%d every %d ticks), 4 ms a frame: %d frames, %.0f ms\n",
           maxstax_replay_checkpoints(r), MAXSTAX_REPLAY_CHECK_EVERY, frames, lay_s * 1000);
    printf("jump to the middle (%ld jumps): median %.2f ms, worst %.2f ms (a frame is 16.7 ms)\n", jumps,
           times[jumps / 2] * 1000, worst * 1000);
    printf("exact match caught up behind the scenes (8 ms a frame): %.0f ms\n", catch_s * 1000);
    /* A step of a second on (the replay's Step on), exact: played on from where it stands. */
    {
        double steps[MAX_JUMPS];
        long n = jumps < 60 ? jumps : 60;
        maxstax_replay_seek(r, 0, err, sizeof err);
        for (long j = 0; j < n; j++) {
            t0 = cli_now();
            maxstax_replay_seek(r, (j + 1) * 60, err, sizeof err);
            steps[j] = cli_now() - t0;
        }
        qsort(steps, (size_t)n, sizeof steps[0], cmp_double);
        printf("a step of a second on, exact (%ld steps): median %.2f ms, worst %.2f ms\n", n, steps[n / 2] * 1000,
               steps[n - 1] * 1000);
    }
    maxstax_replay_free(r);
    free(text);
    return 0;
}
