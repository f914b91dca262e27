/* core/utf8.h: cuts that never break a character or part a letter from its
 * accents (the TV's label buffers, #25 item 9), columns, and the cleaning
 * of a typed name (no bidirectional overrides or zero-width characters). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "core/utf8.h"

static void test_copy_never_breaks(void **state)
{
    (void)state;
    /* Sixteen 4-byte emoji in a kind[48]-style label: whole emoji only. */
    char name[80] = "", label[48], big[160];
    for (int i = 0; i < 16; i++)
        strcat(name, "\xf0\x9f\x98\x80");
    snprintf(big, sizeof big, "\xe2\x98\x8e %s on a phone (away)", name);
    for (size_t n = 1; n <= sizeof label; n++) {
        utf8_copy(label, n, big);
        assert_true(strlen(label) < n);
        assert_true(utf8_valid(label));
        assert_int_equal(strncmp(label, big, strlen(label)), 0);
    }
    utf8_copy(label, sizeof label, big);
    assert_int_equal(strlen(label), 3 + 1 + 4 * 10); /* the phone, a space, 10 emoji: 44 of 47 bytes */
    /* An accent stays with its letter: e + U+0301 is cut whole or not at all. */
    utf8_copy(label, 4, "ae\xcc\x81x");
    assert_string_equal(label, "a");
    utf8_copy(label, 5, "ae\xcc\x81x");
    assert_string_equal(label, "ae\xcc\x81");
    /* A flag is two regional indicators: never one alone. */
    utf8_copy(label, 8, "\xf0\x9f\x87\xab\xf0\x9f\x87\xb7");
    assert_string_equal(label, "");
    utf8_copy(label, 9, "\xf0\x9f\x87\xab\xf0\x9f\x87\xb7");
    assert_string_equal(label, "\xf0\x9f\x87\xab\xf0\x9f\x87\xb7");
    /* What fits is copied as it is. */
    assert_string_equal(utf8_copy(label, sizeof label, "Zo\xc3\xab"), "Zo\xc3\xab");
}

static void test_columns(void **state)
{
    (void)state;
    assert_int_equal(utf8_cp_cols('M'), 1);
    assert_int_equal(utf8_cp_cols(0x0301), 0);  /* combining acute */
    assert_int_equal(utf8_cp_cols(0x6f22), 2);  /* a CJK ideograph */
    assert_int_equal(utf8_cp_cols(0x1f600), 2); /* an emoji */
    assert_int_equal(utf8_cp_cols(0x202e), 0);
    assert_true(utf8_cp_hidden(0x202e));
    assert_true(utf8_cp_hidden(0x200b));
    assert_true(utf8_cp_hidden(0x2066));
    assert_true(utf8_cp_hidden(0xfeff));
    assert_true(utf8_cp_hidden(0x1b));
    assert_true(utf8_cp_hidden(0xe0041)); /* a tag */
    assert_false(utf8_cp_hidden('a'));
    assert_false(utf8_cp_hidden(0xe9));
}

static void test_clean_name(void **state)
{
    (void)state;
    char out[65];
    assert_int_equal(utf8_clean_name("\xe2\x80\xae" "evil", out, sizeof out, 16, 16), 4);
    assert_string_equal(out, "evil");
    assert_int_equal(utf8_clean_name(" A\xe2\x80\x8b" "n  \xc2\xa0 n ", out, sizeof out, 16, 16), 4);
    assert_string_equal(out, "An n");
    assert_int_equal(utf8_clean_name("\xe2\x80\x8b\xe2\x80\x8d", out, sizeof out, 16, 16), 0);
    assert_string_equal(out, "");
    assert_int_equal(utf8_clean_name("MMMMMMMMMMMMMMMMMMMM", out, sizeof out, 16, 16), 16);
    assert_string_equal(out, "MMMMMMMMMMMMMMMM");
    /* Wide characters count two: 8 emoji fill 16 columns. */
    char emoji[80] = "";
    for (int i = 0; i < 16; i++)
        strcat(emoji, "\xf0\x9f\x98\x80");
    assert_int_equal(utf8_clean_name(emoji, out, sizeof out, 16, 16), 16);
    assert_int_equal(strlen(out), 32);
    /* The byte room of out is a limit too, at a grapheme boundary. */
    char small[6];
    assert_int_equal(utf8_clean_name(emoji, small, sizeof small, 16, 16), 2);
    assert_int_equal(strlen(small), 4);
    /* Not UTF-8: nothing. */
    assert_int_equal(utf8_clean_name("a\xff", out, sizeof out, 16, 16), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_copy_never_breaks),
        cmocka_unit_test(test_columns),
        cmocka_unit_test(test_clean_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
