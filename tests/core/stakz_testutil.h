/* Test helpers for the Stakz tests: positions read from their text (a '+'
 * in the pile stands for every tile of the set not named elsewhere, so a
 * test writes only the tiles that matter and still plays with all 75),
 * moves played by their words, legal lists compared as text. Header-only
 * (cmocka must be included first) so each test stays one file. */
#ifndef STACKHOUSE_STAKZ_TESTUTIL_H
#define STACKHOUSE_STAKZ_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/stakz/rules/stakz.h"
#include "games/stakz/rules/stakz_check.h"
#include "games/stakz/rules/stakz_text.h"

#define ST_TEXT STAKZ_POSITION_MAX

/* Expands a '+' in spec into every tile of the 75 not named elsewhere
 * (in code order, '.'-joined). */
static inline void st_expand(const char *spec, char *out, size_t n)
{
    int count[STAKZ_CODES] = {0};
    char fill[ST_TEXT] = "";
    for (const char *c = spec; c[0] && c[1]; c++) {
        int code = stakz_tile_read(c);
        if (code >= 0 && (c == spec || c[-1] == ';' || c[-1] == '.' || c[-1] == '/'))
            count[code]++;
    }
    for (int code = 0; code < STAKZ_CODES; code++)
        for (int k = count[code]; k < STAKZ_COPIES; k++) {
            char name[3];
            stakz_tile_name((uint8_t)code, name);
            strcat(fill, fill[0] ? "." : "");
            strcat(fill, name);
        }
    out[0] = 0;
    for (const char *c = spec; *c; c++) {
        size_t len = strlen(out);
        if (*c == '+')
            snprintf(out + len, n - len, "%s", fill[0] ? fill : "-");
        else
            snprintf(out + len, n - len, "%c", *c);
    }
}

/* Reads spec (expanded) with the given draw setting, or fails the test. */
static inline void st_read_draw(stakz_state *s, const char *spec, int draw)
{
    char text[ST_TEXT], err[256];
    st_expand(spec, text, sizeof text);
    if (stakz_position_read(s, 0, draw, text, err, sizeof err) != 0)
        fail_msg("position %s: %s", text, err);
}

static inline void st_read(stakz_state *s, const char *spec) { st_read_draw(s, spec, STAKZ_DRAW_CHOOSE); }

/* The position's text (one static buffer per call site is enough). */
static inline const char *st_text(const stakz_state *s)
{
    static char buf[4][ST_TEXT];
    static int which;
    char *out = buf[which++ % 4];
    if (stakz_position_write(s, out, ST_TEXT) < 0)
        fail_msg("position does not fit");
    return out;
}

/* Field i (0-based) of the position's text. */
static inline const char *st_field(const stakz_state *s, int i)
{
    static char buf[4][ST_TEXT];
    static int which;
    char *out = buf[which++ % 4];
    const char *c = st_text(s);
    for (; i > 0; i--)
        c = strchr(c, ';') + 1;
    size_t len = strcspn(c, ";");
    memcpy(out, c, len);
    out[len] = 0;
    return out;
}

/* Plays a move by its words; fails the test if it is not legal or breaks an
 * invariant. */
static inline void st_play(stakz_state *s, const char *words)
{
    game_move m;
    char err[256];
    if (stakz_rules.move_read(s, words, &m, err, sizeof err) != 0)
        fail_msg("move %s in %s: %s", words, st_text(s), err);
    if (stakz_rules.apply(s, &m) != 0)
        fail_msg("move %s read but not applied", words);
    if (stakz_check(s, err, sizeof err) != 0)
        fail_msg("after %s: %s", words, err);
}

/* Nonzero when the words do not read as a legal move. */
static inline int st_refused(const stakz_state *s, const char *words)
{
    game_move m;
    char err[256] = "";
    int rc = stakz_rules.move_read(s, words, &m, err, sizeof err);
    if (rc != 0 && !err[0])
        fail_msg("%s refused without a message", words);
    return rc != 0;
}

static inline int st_cmp(const void *a, const void *b) { return strcmp(a, b); }

/* The legal moves' words, sorted, joined by spaces. */
static inline const char *st_legal(const stakz_state *s)
{
    static char out[8192];
    static char words[GAME_MAX_MOVES][16];
    game_move mv[GAME_MAX_MOVES];
    int n = stakz_rules.legal_moves(s, mv, GAME_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (stakz_rules.move_write(s, &mv[i], words[i], sizeof words[i]) < 0)
            fail_msg("move %d has no words", i);
    qsort(words, (size_t)n, sizeof words[0], st_cmp);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        strcat(out, i ? " " : "");
        strcat(out, words[i]);
    }
    return out;
}

#endif
