/* A party starts as set up: every mode of the one list, from the picker,
 * through setup, by mouse alone and by controller alone (real SDL events:
 * click-on and pad-to in src/drivers/script.h), to a started match. Each run
 * adds seats up to the mode's most (the mouse run also removes one and adds
 * it back), changes seats between person and computer, a computer's level
 * and an option, and presses Start. What is checked is the started match's
 * own state: the "match" line the table midend traces from the match it
 * plays (players, every seat's kind and level, the options), and each seat's
 * deal: a turn-based game's first position read back by its own rules, a
 * real-time match's blocks and card per seat.
 * Then one whole game of every mode, started the same way with every seat a
 * computer, is played to the score screen. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/registry.h"
#include "games/nine/rules/nine.h"
#include "games/stackatrack/rules/track.h"
#include "games/stakz/rules/stakz.h"
#include "games/stax/rules/stax.h"
#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"

/* Appends a line to the script being written. */
static void say(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *buf, size_t n, const char *fmt, ...)
{
    size_t len = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, n - len, fmt, ap);
    va_end(ap);
    len = strlen(buf);
    snprintf(buf + len, n - len, "\n");
}

/* Runs the game from the picker on script text; returns the trace (caller frees). */
static char *play(const char *name, const char *script)
{
    char path[400], trace[400], cmd[2048];
    FILE *f;
    int rc;
    snprintf(path, sizeof path, "%s/%s.txt", testenv_game_tmp(), name);
    snprintf(trace, sizeof trace, "%s/%s.trace", testenv_game_tmp(), name);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(script, f);
    fclose(f);
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/%s && cd / && STACKHOUSE_PREF_DIR=%s/%s %s --scene picker --screenshot %s/%s.png "
             "--window 1280x720 --seed 7 --input %s --trace %s --phones-port 0 2>%s/%s.err >/dev/null",
             testenv_game_tmp(), name, testenv_game_tmp(), name, GAME, testenv_game_tmp(), name, path, trace,
             testenv_game_tmp(), name);
    rc = testenv_run(cmd);
    if (rc != 0)
        fail_msg("the game exited with %d on %s (see %s/%s.err)", rc, path, testenv_game_tmp(), name);
    return testenv_slurp(trace);
}

/* What setup's option i steps to from its default, the way setup steps it. */
static int stepped(const game_option *o, int players)
{
    int max = o->type == GAME_OPT_SEAT && players < o->max ? players : o->max, v = o->def + 1;
    return v > max ? o->min : v;
}

/* The "match" line a start with these seats and options traces. */
static void expect_line(char *buf, size_t n, const game_info *g, int players, const char *const *seat, int set_opt)
{
    int nopt;
    const game_option *o = registry_options(g, &nopt);
    size_t len = (size_t)snprintf(buf, n, "match %s players %d seats ", g->id, players);
    for (int i = 0; i < players; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? "," : "", seat[i]);
    len += (size_t)snprintf(buf + len, n - len, " options%s", nopt ? "" : " -");
    for (int i = 0; i < nopt; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s=%d", i ? "," : " ", o[i].key,
                                i == 0 && set_opt ? stepped(&o[i], players) : o[i].def);
    snprintf(buf + len, n - len, "\n");
}

/* The params a "match" line names (players and options, in the rules' order). */
static void params_of(const char *t, const game_info *g, game_params *p)
{
    int nopt;
    const game_option *o = registry_options(g, &nopt);
    const char *m = strstr(t, "\nmatch ");
    assert_non_null(m);
    memset(p, 0, sizeof *p);
    assert_int_equal(sscanf(strstr(m, " players ") + 9, "%d", &p->players), 1);
    for (int i = 0; i < nopt; i++) {
        char key[48];
        const char *k;
        snprintf(key, sizeof key, "%s=", o[i].key);
        k = strstr(m, key);
        assert_non_null(k);
        p->opt[i] = atoi(k + strlen(key));
    }
}

/* Each seat of the started match got its deal, read from the match itself. */
static void check_deal(const char *t, const game_info *g, int players)
{
    game_params p;
    char key[40], pos[4096];
    params_of(t, g, &p);
    assert_int_equal(p.players, players);
    if (g->kind == GAME_KIND_REALTIME) {
        for (int s = 1; s <= players; s++) {
            int blocks = -1, card = -1;
            char line[200];
            snprintf(key, sizeof key, "%s deal p%d ", g->id, s);
            assert_int_equal(testenv_line_after(t, key, 0, line, sizeof line), 0);
            assert_int_equal(sscanf(line, "blocks %d card %d", &blocks, &card), 2);
            assert_int_equal(blocks, 12); /* every seat's space holds its twelve blocks */
            /* a SAMESTAX Creator designs its own target; everyone else builds a card */
            if (strcmp(g->id, "samestax") != 0)
                assert_true(card >= 1 && card <= 45);
        }
        snprintf(key, sizeof key, "%s deal p%d ", g->id, players + 1);
        assert_null(strstr(t, key));
        return;
    }
    /* The first position the table traced after the match line, read back by the rules. */
    snprintf(key, sizeof key, " position ");
    assert_int_equal(testenv_line_after(strstr(t, "\nmatch "), key, 0, pos, sizeof pos), 0);
    {
        max_align_t buf[(sizeof(nine_state) + sizeof(stakz_state) + sizeof(track_state) + sizeof(stax_state)) /
                            sizeof(max_align_t) + 1];
        char err[300] = "";
        void *st = buf;
        assert_true(g->rules->state_size <= sizeof buf);
        if (g->rules->position_read(st, &p, pos, err, sizeof err) != 0)
            fail_msg("%s: the traced position does not read: %s", g->id, err);
        if (!strcmp(g->id, "9stax")) {
            const nine_state *n = st;
            assert_int_equal(n->players, players);
            for (int s = 0; s < players; s++) {
                int cards = 0;
                for (int k = 0; k < n->nst[s]; k++)
                    cards += n->ssize[s][k];
                assert_int_equal(n->nst[s], 9);
                assert_true(cards >= 9);
            }
        } else if (!strcmp(g->id, "stakz")) {
            const stakz_state *z = st;
            assert_int_equal(z->players, players);
            for (int s = 0; s < players; s++)
                assert_true(z->nhand[s] > 0 && z->nhand[s] == z->nhand[0]);
            assert_int_equal(z->draw_random, p.opt[STAKZ_OPT_DRAW]);
        } else if (!strcmp(g->id, "stackatrack")) {
            const track_state *k = st;
            assert_int_equal(k->players, players);
            for (int s = 0; s < players; s++)
                assert_true(k->nhand[s] > 0 && k->nhand[s] == k->nhand[0]);
            for (int i = 0; i < TRACK_NOPT; i++)
                assert_int_equal(k->opt[i], p.opt[i]);
        } else if (!strcmp(g->id, "stax")) {
            const stax_state *x = st;
            assert_int_equal(players, 2);
            assert_int_equal(x->men[STAX_RED], 12);
            assert_int_equal(x->men[STAX_BLUE], 12);
            assert_int_equal(x->opt[0], p.opt[0]);
            assert_int_equal(x->opt[1], p.opt[1]);
        } else {
            fail_msg("no deal check for %s: add one for the new mode", g->id);
        }
    }
}

/* The match line in t equals want. */
static void check_line(const char *t, const char *want)
{
    const char *m = strstr(t, "\nmatch ");
    char got[400];
    if (!m)
        fail_msg("no match started; the trace:\n%s", t);
    snprintf(got, sizeof got, "%.*s", (int)(strchr(m + 1, '\n') - m), m + 1);
    if (strcmp(got, want) != 0)
        fail_msg("started %s  set up %s", got, want);
}

/* Runs script (which starts a match of g), checks the match started with
 * these seats and option 1 stepped when set_opt, and each seat's deal;
 * returns the trace (caller frees). */
static char *start_and_check(const game_info *g, const char *name, const char *script, const char *const *seat,
                             int set_opt)
{
    char want[400];
    char *t = play(name, script);
    assert_non_null(t);
    expect_line(want, sizeof want, g, g->max_players, seat, set_opt);
    check_line(t, want);
    check_deal(t, g, g->max_players);
    return t;
}

/* Mouse alone: the mode's tile, Add seat to the most, Remove seat and Add
 * seat again, seat 2 a person, seat 3's level up one (with two seats: seat 1
 * a computer at Hard), option 1 stepped (or, with none, Phones as hands
 * on), Start. */
static void mouse_run(const game_info *g)
{
    char script[4096] = "", name[64];
    const char *seat[GAME_MAX_PLAYERS] = {"human", "human", "hard", "medium"};
    int n = g->max_players, nopt;
    char *t;
    registry_options(g, &nopt);
    say(script, sizeof script, "wait 5\nclick-on %s\nwait 10\nexpect-scene setup", g->id);
    for (int i = g->min_players; i < n; i++)
        say(script, sizeof script, "click-on add_seat\nwait 3");
    if (n > g->min_players)
        say(script, sizeof script, "click-on remove_seat\nwait 3\nclick-on add_seat\nwait 3");
    if (n >= 3) {
        say(script, sizeof script, "click-on seat2\nwait 3\nclick-on level3\nwait 3");
    } else {
        say(script, sizeof script, "click-on seat1\nwait 3\nclick-on level1\nwait 3");
        seat[0] = "hard";
        seat[1] = "medium";
    }
    if (nopt)
        say(script, sizeof script, "click-on option0\nwait 3");
    else
        say(script, sizeof script, "click-on phones\nwait 10");
    say(script, sizeof script, "click-on start\nwait 20\nexpect-scene table\nwait 5");
    snprintf(name, sizeof name, "mouse-%s", g->id);
    t = start_and_check(g, name, script, seat, nopt > 0);
    if (!nopt)
        assert_non_null(strstr(t, "phones on "));
    if (n > g->min_players)
        assert_non_null(strstr(t, "setup remove_seat\n"));
    free(t);
}

/* Controller alone: d-pad to the mode, A; Add seat to the most; seat 1 a
 * computer, its level right once (Hard); option 1 right once; Start. */
static void pad_run(const game_info *g)
{
    char script[4096] = "", name[64];
    const char *seat[GAME_MAX_PLAYERS] = {"hard", "medium", "medium", "medium"};
    int n = g->max_players, nopt;
    char *t;
    registry_options(g, &nopt);
    say(script, sizeof script, "pad attach\nwait 5\npad-to %s\npad a\nwait 10\nexpect-scene setup", g->id);
    if (n > g->min_players)
        say(script, sizeof script, "pad-to add_seat");
    for (int i = g->min_players; i < n; i++)
        say(script, sizeof script, "pad a\nwait 2");
    say(script, sizeof script, "pad-to seat1\npad a\nwait 2\npad-to level1\npad dpright\nwait 2");
    if (nopt)
        say(script, sizeof script, "pad-to option0\npad dpright\nwait 2");
    say(script, sizeof script, "pad-to start\npad a\nwait 20\nexpect-scene table\nwait 5");
    snprintf(name, sizeof name, "pad-%s", g->id);
    t = start_and_check(g, name, script, seat, nopt > 0);
    free(t);
}

/* By mouse, every seat a computer at Easy, the most seats: the whole game
 * plays out to the score screen. */
static void whole_game(const game_info *g, int frames)
{
    char script[4096] = "", name[64];
    const char *seat[GAME_MAX_PLAYERS] = {"easy", "easy", "easy", "easy"};
    char want[400];
    int n = g->max_players;
    char *t;
    say(script, sizeof script, "wait 5\nclick-on %s\nwait 10\nexpect-scene setup", g->id);
    for (int i = g->min_players; i < n; i++)
        say(script, sizeof script, "click-on add_seat\nwait 3");
    say(script, sizeof script, "click-on seat1\nwait 3");
    /* Medium, one step left of it (wrapping) is Easy: twice right. */
    for (int i = 1; i <= n; i++)
        say(script, sizeof script, "click-on level%d\nwait 2\nclick-on level%d\nwait 2", i, i);
    say(script, sizeof script, "click-on start\nwait 20\nexpect-scene table\nwait-scene score %d", frames);
    snprintf(name, sizeof name, "whole-%s", g->id);
    t = play(name, script);
    assert_non_null(t);
    expect_line(want, sizeof want, g, n, seat, 0);
    check_line(t, want);
    check_deal(t, g, n);
    assert_non_null(strstr(t, "scene score\n"));
    assert_non_null(strstr(t, "score headline "));
    free(t);
}

/* A 4-seat game saved part-way: setup then shows its seats (the "4 of 2-4
 * players" line), and Resume opens that game with all four seats. */
static void test_saved_party(void **state)
{
    char script[4096] = "";
    const char *m2;
    char *t;
    (void)state;
    say(script, sizeof script, "wait 5\nclick-on 9stax\nwait 10\nclick-on add_seat\nwait 3\nclick-on add_seat\nwait 3");
    say(script, sizeof script, "click-on seat1\nwait 3\nclick-on start\nwait 400\nexpect-scene table");
    say(script, sizeof script, "key Escape\nwait 5\nexpect-scene menu\nclick-on quit\nwait 5\nexpect-scene picker");
    say(script, sizeof script, "click-on 9stax\nwait 10\nexpect-scene setup\nclick-on resume\nwait 20\nexpect-scene table\nwait 5");
    t = play("saved", script);
    assert_non_null(t);
    assert_non_null(strstr(t, "nine saved\n"));
    /* the setup opened on the saved game shows its four seats, not two */
    assert_non_null(strstr(t, "setup players 4 seats medium,medium,medium,medium\n"));
    assert_non_null(strstr(t, "setup save "));
    m2 = strstr(strstr(t, "setup save "), "\nmatch ");
    assert_non_null(m2);
    assert_true(strncmp(m2 + 1, "match 9stax players 4 seats medium,medium,medium,medium", 55) == 0);
    /* the resumed position is the four players' game */
    assert_non_null(strstr(m2, "nine position players=4,"));
    free(t);
}

static const game_info *mode(void **state) { return registry_find((const char *)*state); }

static void test_mouse(void **state) { mouse_run(mode(state)); }
static void test_pad(void **state) { pad_run(mode(state)); }

static void test_whole_games(void **state)
{
    (void)state;
    /* frames to the score screen at most; a finished game leaves its table at once */
    whole_game(registry_find("stax"), 60000);
    whole_game(registry_find("9stax"), 90000);
    whole_game(registry_find("stackatrack"), 12000);
    whole_game(registry_find("stakz"), 90000);
}

static void test_whole_realtime(void **state)
{
    (void)state;
    whole_game(registry_find("speedstax"), 60000);
    whole_game(registry_find("samestax"), 60000);
    whole_game(registry_find("swapstax"), 60000);
}

int main(void)
{
    static char names[2 * 16][48];
    struct CMUnitTest tests[2 * 16 + 3];
    int n = 0;
    /* Every mode of the one list, so a new mode is tested the day it lands. */
    for (int i = 0; i < registry_count() && i < 16; i++) {
        const char *id = registry_get(i)->id;
        snprintf(names[n], sizeof names[n], "mouse_%s", id);
        tests[n] = (struct CMUnitTest){names[n], test_mouse, NULL, NULL, (void *)id};
        n++;
        snprintf(names[n], sizeof names[n], "pad_%s", id);
        tests[n] = (struct CMUnitTest){names[n], test_pad, NULL, NULL, (void *)id};
        n++;
    }
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_saved_party);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_whole_games);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_whole_realtime);
    return _cmocka_run_group_tests("party_setup", tests, (size_t)n, testenv_game_setup, testenv_game_teardown);
}
