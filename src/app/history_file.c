/* The history's match files: a kept match as one text and back
 * (core/matchfile.h), apart from history.c so that a program which keeps
 * matches but never exports them does not link the reader. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/history.h"

int history_text(store *db, int64_t id, char **text)
{
    match_info mi;
    char *body = NULL;
    int rc;
    if (!text)
        return -1;
    *text = NULL;
    rc = history_get(db, id, &mi, &body);
    if (rc != 0)
        return rc;
    *text = match_file_write(&mi, body);
    free(body);
    return *text ? 0 : -1;
}

int history_import(store *db, const char *text, int64_t *id, char *err, size_t errn)
{
    match_info mi;
    char *body = NULL;
    if (!db || !text || !id) {
        if (err && errn)
            err[0] = 0;
        return -1;
    }
    if (match_file_read(text, &mi, &body, err, errn) != 0)
        return -1; /* nothing read, nothing kept */
    if (history_begin(db, &mi, body, id) != 0) {
        snprintf(err, errn, "the match could not be kept: %s", store_error(db));
        free(body);
        return -1;
    }
    free(body);
    return 0;
}
