/* The rules viewer's diagrams (#29): a ```position <mode> <name>``` block of
 * a rules document is read into its fields; every diagram in every rules
 * document reads with its mode's rules and has a view that draws it; a bad
 * one (unknown mode, a position or move that does not read) is refused with
 * its reason and drawn as a placeholder; and the player's path (the picker's
 * Rules button and tab by mouse, Y on a focused game by controller) reaches a
 * page whose diagram is traced "rules diagram <mode> <name>". */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "render/render.h"
#include "app/input.h"
#include "scenes/rules_diagram.h"
#include "shell/settings.h"
#include "shell/shell.h"
#include "testenv.h"
#include "ui/mdview.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"

static const char bad_doc[] =
    "# Bad\n\n"
    "```position nosuch thing\nr:\n```\n\n"
    "```position stax broken\nr:z9=r\n```\n\n"
    "```position stax illegal\nr:c3=r,d4=b\nmove c3-d4\n```\n\n"
    "```position stax good\nr:c3=r,d4=b\nmove c3xe5\ncaption Red captures.\n```\n";

static void test_fields(void **state)
{
    char err[256] = "";
    md_doc *d = md_doc_parse(bad_doc, strlen(bad_doc), err, sizeof err);
    const md_diagram *g;
    (void)state;
    assert_non_null(d);
    assert_int_equal(md_diagram_count(d), 4);
    g = md_diagram_get(d, 3);
    assert_string_equal(g->mode, "stax");
    assert_string_equal(g->name, "good");
    assert_string_equal(g->position, "r:c3=r,d4=b");
    assert_string_equal(g->move, "c3xe5");
    assert_string_equal(g->caption, "Red captures.");
    assert_string_equal(md_diagram_get(d, 0)->move, "");
    assert_null(md_diagram_get(d, 4));
    md_free(d);
}

static void test_bad_refused(void **state)
{
    char err[256] = "";
    md_doc *d = md_doc_parse(bad_doc, strlen(bad_doc), err, sizeof err);
    (void)state;
    assert_non_null(d);
    assert_int_equal(rules_diagram_check(md_diagram_get(d, 0), err, sizeof err), -1);
    assert_non_null(strstr(err, "nosuch"));
    assert_int_equal(rules_diagram_check(md_diagram_get(d, 1), err, sizeof err), -1);
    assert_non_null(strstr(err, "does not read"));
    assert_int_equal(rules_diagram_check(md_diagram_get(d, 2), err, sizeof err), -1);
    assert_non_null(strstr(err, "not legal"));
    assert_int_equal(rules_diagram_check(md_diagram_get(d, 3), err, sizeof err), 0);
    md_free(d);
}

/* Diagrams first.. first + n - 1 of d are refused, each with why[i] in its reason. */
static void expect_refused(const md_doc *d, int first, const char *const *why, int n)
{
    char err[256];
    for (int i = 0; i < n; i++) {
        err[0] = '\0';
        assert_int_equal(rules_diagram_check(md_diagram_get(d, first + i), err, sizeof err), -1);
        if (!strstr(err, why[i]))
            fail_msg("diagram %d: \"%s\" lacks \"%s\"", first + i, err, why[i]);
    }
}

/* MAXSTAX pictures are read by its view, in its own words; bad ones are
 * refused with their reason. */
static const char mx_doc[] =
    "```position speedstax card\ncard 6\n```\n\n"
    "```position speedstax built\ncard 4 ; space -1.5 0.5 0, 1.5 0.5 0, 0 1.5 0\n```\n\n"
    "```position swapstax swap\nswap 44 deck\n```\n\n"
    "```position samestax faulty\nseat 2 ; faulty ; space 0 0.5 0\n```\n\n"
    "```position speedstax no-card\ncard 46\n```\n\n"
    "```position speedstax overlap\nspace 0 0.5 0, 0.5 0.5 0\n```\n\n"
    "```position speedstax sunk\nspace 0 0.2 0\n```\n\n"
    "```position speedstax swap\nswap 1 2\n```\n\n"
    "```position samestax card\ncreator ; card 3 ; space 0 0.5 0\n```\n\n"
    "```position speedstax word\ncards 3\n```\n\n"
    "```position speedstax moved\ncard 3\nmove call\n```\n";

static void test_maxstax_pictures(void **state)
{
    static const char *const why[] = {"no stacker card", "overlap", "floor", "only SWAPSTAX",
                                      "no stacker cards", "expected card", "no moves"};
    char err[256] = "";
    md_doc *d = md_doc_parse(mx_doc, strlen(mx_doc), err, sizeof err);
    (void)state;
    assert_non_null(d);
    assert_int_equal(md_diagram_count(d), 11);
    for (int i = 0; i < 4; i++)
        if (rules_diagram_check(md_diagram_get(d, i), err, sizeof err) != 0)
            fail_msg("diagram %d: %s", i, err);
    expect_refused(d, 4, why, 7);
    md_free(d);
}

/* A refused move (#29: Stack-A-Track's breaking rule) is shown only where
 * the rules refuse it; the block's refused line reads into its field. */
static const char refused_doc[] =
    "```position stackatrack break\n1;RL/-/-/-/-/-;TB:TB/RL:RL;0,0\nrefused TB:TB@2F\ncaption Broken.\n```\n\n"
    "```position stackatrack legal\n1;RL/-/-/-/-/-;TB:TB/RL:RL;0,0\nrefused TB:TB@3F\n```\n\n"
    "```position stackatrack garbled\n1;RL/-/-/-/-/-;TB:TB/RL:RL;0,0\nrefused TB@2\n```\n\n"
    "```position stackatrack both\n1;RL/-/-/-/-/-;TB:TB/RL:RL;0,0\nmove TB:TB@3F\nrefused TB:TB@2F\n```\n\n"
    "```position stax refused\nr:c3=r,d4=b\nrefused c3-d4\n```\n";

static void test_refused(void **state)
{
    static const char *const why[] = {"not refused", "no placement", "not both", "no refused moves"};
    char err[256] = "";
    md_doc *d = md_doc_parse(refused_doc, strlen(refused_doc), err, sizeof err);
    (void)state;
    assert_non_null(d);
    assert_string_equal(md_diagram_get(d, 0)->refused, "TB:TB@2F");
    assert_string_equal(md_diagram_get(d, 0)->move, "");
    assert_int_equal(rules_diagram_check(md_diagram_get(d, 0), err, sizeof err), 0);
    expect_refused(d, 1, why, 4);
    md_free(d);
}

/* A diagram function that draws nothing and counts; refuses the first three. */
static int calls, refused;
static rrect last_box;
static int count_fn(void *user, render *r, const md_diagram *dg, rrect box, char *err, size_t errn)
{
    (void)user, (void)r;
    calls++;
    last_box = box;
    if (strcmp(dg->name, "good") != 0) {
        refused++;
        snprintf(err, errn, "refused");
        return -1;
    }
    return 0;
}

static void test_drawn_with_placeholders(void **state)
{
    render_paths p = {NULL, STACKHOUSE_SOURCE_DIR "/assets", "/usr/share/fonts/truetype/dejavu", NULL};
    char err[512] = "";
    render *r = render_create_null(&p, err, sizeof err);
    md_doc *d = md_doc_parse(bad_doc, strlen(bad_doc), err, sizeof err);
    float h;
    (void)state;
    assert_non_null(r);
    assert_non_null(d);
    assert_int_equal(render_begin(r, 1920, 1080, (rcolor){0, 0, 0, 255}), 0);
    md_set_diagram_fn(d, count_fn, NULL);
    h = md_draw(r, d, 100, 0, 1200, 27, 1);
    /* every diagram is asked for, each a picture box beside its caption in the column */
    assert_int_equal(calls, 4);
    assert_int_equal(refused, 3);
    assert_true(last_box.w > 27 * 8 && last_box.w <= 1200 * 0.5f);
    assert_true(last_box.x >= 100 && last_box.y + last_box.h <= h);
    assert_true(h > 4 * last_box.h);
    /* the first lies wholly on the 1080-unit screen, the last below it */
    assert_true(h > 1080);
    assert_true(md_diagram_shown(d, 0));
    assert_false(md_diagram_shown(d, 3));
    render_end(r);
    render_destroy(r);
    md_free(d);
}

/* Every ```position block of every rules document reads with its mode's
 * rules, and its mode's view draws it. */
static void test_every_rules_diagram_reads(void **state)
{
    int total = 0, refusing = 0, stax = 0, track = 0, stakz = 0, nine = 0, speed = 0, same = 0, swap = 0;
    (void)state;
    for (int i = 0; i < registry_count(); i++) {
        const game_info *g = registry_get(i);
        char path[512], err[256] = "", *text;
        md_doc *d;
        int seen = 0;
        for (int k = 0; k < i; k++)
            seen |= strcmp(registry_get(k)->rules_doc, g->rules_doc) == 0;
        if (seen)
            continue;
        snprintf(path, sizeof path, "%s/docs/rules/%s.md", STACKHOUSE_SOURCE_DIR, g->rules_doc);
        text = testenv_slurp(path);
        assert_true(text[0] != '\0');
        d = md_doc_parse(text, strlen(text), err, sizeof err);
        assert_non_null(d);
        for (int k = 0; k < md_diagram_count(d); k++) {
            const md_diagram *dg = md_diagram_get(d, k);
            if (rules_diagram_check(dg, err, sizeof err) != 0)
                fail_msg("%s: diagram %s %s: %s", path, dg->mode, dg->name, err);
            assert_true(dg->caption[0] != '\0');
            total++;
            stax += strcmp(dg->mode, "stax") == 0;
            track += strcmp(dg->mode, "stackatrack") == 0;
            refusing += dg->refused[0] != '\0';
            stakz += strcmp(dg->mode, "stakz") == 0;
            nine += strcmp(dg->mode, "9stax") == 0;
            speed += strcmp(dg->mode, "speedstax") == 0;
            same += strcmp(dg->mode, "samestax") == 0;
            swap += strcmp(dg->mode, "swapstax") == 0;
        }
        md_free(d);
        free(text);
    }
    /* STAX: a capture, a capture from a stack and a capture chain */
    assert_true(stax >= 3);
    /* Stack-A-Track: a loop closed, and the breaking rule's refused block */
    assert_true(track >= 2);
    assert_true(refusing >= 1);
    /* Stakz: a tile placed, and a split */
    assert_true(stakz >= 2);
    /* 9 STAX: a card played, a Swap, an Attack and Immunity */
    assert_true(nine >= 4);
    /* MAXSTAX: a stacker card and blocks that copy it not yet; the SAMESTAX
     * Creator and its faulty stack; the SWAPSTAX swap */
    assert_true(speed >= 2);
    assert_true(same >= 2);
    assert_true(swap >= 1);
    assert_true(total >= stax + track + stakz + nine + speed + same + swap);
}

/* Each diagram's position is read once, when its page is, however many
 * frames draw it (#29: it was read again every frame). */
static void test_read_once(void **state)
{
    render_paths p = {NULL, STACKHOUSE_SOURCE_DIR "/assets", "/usr/share/fonts/truetype/dejavu", NULL};
    char err[512] = "";
    render *r = render_create_null(&p, err, sizeof err);
    md_doc *d = md_doc_parse(bad_doc, strlen(bad_doc), err, sizeof err);
    rules_pictures *pics;
    shell *sh;
    (void)state;
    assert_non_null(r);
    assert_non_null(d);
    {
        static const shell_host host = {0};
        static settings st;
        static input in;
        shell_parts parts = {.r = r, .settings = &st, .in = &in};
        settings_defaults(&st);
        sh = shell_create(&host, &parts);
        assert_non_null(sh);
    }
    pics = rules_pictures_read(sh, d, "bad");
    assert_non_null(pics);
    assert_int_equal(rules_pictures_reads(pics), 4);
    md_set_diagram_fn(d, rules_pictures_draw, pics);
    for (int f = 0; f < 5; f++) {
        assert_int_equal(render_begin(r, 1920, 1080, (rcolor){0, 0, 0, 255}), 0);
        md_draw(r, d, 100, 0, 1200, 27, 1);
        render_end(r);
    }
    /* drawn five times, still read once each; the good one drawn, the bad ones placeholders */
    assert_int_equal(rules_pictures_reads(pics), 4);
    assert_int_equal(rules_pictures_draw(pics, r, md_diagram_get(d, 3), (rrect){0, 0, 300, 300}, err, sizeof err), 0);
    assert_int_equal(rules_pictures_draw(pics, r, md_diagram_get(d, 1), (rrect){0, 0, 300, 300}, err, sizeof err), -1);
    assert_non_null(strstr(err, "does not read"));
    rules_pictures_free(pics);
    shell_destroy(sh);
    render_destroy(r);
    md_free(d);
}

/* The viewer scrolls in a capture run as for a player (#29: it did not
 * move, since the page was measured only on the frames drawn): from the
 * picker's Rules and the STAX tab, a key, a page, the mouse wheel, the
 * d-pad and Home each bring the page to rest where the trace says. */
static void test_scroll(void **state)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "rules_scroll",
                                  "--scene picker --frames 10", "rules_scroll");
    /* Down 90, Page Down 90% of the 630-unit panel, three wheel notches of 80, the d-pad 90, Home */
    const char *const want[] = {"rules stax",           "rules scroll 90 of",  "rules scroll 657 of",
                                "rules scroll 897 of",  "rules scroll 987 of", "rules scroll 0 of"};
    (void)state;
    assert_non_null(t);
    assert_null(testenv_missing_in_order(t, want, 6));
    free(t);
}

static void player_path(const char *script)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, script, "--scene picker --frames 400", script);
    const char *const want[] = {"scene rules", "rules stax", "rules diagram stax capture"};
    assert_non_null(t);
    assert_null(testenv_missing_in_order(t, want, 3));
    free(t);
}

static void test_mouse(void **state)
{
    (void)state;
    player_path("rules_diagram_mouse");
}

static void test_pad(void **state)
{
    (void)state;
    player_path("rules_diagram_pad");
}

/* The player's path to the 9 STAX and MAXSTAX pictures (#29), by mouse: the
 * tabs, and the wheel down the MAXSTAX page past each mode's pictures. */
static void test_pictures_mouse(void **state)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "rules_pictures_mouse", "--scene picker --frames 10",
                                  "rules_pictures_mouse");
    const char *const want[] = {"scene rules", "rules 9stax", "rules diagram 9stax play", "rules maxstax",
                                "rules diagram speedstax not-yet", "rules diagram speedstax card",
                                "rules diagram samestax creator", "rules diagram samestax faulty",
                                "rules diagram swapstax swap"};
    (void)state;
    assert_non_null(t);
    assert_null(testenv_missing_in_order(t, want, 9));
    free(t);
}

/* The same by controller: Y on 9 STAX in the picker, then on SAMESTAX and
 * SWAPSTAX, whose shared page opens at each mode's own section. */
static void test_pictures_pad(void **state)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "rules_pictures_pad", "--scene picker --frames 10",
                                  "rules_pictures_pad");
    const char *const want[] = {"rules 9stax",           "rules diagram 9stax play",       "scene picker",
                                "rules section SAMESTAX", "rules diagram samestax creator", "scene picker",
                                "rules section SWAPSTAX", "rules diagram swapstax swap"};
    (void)state;
    assert_non_null(t);
    assert_null(testenv_missing_in_order(t, want, 8));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fields),
        cmocka_unit_test(test_bad_refused),
        cmocka_unit_test(test_drawn_with_placeholders),
        cmocka_unit_test(test_every_rules_diagram_reads),
        cmocka_unit_test(test_read_once),
        cmocka_unit_test(test_maxstax_pictures),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_scroll),
        cmocka_unit_test(test_mouse),
        cmocka_unit_test(test_pad),
        cmocka_unit_test(test_pictures_mouse),
        cmocka_unit_test(test_pictures_pad),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
