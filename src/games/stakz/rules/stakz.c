#include "games/stakz/rules/stakz.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/stakz/rules/stakz_check.h"
#include "games/stakz/rules/stakz_text.h"
#include "games/stakz/rules/stakz_hint.h"
#include "games/stakz/rules/stakz_why.h"

static const char *const draw_choices[] = {"Choose the colour", "At random"};
static const game_option stakz_options[] = {
    {"draw", "End-of-turn draw", GAME_OPT_CHOICE, 0, 1, STAKZ_DRAW_CHOOSE, draw_choices},
};

/* ------------------------------------------------------------ derived */

static uint16_t stack_cols(const stakz_state *s, int k)
{
    uint16_t cols = 0;
    for (int i = 0; i < s->height[k]; i++)
        cols = (uint16_t)(cols + (1u << (3 * stakz_colour(s->stack[k][i]))));
    return cols;
}

void stakz_derive(stakz_state *s)
{
    for (int k = 0; k < s->nstacks; k++)
        s->cols[k] = stack_cols(s, k);
    memset(s->pile_cols, 0, sizeof s->pile_cols);
    for (int i = 0; i < s->npile; i++)
        s->pile_cols[stakz_colour(s->pile[i])]++;
    for (int p = 0; p < s->players; p++) {
        int n = 0;
        for (int c = 0; c < STAKZ_KINDS; c++)
            n += s->hand[p][c];
        s->nhand[p] = (uint8_t)n;
    }
    s->over = 0;
    for (int p = 0; p < s->players; p++)
        s->over |= s->score[p] >= STAKZ_GOAL;
}

/* ------------------------------------------------------------ dealing */

/* Deals a round from the game's tiles (s->set) with s->r, started by
 * s->starter: the seats, from the starter round and round, take the next
 * tile of the shuffle that keeps them at two of each colour, so that each
 * ends with two of every colour (and a composed game with few tiles shares
 * them out); then two bases of different colours; the rest is the pile. */
static void deal_round(stakz_state *s)
{
    uint8_t tiles[STAKZ_TILES], used[STAKZ_TILES] = {0}, got[GAME_MAX_PLAYERS][STAKZ_COLOURS] = {{0}};
    int n = 0, from[GAME_MAX_PLAYERS] = {0};
    for (int code = 0; code < STAKZ_CODES; code++)
        for (int k = 0; k < s->set[code]; k++)
            tiles[n++] = (uint8_t)code;
    rng_shuffle(&s->r, tiles, n, 1);
    memset(s->hand, 0, sizeof s->hand);
    for (int dealt = 1; dealt;) {
        dealt = 0;
        for (int p = 0; p < s->players; p++) {
            int seat = (s->starter + p) % s->players;
            for (int i = from[seat]; i < n; i++) {
                int c = stakz_colour(tiles[i]);
                if (!used[i] && got[seat][c] < STAKZ_PER_COLOUR) {
                    used[i] = 1;
                    got[seat][c]++;
                    s->hand[seat][tiles[i]]++;
                    from[seat] = i + 1;
                    dealt = 1;
                    break;
                }
            }
        }
    }
    s->nstacks = 0;
    for (int i = 0; i < n && s->nstacks < 2; i++)
        if (!used[i] && (s->nstacks == 0 || stakz_colour(tiles[i]) != stakz_colour(s->stack[0][0]))) {
            used[i] = 1;
            s->stack[s->nstacks][0] = tiles[i];
            s->height[s->nstacks++] = 1;
        }
    s->npile = 0;
    for (int i = n - 1; i >= 0; i--) /* the first left over is the top */
        if (!used[i])
            s->pile[s->npile++] = tiles[i];
    memset(s->bonus, 0, sizeof s->bonus);
    s->turn = s->starter;
    s->passes = 0;
    s->placed = 0;
    stakz_derive(s);
}

/* The round is over: every hand scores its tiles; the game ends at the
 * goal, or the next seat deals and starts the next round. A composed game
 * with too few tiles may deal an empty hand, which ends that round too. */
static void round_over(stakz_state *s)
{
    for (;;) {
        for (int p = 0; p < s->players; p++)
            s->score[p] = (uint16_t)(s->score[p] + s->nhand[p]);
        stakz_derive(s);
        if (s->over)
            return;
        s->starter = (uint8_t)((s->starter + 1) % s->players);
        deal_round(s);
        int empty = 0;
        for (int p = 0; p < s->players; p++)
            empty |= s->nhand[p] == 0;
        if (!empty)
            return;
    }
}

int stakz_deal(stakz_state *s, int players, int draw, uint64_t seed, char *err, size_t errn)
{
    if (players < 2 || players > GAME_MAX_PLAYERS) {
        snprintf(err, errn, "stakz: %d players (2..4)", players);
        return -1;
    }
    if (draw != STAKZ_DRAW_CHOOSE && draw != STAKZ_DRAW_RANDOM) {
        snprintf(err, errn, "stakz: bad draw setting %d (0 choose, 1 random)", draw);
        return -1;
    }
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)players;
    s->draw_random = (uint8_t)draw;
    s->total = STAKZ_TILES;
    memset(s->set, STAKZ_COPIES, sizeof s->set);
    rng_seed(&s->r, seed);
    s->starter = (uint8_t)rng_below(&s->r, (uint32_t)players);
    deal_round(s);
    return 0;
}

/* ------------------------------------------------------------ moves */

int stakz_current(const stakz_state *s) { return s->over ? -1 : s->turn; }

int stakz_can_place(const stakz_state *s, int code, int k)
{
    if (s->over || code < 0 || code >= STAKZ_CODES || k < 0 || k >= s->nstacks || !s->hand[s->turn][code])
        return 0;
    int c = stakz_colour((uint8_t)code);
    if (stakz_count(s, k, c) >= STAKZ_PER_COLOUR)
        return 0;
    uint8_t top = s->stack[k][s->height[k] - 1];
    return s->bonus[k] || stakz_colour(top) == c || stakz_symbol(top) == stakz_symbol((uint8_t)code);
}

int stakz_can_end(const stakz_state *s, int colour)
{
    if (s->over)
        return 0;
    if (s->draw_random || s->npile == 0)
        return colour == STAKZ_END_ANY;
    return colour >= 0 && colour < STAKZ_COLOURS && s->pile_cols[colour] > 0;
}

/* Bit code of every tile of colour c, and of every tile of symbol y. */
#define COLOUR_BITS(c) (0x1Fu << (5 * (c)))
#define SYMBOL_BITS(y) (0x108421u << (y))

int stakz_legal(const stakz_state *s, game_move *out, int max)
{
    int n = 0;
    if (s->over)
        return 0;
    /* Ending the turn first: a list cut short at max never lacks it. */
    if (s->draw_random || s->npile == 0) {
        if (n < max) {
            out[n].len = 1;
            out[n].kind = STAKZ_M_END;
            out[n++].b[0] = STAKZ_END_ANY;
        }
    } else {
        for (int c = 0; c < STAKZ_COLOURS && n < max; c++)
            if (s->pile_cols[c]) {
                out[n].len = 1;
                out[n].kind = STAKZ_M_END;
                out[n++].b[0] = (uint8_t)c;
            }
    }
    /* Masks of 25 bits, one per code: the playouts spend their time here. */
    const uint8_t *hand = s->hand[s->turn];
    uint32_t in_hand = 0;
    for (int code = 0; code < STAKZ_CODES; code++)
        in_hand |= (uint32_t)(hand[code] != 0) << code;
    for (int k = 0; k < s->nstacks && in_hand; k++) {
        uint8_t top = s->stack[k][s->height[k] - 1];
        uint32_t fits = s->bonus[k] ? 0x1FFFFFFu : COLOUR_BITS(top / 5) | SYMBOL_BITS(top % 5);
        for (int c = 0; c < STAKZ_COLOURS; c++)
            if (stakz_count(s, k, c) >= STAKZ_PER_COLOUR)
                fits &= ~COLOUR_BITS(c);
        for (uint32_t m = fits & in_hand; m && n < max; m &= m - 1) {
            out[n].len = 2;
            out[n].kind = STAKZ_M_PLACE;
            out[n].b[0] = (uint8_t)__builtin_ctz(m);
            out[n].b[1] = (uint8_t)k;
            n++;
        }
    }
    return n;
}

/* The fifth colour: the bottom half (the extra tile of an odd count with
 * it) stays, the top half becomes a new stack right after it, and each of
 * the two gets a bonus placement. Later stacks and their bonuses move up. */
static void split(stakz_state *s, int k)
{
    int h = s->height[k], keep = (h + 1) / 2, j = k + 1;
    int later = s->nstacks - j;
    memmove(s->stack[j + 1], s->stack[j], sizeof s->stack[0] * (size_t)later);
    memmove(&s->height[j + 1], &s->height[j], (size_t)later);
    memmove(&s->bonus[j + 1], &s->bonus[j], (size_t)later);
    memmove(&s->cols[j + 1], &s->cols[j], sizeof s->cols[0] * (size_t)later);
    s->nstacks++;
    memcpy(s->stack[j], s->stack[k] + keep, (size_t)(h - keep));
    s->height[j] = (uint8_t)(h - keep);
    s->height[k] = (uint8_t)keep;
    s->cols[k] = stack_cols(s, k);
    s->cols[j] = stack_cols(s, j);
    s->bonus[k] = s->bonus[j] = 1;
}

static void place(stakz_state *s, int code, int k)
{
    int c = code / 5;
    s->hand[s->turn][code]--;
    s->nhand[s->turn]--;
    s->stack[k][s->height[k]++] = (uint8_t)code;
    s->cols[k] = (uint16_t)(s->cols[k] + (1u << (3 * c)));
    s->bonus[k] = 0;
    s->placed = 1;
    int colours = 0;
    for (int x = 0; x < STAKZ_COLOURS; x++)
        colours += stakz_count(s, k, x) > 0;
    if (colours == STAKZ_COLOURS)
        split(s, k);
    if (s->nhand[s->turn] == 0)
        round_over(s);
}

/* Ends the turn: draws the chosen colour's next tile (or the top tile),
 * and ends a stuck round once every seat has passed with the pile empty. */
static void end_turn(stakz_state *s, int colour)
{
    if (s->npile == 0 && !s->placed)
        s->passes++;
    else
        s->passes = 0;
    if (s->npile > 0) {
        int i = s->npile - 1;
        if (colour != STAKZ_END_ANY)
            while (stakz_colour(s->pile[i]) != colour)
                i--;
        uint8_t t = s->pile[i];
        memmove(&s->pile[i], &s->pile[i + 1], (size_t)(s->npile - 1 - i));
        s->npile--;
        s->pile_cols[stakz_colour(t)]--;
        s->hand[s->turn][t]++;
        s->nhand[s->turn]++;
    }
    memset(s->bonus, 0, s->nstacks);
    s->placed = 0;
    s->turn = (uint8_t)((s->turn + 1) % s->players);
    if (s->passes >= s->players)
        round_over(s);
}

/* ------------------------------------------------------------ interface */

static int stakz_init(void *st, const game_params *p, uint64_t seed, char *err, size_t errn)
{
    return stakz_deal(st, p ? p->players : 2, p ? p->opt[STAKZ_OPT_DRAW] : STAKZ_DRAW_CHOOSE, seed, err, errn);
}

static int stakz_current_player(const void *st) { return stakz_current(st); }

static int stakz_legal_moves(const void *st, game_move *out, int max) { return stakz_legal(st, out, max); }

static int stakz_apply(void *st, const game_move *m)
{
    stakz_state *s = st;
    if (m->kind == STAKZ_M_PLACE && m->len == 2 && stakz_can_place(s, m->b[0], m->b[1])) {
        place(s, m->b[0], m->b[1]);
        return 0;
    }
    if (m->kind == STAKZ_M_END && m->len == 1 && stakz_can_end(s, m->b[0])) {
        end_turn(s, m->b[0]);
        return 0;
    }
    return -1;
}

static void stakz_result(const void *st, game_result *r)
{
    const stakz_state *s = st;
    memset(r, 0, sizeof *r);
    r->winner = -1;
    r->status = s->over ? GAME_OVER : GAME_ONGOING;
    int firsts = 0;
    for (int p = 0; p < s->players; p++) {
        r->score[p] = s->score[p];
        for (int q = 0; q < s->players; q++)
            r->rank[p] += s->score[q] < s->score[p];
        firsts += r->rank[p] == 0;
    }
    if (s->over && firsts == 1)
        for (int p = 0; p < s->players; p++)
            if (r->rank[p] == 0)
                r->winner = p;
}

/* "N" for the winning seat, "N M" for seats sharing the win (1-based). */
static int stakz_result_write(const void *st, char *buf, size_t n)
{
    const stakz_state *s = st;
    game_result r;
    size_t len = 0;
    stakz_result(st, &r);
    if (r.status != GAME_OVER)
        return snprintf(buf, n, "ongoing") < (int)n ? 7 : -1;
    for (int p = 0; p < s->players; p++)
        if (r.rank[p] == 0) {
            int k = snprintf(buf + len, n - len, len ? " %d" : "%d", p + 1);
            if (k < 0 || len + (size_t)k >= n)
                return -1;
            len += (size_t)k;
        }
    return (int)len;
}

static uint64_t stakz_hash(const void *st)
{
    const stakz_state *s = st;
    uint64_t h = 0xcbf29ce484222325ULL;
#define MIX(x) (h = (h ^ (uint64_t)(x)) * 0x100000001b3ULL)
    MIX(s->turn);
    MIX(s->passes);
    MIX(s->placed);
    for (int k = 0; k < s->nstacks; k++) {
        MIX(0x80 | s->bonus[k]);
        for (int i = 0; i < s->height[k]; i++)
            MIX(s->stack[k][i]);
    }
    for (int p = 0; p < s->players; p++) {
        MIX(0x90 + s->score[p]);
        for (int c = 0; c < STAKZ_KINDS; c++)
            MIX(s->hand[p][c]);
    }
    for (int i = 0; i < s->npile; i++)
        MIX(s->pile[i]);
#undef MIX
    return h;
}

static int stakz_check_invariants(const void *st, char *err, size_t errn) { return stakz_check(st, err, errn); }

/* What seat sees: every colour, but the symbols of the others' hands and of
 * the pile only as unknowns of their colour; and not the generator that
 * deals the next round. */
static void stakz_observe(const void *st, int seat, void *view)
{
    stakz_state *v = view;
    memcpy(v, st, sizeof *v);
    for (int p = 0; p < v->players; p++) {
        if (p == seat)
            continue;
        for (int c = 0; c < STAKZ_COLOURS; c++) {
            int n = v->hand[p][STAKZ_UNKNOWN(c)];
            for (int y = 0; y < STAKZ_SYMBOLS; y++) {
                n += v->hand[p][c * 5 + y];
                v->hand[p][c * 5 + y] = 0;
            }
            v->hand[p][STAKZ_UNKNOWN(c)] = (uint8_t)n;
        }
    }
    for (int i = 0; i < v->npile; i++)
        v->pile[i] = (uint8_t)STAKZ_UNKNOWN(stakz_colour(v->pile[i]));
    memset(&v->r, 0, sizeof v->r);
}

/* Gives every unknown a symbol: per colour, the game's tiles of that colour
 * less the ones seen, shuffled; and a new generator for later rounds. */
static void stakz_determinize(void *st, int seat, rng *r)
{
    stakz_state *s = st;
    int seen[STAKZ_CODES] = {0};
    (void)seat;
    for (int k = 0; k < s->nstacks; k++)
        for (int i = 0; i < s->height[k]; i++)
            seen[s->stack[k][i]]++;
    for (int p = 0; p < s->players; p++)
        for (int c = 0; c < STAKZ_CODES; c++)
            seen[c] += s->hand[p][c];
    for (int i = 0; i < s->npile; i++)
        if (s->pile[i] < STAKZ_CODES)
            seen[s->pile[i]]++;
    for (int c = 0; c < STAKZ_COLOURS; c++) {
        uint8_t pool[STAKZ_TILES];
        int n = 0, at = 0;
        for (int y = 0; y < STAKZ_SYMBOLS; y++)
            for (int k = seen[c * 5 + y]; k < s->set[c * 5 + y]; k++)
                pool[n++] = (uint8_t)(c * 5 + y);
        rng_shuffle(r, pool, n, 1);
        for (int p = 0; p < s->players; p++) {
            for (int k = s->hand[p][STAKZ_UNKNOWN(c)]; k > 0 && at < n; k--)
                s->hand[p][pool[at++]]++;
            s->hand[p][STAKZ_UNKNOWN(c)] = 0;
        }
        for (int i = 0; i < s->npile; i++)
            if (s->pile[i] == STAKZ_UNKNOWN(c) && at < n)
                s->pile[i] = pool[at++];
    }
    rng_seed(&s->r, rng_next(r));
}

/* Totals so far plus the tiles still in hand, as shares of a win. */
static double stakz_evaluate(const void *st, int seat)
{
    const stakz_state *s = st;
    game_result r;
    if (s->over) {
        int firsts = 0;
        stakz_result(st, &r);
        for (int p = 0; p < s->players; p++)
            firsts += r.rank[p] == 0;
        return r.rank[seat] == 0 ? 1.0 / firsts : 0.0;
    }
    double w[GAME_MAX_PLAYERS], sum = 0;
    for (int p = 0; p < s->players; p++)
        sum += w[p] = exp(-(s->score[p] + s->nhand[p]) / 4.0);
    return w[seat] / sum;
}

static int stakz_position_read_rules(void *st, const game_params *p, const char *text, char *err, size_t errn)
{
    return stakz_position_read(st, p ? p->players : 0, p ? p->opt[STAKZ_OPT_DRAW] : STAKZ_DRAW_CHOOSE, text,
                               err, errn);
}

/* The highest total reached the goal. */
static int stakz_result_reason(const void *st_, char *buf, size_t n)
{
    const stakz_state *st = st_;
    int top = 0;
    if (!st->over)
        return -1;
    for (int s = 1; s < st->players; s++)
        if (st->score[s] > st->score[top])
            top = s;
    return game_text(buf, n, "Player %d reached %d points: the game ends at %d, and the fewest points win.", top + 1,
                     st->score[top], STAKZ_GOAL);
}

const game_rules stakz_rules = {
    .id = "stakz",
    .state_size = sizeof(stakz_state),
    .min_players = 2,
    .max_players = 4,
    .options = stakz_options,
    .n_options = 1,
    .hidden_info = 1,
    .init = stakz_init,
    .current_player = stakz_current_player,
    .legal_moves = stakz_legal_moves,
    .apply = stakz_apply,
    .result = stakz_result,
    .position_write = stakz_position_write,
    .position_read = stakz_position_read_rules,
    .move_write = stakz_move_write,
    .move_read = stakz_move_read,
    .hash = stakz_hash,
    .check_invariants = stakz_check_invariants,
    .observe = stakz_observe,
    .determinize = stakz_determinize,
    .evaluate = stakz_evaluate,
    .search = NULL,
    .result_write = stakz_result_write,
    .result_reason = stakz_result_reason,
    .refusal = stakz_refusal_rules,
    .move_reason = stakz_move_reason,
};
