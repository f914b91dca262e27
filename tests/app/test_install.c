/* `cmake --install` gives a game that starts: the installed binary finds its
 * data under the prefix (not the build tree), from any working directory, and
 * the desktop file, AppStream metainfo and icons are in place. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testenv.h"

/* Each of the n paths exists under prefix. */
static void assert_installed(const char *prefix, const char *const *files, size_t n)
{
    char path[512];
    struct stat st;
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", prefix, files[i]);
        if (stat(path, &st) != 0)
            fprintf(stderr, "not installed: %s\n", path);
        assert_int_equal(stat(path, &st), 0);
    }
}

static void test_installed_game_starts(void **state)
{
    char cmd[2048], prefix[256], path[512];
    struct stat st;
    static const char *const files[] = {
        "bin/stackhouse",
        "bin/stackhouse-cli",
        "share/stackhouse/shaders/sprite.vert.glsl",
        "share/stackhouse/assets/picker/stax.svg",
        "share/stackhouse/fonts/DejaVuSans.ttf",
        "share/stackhouse/docs/rules/stax.md",
        "share/stackhouse/assets/web/index.html",
        STACKHOUSE_LIBDIR_REL "/stackhouse-phones.so",
        "share/applications/io.github.stackhouse.Stackhouse.desktop",
        "share/metainfo/io.github.stackhouse.Stackhouse.metainfo.xml",
        "share/icons/hicolor/scalable/apps/io.github.stackhouse.Stackhouse.svg",
        "share/icons/hicolor/256x256/apps/io.github.stackhouse.Stackhouse.png",
    };
    /* The soundtrack (cmake/music.cmake), unless built with STACKHOUSE_MUSIC=OFF. */
    static const char *const music[] = {
        "share/stackhouse/music/menu.ogg",           "share/stackhouse/music/table.ogg",
        "share/stackhouse/music/maxstax.ogg",        "share/stackhouse/music/maxstax_urgent.ogg",
        "share/stackhouse/music/fanfare.ogg",        "share/stackhouse/music/FluidR3_GM-copyright.txt",
    };
    (void)state;
    snprintf(prefix, sizeof prefix, "%s/prefix", testenv_tmpdir());
    snprintf(cmd, sizeof cmd, "cmake --install %s --prefix %s >/dev/null", STACKHOUSE_BINARY_DIR, prefix);
    assert_int_equal(testenv_run(cmd), 0);
    assert_installed(prefix, files, sizeof files / sizeof files[0]);
    if (STACKHOUSE_MUSIC_BUILT)
        assert_installed(prefix, music, sizeof music / sizeof music[0]);
    /* Fonts are real files, not links back into the build machine. */
    snprintf(path, sizeof path, "%s/share/stackhouse/fonts/DejaVuSans.ttf", prefix);
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));

    /* The installed CLI lists the modes, from any directory. */
    snprintf(cmd, sizeof cmd, "cd / && %s/bin/stackhouse-cli games >%s/games.txt 2>&1", prefix, prefix);
    assert_int_equal(testenv_run(cmd), 0);
    snprintf(path, sizeof path, "%s/games.txt", prefix);
    {
        FILE *f = fopen(path, "r");
        char text[4096] = "";
        assert_non_null(f);
        text[fread(text, 1, sizeof text - 1, f)] = '\0';
        fclose(f);
        assert_non_null(strstr(text, "stax"));
        assert_non_null(strstr(text, "9stax"));
        assert_non_null(strstr(text, "speedstax"));
    }

    assert_int_equal(testenv_start_xvfb(), 0);
    snprintf(cmd, sizeof cmd,
             "cd / && env -u STACKHOUSE_DATA_DIR STACKHOUSE_PREF_DIR=%s/pref SDL_AUDIODRIVER=dummy "
             "%s/bin/stackhouse --scene rules --game stax --screenshot %s/shot.png --frames 3 "
             "2>%s/err.txt",
             prefix, prefix, prefix, prefix);
    assert_int_equal(testenv_run(cmd), 0);
    /* Phones as hands: the installed game loads its server module from the
     * prefix it was moved to and listens (docs/phones.md). */
    snprintf(cmd, sizeof cmd,
             "cd / && env -u STACKHOUSE_DATA_DIR STACKHOUSE_PREF_DIR=%s/pref SDL_AUDIODRIVER=dummy "
             "%s/bin/stackhouse --scene table --game 9stax --seats human,human --phones --phones-port 0 "
             "--phones-info %s/phones.txt --screenshot %s/table.png --frames 3 2>>%s/err.txt",
             prefix, prefix, prefix, prefix, prefix);
    assert_int_equal(testenv_run(cmd), 0);
    {
        char *t;
        snprintf(path, sizeof path, "%s/phones.txt", prefix);
        t = testenv_slurp(path);
        assert_non_null(strstr(t, "room="));
        assert_non_null(strstr(t, "port="));
        free(t);
    }
    testenv_stop_xvfb();
    snprintf(path, sizeof path, "%s/shot.png", prefix);
    assert_int_equal(stat(path, &st), 0);
    assert_true(st.st_size > 10000);
    snprintf(cmd, sizeof cmd, "rm -rf %s", prefix);
    assert_int_equal(testenv_run(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_installed_game_starts)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
