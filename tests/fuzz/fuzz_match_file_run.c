/* The corpus run of the match-file fuzzer, for CTest with the compiler that
 * builds everything else: each seed file of the corpus (every one a good
 * match file, which must be read) goes through the libFuzzer entry, and then
 * seeded mutations of it (fuzz_mutate.h: flips, inserts of the format's own
 * characters, deletions, repeats). Usage: fuzz_match_file_run DIR [ROUNDS]. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/matchfile.h"
#include "core/rng.h"
#include "fuzz_mutate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A file's bytes (malloc'd, NUL after them), or NULL. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n) {
        buf[n] = 0;
        *len = (size_t)n;
    } else {
        free(buf);
        buf = NULL;
    }
    if (f)
        fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    /* the format's own characters: keys, quotes, digits, dates, a NUL */
    static const char letters[] = "\n \"\\0123456789xabcdef-:.TZs+\xc3\xff\tseatoptionplacesrecord";
    static const fuzz_mutator m = {letters, sizeof letters, 6, 40}; /* the NUL too */
    int rounds = argc > 2 ? atoi(argv[2]) : 300, seeds = 0;
    long read_ok = 0, refused = 0;
    DIR *d = argc > 1 ? opendir(argv[1]) : NULL;
    struct dirent *de;
    rng r;
    if (!d) {
        fprintf(stderr, "usage: fuzz_match_file_run CORPUS_DIR [ROUNDS]\n");
        return 2;
    }
    rng_seed(&r, 28);
    while ((de = readdir(d))) {
        char path[4096], err[512], *body, *text, *buf;
        size_t len, cap;
        match_info mi;
        if (de->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", argv[1], de->d_name);
        if (!(text = slurp(path, &len)))
            continue;
        /* a seed is a good match file */
        if (match_file_read(text, &mi, &body, err, sizeof err) < 0) {
            fprintf(stderr, "fuzz_match_file_run: seed %s is not read: %s\n", de->d_name, err);
            return 1;
        }
        free(body);
        LLVMFuzzerTestOneInput((const uint8_t *)text, len);
        seeds++;
        cap = len + 4096;
        buf = malloc(cap);
        for (int i = 0; buf && i < rounds; i++) {
            size_t n;
            memcpy(buf, text, len + 1);
            n = fuzz_mutate(&m, &r, buf, len, cap - 1);
            LLVMFuzzerTestOneInput((const uint8_t *)buf, n);
            if (match_file_read(buf, &mi, &body, err, sizeof err) == 0) {
                read_ok++;
                free(body);
            } else {
                refused++;
            }
        }
        free(buf);
        free(text);
    }
    closedir(d);
    printf("fuzz_match_file_run: %d seeds, %ld mutations read, %ld refused, each naming its line\n", seeds, read_ok,
           refused);
    return seeds > 0 ? 0 : 1;
}
