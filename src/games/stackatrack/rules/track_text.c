/* Stack-A-Track notation (issue 13, the CLI contract):
 *   face      arcs in T R B L order joined by '+' (TB+RL, TL+RB, RBL, R)
 *   block     FRONT:BACK
 *   position  P;C1/.../C6;H1/H2/...;S1,S2,...
 *   move      BLOCK@COLUMN ORIENTATION (RL:RB@3B2), or pass */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A whole number as the notation writes it (no '+', no leading zeros);
 * returns the characters read, or -1. */
static int int_read(const char *t, long lo, long hi, long *out)
{
    int i = t[0] == '-';
    if (t[i] < '0' || t[i] > '9' || (t[i] == '0' && (i || (t[i + 1] >= '0' && t[i + 1] <= '9'))))
        return -1;
    long v = 0;
    for (; t[i] >= '0' && t[i] <= '9'; i++) {
        v = v * 10 + (t[i] - '0');
        if (v > 1000000)
            return -1;
    }
    *out = t[0] == '-' ? -v : v;
    return *out < lo || *out > hi ? -1 : i;
}

static int columns_read(track_state *s, const char **c, char *err, size_t errn)
{
    const char *t = *c;
    for (int col = 0; col < TRACK_COLS; col++) {
        if (col && *t++ != '/') {
            snprintf(err, errn, "position: expected 6 columns joined by '/'");
            return -1;
        }
        if (*t == '-') {
            t++;
            continue;
        }
        for (;;) {
            track_face f;
            if (s->height[col] == TRACK_ROWS) {
                snprintf(err, errn, "position: column %d holds more than %d faces", col + 1, TRACK_ROWS);
                return -1;
            }
            int k = track_face_read(t, &f, err, errn);
            if (k < 0)
                return -1;
            s->cell[col * TRACK_ROWS + s->height[col]] = f;
            s->src[col * TRACK_ROWS + s->height[col]] = (track_block){f, 0};
            s->height[col]++;
            t += k;
            if (*t != '.')
                break;
            t++;
        }
    }
    if (*t != ';') {
        snprintf(err, errn, "position: expected ';' after the 6 columns");
        return -1;
    }
    *c = t + 1;
    return 0;
}

static int hands_read(track_state *s, const char **c, char *err, size_t errn)
{
    const char *t = *c;
    for (int p = 0;; p++) {
        if (p == GAME_MAX_PLAYERS) {
            snprintf(err, errn, "position: more than %d hands", GAME_MAX_PLAYERS);
            return -1;
        }
        s->players = (uint8_t)(p + 1);
        if (*t == '-') {
            t++;
        } else {
            for (;;) {
                if (s->nhand[p] == TRACK_HAND_MAX) {
                    snprintf(err, errn, "position: hand %d holds more than %d blocks", p + 1, TRACK_HAND_MAX);
                    return -1;
                }
                int k = block_read(t, &s->hand[p][s->nhand[p]], err, errn);
                if (k < 0)
                    return -1;
                s->nhand[p]++;
                t += k;
                if (*t != '.')
                    break;
                t++;
            }
        }
        if (*t == ';')
            break;
        if (*t++ != '/') {
            snprintf(err, errn, "position: expected '/', '.' or ';' in hand %d", p + 1);
            return -1;
        }
    }
    if (s->players < 2) {
        snprintf(err, errn, "position: needs 2 to 4 hands, not 1");
        return -1;
    }
    *c = t + 1;
    return 0;
}

static int scores_read(track_state *s, const char *t, char *err, size_t errn)
{
    for (int p = 0; p < s->players; p++) {
        long v;
        int k = int_read(t, -9999, 9999, &v);
        if (k < 0) {
            snprintf(err, errn, "position: score %d is not a whole number in -9999..9999", p + 1);
            return -1;
        }
        s->score[p] = (int16_t)v;
        t += k;
        if (p + 1 < s->players && *t++ != ',') {
            snprintf(err, errn, "position: expected %d scores joined by ',' (one per hand)", s->players);
            return -1;
        }
    }
    if (*t) {
        snprintf(err, errn, "position: unexpected '%.8s' after the %d scores", t, s->players);
        return -1;
    }
    return 0;
}

int track_position_read(void *st, const game_params *p, const char *text, char *err, size_t errn)
{
    track_state s;
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
    long mover;
    int k = int_read(text, 1, GAME_MAX_PLAYERS, &mover);
    if (k < 0 || text[k] != ';') {
        snprintf(err, errn, "position: expected the seat to move (1..4) and ';' first, or 'start'");
        return -1;
    }
    const char *c = text + k + 1;
    if (columns_read(&s, &c, err, errn) < 0 || hands_read(&s, &c, err, errn) < 0 ||
        scores_read(&s, c, err, errn) < 0)
        return -1;
    if (mover > s.players) {
        snprintf(err, errn, "position: seat %ld to move, but only %d hands", mover, s.players);
        return -1;
    }
    if (p && p->players != s.players) {
        snprintf(err, errn, "position: %d hands for a %d-player game", s.players, p->players);
        return -1;
    }
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
        if (distinct * ways * TRACK_COLS > GAME_MAX_MOVES) {
            snprintf(err, errn, "position: hand %d holds %d different blocks; at most %d fit the move list", q + 1,
                     distinct, GAME_MAX_MOVES / (ways * TRACK_COLS));
            return -1;
        }
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
