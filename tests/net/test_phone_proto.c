/* The phone protocol's parser and builders (src/net/phone_proto.c): every
 * message type of docs/phones.md, every error code the parser gives, and
 * seeded fuzzing of mutated messages (run under ASan/UBSan by tools/test.sh). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <cjson/cJSON.h>

#include "core/rng.h"
#include "../fuzz/fuzz_mutate.h"
#include "net/phone_proto.h"

#define FUZZ_ROUNDS 30000

static int parse(const char *text, phone_msg *m, char *err)
{
    return phone_msg_parse(text, strlen(text), m, err, 16);
}

/* text is refused with code. */
static void refused(const char *text, const char *code)
{
    phone_msg m;
    char err[16] = "";
    if (parse(text, &m, err) != -1 || strcmp(err, code) != 0)
        fail_msg("%s: expected %s, got %s", text, code, err[0] ? err : "accepted");
    assert_int_equal(m.t, 0); /* nothing of a refused message is kept */
    assert_string_equal(m.name, "");
}

static void test_hello(void **state)
{
    (void)state;
    phone_msg m;
    char err[16];
    assert_int_equal(parse("{\"v\":1,\"t\":\"hello\",\"room\":\"QWRT\"}", &m, err), 0);
    assert_int_equal(m.t, PHONE_MSG_HELLO);
    assert_string_equal(m.room, "QWRT");
    assert_string_equal(m.token, "");
    assert_int_equal(parse("{\"t\":\"hello\",\"v\":1,\"room\":\"QWRT\",\"token\":null,\"x\":[1]}", &m, err), 0);
    assert_string_equal(m.token, "");
    /* Upper-case hex is the same token. */
    assert_int_equal(parse(" {\"v\":1,\"t\":\"hello\",\"room\":\"ABCD\",\"token\":"
                           "\"0123456789ABCDEF0123456789abcdef\"}\n", &m, err), 0);
    assert_string_equal(m.token, "0123456789abcdef0123456789abcdef");
    refused("{\"v\":1,\"t\":\"hello\"}", "field");
    refused("{\"v\":1,\"t\":\"hello\",\"room\":\"abcd\"}", "field");
    refused("{\"v\":1,\"t\":\"hello\",\"room\":\"ABCDE\"}", "field");
    refused("{\"v\":1,\"t\":\"hello\",\"room\":\"AB1D\"}", "field");
    refused("{\"v\":1,\"t\":\"hello\",\"room\":1234}", "field");
    refused("{\"v\":1,\"t\":\"hello\",\"room\":\"ABCD\",\"token\":\"0123456789abcdef0123456789abcde\"}", "field");
    refused("{\"v\":1,\"t\":\"hello\",\"room\":\"ABCD\",\"token\":\"0123456789abcdef0123456789abcdeg\"}", "field");
    refused("{\"v\":1,\"t\":\"hello\",\"room\":\"ABCD\",\"token\":12}", "field");
}

static void test_join(void **state)
{
    (void)state;
    phone_msg m;
    char err[16];
    assert_int_equal(parse("{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":8,\"name\":\"Zo\xc3\xab\"}", &m, err), 0);
    assert_int_equal(m.t, PHONE_MSG_JOIN);
    assert_int_equal(m.seat, 8);
    assert_string_equal(m.name, "Zo\xc3\xab");
    /* 16 characters of four bytes each is a full name; the 17th is one too many. */
    char text[256], name[80] = "";
    for (int i = 0; i < 16; i++)
        strcat(name, "\xf0\x9f\x82\xa1");
    snprintf(text, sizeof text, "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"%s\"}", name);
    assert_int_equal(parse(text, &m, err), 0);
    assert_string_equal(m.name, name);
    snprintf(text, sizeof text, "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"%sx\"}", name);
    refused(text, "field");
    assert_int_equal(parse("{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1.0,\"name\":\"\\u00e9t\\u00e9\"}", &m, err), 0);
    assert_string_equal(m.name, "\xc3\xa9t\xc3\xa9");
    static const char *const bad[] = {
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":0,\"name\":\"A\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":9,\"name\":\"A\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1.5,\"name\":\"A\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":\"1\",\"name\":\"A\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"name\":\"A\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":7}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"a\\nb\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"a\\u007fb\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"a\\u0085b\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"ab\\u0000\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"a\xff\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"a\xc0\xaf\"}",     /* overlong '/' */
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"a\xed\xa0\x80\"}", /* a surrogate */
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"a\xf4\x90\x80\x80\"}", /* > U+10FFFF */
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"a\xc3\"}",         /* cut short */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refused(bad[i], "field");
    /* An escaped backslash before u0000 is text, not a NUL. */
    assert_int_equal(parse("{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"a\\\\u0000\"}", &m, err), 0);
    assert_string_equal(m.name, "a\\u0000");
}

static void test_move(void **state)
{
    (void)state;
    phone_msg m;
    char err[16], text[512], move[140];
    assert_int_equal(parse("{\"v\":1,\"t\":\"move\",\"move\":\"play R7 2\",\"rev\":0}", &m, err), 0);
    assert_int_equal(m.t, PHONE_MSG_MOVE);
    assert_string_equal(m.move, "play R7 2");
    assert_int_equal(m.rev, 0);
    memset(move, 'm', PHONE_MOVE_MAX);
    move[PHONE_MOVE_MAX] = 0;
    snprintf(text, sizeof text, "{\"v\":1,\"t\":\"move\",\"move\":\"%s\",\"rev\":9007199254740991}", move);
    assert_int_equal(parse(text, &m, err), 0);
    assert_int_equal(strlen(m.move), PHONE_MOVE_MAX);
    assert_true(m.rev == 9007199254740991LL);
    snprintf(text, sizeof text, "{\"v\":1,\"t\":\"move\",\"move\":\"%sm\",\"rev\":1}", move);
    refused(text, "field");
    refused("{\"v\":1,\"t\":\"move\",\"move\":\"\",\"rev\":1}", "field");
    refused("{\"v\":1,\"t\":\"move\",\"move\":\"a\",\"rev\":-1}", "field");
    refused("{\"v\":1,\"t\":\"move\",\"move\":\"a\",\"rev\":1e300}", "field");
    refused("{\"v\":1,\"t\":\"move\",\"move\":\"a\",\"rev\":2.5}", "field");
    refused("{\"v\":1,\"t\":\"move\",\"move\":\"a\"}", "field");
    refused("{\"v\":1,\"t\":\"move\",\"move\":[\"a\"],\"rev\":1}", "field");
    refused("{\"v\":1,\"t\":\"move\",\"move\":\"a\\tb\",\"rev\":1}", "field");
}

static void test_pad_ping_leave(void **state)
{
    (void)state;
    phone_msg m;
    char err[16], text[128];
    for (int b = 0; b < PHONE_B_COUNT; b++) {
        snprintf(text, sizeof text, "{\"v\":1,\"t\":\"pad\",\"b\":\"%s\",\"down\":%s}", phone_button_name(b),
                 b % 2 ? "true" : "false");
        assert_int_equal(parse(text, &m, err), 0);
        assert_int_equal(m.t, PHONE_MSG_PAD);
        assert_int_equal(m.button, b);
        assert_int_equal(m.down, b % 2);
    }
    assert_null(phone_button_name(PHONE_B_COUNT));
    refused("{\"v\":1,\"t\":\"pad\",\"b\":\"start\",\"down\":true}", "field");
    refused("{\"v\":1,\"t\":\"pad\",\"b\":\"A\",\"down\":true}", "field");
    refused("{\"v\":1,\"t\":\"pad\",\"b\":\"a\",\"down\":1}", "field");
    refused("{\"v\":1,\"t\":\"pad\",\"b\":\"a\"}", "field");
    assert_int_equal(parse("{\"v\":1,\"t\":\"ping\",\"id\":-42}", &m, err), 0);
    assert_int_equal(m.t, PHONE_MSG_PING);
    assert_int_equal(m.id, -42);
    refused("{\"v\":1,\"t\":\"ping\",\"id\":0.5}", "field");
    refused("{\"v\":1,\"t\":\"ping\",\"id\":\"7\"}", "field");
    refused("{\"v\":1,\"t\":\"ping\",\"id\":1e16}", "field");
    refused("{\"v\":1,\"t\":\"ping\"}", "field");
    assert_int_equal(parse("{\"v\":1,\"t\":\"leave\"}", &m, err), 0);
    assert_int_equal(m.t, PHONE_MSG_LEAVE);
}

static void test_envelope_errors(void **state)
{
    (void)state;
    phone_msg m;
    char err[16];
    refused("", "json");
    refused("hello", "json");
    refused("{\"v\":1,\"t\":\"leave\"", "json");
    refused("{\"v\":1,\"t\":\"leave\"}{}", "json");
    refused("{\"v\":1,\"t\":\"leave\"} x", "json");
    refused("[{\"v\":1,\"t\":\"leave\"}]", "json");
    refused("\"leave\"", "json");
    refused("{\"t\":\"leave\"}", "version");
    refused("{\"v\":2,\"t\":\"leave\"}", "version");
    refused("{\"v\":\"1\",\"t\":\"leave\"}", "version");
    refused("{\"v\":1}", "type");
    refused("{\"v\":1,\"t\":5}", "type");
    refused("{\"v\":1,\"t\":\"dance\"}", "type");
    refused("{\"v\":1,\"t\":\"Leave\"}", "type");
    /* n counts: a frame cut before its end is not the whole text. */
    const char *t = "{\"v\":1,\"t\":\"leave\"}";
    assert_int_equal(phone_msg_parse(t, strlen(t) - 1, &m, err, sizeof err), -1);
    assert_string_equal(err, "json");
    /* Nothing over the frame limit is read at all. */
    static char big[PHONE_FRAME_MAX + 2];
    memset(big, ' ', sizeof big - 1);
    memcpy(big, t, strlen(t));
    assert_int_equal(phone_msg_parse(big, PHONE_FRAME_MAX, &m, err, sizeof err), 0);
    assert_int_equal(phone_msg_parse(big, PHONE_FRAME_MAX + 1, &m, err, sizeof err), -1);
    assert_string_equal(err, "json");
    /* Deep nesting is cJSON's to refuse, without a crash. */
    static char deep[3000];
    memset(deep, '[', sizeof deep - 1);
    refused(deep, "json");
}

static void test_builders(void **state)
{
    (void)state;
    char buf[1024];
    phone_proto_seat seats[2] = {{"Ann", 1, 1, 0}, {"Hard", 0, 0, 0}};
    int n = phone_build_welcome(buf, sizeof buf, "QWRT", "9stax", "9 STAX", "hand", seats, 2);
    assert_true(n > 0 && (size_t)n == strlen(buf));
    cJSON *o = cJSON_Parse(buf);
    assert_non_null(o);
    assert_int_equal(cJSON_GetObjectItem(o, "v")->valueint, 1);
    assert_string_equal(cJSON_GetObjectItem(o, "t")->valuestring, "welcome");
    assert_string_equal(cJSON_GetObjectItem(o, "room")->valuestring, "QWRT");
    assert_string_equal(cJSON_GetObjectItem(o, "controls")->valuestring, "hand");
    cJSON *list = cJSON_GetObjectItem(o, "seats");
    assert_int_equal(cJSON_GetArraySize(list), 2);
    cJSON *s2 = cJSON_GetArrayItem(list, 1);
    assert_int_equal(cJSON_GetObjectItem(s2, "seat")->valueint, 2);
    assert_string_equal(cJSON_GetObjectItem(s2, "kind")->valuestring, "computer");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(s2, "open")));
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(list, 0), "phone")));
    cJSON_Delete(o);

    /* A name with quotes and a backslash is escaped, and reads back the same. */
    n = phone_build_joined(buf, sizeof buf, 3, "A \"b\\", "0123456789abcdef0123456789abcdef");
    o = cJSON_Parse(buf);
    assert_non_null(o);
    assert_string_equal(cJSON_GetObjectItem(o, "name")->valuestring, "A \"b\\");
    assert_int_equal(cJSON_GetObjectItem(o, "seat")->valueint, 3);
    assert_int_equal(strlen(cJSON_GetObjectItem(o, "token")->valuestring), PHONE_TOKEN_HEX);
    cJSON_Delete(o);

    assert_true(phone_build_error(buf, sizeof buf, "rate", "slow down") > 0);
    assert_string_equal(buf, "{\"v\":1,\"t\":\"error\",\"code\":\"rate\",\"msg\":\"slow down\"}");
    assert_true(phone_build_pong(buf, sizeof buf, 9007199254740991LL) > 0);
    assert_string_equal(buf, "{\"v\":1,\"t\":\"pong\",\"id\":9007199254740991}");
    /* A ping the builder writes is one the parser takes. */
    phone_msg m;
    char err[16];
    assert_true(phone_build_ping(buf, sizeof buf, -7) > 0);
    assert_int_equal(phone_msg_parse(buf, strlen(buf), &m, err, sizeof err), 0);
    assert_int_equal(m.id, -7);
    /* Too small a buffer is an error, not a cut message. */
    assert_int_equal(phone_build_error(buf, 10, "rate", "slow down"), -1);
}

/* Insertions from JSON's own characters, and bytes that are not UTF-8. */
static const char json_letters[] = "{}[]\":,\\u0123456789eE-+.tfn ABCDv\xff\xc3\x80";
static const fuzz_mutator json_mutator = {json_letters, sizeof json_letters - 1, 6, 24};

static void test_fuzz(void **state)
{
    (void)state;
    static const char *const seeds[] = {
        "{\"v\":1,\"t\":\"hello\",\"room\":\"ABCD\",\"token\":\"0123456789abcdef0123456789abcdef\"}",
        "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":2,\"name\":\"Zo\xc3\xab\"}",
        "{\"v\":1,\"t\":\"move\",\"move\":\"play R7 2\",\"rev\":12}",
        "{\"v\":1,\"t\":\"pad\",\"b\":\"left\",\"down\":true}",
        "{\"v\":1,\"t\":\"ping\",\"id\":42}",
        "{\"v\":1,\"t\":\"leave\"}",
    };
    static const char *const codes[] = {"json", "version", "type", "field"};
    int accepted = 0, by_code[4] = {0};
    rng r;
    rng_seed(&r, 20261123);
    for (int i = 0; i < FUZZ_ROUNDS; i++) {
        char buf[512];
        size_t len;
        if (i % 10 == 9) { /* plain random bytes now and then */
            len = rng_below(&r, 200);
            for (size_t k = 0; k < len; k++)
                buf[k] = (char)rng_below(&r, 256);
        } else {
            const char *seed = seeds[rng_below(&r, 6)];
            len = strlen(seed);
            memcpy(buf, seed, len);
            len = fuzz_mutate(&json_mutator, &r, buf, len, sizeof buf);
        }
        /* An exact-size heap copy: ASan sees a read past the frame's end. */
        char *frame = malloc(len ? len : 1);
        assert_non_null(frame);
        memcpy(frame, buf, len);
        phone_msg m;
        char err[16] = "";
        int rc = phone_msg_parse(frame, len, &m, err, sizeof err);
        free(frame);
        if (rc == 0) {
            accepted++;
            assert_true(strlen(m.name) <= PHONE_NAME_MAX * 4 && strlen(m.move) <= PHONE_MOVE_MAX);
            assert_true(m.t != PHONE_MSG_JOIN || (m.seat >= 1 && m.seat <= PHONE_MAX_SEATS));
        } else {
            int known = 0;
            for (int k = 0; k < 4; k++)
                if (strcmp(err, codes[k]) == 0)
                    by_code[k]++, known = 1;
            if (!known)
                fail_msg("round %d: unknown error code '%s'", i, err);
        }
    }
    /* The mutations reach every outcome: accepted and each code. */
    assert_true(accepted > 100);
    for (int k = 0; k < 4; k++)
        assert_true(by_code[k] > 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hello),   cmocka_unit_test(test_join),
        cmocka_unit_test(test_move),    cmocka_unit_test(test_pad_ping_leave),
        cmocka_unit_test(test_envelope_errors), cmocka_unit_test(test_builders),
        cmocka_unit_test(test_fuzz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
