/* The shared RNG: same seed, same stream; bounded draws stay in range and
 * are roughly uniform; shuffles are permutations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/rng.h"

static void test_same_seed_same_stream(void **state)
{
    (void)state;
    rng a, b, c;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    rng_seed(&c, 43);
    int differs = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = rng_next(&a);
        assert_true(x == rng_next(&b));
        differs |= x != rng_next(&c);
    }
    assert_true(differs);
    rng_seed(&a, 0); /* seed 0 is as good as any */
    assert_true(rng_next(&a) != 0 || rng_next(&a) != 0);
}

static void test_below_uniform(void **state)
{
    (void)state;
    rng r;
    int count[7] = {0};
    rng_seed(&r, 1);
    for (int i = 0; i < 70000; i++) {
        uint32_t v = rng_below(&r, 7);
        assert_true(v < 7);
        count[v]++;
    }
    for (int i = 0; i < 7; i++)
        assert_true(count[i] > 9000 && count[i] < 11000);
    for (int i = 0; i < 100; i++)
        assert_int_equal(rng_below(&r, 1), 0);
}

static void test_unit_range(void **state)
{
    (void)state;
    rng r;
    double sum = 0;
    rng_seed(&r, 9);
    for (int i = 0; i < 10000; i++) {
        double u = rng_unit(&r);
        assert_true(u >= 0.0 && u < 1.0);
        sum += u;
    }
    assert_true(sum > 4800 && sum < 5200);
}

static void test_shuffle_permutes(void **state)
{
    (void)state;
    rng r;
    int v[50], seen[50] = {0};
    rng_seed(&r, 5);
    for (int i = 0; i < 50; i++)
        v[i] = i;
    rng_shuffle(&r, v, 50, sizeof v[0]);
    int moved = 0;
    for (int i = 0; i < 50; i++) {
        seen[v[i]]++;
        moved += v[i] != i;
    }
    for (int i = 0; i < 50; i++)
        assert_int_equal(seen[i], 1);
    assert_true(moved > 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_stream),
        cmocka_unit_test(test_below_uniform),
        cmocka_unit_test(test_unit_range),
        cmocka_unit_test(test_shuffle_permutes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
