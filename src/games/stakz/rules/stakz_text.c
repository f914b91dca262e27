#include "games/stakz/rules/stakz_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A decimal number in [lo, hi] made of the len characters at c, with no
 * sign and no leading zero; -1 otherwise. */
static int number(const char *c, size_t len, int lo, int hi)
{
    long v = 0;
    if (len == 0 || len > 6 || (len > 1 && c[0] == '0'))
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (c[i] < '0' || c[i] > '9')
            return -1;
        v = v * 10 + (c[i] - '0');
    }
    return v >= lo && v <= hi ? (int)v : -1;
}

/* Reads the '.'-joined tiles of field f (len characters; "-" for none when
 * dash) into t; returns how many, or -1 with a message. */
static int read_tiles(const char *f, size_t len, int dash, uint8_t *t, int max, const char *what, char *err,
                      size_t errn)
{
    int n = 0;
    if (dash && len == 1 && f[0] == '-')
        return 0;
    for (size_t at = 0;;) {
        int code = at + 2 <= len ? stakz_tile_read(f + at) : -1;
        if (code < 0)
            FAIL("position: bad tile '%.*s' in %s (a colour r o g b p, a symbol 1-5)", (int)(len - at < 4 ? len - at : 4),
                 f + at, what);
        if (n >= max)
            FAIL("position: more than %d tiles in %s", max, what);
        t[n++] = (uint8_t)code;
        at += 2;
        if (at == len)
            return n;
        if (f[at] != '.')
            FAIL("position: expected '.' between the tiles of %s", what);
        at++;
    }
}

/* "start", "start:N" or "start:N:SEED": a new deal. */
static int read_start(void *st, int players, int draw, const char *text, char *err, size_t errn)
{
    int n = players ? players : 2;
    uint64_t seed = 0;
    const char *c = text + 5;
    if (*c == ':') {
        size_t len = strspn(c + 1, "0123456789");
        int v = number(c + 1, len, 2, GAME_MAX_PLAYERS);
        if (v < 0 || (players && v != players))
            FAIL("position: bad player count in '%.20s'", text);
        n = v;
        c += 1 + len;
        if (*c == ':') {
            char *end;
            if (c[1] < '0' || c[1] > '9')
                FAIL("position: bad seed in '%.30s'", text);
            seed = strtoull(c + 1, &end, 10);
            c = end;
        }
    }
    if (*c)
        FAIL("position: expected start, start:N, start:N:SEED or P;STACKS;HANDS;PILE;SCORES;BONUS");
    stakz_state s;
    if (stakz_deal(&s, n, draw, seed, err, errn) < 0)
        return -1;
    memcpy(st, &s, sizeof s);
    return 0;
}

/* Splits text at sep into at most max fields (pointers and lengths);
 * returns how many. */
static int split_fields(const char *text, size_t len, char sep, const char **f, size_t *flen, int max)
{
    int n = 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++)
        if (i == len || text[i] == sep) {
            if (n == max)
                return max + 1;
            f[n] = text + start;
            flen[n++] = i - start;
            start = i + 1;
        }
    return n;
}

static int read_stacks(stakz_state *s, const char *f, size_t len, char *err, size_t errn)
{
    const char *part[STAKZ_MAX_STACKS + 1];
    size_t plen[STAKZ_MAX_STACKS + 1];
    if (len == 1 && f[0] == '-')
        return 0;
    int n = split_fields(f, len, '/', part, plen, STAKZ_MAX_STACKS);
    if (n > STAKZ_MAX_STACKS)
        FAIL("position: more than %d stacks", STAKZ_MAX_STACKS);
    for (int k = 0; k < n; k++) {
        char what[16];
        snprintf(what, sizeof what, "stack %d", k + 1);
        int h = read_tiles(part[k], plen[k], 0, s->stack[k], STAKZ_STACK_MAX - 1, what, err, errn);
        if (h < 0)
            return -1;
        s->height[k] = (uint8_t)h;
    }
    s->nstacks = (uint8_t)n;
    return 0;
}

static int read_hands(stakz_state *s, int players, const char *f, size_t len, char *err, size_t errn)
{
    const char *part[GAME_MAX_PLAYERS + 1];
    size_t plen[GAME_MAX_PLAYERS + 1];
    int n = split_fields(f, len, '/', part, plen, GAME_MAX_PLAYERS);
    if (n < 2 || n > GAME_MAX_PLAYERS || (players && n != players))
        FAIL("position: %d hands (one per seat, %s)", n, players ? "as the match has" : "2..4");
    s->players = (uint8_t)n;
    for (int p = 0; p < n; p++) {
        uint8_t t[STAKZ_TILES];
        char what[16];
        snprintf(what, sizeof what, "hand %d", p + 1);
        int m = read_tiles(part[p], plen[p], 1, t, STAKZ_TILES, what, err, errn);
        if (m < 0)
            return -1;
        for (int i = 0; i < m; i++)
            s->hand[p][t[i]]++;
    }
    return 0;
}

static int read_pile(stakz_state *s, const char *f, size_t len, char *err, size_t errn)
{
    uint8_t t[STAKZ_TILES];
    int n = read_tiles(f, len, 1, t, STAKZ_TILES, "the pile", err, errn);
    if (n < 0)
        return -1;
    for (int i = 0; i < n; i++)
        s->pile[n - 1 - i] = t[i];
    s->npile = (uint8_t)n;
    return 0;
}

static int read_scores(stakz_state *s, const char *f, size_t len, char *err, size_t errn)
{
    const char *part[GAME_MAX_PLAYERS + 1];
    size_t plen[GAME_MAX_PLAYERS + 1];
    int n = split_fields(f, len, ',', part, plen, GAME_MAX_PLAYERS);
    if (n != s->players)
        FAIL("position: %d totals for %d seats", n, s->players);
    for (int p = 0; p < n; p++) {
        int v = plen[p] == 1 && part[p][0] == '0' ? 0 : number(part[p], plen[p], 1, 9999);
        if (v < 0)
            FAIL("position: bad total '%.*s'", (int)(plen[p] < 8 ? plen[p] : 8), part[p]);
        s->score[p] = (uint16_t)v;
    }
    return 0;
}

static int read_bonus(stakz_state *s, const char *f, size_t len, char *err, size_t errn)
{
    const char *part[STAKZ_MAX_STACKS + 1];
    size_t plen[STAKZ_MAX_STACKS + 1];
    if (len == 1 && f[0] == '-')
        return 0;
    int n = split_fields(f, len, '.', part, plen, STAKZ_MAX_STACKS);
    for (int i = 0; i < n && i < STAKZ_MAX_STACKS; i++) {
        int k = number(part[i], plen[i], 1, s->nstacks);
        if (k < 0)
            FAIL("position: bad bonus stack '%.*s' (1..%d)", (int)(plen[i] < 8 ? plen[i] : 8), part[i], s->nstacks);
        if (s->bonus[k - 1])
            FAIL("position: bonus stack %d twice", k);
        s->bonus[k - 1] = 1;
    }
    if (n > STAKZ_MAX_STACKS)
        FAIL("position: too many bonus stacks");
    return 0;
}

int stakz_position_read(void *st, int players, int draw, const char *text, char *err, size_t errn)
{
    const char *f[7];
    size_t flen[7];
    if (strncmp(text, "start", 5) == 0)
        return read_start(st, players, draw, text, err, errn);
    size_t len = strlen(text);
    if (len >= STAKZ_POSITION_MAX)
        FAIL("position: longer than %d characters", STAKZ_POSITION_MAX - 1);
    if (draw != STAKZ_DRAW_CHOOSE && draw != STAKZ_DRAW_RANDOM)
        FAIL("position: bad draw setting %d", draw);
    if (split_fields(text, len, ';', f, flen, 6) != 6)
        FAIL("position: expected 6 fields P;STACKS;HANDS;PILE;SCORES;BONUS");
    stakz_state s;
    memset(&s, 0, sizeof s);
    s.draw_random = (uint8_t)draw;
    if (read_stacks(&s, f[1], flen[1], err, errn) < 0 || read_hands(&s, players, f[2], flen[2], err, errn) < 0 ||
        read_pile(&s, f[3], flen[3], err, errn) < 0 || read_scores(&s, f[4], flen[4], err, errn) < 0 ||
        read_bonus(&s, f[5], flen[5], err, errn) < 0)
        return -1;
    int turn = number(f[0], flen[0], 1, s.players);
    if (turn < 0)
        FAIL("position: bad seat to move '%.*s' (1..%d)", (int)(flen[0] < 8 ? flen[0] : 8), f[0], s.players);
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
    int k = code >= 0 && text[2] == '>' ? number(text + 3, strlen(text + 3), 1, STAKZ_MAX_STACKS) : -1;
    if (code < 0 || k < 0)
        FAIL("move: bad move '%.16s' (expected r3>2, end:g or end)", text);
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
