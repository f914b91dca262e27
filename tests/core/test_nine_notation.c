/* 9 STAX data and notation: the deck data file and its parser, the position
 * and move notation round trip, and seeded-mutation fuzzing of the deck and
 * position parsers (each input is accepted whole or rejected with a message;
 * nothing crashes; run under ASan too). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/rng.h"
#include "nine_testutil.h"

#define FUZZ_ROUNDS 3000

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[16384];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

/* The embedded deck is the data file, and it is the sheet's GAME CONTENTS. */
static void test_deck_file(void **state)
{
    (void)state;
    char *text = slurp(STACKHOUSE_SOURCE_DIR "/src/games/nine/rules/deck.txt");
    nine_deck d;
    char err[256];
    int count[256] = {0};
    assert_non_null(text);
    assert_string_equal(text, nine_deck_text());
    assert_int_equal(nine_deck_parse(text, &d, err, sizeof err), 0);
    for (int id = 0; id < NINE_CARDS; id++)
        count[d.code[id]]++;
    static const int per_colour[] = {0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 3, 4, 2, 2, 2};
    int numbers = 0, actions = 0;
    for (int c = 0; c < 4; c++)
        for (int f = 1; f <= NINE_REVEAL; f++) {
            assert_int_equal(count[nine_code(c, f)], per_colour[f]);
            if (f <= 9)
                numbers += count[nine_code(c, f)];
            else
                actions += count[nine_code(c, f)];
        }
    assert_int_equal(numbers, 108);
    assert_int_equal(actions, 68);
    assert_int_equal(count[nine_code(NINE_NO_COLOUR, NINE_SHIFT)], 12);
    assert_int_equal(count[nine_code(NINE_NO_COLOUR, NINE_FREE)], 12);
}

static void expect_deck_error(const char *text, const char *want)
{
    nine_deck d;
    char err[256] = "";
    if (nine_deck_parse(text, &d, err, sizeof err) != -1)
        fail_msg("accepted: %s", text);
    if (!strstr(err, want))
        fail_msg("message '%s' lacks '%s'", err, want);
}

static void test_deck_rejects(void **state)
{
    (void)state;
    const char *base = nine_deck_text();
    char buf[8192];
    expect_deck_error("", "0 cards, expected 200");
    expect_deck_error("3 R 1\n", "3 cards, expected 200");
    expect_deck_error("x R 1\n", "bad count");
    expect_deck_error("0 R 1\n", "bad count");
    expect_deck_error("-3 R 1\n", "bad count");
    expect_deck_error("3 Q 1\n", "bad colour");
    expect_deck_error("3 R,,B 1\n", "bad colour");
    expect_deck_error("3 R 10\n", "unknown face");
    expect_deck_error("3 R colorshift\n", "cannot have a colour");
    expect_deck_error("3 - attack\n", "needs a colour");
    expect_deck_error("3 R 1,1\n", "given twice");
    expect_deck_error("3 R 1 extra\n", "expected COUNT COLOURS FACES");
    expect_deck_error("3 R\x01 1\n", "control character");
    expect_deck_error("200 R,B 1\n", "more than 200");
    snprintf(buf, sizeof buf, "%s1 R 1\n", base);
    expect_deck_error(buf, "given twice");
    memset(buf, '#', 300);
    buf[300] = 0;
    expect_deck_error(buf, "longer than");
    /* Comments, blank lines, CRLF and tabs are fine. */
    nine_deck d;
    char err[256];
    snprintf(buf, sizeof buf, "\r\n# x\n\t%s", base);
    assert_int_equal(nine_deck_parse(buf, &d, err, sizeof err), 0);
}

/* Start of the card name around at (after a '.', '/', ':' or '='), or -1. */
static int card_at(const char *buf, size_t len, size_t at)
{
    while (at > 0 && !strchr(".:/=", buf[at - 1]))
        at--;
    return at + 2 <= len && nine_card_read(buf + at) >= 0 && strchr(".,/:", buf[at + 2]) ? (int)at : -1;
}

/* Seeded edits of valid text: byte changes, notation characters inserted,
 * spans deleted or repeated, two cards exchanged (which keeps the deck whole,
 * so that the deeper checks are reached). Returns the new length. */
static size_t fuzz_edit(rng *r, char *buf, size_t len, size_t cap)
{
    static const char alphabet[] = ",.:/=-+pRBGPCSFDAV0123456789 \n#\xc3";
    for (int e = 1 + (int)rng_below(r, 6); e > 0; e--) {
        size_t at = len ? rng_below(r, (uint32_t)len) : 0;
        size_t span = 1 + rng_below(r, 12);
        int op = (int)rng_below(r, 6), x, y;
        if (op >= 4 && len) {
            x = card_at(buf, len, at);
            y = card_at(buf, len, rng_below(r, (uint32_t)len));
            if (x >= 0 && y >= 0) {
                char t[2] = {buf[x], buf[x + 1]};
                memcpy(buf + x, buf + y, 2);
                memcpy(buf + y, t, 2);
            }
        } else if (op == 0 && len) {
            buf[at] = alphabet[rng_below(r, sizeof alphabet - 1)];
        } else if (op == 1 && len + 1 < cap) {
            memmove(buf + at + 1, buf + at, len - at);
            buf[at] = alphabet[rng_below(r, sizeof alphabet - 1)];
            len++;
        } else if (op == 2 && at + span <= len) {
            memmove(buf + at, buf + at + span, len - at - span);
            len -= span;
        } else if (op == 3 && at + span <= len && len + span < cap) {
            memmove(buf + at + span, buf + at, len - at);
            len += span;
        }
    }
    buf[len] = 0;
    return len;
}

static void test_deck_fuzz(void **state)
{
    (void)state;
    rng r;
    char buf[8192];
    int accepted = 0;
    rng_seed(&r, 2024);
    for (int i = 0; i < FUZZ_ROUNDS; i++) {
        nine_deck d;
        char err[256] = "";
        snprintf(buf, sizeof buf, "%s", nine_deck_text());
        fuzz_edit(&r, buf, strlen(buf), sizeof buf);
        if (nine_deck_parse(buf, &d, err, sizeof err) == 0) {
            accepted++;
            for (int id = 0; id < NINE_CARDS; id++) {
                char name[3];
                nine_card_name(d.code[id], name);
                assert_int_equal(nine_card_read(name), d.code[id]);
            }
        } else {
            assert_true(strlen(err) > 0);
        }
    }
    assert_true(accepted < FUZZ_ROUNDS);
}

/* Positions met in random games, a few plies apart, for 2 to 4 players. */
static int sample_positions(char (*out)[NINE_POSITION_MAX], int max)
{
    int n = 0;
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            nine_state s;
            char err[256];
            game_params p = {players, {0}};
            rng r;
            rng_seed(&r, seed * 31 + (uint64_t)players);
            nine_rules.init(&s, &p, seed, err, sizeof err);
            for (int ply = 0; nine_rules.current_player(&s) >= 0 && ply < 2000; ply++) {
                game_move mv[GAME_MAX_MOVES];
                if (ply % 37 == 0 && n < max)
                    nine_rules.position_write(&s, out[n++], NINE_POSITION_MAX);
                int k = nine_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
                nine_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]);
            }
            if (n < max)
                nine_rules.position_write(&s, out[n++], NINE_POSITION_MAX);
        }
    return n;
}

/* Writing, reading and writing again gives the same text and hash; every
 * legal move reads back from its words. */
static void test_round_trip(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        nine_state s, t;
        char err[512], a[NINE_POSITION_MAX], b[NINE_POSITION_MAX];
        game_params p = {players, {0}};
        rng r;
        rng_seed(&r, (uint64_t)players);
        nine_rules.init(&s, &p, 99, err, sizeof err);
        for (int ply = 0; nine_rules.current_player(&s) >= 0 && ply < 3000; ply++) {
            game_move mv[GAME_MAX_MOVES];
            assert_true(nine_rules.position_write(&s, a, sizeof a) > 0);
            if (nine_rules.position_read(&t, &p, a, err, sizeof err) != 0)
                fail_msg("%s\n%s", err, a);
            nine_rules.position_write(&t, b, sizeof b);
            assert_string_equal(a, b);
            assert_true(nine_rules.hash(&s) == nine_rules.hash(&t));
            int k = nine_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
            for (int i = 0; i < k; i++) {
                char words[64];
                game_move back;
                assert_true(nine_rules.move_write(&s, &mv[i], words, sizeof words) > 0);
                if (nine_rules.move_read(&t, words, &back, err, sizeof err) != 0)
                    fail_msg("%s", err);
                assert_memory_equal(&back, &mv[i], sizeof back);
            }
            nine_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]);
        }
    }
}

static void expect_position_error(const char *spec, const char *want)
{
    nine_state s;
    char text[NT_TEXT], err[256] = "";
    nt_expand(spec, text, sizeof text);
    if (nine_rules.position_read(&s, NULL, text, err, sizeof err) != -1)
        fail_msg("accepted: %s", text);
    if (!strstr(err, want))
        fail_msg("message '%s' lacks '%s'", err, want);
}

#define OK_HEAD "players=2,turn=p1,dir=cw,act=R7,imm=p1p2,reveal=none,pend=none,passes=0,rng=1,"

static void test_position_rejects(void **state)
{
    (void)state;
    nine_state s;
    char text[NT_TEXT], err[256];
    nt_expand(OK_HEAD "p1=1:R1,p2=1:B1,draw=+,disc=R7", text, sizeof text);
    assert_int_equal(nine_rules.position_read(&s, NULL, text, err, sizeof err), 0);
    expect_position_error("", "expected 'players='");
    expect_position_error("players=5,turn=p1", "bad players");
    expect_position_error(OK_HEAD "p1=1:R1,p2=1:B1,draw=+,disc=R7,", "unexpected text after disc");
    expect_position_error(OK_HEAD "p1=1:R1,p2=1:B1,draw=+", "the text ends after draw");
    expect_position_error(OK_HEAD "p1=1:R1,p3=1:B1,draw=+,disc=R7", "expected 'p2='");
    expect_position_error(OK_HEAD "p1=1:R1,p2=1:B1,draw=+,disc=R7.R7.R7.R7", "more R7 cards");
    expect_position_error(OK_HEAD "p1=1:R1,p2=1:B1,draw=R2,disc=R7", "missing");
    expect_position_error(OK_HEAD "p1=1:R1.X9,p2=1:B1,draw=+,disc=R7", "bad card");
    expect_position_error(OK_HEAD "p1=3:R1/R2,p2=1:B1,draw=+,disc=R7", "holds stack 3 of 2");
    expect_position_error(OK_HEAD "p1=1:R1//R2,p2=1:B1,draw=+,disc=R7", "has 0 cards");
    expect_position_error("players=2,turn=p3,dir=cw,act=R7,imm=p1p2,reveal=none,pend=none,passes=0,"
                          "rng=1,p1=1:R1,p2=1:B1,draw=+,disc=R7", "bad turn");
    expect_position_error("players=2,turn=p1,dir=up,act=R7,imm=p1p2,reveal=none,pend=none,passes=0,"
                          "rng=1,p1=1:R1,p2=1:B1,draw=+,disc=R7", "bad dir");
    expect_position_error("players=2,turn=p1,dir=cw,act=CS,imm=p1p2,reveal=none,pend=none,passes=0,"
                          "rng=1,p1=1:R1,p2=1:B1,draw=+,disc=R7", "bad act");
    expect_position_error("players=2,turn=p1,dir=cw,act=R7,imm=p1p1,reveal=none,pend=none,passes=0,"
                          "rng=1,p1=1:R1,p2=1:B1,draw=+,disc=R7", "bad imm");
    expect_position_error("players=2,turn=p1,dir=cw,act=R7,imm=p1p2,reveal=0:p1,pend=none,passes=0,"
                          "rng=1,p1=1:R1,p2=1:B1,draw=+,disc=R7", "bad revealed number");
    expect_position_error("players=2,turn=p1,dir=cw,act=R7,imm=p1p2,reveal=none,pend=wait,passes=0,"
                          "rng=1,p1=1:R1,p2=1:B1,draw=+,disc=R7", "unknown pend");
    expect_position_error("players=2,turn=p1,dir=cw,act=R7,imm=p1p2,reveal=none,pend=drawn:p1:R2,"
                          "passes=0,rng=1,p1=1:R1,p2=1:B1,draw=+,disc=R7", "takes 3 value");
    expect_position_error("players=2,turn=p1,dir=cw,act=R7,imm=p1p2,reveal=none,pend=take:p2s5,"
                          "passes=0,rng=1,p1=1:R1,p2=1:B1,draw=+,disc=R7", "missing stack");
    expect_position_error("players=2,turn=p1,dir=cw,act=R7,imm=p1,reveal=none,"
                          "pend=immune:attack:p2:p2:-,passes=0,rng=1,p1=1:R1,p2=1:B1,draw=+,disc=R7",
                          "has used it");
    expect_position_error("players=2,turn=p1,dir=cw,act=R7,imm=p1p2,reveal=none,pend=none,passes=0,"
                          "rng=xyz,p1=1:R1,p2=1:B1,draw=+,disc=R7", "bad rng");
    expect_position_error("start:5", "bad player count");
    expect_position_error("start:2:x", "bad seed");
    expect_position_error("start!", "expected start");
    /* The match's player count must agree. */
    game_params p = {3, {0}};
    assert_int_equal(nine_rules.position_read(&s, &p, text, err, sizeof err), -1);
    assert_int_equal(nine_rules.position_read(&s, &p, "start", err, sizeof err), 0);
    assert_int_equal(s.players, 3);
    assert_int_equal(nine_rules.position_read(&s, NULL, "start:4:42", err, sizeof err), 0);
    assert_int_equal(s.players, 4);
}

/* Mutated positions: rejected with a message, or accepted as a consistent
 * state whose canonical text reads back to itself. */
static void test_position_fuzz(void **state)
{
    (void)state;
    static char samples[64][NINE_POSITION_MAX];
    static char buf[NINE_POSITION_MAX + 64], a[NINE_POSITION_MAX], b[NINE_POSITION_MAX];
    int n = sample_positions(samples, 64), accepted = 0;
    rng r;
    rng_seed(&r, 7);
    assert_true(n >= 20);
    for (int i = 0; i < FUZZ_ROUNDS; i++) {
        nine_state s, t;
        char err[512] = "";
        snprintf(buf, sizeof buf, "%s", samples[i % n]);
        fuzz_edit(&r, buf, strlen(buf), sizeof buf);
        if (nine_rules.position_read(&s, NULL, buf, err, sizeof err) != 0) {
            assert_true(strncmp(err, "position: ", 10) == 0);
            continue;
        }
        accepted++;
        if (nine_rules.check_invariants(&s, err, sizeof err) != 0)
            fail_msg("accepted an inconsistent position: %s\n%s", err, buf);
        assert_true(nine_rules.position_write(&s, a, sizeof a) > 0);
        assert_int_equal(nine_rules.position_read(&t, NULL, a, err, sizeof err), 0);
        nine_rules.position_write(&t, b, sizeof b);
        assert_string_equal(a, b);
        game_move mv[GAME_MAX_MOVES];
        int k = nine_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
        for (int j = 0; j < k; j++) {
            t = s;
            assert_int_equal(nine_rules.apply(&t, &mv[j]), 0);
            if (nine_rules.check_invariants(&t, err, sizeof err) != 0)
                fail_msg("after a move from a fuzzed position: %s\n%s", err, buf);
        }
    }
    assert_true(accepted > 0 && accepted < FUZZ_ROUNDS);
}

static void test_move_words(void **state)
{
    (void)state;
    nine_state s;
    game_move m;
    char err[512];
    nt_load(&s, OK_HEAD "p1=1:R1.G3,p2=1:B1,draw=+,disc=R7");
    assert_int_equal(nine_rules.move_read(&s, "  play \t R1 ", &m, err, sizeof err), 0);
    assert_int_equal(m.kind, NINE_M_PLAY);
    assert_int_equal(nine_rules.move_read(&s, "play G3", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "not legal here (legal: play R1, draw)"));
    assert_int_equal(nine_rules.move_read(&s, "fly", &m, err, sizeof err), -1);
    char longword[200];
    memset(longword, 'x', sizeof longword - 1);
    longword[sizeof longword - 1] = 0;
    assert_int_equal(nine_rules.move_read(&s, longword, &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "too long"));
    nt_load(&s, OK_HEAD "p1=1:R1,p2=1:B1,draw=+,disc=R7");
    nt_play(&s, "play R1");
    assert_int_equal(nine_rules.move_read(&s, "draw", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "game is over"));
    /* apply refuses a move that is not legal. */
    memset(&m, 0, sizeof m);
    m.kind = NINE_M_DRAW;
    assert_int_equal(nine_rules.apply(&s, &m), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deck_file),
        cmocka_unit_test(test_deck_rejects),
        cmocka_unit_test(test_deck_fuzz),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_position_rejects),
        cmocka_unit_test(test_position_fuzz),
        cmocka_unit_test(test_move_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
