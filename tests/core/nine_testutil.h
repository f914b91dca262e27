/* Test helpers for the 9 STAX tests: positions written with only the cards
 * that matter ('+' in a pile stands for every card not named elsewhere),
 * moves played by their words, legal lists compared as text. Header-only
 * (cmocka must be included first) so each test stays one file. */
#ifndef STACKHOUSE_NINE_TESTUTIL_H
#define STACKHOUSE_NINE_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/nine/rules/nine.h"
#include "games/nine/rules/nine_text.h"

#define NT_TEXT 4096

/* Counts the cards named in a field value ("R7.B2/G3", "drawn:p2:R7:held"). */
static inline void nt_count_cards(const char *v, int *count)
{
    const char *c = v;
    while (*c) {
        size_t len = strcspn(c, ".:/");
        int code = len == 2 ? nine_card_read(c) : -1;
        if (code >= 0)
            count[code]++;
        c += len;
        if (*c)
            c++;
    }
}

/* Expands spec into a full position: a '+' card in a pile becomes every card
 * of the deck that no other field places (in deck order). */
static inline void nt_expand(const char *spec, char *out, size_t n)
{
    nine_deck d;
    char err[256], copy[NT_TEXT], fill[NT_TEXT] = "";
    int count[256] = {0};
    if (nine_deck_builtin(&d, err, sizeof err) < 0)
        fail_msg("deck: %s", err);
    snprintf(copy, sizeof copy, "%s", spec);
    for (char *f = strtok(copy, ","); f; f = strtok(NULL, ","))
        if (strncmp(f, "act=", 4) != 0 && strchr(f, '='))
            nt_count_cards(strchr(f, '=') + 1, count);
    for (int id = 0; id < NINE_CARDS; id++) {
        uint8_t c = d.code[id];
        if (count[c] > 0) {
            count[c]--;
            continue;
        }
        char name[3];
        nine_card_name(c, name);
        strcat(fill, fill[0] ? "." : "");
        strcat(fill, name);
    }
    out[0] = 0;
    for (const char *c = spec; *c; c++) {
        size_t len = strlen(out);
        if (*c == '+') {
            snprintf(out + len, n - len, "%s", fill[0] ? fill : "-");
        } else if (len + 1 < n) {
            out[len] = *c;
            out[len + 1] = 0;
        }
    }
}

/* Reads an expanded spec into s (fails the test when it is rejected). */
static inline void nt_load(nine_state *s, const char *spec)
{
    char text[NT_TEXT], err[256];
    nt_expand(spec, text, sizeof text);
    if (nine_rules.position_read(s, NULL, text, err, sizeof err) != 0)
        fail_msg("position rejected: %s\n%s", err, text);
}

/* Plays one move by its words; checks it is legal and the invariants after. */
static inline void nt_play(nine_state *s, const char *words)
{
    game_move m;
    char err[512];
    if (nine_rules.move_read(s, words, &m, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(nine_rules.apply(s, &m), 0);
    if (nine_rules.check_invariants(s, err, sizeof err) != 0)
        fail_msg("after %s: %s", words, err);
}

/* Plays moves separated by ';'. */
static inline void nt_play_all(nine_state *s, const char *moves)
{
    char list[1024];
    snprintf(list, sizeof list, "%s", moves);
    for (char *m = strtok(list, ";"); m; m = strtok(NULL, ";"))
        nt_play(s, m);
}

static inline int nt_cmp(const void *a, const void *b) { return strcmp(a, b); }

/* The sorted legal moves of s joined by '|'. */
static inline void nt_legal(const nine_state *s, char *out, size_t n)
{
    static game_move mv[GAME_MAX_MOVES];
    static char text[GAME_MAX_MOVES][32];
    int k = nine_rules.legal_moves(s, mv, GAME_MAX_MOVES);
    for (int i = 0; i < k; i++)
        nine_rules.move_write(s, &mv[i], text[i], sizeof text[i]);
    qsort(text, (size_t)k, sizeof text[0], nt_cmp);
    out[0] = 0;
    for (int i = 0; i < k; i++) {
        if (i)
            strncat(out, "|", n - strlen(out) - 1);
        strncat(out, text[i], n - strlen(out) - 1);
    }
}

static inline void nt_expect_legal(const nine_state *s, const char *want)
{
    char got[NT_TEXT];
    nt_legal(s, got, sizeof got);
    assert_string_equal(got, want);
}

/* The value of one field of s's position ("p1", "pend", "act"...). */
static inline const char *nt_field(const nine_state *s, const char *key)
{
    static char text[NT_TEXT], val[NT_TEXT];
    char pat[16];
    assert_true(nine_rules.position_write(s, text, sizeof text) > 0);
    snprintf(pat, sizeof pat, "%s=", key);
    for (char *f = strtok(text, ","); f; f = strtok(NULL, ","))
        if (strncmp(f, pat, strlen(pat)) == 0) {
            snprintf(val, sizeof val, "%s", f + strlen(pat));
            return val;
        }
    fail_msg("no field %s", key);
    return "";
}

#endif
