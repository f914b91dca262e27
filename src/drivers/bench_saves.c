/* stackhouse --bench-saves (stackhouse-cli bench saves): what saving as the
 * match goes costs, through the midend's own save calls on a store in a
 * scratch folder (WAL, one transaction a save), with no window.
 * - every turn-based mode: random games between computers, a save after
 *   every move, as the table makes it (table_save: the record's text and
 *   one transaction);
 * - SPEEDSTAX between two computers: the save at every move, every round's
 *   start and every TABLE_SAVE_EVERY seconds, as table_rt.c makes it (the
 *   view's autosave text, the match without its tape, and the history's
 *   record, the piece of tape since the last save, then one transaction),
 *   the texts and the write timed apart; then the whole text, tape and all,
 *   that Save & quit writes once, at the end of the 4 minutes. */
#include "drivers/bench_saves.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/history.h"
#include "app/store.h"
#include "core/registry.h"
#include "core/rng.h"
#include "drivers/bench.h"
#include "shell/settings.h"
#include "shell/shell.h"
#include "table/modes.h"
#include "table/table_history.h"
#include "table/table_rt.h"
#include "table/table_save.h"
#include "table/table_store.h"

#define GAMES 20      /* random games of each turn-based mode */
#define MAX_PLIES 300 /* moves at most in one */
#define RT_SECONDS 240.0
#define RT_SAVES 1024 /* saves at most in the real-time run */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static uint64_t bench_seed(void *ctx)
{
    (void)ctx;
    return 7;
}

static void report(const char *what, const char *id, double *v, int n, size_t bytes)
{
    double p50, p99, max;
    if (n == 0)
        return;
    p50 = bench_percentile(v, n, 0.5);
    p99 = bench_percentile(v, n, 0.99);
    max = v[n - 1]; /* sorted by bench_percentile */
    printf("%s %s: median %.3f p99 %.3f max %.3f ms (%d saves, last %zu bytes)\n", what, id, p50, p99, max, n, bytes);
}

/* Random games of g between computers, saved after every move as a table does. */
static int bench_turns(shell *sh, const game_info *g)
{
    const game_rules *r = g->rules;
    double *ms = malloc(sizeof *ms * GAMES * MAX_PLIES);
    void *st = malloc(r->state_size);
    game_move *moves = malloc(sizeof *moves * GAME_MAX_MOVES);
    int n = 0, rc = 0;
    size_t bytes = 0;
    rng pick;
    rng_seed(&pick, 11);
    if (!ms || !st || !moves)
        abort();
    for (int k = 0; k < GAMES && rc == 0; k++) {
        match_setup m;
        game_record rec;
        char err[200], *text;
        table_match_default(&m, g, NULL);
        for (int s = 0; s < m.params.players; s++)
            match_setup_set_seat(&m, s, SEAT_COMPUTER);
        if (record_init(&rec, g->id, &m.params, 100 + (uint64_t)k, err, sizeof err) != 0 ||
            record_replay(&rec, 0, st, err, sizeof err) != 0) {
            fprintf(stderr, "bench saves: %s: %s\n", g->id, err);
            return -1;
        }
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            game_result res;
            int nm;
            double t0;
            r->result(st, &res);
            nm = r->legal_moves(st, moves, GAME_MAX_MOVES);
            if (res.status == GAME_OVER || nm <= 0)
                break;
            if (record_play(&rec, st, &moves[rng_below(&pick, (uint32_t)nm)], err, sizeof err) != 0)
                break;
            t0 = now_ms();
            if (table_save(sh, &m, &rec) != 0) {
                fprintf(stderr, "bench saves: %s: the save failed: %s\n", g->id, store_error(shell_store(sh)));
                rc = -1;
                break;
            }
            ms[n++] = now_ms() - t0;
        }
        text = record_write(&rec);
        bytes = text ? strlen(text) : 0;
        free(text);
        record_free(&rec);
    }
    report("save_ms_per_move", g->id, ms, n, bytes);
    free(ms);
    free(st);
    free(moves);
    return rc;
}

/* One real-time save as table_rt.c makes it: in one transaction, the
 * history's record (whole at the first, then the piece taped since, #28)
 * and the save slot's snapshot. The text's and the write's ms apart; 0 or -1. */
static int rt_save(shell *sh, const table_realtime_ops *ops, void *v, match_setup *m, table_rt_mark *mark,
                   double *text_ms, double *write_ms, size_t *bytes, size_t *piece)
{
    store *db = shell_store(sh);
    table_rt_mark was = *mark;
    match_info mi;
    double t0 = now_ms(), t1;
    char *text = ops->autosave_text(v), *rec = ops->record_on(v, mark);
    int rc;
    t1 = now_ms();
    table_history_info(m, 7, 0, 0, (int)ops->ticks(v), &mi);
    rc = text && rec && store_begin(db) == 0 ? 0 : -1;
    if (rc == 0) {
        rc = m->history > 0 ? history_append(db, m->history, &mi, was.at, rec) : history_begin(db, &mi, rec, &m->history);
        rc = rc == 0 ? table_save_text(sh, m, "speedstax", text) : -1;
        rc = store_end(db, rc == 0) == 0 ? rc : -1;
    }
    *text_ms = t1 - t0;
    *write_ms = now_ms() - t1;
    *bytes = text ? strlen(text) : 0;
    *piece = rec ? strlen(rec) : 0;
    free(text);
    free(rec);
    return rc;
}

/* SPEEDSTAX between two computers: its saves as the real-time midend makes
 * them, at every move, every round's start and every 5 s. */
static int bench_realtime(shell *sh)
{
    const game_info *g = registry_find("speedstax");
    const table_mode *mode = modes_find("speedstax");
    const table_realtime_ops *ops = mode ? mode->realtime : NULL;
    double text_ms[RT_SAVES], write_ms[RT_SAVES], since = 0;
    int n = 0, round, rc = 0;
    long moves;
    size_t bytes = 0, piece[RT_SAVES], biggest = 0;
    table_rt_mark mark = {0, 0};
    match_setup m;
    void *v;
    if (!g || !ops || !ops->record_on || !ops->autosave_text)
        return -1;
    table_match_default(&m, g, "easy,easy");
    v = ops->create(sh, &m, 7, NULL);
    if (!v)
        return -1;
    round = ops->round ? ops->round(v) : 0;
    moves = ops->moves ? ops->moves(v) : 0;
    for (double t = 0; t < RT_SECONDS && !ops->over(v) && n < RT_SAVES; t += 1.0 / 60) {
        int now;
        long now_moves;
        ops->update(v, sh, 1.0 / 60);
        since += 1.0 / 60;
        now = ops->round ? ops->round(v) : 0;
        now_moves = ops->moves ? ops->moves(v) : 0;
        if ((now != round || now_moves != moves || since >= TABLE_SAVE_EVERY) && ops->begun(v) && !ops->over(v)) {
            if (rt_save(sh, ops, v, &m, &mark, &text_ms[n], &write_ms[n], &bytes, &piece[n]) != 0) {
                fprintf(stderr, "bench saves: speedstax: the save failed: %s\n", store_error(shell_store(sh)));
                rc = -1;
                break;
            }
            biggest = n > 0 && piece[n] > biggest ? piece[n] : biggest; /* the first is the whole record */
            n++;
            round = now;
            moves = now_moves;
            since = 0;
        }
    }
    report("save_text_ms speedstax", "(every move, round and 5 s: snapshot + record piece)", text_ms, n, bytes);
    report("save_write_ms speedstax", "(every move, round and 5 s: snapshot + record piece)", write_ms, n, bytes);
    printf("speedstax record pieces: %d saves, %ld moves, at most %zu bytes\n", n, moves, biggest);
    if (rc == 0 && m.history > 0 && !ops->over(v)) {
        /* Saved once more (as Save & quit would), then read back as the
         * history's Replay reads it: the body with its pieces laid is the tape. */
        match_info mi;
        char *body = NULL, *whole = ops->record_text(v);
        double t0, spare[2];
        size_t spare_n[2];
        int got = rt_save(sh, ops, v, &m, &mark, &spare[0], &spare[1], &spare_n[0], &spare_n[1]);
        t0 = now_ms();
        got = got == 0 ? history_get(shell_store(sh), m.history, &mi, &body) : -1;
        printf("speedstax kept record read back (%d pieces laid): %.3f ms, %zu bytes, %s\n", n, now_ms() - t0,
               body ? strlen(body) : 0, got == 0 && whole && !strcmp(body, whole) ? "the whole tape" : "NOT the tape");
        rc = got == 0 && whole && !strcmp(body, whole) ? 0 : -1;
        free(body);
        free(whole);
    }
    if (rc == 0 && !ops->over(v)) {
        double t0 = now_ms(), t1;
        char *text = ops->save_text(v);
        t1 = now_ms();
        if (text && table_save_text(sh, &m, g->id, text) == 0)
            printf("save & quit speedstax (with its tape): text %.3f write %.3f ms (%zu bytes)\n", t1 - t0,
                   now_ms() - t1, strlen(text));
        free(text);
    }
    ops->destroy(v);
    return rc;
}

int bench_saves_run(void)
{
    static const shell_host host = {.seed = bench_seed};
    static settings st;
    static input in;
    char dir[] = "/tmp/stackhouse-bench-saves-XXXXXX", path[128], err[600], cmd[200];
    shell_parts parts = {.settings = &st, .in = &in};
    shell *sh;
    int rc = 0;
    if (!mkdtemp(dir)) {
        perror("stackhouse: bench saves: mkdtemp");
        return 2;
    }
    snprintf(path, sizeof path, "%s/stackhouse.db", dir);
    settings_defaults(&st);
    memset(&in, 0, sizeof in);
    parts.db = store_open(path, err, sizeof err);
    if (!parts.db || !(sh = shell_create(&host, &parts))) {
        fprintf(stderr, "stackhouse: bench saves: %s\n", err);
        return 2;
    }
    printf("store %s (WAL, synchronous=NORMAL)\n", path);
    for (int i = 0; i < registry_count() && rc == 0; i++) {
        const game_info *g = registry_get(i);
        const table_mode *t = modes_find(g->id);
        if (t && t->turns && g->rules)
            rc = bench_turns(sh, g);
    }
    if (rc == 0)
        rc = bench_realtime(sh);
    shell_destroy(sh);
    store_close(parts.db);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "stackhouse: bench saves: could not remove %s\n", dir);
    return rc == 0 ? 0 : 2;
}
