/* The midend's move log and the foundations every table shares: the log
 * built move by move equals the one rebuilt from the record (undo and redo
 * rebuild it), it keeps the newest lines, a view without words logs the
 * notation; each seat has one colour and one shape; the Computer pace
 * setting names its values; the hint bar words controls per device. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/registry.h"
#include "core/seat.h"
#include "shell/settings.h"
#include "table/table_log.h"
#include "ui/hints.h"

/* Words that name the mover's move by its notation, to tell them from the fallback. */
static void words(const void *before, const game_move *m, char *buf, size_t n)
{
    char text[RECORD_MOVE_LEN];
    const game_rules *g = registry_find("stax")->rules;
    g->move_write(before, m, text, sizeof text);
    snprintf(buf, n, "moved %s", text);
}

/* Plays n legal moves of game id (the first legal move each time) into rec,
 * logging each into lg as the midend does; returns the moves played. */
static int play_some(const char *id, game_record *rec, table_log *lg, table_describe_fn fn, int n)
{
    const game_info *gi = registry_find(id);
    const game_rules *g = gi->rules;
    game_params p;
    char err[200];
    void *st = calloc(1, g->state_size), *before = calloc(1, g->state_size);
    game_move moves[512];
    int played = 0;
    registry_params_default(gi, &p, 2);
    assert_int_equal(record_init(rec, id, &p, 7, err, sizeof err), 0);
    assert_int_equal(record_replay(rec, 0, st, err, sizeof err), 0);
    table_log_clear(lg);
    while (played < n && g->current_player(st) >= 0) {
        int k = g->legal_moves(st, moves, 512);
        assert_true(k > 0);
        memcpy(before, st, g->state_size);
        table_log_add(lg, fn, g, before, &moves[played % k], g->current_player(before));
        assert_int_equal(record_play(rec, st, &moves[played % k], err, sizeof err), 0);
        played++;
    }
    free(st);
    free(before);
    return played;
}

static void test_log_rebuilds_as_played(void **state)
{
    game_record rec;
    table_log *live = calloc(1, sizeof *live), *again = calloc(1, sizeof *again);
    const game_rules *g = registry_find("stax")->rules;
    void *scratch = calloc(1, g->state_size);
    char err[200];
    int n = play_some("stax", &rec, live, words, 60);
    (void)state;
    assert_true(n > TABLE_LOG_LINES); /* the ring has wrapped */
    assert_int_equal(live->total, n);
    assert_int_equal(live->n, TABLE_LOG_LINES);
    assert_int_equal(table_log_rebuild(again, words, g, &rec, scratch), 0);
    assert_int_equal(again->total, live->total);
    assert_int_equal(again->n, live->n);
    for (int i = 0; i < live->n; i++) {
        int a = (live->first + i) % TABLE_LOG_LINES, b = (again->first + i) % TABLE_LOG_LINES;
        assert_string_equal(live->line[a], again->line[b]);
        assert_int_equal(live->seat[a], again->seat[b]);
        assert_true(!strncmp(live->line[a], "moved ", 6));
    }
    /* undo two moves: the rebuilt log ends two actions earlier */
    {
        void *st = calloc(1, g->state_size);
        assert_int_equal(record_replay(&rec, rec.cursor, st, err, sizeof err), 0);
        assert_int_equal(record_undo(&rec, st, err, sizeof err), 0);
        assert_int_equal(record_undo(&rec, st, err, sizeof err), 0);
        assert_int_equal(table_log_rebuild(again, words, g, &rec, scratch), 0);
        assert_int_equal(again->total, n - 2);
        free(st);
    }
    /* the two seats alternate in STAX's opening: the log says who moved */
    assert_int_equal(live->seat[live->first] != live->seat[(live->first + 1) % TABLE_LOG_LINES], 1);
    record_free(&rec);
    free(live);
    free(again);
    free(scratch);
}

static void test_log_without_words_uses_notation(void **state)
{
    game_record rec;
    table_log *lg = calloc(1, sizeof *lg);
    (void)state;
    assert_int_equal(play_some("stax", &rec, lg, NULL, 3), 3);
    for (int i = 0; i < lg->n; i++)
        assert_true(!strncmp(lg->line[i], "played ", 7) && strlen(lg->line[i]) > 7);
    assert_string_equal(lg->line[0] + 7, rec.moves[0]);
    record_free(&rec);
    free(lg);
}

static void test_seat_identity(void **state)
{
    const char *colours[] = {"Red", "Blue", "Green", "Gold"};
    const char *shapes[] = {"circle", "square", "triangle", "diamond"};
    char hex[8];
    (void)state;
    for (int s = 0; s < SEAT_IDENTITIES; s++) {
        assert_string_equal(seat_color_name(s), colours[s]);
        assert_string_equal(seat_shape_name(s), shapes[s]);
        assert_int_equal(strlen(seat_color_hex(s, hex)), 7);
        for (int o = 0; o < s; o++)
            assert_true(memcmp(seat_identity_of(s)->rgb, seat_identity_of(o)->rgb, 3) != 0);
    }
}

static void test_pace_setting(void **state)
{
    settings s;
    (void)state;
    settings_defaults(&s);
    assert_string_equal(settings_choice_label(SETTING_ai_pace, s.v[SETTING_ai_pace]), "Normal");
    settings_step(&s, SETTING_ai_pace, 1);
    assert_string_equal(settings_choice_label(SETTING_ai_pace, s.v[SETTING_ai_pace]), "Fast");
    settings_step(&s, SETTING_ai_pace, 1); /* a choice stops at its end */
    assert_string_equal(settings_choice_label(SETTING_ai_pace, s.v[SETTING_ai_pace]), "Fast");
    assert_null(settings_choice_label(SETTING_fullscreen, 0));
}

static void test_hint_vocabulary(void **state)
{
    ui_hint h[] = {{ACT_ACCEPT, "Land"}, {UI_HINT_LEFTRIGHT, "Column"}, {ACT_ALT, NULL}, {ACT_BACK, "Menu"}};
    char buf[160];
    (void)state;
    assert_string_equal(ui_hint_words(DEV_PAD, h, 4, buf, sizeof buf),
                        "(A) Land  \xc2\xb7  \xe2\x97\x80\xe2\x96\xb6 Column  \xc2\xb7  (B) Menu");
    assert_string_equal(ui_hint_words(DEV_KEYBOARD, h, 4, buf, sizeof buf),
                        "Enter Land  \xc2\xb7  \xe2\x86\x90\xe2\x86\x92 Column  \xc2\xb7  Esc Menu");
    assert_string_equal(ui_hint_words(DEV_MOUSE, h, 1, buf, sizeof buf), "Click Land");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_log_rebuilds_as_played),
        cmocka_unit_test(test_log_without_words_uses_notation),
        cmocka_unit_test(test_seat_identity),
        cmocka_unit_test(test_pace_setting),
        cmocka_unit_test(test_hint_vocabulary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
