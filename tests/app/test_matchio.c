/* Match files on disk (app/matchio.h, #28): a match exported and imported
 * again is the same match; a write that fails (a full disk, a missing
 * folder) leaves the file that was there as it was and no temporary file;
 * a bad, oversized or binary file is refused with the reason and nothing
 * imported; and the suggested file name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/matchio.h"
#include "core/matchfile.h"
#include "core/matchplay.h"
#include "core/utf8.h"
#include "../core/matchfile_util.h"

#define FILES_DIR STACKHOUSE_BINARY_DIR "/matchio_files"

/* The files in FILES_DIR whose names hold part. */
static int files_with(const char *part)
{
    DIR *d = opendir(FILES_DIR);
    struct dirent *de;
    int n = 0;
    assert_non_null(d);
    while ((de = readdir(d)))
        n += strstr(de->d_name, part) != NULL;
    closedir(d);
    return n;
}

static char *text_of(const char *path)
{
    char err[300], *t = matchio_read(path, MATCHIO_MAX_BYTES, err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    return t;
}

static void test_export_import(void **state)
{
    static const char *const modes[] = {"stax", "9stax", "speedstax"};
    (void)state;
    mkdir(FILES_DIR, 0755);
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        match_info mi, back;
        char *body, *body2, path[512], err[600], *a, *b;
        mf_match(modes[i], 2, 7 + i, &mi, &body, NULL);
        snprintf(path, sizeof path, "%s/%s.stackhouse.txt", FILES_DIR, modes[i]);
        if (matchio_export(path, &mi, body, err, sizeof err) < 0)
            fail_msg("%s", err);
        if (matchio_import(path, &back, &body2, err, sizeof err) < 0)
            fail_msg("%s", err);
        a = match_file_write(&mi, body);
        b = match_file_write(&back, body2);
        assert_string_equal(b, a);
        assert_string_equal(body2, body);
        /* the file is the match file, byte for byte */
        free(b);
        b = text_of(path);
        assert_string_equal(b, a);
        free(a);
        free(b);
        free(body);
        free(body2);
    }
    assert_int_equal(files_with(".part-"), 0);
}

/* A full disk (a file-size limit: the write fails with EFBIG, as a full
 * disk's does with ENOSPC) midway through an export over an older file. */
static void test_write_fails_whole(void **state)
{
    struct rlimit before, small;
    match_info mi;
    char *body, err[600], *now;
    const char *path = FILES_DIR "/kept.stackhouse.txt";
    (void)state;
    mkdir(FILES_DIR, 0755);
    assert_int_equal(matchio_write(path, "the older file\n", err, sizeof err), 0);
    mf_match("samestax", 2, 3, &mi, &body, NULL);
    assert_true(strlen(body) > 20000);
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &before), 0);
    small = before;
    small.rlim_cur = 16384;
    signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    assert_int_equal(matchio_export(path, &mi, body, err, sizeof err), -1);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &before), 0);
    signal(SIGXFSZ, SIG_DFL);
    fprintf(stderr, "full: %s\n", err);
    assert_non_null(strstr(err, "could not write " FILES_DIR "/kept.stackhouse.txt: the disk is full"));
    assert_non_null(strstr(err, "nothing was written"));
    now = text_of(path);
    assert_string_equal(now, "the older file\n");
    free(now);
    assert_int_equal(files_with(".part-"), 0);
    /* no such folder: nothing anywhere */
    assert_int_equal(matchio_export(FILES_DIR "/no/such/folder/x.txt", &mi, body, err, sizeof err), -1);
    assert_non_null(strstr(err, "No such file or directory"));
    /* and with room, the export goes through over the older file */
    assert_int_equal(matchio_export(path, &mi, body, err, sizeof err), 0);
    now = text_of(path);
    assert_int_equal(strncmp(now, "stackhouse-match 1\nmode samestax\n", 33), 0);
    free(now);
    free(body);
}

static void put(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
}

/* Import refuses, and sets nothing. */
static void import_refused(const char *path, const char *words)
{
    match_info mi, before;
    char *body = (char *)&before, err[600];
    memset(&mi, 0x33, sizeof mi);
    before = mi;
    assert_int_equal(matchio_import(path, &mi, &body, err, sizeof err), -1);
    if (!strstr(err, words))
        fail_msg("expected \"%s\" in \"%s\"", words, err);
    assert_memory_equal(&mi, &before, sizeof mi);
    assert_ptr_equal(body, (char *)&before);
}

static void test_import_refused(void **state)
{
    match_info mi;
    char *body, err[300];
    (void)state;
    mkdir(FILES_DIR, 0755);
    mf_match("stakz", 3, 4, &mi, &body, NULL);
    /* the seed tampered: named by the record's line, with the file's name */
    {
        char *whole = match_file_write(&mi, body), *seed = strstr(whole, "\nseed 0x");
        seed[8 + 15] = seed[8 + 15] == '1' ? '2' : '1';
        put(FILES_DIR "/bad.stackhouse.txt", whole, strlen(whole));
        import_refused(FILES_DIR "/bad.stackhouse.txt", FILES_DIR "/bad.stackhouse.txt: match file line ");
        import_refused(FILES_DIR "/bad.stackhouse.txt", "the record's seed is");
        free(whole);
    }
    put(FILES_DIR "/nul.stackhouse.txt", "stackhouse-match 1\0mode stax\n", 29);
    import_refused(FILES_DIR "/nul.stackhouse.txt", "not a text file (it holds a NUL byte)");
    import_refused(FILES_DIR "/none.stackhouse.txt", "could not open");
    import_refused(FILES_DIR, "is not a file");
    /* the size cap */
    put(FILES_DIR "/big.txt", "0123456789", 10);
    assert_null(matchio_read(FILES_DIR "/big.txt", 9, err, sizeof err));
    assert_non_null(strstr(err, "is 10 bytes, more than a match file's 9"));
    free(body);
}

static void test_file_name(void **state)
{
    match_info mi;
    char name[400], *body;
    int len;
    (void)state;
    mf_match("stax", 2, 1, &mi, &body, NULL);
    free(body);
    len = matchio_file_name(&mi, name, sizeof name);
    assert_string_equal(name, "2026-11-27 05.12 stax Anna _the Stacker_ \xc3\x85str\xc3\xb6m vs Computer 2.stackhouse.txt");
    assert_int_equal(len, (int)strlen(name));
    snprintf(mi.seat[0].name, sizeof mi.seat[0].name, "a/b\\c:d*e?f<g>h|i");
    snprintf(mi.seat[1].name, sizeof mi.seat[1].name, "   ");
    matchio_file_name(&mi, name, sizeof name);
    assert_string_equal(name, "2026-11-27 05.12 stax a_b_c_d_e_f_g_h_i vs Seat 2.stackhouse.txt");
    /* four long names of two-byte letters: cut whole, within 180 bytes, the suffix kept */
    mi.params.players = 4;
    snprintf(mi.mode, sizeof mi.mode, "9stax");
    for (int s = 0; s < 4; s++) {
        for (int k = 0; k < 15; k++)
            memcpy(mi.seat[s].name + 2 * k, "\xc3\xb6", 2);
        mi.seat[s].name[30] = 0;
    }
    len = matchio_file_name(&mi, name, sizeof name);
    assert_true(len <= 180);
    assert_true(utf8_valid(name));
    assert_string_equal(name + len - strlen(MATCHIO_SUFFIX), MATCHIO_SUFFIX);
    assert_int_equal(strncmp(name, "2026-11-27 05.12 9stax \xc3\xb6", 25), 0);
    /* a small buffer */
    len = matchio_file_name(&mi, name, 24);
    assert_true(len <= 23 && (int)strlen(name) == len && utf8_valid(name));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_export_import),
        cmocka_unit_test(test_write_fails_whole),
        cmocka_unit_test(test_import_refused),
        cmocka_unit_test(test_file_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
