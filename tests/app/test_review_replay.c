/* The review on the replay screen (#28), on the player's path: `stackhouse
 * --replay FILE` driven by input scripts through real SDL events. By mouse
 * and by controller alone, Review runs the review in the background (its
 * progress traced), and on the composed STAX match whose first move is a
 * known blunder (the tall stack stepped into a capture) the board then
 * shows the capture-avoiding move; the forced reply shows nothing. Cancel
 * review stops a long review early. In-process, over a real store: a kept
 * match's review is stored when it finishes and read back the next time
 * its replay opens, so it is computed once. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL.h>
#include <SDL_image.h>

#include "app/history.h"
#include "app/input.h"
#include "core/ai.h"
#include "core/matchfile.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/review.h"
#include "scenes/replay.h"
#include "scenes/replay_review.h"
#include "shell/settings.h"
#include "shell/shell.h"
#include "shell/trace.h"
#include "testenv.h"

#include "../core/review_fixture.h"
#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"


/* A STAX match's header for body of moves moves. */
static void stax_info(match_info *mi, int moves)
{
    memset(mi, 0, sizeof *mi);
    snprintf(mi->mode, sizeof mi->mode, "stax");
    registry_params_default(registry_find("stax"), &mi->params, 2);
    snprintf(mi->seat[0].name, sizeof mi->seat[0].name, "Anna");
    snprintf(mi->seat[1].name, sizeof mi->seat[1].name, "Computer (Easy)");
    mi->seat[1].level = AI_EASY;
    mi->seat[0].place = mi->seat[1].place = -1;
    mi->seed = 5;
    mi->started = 1795756375;
    mi->status = MATCH_PLAYING;
    mi->moves = moves;
}

/* A STAX match record of moves moves by the easy computer (malloc'd text). */
static char *easy_record(int moves)
{
    const game_rules *g = registry_find("stax")->rules;
    game_params p;
    game_record rec;
    char err[256];
    game_params_default(g, &p, 2);
    memset(&rec, 0, sizeof rec);
    assert_int_equal(record_init(&rec, "stax", &p, 5, err, sizeof err), 0); /* the header's seed */
    void *st = malloc(g->state_size);
    assert_int_equal(record_replay(&rec, 0, st, err, sizeof err), 0);
    for (int k = 0; k < moves && g->current_player(st) >= 0; k++) {
        game_move m;
        assert_int_equal(ai_choose(g, st, AI_EASY, (uint64_t)k, &m), 0);
        assert_int_equal(record_play(&rec, st, &m, err, sizeof err), 0);
    }
    char *text = record_write(&rec);
    record_free(&rec);
    free(st);
    return text;
}

/* Writes the match file of body to tmp/name and returns "--replay PATH". */
static const char *match_args(const char *name, const char *body, int moves)
{
    static char args[512];
    char path[400];
    match_info mi;
    stax_info(&mi, moves);
    char *file = match_file_write(&mi, body);
    assert_non_null(file);
    snprintf(path, sizeof path, "%s/%s.match", testenv_game_tmp(), name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(file, f);
    fclose(f);
    free(file);
    snprintf(args, sizeof args, "--replay %s", path);
    return args;
}

static void expect_in_order(const char *t, const char *const *want, int n)
{
    const char *missing = testenv_missing_in_order(t, want, n);
    if (missing)
        fail_msg("trace lacks, in order: %s\n%s", missing, t);
}

/* Pixels of colour c (within a few levels) in the rows from y0 down of the PNG at path. */
static int count_color(const char *path, int y0, int r, int g, int b)
{
    SDL_Surface *img = IMG_Load(path), *rgb;
    int n = 0;
    if (!img)
        fail_msg("no screenshot %s", path);
    rgb = SDL_ConvertSurfaceFormat(img, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(img);
    for (int y = y0; y < rgb->h; y++)
        for (int x = 0; x < rgb->w; x++) {
            const uint8_t *p = (const uint8_t *)rgb->pixels + y * rgb->pitch + x * 4;
            n += abs(p[0] - r) < 6 && abs(p[1] - g) < 6 && abs(p[2] - b) < 6;
        }
    SDL_FreeSurface(rgb);
    return n;
}

static void test_review_by_mouse(void **state)
{
    static const char *const want[] = {"replay at 0/2\n", "review start 2\n", "review progress 2/2\n",
                                       "review done 2 marks 1\n", "review shows ", "replay at 1/2\n"};
    (void)state;
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "mouse", match_args("tall", review_tall_record, 2),
                                  "review_mouse");
    assert_non_null(t);
    expect_in_order(t, want, 6);
    /* the move shown is Red's at the start, and not the blunder */
    char shown[64];
    assert_int_equal(testenv_line_after(t, "review shows ", 0, shown, sizeof shown), 0);
    assert_string_not_equal(shown, "c3-d4");
    assert_true(strcmp(shown, "h2-g3") == 0 || strcmp(shown, "c3-b4") == 0);
    /* the forced capture after it shows nothing; nothing is stored for a file */
    assert_null(strstr(strstr(t, "replay at 1/2"), "review shows"));
    assert_null(strstr(t, "review stored"));
    free(t);
    /* the graph under the board: the blunder's red dot (a disc about 20 px
     * across at 720p), and no mistake's orange, for there is none */
    char png[400];
    snprintf(png, sizeof png, "%s/review_mouse.png", testenv_game_tmp());
    int red = count_color(png, 720 / 2, 184, 50, 44), orange = count_color(png, 720 / 2, 230, 159, 0);
    print_message("blunder dot %d px, mistake dots %d px\n", red, orange);
    assert_true(red > 150);
    assert_int_equal(orange, 0);
}

static void test_review_by_controller(void **state)
{
    static const char *const want[] = {"focus replay replay_review\n", "review start 2\n", "review done 2 marks 1\n",
                                       "review shows ", "replay at 1/2\n"};
    (void)state;
    char *t =
        TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "pad", match_args("tall", review_tall_record, 2), "review_pad");
    assert_non_null(t);
    expect_in_order(t, want, 5);
    free(t);
}

static void test_review_cancelled(void **state)
{
    static const char *const want[] = {"review start 60\n", "review cancel\n", "review cancelled\n"};
    (void)state;
    char *body = easy_record(60);
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "cancel", match_args("long", body, 60),
                                  "review_cancel");
    assert_non_null(t);
    expect_in_order(t, want, 3);
    assert_null(strstr(t, "review done"));
    free(t);
    free(body);
}

/* A shell with no window over a real store. */
static shell *store_shell(store *db)
{
    static const shell_host host = {0};
    static settings st;
    static input in;
    shell_parts parts = {.settings = &st, .in = &in, .db = db};
    settings_defaults(&st);
    memset(&in, 0, sizeof in);
    shell *sh = shell_create(&host, &parts);
    assert_non_null(sh);
    return sh;
}

static void send(scene *s, shell *sh, action act)
{
    action_event ev;
    memset(&ev, 0, sizeof ev);
    ev.act = act;
    ev.dev = DEV_PAD;
    s->input(s, sh, &ev);
}

/* The replay of kept match id, with its review attached as the history attaches it. */
static scene *open_kept(shell *sh, const match_info *mi, int64_t id)
{
    char err[256];
    scene *s = replay_scene_create(sh, mi, review_tall_record, err, sizeof err);
    if (!s)
        fail_msg("replay: %s", err);
    assert_int_equal(replay_review_attach(s, sh, review_tall_record, id), 0);
    s->enter(s, sh);
    s->update(s, sh, 1.0 / 60);
    return s;
}

static void test_review_stored_once(void **state)
{
    (void)state;
    char path[400], err[256], *text = NULL, trace_path[400];
    snprintf(path, sizeof path, "%s/kept.db", testenv_game_tmp());
    snprintf(trace_path, sizeof trace_path, "%s/kept.trace", testenv_game_tmp());
    store *db = store_open(path, err, sizeof err);
    assert_non_null(db);
    match_info mi;
    int64_t id;
    stax_info(&mi, 2);
    assert_int_equal(history_begin(db, &mi, review_tall_record, &id), 0);
    assert_int_equal(history_review_get(db, id, &text), 1); /* none yet */
    FILE *tf = fopen(trace_path, "w");
    assert_non_null(tf);
    trace_to(tf);
    shell *sh = store_shell(db);

    /* Review by the controller: along the bar to Review (Play, Step on, End, Speed, Review), A. */
    scene *s = open_kept(sh, &mi, id);
    for (int k = 0; k < 4; k++)
        send(s, sh, ACT_RIGHT);
    send(s, sh, ACT_ACCEPT);
    for (int k = 0; k < 6000 && history_review_get(db, id, &text) != 0; k++) {
        s->update(s, sh, 1.0 / 60);
        SDL_Delay(10);
    }
    assert_non_null(text);
    review rv;
    memset(&rv, 0, sizeof rv);
    assert_int_equal(review_read(&rv, text, err, sizeof err), 0);
    assert_int_equal(rv.n, 2);
    assert_int_equal(rv.moves[0].mark, REVIEW_BLUNDER);
    review_free(&rv);
    free(text);
    s->leave(s, sh);

    /* Opened again: the stored review, no second run. */
    s = open_kept(sh, &mi, id);
    for (int k = 0; k < 4; k++)
        send(s, sh, ACT_RIGHT);
    send(s, sh, ACT_ACCEPT); /* "Reviewed": nothing to start */
    for (int k = 0; k < 10; k++)
        s->update(s, sh, 1.0 / 60);
    s->leave(s, sh);
    trace_to(NULL);
    fclose(tf);
    char *t = testenv_slurp(trace_path);
    static const char *const want[] = {"review start 2\n", "review done 2 marks 1\n", "review stored\n",
                                       "review loaded 2 moves\n"};
    expect_in_order(t, want, 4);
    const char *again = strstr(t, "review loaded");
    assert_null(strstr(again, "review start"));
    free(t);
    shell_destroy(sh);
    store_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_review_stored_once),
        cmocka_unit_test(test_review_by_mouse),
        cmocka_unit_test(test_review_by_controller),
        cmocka_unit_test(test_review_cancelled),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
