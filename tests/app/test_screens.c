/* Golden screenshots of every screen at 1280×720 and 3840×2160, and at 4:3
 * (1024×768) and 21:9 (2560×1080), under Xvfb (Mesa llvmpipe): each is not
 * blank, its text sits inside its panels and buttons and on screen, no text
 * is too small to read from a sofa or fainter than 4.5:1 against what is
 * behind it (screencheck.h, textcontrast.h; text under a modal's dim waits
 * for the modal and is left out), and it matches the golden image
 * within tolerance. STACKHOUSE_UPDATE_GOLDEN=1 rewrites the golden images;
 * STACKHOUSE_SCREENS_FILTER (a cmocka pattern, "*stakz*") picks the shots. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "app/app.h"
#include "core/registry.h"
#include "drivers/script.h"
#include "maxstax_shots.h"
#include "phone_shots.h"
#include "shell/toast.h"
#include "screencheck.h"
#include "testenv.h"
#include "textcontrast.h"
#include "texthook.h"
#include "ui/ui.h"


/* Resolution scale for the next shot (percent); 100 draws straight to the window. */
static int shot_render_scale = 100;
/* The colour-blind patterns and the MAXSTAX ghost for the next shot. */
static int shot_colorblind, shot_ghost;
/* Checks the layout and text only: no golden image. */
static int shot_no_golden;
/* Check that no box reaches into the hint bar (setup screens). */
static int shot_hint_clear;
/* Checks on the app after the shot's last frame (NULL none). */
static void (*shot_after)(app *a);
/* An input script (tests/scripts/NAME.txt) and a composed position for the next shot. */
static const char *shot_script, *shot_position;
/* A file the next shot's app writes its trace to (NULL none). */
static const char *shot_trace;
/* Phones as hands on at the next shot's table, and what its phones do
 * before the frames (phone_shots.h; NULL nothing). */
static int shot_phones;
static void (*shot_before)(app *a);

/* Before each test: the shot options at their defaults, so a test that
 * failed half-way (cmocka leaves it at the failed assertion) does not leave
 * its scale, script or position to the tests after it. */
static int reset_shot(void **state)
{
    (void)state;
    shot_render_scale = 100;
    shot_colorblind = shot_ghost = shot_no_golden = shot_hint_clear = 0;
    shot_script = shot_position = shot_trace = NULL;
    shot_phones = 0;
    shot_before = NULL;
    shot_primary = NULL;
    shot_after = NULL;
    toast_clear(); /* the toast is the process's: a notice an earlier app showed is not this one's */
    return 0;
}

/* A screen after frames logic steps; game and seats pick the table. */
static void shoot_game(const char *scene_name, const char *game, const char *seats, int frames,
                       const char *golden, int w, int h)
{
    app_options o;
    app *a;
    uint8_t *px, *small;
    char name[96];
    double now = 0;
    script *sc = NULL;

    memset(&o, 0, sizeof o);
    o.window_w = w;
    o.window_h = h;
    o.scene = scene_name;
    /* 9stax has four seats: the fullest setup screen; the table is STAX's. */
    o.game = game;
    o.seats = seats;
    o.position = shot_position;
    o.trace = shot_trace;
    o.headless = 1;
    o.screenshot = "(test)";
    o.phones = shot_phones;
    a = app_create(&o);
    assert_non_null(a);
    assert_int_equal(a->fb_w, w);
    assert_int_equal(a->fb_h, h);
    a->settings.v[SETTING_render_scale] = shot_render_scale;
    a->settings.v[SETTING_colorblind] = shot_colorblind;
    a->settings.v[SETTING_maxstax_ghost] = shot_ghost;
    if (shot_before)
        shot_before(a);
    if (shot_script) {
        char path[512], err[512];
        snprintf(path, sizeof path, "%s/tests/scripts/%s.txt", STACKHOUSE_SOURCE_DIR, shot_script);
        sc = script_load(path, err, sizeof err);
        if (!sc)
            fail_msg("%s", err);
    }
    for (int f = 0; f < frames; f++) {
        char err[512];
        if (sc && script_tick(sc, a, err, sizeof err) != 0)
            fail_msg("input script: %s", err);
        now += APP_STEP;
        if (f == frames - 1) {
            n_texts = 0;
            ui_audit_enable(1);
            ui_audit_reset();
            render_set_text_hook(a->r, texthook_on_text, a->r);
        }
        assert_int_equal(app_frame(a, now, f == frames - 1), 0);
    }
    render_set_text_hook(a->r, NULL, NULL);
    ui_audit_enable(0);
    if (sc) {
        assert_true(script_done(sc)); /* the shot comes after the whole script */
        script_free(sc);
    }
    assert_true(n_texts > 3);
    snprintf(name, sizeof name, "%s-%dx%d", golden, w, h);
    check_text_inside(a->vw);
    check_text_sizes(name);
    /* On the menus (every screen but a table, whose view lays out its own
     * bottom) nothing may reach into the hint bar. */
    if (shot_hint_clear || strcmp(scene_name, "table") != 0)
        check_hint_bar_clear();
    if (shot_after)
        shot_after(a);

    px = malloc((size_t)w * h * 4);
    assert_int_equal(render_read_pixels(a->r, w, h, px), 0);
    check_not_blank(px, w, h);
    assert_int_equal(textcontrast_check(name, px, w, h),
                     0);
    if (!shot_no_golden) {
        small = malloc(GOLD_W * GOLD_H * 4);
        downscale(px, w, h, small);
        compare_golden(small, name);
        free(small);
    }
    free(px);
    app_destroy(a);
    shot_phones_close();
}

static void shoot(const char *scene_name, int w, int h)
{
    /* 9stax has four seats: the fullest setup screen; the table is STAX's;
     * SPEEDSTAX's result (four players, five rounds) the fullest score screen. */
    const char *game = strcmp(scene_name, "table") == 0   ? "stax"
                       : strcmp(scene_name, "score") == 0 ? "speedstax"
                                                          : "9stax";
    shoot_game(scene_name, game, NULL, 30, scene_name, w, h);
}

/* The 9 STAX table once the deal has landed: two players at 720p, four at 4K. */
static void test_nine_table_2p_720p(void **state)
{
    (void)state;
    shoot_game("table", "9stax", "human,easy", 90, "nine-table-2p", 1280, 720);
}

static void test_nine_table_4p_4k(void **state)
{
    (void)state;
    shoot_game("table", "9stax", "human,easy,medium,hard", 90, "nine-table-4p", 3840, 2160);
}

/* SPEEDSTAX: one mouse against a computer at 720p; four spaces side by side
 * (split screen, computer stackers at work) at 4K. */
static void test_speedstax_720p(void **state)
{
    (void)state;
    shoot_game("table", "speedstax", "human,medium", 30, "speedstax", 1280, 720);
}

static void test_speedstax_split_4k(void **state)
{
    (void)state;
    shoot_game("table", "speedstax", "easy,medium,hard,medium", 30, "speedstax-split", 3840, 2160);
}

/* Mid-round, the computers' structures built (15 s in): at 4:3 with four
 * seats (the person's space above the rivals' row, the top bar sharing
 * its width), and at 21:9 with two; each block shows its own grain. */
static void test_speedstax_built_4x3(void **state)
{
    (void)state;
    shoot_game("table", "speedstax", "human,easy,medium,hard", 900, "speedstax-built-4p", 1024, 768);
}

static void test_speedstax_built_21x9(void **state)
{
    (void)state;
    shoot_game("table", "speedstax", "human,hard", 900, "speedstax-built-2p", 2560, 1080);
}

/* Four seats with the colour-blind patterns (each player's shape on their
 * blocks) and the ghost outline of the card in the person's space. */
static void test_speedstax_marks_720p(void **state)
{
    (void)state;
    shot_colorblind = shot_ghost = 1;
    shoot_game("table", "speedstax", "human,easy,medium,hard", 30, "speedstax-marks", 1280, 720);
    shot_colorblind = shot_ghost = 0;
}

/* Reads the composed position tests/scripts/NAME.pos into pos (n bytes), without its newline. */
static void read_position(const char *name, char *pos, size_t n)
{
    char path[512];
    FILE *f;
    size_t len;
    snprintf(path, sizeof path, "%s/tests/scripts/%s.pos", STACKHOUSE_SOURCE_DIR, name);
    f = fopen(path, "r");
    assert_non_null(f);
    len = fread(pos, 1, n - 1, f);
    fclose(f);
    while (len > 0 && (pos[len - 1] == '\n' || pos[len - 1] == '\r'))
        len--;
    pos[len] = 0;
}

/* A composed position or an input script (tests/scripts) before the shot. */
static void shoot_scripted(const char *game, const char *seats, const char *position, const char *script_name,
                           int frames, const char *golden, int w, int h)
{
    char pos[4096] = "";
    if (position) {
        read_position(position, pos, sizeof pos);
        shot_position = pos;
    } else if (strcmp(game, "stax") == 0 && script_name == NULL) {
        shot_position = "r:c3=r,d4=b"; /* Red captures the last blue man */
    }
    shot_script = script_name;
    shoot_game("table", game, seats, frames, golden, w, h);
    shot_script = shot_position = NULL;
}

/* STAX landing hints: a controller's bold cursor on a green landing (720p), a
 * mouse's pick (4K). */
static void test_stax_pad_pick_720p(void **state)
{
    (void)state;
    shoot_scripted("stax", "human,human", NULL, "golden_stax_pad_pick", 230, "stax-pad-pick", 1280, 720);
}

static void test_stax_mouse_pick_4k(void **state)
{
    (void)state;
    shoot_scripted("stax", "human,human", NULL, "golden_stax_mouse_pick", 30, "stax-mouse-pick", 3840, 2160);
}

/* Runs shot (a scene on an input script) with the disk full (the store's
 * injected SQLITE_FULL) and the preferences folder under a scratch $HOME,
 * so the notice's file reads the same (~/prefs/stackhouse.db) on every
 * machine. */
static void on_full_disk(void (*shot)(void))
{
    char home[200], prefs[260], *old_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL,
                                 *old_pref = strdup(getenv("STACKHOUSE_PREF_DIR"));
    snprintf(home, sizeof home, "%s", testenv_tmpdir());
    snprintf(prefs, sizeof prefs, "%s/prefs", home);
    assert_int_equal(mkdir(prefs, 0700), 0);
    setenv("HOME", home, 1);
    setenv("STACKHOUSE_PREF_DIR", prefs, 1);
    setenv("STACKHOUSE_STORE_FULL", "all", 1);
    shot();
    unsetenv("STACKHOUSE_STORE_FULL");
    setenv("STACKHOUSE_PREF_DIR", old_pref, 1);
    if (old_home)
        setenv("HOME", old_home, 1);
    free(old_home);
    free(old_pref);
}

static void shoot_save_notice(void)
{
    shoot_scripted("stax", "human,easy", NULL, "golden_save_notice", 120, "save-notice", 1280, 720);
}

static void shoot_settings_notice(void)
{
    shot_script = "golden_settings_notice";
    shoot_game("settings", NULL, NULL, 60, "settings-notice", 1280, 720);
    shot_script = NULL;
}

/* A save that failed (#26): the person's first move cannot be saved, and
 * the notice over the table says what failed, why and which file, with Try
 * again; a settings write the same over the settings screen. */
static void test_save_notice_720p(void **state)
{
    (void)state;
    on_full_disk(shoot_save_notice);
}

static void test_settings_notice_720p(void **state)
{
    (void)state;
    on_full_disk(shoot_settings_notice);
}

/* A table shot from a composed position (--position words). */
static void shoot_at(const char *position, const char *game, const char *seats, int frames, const char *golden, int w,
                     int h)
{
    shot_position = position;
    shoot_game("table", game, seats, frames, golden, w, h);
    shot_position = NULL;
}

/* Ghost and hints: Stairs with two planks standing, its top plank's ghost
 * translucent where the matcher expects it and "the top plank is missing"
 * under the person's name, at 720p and at 4K. */
static void test_speedstax_ghost_720p_4k(void **state)
{
    (void)state;
    shoot_at("seed=6 compose=0:2 ghost", "speedstax", "human,easy", 120, "speedstax-ghost", 1280, 720);
    shoot_at("seed=6 compose=0:2 ghost", "speedstax", "human,easy", 120, "speedstax-ghost", 3840, 2160);
}

/* MAXSTAX practice (#29): card 4 typed, its left plank set down by a
 * controller, the ghost over it and the hints naming the two planks still
 * missing; the card browser where the scores go and "Practice" where the
 * clock goes; at 4:3, 720p and 4K. */
static void test_speedstax_practice(void **state)
{
    (void)state;
    shot_script = "maxstax_practice_shot";
    shoot_game("practice", "speedstax", NULL, 720, "speedstax-practice", 1024, 768);
    shoot_game("practice", "speedstax", NULL, 720, "speedstax-practice", 1280, 720);
    shoot_game("practice", "speedstax", NULL, 720, "speedstax-practice", 3840, 2160);
}

/* SAMESTAX: a person creating against a computer at 720p (one mouse, their
 * structure composed, the Ready button); four computers in split screen at
 * 4K, a Creator's structure standing and the others copying it, each with
 * the snapshot beside their space. */
static void test_samestax_create_720p(void **state)
{
    (void)state;
    shoot_at("seed=3 creator=0 compose=0:99", "samestax", "human,medium", 30, "samestax-create", 1280, 720);
}

static void test_samestax_split_4k(void **state)
{
    (void)state;
    /* the hard seat creates: an easy Creator places one block in a 6 s creation */
    shoot_at("seed=5 round=6 creator=2", "samestax", "easy,medium,hard,medium", 1100, "samestax-split", 3840, 2160);
}

/* A table shot (shoot_at, after an input script unless NULL) whose app
 * traces to a file of its own, shot_trace, for after to read. */
static void shoot_traced(void (*after)(app *), const char *script_name, const char *position, const char *game,
                         const char *seats, int frames, const char *golden, int w, int h)
{
    char path[200];
    const char *dir = testenv_tmpdir();
    assert_non_null(dir);
    snprintf(path, sizeof path, "%s/trace.txt", dir);
    shot_trace = path;
    shot_script = script_name;
    shot_after = after;
    shoot_at(position, game, seats, frames, golden, w, h);
    shot_trace = NULL;
    remove(path);
    rmdir(dir);
}

/* Whose labels the next shot puts what under ("hand" or "block"). */
static int under_seat;
static const char *under_what;
static void labels_under(int seat, const char *what)
{
    under_seat = seat;
    under_what = what;
}

/* The shot's trace has under_seat's labels drawn over under_what, and
 * every pane's labels read whole. */
static void check_labels_over(app *a)
{
    check_under_labels(shot_trace, under_seat, under_what);
    check_pane_labels(a);
}

/* SAMESTAX with four seats at 1080p, the Creator at work once round 1's
 * results (8 s) have gone: the person's hand rests over their small pane's
 * name, which stays on top. */
static void test_samestax_labels_1080p(void **state)
{
    (void)state;
    labels_under(0, "hand");
    shoot_traced(check_labels_over, NULL, "seed=5 round=6", "samestax", "human,easy,medium,hard", 1340,
                 "samestax-labels", 1920, 1080);
}

/* SAMESTAX replication with four seats at 1080p: the person picks a block
 * off a pile and carries it up over their name and role, which stay on top. */
static void test_samestax_carry_over_label_1080p(void **state)
{
    (void)state;
    labels_under(0, "block");
    shoot_traced(check_labels_over, "samestax_carry_label", "seed=5 round=12 creator=2", "samestax",
                 "human,easy,medium,hard", 1700, "samestax-carry-label", 1920, 1080);
}

/* Each replicator's "Copy" picture reads and is clear of the piles: the
 * person's and two rivals' (the Creator copies nothing). */
static void check_copy_pictures(app *a) { assert_int_equal(card_pictures(a), 3); }

/* SAMESTAX replication with four seats at 1080p and at 4:3, where the
 * rivals' panes are smallest: every replicator's pane shows the structure
 * to copy, above its piles. */
static void test_samestax_rivals_1080p(void **state)
{
    (void)state;
    shot_after = check_copy_pictures;
    /* 12 s rounds, the medium seat creates: round 1's replication */
    shoot_at("seed=5 round=12 creator=2", "samestax", "human,easy,medium,hard", 1700, "samestax-rivals", 1920, 1080);
}

/* At 4:3 a computer (Blue, seat 1) carries a block under its own name
 * at the shot: its labels read whole over it too. */
static void check_rivals_4x3(app *a)
{
    check_copy_pictures(a);
    check_labels_over(a);
}

static void test_samestax_rivals_4x3(void **state)
{
    (void)state;
    labels_under(1, "block");
    shoot_traced(check_rivals_4x3, NULL, "seed=5 round=12 creator=2", "samestax", "human,easy,easy,easy", 1700,
                 "samestax-rivals-4p", 1024, 768);
}

/* Every SWAPSTAX seat's own card, stars and picture, on its pane. */
static void check_card_pictures(app *a) { assert_int_equal(card_pictures(a), 4); }

/* SWAPSTAX stacking with four seats at 4:3 (the person swaps with the deck
 * twice; the computers swap among themselves): the rivals' panes show their
 * cards large enough to build from, clear of their piles. */
static void test_swapstax_rivals_4x3(void **state)
{
    (void)state;
    shot_after = check_card_pictures;
    shot_script = "swapstax_deck_twice";
    shoot_at("seed=2", "swapstax", "human,easy,easy,easy", 1750, "swapstax-rivals-4p", 1024, 768);
}

/* SWAPSTAX: the swap phase on a person's turn at 720p (their offers as
 * buttons, the computer's swap in the log); four computers stacking their
 * own cards, stars on each, in split screen at 4K; two people on one mouse
 * at 4K, the swap panel between them. */
static void test_swapstax_swaps_720p(void **state)
{
    (void)state;
    shoot_at("seed=3", "swapstax", "human,medium", 100, "swapstax-swaps", 1280, 720);
}

/* The swap offers of a person facing three computers: the deck, a button
 * per rival naming the card it takes (each a different card, one the
 * panel's rows show that rival holding), and Pass, each in its own button,
 * none overlapping another (their focus rings included). */
static void check_swap_offers(app *a)
{
    int offer[8], n = 0, takes = 0;
    (void)a;
    for (int i = 0; i < n_texts; i++) {
        int card;
        const char *s = texts[i].s;
        if (strcmp(s, "Swap with the deck") != 0 && strncmp(s, "Pass: keep card ", 16) != 0 &&
            sscanf(s, "Take card %d", &card) != 1)
            continue;
        assert_true(n < 8);
        offer[n++] = i;
        if (strncmp(s, "Take card ", 10) == 0) {
            char row[32];
            int shown = 0;
            takes++;
            snprintf(row, sizeof row, "Card %d", card);
            for (int j = 0; j < n_texts; j++)
                shown |= strcmp(texts[j].s, row) == 0;
            assert_true(shown);
        }
    }
    assert_int_equal(takes, 3);
    assert_int_equal(n, 5);
    {
        /* card 40, twelve high, is a rival's here: its row and its offer count the blocks */
        int card40 = 0, counts = 0;
        for (int i = 0; i < n_texts; i++) {
            card40 += strcmp(texts[i].s, "Card 40") == 0 || strcmp(texts[i].s, "Take card 40") == 0;
            counts += strcmp(texts[i].s, "\xc3\x97" "12") == 0;
        }
        assert_int_equal(card40, 2);
        assert_int_equal(counts, 2);
    }
    for (int i = 0; i < n; i++) {
        int bi = box_of(&texts[offer[i]]);
        rrect r;
        assert_true(bi >= 0);
        r = ui_audit_get(bi);
        assert_true(r.w < 400); /* the button, not the panel round it */
        for (int j = 0; j < i; j++) {
            rrect q = ui_audit_get(box_of(&texts[offer[j]]));
            assert_string_not_equal(texts[offer[i]].s, texts[offer[j]].s);
            assert_false(overlaps((rrect){r.x - UI_FOCUS_REACH, r.y, r.w + 2 * UI_FOCUS_REACH, r.h},
                                  (rrect){q.x - UI_FOCUS_REACH, q.y, q.w + 2 * UI_FOCUS_REACH, q.h}));
        }
    }
}

/* SWAPSTAX: a person's offers against three computers at 1080p (seed=2:
 * the person swaps first). */
static void test_swapstax_offers_1080p(void **state)
{
    (void)state;
    shot_after = check_swap_offers;
    shoot_at("seed=2", "swapstax", "human,easy,medium,hard", 100, "swapstax-offers", 1920, 1080);
}

static void test_swapstax_split_4k(void **state)
{
    (void)state;
    shoot_at("seed=5", "swapstax", "easy,medium,hard,medium", 1500, "swapstax-split", 3840, 2160);
}

static void test_swapstax_one_mouse_4p_4k(void **state)
{
    (void)state;
    shoot_at("seed=3", "swapstax", "human,human,easy,medium", 30, "swapstax-mouse-4p", 3840, 2160);
}

/* Hot-seat 9 STAX: the card a player drew, shown before the curtain. */
static void test_nine_drawn_720p(void **state)
{
    (void)state;
    shoot_scripted("9stax", "human,human", "nine_draw_keep", "golden_nine_drawn", 280, "nine-drawn", 1280, 720);
}

/* The score screen as the games reach it: 9 STAX (720p) and STAX (4K). */
static void test_nine_score_720p(void **state)
{
    (void)state;
    shoot_scripted("9stax", "easy,easy", "nine_finish", NULL, 420, "nine-score", 1280, 720);
}

static void test_stax_score_4k(void **state)
{
    (void)state;
    shoot_scripted("stax", "easy,easy", NULL, NULL, 420, "stax-score", 3840, 2160);
}

/* Stakz mid-game (composed positions, Player 1 to move): two seats at
 * 720p, four at 4K (a split's bonus stars pending), four with the
 * colour-blind patterns; the colour picker for the draw; a round's points;
 * a placed tile arriving over the labels. */
static void test_stakz_table_2p_720p(void **state)
{
    (void)state;
    shoot_scripted("stakz", "human,easy", "stakz_mid2", NULL, 30, "stakz-table-2p", 1280, 720);
}

static void test_stakz_table_4p_4k(void **state)
{
    (void)state;
    shoot_scripted("stakz", "human,easy,medium,hard", "stakz_mid4", NULL, 30, "stakz-table-4p", 3840, 2160);
}

static void test_stakz_marks_720p(void **state)
{
    (void)state;
    shot_colorblind = 1;
    shoot_scripted("stakz", "human,easy,medium,hard", "stakz_mid4", NULL, 30, "stakz-marks", 1280, 720);
    shot_colorblind = 0;
}

/* A modal's dim (ui_draw_dim) lies over the table: the midend's Menu
 * button under it is left out of the contrast check, the modal's heading
 * drawn over it is not. */
static void check_modal_dim(const char *heading)
{
    int menu = 0, head = 0;
    assert_int_equal(ui_audit_dim_count(), 1);
    for (int i = 0; i < n_texts; i++) {
        if (strcmp(texts[i].s, "Menu") == 0) {
            assert_true(texthook_dimmed(&texts[i]));
            menu = 1;
        }
        if (strcmp(texts[i].s, heading) == 0) {
            assert_false(texthook_dimmed(&texts[i]));
            head = 1;
        }
    }
    assert_true(menu && head);
}

static void check_picker_dim(app *a)
{
    (void)a;
    check_modal_dim("Draw a tile");
}

static void check_round_dim(app *a)
{
    (void)a;
    check_modal_dim("Player 1 wins the round!");
}

static void test_stakz_picker_720p(void **state)
{
    (void)state;
    shot_after = check_picker_dim;
    shoot_scripted("stakz", "human,easy", "stakz_mid2", "golden_stakz_picker", 45, "stakz-picker", 1280, 720);
}

static void test_stakz_round_4k(void **state)
{
    (void)state;
    shot_after = check_round_dim;
    shoot_scripted("stakz", "human,easy", "stakz_round", "golden_stakz_round", 270, "stakz-round", 3840, 2160);
}

/* A placed tile gliding onto its stack passes over the stacks' labels, never under them. */
static void test_stakz_arrive_720p(void **state)
{
    (void)state;
    shoot_scripted("stakz", "human,easy", "stakz_mid2", "golden_stakz_arrive", 37, "stakz-arrive", 1280, 720);
}

/* Stack-A-Track mid-game (tests/scripts/track_mid.pos): the chosen block
 * previewed over a column with its points (720p), and the loop it closes lit
 * up as it lands (4K). */
static void test_track_preview_720p(void **state)
{
    (void)state;
    shoot_scripted("stackatrack", "human,easy,easy", "track_mid", "golden_track_preview", 30, "track-preview", 1280,
                   720);
}

static void test_track_loop_4k(void **state)
{
    (void)state;
    shoot_scripted("stackatrack", "human,easy,easy", "track_mid", "golden_track_loop", 45, "track-loop", 3840, 2160);
}

/* Stack-A-Track: a computer's points still rising over the preview of the
 * next block (720p): the points are drawn on top. */
static void test_track_pop_720p(void **state)
{
    (void)state;
    shoot_scripted("stackatrack", "human,easy,easy", "track_mid", "golden_track_pop", 160, "track-pop", 1280, 720);
}

#define SCREEN_TEST(scene_name)                                                                    \
    static void test_##scene_name##_720p(void **state)                                             \
    {                                                                                              \
        (void)state;                                                                               \
        shoot(#scene_name, 1280, 720);                                                             \
    }                                                                                              \
    static void test_##scene_name##_4k(void **state)                                               \
    {                                                                                              \
        (void)state;                                                                               \
        shoot(#scene_name, 3840, 2160);                                                            \
    }

SCREEN_TEST(picker)
SCREEN_TEST(setup)
SCREEN_TEST(settings)
SCREEN_TEST(rules)
SCREEN_TEST(score)
SCREEN_TEST(table)

/* The STAX rules page opens on a diagram (#29): a capture drawn by the STAX
 * table's own view beside its caption, at 16:9, 4K and 4:3. */
static void test_rules_stax_diagram(void **state)
{
    static const int size[][2] = {{1280, 720}, {3840, 2160}, {1024, 768}};
    (void)state;
    for (int i = 0; i < 3; i++)
        shoot_game("rules", "stax", NULL, 30, "rules-stax", size[i][0], size[i][1]);
}

/* The Stakz rules page opens on a tile placed, drawn by its table's view. */
static void test_rules_stakz_diagram(void **state)
{
    static const int size[][2] = {{1280, 720}, {3840, 2160}, {1024, 768}};
    (void)state;
    for (int i = 0; i < 3; i++)
        shoot_game("rules", "stakz", NULL, 30, "rules-stakz", size[i][0], size[i][1]);
}

/* The Stack-A-Track rules page opens on a loop closed, drawn by its table's view. */
static void test_rules_track_diagram(void **state)
{
    static const int size[][2] = {{1280, 720}, {3840, 2160}, {1024, 768}};
    (void)state;
    for (int i = 0; i < 3; i++)
        shoot_game("rules", "stackatrack", NULL, 30, "rules-stackatrack", size[i][0], size[i][1]);
}

/* The MAXSTAX rules open at each mode's own section (#29), on its picture
 * drawn by the MAXSTAX table's view: SPEEDSTAX's stacker card, the SAMESTAX
 * Creator's structure, the SWAPSTAX swap. (The 9 STAX page, "rules", opens
 * on a card played.) */
static void test_rules_maxstax_diagrams(void **state)
{
    static const int size[][2] = {{1280, 720}, {3840, 2160}, {1024, 768}};
    static const char *const mode[] = {"speedstax", "samestax", "swapstax"};
    char golden[32];
    (void)state;
    for (int m = 0; m < 3; m++)
        for (int i = 0; i < 3; i++) {
            snprintf(golden, sizeof golden, "rules-%s", mode[m]);
            shoot_game("rules", mode[m], NULL, 30, golden, size[i][0], size[i][1]);
        }
}

/* Resolution scale 50%: drawn offscreen at half size and stretched to the window. */
static void test_settings_720p_half_scale(void **state)
{
    (void)state;
    shot_render_scale = 50;
    shoot_game("settings", "9stax", NULL, 30, "settings-at50", 1280, 720);
    shot_render_scale = 100;
}

/* Every mode's setup (seats, the game's options, Start) fits above the hint
 * bar at 4:3, where options first pushed the buttons into it: each text lies
 * inside the box it touches, the hint bar's included. */
static void test_setup_every_mode_fits(void **state)
{
    (void)state;
    shot_no_golden = shot_hint_clear = 1;
    for (int i = 0; i < registry_count(); i++)
        shoot_game("setup", registry_get(i)->id, NULL, 10, "setup-fit", 1024, 768);
    shot_no_golden = shot_hint_clear = 0;
}

/* Setup with all four seats (tests/scripts/golden_setup_4seats.txt): each
 * seat's shape mark in its colour and its colour name, the same as the
 * tables call it, at 4:3 and at 4K. */
static const char *const setup4_primary[] = {"Player 1", "Player 4", " \xc2\xb7 Gold", NULL};

static void shoot_setup_4p(int w, int h)
{
    shot_script = "golden_setup_4seats";
    shot_primary = setup4_primary;
    shoot_game("setup", "9stax", NULL, 40, "setup-4p", w, h);
}

static void test_setup_4p_4x3(void **state)
{
    (void)state;
    shoot_setup_4p(1024, 768);
}

static void test_setup_4p_4k(void **state)
{
    (void)state;
    shoot_setup_4p(3840, 2160);
}

/* The notice a controller brings is up (the shell's toast), drawn whole as
 * the frame's last lines, and neither its lines nor its pill touch the hint
 * bar's box (where the bar was drawn this frame), which stays in view. */
static void check_notice_clear(app *a)
{
    const char *msg = toast_current(NULL);
    float bar[4];
    rrect hb;
    int first = n_texts, pill = -1;
    size_t drawn = 0;
    assert_non_null(msg);
    assert_int_equal(toast_kept_off(bar), 0);
    hb = (rrect){bar[0], bar[1], bar[2], bar[3]};
    while (first > 0 && texts[first - 1].s[0] && strstr(msg, texts[first - 1].s))
        first--;
    assert_true(first < n_texts);
    for (int i = first; i < n_texts; i++) {
        drawn += strlen(texts[i].s) + 1;
        if (overlaps(texts[i].r, hb))
            fail_msg("the notice's line '%s' is on the hint bar", texts[i].s);
    }
    assert_int_equal(drawn, strlen(msg) + 1); /* every word of it, a space at each wrap */
    for (int b = ui_audit_count() - 1; b >= 0 && pill < 0; b--)
        if (contains(ui_audit_get(b), texts[first].r) && !contains(ui_audit_get(b), hb))
            pill = b;
    assert_true(pill >= 0);
    {
        rrect p = ui_audit_get(pill);
        if (overlaps(p, hb))
            fail_msg("the notice %.0f,%.0f %.0fx%.0f covers the hint bar %.0f,%.0f %.0fx%.0f", p.x, p.y, p.w, p.h,
                     hb.x, hb.y, hb.w, hb.h);
        assert_true(p.x >= 0 && p.y >= 0 && p.x + p.w <= a->vw && p.y + p.h <= RENDER_VIRTUAL_H);
    }
}

/* check_notice_clear, for the notice that a controller was plugged in. */
static void check_connect_notice(app *a)
{
    assert_non_null(toast_current(NULL));
    assert_non_null(strstr(toast_current(NULL), "connected"));
    /* the new controller's hints show at once, beside its notice */
    assert_int_equal(a->in.last_device, DEV_PAD);
    for (int i = 0; i < n_texts; i++)
        assert_null(strstr(texts[i].s, "Click "));
    check_notice_clear(a);
}

/* A controller plugged in (tests/scripts/golden_pad_notice.txt) on the
 * picker and on tables whose hint bars are long (Stack-A-Track's at 4:3). */
static void shoot_notice(const char *scene_name, const char *game, const char *seats, const char *name, int golden,
                         int w, int h)
{
    shot_script = "golden_pad_notice";
    shot_after = check_connect_notice;
    shot_no_golden = !golden;
    shoot_game(scene_name, game, seats, 40, name, w, h);
}

static void test_notice_picker_4x3(void **state)
{
    (void)state;
    shoot_notice("picker", "9stax", NULL, "picker-notice", 1, 1024, 768);
}

static void test_notice_track_4x3(void **state)
{
    (void)state;
    shoot_notice("table", "stackatrack", "human,easy,easy,easy", "track-notice", 1, 1024, 768);
}

static void test_notice_tables(void **state)
{
    (void)state;
    /* each named for its table */
    shoot_notice("table", "stakz", "human,easy,easy,easy", "stakz-notice", 0, 3840, 2160);
    shoot_notice("table", "9stax", "human,easy,easy,easy", "nine-notice", 0, 2560, 1080);
    shoot_notice("table", "stax", "human,easy", "table-notice", 0, 1280, 720);
    shoot_notice("setup", "9stax", NULL, "setup-notice", 0, 1920, 1080);
}

/* Back once on the picker by controller: the shell's notice names the
 * button as the controller calls it, and keeps off the hint bar. */
static void check_back_notice(app *a)
{
    const char *msg = toast_current(NULL);
    assert_non_null(msg);
    assert_string_equal(msg, "Press (B) again to quit Stackhouse.");
    check_notice_clear(a);
}

static void test_picker_back_names_button(void **state)
{
    (void)state;
    shot_script = "picker_back_pad";
    shot_after = check_back_notice;
    shot_no_golden = 1;
    shoot_game("picker", "9stax", NULL, 20, "picker-back", 1280, 720);
}

/* Phones at the party (#25): Bo's phone joined seat 2 and went away. */
static void bo_away(app *a)
{
    shot_phone_join(2, "Bo");
    shot_phone_drop(2);
    shot_phones_settle(a, 2, 0);
}

/* Bo and Cy play seats 2 and 3 on phones; seat 1 is at the TV. */
static void bo_and_cy_on_phones(app *a)
{
    shot_phone_join(2, "Bo");
    shot_phone_join(3, "Cy");
    shot_phones_settle(a, 6, 6);
}

/* 9 STAX with phones as hands at each size: how is it set up (before),
 * what the script does (NULL nothing), the golden's name. */
static void shoot_phones(void (*before)(app *a), const char *seats, const char *steps, const char *golden)
{
    static const int size[][2] = {{1024, 768}, {1280, 720}, {3840, 2160}};
    setenv("STACKHOUSE_PHONES_FIXED", "1", 1);
    for (int i = 0; i < 3; i++) {
        shot_phones = 1;
        shot_before = before;
        shot_script = steps;
        shoot_game("table", "9stax", seats, 240, golden, size[i][0], size[i][1]); /* the toasts gone */
    }
    unsetenv("STACKHOUSE_PHONES_FIXED");
}

/* A seat waits for its phone: the TV shows the join card (QR code, address,
 * room) in its corner, over the TV person's covered hand. */
static void test_phones_waiting(void **state)
{
    (void)state;
    shoot_phones(bo_away, "human,human", NULL, "phones-waiting");
}

/* The pause menu with the phones' card and the away seat's choices. */
static void test_phones_menu(void **state)
{
    (void)state;
    shoot_phones(bo_away, "human,human", "phones_menu", "phones-menu");
}

/* One person at the TV among phones: their hand hidden, then held P shows it. */
static void test_phones_peek(void **state)
{
    (void)state;
    shoot_phones(bo_and_cy_on_phones, "human,human,human", NULL, "phones-peek-off");
    shoot_phones(bo_and_cy_on_phones, "human,human,human", "phones_peek", "phones-peek-on");
}

/* One screen the sweep below shoots at several sizes, with its primary text. */
typedef struct screen_spec {
    const char *scene, *game, *seats;
    int frames;
    const char *golden;
    const char *const *primary;
    const char *position; /* a composed position, tests/scripts/NAME.pos; NULL none */
} screen_spec;

/* Who plays each side, and the status line (wrapped: its first line). */
static const char *const stax_primary[] = {"Human", "Computer (Medium)", "Red to move*", NULL};
static const char *const nine2_primary[] = {"Player 1", "Player 2", "Your turn*", NULL};
static const char *const nine4_primary[] = {"Player 1", "Player 2", "Player 3", "Player 4", "Your turn*", NULL};
static const char *const stakz2_primary[] = {"Player 2", "Your tiles*", "Your turn*", NULL};
static const char *const stakz4_primary[] = {"Player 2", "Player 3", "Player 4", "Your tiles*", "Split!*", NULL};
static const char *const track_primary[] = {"Human", "Computer (Easy)", NULL};
static const char *const score_primary[] = {"Player 1", "Blue (Hard)", NULL};
/* The other modes' score samples: the names and the totals. */
static const char *const stax_score_primary[] = {"Red \xe2\x80\x94 Human", "7", "3", NULL};
static const char *const nine_score_primary[] = {"P1 \xe2\x80\x94 Human", "P3 \xe2\x80\x94 Computer (Hard)", "5", NULL};
static const char *const stakz_score_primary[] = {"P1 \xe2\x80\x94 Human", "14", NULL};
static const char *const track_score_primary[] = {"Green \xe2\x80\x94 Computer (Easy)", "14", NULL};
static const char *const same_score_primary[] = {"Human", "Green (Easy)", "3", NULL};
static const char *const swap_score_primary[] = {"Human", "Blue (Hard)", "11", NULL};
static const char *const setup_primary[] = {"Player 1", "Player 2", NULL};
/* Names in the score box and on each space, and the points. */
static const char *const speed_primary[] = {"Human", "Blue (Medium)", "0", NULL};
/* SAMESTAX: the names, the roles and the points; SWAPSTAX: the names. */
static const char *const same_primary[] = {"Human", "Blue (Medium)", "Creator", "Replicator", "0", NULL};
static const char *const swap_primary[] = {"Human", "Blue (Medium)", NULL};

static const screen_spec screens[] = {
    {"picker", NULL, NULL, 30, "picker", NULL, NULL},
    {"setup", "9stax", NULL, 30, "setup", setup_primary, NULL},
    {"setup", "stax", NULL, 30, "setup-stax", setup_primary, NULL},
    {"settings", NULL, NULL, 30, "settings", NULL, NULL},
    {"rules", "9stax", NULL, 30, "rules", NULL, NULL},
    {"score", "speedstax", NULL, 30, "score", score_primary, NULL},
    /* every mode row's score sample, made by its table (a MAXSTAX one by its view) */
    {"score", "stax", NULL, 30, "score-stax", stax_score_primary, NULL},
    {"score", "9stax", NULL, 30, "score-9stax", nine_score_primary, NULL},
    {"score", "stakz", NULL, 30, "score-stakz", stakz_score_primary, NULL},
    {"score", "stackatrack", NULL, 30, "score-stackatrack", track_score_primary, NULL},
    {"score", "samestax", NULL, 30, "score-samestax", same_score_primary, NULL},
    {"score", "swapstax", NULL, 30, "score-swapstax", swap_score_primary, NULL},
    {"table", "stax", "human,medium", 30, "table", stax_primary, NULL},
    {"table", "9stax", "human,easy", 90, "nine-table-2p", nine2_primary, NULL},
    {"table", "9stax", "human,easy,medium,hard", 90, "nine-table-4p", nine4_primary, NULL},
    {"table", "speedstax", "human,medium", 30, "speedstax", speed_primary, NULL},
    {"table", "stakz", "human,easy", 30, "stakz-table-2p", stakz2_primary, "stakz_mid2"},
    {"table", "stakz", "human,easy,medium,hard", 30, "stakz-table-4p", stakz4_primary, "stakz_mid4"},
    {"table", "samestax", "human,medium", 30, "samestax", same_primary, NULL},
    {"table", "swapstax", "human,medium", 100, "swapstax", swap_primary, NULL},
    {"table", "stackatrack", "human,easy,easy", 30, "track-table", track_primary, "track_mid"},
};
#define N_SCREENS (int)(sizeof screens / sizeof screens[0])

/* A screen at a size; golden 0 checks the layout and text only. */
typedef struct screen_shot {
    const screen_spec *sp;
    int w, h, golden;
    char name[64];
} screen_shot;

/* 4:3 and 21:9 get golden images (every screen must lay out from one to
 * the other); 1080p, where a virtual unit is a pixel, is checked for layout
 * and text size only. */
static const struct {
    int w, h, golden;
} sweep_sizes[] = {{1024, 768, 1}, {2560, 1080, 1}, {1920, 1080, 0}};
#define N_SWEEP (int)(sizeof sweep_sizes / sizeof sweep_sizes[0])

static screen_shot sweep[N_SCREENS * N_SWEEP];

static void test_sweep(void **state)
{
    const screen_shot *s = *state;
    const char *game = s->sp->game ? s->sp->game : "9stax";
    char pos[4096];
    shot_primary = s->sp->primary;
    shot_no_golden = !s->golden;
    if (s->sp->position) {
        read_position(s->sp->position, pos, sizeof pos);
        shot_position = pos;
    }
    shoot_game(s->sp->scene, game, s->sp->seats, s->sp->frames, s->sp->golden, s->w, s->h);
    shot_position = NULL;
    shot_no_golden = 0;
    shot_primary = NULL;
}

int main(void)
{
    static const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_picker_720p),   cmocka_unit_test(test_picker_4k),
        cmocka_unit_test(test_setup_720p),    cmocka_unit_test(test_setup_4k),
        cmocka_unit_test(test_settings_720p), cmocka_unit_test(test_settings_4k),
        cmocka_unit_test(test_settings_720p_half_scale),
        cmocka_unit_test(test_save_notice_720p), cmocka_unit_test(test_settings_notice_720p),
        cmocka_unit_test(test_rules_720p),    cmocka_unit_test(test_rules_4k),
        cmocka_unit_test(test_rules_stax_diagram), cmocka_unit_test(test_rules_track_diagram),
        cmocka_unit_test(test_rules_stakz_diagram), cmocka_unit_test(test_rules_maxstax_diagrams),
        cmocka_unit_test(test_score_720p),    cmocka_unit_test(test_score_4k),
        cmocka_unit_test(test_table_720p),    cmocka_unit_test(test_table_4k),
        cmocka_unit_test(test_nine_table_2p_720p), cmocka_unit_test(test_nine_table_4p_4k),
        cmocka_unit_test(test_speedstax_720p), cmocka_unit_test(test_speedstax_split_4k),
        cmocka_unit_test(test_speedstax_marks_720p),
        cmocka_unit_test(test_speedstax_ghost_720p_4k),
        cmocka_unit_test(test_speedstax_practice),
        cmocka_unit_test(test_speedstax_built_4x3), cmocka_unit_test(test_speedstax_built_21x9),
        cmocka_unit_test(test_samestax_create_720p), cmocka_unit_test(test_samestax_split_4k),
        cmocka_unit_test(test_swapstax_swaps_720p), cmocka_unit_test(test_swapstax_split_4k),
        cmocka_unit_test(test_swapstax_one_mouse_4p_4k), cmocka_unit_test(test_swapstax_offers_1080p),
        cmocka_unit_test(test_samestax_labels_1080p), cmocka_unit_test(test_samestax_rivals_1080p),
        cmocka_unit_test(test_samestax_rivals_4x3), cmocka_unit_test(test_swapstax_rivals_4x3),
        cmocka_unit_test(test_samestax_carry_over_label_1080p),
        cmocka_unit_test(test_stax_pad_pick_720p), cmocka_unit_test(test_stax_mouse_pick_4k),
        cmocka_unit_test(test_nine_drawn_720p),
        cmocka_unit_test(test_nine_score_720p), cmocka_unit_test(test_stax_score_4k),
        cmocka_unit_test(test_setup_every_mode_fits),
        cmocka_unit_test(test_stakz_table_2p_720p), cmocka_unit_test(test_stakz_table_4p_4k),
        cmocka_unit_test(test_stakz_marks_720p), cmocka_unit_test(test_stakz_picker_720p),
        cmocka_unit_test(test_stakz_round_4k), cmocka_unit_test(test_stakz_arrive_720p),
        cmocka_unit_test(test_track_preview_720p), cmocka_unit_test(test_track_loop_4k),
        cmocka_unit_test(test_track_pop_720p),
        cmocka_unit_test(test_notice_picker_4x3), cmocka_unit_test(test_notice_track_4x3),
        cmocka_unit_test(test_notice_tables),
        cmocka_unit_test(test_setup_4p_4x3), cmocka_unit_test(test_setup_4p_4k),
        cmocka_unit_test(test_picker_back_names_button),
        cmocka_unit_test(test_phones_waiting), cmocka_unit_test(test_phones_menu), cmocka_unit_test(test_phones_peek),
    };
    enum { N_FIXED = sizeof fixed / sizeof fixed[0] };
    struct CMUnitTest tests[N_FIXED + N_SCREENS * N_SWEEP];
    int n = 0;
    for (int i = 0; i < N_FIXED; i++) {
        tests[n] = fixed[i];
        tests[n++].setup_func = reset_shot;
    }
    for (int k = 0; k < N_SWEEP; k++)
        for (int i = 0; i < N_SCREENS; i++) {
            screen_shot *s = &sweep[k * N_SCREENS + i];
            s->sp = &screens[i];
            s->w = sweep_sizes[k].w;
            s->h = sweep_sizes[k].h;
            s->golden = sweep_sizes[k].golden;
            snprintf(s->name, sizeof s->name, "%s_%dx%d", screens[i].golden, s->w, s->h);
            tests[n++] = (struct CMUnitTest){s->name, test_sweep, reset_shot, NULL, s};
        }
    /* STACKHOUSE_SCREENS_FILTER=*stakz* runs only the shots whose names match (cmocka's wildcards). */
    if (getenv("STACKHOUSE_SCREENS_FILTER"))
        cmocka_set_test_filter(getenv("STACKHOUSE_SCREENS_FILTER"));
    return _cmocka_run_group_tests("test_screens", tests, (size_t)n, testenv_app_setup, testenv_app_teardown);
}
