/* Running the built stackhouse-cli from a test: its exit status, stdout and
 * stderr. Header-only; include stdio.h, stdlib.h and sys/wait.h first. */
#ifndef STACKHOUSE_CLI_TESTUTIL_H
#define STACKHOUSE_CLI_TESTUTIL_H

/* A file's text into buf (n bytes, NUL-terminated; "" when it cannot be read). */
static inline void cli_slurp(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(buf, 1, n - 1, f) : 0;
    buf[got] = 0;
    if (f)
        fclose(f);
}

/* Runs cmd (a shell line) with stdout and stderr into the files out and
 * err, then their text into out_text and err_text (the files removed);
 * the exit status, or -1 when it did not exit. */
static inline int cli_run(const char *cmd, const char *out, const char *err, char *out_text, size_t out_n,
                          char *err_text, size_t err_n)
{
    char line[4096];
    int status;
    snprintf(line, sizeof line, "%s >'%s' 2>'%s'", cmd, out, err);
    status = system(line);
    cli_slurp(out, out_text, out_n);
    cli_slurp(err, err_text, err_n);
    remove(out);
    remove(err);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

#endif
