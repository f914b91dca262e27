/* The phones' view messages (docs/phones.md): random self-play of 9 STAX,
 * Stakz and Stack-A-Track (hidden blocks on and off) for 2 to 4 seats, and at
 * every position, for every seat and the watcher:
 * - the view is JSON with the documented fields, and `moves` is the legal
 *   moves' notation exactly when the seat decides;
 * - nothing leaks: a seat's view is byte for byte the same in the real game
 *   and in worlds that deal what it cannot see differently (the game's
 *   determinize from its point of view), the watcher's the same in every
 *   seat's such worlds, and `public` the same for every seat;
 * - planted leaks (writers given the whole state; public writers that show
 *   hands) are caught by the same check, so it is not vacuous;
 * - the private cases the rules name: 9 STAX's Immunity question and Peek,
 *   Stakz's symbols, Stack-A-Track's hidden and open blocks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/nine/phone/nine_phone.h"
#include "games/nine/rules/nine.h"
#include "games/nine/rules/nine_text.h"
#include "games/stackatrack/phone/track_phone.h"
#include "games/stackatrack/rules/track.h"
#include "games/stakz/phone/stakz_phone.h"
#include "games/stakz/rules/stakz.h"
#include "games/stakz/rules/stakz_text.h"
#include "games/stax/rules/stax.h"
#include "core/registry.h"
#include "phoneview/phone_view.h"

#define WORLDS 3      /* determinizations per seat and position */
#define MAX_PLIES 3000 /* per game: a safety stop; random games end well before */

static const char *const envelope_keys[] = {"v", "t", "rev", "seat", "game", "turn", "you", "over",
                                            "public", "moves", "status", NULL};
static const char *const common_public[] = {"players", "names", "scores", NULL};
static const char *const nine_public[] = {"act", "dir", "owner", "draw", "discard", "stacks", "held", "immunity",
                                          "reveal", "pending", NULL};
static const char *const nine_private[] = {"held", "cards", "drawn", "immunity", "prompt", NULL};
static const char *const stakz_public[] = {"stacks", "pile", "hands", "colours", "bonus", "placed", "draw", NULL};
static const char *const stakz_private[] = {"hand", NULL};
static const char *const track_public[] = {"columns", "hands", "hidden", "quarter", "blocks", NULL};
static const char *const track_private[] = {"blocks", NULL};

typedef struct pv_case {
    const char *id;
    const game_rules *g;
    int hidden, quarter; /* Stack-A-Track's hidden-blocks and quarter-turns options */
    const char *const *pub, *const *priv;
} pv_case;

static const pv_case cases[] = {
    {"9stax", &nine_rules, 0, 0, nine_public, nine_private},
    {"stakz", &stakz_rules, 0, 0, stakz_public, stakz_private},
    {"stackatrack", &stackatrack_rules, 1, 0, track_public, track_private},
    {"stackatrack", &stackatrack_rules, 0, 0, track_public, track_private},
    {"stackatrack", &stackatrack_rules, 1, 1, track_public, track_private},
};

static void *new_game(const pv_case *c, int players, uint64_t seed)
{
    game_params p;
    char err[256];
    void *st = malloc(c->g->state_size);
    assert_non_null(st);
    game_params_default(c->g, &p, players);
    if (strcmp(c->id, "stackatrack") == 0) {
        p.opt[TRACK_OPT_HIDDEN] = c->hidden;
        p.opt[TRACK_OPT_QUARTER] = c->quarter;
    }
    if (c->g->init(st, &p, seed, err, sizeof err) != 0)
        fail_msg("%s: %s", c->id, err);
    return st;
}

static char *view_with(const game_rules *g, const pv_case *c, const void *st, int seat,
                       const phone_view_writers *w)
{
    static const char *const names[] = {"Ann", "Bo", "Cy", "Di"};
    char *text = phone_view_json_with(g, st, seat, 42, c->id, w, names, "Ann plays.");
    assert_non_null(text);
    return text;
}

static char *view(const pv_case *c, const void *st, int seat)
{
    return view_with(c->g, c, st, seat, phone_view_find(c->id));
}

static void expect_keys(const cJSON *o, const char *const *keys, const char *what)
{
    for (int i = 0; keys[i]; i++)
        if (!cJSON_GetObjectItemCaseSensitive(o, keys[i]))
            fail_msg("%s: no \"%s\"", what, keys[i]);
}

/* The text of the object's member key (NULL when absent); free it. */
static char *member_text(const char *json, const char *key)
{
    cJSON *v = cJSON_Parse(json);
    assert_non_null(v);
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(v, key);
    char *text = m ? cJSON_PrintUnformatted(m) : NULL;
    cJSON_Delete(v);
    return text;
}

/* The longest view seen, for the server's buffers (printed, not judged). */
static size_t longest;

/* (a) fields and moves of seat's view (0: the watcher). */
static void check_fields(const pv_case *c, const void *st, int seat, int players)
{
    char *text = view(c, st, seat), buf[256];
    if (strlen(text) > longest)
        longest = strlen(text);
    cJSON *v = cJSON_Parse(text);
    if (!v)
        fail_msg("%s seat %d: not JSON: %s", c->id, seat, text);
    expect_keys(v, envelope_keys, c->id);
    const cJSON *pub = cJSON_GetObjectItemCaseSensitive(v, "public");
    const cJSON *priv = cJSON_GetObjectItemCaseSensitive(v, "private");
    expect_keys(pub, common_public, c->id);
    expect_keys(pub, c->pub, c->id);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(v, "v")->valueint, 1);
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(v, "t")->valuestring, "view");
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(v, "game")->valuestring, c->id);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(v, "seat")->valueint, seat);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(pub, "players")->valueint, players);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(pub, "names")), players);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(pub, "scores")), players);
    if (seat == 0) {
        assert_null(priv);
    } else {
        assert_non_null(priv);
        expect_keys(priv, c->priv, c->id);
    }
    int cp = c->g->current_player(st);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(v, "turn")->valueint, cp + 1);
    assert_int_equal(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "over")), cp < 0);
    int you = seat > 0 && cp == seat - 1;
    assert_int_equal(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "you")), you);
    const cJSON *moves = cJSON_GetObjectItemCaseSensitive(v, "moves");
    game_move m[GAME_MAX_MOVES];
    int n = you ? c->g->legal_moves(st, m, GAME_MAX_MOVES) : 0;
    assert_int_equal(cJSON_GetArraySize(moves), n);
    for (int i = 0; i < n; i++) {
        assert_true(c->g->move_write(st, &m[i], buf, sizeof buf) > 0);
        assert_string_equal(cJSON_GetArrayItem(moves, i)->valuestring, buf);
    }
    cJSON_Delete(v);
    free(text);
}

/* (b) Views that differ where they must not: a seat's view across the worlds
 * it cannot tell apart, the watcher's across every seat's such worlds, and
 * `public` between seats. Returns how many differ; the first is told in why. */
static int leaks(const game_rules *g, const pv_case *c, const phone_view_writers *w, const void *st,
                 int players, rng *r, char *why, size_t whyn)
{
    void *world = malloc(g->state_size);
    char *watcher = view_with(g, c, st, 0, w), *watcher_pub = member_text(watcher, "public");
    int bad = 0;
    for (int seat = 1; seat <= players; seat++) {
        char *mine = view_with(g, c, st, seat, w), *pub = member_text(mine, "public");
        if (strcmp(pub, watcher_pub) != 0 && bad++ == 0)
            snprintf(why, whyn, "seat %d's public differs from the watcher's:\n%s\n%s", seat, pub, watcher_pub);
        for (int k = 0; k < WORLDS; k++) {
            c->g->observe(st, seat - 1, world);
            c->g->determinize(world, seat - 1, r);
            char *other = view_with(g, c, world, seat, w), *seen = view_with(g, c, world, 0, w);
            if (strcmp(mine, other) != 0 && bad++ == 0)
                snprintf(why, whyn, "seat %d's view depends on what it cannot see:\n%s\n%s", seat, mine, other);
            if (strcmp(watcher, seen) != 0 && bad++ == 0)
                snprintf(why, whyn, "the watcher's view depends on seat %d's hidden:\n%s\n%s", seat, watcher,
                         seen);
            free(other);
            free(seen);
        }
        free(mine);
        free(pub);
    }
    free(watcher);
    free(watcher_pub);
    free(world);
    return bad;
}

/* Calls check on every position of seeded random games, every seat count. */
typedef void (*position_check)(const pv_case *c, const void *st, int players, rng *r, void *ctx);

static void play_games(const pv_case *c, int seeds, position_check check, void *ctx)
{
    game_move m[GAME_MAX_MOVES];
    for (int players = c->g->min_players; players <= c->g->max_players; players++)
        for (int seed = 1; seed <= seeds; seed++) {
            rng r;
            rng_seed(&r, (uint64_t)seed * 977 + (uint64_t)players);
            void *st = new_game(c, players, (uint64_t)seed * 31 + (uint64_t)players);
            int ply = 0;
            for (; ply < MAX_PLIES; ply++) {
                check(c, st, players, &r, ctx);
                if (c->g->current_player(st) < 0)
                    break;
                int n = c->g->legal_moves(st, m, GAME_MAX_MOVES);
                assert_true(n > 0);
                assert_int_equal(c->g->apply(st, &m[rng_below(&r, (uint32_t)n)]), 0);
            }
            assert_true(ply < MAX_PLIES);
            free(st);
        }
}

static void check_position(const pv_case *c, const void *st, int players, rng *r, void *ctx)
{
    char why[16384];
    int *positions = ctx;
    for (int seat = 0; seat <= players; seat++)
        check_fields(c, st, seat, players);
    if (leaks(c->g, c, phone_view_find(c->id), st, players, r, why, sizeof why) != 0)
        fail_msg("%s, %d players: %s", c->id, players, why);
    ++*positions;
}

static void test_fields_and_no_leak(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int positions = 0;
        longest = 0;
        play_games(&cases[i], 3, check_position, &positions);
        assert_true(positions > 30);
        print_message("%s%s%s: %d positions, longest view %zu bytes\n", cases[i].id,
                      cases[i].hidden ? " (hidden)" : "", cases[i].quarter ? " (quarter turns)" : "", positions,
                      longest);
    }
}

/* ------------------------------------------------------------ planted leaks */

/* A game whose observe forgets to hide: the writers get the whole state, as
 * they would if the envelope handed it over. */
static const game_rules *observed_rules;
static void observe_nothing(const void *st, int seat, void *view)
{
    (void)seat;
    memcpy(view, st, observed_rules->state_size);
}

/* The hand of seat p as its private writer has it: 9 STAX's held stack,
 * Stakz's tiles, Stack-A-Track's blocks. */
static cJSON *hand_of(const char *id, const void *obs, int p)
{
    cJSON *priv = cJSON_CreateObject(), *hand;
    if (strcmp(id, "9stax") == 0) {
        nine_phone_private(obs, p, priv);
        hand = cJSON_DetachItemFromObject(priv, "cards");
    } else if (strcmp(id, "stakz") == 0) {
        stakz_phone_private(obs, p, priv);
        hand = cJSON_DetachItemFromObject(priv, "hand");
    } else {
        track_phone_private(obs, p, priv);
        hand = cJSON_DetachItemFromObject(priv, "blocks");
    }
    cJSON_Delete(priv);
    return hand;
}

/* The game the leaky writers below write for. */
static const pv_case *leaky_case;

/* A public writer that shows every seat's hand. */
static void public_with_hands(const void *obs, cJSON *pub)
{
    cJSON *all = cJSON_CreateArray();
    const phone_view_writers *w = phone_view_find(leaky_case->id);
    w->public_fields(obs, pub);
    for (int p = 0; p < w->players(obs); p++)
        cJSON_AddItemToArray(all, hand_of(leaky_case->id, obs, p));
    cJSON_AddItemToObject(pub, "leak", all);
}

/* A private writer that also shows the next seat's hand. */
static void private_with_next(const void *obs, int seat, cJSON *priv)
{
    const phone_view_writers *w = phone_view_find(leaky_case->id);
    w->private_fields(obs, seat, priv);
    cJSON_AddItemToObject(priv, "leak", hand_of(leaky_case->id, obs, (seat + 1) % w->players(obs)));
}

typedef struct leak_tally {
    const game_rules *g;
    const phone_view_writers *w;
    int min_players, positions, caught;
} leak_tally;

static void count_leaks(const pv_case *c, const void *st, int players, rng *r, void *ctx)
{
    char why[16384];
    leak_tally *t = ctx;
    if (players < t->min_players)
        return;
    t->positions++;
    t->caught += leaks(t->g, c, t->w, st, players, r, why, sizeof why) > 0;
}

/* Runs the no-leak check on a planted leak in games of at least min_players;
 * returns the share of positions where it was caught. */
static double caught_share(const pv_case *c, const game_rules *g, const phone_view_writers *w, int min_players,
                           const char *what)
{
    leak_tally t = {g, w, min_players, 0, 0};
    play_games(c, 1, count_leaks, &t);
    assert_true(t.positions > 0);
    print_message("%s%s, %s: caught at %d of %d positions\n", c->id, c->hidden ? " (hidden)" : "", what,
                  t.caught, t.positions);
    return (double)t.caught / t.positions;
}

static void test_planted_leaks_are_caught(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const pv_case *c = &cases[i];
        const phone_view_writers *real = phone_view_find(c->id);
        phone_view_writers hands = *real, next = *real;
        game_rules blind = *c->g;
        /* Two hidden Stack-A-Track hands are known all the same: the set and the frame are public. */
        int from = strcmp(c->id, "stackatrack") == 0 ? 3 : 2;
        int hides = strcmp(c->id, "stackatrack") != 0 || c->hidden;
        leaky_case = c;
        observed_rules = c->g;
        hands.public_fields = public_with_hands;
        next.private_fields = private_with_next;
        blind.observe = observe_nothing;
        double shown = caught_share(c, c->g, &hands, from, "public writer showing the hands");
        double whole = caught_share(c, &blind, &next, from, "private writer showing the next hand, whole state");
        /* The same writer given what observe leaves writes only made-up cards: nothing leaks. */
        double observed = caught_share(c, c->g, &next, from, "private writer showing the next hand, observed");
        /* Correct writers given the whole state still write nothing hidden. */
        double correct = caught_share(c, &blind, real, from, "correct writers, whole state");
        assert_true(hides ? shown > 0.5 && whole > 0.5 : shown == 0.0 && whole == 0.0);
        assert_true(observed == 0.0);
        assert_true(correct == 0.0);
    }
}

/* ------------------------------------------------------------ the rules' cases */

static cJSON *parsed_view(const pv_case *c, const void *st, int seat)
{
    char *text = view(c, st, seat);
    cJSON *v = cJSON_Parse(text);
    free(text);
    assert_non_null(v);
    return v;
}

static const cJSON *prompt_of(const cJSON *v)
{
    return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(v, "private"), "prompt");
}

typedef struct nine_seen {
    int immune, take, give, reveal;
} nine_seen;

/* A list of card names equal to the cards of stack k of seat p. */
static void expect_stack(const cJSON *a, const nine_state *s, int p, int k)
{
    uint8_t codes[NINE_CARDS];
    char name[3];
    int n = nine_place_codes(s, NINE_Z_STACK + p, k, codes);
    assert_int_equal(cJSON_GetArraySize(a), n);
    for (int i = 0; i < n; i++) {
        nine_card_name(codes[i], name);
        assert_string_equal(cJSON_GetArrayItem(a, i)->valuestring, name);
    }
}

/* A Reveal's stacks are public: the watcher sees each face-up one. */
static void check_nine_reveal(const pv_case *c, const nine_state *s, nine_seen *seen)
{
    if (!s->rev_num)
        return;
    seen->reveal++;
    cJSON *v = parsed_view(c, s, 0);
    const cJSON *rv = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(v, "public"), "reveal");
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(rv, "number")->valueint, s->rev_num);
    for (int p = 0; p < s->players; p++) {
        const cJSON *cards = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(rv, "stacks"), p);
        if (s->rev_num <= s->nst[p] && !(s->rev_hidden >> p & 1))
            expect_stack(cards, s, p, s->rev_num - 1);
        else
            assert_true(cJSON_IsNull(cards));
    }
    cJSON_Delete(v);
}

/* Immunity is asked of one seat and shown to it alone; a Peek's stack is
 * shown to the peeker alone, and its cards are the stack's; so is the card
 * the peeker took while it chooses the one to give back. */
static void check_nine_prompts(const pv_case *c, const void *st, int players, rng *r, void *ctx)
{
    const nine_state *s = st;
    nine_seen *seen = ctx;
    int decider = nine_decider(s);
    (void)r;
    check_nine_reveal(c, s, seen);
    int kind = s->pend.kind;
    if (decider < 0 || (kind != NINE_P_IMMUNE && kind != NINE_P_TAKE && kind != NINE_P_GIVE))
        return;
    seen->immune += kind == NINE_P_IMMUNE;
    seen->take += kind == NINE_P_TAKE;
    seen->give += kind == NINE_P_GIVE;
    for (int seat = 0; seat < players; seat++) {
        cJSON *v = parsed_view(c, st, seat + 1);
        const cJSON *pr = prompt_of(v);
        if (seat != decider) {
            assert_true(cJSON_IsNull(pr));
        } else if (s->pend.kind == NINE_P_IMMUNE) {
            assert_string_equal(cJSON_GetObjectItemCaseSensitive(pr, "kind")->valuestring, "immune");
            assert_int_equal(cJSON_GetObjectItemCaseSensitive(pr, "by")->valueint, s->turn + 1);
            assert_string_equal(cJSON_GetObjectItemCaseSensitive(pr, "action")->valuestring,
                                nine_action_word(s->pend.action));
        } else {
            char name[3];
            assert_string_equal(cJSON_GetObjectItemCaseSensitive(pr, "kind")->valuestring,
                                kind == NINE_P_TAKE ? "take" : "give");
            if (kind == NINE_P_GIVE) {
                nine_card_name(s->code[s->hand[seat]], name);
                assert_string_equal(cJSON_GetObjectItemCaseSensitive(pr, "took")->valuestring, name);
            }
            assert_int_equal(cJSON_GetObjectItemCaseSensitive(pr, "seat")->valueint, s->pend.p1 + 1);
            assert_int_equal(cJSON_GetObjectItemCaseSensitive(pr, "stack")->valueint, s->pend.s1 + 1);
            expect_stack(cJSON_GetObjectItemCaseSensitive(pr, "cards"), s, s->pend.p1, s->pend.s1);
        }
        cJSON_Delete(v);
    }
}

static void test_nine_prompts(void **state)
{
    nine_seen seen = {0, 0, 0, 0};
    (void)state;
    play_games(&cases[0], 8, check_nine_prompts, &seen);
    print_message("9stax: %d Immunity questions, %d Peeks, %d gives, %d revealed positions checked\n",
                  seen.immune, seen.take, seen.give, seen.reveal);
    assert_true(seen.reveal > 0);
    assert_true(seen.immune > 0);
    assert_true(seen.take > 0);
    assert_true(seen.give > 0);
}

/* A string array's items equal to n names. */
static void expect_names(const cJSON *a, char names[][40], int n)
{
    assert_int_equal(cJSON_GetArraySize(a), n);
    for (int i = 0; i < n; i++)
        assert_string_equal(cJSON_GetArrayItem(a, i)->valuestring, names[i]);
}

/* Each seat's hand, symbols and all, is in its own private view; the table
 * shows only how many tiles of each colour a hand has. */
static void check_stakz_hands(const pv_case *c, const void *st, int players, rng *r, void *ctx)
{
    const stakz_state *s = st;
    char names[STAKZ_TILES][40];
    (void)r;
    (void)ctx;
    for (int seat = 0; seat < players; seat++) {
        cJSON *v = parsed_view(c, st, seat + 1);
        const cJSON *pub = cJSON_GetObjectItemCaseSensitive(v, "public");
        int n = 0;
        for (int code = 0; code < STAKZ_CODES; code++)
            for (int k = 0; k < s->hand[seat][code]; k++)
                stakz_tile_name((uint8_t)code, names[n++]);
        expect_names(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(v, "private"), "hand"), names,
                     n);
        for (int p = 0; p < players; p++)
            assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(pub, "hands"), p)->valueint,
                             s->nhand[p]);
        cJSON_Delete(v);
    }
}

static void test_stakz_hands(void **state)
{
    (void)state;
    play_games(&cases[1], 2, check_stakz_hands, NULL);
}

/* A seat's blocks are in its private view; with hidden blocks off every
 * hand is also public, with them on none is. */
static void check_track_blocks(const pv_case *c, const void *st, int players, rng *r, void *ctx)
{
    const track_state *s = st;
    char names[TRACK_HAND_MAX][40];
    (void)r;
    (void)ctx;
    for (int seat = 0; seat < players; seat++) {
        cJSON *v = parsed_view(c, st, seat + 1);
        const cJSON *open = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(v, "public"), "blocks");
        for (int p = 0; p < players; p++) {
            for (int i = 0; i < s->nhand[p]; i++)
                assert_true(track_block_write(s->hand[p][i], names[i], sizeof names[i]) > 0);
            if (p == seat)
                expect_names(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(v, "private"),
                                                              "blocks"),
                             names, s->nhand[p]);
            if (c->hidden)
                assert_true(cJSON_IsNull(open));
            else
                expect_names(cJSON_GetArrayItem(open, p), names, s->nhand[p]);
        }
        cJSON_Delete(v);
    }
}

static void test_track_blocks(void **state)
{
    (void)state;
    play_games(&cases[2], 2, check_track_blocks, NULL);
    play_games(&cases[3], 2, check_track_blocks, NULL);
    play_games(&cases[4], 1, check_track_blocks, NULL);
}

/* A game without writers (STAX) gets the envelope and scores only; a seat out
 * of range gets nothing, in any game. */
static void test_envelope_only(void **state)
{
    (void)state;
    void *st = malloc(stax_rules.state_size);
    char err[256];
    game_params p;
    assert_non_null(st);
    game_params_default(&stax_rules, &p, 2);
    assert_int_equal(stax_rules.init(st, &p, 1, err, sizeof err), 0);
    assert_null(phone_view_find("stax"));
    assert_string_equal(phone_view_controls("stax"), "pad");
    assert_string_equal(phone_view_controls("9stax"), "hand");
    char *text = phone_view_json(&stax_rules, st, 1, 3, "stax", NULL, NULL);
    assert_non_null(text);
    cJSON *v = cJSON_Parse(text);
    assert_non_null(v);
    assert_null(cJSON_GetObjectItemCaseSensitive(v, "private"));
    const cJSON *pub = cJSON_GetObjectItemCaseSensitive(v, "public");
    assert_int_equal(cJSON_GetArraySize(pub), 3); /* players, names, scores */
    assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(pub, "names"), 1)->valuestring,
                        "Player 2");
    game_move m[GAME_MAX_MOVES];
    int n = stax_rules.current_player(st) == 0 ? stax_rules.legal_moves(st, m, GAME_MAX_MOVES) : 0;
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(v, "moves")), n);
    cJSON_Delete(v);
    free(text);
    assert_null(phone_view_json(&stax_rules, st, 3, 3, "stax", NULL, NULL));
    assert_null(phone_view_json(&stax_rules, st, -1, 3, "stax", NULL, NULL));
    free(st);
    /* A hidden-hand game is never observed for a seat it does not have. */
    st = new_game(&cases[0], 2, 1);
    assert_null(phone_view_json(&nine_rules, st, 3, 3, "9stax", NULL, NULL));
    assert_null(phone_view_json(&nine_rules, st, GAME_MAX_PLAYERS + 1, 3, "9stax", NULL, NULL));
    free(st);
}

/* The one list's phone column: a mode that hides anything has writers and a
 * page renderer (else a phone would show that seat nothing of its hand), and
 * a view message names the renderer. */
static void test_every_hidden_mode_has_writers(void **state)
{
    int hidden = 0;
    (void)state;
    for (int i = 0; i < registry_count(); i++) {
        const game_info *g = registry_get(i);
        const phone_view_writers *w = phone_view_find(g->id);
        if (!g->rules || !g->rules->hidden_info) {
            assert_string_equal(phone_view_controls(g->id), w ? "hand" : "pad");
            continue;
        }
        hidden++;
        if (!w || !w->players || !w->public_fields || !w->private_fields || !phone_view_page(g->id))
            fail_msg("%s hides information but its row names no phone writers and page", g->id);
        assert_string_equal(phone_view_controls(g->id), "hand");
        {
            void *st = malloc(g->rules->state_size);
            game_params p;
            char err[200], *json;
            assert_non_null(st);
            game_params_default(g->rules, &p, g->min_players);
            assert_int_equal(g->rules->init(st, &p, 5, err, sizeof err), 0);
            json = phone_view_json(g->rules, st, 1, 1, g->id, NULL, NULL);
            assert_non_null(json);
            assert_non_null(strstr(json, "\"page\":\""));
            assert_non_null(strstr(json, phone_view_page(g->id)));
            free(json);
            free(st);
        }
    }
    assert_true(hidden >= 3); /* 9 STAX, Stakz, Stack-A-Track */
    assert_null(phone_view_find("stax"));
    assert_null(phone_view_page("nosuchmode"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fields_and_no_leak), cmocka_unit_test(test_planted_leaks_are_caught),
        cmocka_unit_test(test_nine_prompts),       cmocka_unit_test(test_stakz_hands),
        cmocka_unit_test(test_track_blocks),       cmocka_unit_test(test_envelope_only),
        cmocka_unit_test(test_every_hidden_mode_has_writers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
