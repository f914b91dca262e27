/* Stack-A-Track notation (issue 13, the CLI contract):
 *   face      arcs in T R B L order joined by '+' (TB+RL, TL+RB, RBL, R)
 *   block     FRONT:BACK
 *   position  P;C1/.../C6;H1/H2/...;S1,S2,...
 *   move      BLOCK@COLUMN ORIENTATION (RL:RB@3B2), or pass */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textin.h"
#include "games/stackatrack/rules/track.h"

static const char edge_letters[] = "TRBL";

int track_face_write(track_face f, char *buf, size_t n)
{
    char tmp[16];
    int len = 0;
    for (int i = 0; i < 4 && (f >> (4 * i) & 15); i++) {
        if (i)
            tmp[len++] = '+';
        for (int e = 0; e < 4; e++)
            if (f >> (4 * i) & (1 << e))
                tmp[len++] = edge_letters[e];
    }
    if ((size_t)len + 1 > n)
        return -1;
    memcpy(buf, tmp, (size_t)len);
    buf[len] = 0;
    return len;
}

int track_block_write(track_block b, char *buf, size_t n)
{
    char f[16], k[16];
    track_face_write(b.front, f, sizeof f);
    track_face_write(b.back, k, sizeof k);
    int len = snprintf(buf, n, "%s:%s", f, k);
    return len < 0 || (size_t)len >= n ? -1 : len;
}

int track_face_read(const char *text, track_face *f, char *err, size_t errn)
{
    int arc[4] = {0}, n = 0, seen = 0, i = 0;
    for (;; i++) {
        const char *hit = text[i] ? strchr(edge_letters, text[i]) : NULL;
        if (hit) {
            int e = 1 << (hit - edge_letters);
            if (seen & e) {
                snprintf(err, errn, "face '%.*s': edge %c used twice", i + 1, text, text[i]);
                return -1;
            }
            seen |= e;
            arc[n] |= e;
            continue;
        }
        if (!arc[n]) {
            snprintf(err, errn, "face '%.*s': an empty arc (expected T, R, B or L)", i + 1, text);
            return -1;
        }
        n++;
        if (text[i] != '+')
            break;
    }
    *f = track_face_pack(arc, n);
    return i;
}

/* A block FRONT:BACK at text; returns the characters read, or -1. */
static int block_read(const char *text, track_block *b, char *err, size_t errn)
{
    int a = track_face_read(text, &b->front, err, errn);
    if (a < 0)
        return -1;
    if (text[a] != ':') {
        snprintf(err, errn, "block '%.*s': expected ':' between the front and the back", a + 1, text);
        return -1;
    }
    int k = track_face_read(text + a + 1, &b->back, err, errn);
    return k < 0 ? -1 : a + 1 + k;
}

/* ------------------------------------------------------------ position */

int track_position_write(const void *st, char *buf, size_t n)
{
    const track_state *s = st;
    char tmp[TRACK_POSITION_MAX + 64];
    size_t len = (size_t)sprintf(tmp, "%d;", s->to_move + 1);
    for (int c = 0; c < TRACK_COLS; c++) {
        if (c)
            tmp[len++] = '/';
        if (!s->height[c])
            tmp[len++] = '-';
        for (int r = 0; r < s->height[c]; r++) {
            if (r)
                tmp[len++] = '.';
            len += (size_t)track_face_write(s->cell[c * TRACK_ROWS + r], tmp + len, 16);
        }
    }
    tmp[len++] = ';';
    for (int p = 0; p < s->players; p++) {
        if (p)
            tmp[len++] = '/';
        if (!s->nhand[p])
            tmp[len++] = '-';
        for (int i = 0; i < s->nhand[p]; i++) {
            if (i)
                tmp[len++] = '.';
            len += (size_t)track_block_write(s->hand[p][i], tmp + len, 32);
        }
    }
    tmp[len++] = ';';
    for (int p = 0; p < s->players; p++)
        len += (size_t)sprintf(tmp + len, "%s%d", p ? "," : "", s->score[p]);
    if (len + 1 > n)
        return -1;
    memcpy(buf, tmp, len);
    buf[len] = 0;
    return (int)len;
}

/* A face read from f that must fill it; -1 with a message in the cursor's err. */
static int face_span(text_in *in, text_span f, track_face *out)
{
    char why[160];
    int k = track_face_read(f.p, out, why, sizeof why);
    if (k < 0)
        return text_in_fail(in, "%s", why);
    if ((size_t)k != f.len)
        return text_in_fail(in, "bad face '%.*s' (arcs of T, R, B and L joined by '+')", (int)(f.len < 16 ? f.len : 16),
                            f.p);
    return 0;
}

/* A block FRONT:BACK that must fill f. */
static int block_span(text_in *in, text_span f, track_block *b)
{
    text_in c;
    text_span face;
    text_in_within(&c, in, f);
    if (text_in_field(&c, ":", &face) < 0 || text_in_line_done(&c) || face_span(in, face, &b->front) < 0)
        return text_in_line_done(&c) ? text_in_fail(in, "block '%.*s': expected ':' between the front and the back",
                                                    (int)(f.len < 32 ? f.len : 32), f.p)
                                     : -1;
    return face_span(in, text_in_rest(&c), &b->back);
}

/* Field 2, the columns (six, of faces), or field 3, the hands (2 to 4, of
 * blocks): lists joined by '/', each "-" or its items joined by '.'. */
static int lists_read(text_in *in, track_state *s, text_span f, int hands)
{
    const char *what = hands ? "hand" : "column";
    int most = hands ? GAME_MAX_PLAYERS : TRACK_COLS, cap = hands ? TRACK_HAND_MAX : TRACK_ROWS, n = 0;
    text_in c, list;
    text_span part, item;
    text_in_within(&c, in, f);
    for (; text_in_field(&c, "/", &part) == 0; n++) {
        if (n == most)
            return text_in_fail(in, "more than %d %ss", most, what);
        if (text_is(part, "-"))
            continue;
        text_in_within(&list, in, part);
        while (text_in_field(&list, ".", &item) == 0) {
            uint8_t *count = hands ? &s->nhand[n] : &s->height[n];
            track_face fc = 0;
            if (*count == cap)
                return text_in_fail(in, "%s %d holds more than %d %s", what, n + 1, cap, hands ? "blocks" : "faces");
            if (hands ? block_span(in, item, &s->hand[n][*count]) < 0 : face_span(in, item, &fc) < 0)
                return -1;
            if (!hands) {
                s->cell[n * TRACK_ROWS + *count] = fc;
                s->src[n * TRACK_ROWS + *count] = (track_block){fc, 0};
            }
            (*count)++;
        }
    }
    if (hands ? n < 2 : n != TRACK_COLS)
        return text_in_fail(in, hands ? "needs 2 to 4 hands, not %d" : "%d columns, expected 6 joined by '/'", n);
    if (hands)
        s->players = (uint8_t)n;
    return 0;
}

/* Field 4: a score a hand, joined by ','. Scores may be negative (a track
 * end out of the top loses a point), so their range admits a '-'. */
static int scores_read(text_in *in, track_state *s, text_span f)
{
    long long v[GAME_MAX_PLAYERS];
    if (text_in_nums(in, f, ",", s->players, -9999, 9999, v) < 0)
        return -1;
    for (int p = 0; p < s->players; p++)
        s->score[p] = (int16_t)v[p];
    return 0;
}

int track_position_read(void *st, const game_params *p, const char *text, char *err, size_t errn)
{
    track_state s;
    text_in in, probe;
    text_span f, mover_f;
    long long mover;
    int nf = 0;
    memset(&s, 0, sizeof s);
    if (strcmp(text, "start") == 0) {
        /* The deal of seed 0: the CLI's fixed starting position. */
        if (stackatrack_rules.init(&s, p, 0, err, errn) < 0)
            return -1;
        memcpy(st, &s, sizeof s);
        return 0;
    }
    for (int i = 0; i < TRACK_NOPT; i++)
        s.opt[i] = (uint8_t)(p ? p->opt[i] != 0 : stackatrack_rules.options[i].def);
    text_in_one(&in, text, strlen(text), "position", err, errn);
    probe = in;
    while (text_in_field(&probe, ";", &f) == 0)
        nf++;
    if (nf != 4)
        return text_in_fail(&in, "expected P;COLUMNS;HANDS;SCORES (4 fields, not %d), or 'start'", nf);
    text_in_field(&in, ";", &mover_f);
    if (text_num(mover_f, 1, GAME_MAX_PLAYERS, &mover) < 0)
        return text_in_fail(&in, "expected the seat to move (1..4), got '%.*s'", (int)(mover_f.len < 8 ? mover_f.len : 8),
                            mover_f.p);
    if (text_in_field(&in, ";", &f) < 0 || lists_read(&in, &s, f, 0) < 0 || text_in_field(&in, ";", &f) < 0 ||
        lists_read(&in, &s, f, 1) < 0 || text_in_field(&in, ";", &f) < 0 || scores_read(&in, &s, f) < 0)
        return -1;
    in.field_no = 0; /* what follows is about the whole position */
    if (mover > s.players)
        return text_in_fail(&in, "seat %lld to move, but only %d hands", mover, s.players);
    if (p && p->players != s.players)
        return text_in_fail(&in, "%d hands for a %d-player game", s.players, p->players);
    s.to_move = (uint8_t)(mover - 1);
    s.blocks = 0;
    for (int q = 0; q < s.players; q++) {
        track_hand_sort(s.hand[q], s.nhand[q]);
        s.blocks = (uint8_t)(s.blocks + s.nhand[q]);
        /* Every move must fit one list (GAME_MAX_MOVES): a composed hand of
         * more distinct blocks than that is refused, never cut short. */
        int distinct = 0, ways = s.opt[TRACK_OPT_QUARTER] ? 8 : 4;
        for (int i = 0; i < s.nhand[q]; i++)
            distinct += i == 0 || memcmp(&s.hand[q][i], &s.hand[q][i - 1], sizeof(track_block)) != 0;
        if (distinct * ways * TRACK_COLS > GAME_MAX_MOVES)
            return text_in_fail(&in, "hand %d holds %d different blocks; at most %d fit the move list", q + 1,
                                distinct, GAME_MAX_MOVES / (ways * TRACK_COLS));
    }
    for (int c2 = 0; c2 < TRACK_COLS; c2++)
        s.blocks = (uint8_t)(s.blocks + s.height[c2]);
    rng_seed(&s.r, 0);
    track_state_finish(&s);
    memcpy(st, &s, sizeof s);
    return 0;
}

/* ------------------------------------------------------------ moves */

int track_move_write(const void *st, const game_move *m, char *buf, size_t n)
{
    (void)st;
    if (m->kind == TRACK_MOVE_PASS) {
        if (n < 5)
            return -1;
        memcpy(buf, "pass", 5);
        return 4;
    }
    track_block b = {(track_face)(m->b[0] | m->b[1] << 8), (track_face)(m->b[2] | m->b[3] << 8)};
    char name[32], turn[2] = {(char)('0' + (m->b[5] & 3)), 0};
    if (m->len != 6 || track_block_write(b, name, sizeof name) < 0 || m->b[4] >= TRACK_COLS || m->b[5] >= 8)
        return -1;
    int len = snprintf(buf, n, "%s@%d%c%s", name, m->b[4] + 1, m->b[5] >= 4 ? 'B' : 'F', m->b[5] & 3 ? turn : "");
    return len < 0 || (size_t)len >= n ? -1 : len;
}

/* Whether the mover may play block b down col in orientation o; if not,
 * says why in err. Checked directly, not against a move list, so that a
 * composed hand of any size reads every move. */
static int placement_ok(const track_state *s, const char *text, track_block b, int col, int o, char *err,
                        size_t errn)
{
    int i = 0, seat = s->to_move;
    track_place pl;
    while (i < s->nhand[seat] && memcmp(&s->hand[seat][i], &b, sizeof b) != 0)
        i++;
    if (i == s->nhand[seat])
        snprintf(err, errn, "move: '%s' is illegal: seat %d holds no such block", text, seat + 1);
    else if (!track_orient_ok(s, o))
        snprintf(err, errn, "move: '%s' is illegal: quarter turns are off (F, F2, B or B2)", text);
    else if (s->height[col] >= TRACK_ROWS)
        snprintf(err, errn, "move: '%s' is illegal: column %d is full", text, col + 1);
    else if (!track_place_eval(s, col, track_block_face(b, o), &pl))
        snprintf(err, errn, "move: '%s' is illegal: a track end would meet a bare edge", text);
    else
        return 1;
    return 0;
}

int track_move_read(const void *st, const char *text, game_move *m, char *err, size_t errn)
{
    const track_state *s = st;
    game_move want;
    memset(&want, 0, sizeof want);
    if (s->over) {
        snprintf(err, errn, "move: '%s' is illegal: the game is over", text);
        return -1;
    }
    if (strcmp(text, "pass") == 0) {
        if (s->nhand[s->to_move] && track_can_place(s, s->to_move)) {
            snprintf(err, errn, "move: 'pass' is illegal: seat %d has a legal placement", s->to_move + 1);
            return -1;
        }
        want.kind = TRACK_MOVE_PASS;
        *m = want;
        return 0;
    }
    track_block b;
    int k = block_read(text, &b, err, errn);
    if (k < 0)
        return -1;
    const char *t = text + k;
    if (t[0] != '@' || t[1] < '1' || t[1] > '6' || (t[2] != 'F' && t[2] != 'B') ||
        (t[3] && (t[3] < '1' || t[3] > '3' || t[4]))) {
        snprintf(err, errn, "move: '%s' is malformed (expected BLOCK@COLUMN ORIENTATION, e.g. RL:RB@3B2, or pass)",
                 text);
        return -1;
    }
    int col = t[1] - '1', o = (t[2] == 'B') * 4 + (t[3] ? t[3] - '0' : 0);
    if (!placement_ok(s, text, b, col, o, err, errn))
        return -1;
    track_move_set(&want, b, col, o);
    *m = want;
    return 0;
}
