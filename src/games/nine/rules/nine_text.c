#include "games/nine/rules/nine_text.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textin.h"
#include "core/textout.h"
#include "games/nine/rules/nine.h"
#include "games/nine/rules/nine_check.h"

#define FIELD_MAX NINE_POSITION_MAX
#define PEND_TOKENS 8

static const char *const pend_words[] = {"none", "shift", "drawn", "attack", "peek",   "take",
                                         "give", "swap",  "swap2", "reveal", "free",   "immune"};
static const char *const keep_words[] = {"held", "new", "must"};
static const char *const action_words[] = {"attack", "swap", "discard", "reverse", "peek", "reveal"};

const char *nine_pend_word(int kind)
{
    return kind >= 0 && kind < (int)(sizeof pend_words / sizeof pend_words[0]) ? pend_words[kind] : "?";
}

const char *nine_action_word(int face)
{
    return face >= NINE_ATTACK && face <= NINE_REVEAL ? action_words[face - NINE_ATTACK] : "?";
}

/* ------------------------------------------------------------ writing */

static void out_card(text_out *o, uint8_t code)
{
    char name[3];
    nine_card_name(code, name);
    text_out_add(o, "%s", name);
}

static void out_seats(text_out *o, int mask)
{
    if (!mask)
        text_out_add(o, "-");
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        if (mask >> p & 1)
            text_out_add(o, "p%d", p + 1);
}

/* Sorted: which of two identical cards lies where is not part of a position. */
int nine_place_codes(const nine_state *s, int place, int k, uint8_t *codes)
{
    int n = 0;
    for (int id = 0; id < NINE_CARDS; id++)
        if (s->place[id] == place && (place < NINE_Z_STACK || s->stk[id] == k))
            codes[n++] = s->code[id];
    for (int i = 1; i < n; i++) /* insertion sort: stacks are short */
        for (int j = i; j > 0 && codes[j - 1] > codes[j]; j--) {
            uint8_t t = codes[j];
            codes[j] = codes[j - 1];
            codes[j - 1] = t;
        }
    return n;
}

static void out_hand(text_out *o, const nine_state *s, int seat)
{
    uint8_t codes[NINE_CARDS];
    if (nine_place_codes(s, NINE_Z_HAND + seat, 0, codes) == 1)
        out_card(o, codes[0]);
    else
        text_out_add(o, "?");
}

static void out_pending(text_out *o, const nine_state *s)
{
    const nine_pending *d = &s->pend;
    int kind = d->kind < sizeof pend_words / sizeof pend_words[0] ? d->kind : 0;
    text_out_add(o, "%s", pend_words[kind]);
    switch (kind) {
    case NINE_P_DRAWN:
        text_out_add(o, ":p%d:", d->seat + 1);
        out_hand(o, s, d->seat);
        text_out_add(o, ":%s", keep_words[d->keep <= NINE_KEEP_MUST ? d->keep : 0]);
        break;
    case NINE_P_TAKE:
    case NINE_P_SWAP2: text_out_add(o, ":p%ds%d", d->p1 + 1, d->s1 + 1); break;
    case NINE_P_GIVE:
        text_out_add(o, ":p%ds%d:", d->p1 + 1, d->s1 + 1);
        out_hand(o, s, s->turn);
        break;
    case NINE_P_IMMUNE:
        text_out_add(o, ":%s", nine_action_word(d->action));
        if (d->action == NINE_ATTACK)
            text_out_add(o, ":p%d", d->p1 + 1);
        else if (d->action == NINE_REVEAL)
            text_out_add(o, ":%d", d->s1 + 1);
        else
            text_out_add(o, ":p%ds%d", d->p1 + 1, d->s1 + 1);
        if (d->action == NINE_SWAP)
            text_out_add(o, ":p%ds%d", d->p2 + 1, d->s2 + 1);
        text_out_add(o, ":");
        out_seats(o, d->ask);
        text_out_add(o, ":");
        out_seats(o, d->used);
        break;
    default: break;
    }
}

static void out_pile(text_out *o, const nine_state *s, const uint8_t *pile, int n, int from_top)
{
    if (!n)
        text_out_add(o, "-");
    for (int i = 0; i < n; i++) {
        if (i)
            text_out_add(o, ".");
        out_card(o, s->code[pile[from_top ? n - 1 - i : i]]);
    }
}

int nine_position_write(const void *st, char *buf, size_t n)
{
    const nine_state *s = st;
    text_out o = {buf, n, 0, 0};
    uint8_t codes[NINE_CARDS];
    if (!n)
        return -1;
    text_out_add(&o, "players=%d,turn=p%d,dir=%s,act=", s->players, s->turn + 1, s->dir ? "ccw" : "cw");
    if (s->act == NINE_ACT_ANY)
        text_out_add(&o, "any");
    else
        out_card(&o, s->act);
    text_out_add(&o, ",imm=");
    out_seats(&o, s->immunity);
    if (s->rev_num) {
        text_out_add(&o, ",reveal=%d:", s->rev_num);
        out_seats(&o, s->rev_hidden);
    } else {
        text_out_add(&o, ",reveal=none");
    }
    text_out_add(&o, ",pend=");
    out_pending(&o, s);
    text_out_add(&o, ",passes=%d,rng=%016" PRIx64, s->passes, s->shuffle_seed);
    for (int p = 0; p < s->players; p++) {
        text_out_add(&o, ",p%d=", p + 1);
        if (!s->nst[p])
            text_out_add(&o, "-");
        else
            text_out_add(&o, "%d:", s->held[p] + 1);
        for (int k = 0; k < s->nst[p]; k++) {
            int c = nine_place_codes(s, NINE_Z_STACK + p, k, codes);
            if (k)
                text_out_add(&o, "/");
            for (int i = 0; i < c; i++) {
                if (i)
                    text_out_add(&o, ".");
                out_card(&o, codes[i]);
            }
        }
    }
    text_out_add(&o, ",draw=");
    out_pile(&o, s, s->draw, s->ndraw, 1);
    text_out_add(&o, ",disc=");
    out_pile(&o, s, s->disc, s->ndisc, 0);
    return o.full ? -1 : (int)o.len;
}

/* ------------------------------------------------------------ reading */

typedef struct nine_in {
    nine_state s;
    text_in cur; /* the fields of the text */
    uint8_t used[NINE_CARDS];
} nine_in;

#define fail(in, ...) text_in_fail(&(in)->cur, __VA_ARGS__)

/* Reads "key=value" into val; fields are separated by ',' and the last one
 * ends the text. */
static int field(nine_in *in, const char *key, char *val, int last)
{
    text_span f = {"", 0};
    size_t kl = strlen(key);
    if (text_in_field(&in->cur, ",", &f) < 0 || f.len <= kl || memcmp(f.p, key, kl) != 0 || f.p[kl] != '=')
        return fail(in, "expected '%s=' at '%.20s'", key, f.p);
    f.p += kl + 1;
    f.len -= kl + 1;
    if (f.len >= FIELD_MAX)
        return fail(in, "%s is too long", key);
    if (last && !text_in_line_done(&in->cur))
        return fail(in, "unexpected text after %s: ',%.20s'", key, f.p + f.len + 1);
    if (!last && text_in_line_done(&in->cur))
        return fail(in, "the text ends after %s (more fields expected)", key);
    memcpy(val, f.p, f.len);
    val[f.len] = 0;
    return 0;
}

/* A whole number in [lo, hi] (core/textin's rule), or -1. */
static int number(const char *t, int lo, int hi)
{
    long long v;
    return text_num((text_span){t, strlen(t)}, lo, hi, &v) < 0 ? -1 : (int)v;
}

/* "pK" at t (advanced past it); the seat 0-based, or -1. */
static int seat_at(nine_in *in, const char **t)
{
    const char *c = *t;
    if (c[0] != 'p' || c[1] < '1' || c[1] >= '1' + in->s.players)
        return -1;
    *t = c + 2;
    return c[1] - '1';
}

static int seat_word(nine_in *in, const char *t, const char *what)
{
    int p = seat_at(in, &t);
    if (p < 0 || *t)
        return fail(in, "bad %s '%.20s' (p1..p%d)", what, t, in->s.players);
    return p;
}

static int seat_list(nine_in *in, const char *t, const char *what)
{
    int mask = 0;
    if (strcmp(t, "-") == 0)
        return 0;
    while (*t) {
        int p = seat_at(in, &t);
        if (p < 0 || mask >> p & 1)
            return fail(in, "bad %s seat list (p1..p%d each once, or -)", what, in->s.players);
        mask |= 1 << p;
    }
    return mask;
}

/* "pKsN": seat and 0-based stack into p and k. */
static int stack_ref(nine_in *in, const char *t, uint8_t *p, uint8_t *k)
{
    int q = seat_at(in, &t), n = t[0] == 's' ? number(t + 1, 1, NINE_MAX_STACKS) : -1;
    if (q < 0 || n < 0)
        return fail(in, "bad stack '%.20s' (expected like p2s4)", t);
    *p = (uint8_t)q;
    *k = (uint8_t)(n - 1);
    return 0;
}

/* Gives the next unused card of a two-letter name its place. */
static int place_card(nine_in *in, const char *name, size_t len, int place, int k)
{
    int code = len == 2 ? nine_card_read(name) : -1;
    if (code < 0)
        return fail(in, "bad card '%.*s'", (int)(len < 8 ? len : 8), name);
    int have = 0;
    for (int id = 0; id < NINE_CARDS; id++) {
        if (in->s.code[id] != code)
            continue;
        have++;
        if (in->used[id])
            continue;
        in->used[id] = 1;
        in->s.place[id] = (uint8_t)place;
        in->s.stk[id] = (uint8_t)k;
        if (place == NINE_Z_DRAW)
            in->s.draw[in->s.ndraw++] = (uint8_t)id;
        else if (place == NINE_Z_DISC)
            in->s.disc[in->s.ndisc++] = (uint8_t)id;
        else if (place >= NINE_Z_STACK)
            in->s.ssize[place - NINE_Z_STACK][k]++;
        return 0;
    }
    return fail(in, "more %.2s cards than the deck's %d", name, have);
}

/* A '.'-separated card list; "" is none, and so is "-" where allow_dash. */
static int card_list(nine_in *in, const char *t, int place, int k, int allow_dash)
{
    if (allow_dash && strcmp(t, "-") == 0)
        return 0;
    if (!*t)
        return 0; /* an empty stack: only a Peek may leave one, the check decides */
    for (;;) {
        const char *e = strchr(t, '.');
        size_t len = e ? (size_t)(e - t) : strlen(t);
        if (place_card(in, t, len, place, k) < 0)
            return -1;
        if (!e)
            return 0;
        t = e + 1;
    }
}

static int read_player(nine_in *in, int p, const char *t)
{
    nine_state *s = &in->s;
    if (strcmp(t, "-") == 0)
        return 0;
    const char *colon = strchr(t, ':');
    char num[8];
    if (!colon || colon - t >= (long)sizeof num)
        return fail(in, "p%d: expected HELD:stack/stack/... or -", p + 1);
    memcpy(num, t, (size_t)(colon - t));
    num[colon - t] = 0;
    int held = number(num, 1, NINE_MAX_STACKS);
    if (held < 0)
        return fail(in, "p%d: bad held stack number '%s'", p + 1, num);
    const char *c = colon + 1;
    for (;;) {
        char list[FIELD_MAX];
        const char *e = strchr(c, '/');
        size_t len = e ? (size_t)(e - c) : strlen(c);
        if (s->nst[p] >= NINE_MAX_STACKS)
            return fail(in, "p%d: more than %d stacks", p + 1, NINE_MAX_STACKS);
        memcpy(list, c, len);
        list[len] = 0;
        if (card_list(in, list, NINE_Z_STACK + p, s->nst[p]++, 0) < 0)
            return -1;
        if (!e)
            break;
        c = e + 1;
    }
    if (held > s->nst[p])
        return fail(in, "p%d: holds stack %d of %d", p + 1, held, s->nst[p]);
    s->held[p] = (uint8_t)(held - 1);
    return 0;
}

static int hand(nine_in *in, int seat, const char *name)
{
    return place_card(in, name, strlen(name), NINE_Z_HAND + seat, 0);
}

static int read_immune(nine_in *in, char **tok, int nt)
{
    nine_pending *d = &in->s.pend;
    int a = -1, n;
    for (int i = 0; i < 6 && nt > 1; i++)
        if (strcmp(tok[1], action_words[i]) == 0 && i != 2 && i != 3)
            a = NINE_ATTACK + i;
    int want = a == NINE_SWAP ? 6 : 5;
    if (a < 0 || nt != want)
        return fail(in, "bad pend=immune (immune:attack|peek|swap|reveal:TARGET...:ASK:USED)");
    d->action = (uint8_t)a;
    if (a == NINE_ATTACK && (n = seat_word(in, tok[2], "attack target")) < 0)
        return -1;
    if (a == NINE_ATTACK)
        d->p1 = (uint8_t)n;
    if (a == NINE_REVEAL && (n = number(tok[2], 1, NINE_MAX_STACKS)) < 0)
        return fail(in, "bad revealed number '%.8s'", tok[2]);
    if (a == NINE_REVEAL)
        d->s1 = (uint8_t)(n - 1);
    if ((a == NINE_PEEK || a == NINE_SWAP) && stack_ref(in, tok[2], &d->p1, &d->s1) < 0)
        return -1;
    if (a == NINE_SWAP && stack_ref(in, tok[3], &d->p2, &d->s2) < 0)
        return -1;
    int ask = seat_list(in, tok[want - 2], "ask"), used = seat_list(in, tok[want - 1], "used");
    if (ask < 0 || used < 0)
        return -1;
    if (!ask)
        return fail(in, "pend=immune asks nobody");
    d->ask = (uint8_t)ask;
    d->used = (uint8_t)used;
    return 0;
}

static int read_pending(nine_in *in, char *t)
{
    char *tok[PEND_TOKENS];
    int nt = 0, kind = -1;
    nine_pending *d = &in->s.pend;
    for (char *c = t; nt < PEND_TOKENS;) {
        tok[nt++] = c;
        c = strchr(c, ':');
        if (!c)
            break;
        *c++ = 0;
    }
    for (int k = 0; k < (int)(sizeof pend_words / sizeof pend_words[0]); k++)
        if (strcmp(tok[0], pend_words[k]) == 0)
            kind = k;
    if (kind < 0)
        return fail(in, "unknown pend '%.20s'", tok[0]);
    d->kind = (uint8_t)kind;
    int want = kind == NINE_P_DRAWN ? 4 : kind == NINE_P_GIVE ? 3
             : kind == NINE_P_TAKE || kind == NINE_P_SWAP2 ? 2 : 1;
    if (kind == NINE_P_IMMUNE)
        return read_immune(in, tok, nt);
    if (nt != want)
        return fail(in, "pend=%s takes %d value(s) after ':'", pend_words[kind], want - 1);
    switch (kind) {
    case NINE_P_DRAWN: {
        int p = seat_word(in, tok[1], "drawing seat"), k = -1;
        for (int i = 0; i < 3; i++)
            if (strcmp(tok[3], keep_words[i]) == 0)
                k = i;
        if (p < 0)
            return -1;
        if (k < 0)
            return fail(in, "bad drawn card use '%.8s' (held, new or must)", tok[3]);
        d->seat = (uint8_t)p;
        d->keep = (uint8_t)k;
        return hand(in, p, tok[2]);
    }
    case NINE_P_TAKE:
    case NINE_P_SWAP2: return stack_ref(in, tok[1], &d->p1, &d->s1);
    case NINE_P_GIVE:
        if (stack_ref(in, tok[1], &d->p1, &d->s1) < 0)
            return -1;
        return hand(in, in->s.turn, tok[2]);
    default: return 0;
    }
}

/* The fields before the players' stacks: players to rng. */
static int read_header(nine_in *in, int players, char *val)
{
    nine_state *s = &in->s;
    int v;
    if (field(in, "players", val, 0) < 0)
        return -1;
    if ((v = number(val, 2, GAME_MAX_PLAYERS)) < 0 || (players && v != players))
        return fail(in, "bad players '%.8s' (2..4%s)", val, players ? ", as the match has" : "");
    s->players = (uint8_t)v;
    if (field(in, "turn", val, 0) < 0 || (v = seat_word(in, val, "turn")) < 0)
        return -1;
    s->turn = (uint8_t)v;
    if (field(in, "dir", val, 0) < 0)
        return -1;
    if (strcmp(val, "cw") && strcmp(val, "ccw"))
        return fail(in, "bad dir '%.8s' (cw or ccw)", val);
    s->dir = strcmp(val, "ccw") == 0;
    if (field(in, "act", val, 0) < 0)
        return -1;
    v = strcmp(val, "any") == 0 ? NINE_ACT_ANY : strlen(val) == 2 ? nine_card_read(val) : -1;
    if (v < 0 || (v != NINE_ACT_ANY && nine_colour_of((uint8_t)v) == NINE_NO_COLOUR))
        return fail(in, "bad act '%.8s' (any, or a coloured card such as R7)", val);
    s->act = (uint8_t)v;
    if (field(in, "imm", val, 0) < 0 || (v = seat_list(in, val, "imm")) < 0)
        return -1;
    s->immunity = (uint8_t)v;
    if (field(in, "reveal", val, 0) < 0)
        return -1;
    if (strcmp(val, "none") != 0) {
        char *colon = strchr(val, ':');
        if (!colon)
            return fail(in, "bad reveal '%.20s' (none, or N:hidden seats)", val);
        *colon = 0;
        if ((v = number(val, 1, NINE_MAX_STACKS)) < 0)
            return fail(in, "bad revealed number '%.8s'", val);
        s->rev_num = (uint8_t)v;
        if ((v = seat_list(in, colon + 1, "reveal")) < 0)
            return -1;
        s->rev_hidden = (uint8_t)v;
    }
    if (field(in, "pend", val, 0) < 0 || read_pending(in, val) < 0)
        return -1;
    if (field(in, "passes", val, 0) < 0)
        return -1;
    if ((v = number(val, 0, s->players)) < 0)
        return fail(in, "bad passes '%.8s' (0..%d)", val, s->players);
    s->passes = (uint8_t)v;
    if (field(in, "rng", val, 0) < 0)
        return -1;
    if (text_hex64((text_span){val, strlen(val)}, 1, 16, &s->shuffle_seed) < 0)
        return fail(in, "bad rng '%.20s' (1 to 16 hex digits)", val);
    return 0;
}

int nine_position_read(void *st, int players, const char *text, char *err, size_t errn)
{
    nine_in in;
    char val[FIELD_MAX], key[8];
    nine_deck deck;
    uint64_t seed;
    int n, rc = text_start_read(text, players, GAME_MAX_PLAYERS, &n, &seed, err, errn);
    if (rc != 0) {
        nine_state s;
        if (rc < 0 || nine_deal(&s, n, seed, err, errn) < 0)
            return -1;
        memcpy(st, &s, sizeof s);
        return 0;
    }
    if (strlen(text) >= NINE_POSITION_MAX) {
        snprintf(err, errn, "position: longer than %d characters", NINE_POSITION_MAX - 1);
        return -1;
    }
    if (nine_deck_builtin(&deck, err, errn) < 0)
        return -1;
    memset(&in, 0, sizeof in);
    text_in_one(&in.cur, text, strlen(text), "position", err, errn);
    nine_state *s = &in.s;
    memcpy(s->code, deck.code, sizeof s->code);
    if (read_header(&in, players, val) < 0)
        return -1;
    for (int p = 0; p < s->players; p++) {
        snprintf(key, sizeof key, "p%d", p + 1);
        if (field(&in, key, val, 0) < 0 || read_player(&in, p, val) < 0)
            return -1;
    }
    uint8_t order[NINE_CARDS];
    if (field(&in, "draw", val, 0) < 0 || card_list(&in, val, NINE_Z_DRAW, 0, 1) < 0)
        return -1;
    /* Written from the top down; stored with the top last. */
    for (int i = 0; i < s->ndraw; i++)
        order[i] = s->draw[s->ndraw - 1 - i];
    memcpy(s->draw, order, s->ndraw);
    if (field(&in, "disc", val, 1) < 0 || card_list(&in, val, NINE_Z_DISC, 0, 1) < 0)
        return -1;
    int given = 0;
    in.cur.field_no = 0; /* what follows is about the whole position */
    for (int id = 0; id < NINE_CARDS; id++)
        given += in.used[id];
    if (given != NINE_CARDS) {
        char name[3];
        for (int id = 0; id < NINE_CARDS; id++)
            if (!in.used[id]) {
                nine_card_name(s->code[id], name);
                break;
            }
        return fail(&in, "%d cards placed, the deck has %d (missing a %s)", given, NINE_CARDS, name);
    }
    char why[200];
    nine_derive(s);
    nine_memory_note(s); /* a position carries no memory: only what is face up now */
    if (nine_check(s, why, sizeof why) < 0)
        return fail(&in, "%s", why);
    memcpy(st, s, sizeof *s);
    return 0;
}

/* ------------------------------------------------------------ moves */

int nine_move_write(const void *st, const game_move *m, char *buf, size_t n)
{
    char card[3];
    int a = m->b[0], b = m->b[1], k;
    (void)st;
    nine_card_name(m->b[0], card);
    switch (m->kind) {
    case NINE_M_PLAY: k = snprintf(buf, n, "play %s", card); break;
    case NINE_M_DRAW: k = snprintf(buf, n, "draw"); break;
    case NINE_M_PASS: k = snprintf(buf, n, "pass"); break;
    case NINE_M_KEEP: k = snprintf(buf, n, "keep"); break;
    case NINE_M_ATTACK: k = snprintf(buf, n, "attack p%d", a + 1); break;
    case NINE_M_PEEK: k = snprintf(buf, n, "peek p%d s%d", a + 1, b + 1); break;
    case NINE_M_TAKE: k = snprintf(buf, n, "take %s", card); break;
    case NINE_M_GIVE: k = snprintf(buf, n, "give %s", card); break;
    case NINE_M_RETURN: k = snprintf(buf, n, "return"); break;
    case NINE_M_SWAP: k = snprintf(buf, n, "swap p%ds%d", a + 1, b + 1); break;
    case NINE_M_WITH: k = snprintf(buf, n, "with p%ds%d", a + 1, b + 1); break;
    case NINE_M_REVEAL: k = snprintf(buf, n, "reveal %d", a); break;
    case NINE_M_DISCARD: k = snprintf(buf, n, "discard s%d", a + 1); break;
    case NINE_M_IMMUNE: k = snprintf(buf, n, "immune"); break;
    case NINE_M_ACCEPT: k = snprintf(buf, n, "accept"); break;
    default: return -1;
    }
    return k < 0 || (size_t)k >= n ? -1 : k;
}

int nine_move_read(const void *st, const char *text, game_move *m, char *err, size_t errn)
{
    char want[64], name[64];
    game_move mv[GAME_MAX_MOVES];
    size_t len = 0;
    /* Words separated by any run of blanks read the same as by one space. */
    for (const char *c = text; *c; c++) {
        if (isspace((unsigned char)*c) && (len == 0 || want[len - 1] == ' '))
            continue;
        if (len + 1 >= sizeof want) {
            snprintf(err, errn, "move: '%.40s...' is too long", text);
            return -1;
        }
        want[len++] = isspace((unsigned char)*c) ? ' ' : *c;
    }
    while (len && want[len - 1] == ' ')
        len--;
    want[len] = 0;
    int n = nine_legal(st, mv, GAME_MAX_MOVES);
    for (int k = 0; k < n; k++)
        if (nine_move_write(st, &mv[k], name, sizeof name) >= 0 && strcmp(name, want) == 0) {
            *m = mv[k];
            return 0;
        }
    if (n == 0) {
        snprintf(err, errn, "move: '%.40s' is illegal: the game is over", text);
        return -1;
    }
    text_out o = {err, errn, 0, 0};
    text_out_add(&o, "move: '%.40s' is not legal here (legal:", text);
    for (int k = 0; k < n && k < 12; k++) {
        nine_move_write(st, &mv[k], name, sizeof name);
        text_out_add(&o, "%s %s", k ? "," : "", name);
    }
    text_out_add(&o, "%s)", n > 12 ? ", ..." : "");
    return -1;
}
