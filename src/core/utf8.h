/* UTF-8 text that people type (a phone's name): decoding, grapheme
 * boundaries, display columns, and cuts that never break a character or
 * split a letter from its accents. The tables are a compact approximation of
 * Unicode's (the combining marks and wide characters of the common scripts
 * and emoji), enough for names; nothing here allocates. */
#ifndef STACKHOUSE_UTF8_H
#define STACKHOUSE_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Decodes the code point at s (at most n bytes) into *cp; its length in
 * bytes, or 0 when s does not start with a valid, shortest UTF-8 sequence. */
size_t utf8_decode(const char *s, size_t n, uint32_t *cp);
/* Whether s (NUL-terminated) is valid UTF-8 throughout: no broken sequence. */
int utf8_valid(const char *s);
/* The length of the longest prefix of s (a NUL-terminated string) of at
 * most max bytes that ends on a grapheme boundary. */
size_t utf8_fit_bytes(const char *s, size_t max);
/* Copies src into dst (n bytes, NUL-terminated), cut at a grapheme boundary
 * when it does not fit: never a broken sequence or an accent without its
 * letter. Returns dst. */
char *utf8_copy(char *dst, size_t n, const char *src);
/* Columns that code point cp takes on a terminal-like display: 0 for a
 * combining mark, 2 for a wide (East Asian, emoji) character, else 1. */
int utf8_cp_cols(uint32_t cp);
/* Whether cp is invisible or steers text (controls, format characters such
 * as bidirectional overrides and zero-width ones, separators, tags). */
int utf8_cp_hidden(uint32_t cp);
/* Writes the name a person typed in (valid UTF-8) into out (n bytes) as it
 * may be shown: hidden characters dropped, blanks made single spaces and
 * trimmed, then cut at a grapheme boundary to at most max_graphemes
 * graphemes and max_cols columns. Returns the columns kept; 0 (out "")
 * when nothing visible is left or in is not valid UTF-8. */
int utf8_clean_name(const char *in, char *out, size_t n, int max_graphemes, int max_cols);

#endif
