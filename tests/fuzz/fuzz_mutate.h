/* Seeded mutation of valid inputs for the cmocka fuzz cases: byte flips,
 * insertions from an alphabet of the format's own characters, deletions and
 * repeated spans. Header-only (include core/rng.h and string.h first). */
#ifndef STACKHOUSE_FUZZ_MUTATE_H
#define STACKHOUSE_FUZZ_MUTATE_H

typedef struct fuzz_mutator {
    const char *alphabet; /* what insertions draw from */
    uint32_t letters;     /* how many of its bytes (a NUL at the end counts if included) */
    uint32_t edits;       /* 1..edits edits a call */
    uint32_t span;        /* a repeated span is 0..span-1 bytes */
} fuzz_mutator;

/* Mutates buf (len bytes, cap the room) as m says; NUL-terminates it and
 * returns the new length. */
static inline size_t fuzz_mutate(const fuzz_mutator *m, rng *r, char *buf, size_t len, size_t cap)
{
    int edits = 1 + (int)rng_below(r, m->edits);
    for (int e = 0; e < edits; e++) {
        size_t pos = len ? rng_below(r, (uint32_t)len) : 0;
        switch (rng_below(r, 4)) {
        case 0:
            if (len)
                buf[pos] = (char)rng_below(r, 256);
            break;
        case 1:
            if (len + 1 < cap) {
                memmove(buf + pos + 1, buf + pos, len - pos);
                buf[pos] = m->alphabet[rng_below(r, m->letters)];
                len++;
            }
            break;
        case 2:
            if (len) {
                memmove(buf + pos, buf + pos + 1, len - pos - 1);
                len--;
            }
            break;
        default: {
            size_t n = rng_below(r, m->span);
            if (pos + n <= len && len + n < cap) {
                memmove(buf + pos + n, buf + pos, len - pos);
                len += n;
            }
        }
        }
    }
    buf[len] = '\0';
    return len;
}

#endif
