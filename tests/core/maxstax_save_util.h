/* Helpers for the MAXSTAX save tests (SPEEDSTAX's, SAMESTAX's and
 * SWAPSTAX's): the deck they play with, and damaged saves made and refused. */
#ifndef STACKHOUSE_TEST_MAXSTAX_SAVE_UTIL_H
#define STACKHOUSE_TEST_MAXSTAX_SAVE_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_match.h"

static maxstax_deck deck;

/* m saved (the text into *text, for the caller to free) and loaded back. */
static maxstax_match *reload(const maxstax_match *m, char **text)
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
static void saves_as(const maxstax_match *c, const char *text)
{
    char *again = maxstax_match_save(c);
    assert_non_null(again);
    assert_string_equal(text, again);
    free(again);
}

/* text with the first `from` replaced by `to`, into out. */
static void edit(const char *text, const char *from, const char *to, char *out, size_t n)
{
    const char *p = strstr(text, from);
    assert_non_null(p);
    snprintf(out, n, "%.*s%s%s", (int)(p - text), text, to, p + strlen(from));
}

/* text is refused with "save line N: ...why...". */
static void expect_refused(const char *text, const char *why)
{
    char err[256] = "";
    maxstax_match *m = maxstax_match_load(text, &deck, err, sizeof err);
    if (m || !strstr(err, why))
        fprintf(stderr, "expected '%s', got '%s'\n", why, err);
    assert_null(m);
    assert_true(strncmp(err, "save line ", 10) == 0);
    assert_non_null(strstr(err, why));
}

#endif
