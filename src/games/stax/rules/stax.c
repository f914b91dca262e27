#include "games/stax/rules/stax.h"
#include "games/stax/rules/stax_hint.h"
#include "games/stax/rules/stax_why.h"

#include <stdio.h>
#include <string.h>

#include "core/textin.h"

#include "games/stax/rules/stax_ai.h"

#define DARK 0xAA55AA55AA55AA55ULL
#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL
#define RANK_1 0x00000000000000FFULL
#define RANK_8 0xFF00000000000000ULL
#define STM_KEY 0x8f3a1c5be27d4096ULL

enum { MOVE_STEP = 0, MOVE_CAPTURE = 1 };

/* Directions NE, NW, SE, SW: Red's forward pair first, then Blue's, so a
 * direction d is forward for side s exactly when d >> 1 == s. */
static const int dir_file[4] = {1, -1, 1, -1};
static const int dir_rank[4] = {1, 1, -1, -1};
static const int dir_delta[4] = {9, 7, -7, -9};

static const char *const draw_choices[] = {"Off", "On"};
static const game_option stax_options[] = {
    {"draw_repetition", "Draw on threefold repetition", GAME_OPT_BOOL, 0, 1, 1, draw_choices},
    {"draw_fifty", "Draw after 50 moves each without capture", GAME_OPT_BOOL, 0, 1, 1, draw_choices},
};

static uint64_t shift_dir(uint64_t bb, int d)
{
    switch (d) {
    case 0: return (bb & ~FILE_H) << 9;
    case 1: return (bb & ~FILE_A) << 7;
    case 2: return (bb & ~FILE_H) >> 7;
    default: return (bb & ~FILE_A) >> 9;
    }
}

static int neighbour(int sq, int d)
{
    int f = (sq & 7) + dir_file[d], r = (sq >> 3) + dir_rank[d];
    if (f < 0 || f > 7 || r < 0 || r > 7)
        return -1;
    return r * 8 + f;
}

static uint64_t fmix64(uint64_t z)
{
    z = (z ^ (z >> 33)) * 0xff51afd7ed558ccdULL;
    z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53ULL;
    return z ^ (z >> 33);
}

/* Hash of one stack on one square; the height sentinel keeps "r" and "rr"
 * apart even though both have all-zero colour bits. */
static uint64_t stack_key(int sq, uint32_t col, uint32_t kind, int ht)
{
    if (ht == 0)
        return 0;
    uint64_t a = (uint64_t)col | (1ULL << ht);
    return fmix64(fmix64(a ^ ((uint64_t)(sq + 1) * 0x9e3779b97f4a7c15ULL)) ^ kind);
}

static void square_refresh(stax_board *b, int sq)
{
    uint64_t bit = 1ULL << sq;
    int i = sq >> 1, h = b->ht[i];
    b->occ &= ~bit;
    b->blue &= ~bit;
    b->major &= ~bit;
    if (h == 0)
        return;
    b->occ |= bit;
    if ((b->col[i] >> (h - 1)) & 1)
        b->blue |= bit;
    if ((b->kind[i] >> (h - 1)) & 1)
        b->major |= bit;
}

static uint64_t board_rehash(const stax_board *b)
{
    uint64_t h = b->stm ? STM_KEY : 0;
    for (int sq = 0; sq < 64; sq++)
        if (b->occ >> sq & 1)
            h ^= stack_key(sq, b->col[sq >> 1], b->kind[sq >> 1], b->ht[sq >> 1]);
    return h;
}

static uint64_t side_tops(const stax_board *b, int side)
{
    return side ? b->occ & b->blue : b->occ & ~b->blue;
}

/* Stacks of the side to move that may go in direction d. */
static uint64_t movers_dir(const stax_board *b, int d)
{
    uint64_t own = side_tops(b, b->stm);
    return (d >> 1) == b->stm ? own : own & b->major;
}

static uint64_t capture_sources(const stax_board *b)
{
    uint64_t enemy = side_tops(b, !b->stm), empty = DARK & ~b->occ, src = 0;
    for (int d = 0; d < 4; d++) {
        uint64_t land = shift_dir(shift_dir(movers_dir(b, d), d) & enemy, d) & empty;
        src |= shift_dir(shift_dir(land, 3 - d), 3 - d);
    }
    return src;
}

void stax_board_start(stax_board *b)
{
    memset(b, 0, sizeof *b);
    for (int sq = 0; sq < 64; sq++) {
        int r = sq >> 3;
        if (!(DARK >> sq & 1) || (r > 2 && r < 5))
            continue;
        b->ht[sq >> 1] = 1;
        b->col[sq >> 1] = r >= 5;
        square_refresh(b, sq);
    }
    b->stm = STAX_RED;
    b->hash = board_rehash(b);
}

int stax_has_capture(const stax_board *b) { return capture_sources(b) != 0; }

int stax_step_count(const stax_board *b, int side)
{
    uint64_t own = side_tops(b, side), empty = DARK & ~b->occ;
    int n = 0;
    for (int d = 0; d < 4; d++)
        n += __builtin_popcountll(shift_dir((d >> 1) == side ? own : own & b->major, d) & empty);
    return n;
}

typedef struct gen_ctx {
    stax_board w; /* scratch copy: attacked stacks change during a chain */
    game_move *out;
    int max, n, side;
    uint64_t count, far;
    uint8_t path[STAX_MAX_MEN + 1];
    int plen;
} gen_ctx;

static void emit_chain(gen_ctx *c)
{
    c->count++;
    if (!c->out || c->n >= c->max)
        return;
    game_move *m = &c->out[c->n++];
    m->len = (uint8_t)c->plen;
    m->kind = MOVE_CAPTURE;
    memcpy(m->b, c->path, (size_t)c->plen);
}

/* Extends a capture chain from sq; the mover is off the board meanwhile, so
 * its origin counts as empty, and each attacked stack is restored on return. */
static void chain_search(gen_ctx *c, int sq, uint32_t col, uint32_t kind, int h, int last)
{
    int found = 0, major = (kind >> (h - 1)) & 1;
    for (int d = 0; d < 4; d++) {
        if (!major && (d >> 1) != c->side)
            continue;
        int m = neighbour(sq, d), t = m < 0 ? -1 : neighbour(m, d);
        if (t < 0 || m == last)
            continue;
        uint64_t mb = 1ULL << m, tb = 1ULL << t;
        if (!(c->w.occ & mb) || (c->w.occ & tb) || ((c->w.blue & mb) != 0) == c->side)
            continue;
        int j = m >> 1, hm = c->w.ht[j];
        uint32_t oc = c->w.col[j], ok = c->w.kind[j], topbit = 1u << (hm - 1);
        uint32_t tc = (oc & topbit) != 0, tk = (ok & topbit) != 0;
        c->w.ht[j] = (uint8_t)(hm - 1);
        c->w.col[j] = oc & ~topbit;
        c->w.kind[j] = ok & ~topbit;
        square_refresh(&c->w, m);
        c->path[c->plen++] = (uint8_t)t;
        found = 1;
        if (!major && (tb & c->far))
            emit_chain(c); /* promotion ends the turn */
        else
            chain_search(c, t, col << 1 | tc, kind << 1 | tk, h + 1, m);
        c->plen--;
        c->w.ht[j] = (uint8_t)hm;
        c->w.col[j] = oc;
        c->w.kind[j] = ok;
        square_refresh(&c->w, m);
    }
    if (!found && c->plen > 1)
        emit_chain(c);
}

static void gen_captures(const stax_board *b, gen_ctx *c, uint64_t src)
{
    c->w = *b;
    c->side = b->stm;
    c->far = b->stm ? RANK_1 : RANK_8;
    while (src) {
        int sq = __builtin_ctzll(src), i = sq >> 1;
        src &= src - 1;
        c->w.occ &= ~(1ULL << sq);
        c->path[0] = (uint8_t)sq;
        c->plen = 1;
        chain_search(c, sq, b->col[i], b->kind[i], b->ht[i], -1);
        c->w.occ |= 1ULL << sq;
    }
}

int stax_gen(const stax_board *b, game_move *out, int max)
{
    uint64_t src = capture_sources(b);
    if (src) {
        gen_ctx c;
        c.out = out;
        c.max = max;
        c.n = 0;
        c.count = 0;
        gen_captures(b, &c, src);
        return c.n;
    }
    int n = 0;
    uint64_t empty = DARK & ~b->occ;
    for (int d = 0; d < 4; d++) {
        uint64_t tg = shift_dir(movers_dir(b, d), d) & empty;
        for (; tg && n < max; tg &= tg - 1) {
            int t = __builtin_ctzll(tg);
            out[n].len = 2;
            out[n].kind = MOVE_STEP;
            out[n].b[0] = (uint8_t)(t - dir_delta[d]);
            out[n].b[1] = (uint8_t)t;
            n++;
        }
    }
    return n;
}

uint64_t stax_count(const stax_board *b)
{
    uint64_t src = capture_sources(b);
    if (src) {
        gen_ctx c;
        c.out = NULL;
        c.max = 0;
        c.n = 0;
        c.count = 0;
        gen_captures(b, &c, src);
        return c.count;
    }
    uint64_t n = 0, empty = DARK & ~b->occ;
    for (int d = 0; d < 4; d++)
        n += (uint64_t)__builtin_popcountll(shift_dir(movers_dir(b, d), d) & empty);
    return n;
}

int stax_make(stax_board *b, const game_move *m)
{
    int from = m->b[0], i = from >> 1, h = b->ht[i], at = from, flags = 0;
    uint32_t col = b->col[i], kind = b->kind[i];

    b->hash ^= stack_key(from, col, kind, h);
    b->ht[i] = 0;
    b->col[i] = b->kind[i] = 0;
    square_refresh(b, from);
    if (m->kind == MOVE_CAPTURE) {
        for (int k = 1; k < m->len; k++) {
            int t = m->b[k], mid = (at + t) / 2, j = mid >> 1, hm = b->ht[j];
            uint32_t topbit = 1u << (hm - 1);
            b->hash ^= stack_key(mid, b->col[j], b->kind[j], hm);
            col = col << 1 | ((b->col[j] & topbit) != 0);
            kind = kind << 1 | ((b->kind[j] & topbit) != 0);
            h++;
            b->col[j] &= ~topbit;
            b->kind[j] &= ~topbit;
            b->ht[j] = (uint8_t)(hm - 1);
            b->hash ^= stack_key(mid, b->col[j], b->kind[j], hm - 1);
            square_refresh(b, mid);
            at = t;
        }
        flags |= STAX_MADE_CAPTURE;
    } else {
        at = m->b[1];
    }
    /* Only the top Minor is exchanged; the men underneath stay as they are. */
    if (!((kind >> (h - 1)) & 1) && ((b->stm ? RANK_1 : RANK_8) >> at & 1)) {
        kind |= 1u << (h - 1);
        flags |= STAX_MADE_PROMOTION;
    }
    i = at >> 1;
    b->col[i] = col;
    b->kind[i] = kind;
    b->ht[i] = (uint8_t)h;
    b->hash ^= stack_key(at, col, kind, h);
    square_refresh(b, at);
    b->stm ^= 1;
    b->hash ^= STM_KEY;
    return flags;
}

uint64_t stax_perft(const stax_board *b, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return stax_count(b);
    game_move mv[GAME_MAX_MOVES];
    int n = stax_gen(b, mv, GAME_MAX_MOVES);
    uint64_t total = 0;
    for (int k = 0; k < n; k++) {
        stax_board c = *b;
        stax_make(&c, &mv[k]);
        total += stax_perft(&c, depth - 1);
    }
    return total;
}

void stax_stack_count(const stax_board *b, int sq, int n[2])
{
    int i = sq >> 1, h = b->ht[i];
    uint32_t mask = h >= 32 ? 0xffffffffu : (1u << h) - 1;
    n[1] = __builtin_popcount(b->col[i] & mask);
    n[0] = h - n[1];
}

void stax_square_name(int sq, char *buf)
{
    buf[0] = (char)('a' + (sq & 7));
    buf[1] = (char)('1' + (sq >> 3));
    buf[2] = 0;
}

/* ------------------------------------------------------------ game layer */

static int any_move(const stax_board *b)
{
    if (capture_sources(b))
        return 1;
    uint64_t empty = DARK & ~b->occ;
    for (int d = 0; d < 4; d++)
        if (shift_dir(movers_dir(b, d), d) & empty)
            return 1;
    return 0;
}

/* Loss first: a side that cannot move has lost even if the same move also
 * repeated the position or ran out the fifty-move clock. */
static void status_update(stax_state *s)
{
    s->over = 0;
    s->winner = -1;
    if (!any_move(&s->b)) {
        s->over = 1;
        s->winner = (int8_t)!s->b.stm;
        return;
    }
    if (s->opt[STAX_OPT_REPETITION]) {
        int seen = 0;
        for (int k = 0; k < s->nhist; k++)
            seen += s->hist[k] == s->b.hash;
        if (seen >= 3) {
            s->over = 1;
            return;
        }
    }
    if (s->opt[STAX_OPT_FIFTY] && s->clock >= STAX_FIFTY_PLIES)
        s->over = 1;
}

static void history_push(stax_state *s)
{
    if (s->nhist == STAX_HIST) {
        memmove(s->hist, s->hist + 1, sizeof s->hist[0] * (STAX_HIST - 1));
        s->nhist--;
    }
    s->hist[s->nhist++] = s->b.hash;
}

static void state_setup(stax_state *s, const game_params *p)
{
    game_params def;
    if (!p) {
        game_params_default(&stax_rules, &def, 2);
        p = &def;
    }
    s->opt[STAX_OPT_REPETITION] = p->opt[STAX_OPT_REPETITION] != 0;
    s->opt[STAX_OPT_FIFTY] = p->opt[STAX_OPT_FIFTY] != 0;
    s->men[0] = s->men[1] = 0;
    for (int sq = 0; sq < 64; sq++)
        if (s->b.occ >> sq & 1) {
            int n[2];
            stax_stack_count(&s->b, sq, n);
            s->men[0] = (uint8_t)(s->men[0] + n[0]);
            s->men[1] = (uint8_t)(s->men[1] + n[1]);
        }
    s->clock = 0;
    s->nhist = 0;
    history_push(s);
    status_update(s);
}

static int stax_init(void *st, const game_params *p, uint64_t seed, char *err, size_t errn)
{
    stax_state *s = st;
    (void)seed; /* STAX has no chance: the seed only matters to the AI */
    if (p && p->players != 2) {
        snprintf(err, errn, "stax: needs exactly 2 players, not %d", p->players);
        return -1;
    }
    memset(s, 0, sizeof *s);
    stax_board_start(&s->b);
    state_setup(s, p);
    return 0;
}

static int stax_current_player(const void *st)
{
    const stax_state *s = st;
    return s->over ? -1 : s->b.stm;
}

static int stax_legal_moves(const void *st, game_move *out, int max)
{
    const stax_state *s = st;
    if (s->over)
        return 0;
    int n = stax_gen(&s->b, out, max);
    /* Unused bytes zeroed, so callers may compare whole moves. */
    for (int k = 0; k < n; k++)
        memset(out[k].b + out[k].len, 0, GAME_MOVE_BYTES - out[k].len);
    return n;
}

static int stax_apply(void *st, const game_move *m)
{
    stax_state *s = st;
    game_move mv[GAME_MAX_MOVES];
    int n = s->over ? 0 : stax_gen(&s->b, mv, GAME_MAX_MOVES), k = 0;
    while (k < n && !game_move_equal(&mv[k], m))
        k++;
    if (k == n)
        return -1;
    if (stax_make(&s->b, m)) {
        s->clock = 0;
        s->nhist = 0;
    } else {
        s->clock++;
    }
    history_push(s);
    status_update(s);
    return 0;
}

static void stax_result(const void *st, game_result *r)
{
    const stax_state *s = st;
    memset(r, 0, sizeof *r);
    r->status = s->over ? GAME_OVER : GAME_ONGOING;
    r->winner = s->over ? s->winner : -1;
    if (s->over && s->winner >= 0)
        r->rank[!s->winner] = 1;
    r->score[0] = __builtin_popcountll(side_tops(&s->b, 0));
    r->score[1] = __builtin_popcountll(side_tops(&s->b, 1));
}

static int stax_position_write(const void *st, char *buf, size_t n)
{
    const stax_state *s = st;
    char tmp[64 * 40];
    size_t len = 0;
    len += (size_t)sprintf(tmp, "%c:", s->b.stm ? 'b' : 'r');
    for (int sq = 0; sq < 64; sq++) {
        if (!(s->b.occ >> sq & 1))
            continue;
        int i = sq >> 1;
        if (tmp[len - 1] != ':')
            tmp[len++] = ',';
        stax_square_name(sq, tmp + len);
        len += 2;
        tmp[len++] = '=';
        for (int k = 0; k < s->b.ht[i]; k++)
            tmp[len++] = "rbRB"[(s->b.col[i] >> k & 1) + 2 * (s->b.kind[i] >> k & 1)];
    }
    if (len + 1 > n)
        return -1;
    memcpy(buf, tmp, len);
    buf[len] = 0;
    return (int)len;
}

/* Reads "c3" at p; returns the square, or -1 (message in err) if bad or light. */
static int square_read(const char *p, const char *what, char *err, size_t errn)
{
    if (p[0] < 'a' || p[0] > 'h' || p[1] < '1' || p[1] > '8') {
        snprintf(err, errn, "%s: bad square '%.2s' (expected a1..h8)", what, p);
        return -1;
    }
    int sq = (p[1] - '1') * 8 + (p[0] - 'a');
    if (!(DARK >> sq & 1)) {
        snprintf(err, errn, "%s: %.2s is a light square (men stand on dark squares only)", what, p);
        return -1;
    }
    return sq;
}

static int stax_position_read(void *st, const game_params *p, const char *text, char *err,
                              size_t errn)
{
    stax_state s;
    int total = 0;
    memset(&s, 0, sizeof s);
    if (p && p->players != 2) {
        snprintf(err, errn, "stax: needs exactly 2 players, not %d", p->players);
        return -1;
    }
    if (strcmp(text, "start") == 0) {
        stax_board_start(&s.b);
        state_setup(&s, p);
        memcpy(st, &s, sizeof s);
        return 0;
    }
    text_in in, stacks;
    text_span f, sqf, board;
    text_in_one(&in, text, strlen(text), "position", err, errn);
    text_in_field(&in, ":", &f);
    if ((!text_is(f, "r") && !text_is(f, "b")) || text_in_line_done(&in))
        return text_in_fail(&in, "side to move missing (expected 'r:' or 'b:' first, or 'start')");
    s.b.stm = text[0] == 'b';
    board = text_in_rest(&in); /* "r:" is an empty board */
    text_in_within(&stacks, &in, board);
    while (board.len && text_in_field(&stacks, ",", &f) == 0) {
        text_in stack;
        text_in_within(&stack, &in, f);
        text_in_field(&stack, "=", &sqf);
        int sq = sqf.len == 2 ? square_read(sqf.p, "position", err, errn) : -1;
        if (sq < 0)
            return sqf.len == 2 ? -1
                                : text_in_fail(&in, "bad square '%.*s' (expected a1..h8)",
                                               (int)(sqf.len < 8 ? sqf.len : 8), sqf.p);
        int i = sq >> 1, h = 0;
        if (s.b.ht[i])
            return text_in_fail(&in, "square %.2s given twice", sqf.p);
        if (text_in_line_done(&stack))
            return text_in_fail(&in, "expected '=' after %.2s", sqf.p);
        f = text_in_rest(&stack);
        for (; (size_t)h < f.len; h++) {
            const char *kinds = "rbRB", *hit = memchr(kinds, f.p[h], 4);
            if (!hit)
                return text_in_fail(&in, "bad man '%c' on %.2s (expected r, R, b or B)", f.p[h], sqf.p);
            if (h >= STAX_MAX_MEN || ++total > STAX_MAX_MEN)
                return text_in_fail(&in, "more than %d men %s", STAX_MAX_MEN,
                                    h >= STAX_MAX_MEN ? "on one stack" : "on the board");
            s.b.col[i] |= (uint32_t)((hit - kinds) & 1) << h;
            s.b.kind[i] |= (uint32_t)((hit - kinds) >> 1) << h;
        }
        if (h == 0)
            return text_in_fail(&in, "empty stack on %.2s", sqf.p);
        s.b.ht[i] = (uint8_t)h;
        square_refresh(&s.b, sq);
    }
    s.b.hash = board_rehash(&s.b);
    state_setup(&s, p);
    memcpy(st, &s, sizeof s);
    return 0;
}

static int stax_move_write(const void *st, const game_move *m, char *buf, size_t n)
{
    (void)st;
    if (m->len < 2 || (size_t)m->len * 3 > n)
        return -1;
    int len = 0;
    for (int k = 0; k < m->len; k++) {
        if (k)
            buf[len++] = m->kind == MOVE_CAPTURE ? 'x' : '-';
        stax_square_name(m->b[k], buf + len);
        len += 2;
    }
    buf[len] = 0;
    return len;
}

static int stax_move_read(const void *st, const char *text, game_move *m, char *err, size_t errn)
{
    const stax_state *s = st;
    game_move want, mv[GAME_MAX_MOVES];
    const char *c = text;
    char sep = 0;
    memset(&want, 0, sizeof want);
    for (;;) {
        int sq = square_read(c, "move", err, errn);
        if (sq < 0)
            return -1;
        if (want.len > STAX_MAX_MEN) {
            snprintf(err, errn, "move: '%s' has too many squares", text);
            return -1;
        }
        want.b[want.len++] = (uint8_t)sq;
        c += 2;
        if (!*c)
            break;
        if ((*c != '-' && *c != 'x') || (sep && *c != sep)) {
            snprintf(err, errn, "move: '%s' is malformed (expected c3-d4 or c3xe5xc7)", text);
            return -1;
        }
        sep = *c++;
    }
    if (want.len < 2 || (sep == '-' && want.len != 2)) {
        snprintf(err, errn, "move: '%s' is malformed (expected c3-d4 or c3xe5xc7)", text);
        return -1;
    }
    want.kind = sep == 'x' ? MOVE_CAPTURE : MOVE_STEP;
    int n = stax_legal_moves(st, mv, GAME_MAX_MOVES);
    for (int k = 0; k < n; k++)
        if (game_move_equal(&mv[k], &want)) {
            *m = mv[k];
            return 0;
        }
    if (s->over)
        snprintf(err, errn, "move: '%s' is illegal: the game is over", text);
    else if (want.kind == MOVE_STEP && n && mv[0].kind == MOVE_CAPTURE)
        snprintf(err, errn, "move: '%s' is illegal: a capture is compulsory", text);
    else
        snprintf(err, errn, "move: '%s' is illegal in this position", text);
    return -1;
}

static uint64_t stax_hash(const void *st) { return ((const stax_state *)st)->b.hash; }

static int stax_check_invariants(const void *st, char *err, size_t errn)
{
    const stax_state *s = st;
    const stax_board *b = &s->b;
    int men[2] = {0, 0};
    if (b->occ & ~DARK) {
        snprintf(err, errn, "stax: a man stands on a light square");
        return -1;
    }
    for (int sq = 0; sq < 64; sq++) {
        int i = sq >> 1, h = b->ht[i];
        if (!(DARK >> sq & 1))
            continue;
        if ((h > 0) != (int)(b->occ >> sq & 1) || h > STAX_MAX_MEN) {
            snprintf(err, errn, "stax: stack on square %d has a bad height %d", sq, h);
            return -1;
        }
        if (!h)
            continue;
        uint32_t mask = h >= 32 ? 0xffffffffu : (1u << h) - 1;
        if ((b->col[i] & ~mask) || (b->kind[i] & ~mask) ||
            (int)(b->blue >> sq & 1) != (int)(b->col[i] >> (h - 1) & 1) ||
            (int)(b->major >> sq & 1) != (int)(b->kind[i] >> (h - 1) & 1)) {
            snprintf(err, errn, "stax: stack on square %d disagrees with its top man", sq);
            return -1;
        }
        int n[2];
        stax_stack_count(b, sq, n);
        men[0] += n[0];
        men[1] += n[1];
    }
    if (men[0] != s->men[0] || men[1] != s->men[1]) {
        snprintf(err, errn, "stax: men changed: red %d (was %d), blue %d (was %d)", men[0],
                 s->men[0], men[1], s->men[1]);
        return -1;
    }
    if (board_rehash(b) != b->hash) {
        snprintf(err, errn, "stax: incremental hash is out of date");
        return -1;
    }
    return 0;
}

static const char *const stax_seat_names[2] = {"red", "blue"};

/* STAX's own perft skips the draw bookkeeping: a game over by the draw rules
 * never comes up within any depth perft is run to. */
static uint64_t stax_rules_perft(const void *st, int depth)
{
    const stax_state *s = st;
    return s->over ? (depth == 0) : stax_perft(&s->b, depth);
}

/* A win: every stack taken, or the loser cannot move; a draw: fifty moves
 * each or the third repetition. */
static int stax_result_reason(const void *st_, char *buf, size_t n)
{
    static const char *const side[2] = {"Red", "Blue"};
    const stax_state *st = st_;
    game_result r;
    stax_rules.result(st, &r);
    if (r.status != GAME_OVER)
        return -1;
    if (r.winner >= 0) {
        int loser = !r.winner;
        uint64_t tops = st->b.occ & (loser ? st->b.blue : ~st->b.blue);
        if (tops == 0)
            return game_text(buf, n, "%s captured every stack: %s has none left on top.", side[r.winner],
                             side[loser]);
        return game_text(buf, n, "%s is blocked: none of %s's stacks can move.", side[loser], side[loser]);
    }
    return game_text(buf, n, "%s",
                     st->clock >= STAX_FIFTY_PLIES ? "Fifty moves each without a capture or a promotion."
                                                   : "The same position came up three times.");
}

const game_rules stax_rules = {
    .id = "stax",
    .state_size = sizeof(stax_state),
    .min_players = 2,
    .max_players = 2,
    .options = stax_options,
    .n_options = (int)(sizeof stax_options / sizeof stax_options[0]),
    .hidden_info = 0,
    .init = stax_init,
    .current_player = stax_current_player,
    .legal_moves = stax_legal_moves,
    .apply = stax_apply,
    .result = stax_result,
    .position_write = stax_position_write,
    .position_read = stax_position_read,
    .move_write = stax_move_write,
    .move_read = stax_move_read,
    .hash = stax_hash,
    .check_invariants = stax_check_invariants,
    .observe = NULL,
    .determinize = NULL,
    .evaluate = stax_ai_evaluate,
    .search = stax_ai_search,
    .seat_names = stax_seat_names,
    .perft = stax_rules_perft,
    .result_reason = stax_result_reason,
    .refusal = stax_refusal_rules,
    .review_search = stax_ai_review,
    .move_reason = stax_move_reason,
};
