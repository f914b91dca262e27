/* Helpers for the MAXSTAX save tests (SPEEDSTAX's, SAMESTAX's and
 * SWAPSTAX's): the deck they play with, and damaged saves made and refused. */
#ifndef STACKHOUSE_TEST_MAXSTAX_SAVE_UTIL_H
#define STACKHOUSE_TEST_MAXSTAX_SAVE_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/maxstax/rules/maxstax_match.h"

static maxstax_deck deck;

/* m saved (the text into *text, for the caller to free) and loaded back. */
static inline maxstax_match *reload(const maxstax_match *m, char **text)
{
    char err[256] = "";
    maxstax_match *c;
    *text = maxstax_match_save(m);
    assert_non_null(*text);
    c = maxstax_match_load(*text, &deck, err, sizeof err);
    if (!c)
        fprintf(stderr, "%s\n%s", err, *text);
    assert_non_null(c);
    return c;
}

/* c saves as text, to the letter. */
static inline void saves_as(const maxstax_match *c, const char *text)
{
    char *again = maxstax_match_save(c);
    assert_non_null(again);
    assert_string_equal(text, again);
    free(again);
}

/* text with the first `from` replaced by `to`, into out. */
static inline void edit(const char *text, const char *from, const char *to, char *out, size_t n)
{
    const char *p = strstr(text, from);
    assert_non_null(p);
    snprintf(out, n, "%.*s%s%s", (int)(p - text), text, to, p + strlen(from));
}

/* text is refused with "save line N: ...why...". */
static inline void expect_refused(const char *text, const char *why)
{
    char err[256] = "";
    maxstax_match *m = maxstax_match_load(text, &deck, err, sizeof err);
    if (m || !strstr(err, why))
        fprintf(stderr, "expected '%s', got '%s'\n", why, err);
    assert_null(m);
    assert_true(strncmp(err, "save line ", 10) == 0);
    assert_non_null(strstr(err, why));
}

/* Seeded damage to text, rounds times (1 to 4 edits each: a character
 * changed, removed, or the text cut): each either loads as a sound match
 * that saves and plays on for `frames` frames, or is refused at a line.
 * Returns how many loaded. */
static inline int fuzz_load(const char *text, uint64_t seed, int rounds, int frames)
{
    static const char alphabet[] = "0123456789.-+ e\nabcdefx\tinfnan";
    size_t len = strlen(text);
    char *buf = malloc(len + 1);
    int loaded = 0;
    rng r;
    assert_non_null(buf);
    rng_seed(&r, seed);
    for (int k = 0; k < rounds; k++) {
        char err[256] = "";
        maxstax_match *c;
        int edits = 1 + (int)rng_below(&r, 4);
        memcpy(buf, text, len + 1);
        for (int e = 0; e < edits; e++) {
            size_t n = strlen(buf), at = n ? rng_below(&r, (uint32_t)n) : 0;
            switch (rng_below(&r, 3)) {
            case 0: buf[at] = alphabet[rng_below(&r, sizeof alphabet - 1)]; break;
            case 1: memmove(buf + at, buf + at + 1, n - at); break;
            default: buf[at] = 0; break;
            }
        }
        c = maxstax_match_load(buf, &deck, err, sizeof err);
        if (c) {
            char *again = maxstax_match_save(c);
            loaded++;
            assert_int_equal(maxstax_match_check(c, err, sizeof err), 0);
            assert_non_null(again);
            free(again);
            for (int f = 0; f < frames; f++)
                maxstax_step(c, NULL, 1.0 / 60);
            assert_int_equal(maxstax_match_check(c, err, sizeof err), 0);
            maxstax_match_free(c);
        } else {
            assert_true(strncmp(err, "save line ", 10) == 0);
        }
    }
    free(buf);
    return loaded;
}

#endif
