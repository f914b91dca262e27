#include "games/stakz/rules/stakz_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textin.h"
#include "core/textout.h"
#include "games/stakz/rules/stakz.h"
#include "games/stakz/rules/stakz_check.h"

static const char colour_letters[] = "rogbp";

void stakz_tile_name(uint8_t code, char out[3])
{
    out[0] = colour_letters[stakz_colour(code) % STAKZ_COLOURS];
    out[1] = code < STAKZ_CODES ? (char)('1' + stakz_symbol(code)) : '?';
    out[2] = 0;
}

int stakz_tile_read(const char *text)
{
    const char *c = text[0] ? strchr(colour_letters, text[0]) : NULL;
    if (!c || text[1] < '1' || text[1] > '5')
        return -1;
    return (int)(c - colour_letters) * 5 + (text[1] - '1');
}

/* ------------------------------------------------------------ writing */

static void out_tiles(text_out *o, const uint8_t *t, int n)
{
    char name[3];
    if (n == 0)
        text_out_add(o, "-");
    for (int i = 0; i < n; i++) {
        stakz_tile_name(t[i], name);
        text_out_add(o, i ? ".%s" : "%s", name);
    }
}

int stakz_position_write(const void *st, char *buf, size_t n)
{
    const stakz_state *s = st;
    text_out o = {buf, n, 0, 0};
    uint8_t t[STAKZ_TILES];
    if (n == 0)
        return -1;
    buf[0] = 0;
    text_out_add(&o, "%d;", s->turn + 1);
    if (s->nstacks == 0)
        text_out_add(&o, "-");
    for (int k = 0; k < s->nstacks; k++) {
        text_out_add(&o, k ? "/" : "");
        out_tiles(&o, s->stack[k], s->height[k]);
    }
    text_out_add(&o, ";");
    for (int p = 0; p < s->players; p++) {
        int m = 0;
        /* Codes run colour by colour (r o g b p), symbols within: sorted. */
        for (int code = 0; code < STAKZ_CODES; code++)
            for (int k = 0; k < s->hand[p][code]; k++)
                t[m++] = (uint8_t)code;
        for (int c = 0; c < STAKZ_COLOURS; c++)
            for (int k = 0; k < s->hand[p][STAKZ_UNKNOWN(c)]; k++)
                t[m++] = (uint8_t)STAKZ_UNKNOWN(c);
        text_out_add(&o, p ? "/" : "");
        out_tiles(&o, t, m);
    }
    text_out_add(&o, ";");
    for (int i = 0; i < s->npile; i++)
        t[i] = s->pile[s->npile - 1 - i];
    out_tiles(&o, t, s->npile);
    text_out_add(&o, ";");
    for (int p = 0; p < s->players; p++)
        text_out_add(&o, p ? ",%d" : "%d", s->score[p]);
    text_out_add(&o, ";");
    int any = 0;
    for (int k = 0; k < s->nstacks; k++)
        if (s->bonus[k]) {
            text_out_add(&o, any++ ? ".%d" : "%d", k + 1);
        }
    if (!any)
        text_out_add(&o, "-");
    return o.full ? -1 : (int)o.len;
}

/* ------------------------------------------------------------ reading */

#define FAIL(...) return (snprintf(err, errn, __VA_ARGS__), -1)

/* Reads the '.'-joined tiles of field f ("-" for none when dash) into t;
 * returns how many, or -1 with a message. */
static int read_tiles(text_in *in, text_span f, int dash, uint8_t *t, int max, const char *what)
{
    text_in c;
    text_span tile;
    int n = 0;
    if (dash && text_is(f, "-"))
        return 0;
    text_in_within(&c, in, f);
    while (text_in_field(&c, ".", &tile) == 0) {
        int code = tile.len == 2 ? stakz_tile_read(tile.p) : -1;
        if (code < 0)
            return text_in_fail(in, "bad tile '%.*s' in %s (a colour r o g b p, a symbol 1-5)",
                                (int)(tile.len < 4 ? tile.len : 4), tile.p, what);
        if (n >= max)
            return text_in_fail(in, "more than %d tiles in %s", max, what);
        t[n++] = (uint8_t)code;
    }
    return n;
}

static int read_stacks(text_in *in, stakz_state *s, text_span f)
{
    text_in c;
    text_span part;
    int n = 0;
    if (text_is(f, "-"))
        return 0;
    text_in_within(&c, in, f);
    for (; text_in_field(&c, "/", &part) == 0; n++) {
        char what[16];
        if (n == STAKZ_MAX_STACKS)
            return text_in_fail(in, "more than %d stacks", STAKZ_MAX_STACKS);
        snprintf(what, sizeof what, "stack %d", n + 1);
        int h = read_tiles(in, part, 0, s->stack[n], STAKZ_STACK_MAX - 1, what);
        if (h < 0)
            return -1;
        s->height[n] = (uint8_t)h;
    }
    s->nstacks = (uint8_t)n;
    return 0;
}

static int read_hands(text_in *in, stakz_state *s, int players, text_span f)
{
    text_in c;
    text_span part;
    int n = 0;
    text_in_within(&c, in, f);
    for (; text_in_field(&c, "/", &part) == 0; n++) {
        uint8_t t[STAKZ_TILES];
        char what[16];
        if (n == GAME_MAX_PLAYERS)
            break;
        snprintf(what, sizeof what, "hand %d", n + 1);
        int m = read_tiles(in, part, 1, t, STAKZ_TILES, what);
        if (m < 0)
            return -1;
        for (int i = 0; i < m; i++)
            s->hand[n][t[i]]++;
    }
    if (n < 2 || !text_in_line_done(&c) || (players && n != players))
        return text_in_fail(in, "%d%s hands (one per seat, %s)", n, text_in_line_done(&c) ? "" : "+",
                            players ? "as the match has" : "2..4");
    s->players = (uint8_t)n;
    return 0;
}

static int read_pile(text_in *in, stakz_state *s, text_span f)
{
    uint8_t t[STAKZ_TILES];
    int n = read_tiles(in, f, 1, t, STAKZ_TILES, "the pile");
    if (n < 0)
        return -1;
    for (int i = 0; i < n; i++)
        s->pile[n - 1 - i] = t[i];
    s->npile = (uint8_t)n;
    return 0;
}

static int read_scores(text_in *in, stakz_state *s, text_span f)
{
    long long v[GAME_MAX_PLAYERS];
    if (text_in_nums(in, f, ",", s->players, 0, 9999, v) < 0)
        return -1;
    for (int p = 0; p < s->players; p++)
        s->score[p] = (uint16_t)v[p];
    return 0;
}

static int read_bonus(text_in *in, stakz_state *s, text_span f)
{
    text_in c;
    text_span part;
    long long k;
    if (text_is(f, "-"))
        return 0;
    text_in_within(&c, in, f);
    while (text_in_field(&c, ".", &part) == 0) {
        if (text_num(part, 1, s->nstacks, &k) < 0)
            return text_in_fail(in, "bad bonus stack '%.*s' (1..%d)", (int)(part.len < 8 ? part.len : 8), part.p,
                                s->nstacks);
        if (s->bonus[k - 1])
            return text_in_fail(in, "bonus stack %lld twice", k);
        s->bonus[k - 1] = 1;
    }
    return 0;
}

int stakz_position_read(void *st, int players, int draw, const char *text, char *err, size_t errn)
{
    text_in in, seat, probe;
    text_span f;
    uint64_t seed;
    int n, nf = 0;
    long long turn;
    int rc = text_start_read(text, players, GAME_MAX_PLAYERS, &n, &seed, err, errn);
    if (rc != 0) {
        stakz_state s;
        if (rc < 0 || stakz_deal(&s, n, draw, seed, err, errn) < 0)
            return -1;
        memcpy(st, &s, sizeof s);
        return 0;
    }
    size_t len = strlen(text);
    if (len >= STAKZ_POSITION_MAX)
        FAIL("position: longer than %d characters", STAKZ_POSITION_MAX - 1);
    if (draw != STAKZ_DRAW_CHOOSE && draw != STAKZ_DRAW_RANDOM)
        FAIL("position: bad draw setting %d", draw);
    text_in_one(&in, text, len, "position", err, errn);
    probe = in;
    while (text_in_field(&probe, ";", &f) == 0)
        nf++;
    if (nf != 6)
        FAIL("position: expected 6 fields P;STACKS;HANDS;PILE;SCORES;BONUS, not %d", nf);
    /* Field 1, the seat to move, is checked once the hands give the seats. */
    text_in_field(&in, ";", &f);
    text_in_within(&seat, &in, f);
    stakz_state s;
    memset(&s, 0, sizeof s);
    s.draw_random = (uint8_t)draw;
    if (text_in_field(&in, ";", &f) < 0 || read_stacks(&in, &s, f) < 0 || text_in_field(&in, ";", &f) < 0 ||
        read_hands(&in, &s, players, f) < 0 || text_in_field(&in, ";", &f) < 0 || read_pile(&in, &s, f) < 0 ||
        text_in_field(&in, ";", &f) < 0 || read_scores(&in, &s, f) < 0 || text_in_field(&in, ";", &f) < 0 ||
        read_bonus(&in, &s, f) < 0)
        return -1;
    if (text_num(seat.line, 1, s.players, &turn) < 0)
        return text_in_fail(&seat, "bad seat to move '%.*s' (1..%d)", (int)(seat.line.len < 8 ? seat.line.len : 8),
                            seat.line.p, s.players);
    s.turn = s.starter = (uint8_t)(turn - 1);
    /* The game's set is the tiles the position holds. */
    int count[STAKZ_CODES] = {0};
    for (int k = 0; k < s.nstacks; k++)
        for (int i = 0; i < s.height[k]; i++)
            count[s.stack[k][i]]++;
    for (int p = 0; p < s.players; p++)
        for (int c = 0; c < STAKZ_CODES; c++)
            count[c] += s.hand[p][c];
    for (int i = 0; i < s.npile; i++)
        count[s.pile[i]]++;
    for (int c = 0; c < STAKZ_CODES; c++) {
        char name[3];
        stakz_tile_name((uint8_t)c, name);
        if (count[c] > STAKZ_COPIES)
            FAIL("position: %d tiles %s (the set has %d)", count[c], name, STAKZ_COPIES);
        s.set[c] = (uint8_t)count[c];
        s.total = (uint8_t)(s.total + count[c]);
    }
    /* A bonus is left only after a split, which placed a tile this turn. */
    for (int k = 0; k < s.nstacks; k++)
        s.placed |= s.bonus[k];
    stakz_derive(&s);
    if (stakz_check(&s, err, errn) < 0) {
        char why[200];
        snprintf(why, sizeof why, "%s", err + (strncmp(err, "stakz: ", 7) == 0 ? 7 : 0));
        FAIL("position: %s", why);
    }
    /* A composed table with bonuses everywhere could offer more moves than
     * a list holds (no game gets near: a stack takes 9 of the 25 codes). */
    game_move *moves = malloc(sizeof *moves * (GAME_MAX_MOVES + 1));
    int many = !moves || stakz_legal(&s, moves, GAME_MAX_MOVES + 1) > GAME_MAX_MOVES;
    free(moves);
    if (many)
        FAIL("position: more than %d legal moves (or out of memory)", GAME_MAX_MOVES);
    /* The next round's deal comes from the position itself, so that the
     * same text always plays on the same way. */
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (uint8_t)text[i]) * 0x100000001b3ULL;
    rng_seed(&s.r, h);
    memcpy(st, &s, sizeof s);
    return 0;
}

/* ------------------------------------------------------------ moves */

int stakz_move_write(const void *st, const game_move *m, char *buf, size_t n)
{
    char name[3];
    int k;
    (void)st;
    if (m->kind == STAKZ_M_PLACE && m->len == 2 && m->b[0] < STAKZ_CODES) {
        stakz_tile_name(m->b[0], name);
        k = snprintf(buf, n, "%s>%d", name, m->b[1] + 1);
    } else if (m->kind == STAKZ_M_END && m->len == 1 && m->b[0] == STAKZ_END_ANY) {
        k = snprintf(buf, n, "end");
    } else if (m->kind == STAKZ_M_END && m->len == 1 && m->b[0] < STAKZ_COLOURS) {
        k = snprintf(buf, n, "end:%c", colour_letters[m->b[0]]);
    } else {
        return -1;
    }
    return k < 0 || (size_t)k >= n ? -1 : k;
}

int stakz_move_read(const void *st, const char *text, game_move *m, char *err, size_t errn)
{
    const stakz_state *s = st;
    memset(m, 0, sizeof *m);
    if (stakz_current(s) < 0)
        FAIL("move: the game is over");
    if (strcmp(text, "end") == 0 || (strncmp(text, "end:", 4) == 0 && text[4] && !text[5])) {
        const char *c = text[3] ? strchr(colour_letters, text[4]) : NULL;
        if (text[3] && !c)
            FAIL("move: bad colour in '%.8s' (r o g b p)", text);
        int colour = c ? (int)(c - colour_letters) : STAKZ_END_ANY;
        if (!stakz_can_end(s, colour)) {
            if (colour == STAKZ_END_ANY)
                FAIL("move: 'end' needs an empty pile or the random draw; choose a colour (end:g)");
            if (s->draw_random)
                FAIL("move: the draw is at random here; say 'end'");
            FAIL("move: no %c tile left in the pile", text[4]);
        }
        m->kind = STAKZ_M_END;
        m->len = 1;
        m->b[0] = (uint8_t)colour;
        return 0;
    }
    int code = stakz_tile_read(text);
    long long stack = -1;
    if (code < 0 || text[2] != '>' ||
        text_num((text_span){text + 3, strlen(text + 3)}, 1, STAKZ_MAX_STACKS, &stack) < 0)
        FAIL("move: bad move '%.16s' (expected r3>2, end:g or end)", text);
    int k = (int)stack;
    if (k > s->nstacks)
        FAIL("move: no stack %d (there are %d)", k, s->nstacks);
    if (!s->hand[s->turn][code])
        FAIL("move: %.2s is not in seat %d's hand", text, s->turn + 1);
    if (!stakz_can_place(s, code, k - 1)) {
        if (stakz_count(s, k - 1, code / 5) >= STAKZ_PER_COLOUR)
            FAIL("move: stack %d already holds two tiles of that colour", k);
        FAIL("move: %.2s matches neither the colour nor the symbol on top of stack %d", text, k);
    }
    m->kind = STAKZ_M_PLACE;
    m->len = 2;
    m->b[0] = (uint8_t)code;
    m->b[1] = (uint8_t)(k - 1);
    return 0;
}
