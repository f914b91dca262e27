/* Every match kept as it is played (#28), on the game binary under its own
 * Xvfb, read back from the database the game wrote:
 * - STAX started from the picker and setup by mouse, then Save & quit: a
 *   playing row with its computers, which the save names;
 * - a whole STAX game by controller is one finished row: both seats, the
 *   score screen's headline, places as the rules rank them, and a body that
 *   replays to the last position the table traced;
 * - a whole SPEEDSTAX match (a person and a computer): finished, its body
 *   (the whole tape) re-simulated to the same standings;
 * - Save & quit keeps the row playing and the save names it; resuming goes
 *   on in it; a new match over the save marks it abandoned;
 * - killed with SIGKILL mid-match: a playing row with every move traced;
 *   SPEEDSTAX killed in round 2: a playing row whose body is its tape to
 *   the last move (the last save), the match the save resumes;
 * - each finished match exported as a match file, read and imported whole. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "app/history.h"
#include "app/stats.h"
#include "core/record.h"
#include "games/maxstax/rules/maxstax_bot.h"
#include "games/maxstax/rules/maxstax_cards.h"
#include "games/maxstax/rules/maxstax_match.h"
#include "games/maxstax/rules/maxstax_tape.h"
#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"
#define ROWS 8

static char *play(const char *pref, const char *scene_args, const char *script)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, pref, scene_args, script);
    assert_non_null(t); /* the game exited 0 */
    return t;
}

static store *open_pref(const char *pref)
{
    char path[450], err[300];
    store *db;
    snprintf(path, sizeof path, "%s/%s/stackhouse.db", testenv_game_tmp(), pref);
    db = store_open(path, err, sizeof err);
    assert_non_null(db);
    return db;
}

/* The matches pref's game kept, newest first; how many. */
static int kept(const char *pref, history_row *rows)
{
    store *db = open_pref(pref);
    int n = history_list(db, NULL, 0, ROWS, rows);
    store_close(db);
    assert_true(n >= 0);
    return n;
}

/* Match id's body into *body (caller frees). */
static void body_of(const char *pref, int64_t id, char **body)
{
    /* an out parameter, not a returned local whose address history_get
     * took: GCC 12's -Wdangling-pointer took the latter for a pointer to
     * the local itself once inlined (a Release build's false alarm) */
    store *db = open_pref(pref);
    match_info mi;
    *body = NULL;
    assert_int_equal(history_get(db, id, &mi, body), 0);
    store_close(db);
}

/* A turn-based body replayed to its cursor: the position's text, its
 * result (ranks) and its moves. */
static int replay_body(const char *body, char *pos, size_t n, game_result *res)
{
    game_record rec;
    char err[200];
    void *st;
    int moves;
    memset(&rec, 0, sizeof rec);
    assert_int_equal(record_read(&rec, body, err, sizeof err), 0);
    st = calloc(1, record_rules(&rec)->state_size);
    assert_non_null(st);
    assert_int_equal(record_replay(&rec, rec.cursor, st, err, sizeof err), 0);
    assert_true(record_rules(&rec)->position_write(st, pos, n) >= 0);
    if (res)
        record_rules(&rec)->result(st, res);
    moves = rec.cursor;
    free(st);
    record_free(&rec);
    return moves;
}

/* Match id of pref exported as a match file, read back, and imported into
 * a fresh database: the same header and body there. */
static void export_import(const char *pref, int64_t id)
{
    store *db = open_pref(pref), *fresh;
    char *text = NULL, *body = NULL, *body2 = NULL, err[300], path[450];
    match_info mi, back;
    int64_t id2;
    assert_int_equal(history_text(db, id, &text), 0);
    assert_int_equal(history_get(db, id, &mi, &body), 0);
    store_close(db);
    snprintf(path, sizeof path, "%s/%s-import.db", testenv_game_tmp(), pref);
    fresh = store_open(path, err, sizeof err);
    assert_non_null(fresh);
    if (history_import(fresh, text, &id2, err, sizeof err) != 0)
        fprintf(stderr, "%s: import: %s\n", pref, err);
    assert_int_equal(history_get(fresh, id2, &back, &body2), 0);
    assert_string_equal(body2, body);
    assert_string_equal(back.mode, mi.mode);
    assert_int_equal(back.status, mi.status);
    assert_string_equal(back.result, mi.result);
    for (int i = 0; i < mi.params.players; i++) {
        assert_string_equal(back.seat[i].name, mi.seat[i].name);
        assert_int_equal(back.seat[i].place, mi.seat[i].place);
        assert_int_equal(back.seat[i].score, mi.seat[i].score);
    }
    store_close(fresh);
    free(text);
    free(body);
    free(body2);
}

static void test_stax_whole_game_kept(void **state)
{
    history_row rows[ROWS];
    char last[2048], pos[2048], head[128], *t, *body;
    game_result res;
    (void)state;
    t = play("whole", "--scene table --game stax --seats human,human", "stax_whole_game");
    assert_int_equal(testenv_line_after(t, "stax position ", 1, last, sizeof last), 0);
    assert_int_equal(testenv_line_after(t, "score headline ", 1, head, sizeof head), 0);
    free(t);

    assert_int_equal(kept("whole", rows), 1);
    assert_string_equal(rows[0].info.mode, "stax");
    assert_int_equal(rows[0].info.status, MATCH_FINISHED);
    assert_int_equal(rows[0].info.params.players, 2);
    assert_string_equal(rows[0].info.result, head);
    assert_true(rows[0].info.reason[0] != 0);
    assert_true(rows[0].info.ended >= rows[0].info.started && rows[0].info.started > 0);
    assert_true(rows[0].info.played_ms > 0);
    for (int i = 0; i < 2; i++) {
        assert_string_equal(rows[0].info.seat[i].name, "Human");
        assert_int_equal(rows[0].info.seat[i].level, 0);
    }
    /* The body is the record: replayed, the table's last position and the rules' ranks. */
    body_of("whole", rows[0].id, &body);
    assert_int_equal(replay_body(body, pos, sizeof pos, &res), rows[0].info.moves);
    free(body);
    assert_string_equal(pos, last);
    assert_int_equal(res.status, GAME_OVER);
    for (int i = 0; i < 2; i++)
        assert_int_equal(rows[0].info.seat[i].place, res.rank[i]);
    export_import("whole", rows[0].id);
}

static void test_speedstax_match_kept(void **state)
{
    history_row rows[ROWS];
    maxstax_deck deck;
    maxstax_tape *tape;
    maxstax_match *m;
    char err[200], *t, *body;
    const char *tp;
    int score[SPEEDSTAX_MAX_PLAYERS], rank[SPEEDSTAX_MAX_PLAYERS];
    (void)state;
    t = play("speed", "--scene table --game speedstax --seats human,easy --position 'round=3 compose=0:99'",
             "speedstax_match");
    assert_non_null(strstr(t, "speedstax round 5 over: 0 0 0 0 (match over)\n"));
    free(t);

    assert_int_equal(kept("speed", rows), 1);
    assert_string_equal(rows[0].info.mode, "speedstax");
    assert_int_equal(rows[0].info.status, MATCH_FINISHED);
    assert_string_equal(rows[0].info.seat[0].name, "Human");
    assert_string_equal(rows[0].info.seat[1].name, "Computer (Easy)");
    assert_int_equal(rows[0].info.seat[1].level, 1);
    /* Seat 1 called the first round's card and held it: 2 points, first. */
    assert_int_equal(rows[0].info.seat[0].place, 0);
    assert_int_equal(rows[0].info.seat[0].score, 2);
    assert_int_equal(rows[0].info.seat[1].place, 1);
    assert_true(rows[0].info.played_ms >= 15000); /* five 3-second rounds at least */
    {
        /* Seat 1's best: the held call on the composed card, inside its 3-second round. */
        history_filter flt;
        stats_summary st;
        store *db = open_pref("speed");
        memset(&flt, 0, sizeof flt);
        snprintf(flt.player, sizeof flt.player, "Human");
        snprintf(flt.mode, sizeof flt.mode, "speedstax");
        assert_int_equal(stats_compute(db, &flt, &st), 0);
        assert_int_equal(st.played, 1);
        assert_int_equal(st.won, 1);
        fprintf(stderr, "speedstax: seat 1's best %d ms\n", st.best_ms);
        assert_true(st.best_ms > 0 && st.best_ms < 3000);
        snprintf(flt.player, sizeof flt.player, "Computer (Easy)");
        assert_int_equal(stats_compute(db, &flt, &st), 0);
        assert_int_equal(st.best_ms, 0); /* it never finished a card */
        store_close(db);
    }

    /* The body is the whole tape (a finished match has no save to resume):
     * re-simulated, the same standings. */
    body_of("speed", rows[0].id, &body);
    tp = strncmp(body, MAXSTAX_TAPE_HEADER " ", strlen(MAXSTAX_TAPE_HEADER) + 1) == 0 ? body : NULL;
    assert_non_null(tp);
    tape = maxstax_tape_read(tp, err, sizeof err);
    if (!tape)
        fprintf(stderr, "tape: %s\n", err);
    assert_non_null(tape);
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    m = maxstax_tape_play(tape, &deck, err, sizeof err);
    assert_non_null(m);
    assert_true(maxstax_match_over(m));
    maxstax_match_standings(m, score, rank);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(rank[i], rows[0].info.seat[i].place);
        assert_int_equal(score[i], rows[0].info.seat[i].score);
    }
    maxstax_match_free(m);
    maxstax_tape_free(tape);
    free(body);
    export_import("speed", rows[0].id);
}

static void test_quit_resume_then_abandoned(void **state)
{
    history_row rows[ROWS];
    char *t, *text = NULL, line[32];
    int moves;
    (void)state;
    /* A move, the computer's answer, Save & quit: the row plays on, the save names it. */
    t = play("aband", "--scene table --game stax --seats human,easy", "stax_quit");
    free(t);
    assert_int_equal(kept("aband", rows), 1);
    assert_int_equal(rows[0].info.status, MATCH_PLAYING);
    moves = rows[0].info.moves;
    assert_true(moves >= 2);
    assert_int_equal(testenv_saved("aband", "stax", &text), 0);
    snprintf(line, sizeof line, "\nhistory %lld\n", (long long)rows[0].id);
    assert_non_null(strstr(text, line));
    free(text);

    /* Resumed from setup as a player would, and left: the same row, still playing. */
    t = play("aband", "--scene setup --game stax", "resume_saved");
    assert_non_null(strstr(t, "scene table\n"));
    free(t);
    assert_int_equal(kept("aband", rows), 1);
    assert_int_equal(rows[0].info.status, MATCH_PLAYING);
    assert_int_equal(testenv_saved("aband", "stax", &text), 0);
    assert_non_null(strstr(text, line));
    free(text);

    /* A new match over the save: once it is kept, the old one can never be resumed. */
    t = play("aband", "--scene table --game stax --seats easy,easy", "stax_watch");
    free(t);
    assert_int_equal(kept("aband", rows), 2);
    assert_int_equal(rows[1].info.status, MATCH_ABANDONED);
    assert_int_equal(rows[1].info.moves, moves);
    assert_true(rows[1].info.ended > 0);
    assert_true(rows[0].info.status != MATCH_ABANDONED);
    assert_string_equal(rows[0].info.seat[0].name, "Computer (Easy)");
}

/* Lines of the trace that start "stax position ". */
static int positions(const char *t, char *last, size_t n)
{
    int count = 0;
    for (const char *p = strstr(t, "stax position "); p; p = strstr(p + 1, "stax position ")) {
        if (p != t && p[-1] != '\n')
            continue;
        count++;
        if (last)
            snprintf(last, n, "%.*s", (int)strcspn(p + 14, "\n"), p + 14);
    }
    return count;
}

/* Runs the game on args with a trace (pref's folder) until the trace holds
 * at least n lines starting with word (up to 5 minutes), then kills it with
 * SIGKILL: no leave, no atexit, only what was committed. The trace after. */
static char *run_and_kill(const char *pref, const char *args, const char *word, int n)
{
    char trace[400], cmd[1400], *t = NULL;
    pid_t pid;
    int status;
    snprintf(trace, sizeof trace, "%s/%s.trace", testenv_game_tmp(), pref);
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/%s && cd / && STACKHOUSE_PREF_DIR=%s/%s exec %s %s --frames 100000 --window 800x600 "
             "--trace %s >/dev/null 2>&1",
             testenv_game_tmp(), pref, testenv_game_tmp(), pref, GAME, args, trace);
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    for (int waited = 0; waited < 15000; waited++) {
        int count = 0;
        free(t);
        t = testenv_slurp(trace);
        for (const char *p = strstr(t, word); p; p = strstr(p + 1, word))
            count += p == t || p[-1] == '\n';
        if (count >= n)
            break;
        testenv_sleep_ms(20);
    }
    assert_int_equal(kill(pid, SIGKILL), 0);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    free(t);
    return testenv_slurp(trace);
}

static void test_killed_mid_match(void **state)
{
    char last[2048], pos[2048], *t, *body;
    history_row rows[ROWS];
    int traced;
    (void)state;
    /* The opening position, then six moves. */
    t = run_and_kill("killed", "--scene table --game stax --seats easy,easy", "stax position ", 7);
    traced = positions(t, last, sizeof last) - 1;
    free(t);
    assert_true(traced >= 6);

    /* Each move is kept before it is traced: every traced move is there,
     * and at most the one being played as the kill came beyond it. */
    assert_int_equal(kept("killed", rows), 1);
    assert_int_equal(rows[0].info.status, MATCH_PLAYING);
    fprintf(stderr, "killed after %d traced moves; the history holds %d\n", traced, rows[0].info.moves);
    assert_true(rows[0].info.moves == traced || rows[0].info.moves == traced + 1);
    body_of("killed", rows[0].id, &body);
    assert_int_equal(replay_body(body, pos, sizeof pos, NULL), rows[0].info.moves);
    free(body);
    if (rows[0].info.moves == traced)
        assert_string_equal(pos, last);
}

/* The player's own path: STAX from the picker, seat 1 made a computer in
 * setup, Start, ten seconds of play, Menu > Save & quit. */
static void test_picker_path_kept(void **state)
{
    history_row rows[ROWS];
    char *t, *text = NULL, want[64];
    (void)state;
    t = play("picker", "--scene picker", "history_picker");
    assert_non_null(strstr(t, "match stax players 2 seats medium,medium"));
    free(t);
    assert_int_equal(kept("picker", rows), 1);
    assert_string_equal(rows[0].info.mode, "stax");
    assert_int_equal(rows[0].info.status, MATCH_PLAYING);
    for (int i = 0; i < 2; i++) {
        assert_string_equal(rows[0].info.seat[i].name, "Computer (Medium)");
        assert_int_equal(rows[0].info.seat[i].level, 2);
    }
    assert_true(rows[0].info.moves >= 1);
    /* The save and the row agree: the same moves, and the save names the row. */
    assert_int_equal(testenv_saved("picker", "stax", &text), 0);
    snprintf(want, sizeof want, "\nhistory %lld\n", (long long)rows[0].id);
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, "\ncursor %d\n", rows[0].info.moves);
    assert_non_null(strstr(text, want));
    free(text);
}

/* The last "<word><rest>" line's rest in trace t (its note), into buf; how many there are. */
static int last_line(const char *t, const char *word, char *buf, size_t n)
{
    int count = 0;
    buf[0] = 0;
    for (const char *p = strstr(t, word); p; p = strstr(p + 1, word))
        if (p == t || p[-1] == '\n') {
            count++;
            snprintf(buf, n, "%.*s", (int)strcspn(p + strlen(word), "\n"), p + strlen(word));
        }
    return count;
}

/* Real time, killed mid-round (#28: "a crash loses at most the last move"):
 * SPEEDSTAX between two computers is saved at every move (a block let go, a
 * claim) as well as every round's start and 5 s; killed in round 2 after its
 * third save there (its start's, its stacking's start, then a move's or 5 s
 * on), the history's row is playing and its body is the tape,
 * kept to where the last save was: its ticks are the header's, it reads and
 * plays to round 2 at or past the last traced save's tick, and played to its
 * end it is the match the save (written in the same transaction) resumes.
 * Resumed, the row's tape goes on from there: the whole match, from its start. */
/* Where a kept body's tape begins: the body itself, or after the save in
 * front of it. */
static size_t tape_at(const char *text)
{
    const char *s;
    if (strncmp(text, MAXSTAX_TAPE_HEADER " ", strlen(MAXSTAX_TAPE_HEADER) + 1) == 0)
        return 0;
    s = strstr(text, "\n" MAXSTAX_TAPE_HEADER " ");
    if (!s)
        fail_msg("the kept body holds no tape");
    return (size_t)(s - text) + 1;
}

static void test_killed_mid_speedstax(void **state)
{
    history_row rows[ROWS];
    maxstax_tape *tape;
    maxstax_deck deck;
    maxstax_match *m, *saved;
    char err[200], note[300], *t, *body, *text = NULL, *a, *b;
    const char *bots;
    size_t at;
    int round, tick, saves;
    (void)state;
    t = run_and_kill("killed_rt", "--scene table --game speedstax --seats easy,easy --position round=8",
                     "speedstax autosaved: round 2 ", 3);
    assert_non_null(strstr(t, "speedstax round 1 over"));
    saves = last_line(t, "speedstax autosaved: ", note, sizeof note);
    free(t);
    assert_int_equal(sscanf(note, "round %d tick %d", &round, &tick), 2);
    assert_int_equal(round, 2);
    assert_int_equal(kept("killed_rt", rows), 1);
    assert_int_equal(rows[0].info.status, MATCH_PLAYING);
    assert_true(rows[0].info.played_ms > 0);
    body_of("killed_rt", rows[0].id, &body);
    at = tape_at(body);
    tape = maxstax_tape_read(body + at, err, sizeof err);
    if (!tape)
        fail_msg("the kept tape does not read: %s", err);
    /* The header's ticks are the body's. */
    assert_int_equal(maxstax_tape_ticks(tape), rows[0].info.moves);
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    m = maxstax_tape_play(tape, &deck, err, sizeof err);
    if (!m)
        fail_msg("the kept tape does not play: %s", err);
    fprintf(stderr, "speedstax killed after %d saves, the last at round %d tick %d; the history's tape ends at round %d tick %ld\n",
            saves, round, tick, maxstax_match_rounds(m)->round, maxstax_match_rounds(m)->tick);
    /* Round 2 up to the last save traced (or one more, committed as the kill came). */
    assert_int_equal(maxstax_match_rounds(m)->round, 2);
    assert_true(maxstax_match_rounds(m)->tick >= tick);
    /* ...and it is where the save is: the match Resume would go on from. */
    assert_int_equal(testenv_saved("killed_rt", "speedstax", &text), 0);
    assert_non_null(strstr(text, "\nstackhouse-maxstax "));
    saved = maxstax_bots_load_match(strstr(text, "\nstackhouse-maxstax ") + 1, &deck, &bots, err, sizeof err);
    if (!saved)
        fail_msg("the save does not load: %s", err);
    a = maxstax_match_save(saved);
    b = maxstax_match_save(m);
    assert_string_equal(a, b);
    free(a);
    free(b);
    free(text);
    maxstax_match_free(saved);
    maxstax_match_free(m);
    /* Resumed from that save (which holds no tape), the match goes on in the
     * same row, and its tape still starts at the match's start: what was
     * played before the kill, then the resume's load, then what came after. */
    {
        long before = maxstax_tape_ticks(tape);
        char *tt = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "killed_rt", "--scene setup --game speedstax",
                                       "resume_saved");
        assert_non_null(tt);
        assert_non_null(strstr(tt, "speedstax resumed: "));
        free(tt);
        char *again;
        maxstax_tape_free(tape);
        free(body);
        assert_int_equal(kept("killed_rt", rows), 1);
        body_of("killed_rt", rows[0].id, &again);
        assert_int_equal(strncmp(again, MAXSTAX_TAPE_HEADER " ", strlen(MAXSTAX_TAPE_HEADER) + 1), 0);
        assert_non_null(strstr(again, "\nstart new\n"));
        assert_non_null(strstr(again, "\nload "));
        tape = maxstax_tape_read(again, err, sizeof err);
        if (!tape)
            fail_msg("the resumed tape does not read: %s", err);
        assert_true(maxstax_tape_ticks(tape) > before);
        assert_int_equal(maxstax_tape_ticks(tape), rows[0].info.moves);
        m = maxstax_tape_play(tape, &deck, err, sizeof err);
        if (!m)
            fail_msg("the resumed tape does not play: %s", err);
        fprintf(stderr, "resumed: the history's tape holds %ld ticks, %ld of them before the kill\n",
                maxstax_tape_ticks(tape), before);
        maxstax_match_free(m);
        free(again);
    }
    maxstax_tape_free(tape);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_picker_path_kept),
        cmocka_unit_test(test_stax_whole_game_kept),
        cmocka_unit_test(test_speedstax_match_kept),
        cmocka_unit_test(test_quit_resume_then_abandoned),
        cmocka_unit_test(test_killed_mid_match),
        cmocka_unit_test(test_killed_mid_speedstax),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
