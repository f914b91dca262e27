/* The app in-process under its own Xvfb, each case with a scratch preferences
 * folder: what a player sees of the pause menu over each table (one hint
 * bar, Undo and Redo only where the mode has them), a run's --fullscreen
 * never becoming a setting, and a corrupt database reported on screen once. */
#include "app/glpin.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL.h>
#include <unistd.h>

#include "app/app.h"
#include "testenv.h"
#include "texthook.h"

/* How many texts drawn in the last recorded frame contain needle. */
static int count_texts(const char *needle)
{
    int n = 0;
    for (int i = 0; i < n_texts; i++)
        n += strstr(texts[i].s, needle) != NULL;
    return n;
}

/* How many texts inside the pause menu's panel (520 units wide, centred) contain needle. */
static int count_in_menu(const app *a, const char *needle)
{
    float x0 = (a->vw - 520) / 2, x1 = x0 + 520;
    int n = 0;
    for (int i = 0; i < n_texts; i++)
        n += texts[i].r.x >= x0 && texts[i].r.x + texts[i].r.w <= x1 &&
             texts[i].r.y < RENDER_VIRTUAL_H - 70 && strstr(texts[i].s, needle) != NULL;
    return n;
}

/* Texts whose line lies in the hint bar's band at the bottom of the screen;
 * *last gets the last of them. */
static int count_hint_lines(const char **last)
{
    int n = 0;
    for (int i = 0; i < n_texts; i++)
        if (texts[i].r.y >= RENDER_VIRTUAL_H - 70) {
            n++;
            *last = texts[i].s;
        }
    return n;
}

static char pref[256];

/* A fresh scratch preferences folder for the next app. */
static void fresh_pref(void)
{
    snprintf(pref, sizeof pref, "%s", testenv_tmpdir());
    setenv("STACKHOUSE_PREF_DIR", pref, 1);
}

static app *start(const char *scene_name, const char *game, const char *seats, int fullscreen)
{
    app_options o;
    app *a;
    memset(&o, 0, sizeof o);
    o.window_w = 1280;
    o.window_h = 720;
    o.scene = scene_name;
    o.game = game;
    o.seats = seats;
    o.fullscreen = fullscreen;
    o.headless = 1;
    a = app_create(&o);
    assert_non_null(a);
    assert_true(app_gl_pin() >= 1); /* see app/glpin.h */
    return a;
}

/* Runs n frames on a simulated clock; the last one's texts are recorded. */
static void frames(app *a, int n)
{
    static double now;
    for (int f = 0; f < n; f++) {
        now += APP_STEP;
        if (f == n - 1) {
            n_texts = 0;
            render_set_text_hook(a->r, texthook_on_text, NULL);
        }
        assert_int_equal(app_frame(a, now, 1), 0);
    }
    render_set_text_hook(a->r, NULL, NULL);
}

static void press(app *a, SDL_Keycode key)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.key.windowID = SDL_GetWindowID(a->window);
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    SDL_PushEvent(&e);
    frames(a, 1);
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    SDL_PushEvent(&e);
    frames(a, 1);
}

/* Opens the pause menu over game's table and records a frame of it. */
static app *menu_over(const char *game, const char *seats)
{
    app *a;
    const char *hint = "";
    fresh_pref();
    a = start("table", game, seats, 0);
    frames(a, 90); /* past the deal */
    assert_string_equal(shell_top(a->sh)->name, "table");
    assert_int_equal(count_hint_lines(&hint), 1); /* the table's own bar */
    assert_non_null(strstr(hint, "Menu"));
    press(a, SDLK_ESCAPE);
    assert_string_equal(shell_top(a->sh)->name, "menu");
    frames(a, 10);
    return a;
}

/* Only the top scene's hints are drawn: the menu's, never the table's under it. */
static void check_menu(const char *game, const char *seats, int lists_undo)
{
    app *a = menu_over(game, seats);
    const char *hint = "";
    assert_int_equal(count_hint_lines(&hint), 1);
    assert_non_null(strstr(hint, "Resume")); /* the menu's, not the table's "Esc Menu" */
    assert_null(strstr(hint, "Menu"));
    assert_int_equal(count_in_menu(a, "Save & quit"), 1);
    assert_int_equal(count_in_menu(a, "Rules"), 1);
    assert_int_equal(count_in_menu(a, "Undo"), lists_undo);
    assert_int_equal(count_in_menu(a, "Redo"), lists_undo);
    app_destroy(a);
}

static void test_menu_over_stax(void **state)
{
    (void)state;
    check_menu("stax", "human,easy", 1); /* greyed at the start, but STAX has undo */
}

static void test_menu_over_nine(void **state)
{
    (void)state;
    check_menu("9stax", "human,easy", 0); /* undo would show a hidden card */
}

static void test_menu_over_speedstax(void **state)
{
    (void)state;
    check_menu("speedstax", "human,medium", 0); /* real time */
}

/* --fullscreen is for its run: the next plain start is windowed. */
static void test_fullscreen_flag_not_saved(void **state)
{
    app *a;
    (void)state;
    fresh_pref();
    a = start("picker", NULL, NULL, 1);
    assert_int_equal(a->settings.v[SETTING_fullscreen], 1); /* shown as on this run */
    assert_true(SDL_GetWindowFlags(a->window) & SDL_WINDOW_FULLSCREEN);
    frames(a, 2);
    /* A setting the player changes is still saved, without the flag's fullscreen. */
    a->settings.v[SETTING_music_volume] = 30;
    assert_int_equal(app_save_settings(a), 0);
    app_destroy(a);

    a = start("picker", NULL, NULL, 0);
    assert_int_equal(a->settings.v[SETTING_fullscreen], 0);
    assert_int_equal(a->settings.v[SETTING_music_volume], 30);
    assert_false(SDL_GetWindowFlags(a->window) & SDL_WINDOW_FULLSCREEN);
    app_destroy(a);
}

/* Switching fullscreen in the game is the player's setting, even in a --fullscreen run. */
static void test_fullscreen_toggle_is_saved(void **state)
{
    app *a;
    (void)state;
    fresh_pref();
    a = start("picker", NULL, NULL, 1);
    frames(a, 2);
    press(a, SDLK_F11); /* off */
    assert_int_equal(a->settings.v[SETTING_fullscreen], 0);
    press(a, SDLK_F11); /* and on again, by choice */
    assert_int_equal(a->settings.v[SETTING_fullscreen], 1);
    app_destroy(a);

    a = start("picker", NULL, NULL, 0);
    assert_int_equal(a->settings.v[SETTING_fullscreen], 1);
    app_set_fullscreen(a, 0); /* leave the next test's window as it was */
    app_destroy(a);
}

/* A database that cannot be read is moved aside, and the player is told
 * where on the first screen, once. */
static void test_corrupt_database_told_once(void **state)
{
    char path[512], aside[512], garbage[4096];
    FILE *f;
    app *a;
    (void)state;
    fresh_pref();
    snprintf(path, sizeof path, "%s/stackhouse.db", pref);
    snprintf(aside, sizeof aside, "%s/stackhouse.db.corrupt-1", pref);
    memset(garbage, 'x', sizeof garbage);
    f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(garbage, 1, sizeof garbage, f), sizeof garbage);
    fclose(f);

    a = start("picker", NULL, NULL, 0);
    assert_int_equal(access(aside, F_OK), 0); /* moved, not deleted */
    frames(a, 30);
    /* Said once on screen (one line names the file), with its full name. */
    assert_int_equal(count_texts("stackhouse.db.corrupt-1"), 1);
    assert_int_equal(count_texts("could not be read"), 1);
    assert_int_equal(count_texts(pref), 1);
    /* Long enough to read, then gone. */
    frames(a, (int)(8.0 / APP_STEP));
    assert_int_equal(count_texts("corrupt-1"), 1);
    frames(a, (int)((APP_NOTICE_TIME - 8.0 + 1.0) / APP_STEP));
    assert_int_equal(count_texts("corrupt-1"), 0);
    app_destroy(a);

    /* The fresh database opens cleanly: nothing to say next time. */
    a = start("picker", NULL, NULL, 0);
    frames(a, 30);
    assert_int_equal(count_texts("corrupt"), 0);
    assert_int_equal(count_texts("could not be read"), 0);
    app_destroy(a);
}

/* A database that cannot be opened (here its name is a link into a folder
 * that does not exist): the game plays on, and says once on its first
 * screen which file and why, and that nothing will be saved this run. */
static void test_unopenable_database_told_once(void **state)
{
    char path[512];
    app *a;
    (void)state;
    fresh_pref();
    snprintf(path, sizeof path, "%s/stackhouse.db", pref);
    unlink(path);
    assert_int_equal(symlink("/nonexistent-stackhouse/dir/stackhouse.db", path), 0);
    a = start("picker", NULL, NULL, 0);
    assert_non_null(a);
    assert_null(a->db);
    frames(a, 30);
    assert_int_equal(count_texts("Nothing will be saved"), 1);
    assert_true(count_texts("stackhouse.db") >= 1);
    frames(a, (int)((APP_NOTICE_TIME + 1.0) / APP_STEP));
    assert_int_equal(count_texts("Nothing will be saved"), 0); /* once, not for the whole run */
    app_destroy(a);
    unlink(path);
}

/* A user data folder that cannot be made (its parent is a file) does not stop
 * the game: it starts, without saving, and says so naming the folder. */
static void test_unmakeable_data_folder_starts_anyway(void **state)
{
    char file[512], dir[600];
    app *a;
    FILE *f;
    (void)state;
    fresh_pref();
    snprintf(file, sizeof file, "%s/not-a-folder", pref);
    f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(dir, sizeof dir, "%s/stackhouse", file);
    setenv("STACKHOUSE_PREF_DIR", dir, 1);
    a = start("picker", NULL, NULL, 0);
    setenv("STACKHOUSE_PREF_DIR", pref, 1);
    assert_non_null(a);
    assert_null(a->db);
    frames(a, 30);
    assert_string_equal(shell_top(a->sh)->name, "picker");
    assert_int_equal(count_texts("Nothing will be saved"), 1);
    assert_true(count_texts("not-a-folder") >= 1);
    app_destroy(a);
    unlink(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_menu_over_stax),
        cmocka_unit_test(test_menu_over_nine),
        cmocka_unit_test(test_menu_over_speedstax),
        cmocka_unit_test(test_fullscreen_flag_not_saved),
        cmocka_unit_test(test_fullscreen_toggle_is_saved),
        cmocka_unit_test(test_corrupt_database_told_once),
        cmocka_unit_test(test_unopenable_database_told_once),
        cmocka_unit_test(test_unmakeable_data_folder_starts_anyway),
    };
    return cmocka_run_group_tests(tests, testenv_app_setup, testenv_app_teardown);
}
