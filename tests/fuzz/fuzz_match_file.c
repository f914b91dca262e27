/* libFuzzer entry over the match-file reader (docs/match-file.md): any bytes
 * (up to the first NUL, the reader's text) are either read, and then written
 * back byte for byte (the reader takes only the writer's one form), or
 * refused with a message that names a line of the text, "match file line N:
 * ...", N from 1 to one past its last line. Built with clang and libFuzzer by
 * cmake/matchfile.cmake where it can be, and always by the corpus runner
 * (fuzz_match_file_run.c) under CTest. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/matchfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy, so a read past the text's NUL is caught. */
    const uint8_t *nul = memchr(data, 0, size);
    size_t len = nul ? (size_t)(nul - data) : size;
    char *text = malloc(len + 1), err[512], *body = NULL;
    match_info mi;
    long lines = 1, line;
    if (!text)
        return 0;
    memcpy(text, data, len);
    text[len] = 0;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    err[0] = 0;
    if (match_file_read(text, &mi, &body, err, sizeof err) == 0) {
        char *again = match_file_write(&mi, body);
        if (!again || strcmp(again, text) != 0) {
            fprintf(stderr, "fuzz_match_file: a file read did not write back the same\n");
            abort();
        }
        free(again);
        free(body);
    } else if (sscanf(err, "match file line %ld: ", &line) != 1 || line < 1 || line > lines + 1 ||
               !strchr(err, ':') || body != NULL) {
        fprintf(stderr, "fuzz_match_file: a refusal that names no line of the text: \"%s\"\n", err);
        abort();
    }
    free(text);
    return 0;
}
