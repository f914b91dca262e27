/* The QR wrapper (src/net/phone_qr.c) and the LAN address look-up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <arpa/inet.h>

#include "net/phone_net.h"
#include "net/phone_qr.h"

/* The 7x7 finder pattern with its corner at (x, y): dark ring, light ring, dark 3x3. */
static void assert_finder(const phone_qr *q, int x, int y)
{
    for (int dy = 0; dy < 7; dy++)
        for (int dx = 0; dx < 7; dx++) {
            int ring = dx == 0 || dy == 0 || dx == 6 || dy == 6;
            int core = dx >= 2 && dx <= 4 && dy >= 2 && dy <= 4;
            assert_int_equal(phone_qr_dark(q, x + dx, y + dy), ring || core);
        }
}

static void test_qr_url(void **state)
{
    (void)state;
    static phone_qr q;
    assert_int_equal(phone_qr_encode("http://192.168.178.42:7312/", &q), 0);
    /* Versions grow by 4 modules from 21; 27 bytes at level M fit version 2 or 3. */
    assert_true(q.width >= 21 && (q.width - 21) % 4 == 0 && q.width <= 33);
    assert_finder(&q, 0, 0);
    assert_finder(&q, q.width - 7, 0);
    assert_finder(&q, 0, q.width - 7);
    /* No finder at the fourth corner, and nothing outside the grid. */
    int dark = 0;
    for (int i = 0; i < 49; i++)
        dark += phone_qr_dark(&q, q.width - 7 + i % 7, q.width - 7 + i / 7);
    assert_true(dark < 49);
    assert_int_equal(phone_qr_dark(&q, -1, 0), 0);
    assert_int_equal(phone_qr_dark(&q, q.width, 0), 0);
    /* Only 0 and 1 in the grid. */
    for (int i = 0; i < q.width * q.width; i++)
        assert_true(q.module[i] <= 1);
    /* A longer text gets a larger code. */
    static phone_qr big;
    char url[400];
    memset(url, 'a', sizeof url - 1);
    url[sizeof url - 1] = 0;
    assert_int_equal(phone_qr_encode(url, &big), 0);
    assert_true(big.width > q.width);
    assert_int_equal(phone_qr_encode("", &q), -1);
    assert_int_equal(q.width, 0);
}

static void test_lan_address(void **state)
{
    (void)state;
    char ip[64];
    int rc = phone_net_lan_ipv4(ip, sizeof ip);
    struct in_addr a;
    assert_int_equal(inet_pton(AF_INET, ip, &a), 1);
    if (rc == 0)
        assert_string_not_equal(ip, "127.0.0.1");
    else
        assert_string_equal(ip, "127.0.0.1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_qr_url), cmocka_unit_test(test_lan_address)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
