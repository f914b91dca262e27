/* STAX rules, one case per rule of the 1919 rule sheet, plus perft checked
 * against an independent (slow, string-based) move generator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/registry.h"
#include "games/stax/rules/stax.h"

static const game_rules *G = &stax_rules;

static void load(stax_state *s, const char *pos)
{
    char err[256];
    int rc = G->position_read(s, NULL, pos, err, sizeof err);
    if (rc != 0)
        fail_msg("position %s rejected: %s", pos, err);
}

/* The sorted legal moves of pos joined with spaces. */
static void legal_list(const char *pos, char *out, size_t n)
{
    stax_state s;
    game_move mv[GAME_MAX_MOVES];
    char text[GAME_MAX_MOVES][100];
    load(&s, pos);
    int k = G->legal_moves(&s, mv, GAME_MAX_MOVES);
    for (int i = 0; i < k; i++)
        G->move_write(&s, &mv[i], text[i], sizeof text[i]);
    qsort(text, (size_t)k, sizeof text[0], (int (*)(const void *, const void *))strcmp);
    out[0] = 0;
    for (int i = 0; i < k; i++) {
        if (i)
            strncat(out, " ", n - strlen(out) - 1);
        strncat(out, text[i], n - strlen(out) - 1);
    }
}

static void expect_legal(const char *pos, const char *want)
{
    char got[4096];
    legal_list(pos, got, sizeof got);
    assert_string_equal(got, want);
}

/* Plays moves from pos and checks the resulting canonical position and result. */
static void expect_after(const char *pos, const char *moves, const char *want, int over, int winner)
{
    stax_state s;
    char err[256], buf[1024], list[512];
    load(&s, pos);
    snprintf(list, sizeof list, "%s", moves);
    for (char *tok = strtok(list, " "); tok; tok = strtok(NULL, " ")) {
        game_move m;
        if (G->move_read(&s, tok, &m, err, sizeof err) != 0)
            fail_msg("move %s: %s", tok, err);
        assert_int_equal(G->apply(&s, &m), 0);
        assert_int_equal(G->check_invariants(&s, err, sizeof err), 0);
    }
    G->position_write(&s, buf, sizeof buf);
    if (want)
        assert_string_equal(buf, want);
    game_result r;
    G->result(&s, &r);
    assert_int_equal(r.status, over ? GAME_OVER : GAME_ONGOING);
    if (over)
        assert_int_equal(r.winner, winner);
}

static void test_registered(void **state)
{
    (void)state;
    assert_ptr_equal(registry_find("stax")->rules, &stax_rules);
    assert_true(sizeof(stax_state) < 2048);
}

static void test_minor_forward_only(void **state)
{
    (void)state;
    expect_legal("r:d4=r,h8=b", "d4-c5 d4-e5");
    expect_legal("b:d4=b,a1=r", "d4-c3 d4-e3");
    /* The top man decides: a red Minor on blue men moves like Red's Minor. */
    expect_legal("r:d4=bbr,h8=b", "d4-c5 d4-e5");
}

static void test_major_both_ways(void **state)
{
    (void)state;
    expect_legal("r:d4=R,h8=b", "d4-c3 d4-c5 d4-e3 d4-e5");
    expect_legal("b:d4=rrB,a1=r", "d4-c3 d4-c5 d4-e3 d4-e5");
    /* Minors capture forward only, Majors backwards too. */
    expect_legal("r:d4=r,c3=b,h8=b", "d4-c5 d4-e5");
    expect_legal("r:d4=R,c3=b,h8=b", "d4xb2");
}

static void test_capture_compulsory(void **state)
{
    (void)state;
    stax_state s;
    game_move m;
    char err[256];
    expect_legal("r:c3=r,d4=b,g3=r", "c3xe5");
    load(&s, "r:c3=r,d4=b,g3=r");
    assert_int_equal(G->move_read(&s, "g3-h4", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "compulsory"));
}

static void test_single_capture_builds_stack(void **state)
{
    (void)state;
    /* The captured man goes under the capturer; both land as one stack. */
    expect_after("r:c3=r,d4=b,h8=b", "c3xe5", "b:e5=br,h8=b", 0, 0);
    expect_after("r:c3=bR,d4=B,h8=b", "c3xe5", "b:e5=BbR,h8=b", 0, 0);
}

static void test_stack_attack_takes_top_only(void **state)
{
    (void)state;
    /* Top man only, to the bottom of the attacker; a red man is left on top
     * of the remainder, so that stack changes hands. */
    expect_after("r:c3=r,d4=rb,h8=b", "c3xe5", "b:d4=r,e5=br,h8=b", 0, 0);
    expect_after("r:c3=bR,d4=rbB,h8=b", "c3xe5", "b:d4=rb,e5=BbR,h8=b", 0, 0);
    /* Remainder still blue on top: it stays Blue's. */
    expect_after("r:c3=r,d4=bb,h8=r", "c3xe5", "b:d4=b,e5=br,h8=r", 0, 0);
}

static void test_chain_must_continue(void **state)
{
    (void)state;
    expect_legal("r:a1=r,b2=b,d4=b", "a1xc3xe5");
    expect_after("r:a1=r,b2=b,d4=b", "a1xc3xe5", "b:e5=bbr", 1, 0);
    stax_state s;
    game_move m;
    char err[256];
    load(&s, "r:a1=r,b2=b,d4=b");
    assert_int_equal(G->move_read(&s, "a1xc3", &m, err, sizeof err), -1);
}

static void test_any_chain_allowed(void **state)
{
    (void)state;
    /* No majority rule: the one-capture chain is as legal as the two. */
    expect_legal("r:c1=r,b2=b,d2=b,f4=b", "c1xa3 c1xe3xg5");
}

static void test_promotion_minor(void **state)
{
    (void)state;
    expect_after("r:a7=r,h2=b", "a7-b8", "b:h2=b,b8=R", 0, 0);
    expect_after("b:b2=b,a7=r", "b2-a1", "r:a1=B,a7=r", 0, 0);
    /* A Minor stack: only the top Minor becomes a Major. */
    expect_after("r:a7=brr,h2=b", "a7-b8", "b:h2=b,b8=brR", 0, 0);
}

static void test_promotion_ends_turn(void **state)
{
    (void)state;
    /* From d8 a Major could go on over e7, but promotion ends the turn. */
    expect_legal("r:b6=r,c7=b,e7=b", "b6xd8");
    expect_after("r:b6=r,c7=b,e7=b", "b6xd8", "b:e7=b,d8=bR", 0, 0);
    expect_after("r:b6=rbr,c7=b,e7=b", "b6xd8", "b:e7=b,d8=brbR", 0, 0);
}

static void test_major_continues_through_last_row(void **state)
{
    (void)state;
    expect_legal("r:b6=R,c7=b,e7=b", "b6xd8xf6");
    expect_after("r:b6=R,c7=b,e7=b", "b6xd8xf6", "b:f6=bbR", 1, 0);
}

static void test_no_immediate_reattack(void **state)
{
    (void)state;
    /* Jumping straight back over d4 is not allowed ... */
    expect_legal("r:c3=R,d4=bbb", "c3xe5");
    expect_after("r:c3=R,d4=bbb", "c3xe5", "b:d4=bb,e5=bR", 0, 0);
    /* ... but after other stacks in between, d4 may be attacked again. */
    expect_legal("r:c3=R,d4=bb,f4=b,f2=b,d2=b", "c3xe1xg3xe5xc3 c3xe5xg3xe1xc3xe5");
}

static void test_no_stack_or_no_move_loses(void **state)
{
    (void)state;
    expect_after("r:d4=b", "", "r:d4=b", 1, 1);
    expect_after("b:d4=r,e5=br", "", "b:d4=r,e5=br", 1, 0);
    expect_after("r:", "", "r:", 1, 1);
    /* Blocked: the Minor on a1 can neither step nor jump. */
    expect_after("r:a1=r,b2=b,c3=b", "", NULL, 1, 1);
    /* A Minor on its far row (composed) cannot move. */
    expect_after("r:b8=r,a1=b", "", NULL, 1, 1);
}

static void shuffle_game(stax_state *s, int rep, int fifty, int plies)
{
    static const char *const cycle[] = {"a1-b2", "h8-g7", "b2-a1", "g7-h8"};
    game_params p;
    char err[256];
    game_params_default(G, &p, 2);
    p.opt[STAX_OPT_REPETITION] = rep;
    p.opt[STAX_OPT_FIFTY] = fifty;
    assert_int_equal(G->position_read(s, &p, "r:a1=R,h8=B", err, sizeof err), 0);
    for (int k = 0; k < plies; k++) {
        game_move m;
        assert_int_equal(G->move_read(s, cycle[k % 4], &m, err, sizeof err), 0);
        assert_int_equal(G->apply(s, &m), 0);
    }
}

static void test_repetition_draw(void **state)
{
    (void)state;
    stax_state s;
    game_result r;
    shuffle_game(&s, 1, 1, 7);
    G->result(&s, &r);
    assert_int_equal(r.status, GAME_ONGOING);
    shuffle_game(&s, 1, 1, 8); /* the start position for the third time */
    G->result(&s, &r);
    assert_int_equal(r.status, GAME_OVER);
    assert_int_equal(r.winner, -1);
    shuffle_game(&s, 0, 1, 8);
    G->result(&s, &r);
    assert_int_equal(r.status, GAME_ONGOING);
}

static void test_fifty_move_draw(void **state)
{
    (void)state;
    stax_state s;
    game_result r;
    shuffle_game(&s, 0, 1, 99);
    G->result(&s, &r);
    assert_int_equal(r.status, GAME_ONGOING);
    shuffle_game(&s, 0, 1, 100);
    G->result(&s, &r);
    assert_int_equal(r.status, GAME_OVER);
    assert_int_equal(r.winner, -1);
    shuffle_game(&s, 0, 0, 140);
    G->result(&s, &r);
    assert_int_equal(r.status, GAME_ONGOING);
    assert_int_equal(G->current_player(&s), 0);
}

static void test_options_table(void **state)
{
    (void)state;
    assert_int_equal(G->n_options, 2);
    assert_string_equal(G->options[STAX_OPT_REPETITION].key, "draw_repetition");
    assert_string_equal(G->options[STAX_OPT_FIFTY].key, "draw_fifty");
    assert_int_equal(G->options[0].def, 1);
    assert_int_equal(G->options[1].def, 1);
}

/* ------------------------------------------------- independent reference */

/* Stacks as strings bottom to top on an 8x8 array; nothing shared with the
 * bitboard implementation but the rules as written. */
typedef struct ref_pos {
    char s[64][STAX_MAX_MEN + 1];
    int stm;
} ref_pos;

typedef struct ref_list {
    ref_pos *p;
    int n, cap;
} ref_list;

static int ref_owner(const char *s)
{
    char t = s[strlen(s) - 1];
    return t == 'b' || t == 'B';
}

static int ref_is_major(const char *s)
{
    char t = s[strlen(s) - 1];
    return t == 'R' || t == 'B';
}

static void ref_push(ref_list *l, const ref_pos *p, int sq, const char *mover, int promote)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        l->p = realloc(l->p, sizeof *l->p * (size_t)l->cap);
    }
    ref_pos *q = &l->p[l->n++];
    *q = *p;
    strcpy(q->s[sq], mover);
    if (promote) {
        size_t n = strlen(mover);
        q->s[sq][n - 1] = q->s[sq][n - 1] == 'r' ? 'R' : 'B';
    }
    q->stm = !p->stm;
}

static void ref_chain(ref_list *l, const ref_pos *p, int sq, const char *mover, int last, int jumps)
{
    int side = p->stm, major = ref_is_major(mover), found = 0;
    for (int df = -1; df <= 1; df += 2)
        for (int dr = -1; dr <= 1; dr += 2) {
            if (!major && dr != (side ? -1 : 1))
                continue;
            int f = sq % 8, r = sq / 8, tf = f + 2 * df, tr = r + 2 * dr;
            if (tf < 0 || tf > 7 || tr < 0 || tr > 7)
                continue;
            int m = (r + dr) * 8 + f + df, t = tr * 8 + tf;
            if (m == last || !p->s[m][0] || p->s[t][0] || ref_owner(p->s[m]) == side)
                continue;
            ref_pos q = *p;
            char nm[STAX_MAX_MEN + 2];
            size_t hm = strlen(q.s[m]);
            nm[0] = q.s[m][hm - 1];
            q.s[m][hm - 1] = 0;
            strcpy(nm + 1, mover);
            found = 1;
            if (!major && tr == (side ? 0 : 7))
                ref_push(l, &q, t, nm, 1);
            else
                ref_chain(l, &q, t, nm, m, jumps + 1);
        }
    if (!found && jumps)
        ref_push(l, p, sq, mover, 0);
}

static void ref_moves(const ref_pos *p, ref_list *l)
{
    l->n = 0;
    for (int sq = 0; sq < 64; sq++) {
        if (!p->s[sq][0] || ref_owner(p->s[sq]) != p->stm)
            continue;
        ref_pos q = *p;
        char mover[STAX_MAX_MEN + 1];
        strcpy(mover, q.s[sq]);
        q.s[sq][0] = 0;
        ref_chain(l, &q, sq, mover, -1, 0);
    }
    if (l->n)
        return;
    for (int sq = 0; sq < 64; sq++) {
        if (!p->s[sq][0] || ref_owner(p->s[sq]) != p->stm)
            continue;
        int major = ref_is_major(p->s[sq]);
        for (int df = -1; df <= 1; df += 2)
            for (int dr = -1; dr <= 1; dr += 2) {
                int tf = sq % 8 + df, tr = sq / 8 + dr;
                if ((!major && dr != (p->stm ? -1 : 1)) || tf < 0 || tf > 7 || tr < 0 || tr > 7 ||
                    p->s[tr * 8 + tf][0])
                    continue;
                ref_pos q = *p;
                q.s[sq][0] = 0;
                ref_push(l, &q, tr * 8 + tf, p->s[sq], !major && tr == (p->stm ? 0 : 7));
            }
    }
}

static uint64_t ref_perft(const ref_pos *p, int depth)
{
    if (depth == 0)
        return 1;
    ref_list l = {NULL, 0, 0};
    uint64_t total = 0;
    ref_moves(p, &l);
    for (int k = 0; k < l.n; k++)
        total += depth == 1 ? 1 : ref_perft(&l.p[k], depth - 1);
    free(l.p);
    return total;
}

/* Reads the canonical text by hand (not through position_read). */
static void ref_from_text(ref_pos *p, const char *text)
{
    memset(p, 0, sizeof *p);
    if (strcmp(text, "start") == 0) {
        for (int sq = 0; sq < 64; sq++)
            if ((sq % 8 + sq / 8) % 2 == 0 && (sq / 8 < 3 || sq / 8 > 4))
                strcpy(p->s[sq], sq / 8 < 3 ? "r" : "b");
        return;
    }
    p->stm = text[0] == 'b';
    for (const char *c = text + 2; *c;) {
        int sq = (c[1] - '1') * 8 + (c[0] - 'a');
        size_t n = strcspn(c + 3, ",");
        memcpy(p->s[sq], c + 3, n);
        c += 3 + n;
        if (*c == ',')
            c++;
    }
}

static void test_perft_start(void **state)
{
    (void)state;
    static const uint64_t want[] = {1, 7, 49, 302, 1469, 7361, 36690};
    stax_board b;
    ref_pos p;
    stax_board_start(&b);
    ref_from_text(&p, "start");
    for (int d = 1; d <= 6; d++) {
        assert_int_equal(stax_perft(&b, d), want[d]);
        assert_int_equal(ref_perft(&p, d), want[d]);
    }
}

/* Positions from random play, full of stacks and Majors, checked both ways. */
static void test_perft_random_positions(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 2026);
    for (int game = 0; game < 40; game++) {
        stax_state s;
        game_move mv[GAME_MAX_MOVES];
        char text[2048];
        G->init(&s, NULL, 0, text, sizeof text);
        int plies = 20 + (int)rng_below(&r, 120);
        for (int k = 0; k < plies && G->current_player(&s) >= 0; k++) {
            int n = G->legal_moves(&s, mv, GAME_MAX_MOVES);
            G->apply(&s, &mv[rng_below(&r, (uint32_t)n)]);
        }
        G->position_write(&s, text, sizeof text);
        ref_pos p;
        ref_from_text(&p, text);
        for (int d = 1; d <= 3; d++) {
            uint64_t a = stax_perft(&s.b, d), b = ref_perft(&p, d);
            if (a != b)
                fail_msg("%s depth %d: %llu vs reference %llu", text, d, (unsigned long long)a,
                         (unsigned long long)b);
        }
    }
}

static void test_notation_round_trip(void **state)
{
    (void)state;
    static const char *const pos[] = {"b:d4=r,e5=br,h8=B", "r:", "r:a1=RrBb,c1=b,h8=bbbbbbbbR"};
    stax_state s, t;
    char buf[2048], err[256];
    for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        load(&s, pos[i]);
        G->position_write(&s, buf, sizeof buf);
        assert_string_equal(buf, pos[i]);
    }
    /* Any order in, canonical order out. */
    load(&s, "r:h8=B,a1=r");
    G->position_write(&s, buf, sizeof buf);
    assert_string_equal(buf, "r:a1=r,h8=B");
    /* Moves and positions from random games round-trip. */
    rng r;
    rng_seed(&r, 7);
    G->init(&s, NULL, 0, err, sizeof err);
    for (int k = 0; k < 300 && G->current_player(&s) >= 0; k++) {
        game_move mv[GAME_MAX_MOVES], m;
        int n = G->legal_moves(&s, mv, GAME_MAX_MOVES);
        for (int i = 0; i < n; i++) {
            G->move_write(&s, &mv[i], buf, sizeof buf);
            assert_int_equal(G->move_read(&s, buf, &m, err, sizeof err), 0);
            assert_memory_equal(&m, &mv[i], sizeof m);
        }
        G->apply(&s, &mv[rng_below(&r, (uint32_t)n)]);
        G->position_write(&s, buf, sizeof buf);
        load(&t, buf);
        assert_int_equal(G->hash(&t), G->hash(&s));
        assert_memory_equal(&t.b, &s.b, sizeof s.b);
    }
}

static void test_malformed_positions(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", "x:a1=r", "a1=r", "r", "r:a1", "r:a1=", "r:a1=r,", "r:b1=r", "r:i1=r", "r:a9=r",
        "r:a1=x", "r:a1=r,a1=b", "r:a1=r;c1=b", "start ", "r:a1=rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr",
        "R:a1=r", "r:a1=r ,c1=b",
    };
    stax_state s, keep;
    char err[256];
    load(&keep, "start");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        s = keep;
        err[0] = 0;
        if (G->position_read(&s, NULL, bad[i], err, sizeof err) != -1)
            fail_msg("accepted bad position '%s'", bad[i]);
        assert_true(strlen(err) > 0);
        assert_memory_equal(&s, &keep, sizeof s);
    }
    /* 33 men in total is over the cap even if no stack is. */
    char big[512] = "r:a1=rrrrrrrrrrrrrrrrr,c1=bbbbbbbbbbbbbbbb";
    assert_int_equal(G->position_read(&s, NULL, big, err, sizeof err), -1);
    big[strlen(big) - 1] = 0;
    assert_int_equal(G->position_read(&s, NULL, big, err, sizeof err), 0);
}

static void test_malformed_moves(void **state)
{
    (void)state;
    static const char *const bad[] = {"", "c3", "c3-", "c3-d4-e5", "c3xd4-e5", "c3-d9", "c3-c4",
                                      "c3xe5", "c3-b4 ", "d4-e5", "C3-D4", "c3_d4", "a1-b2"};
    stax_state s;
    game_move m;
    char err[256];
    load(&s, "start");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        if (G->move_read(&s, bad[i], &m, err, sizeof err) != -1)
            fail_msg("accepted bad move '%s'", bad[i]);
        assert_true(strlen(err) > 0);
    }
    assert_int_equal(G->move_read(&s, "c3-d4", &m, err, sizeof err), 0);
    /* apply refuses a move that is not legal here. */
    load(&s, "r:c3=r,d4=b,g3=r");
    m.len = 2;
    m.kind = 0;
    m.b[0] = 22; /* g3 */
    m.b[1] = 31; /* h4 */
    assert_int_equal(G->apply(&s, &m), -1);
}

static void test_men_conserved(void **state)
{
    (void)state;
    stax_state s;
    char err[256];
    load(&s, "start");
    assert_int_equal(s.men[0], 12);
    assert_int_equal(s.men[1], 12);
    assert_int_equal(G->check_invariants(&s, err, sizeof err), 0);
    s.b.col[0] |= 1; /* turn a red man blue behind the rules' back */
    assert_int_equal(G->check_invariants(&s, err, sizeof err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registered),
        cmocka_unit_test(test_minor_forward_only),
        cmocka_unit_test(test_major_both_ways),
        cmocka_unit_test(test_capture_compulsory),
        cmocka_unit_test(test_single_capture_builds_stack),
        cmocka_unit_test(test_stack_attack_takes_top_only),
        cmocka_unit_test(test_chain_must_continue),
        cmocka_unit_test(test_any_chain_allowed),
        cmocka_unit_test(test_promotion_minor),
        cmocka_unit_test(test_promotion_ends_turn),
        cmocka_unit_test(test_major_continues_through_last_row),
        cmocka_unit_test(test_no_immediate_reattack),
        cmocka_unit_test(test_no_stack_or_no_move_loses),
        cmocka_unit_test(test_repetition_draw),
        cmocka_unit_test(test_fifty_move_draw),
        cmocka_unit_test(test_options_table),
        cmocka_unit_test(test_perft_start),
        cmocka_unit_test(test_perft_random_positions),
        cmocka_unit_test(test_notation_round_trip),
        cmocka_unit_test(test_malformed_positions),
        cmocka_unit_test(test_malformed_moves),
        cmocka_unit_test(test_men_conserved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
