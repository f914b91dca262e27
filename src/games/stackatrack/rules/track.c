#include "games/stackatrack/rules/track.h"
#include "games/stackatrack/rules/track_hint.h"
#include "games/stackatrack/rules/track_why.h"

#include <stdio.h>
#include <string.h>

#include "games/stackatrack/rules/track_ai.h"

/* Faces as the notation writes them, packed: arcs low nibble first. */
#define ARC2(a, b) ((track_face)((a) | (b) << 4))
#define STRAIGHT_RL (TRACK_R | TRACK_L)
#define STRAIGHT_TB (TRACK_T | TRACK_B)
#define CURVE(a, b) ((a) | (b))

/* The set (docs/rules/stackatrack.md, "Block set"): five kinds of picture
 * pair, each printed in two ways so that, with only half turns, every
 * straight, curve and dead end can face every way. */
static const track_block set_kinds[] = {
    {STRAIGHT_RL, CURVE(TRACK_R, TRACK_B)},                           /* RL:RB */
    {STRAIGHT_TB, CURVE(TRACK_B, TRACK_L)},                           /* TB:BL */
    {CURVE(TRACK_R, TRACK_B), ARC2(CURVE(TRACK_T, TRACK_R), CURVE(TRACK_B, TRACK_L))}, /* RB:TR+BL */
    {CURVE(TRACK_B, TRACK_L), ARC2(CURVE(TRACK_T, TRACK_L), CURVE(TRACK_R, TRACK_B))}, /* BL:TL+RB */
    {STRAIGHT_RL, ARC2(STRAIGHT_TB, STRAIGHT_RL)},                    /* RL:TB+RL */
    {STRAIGHT_TB, ARC2(STRAIGHT_TB, STRAIGHT_RL)},                    /* TB:TB+RL */
    {CURVE(TRACK_R, TRACK_B), TRACK_R},                               /* RB:R */
    {CURVE(TRACK_B, TRACK_L), TRACK_B},                               /* BL:B */
    {ARC2(CURVE(TRACK_T, TRACK_L), CURVE(TRACK_R, TRACK_B)), STRAIGHT_TB}, /* TL+RB:TB */
    {ARC2(CURVE(TRACK_T, TRACK_R), CURVE(TRACK_B, TRACK_L)), STRAIGHT_RL}, /* TR+BL:RL */
};
static const int set_counts[] = {6, 6, 4, 4, 3, 3, 3, 3, 2, 2};
#define SET_KINDS ((int)(sizeof set_kinds / sizeof set_kinds[0]))

static const char *const off_on[] = {"Off", "On"};
static const game_option track_options[] = {
    {"quarter_turns", "Quarter turns", GAME_OPT_BOOL, 0, 1, 0, off_on},
    {"hidden_blocks", "Hidden blocks", GAME_OPT_BOOL, 0, 1, 0, off_on},
    {"top_edge", "Top of the frame is an edge", GAME_OPT_BOOL, 0, 1, 1, off_on},
};

int track_set(const track_block **kinds, const int **counts)
{
    *kinds = set_kinds;
    *counts = set_counts;
    return SET_KINDS;
}

/* ------------------------------------------------------------ faces */

static int arc_turn(int m, int k)
{
    for (; k > 0; k--)
        m = ((m << 1) | (m >> 3)) & 15;
    return m;
}

track_face track_face_pack(int *arc, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (arc[j] & -arc[j]) < (arc[j - 1] & -arc[j - 1]); j--) {
            int t = arc[j];
            arc[j] = arc[j - 1];
            arc[j - 1] = t;
        }
    track_face f = 0;
    for (int i = 0; i < n; i++)
        f |= (track_face)(arc[i] << (4 * i));
    return f;
}

track_face track_face_turn(track_face f, int k)
{
    int arc[4], n = 0;
    k &= 3;
    if (k == 0)
        return f;
    for (; n < 4 && (f >> (4 * n) & 15); n++)
        arc[n] = arc_turn(f >> (4 * n) & 15, k);
    return track_face_pack(arc, n);
}

int track_face_ends(track_face f) { return (f | f >> 4 | f >> 8 | f >> 12) & 15; }

int track_face_valid(track_face f)
{
    int seen = 0, last = 0, n = 0;
    for (; n < 4 && (f >> (4 * n) & 15); n++) {
        int a = f >> (4 * n) & 15, first = a & -a;
        if ((a & seen) || first <= last)
            return 0;
        seen |= a;
        last = first;
    }
    return n > 0 && (f >> (4 * n)) == 0;
}

track_face track_block_face(track_block b, int o)
{
    return track_face_turn(o >= 4 ? b.back : b.front, o & 3);
}

int track_block_cmp(track_block a, track_block b)
{
    char x[32], y[32];
    track_block_write(a, x, sizeof x);
    track_block_write(b, y, sizeof y);
    return strcmp(x, y);
}

/* The slot of the arc with an end on edge e (the face must have one). */
static int face_slot(track_face f, int e)
{
    int i = 0;
    while (i < 3 && !((f >> (4 * i)) & e))
        i++;
    return i;
}

/* ------------------------------------------------------------ placement */

static int node_of(int col, int row, int slot) { return col * 24 + row * 4 + slot; }

static int uf_root(const track_state *s, int x)
{
    while (s->uf[x] != x)
        x = s->uf[x];
    return x;
}

static int uf_find(track_state *s, int x)
{
    while (s->uf[x] != x) {
        s->uf[x] = s->uf[s->uf[x]];
        x = s->uf[x];
    }
    return x;
}

/* A track end of the new block meeting one of a placed neighbour. */
typedef struct join {
    int edge, node; /* the new block's edge; the neighbour arc's node */
} join;

/* The neighbours of the landing cell of col: which edges must carry an end
 * (need) among those that touch a placed block (care), and the joins that
 * ends there make. Returns the landing row, or -1 if the column is full. */
static int landing(const track_state *s, int col, int *care, int *need, join nb[3])
{
    static const int dcol[3] = {-1, 1, 0}, drow[3] = {0, 0, -1};
    static const int edge[3] = {TRACK_L, TRACK_R, TRACK_B}, facing[3] = {TRACK_R, TRACK_L, TRACK_T};
    int row = s->height[col];
    *care = *need = 0;
    if (row >= TRACK_ROWS)
        return -1;
    for (int d = 0; d < 3; d++) {
        int c = col + dcol[d], r = row + drow[d];
        nb[d].edge = 0;
        if (c < 0 || c >= TRACK_COLS || r < 0 || s->height[c] <= r)
            continue;
        track_face f = s->cell[c * TRACK_ROWS + r];
        *care |= edge[d];
        if (track_face_ends(f) & facing[d]) {
            *need |= edge[d];
            nb[d].edge = edge[d];
            nb[d].node = node_of(c, r, face_slot(f, facing[d]));
        }
    }
    return row;
}

/* Edges of the landing cell that point out of the frame. */
static int wall_edges(const track_state *s, int col, int row)
{
    int w = 0;
    if (col == 0)
        w |= TRACK_L;
    if (col == TRACK_COLS - 1)
        w |= TRACK_R;
    if (row == 0)
        w |= TRACK_B;
    if (row == TRACK_ROWS - 1 && s->opt[TRACK_OPT_TOP_EDGE])
        w |= TRACK_T;
    return w;
}

int track_place_eval(const track_state *s, int col, track_face f, track_place *pl)
{
    int care, need;
    join nb[3];
    int row = landing(s, col, &care, &need, nb), ends = track_face_ends(f);
    if (row < 0 || (ends & care) != need)
        return 0;
    pl->face = f;
    pl->col = col;
    pl->row = row;
    pl->joins = __builtin_popcount((unsigned)need);
    pl->off = __builtin_popcount((unsigned)(ends & wall_edges(s, col, row)));
    pl->loops = 0;
    /* A join between two arcs already joined some other way closes a loop;
     * a small union-find over the new arcs (0..3) and the neighbours' sets
     * (4..6) counts them without touching the state. */
    int id[7], root[3], nroot = 0;
    for (int i = 0; i < 7; i++)
        id[i] = i;
    for (int d = 0; d < 3; d++) {
        if (!nb[d].edge)
            continue;
        int r = uf_root(s, nb[d].node), k = 0;
        while (k < nroot && root[k] != r)
            k++;
        if (k == nroot)
            root[nroot++] = r;
        int a = face_slot(f, nb[d].edge), b = 4 + k;
        while (id[a] != a)
            a = id[a];
        while (id[b] != b)
            b = id[b];
        if (a == b)
            pl->loops++;
        else
            id[a] = b;
    }
    pl->points = pl->joins - pl->off + TRACK_LOOP_POINTS * pl->loops;
    return 1;
}

/* Lands a face evaluated by track_place_eval and joins its arcs. */
static void place_face(track_state *s, const track_place *pl)
{
    int care, need;
    join nb[3];
    landing(s, pl->col, &care, &need, nb);
    s->cell[pl->col * TRACK_ROWS + pl->row] = pl->face;
    s->height[pl->col]++;
    for (int d = 0; d < 3; d++)
        if (nb[d].edge) {
            int a = uf_find(s, node_of(pl->col, pl->row, face_slot(pl->face, nb[d].edge)));
            int b = uf_find(s, nb[d].node);
            if (a != b)
                s->uf[a] = (uint8_t)b;
        }
}

int track_orient_ok(const track_state *s, int o)
{
    return o >= 0 && o < 8 && (s->opt[TRACK_OPT_QUARTER] || (o & 1) == 0);
}

/* Whether face f fits column col (room, and no end meets a bare edge). */
static int face_fits(const track_state *s, int col, track_face f)
{
    int care, need;
    join nb[3];
    return landing(s, col, &care, &need, nb) >= 0 && (track_face_ends(f) & care) == need;
}

int track_can_place(const track_state *s, int seat)
{
    for (int i = 0; i < s->nhand[seat]; i++) {
        if (i && memcmp(&s->hand[seat][i], &s->hand[seat][i - 1], sizeof(track_block)) == 0)
            continue;
        for (int o = 0; o < 8; o++) {
            if (!track_orient_ok(s, o))
                continue;
            track_face f = track_block_face(s->hand[seat][i], o);
            for (int c = 0; c < TRACK_COLS; c++)
                if (face_fits(s, c, f))
                    return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------ game layer */

static int frame_full(const track_state *s)
{
    for (int c = 0; c < TRACK_COLS; c++)
        if (s->height[c] < TRACK_ROWS)
            return 0;
    return 1;
}

/* Over when the frame is full or no seat that holds blocks can place one. */
static int game_over(const track_state *s)
{
    if (frame_full(s))
        return 1;
    for (int p = 0; p < s->players; p++)
        if (s->nhand[p] && track_can_place(s, p))
            return 0;
    return 1;
}

/* Play goes to the next seat clockwise that still holds blocks (or simply
 * the next seat when none does: the game is over then). */
static void pass_turn(track_state *s, int mover)
{
    for (int k = 1; k <= s->players; k++) {
        int c = (mover + k) % s->players;
        if (s->nhand[c]) {
            s->to_move = (uint8_t)c;
            return;
        }
    }
    s->to_move = (uint8_t)((mover + 1) % s->players);
}

/* Rebuilds the joins from the board (a composed position, or the check). */
static void joins_rebuild(track_state *s)
{
    for (int i = 0; i < TRACK_CELLS * 4; i++)
        s->uf[i] = (uint8_t)i;
    for (int c = 0; c < TRACK_COLS; c++)
        for (int r = 0; r < s->height[c]; r++) {
            track_face f = s->cell[c * TRACK_ROWS + r];
            int ends = track_face_ends(f);
            /* Joins to the left and below; the right is the next column's left. */
            if (c > 0 && s->height[c - 1] > r && (ends & TRACK_L) &&
                (track_face_ends(s->cell[(c - 1) * TRACK_ROWS + r]) & TRACK_R)) {
                int a = uf_find(s, node_of(c, r, face_slot(f, TRACK_L)));
                int b = uf_find(s, node_of(c - 1, r, face_slot(s->cell[(c - 1) * TRACK_ROWS + r], TRACK_R)));
                s->uf[a] = (uint8_t)b;
            }
            if (r > 0 && (ends & TRACK_B) && (track_face_ends(s->cell[c * TRACK_ROWS + r - 1]) & TRACK_T)) {
                int a = uf_find(s, node_of(c, r, face_slot(f, TRACK_B)));
                int b = uf_find(s, node_of(c, r - 1, face_slot(s->cell[c * TRACK_ROWS + r - 1], TRACK_T)));
                s->uf[a] = (uint8_t)b;
            }
        }
}

void track_state_finish(track_state *s)
{
    joins_rebuild(s);
    s->over = (uint8_t)game_over(s);
}

void track_hand_sort(track_block *h, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && track_block_cmp(h[j], h[j - 1]) < 0; j--) {
            track_block t = h[j];
            h[j] = h[j - 1];
            h[j - 1] = t;
        }
}

static void options_read(track_state *s, const game_params *p)
{
    for (int i = 0; i < TRACK_NOPT; i++)
        s->opt[i] = (uint8_t)(p ? p->opt[i] != 0 : track_options[i].def);
}

static int track_init(void *st, const game_params *p, uint64_t seed, char *err, size_t errn)
{
    track_state *s = st;
    int players = p ? p->players : 2;
    if (players < 2 || players > GAME_MAX_PLAYERS) {
        snprintf(err, errn, "stackatrack: needs 2 to 4 players, not %d", players);
        return -1;
    }
    memset(s, 0, sizeof *s);
    options_read(s, p);
    s->players = (uint8_t)players;
    rng_seed(&s->r, seed);
    track_block all[TRACK_BLOCKS];
    int n = 0;
    for (int k = 0; k < SET_KINDS; k++)
        for (int i = 0; i < set_counts[k]; i++)
            all[n++] = set_kinds[k];
    rng_shuffle(&s->r, all, n, sizeof all[0]);
    /* 18, 12 or 9 each, as the blocks come out of the bag. */
    for (int i = 0; i < n; i++) {
        int seat = i / (n / players);
        s->hand[seat][s->nhand[seat]++] = all[i];
    }
    for (int q = 0; q < players; q++)
        track_hand_sort(s->hand[q], s->nhand[q]);
    s->blocks = TRACK_BLOCKS;
    s->dealt = 1;
    s->to_move = (uint8_t)rng_below(&s->r, (uint32_t)players);
    track_state_finish(s);
    return 0;
}

static int track_current_player(const void *st)
{
    const track_state *s = st;
    return s->over ? -1 : s->to_move;
}

void track_move_set(game_move *m, track_block b, int col, int o)
{
    memset(m, 0, sizeof *m);
    m->kind = TRACK_MOVE_PLACE;
    m->len = 6;
    m->b[0] = (uint8_t)(b.front & 255);
    m->b[1] = (uint8_t)(b.front >> 8);
    m->b[2] = (uint8_t)(b.back & 255);
    m->b[3] = (uint8_t)(b.back >> 8);
    m->b[4] = (uint8_t)col;
    m->b[5] = (uint8_t)o;
}

static int track_legal_moves(const void *st, game_move *out, int max)
{
    const track_state *s = st;
    int seat = s->to_move, n = 0;
    if (s->over || max <= 0)
        return 0;
    for (int i = 0; i < s->nhand[seat]; i++) {
        track_block b = s->hand[seat][i];
        if (i && memcmp(&b, &s->hand[seat][i - 1], sizeof b) == 0)
            continue; /* the same block twice is the same moves */
        for (int o = 0; o < 8; o++) {
            if (!track_orient_ok(s, o))
                continue;
            track_face f = track_block_face(b, o);
            for (int c = 0; c < TRACK_COLS; c++)
                if (face_fits(s, c, f) && n < max)
                    track_move_set(&out[n++], b, c, o);
        }
    }
    if (n == 0) {
        memset(out, 0, sizeof *out);
        out->kind = TRACK_MOVE_PASS;
        n = 1;
    }
    return n;
}

/* Index in the mover's hand of the block a move names, or -1. */
static int hand_index(const track_state *s, const game_move *m)
{
    track_block b = {(track_face)(m->b[0] | m->b[1] << 8), (track_face)(m->b[2] | m->b[3] << 8)};
    for (int i = 0; i < s->nhand[s->to_move]; i++)
        if (s->hand[s->to_move][i].front == b.front && s->hand[s->to_move][i].back == b.back)
            return i;
    return -1;
}

void track_play(track_state *s, int i, const track_place *pl)
{
    int seat = s->to_move;
    s->src[pl->col * TRACK_ROWS + pl->row] = s->hand[seat][i];
    place_face(s, pl);
    s->score[seat] = (int16_t)(s->score[seat] + pl->points);
    memmove(&s->hand[seat][i], &s->hand[seat][i + 1], sizeof(track_block) * (size_t)(s->nhand[seat] - i - 1));
    s->nhand[seat]--;
    pass_turn(s, seat);
    s->over = (uint8_t)game_over(s);
}

void track_pass(track_state *s)
{
    pass_turn(s, s->to_move);
    s->over = (uint8_t)game_over(s);
}

static int track_apply(void *st, const game_move *m)
{
    track_state *s = st;
    int seat = s->to_move;
    if (s->over)
        return -1;
    if (m->kind == TRACK_MOVE_PASS) {
        if (m->len != 0 || (s->nhand[seat] && track_can_place(s, seat)))
            return -1;
        track_pass(s);
        return 0;
    }
    int i = m->kind == TRACK_MOVE_PLACE && m->len == 6 ? hand_index(s, m) : -1;
    int col = m->b[4], o = m->b[5];
    track_place pl;
    if (i < 0 || col >= TRACK_COLS || !track_orient_ok(s, o) ||
        !track_place_eval(s, col, track_block_face(s->hand[seat][i], o), &pl))
        return -1;
    track_play(s, i, &pl);
    return 0;
}

static void track_result(const void *st, game_result *r)
{
    const track_state *s = st;
    memset(r, 0, sizeof *r);
    r->status = s->over ? GAME_OVER : GAME_ONGOING;
    r->winner = -1;
    for (int p = 0; p < s->players; p++) {
        r->score[p] = s->score[p];
        for (int q = 0; q < s->players; q++)
            r->rank[p] += s->score[q] > s->score[p];
    }
    if (!s->over)
        return;
    int firsts = 0, first = -1;
    for (int p = 0; p < s->players; p++)
        if (r->rank[p] == 0) {
            firsts++;
            first = p;
        }
    if (firsts == 1)
        r->winner = first;
}

/* The frame filled, or nobody holding blocks has a place that keeps the track whole. */
static int track_result_reason(const void *st, char *buf, size_t n)
{
    const track_state *s = st;
    game_result r;
    int placed = 0;
    track_result(st, &r);
    if (r.status != GAME_OVER)
        return -1;
    for (int c = 0; c < TRACK_COLS; c++)
        placed += s->height[c];
    return game_text(buf, n, "%s",
                     placed == TRACK_CELLS ? "The frame is full."
                                           : "Nobody who still holds blocks can place one without breaking the track.");
}

int track_result_write(const void *st, char *buf, size_t n)
{
    const track_state *s = st;
    char tmp[16];
    int len = 0;
    game_result r;
    track_result(st, &r);
    if (r.status == GAME_ONGOING)
        len = snprintf(tmp, sizeof tmp, "ongoing");
    else
        for (int p = 0; p < s->players; p++)
            if (r.rank[p] == 0)
                len += snprintf(tmp + len, sizeof tmp - (size_t)len, "%s%d", len ? " " : "", p + 1);
    if ((size_t)len + 1 > n)
        return -1;
    memcpy(buf, tmp, (size_t)len + 1);
    return len;
}

static uint64_t fmix64(uint64_t z)
{
    z = (z ^ (z >> 33)) * 0xff51afd7ed558ccdULL;
    z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53ULL;
    return z ^ (z >> 33);
}

/* Hash of what the notation shows: frame, hands, scores and the mover. */
static uint64_t track_hash(const void *st)
{
    const track_state *s = st;
    uint64_t h = fmix64(0x51a7ac4ULL + s->players * 7u + s->to_move);
    for (int i = 0; i < TRACK_CELLS; i++)
        h = fmix64(h ^ ((uint64_t)s->cell[i] << 8 | (uint64_t)i));
    for (int p = 0; p < s->players; p++) {
        h = fmix64(h ^ (0xabcdULL << 20) ^ (uint64_t)(uint16_t)s->score[p] ^ (uint64_t)s->nhand[p] << 16);
        for (int i = 0; i < s->nhand[p]; i++)
            h = fmix64(h ^ ((uint64_t)s->hand[p][i].front << 16 | s->hand[p][i].back));
    }
    return h;
}

/* The multiset of blocks in a dealt game is the set: each kind's count. */
static int kinds_check(const track_state *s, char *err, size_t errn)
{
    int count[SET_KINDS] = {0};
    for (int i = 0; i < TRACK_CELLS + GAME_MAX_PLAYERS * TRACK_HAND_MAX; i++) {
        track_block b;
        if (i < TRACK_CELLS) {
            if (!s->cell[i])
                continue;
            b = s->src[i];
        } else {
            int p = (i - TRACK_CELLS) / TRACK_HAND_MAX, k = (i - TRACK_CELLS) % TRACK_HAND_MAX;
            if (p >= s->players || k >= s->nhand[p])
                continue;
            b = s->hand[p][k];
        }
        int kind = 0;
        while (kind < SET_KINDS && memcmp(&set_kinds[kind], &b, sizeof b) != 0)
            kind++;
        if (kind == SET_KINDS) {
            snprintf(err, errn, "stackatrack: a block that is not in the set");
            return -1;
        }
        count[kind]++;
    }
    for (int k = 0; k < SET_KINDS; k++)
        if (count[k] != set_counts[k]) {
            char name[32];
            track_block_write(set_kinds[k], name, sizeof name);
            snprintf(err, errn, "stackatrack: %d blocks %s in the game, not %d", count[k], name, set_counts[k]);
            return -1;
        }
    return 0;
}

/* Each placed face is its block in an orientation the rules allow. */
static int sources_check(const track_state *s, char *err, size_t errn)
{
    for (int i = 0; i < TRACK_CELLS; i++) {
        if (!s->cell[i])
            continue;
        int o = 0;
        while (o < 8 && !(track_orient_ok(s, o) && track_block_face(s->src[i], o) == s->cell[i]))
            o++;
        if (o == 8) {
            snprintf(err, errn, "stackatrack: the face in cell %d is not a face of its block", i);
            return -1;
        }
    }
    return kinds_check(s, err, errn);
}

static int frame_check(const track_state *s, int *placed, char *err, size_t errn)
{
    *placed = 0;
    for (int c = 0; c < TRACK_COLS; c++) {
        if (s->height[c] > TRACK_ROWS) {
            snprintf(err, errn, "stackatrack: column %d is %d high", c + 1, s->height[c]);
            return -1;
        }
        for (int r = 0; r < TRACK_ROWS; r++) {
            track_face f = s->cell[c * TRACK_ROWS + r];
            if ((r < s->height[c]) != (f != 0) || (f && !track_face_valid(f))) {
                snprintf(err, errn, "stackatrack: column %d row %d: a gap or a bad face", c + 1, r + 1);
                return -1;
            }
            *placed += f != 0;
        }
    }
    return 0;
}

static int track_check_invariants(const void *st, char *err, size_t errn)
{
    const track_state *s = st;
    int total = 0;
    if (s->players < 2 || s->players > GAME_MAX_PLAYERS || s->to_move >= s->players) {
        snprintf(err, errn, "stackatrack: %d players, seat %d to move", s->players, s->to_move + 1);
        return -1;
    }
    if (frame_check(s, &total, err, errn) < 0)
        return -1;
    for (int p = 0; p < s->players; p++) {
        if (s->nhand[p] > TRACK_HAND_MAX) {
            snprintf(err, errn, "stackatrack: seat %d holds %d blocks", p + 1, s->nhand[p]);
            return -1;
        }
        for (int i = 0; i < s->nhand[p]; i++)
            if (!track_face_valid(s->hand[p][i].front) || !track_face_valid(s->hand[p][i].back) ||
                (i && track_block_cmp(s->hand[p][i - 1], s->hand[p][i]) > 0)) {
                snprintf(err, errn, "stackatrack: seat %d's hand is bad or out of order", p + 1);
                return -1;
            }
        total += s->nhand[p];
    }
    if (total != s->blocks) {
        snprintf(err, errn, "stackatrack: %d blocks in the game, not %d", total, s->blocks);
        return -1;
    }
    if (s->dealt && sources_check(s, err, errn) < 0)
        return -1;
    track_state t = *s;
    joins_rebuild(&t);
    for (int x = 0; x < TRACK_CELLS * 4; x++)
        for (int y = 0; y < x; y++)
            if ((uf_root(s, x) == uf_root(s, y)) != (uf_root(&t, x) == uf_root(&t, y))) {
                snprintf(err, errn, "stackatrack: the joins are out of date (arcs %d and %d)", x, y);
                return -1;
            }
    if (s->over != game_over(s)) {
        snprintf(err, errn, "stackatrack: the game-over flag is out of date");
        return -1;
    }
    return 0;
}

/* Hidden blocks: the others' blocks in one pool (the set and the frame are
 * public, so the pool is known; who holds which is not), dealt back with
 * each seat's count, shuffled when r is given, else in order. */
static void hands_pool(track_state *s, int seat, rng *r)
{
    track_block pool[GAME_MAX_PLAYERS * TRACK_HAND_MAX];
    int n = 0;
    if (!s->opt[TRACK_OPT_HIDDEN])
        return;
    for (int p = 0; p < s->players; p++)
        if (p != seat)
            for (int i = 0; i < s->nhand[p]; i++)
                pool[n++] = s->hand[p][i];
    if (r)
        rng_shuffle(r, pool, n, sizeof pool[0]);
    else
        track_hand_sort(pool, n);
    n = 0;
    for (int p = 0; p < s->players; p++)
        if (p != seat) {
            memcpy(s->hand[p], pool + n, sizeof pool[0] * s->nhand[p]);
            n += s->nhand[p];
            if (r)
                track_hand_sort(s->hand[p], s->nhand[p]);
        }
    s->over = (uint8_t)game_over(s);
}

static void track_observe(const void *st, int seat, void *view)
{
    memcpy(view, st, sizeof(track_state));
    hands_pool(view, seat, NULL);
}

static void track_determinize(void *st, int seat, rng *r) { hands_pool(st, seat, r); }

const game_rules stackatrack_rules = {
    .id = "stackatrack",
    .state_size = sizeof(track_state),
    .min_players = 2,
    .max_players = GAME_MAX_PLAYERS,
    .options = track_options,
    .n_options = (int)(sizeof track_options / sizeof track_options[0]),
    .hidden_info = 1, /* observe pools the others' hands only when blocks are hidden */
    .init = track_init,
    .current_player = track_current_player,
    .legal_moves = track_legal_moves,
    .apply = track_apply,
    .result = track_result,
    .position_write = track_position_write,
    .position_read = track_position_read,
    .move_write = track_move_write,
    .move_read = track_move_read,
    .hash = track_hash,
    .check_invariants = track_check_invariants,
    .observe = track_observe,
    .determinize = track_determinize,
    .evaluate = track_ai_evaluate,
    .search = track_ai_search,
    .review_search = track_ai_review,
    .seat_names = NULL,
    .refusal = track_refusal_rules,
    .move_reason = track_move_reason,
    .perft = NULL, /* the generic walk: copies are cheap, as its own would be */
    .result_write = track_result_write,
    .result_reason = track_result_reason,
};
