/* core/textin: the line/field cursor, the one rule for zeros and signs, the
 * other field kinds (hex, u64, double, words) and messages that name the
 * line and the field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/textin.h"

static text_span sp(const char *s)
{
    return (text_span){s, strlen(s)};
}

static void test_cursor_lines_and_fields(void **state)
{
    (void)state;
    char err[128] = "";
    text_in in;
    text_span f;
    text_in_init(&in, "a b\n\nc;d;\nlast", "save", err, sizeof err);
    assert_false(text_in_done(&in));
    assert_int_equal(text_in_line(&in), 0);
    assert_int_equal(text_in_field(&in, " ", &f), 0);
    assert_true(text_is(f, "a"));
    assert_false(text_in_line_done(&in));
    assert_int_equal(text_in_field(&in, " ", &f), 0);
    assert_true(text_is(f, "b"));
    assert_true(text_in_line_done(&in));
    assert_int_equal(text_in_field(&in, " ", &f), -1);
    assert_int_equal(text_in_line(&in), 0); /* an empty line holds one empty field */
    assert_int_equal(text_in_field(&in, " ", &f), 0);
    assert_int_equal(f.len, 0);
    assert_int_equal(text_in_line(&in), 0);
    assert_int_equal(text_in_field(&in, ";", &f), 0);
    assert_true(text_is(f, "c"));
    f = text_in_rest(&in);
    assert_true(text_is(f, "d;"));
    assert_true(text_in_line_done(&in));
    assert_int_equal(in.line_no, 3);
    assert_int_equal(in.field_no, 2);
    assert_int_equal(text_in_line(&in), 0);
    assert_true(text_in_done(&in));
    assert_true(text_is(text_in_rest(&in), "last"));
    assert_int_equal(text_in_line(&in), -1);
    /* A final newline starts no line; "x;" holds "x" and "". */
    text_in_init(&in, "x;\n", "save", err, sizeof err);
    assert_int_equal(text_in_line(&in), 0);
    assert_true(text_in_done(&in));
    assert_int_equal(text_in_field(&in, ";", &f), 0);
    assert_int_equal(text_in_field(&in, ";", &f), 0);
    assert_int_equal(f.len, 0);
    assert_int_equal(text_in_field(&in, ";", &f), -1);
    text_in_init(&in, "", "save", err, sizeof err);
    assert_true(text_in_done(&in));
    assert_int_equal(text_in_line(&in), -1);
}

static void test_zero_and_sign_rule(void **state)
{
    (void)state;
    long long v = 0;
    static const char *const good[] = {"0", "7", "12", "999999"};
    static const long long want[] = {0, 7, 12, 999999};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(text_num(sp(good[i]), 0, 1000000, &v), 0);
        assert_int_equal(v, want[i]);
    }
    static const char *const bad[] = {"", "00", "013", "+1", " 1", "1 ", "-", "-0", "-01", "1x", "0x1", "1e3",
                                      "1.0", "9999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (text_num(sp(bad[i]), -1000, 1000000, &v) == 0)
            fail_msg("accepted '%s'", bad[i]);
    /* A minus sign only where the range admits negatives. */
    assert_int_equal(text_num(sp("-3"), 0, 10, &v), -1);
    assert_int_equal(text_num(sp("-3"), -9999, 9999, &v), 0);
    assert_int_equal(v, -3);
    assert_int_equal(text_num(sp("-10000"), -9999, 9999, &v), -1);
    assert_int_equal(text_num(sp("13"), 0, 12, &v), -1);
    /* Seeds: the same rule, the whole unsigned range. */
    uint64_t u = 0;
    assert_int_equal(text_u64(sp("18446744073709551615"), &u), 0);
    assert_true(u == UINT64_MAX);
    assert_int_equal(text_u64(sp("18446744073709551616"), &u), -1);
    assert_int_equal(text_u64(sp("0"), &u), 0);
    assert_int_equal(text_u64(sp("042"), &u), -1);
    assert_int_equal(text_u64(sp("-1"), &u), -1);
    assert_int_equal(text_u64(sp(""), &u), -1);
}

static void test_hex_double_word(void **state)
{
    (void)state;
    uint64_t u = 0;
    assert_int_equal(text_hex64(sp("00000000000000ff"), 16, 16, &u), 0);
    assert_true(u == 0xff);
    assert_int_equal(text_hex64(sp("ff"), 16, 16, &u), -1);
    assert_int_equal(text_hex64(sp("ff"), 1, 16, &u), 0);
    assert_int_equal(text_hex64(sp("FF"), 1, 16, &u), -1);
    assert_int_equal(text_hex64(sp("12345678901234567"), 1, 16, &u), -1);
    /* Doubles as "%.17g" writes them come back bit for bit. */
    static const double d[] = {0.1, -2.5e-300, 1.0 / 3, -0.0, 123456789.123456789, 5e-324};
    for (int i = 0; i < 6; i++) {
        char buf[64];
        double back = 1;
        snprintf(buf, sizeof buf, "%.17g", d[i]);
        assert_int_equal(text_double(sp(buf), &back), 0);
        assert_memory_equal(&back, &d[i], sizeof back);
    }
    double x;
    static const char *const bad[] = {"", "nan", "inf", "-inf", " 1", "+1", "1e999", "0x1p3", "1,5", "."};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (text_double(sp(bad[i]), &x) == 0)
            fail_msg("accepted '%s'", bad[i]);
    static const char *const words[] = {"cw", "ccw"};
    assert_int_equal(text_word(sp("ccw"), words, 2), 1);
    assert_int_equal(text_word(sp("c"), words, 2), -1);
    assert_int_equal(text_word(sp("cww"), words, 2), -1);
}

/* text_cut splits a field before a suffix: "1.5,2a3t-1" is "1.5,2", "a3", "t-1". */
static void test_cut(void **state)
{
    (void)state;
    text_span f = sp("1.5,2a3t-1"), head;
    double x = 0;
    long long v = 0;
    head = text_cut(&f, "at");
    assert_true(text_is(head, "1.5,2"));
    assert_true(text_is(f, "a3t-1"));
    head = text_cut(&head, ",");
    assert_int_equal(text_double(head, &x), 0);
    assert_true(x == 1.5);
    f.p++, f.len--;
    head = text_cut(&f, "at");
    assert_int_equal(text_num(head, 0, 15, &v), 0);
    assert_int_equal(v, 3);
    assert_true(text_is(f, "t-1"));
    f.p++, f.len--;
    head = text_cut(&f, "at");
    assert_true(text_is(head, "-1"));
    assert_int_equal(f.len, 0);
    /* No stop in it: all of it, and nothing left; a stop first: nothing before it. */
    f = sp("=");
    assert_true(text_is(text_cut(&f, "at"), "="));
    assert_int_equal(f.len, 0);
    f = sp("a1");
    assert_int_equal(text_cut(&f, "at").len, 0);
    assert_true(text_is(f, "a1"));
}

static void test_messages_name_line_and_field(void **state)
{
    (void)state;
    char err[128] = "";
    text_in in, sub;
    text_span f;
    int v = 0;
    text_in_init(&in, "a\nb\nx 7 013\n", "save", err, sizeof err);
    for (int i = 0; i < 3; i++)
        text_in_line(&in);
    for (int i = 0; i < 3; i++)
        text_in_field(&in, " ", &f);
    assert_int_equal(text_in_int(&in, f, 0, 12, &v), -1);
    assert_string_equal(err, "save line 3, field 3: expected 0..12, got \"013\"");
    static const char *const words[] = {"round", "stackoff", "held"};
    assert_int_equal(text_in_word(&in, f, words, 3), -1);
    assert_string_equal(err, "save line 3, field 3: expected round, stackoff or held, got \"013\"");
    /* One line: the field only; a cursor within a field names that field. */
    const char *pos = "1;r1/o2;-";
    text_in_one(&in, pos, strlen(pos), "position", err, sizeof err);
    text_in_fail(&in, "too short");
    assert_string_equal(err, "position: too short");
    text_in_field(&in, ";", &f);
    text_in_field(&in, ";", &f);
    text_in_within(&sub, &in, f);
    text_in_field(&sub, "/", &f);
    text_in_field(&sub, "/", &f);
    assert_true(text_is(f, "o2"));
    assert_int_equal(text_in_int(&sub, f, 0, 9, &v), -1);
    assert_string_equal(err, "position: field 2: expected 0..9, got \"o2\"");
    /* A message cut short by a small buffer still ends in a NUL. */
    char tiny[8];
    text_in_one(&in, pos, strlen(pos), "position", tiny, sizeof tiny);
    text_in_fail(&in, "a long reason");
    assert_int_equal(strlen(tiny), 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cursor_lines_and_fields),
        cmocka_unit_test(test_zero_and_sign_rule),
        cmocka_unit_test(test_hex_double_word),
        cmocka_unit_test(test_cut),
        cmocka_unit_test(test_messages_name_line_and_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
