/* Stakz notation: positions and moves written, read and written again to
 * the same text; malformed positions and moves refused with a message; and
 * seeded-mutation fuzzing of the position parser (each input is accepted
 * whole or refused with a message; nothing crashes; run under ASan too). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/rng.h"
#include "stakz_testutil.h"

#define FUZZ_ROUNDS 4000
#define SAMPLES 60

/* Positions met in random games, a few plies apart, for 2 to 4 players. */
static int sample_positions(char (*out)[ST_TEXT], int max)
{
    int n = 0;
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            stakz_state s;
            char err[256];
            rng r;
            rng_seed(&r, seed * 31 + (uint64_t)players);
            assert_int_equal(stakz_deal(&s, players, STAKZ_DRAW_CHOOSE, seed, err, sizeof err), 0);
            for (int ply = 0; stakz_current(&s) >= 0; ply++) {
                game_move mv[GAME_MAX_MOVES];
                if (ply % 41 == 0 && n < max)
                    assert_true(stakz_position_write(&s, out[n++], ST_TEXT) > 0);
                int k = stakz_legal(&s, mv, GAME_MAX_MOVES);
                stakz_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]);
            }
            if (n < max)
                assert_true(stakz_position_write(&s, out[n++], ST_TEXT) > 0);
        }
    return n;
}

/* Writing, reading and writing again gives the same text and hash; every
 * legal move reads back from its words, and the words are distinct. */
static void test_round_trip(void **state)
{
    (void)state;
    static char pos[SAMPLES][ST_TEXT];
    int n = sample_positions(pos, SAMPLES), over = 0;
    assert_true(n >= 30);
    for (int i = 0; i < n; i++) {
        stakz_state s, t;
        char err[256], again[ST_TEXT];
        if (stakz_position_read(&s, 0, STAKZ_DRAW_CHOOSE, pos[i], err, sizeof err) != 0)
            fail_msg("%s: %s", pos[i], err);
        assert_true(stakz_position_write(&s, again, sizeof again) > 0);
        assert_string_equal(again, pos[i]);
        assert_int_equal(stakz_position_read(&t, 0, STAKZ_DRAW_CHOOSE, again, err, sizeof err), 0);
        assert_true(stakz_rules.hash(&s) == stakz_rules.hash(&t));
        over += stakz_current(&s) < 0;
        game_move mv[GAME_MAX_MOVES];
        int k = stakz_legal(&s, mv, GAME_MAX_MOVES);
        for (int j = 0; j < k; j++) {
            char words[16], other[16];
            game_move back;
            assert_true(stakz_move_write(&s, &mv[j], words, sizeof words) > 0);
            assert_int_equal(stakz_move_read(&s, words, &back, err, sizeof err), 0);
            assert_true(game_move_equal(&back, &mv[j]));
            for (int q = 0; q < j; q++) {
                stakz_move_write(&s, &mv[q], other, sizeof other);
                assert_string_not_equal(words, other);
            }
        }
    }
    assert_true(over > 0); /* the games' last positions are finished games */
}

/* The notation's own example fields, and the short forms. */
static void test_fields(void **state)
{
    (void)state;
    stakz_state s;
    char err[256];
    st_read(&s, "3;r1.o1/g2;b5.r4/p3/o2.g1;b1.b2.p4;4,0,7;2");
    assert_int_equal(s.players, 3);
    assert_int_equal(stakz_current(&s), 2);
    assert_int_equal(s.nstacks, 2);
    assert_int_equal(s.pile[s.npile - 1], stakz_tile_read("b1")); /* top first */
    /* Hands are written sorted by colour (r o g b p), then symbol. */
    assert_string_equal(st_text(&s), "3;r1.o1/g2;r4.b5/p3/o2.g1;b1.b2.p4;4,0,7;2");
    assert_int_equal(stakz_position_read(&s, 3, STAKZ_DRAW_CHOOSE, "start:3:12", err, sizeof err), 0);
    assert_int_equal(s.players, 3);
    assert_int_equal(stakz_position_read(&s, 0, STAKZ_DRAW_CHOOSE, "start", err, sizeof err), 0);
    assert_int_equal(s.players, 2);
    assert_int_equal(s.total, STAKZ_TILES);
    /* A finished game reads back finished. */
    st_read(&s, "1;r1/o2;-/o1;-;0,12;-");
    assert_int_equal(stakz_current(&s), -1);
}

static void test_bad_positions(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",
        "start:5",
        "start:2:x",
        "startle",
        "1;r1/o2;r3/o1;-;0,0",                /* five fields */
        "1;r1/o2;r3/o1;-;0,0;-;x",            /* seven */
        "0;r1/o2;r3/o1;-;0,0;-",              /* seat 0 */
        "3;r1/o2;r3/o1;-;0,0;-",              /* seat 3 of 2 */
        "01;r1/o2;r3/o1;-;0,0;-",             /* leading zero */
        "1;r1/o2;r3;-;0;-",                   /* one seat */
        "1;r1/o2;r3/o1/o3/o4/o5;-;0,0,0,0,0;-", /* five seats */
        "1;r1/o2;r3/o1;-;0,0,0;-",            /* three totals for two */
        "1;r1/o2;r3/o1;-;0,-1;-",
        "1;r1/o2;r3/o1;-;0,00;-",
        "1;r1/o2;r3/o1;-;0,0;3",              /* no stack 3 */
        "1;r1/o2;r3/o1;-;0,0;1.1",
        "1;r1/o2;r3/o1;-;0,0;0",
        "1;r1/o2;r3/-;-;0,0;-",               /* an empty hand, game going on */
        "1;r1/o2;r3/o1;r1.r1.r1;0,0;-",       /* four r1 */
        "1;r6/o2;r3/o1;-;0,0;-",
        "1;x1/o2;r3/o1;-;0,0;-",
        "1;R1/o2;r3/o1;-;0,0;-",
        "1;r1./o2;r3/o1;-;0,0;-",
        "1;r1//o2;r3/o1;-;0,0;-",
        "1;r1/o2;r3.o1;-;0,0;-",              /* one hand */
        "1;r1.r2.r3/o2;r4/o1;-;0,0;-",        /* three reds in a stack */
        "1;r1.o1.g1.b1.p1/o2;r4/o1;-;0,0;-",  /* five colours in a stack */
        "1;r1/o2;r3/o1;r;0,0;-",
        "1;r1/o2;r3/o1;-;0,0;",
        "1;r1/o2;r3/o1;-;,0;-",
        "1;r1/o2;r3/o1;-;0,0;-;",
        " 1;r1/o2;r3/o1;-;0,0;-",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        stakz_state s;
        char err[256] = "";
        memset(&s, 0xAB, sizeof s);
        stakz_state before = s;
        if (stakz_position_read(&s, 0, STAKZ_DRAW_CHOOSE, bad[i], err, sizeof err) == 0)
            fail_msg("accepted '%s'", bad[i]);
        assert_true(strlen(err) > 0);
        assert_memory_equal(&s, &before, sizeof s); /* st unchanged */
    }
    stakz_state s;
    char err[256], text[ST_TEXT];
    /* Thirty one-tile stacks, all with a bonus, and a hand of all 25 codes:
     * 750 moves, more than a move list holds. Without the bonuses, fine. */
    strcpy(text, "1;");
    for (int k = 0; k < 30; k++) {
        char name[3];
        stakz_tile_name((uint8_t)(k % STAKZ_CODES), name);
        strcat(text, k ? "/" : "");
        strcat(text, name);
    }
    strcat(text, ";");
    for (int c = 0; c < STAKZ_CODES; c++) {
        char name[3];
        stakz_tile_name((uint8_t)c, name);
        strcat(text, c ? "." : "");
        strcat(text, name);
    }
    strcat(text, "/g1;-;0,0;");
    size_t at = strlen(text);
    strcat(text, "-");
    assert_int_equal(stakz_position_read(&s, 0, STAKZ_DRAW_CHOOSE, text, err, sizeof err), 0);
    text[at] = 0;
    for (int k = 1; k <= 30; k++)
        snprintf(text + strlen(text), sizeof text - strlen(text), k > 1 ? ".%d" : "%d", k);
    assert_int_equal(stakz_position_read(&s, 0, STAKZ_DRAW_CHOOSE, text, err, sizeof err), -1);
    assert_non_null(strstr(err, "legal moves"));
    /* The match's seat count must agree. */
    assert_int_equal(stakz_position_read(&s, 3, STAKZ_DRAW_CHOOSE, "1;r1/o2;r3/o1;-;0,0;-", err, sizeof err), -1);
}

static void test_bad_moves(void **state)
{
    (void)state;
    static const char *const bad[] = {"", "r3", "r3>", "r3>0", "r3>01", "r3>-1", "r3>3", "r3>1x", "r3 >1",
                                      "x3>1", "r6>1", "o1>1", "end:", "end:x", "end:gg", "end:r", "end ",
                                      "END", "pass", "r3>99999999999"};
    stakz_state s;
    st_read(&s, "1;r1/o2;r3/o1;g1.b2;0,0;-");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (!st_refused(&s, bad[i]))
            fail_msg("accepted '%s'", bad[i]);
    assert_false(st_refused(&s, "r3>1"));
    assert_false(st_refused(&s, "end:g"));
    assert_true(st_refused(&s, "end")); /* the pile has tiles, the setting is to choose */
}

/* A random edit: change, insert or delete characters, or swap two tiles. */
static size_t fuzz_edit(rng *r, char *buf, size_t len, size_t cap)
{
    static const char alphabet[] = "rogbpx0123456789;/.,-?> ";
    for (int e = 1 + (int)rng_below(r, 4); e > 0; e--) {
        size_t at = len ? rng_below(r, (uint32_t)len) : 0, span = 1 + rng_below(r, 6);
        switch (rng_below(r, 5)) {
        case 0:
            if (len)
                buf[at] = alphabet[rng_below(r, sizeof alphabet - 1)];
            break;
        case 1:
            if (len + 1 < cap) {
                memmove(buf + at + 1, buf + at, len - at + 1);
                buf[at] = alphabet[rng_below(r, sizeof alphabet - 1)];
                len++;
            }
            break;
        case 2:
            if (at + span <= len) {
                memmove(buf + at, buf + at + span, len - at - span + 1);
                len -= span;
            }
            break;
        default: {
            size_t other = len ? rng_below(r, (uint32_t)len) : 0;
            if (at + 2 <= len && other + 2 <= len && stakz_tile_read(buf + at) >= 0 &&
                stakz_tile_read(buf + other) >= 0) {
                char t[2] = {buf[at], buf[at + 1]};
                memcpy(buf + at, buf + other, 2);
                memcpy(buf + other, t, 2);
            }
        }
        }
    }
    buf[len] = 0;
    return len;
}

static void test_position_fuzz(void **state)
{
    (void)state;
    static char pos[SAMPLES][ST_TEXT];
    int n = sample_positions(pos, SAMPLES), accepted = 0;
    rng r;
    rng_seed(&r, 2026);
    for (int i = 0; i < FUZZ_ROUNDS; i++) {
        char buf[ST_TEXT + 64], err[256] = "", again[ST_TEXT], third[ST_TEXT];
        stakz_state s, t;
        snprintf(buf, sizeof buf, "%s", pos[rng_below(&r, (uint32_t)n)]);
        fuzz_edit(&r, buf, strlen(buf), sizeof buf);
        if (stakz_position_read(&s, 0, (int)(i & 1), buf, err, sizeof err) != 0) {
            assert_true(strlen(err) > 0);
            continue;
        }
        accepted++;
        /* What is accepted is a whole, consistent position that writes back
         * to a text that reads the same, and plays on. */
        assert_int_equal(stakz_check(&s, err, sizeof err), 0);
        assert_true(stakz_position_write(&s, again, sizeof again) > 0);
        assert_int_equal(stakz_position_read(&t, 0, (int)(i & 1), again, err, sizeof err), 0);
        assert_true(stakz_position_write(&t, third, sizeof third) > 0);
        assert_string_equal(again, third);
        game_move mv[GAME_MAX_MOVES];
        int k = stakz_legal(&s, mv, GAME_MAX_MOVES);
        if (k > 0) {
            assert_int_equal(stakz_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]), 0);
            assert_int_equal(stakz_check(&s, err, sizeof err), 0);
        }
    }
    assert_true(accepted > 0);
    assert_true(accepted < FUZZ_ROUNDS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_fields),
        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_bad_moves),
        cmocka_unit_test(test_position_fuzz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
