/* The list of modes and the table midend without a window: every row with a
 * view has its core row and rules; a new match takes its seed from the app's
 * injected seed source; the table midend plays, undoes and redoes through a
 * view's callbacks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app/input.h"
#include "core/registry.h"
#include "table/modes.h"
#include "table/table.h"
#include "table/table_rt.h"
#include "shell/settings.h"
#include "shell/shell.h"
#include "table/table_store.h"

static uint64_t fixed_seed(void *ctx)
{
    (void)ctx;
    return 12345;
}

static void test_every_view_has_its_row(void **state)
{
    int views = 0;
    (void)state;
    for (int i = 0; i < registry_count(); i++) {
        const game_info *g = registry_get(i);
        const table_mode *t = modes_find(g->id);
        assert_non_null(g->rules_doc);
        assert_non_null(g->rules_tab);
        if (!t)
            continue;
        views++;
        assert_string_equal(t->id, g->id);
        /* A turn-based view needs the rules; a real-time one its real-time rules. */
        if (t->turns)
            assert_non_null(g->rules);
        else
            assert_true(g->kind == GAME_KIND_REALTIME && g->realtime && !strcmp(g->realtime->id, g->id));
        assert_true(modes_playable(g));
    }
    assert_true(views >= 5); /* STAX, 9 STAX and the three MAXSTAX modes at least */
    /* The three MAXSTAX modes share one real-time view, each with its own rules. */
    assert_non_null(modes_find("samestax"));
    assert_true(modes_playable(registry_find("swapstax")));
    assert_true(modes_find("samestax")->realtime == modes_find("speedstax")->realtime);
    assert_true(modes_find("swapstax")->realtime == modes_find("speedstax")->realtime);
    assert_true(registry_find("samestax")->realtime != registry_find("swapstax")->realtime);
    assert_null(registry_find("stax")->realtime);
}

/* Settings named by a mode's row exist, and are owned by that mode (its
 * rules tab labels them); house-wide settings belong to no mode. */
static void test_mode_settings(void **state)
{
    int owned = 0;
    (void)state;
    for (int i = 0; i < SETTING_COUNT; i++) {
        const setting_desc *d = settings_desc((setting_id)i);
        const game_info *g = modes_setting_owner(d->key);
        if (g) {
            owned++;
            assert_non_null(g->rules_tab);
        }
    }
    assert_int_equal(owned, 3);
    assert_string_equal(modes_setting_owner("maxstax_snap")->id, "speedstax");
    assert_string_equal(modes_setting_owner("maxstax_ghost")->rules_tab, "MAXSTAX");
    assert_string_equal(modes_setting_owner("nine_memory")->id, "9stax");
    assert_null(modes_setting_owner("fullscreen"));
    assert_null(modes_setting_owner("maxstax")); /* whole words only */
    assert_null(modes_setting_owner(""));
    assert_null(modes_setting_owner(NULL));
}

/* A shell with no app above it (no window), over default settings and no
 * input devices; its new matches take fixed_seed. */
static shell *bare_shell(void)
{
    static const shell_host host = {.seed = fixed_seed};
    static settings st;
    static input in;
    shell_parts parts = {.settings = &st, .in = &in};
    shell *sh;
    settings_defaults(&st);
    memset(&in, 0, sizeof in);
    sh = shell_create(&host, &parts);
    assert_non_null(sh);
    return sh;
}

static void test_seed_is_injected(void **state)
{
    /* The table takes its seed from the host. */
    shell *sh = bare_shell();
    match_setup m;
    scene *s;
    (void)state;
    /* Two computers: the table never waits for a person. */
    assert_int_equal(table_match_default(&m, registry_find("stax"), "easy,easy"), 0);
    s = modes_start(sh, &m, NULL);
    assert_non_null(s);
    assert_int_equal(table_record(s->data)->seed, 12345);
    assert_int_equal(table_record(s->data)->n_moves, 0);
    assert_int_equal(table_humans(s->data), 0);
    s->leave(s, sh);
    shell_destroy(sh);
}

/* Every row names a score sample, a finished match its table reports as it
 * would hand the score screen: the row's seats, their ranks and why it ended. */
static void test_every_mode_has_a_sample(void **state)
{
    shell *sh = bare_shell();
    score_report rep;
    match_setup m;
    (void)state;
    for (int i = 0; i < registry_count(); i++) {
        const game_info *g = registry_get(i);
        const table_mode *t = modes_find(g->id);
        assert_non_null(t);
        assert_non_null(t->sample_seats);
        assert_non_null(t->sample_words);
        assert_int_equal(table_match_default(&m, g, t->sample_seats), 0);
        if (modes_sample(sh, g, &rep) != 0)
            fail_msg("%s: its row's sample is no finished game", g->id);
        assert_string_equal(rep.game_id, g->id);
        assert_int_equal(rep.players, m.params.players);
        assert_true(rep.reason[0] != 0); /* why it ended; the headline may be the screen's ("A shared win!") */
        for (int p = 0; p < rep.players; p++)
            assert_true(rep.names[p][0] && rep.rank[p] >= 0 && rep.rank[p] < rep.players);
    }
    /* A turn-based sample is the rules' own words for its final position. */
    assert_int_equal(modes_sample(sh, registry_find("stax"), &rep), 0);
    assert_string_equal(rep.reason, "Blue is blocked: none of Blue's stacks can move.");
    assert_int_equal(rep.total[0], 7);
    assert_int_equal(rep.total[1], 3);
    /* One played from a deal (POSITION|MOVES): its record gives each round, adding up to the totals. */
    assert_int_equal(modes_sample(sh, registry_find("stakz"), &rep), 0);
    assert_int_equal(rep.rounds, 3);
    assert_int_equal(rep.moves, 117); /* the summary's moves: every action of the record */
    assert_int_equal(modes_sample(sh, registry_find("stax"), &rep), 0);
    assert_int_equal(rep.moves, 0); /* a composed final position: no moves to count */
    assert_int_equal(modes_sample(sh, registry_find("stakz"), &rep), 0);
    for (int p = 0; p < rep.players; p++) {
        int sum = 0;
        for (int k = 0; k < rep.rounds; k++)
            sum += rep.points[p][k];
        assert_int_equal(sum, rep.total[p]);
    }
    assert_int_equal(modes_sample(sh, NULL, &rep), -1);
    shell_destroy(sh);
}

/* Every seat has its own name, computers of one level too ("Computer
 * (Medium)" three times told nobody apart): each mode's sample, its seats
 * all computers of one level, names every seat differently. */
static void test_every_seat_its_own_name(void **state)
{
    shell *sh = bare_shell();
    (void)state;
    for (int i = 0; i < registry_count(); i++) {
        const game_info *g = registry_get(i);
        const table_mode *t = modes_find(g->id);
        char seats[64] = "";
        int n = 1;
        match_setup m;
        score_report rep;
        scene *s;
        for (const char *c = t->sample_seats; *c; c++)
            n += *c == ',';
        for (int k = 0; k < n; k++)
            strcat(seats, k ? ",medium" : "medium");
        assert_int_equal(table_match_default(&m, g, seats), 0);
        s = modes_start(sh, &m, t->sample_words);
        assert_non_null(s);
        memset(&rep, 0, sizeof rep);
        if (t->realtime)
            table_rt_report(s->data, &rep);
        else
            table_report(s->data, &rep);
        s->leave(s, sh);
        for (int a = 0; a < n; a++)
            for (int b = 0; b < a; b++)
                if (!strcmp(rep.names[a], rep.names[b]))
                    fail_msg("%s: seats %d and %d are both '%s'", g->id, b + 1, a + 1, rep.names[a]);
    }
    shell_destroy(sh);
}

static void test_seats_round_trip(void **state)
{
    match_setup m;
    char words[64], name[48];
    (void)state;
    assert_int_equal(table_match_default(&m, registry_find("9stax"), "human,hard,easy"), 0);
    assert_int_equal(m.params.players, 3);
    assert_int_equal(m.level[1], AI_HARD);
    assert_int_equal(m.level[2], AI_EASY);
    table_seats_write(&m, words, sizeof words);
    assert_string_equal(words, "human,hard,easy");
    table_seat_name(&m, 1, name, sizeof name);
    assert_string_equal(name, "Computer (Hard)");
    /* "random" is a search level, never a seat at a table. */
    assert_int_equal(table_match_default(&m, registry_find("9stax"), "human,random"), -1);
}

/* Setup's changes and --seats go through the same functions, and the seat
 * count the rules read is the one setup changed (there is no other). */
static void test_match_setup_one_count(void **state)
{
    match_setup m, f;
    (void)state;
    match_setup_init(&m, registry_find("samestax"));
    assert_int_equal(m.params.players, 2);
    assert_int_equal(m.seat[0], SEAT_HUMAN);
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        assert_int_equal(m.level[i], AI_MEDIUM); /* seat 1 too, should it become a computer */
    assert_int_equal(match_setup_add_seat(&m), 0);
    assert_int_equal(match_setup_add_seat(&m), 0);
    assert_int_equal(match_setup_add_seat(&m), -1);
    assert_int_equal(m.params.players, 4);
    /* First Creator: seat 4, then seat 4 leaves and it goes back to "at random" */
    for (int i = 0; i < 4; i++)
        assert_int_equal(match_setup_step_option(&m, 0, 1), 0);
    assert_int_equal(m.params.opt[0], 4);
    assert_int_equal(match_setup_step_option(&m, 0, 1), 0);
    assert_int_equal(m.params.opt[0], 0); /* wraps past the last seat */
    assert_int_equal(match_setup_step_option(&m, 0, -1), 0);
    assert_int_equal(m.params.opt[0], 4);
    assert_int_equal(match_setup_remove_seat(&m), 0);
    assert_int_equal(m.params.players, 3);
    assert_int_equal(m.params.opt[0], 0);
    assert_int_equal(match_setup_step_option(&m, 7, 1), -1);
    assert_int_equal(match_setup_set_seat(&m, 3, SEAT_HUMAN), -1); /* no seat 4 now */
    /* --seats takes the same steps */
    assert_int_equal(table_match_default(&f, registry_find("9stax"), "human,easy,hard,medium"), 0);
    assert_int_equal(f.params.players, 4);
    assert_int_equal(f.seat[3], SEAT_COMPUTER);
    assert_int_equal(f.level[2], AI_HARD);
    assert_int_equal(table_match_default(&f, registry_find("stax"), "human,easy,hard"), -1);
    assert_int_equal(match_setup_set_players(&m, 5), -1);
    assert_int_equal(m.params.players, 3);
    assert_int_equal(match_setup_set_players(&m, 2), 0);
    assert_int_equal(m.params.players, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_view_has_its_row),
        cmocka_unit_test(test_mode_settings),
        cmocka_unit_test(test_seed_is_injected),
        cmocka_unit_test(test_every_mode_has_a_sample),
        cmocka_unit_test(test_every_seat_its_own_name),
        cmocka_unit_test(test_seats_round_trip),
        cmocka_unit_test(test_match_setup_one_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
