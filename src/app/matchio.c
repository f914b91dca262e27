/* Match files on disk: the atomic write (temporary file, fsync, rename,
 * then the folder's fsync), the capped read, export and import, and the
 * suggested name. */
#include "app/matchio.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/utf8.h"

#define NAME_MAX_BYTES 180

/* Why a write failed, in a player's words. */
static void write_fail(char *err, size_t errn, const char *path, int e)
{
    if (e == ENOSPC || e == EDQUOT || e == EFBIG)
        snprintf(err, errn, "could not write %s: the disk is full (%s); nothing was written", path, strerror(e));
    else
        snprintf(err, errn, "could not write %s: %s; nothing was written", path, strerror(e));
}

/* Syncs the folder that holds path, so the rename itself survives a power
 * cut; best effort (not every file system lets a folder be opened). */
static void dir_sync(const char *path)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    int fd;
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
        fsync(fd);
        close(fd);
    }
}

int matchio_write(const char *path, const char *text, char *err, size_t errn)
{
    char tmp[PATH_MAX];
    size_t len = strlen(text), done = 0;
    int fd, e = 0;
    if (snprintf(tmp, sizeof tmp, "%s.part-%ld", path, (long)getpid()) >= (int)sizeof tmp) {
        write_fail(err, errn, path, ENAMETOOLONG);
        return -1;
    }
    if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) < 0) {
        write_fail(err, errn, path, errno);
        return -1;
    }
    while (done < len && !e) {
        ssize_t n = write(fd, text + done, len - done);
        if (n > 0)
            done += (size_t)n;
        else if (n < 0 && errno != EINTR)
            e = errno;
        else if (n == 0)
            e = ENOSPC;
    }
    /* The data on the disk before the name points at it. */
    if (!e && fsync(fd) < 0)
        e = errno;
    if (close(fd) < 0 && !e)
        e = errno;
    if (!e && rename(tmp, path) < 0)
        e = errno;
    if (e) {
        unlink(tmp);
        write_fail(err, errn, path, e);
        return -1;
    }
    dir_sync(path);
    return 0;
}

char *matchio_read(const char *path, size_t cap, char *err, size_t errn)
{
    struct stat sb;
    char *buf;
    size_t got = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errn, "could not open %s: %s", path, strerror(errno));
        return NULL;
    }
    if (fstat(fileno(f), &sb) < 0 || !S_ISREG(sb.st_mode)) {
        snprintf(err, errn, "%s is not a file", path);
        fclose(f);
        return NULL;
    }
    if ((unsigned long long)sb.st_size > cap) {
        snprintf(err, errn, "%s is %lld bytes, more than a match file's %zu", path, (long long)sb.st_size, cap);
        fclose(f);
        return NULL;
    }
    if (!(buf = malloc((size_t)sb.st_size + 2))) {
        snprintf(err, errn, "%s: out of memory", path);
        fclose(f);
        return NULL;
    }
    /* one byte more than it said, to see it grow while read */
    got = fread(buf, 1, (size_t)sb.st_size + 1, f);
    fclose(f);
    buf[got] = 0;
    if (got > (size_t)sb.st_size || got > cap) {
        snprintf(err, errn, "%s changed while it was read", path);
        free(buf);
        return NULL;
    }
    if (strlen(buf) != got) {
        snprintf(err, errn, "%s is not a text file (it holds a NUL byte)", path);
        free(buf);
        return NULL;
    }
    return buf;
}

int matchio_export(const char *path, const match_info *mi, const char *body, char *err, size_t errn)
{
    char *text = match_file_write(mi, body);
    int rc;
    if (!text) {
        snprintf(err, errn, "could not write %s: out of memory", path);
        return -1;
    }
    rc = matchio_write(path, text, err, errn);
    free(text);
    return rc;
}

int matchio_import(const char *path, match_info *mi, char **body, char *err, size_t errn)
{
    char why[512], *text = matchio_read(path, MATCHIO_MAX_BYTES, err, errn);
    if (!text)
        return -1;
    if (match_file_read(text, mi, body, why, sizeof why) < 0) {
        snprintf(err, errn, "%s: %s", path, why);
        free(text);
        return -1;
    }
    free(text);
    return 0;
}

/* Appends s to buf (at *len of n bytes) with the characters no file system
 * takes as '_', cut so that *len stays within max (never a broken UTF-8
 * character). */
static void name_add(char *buf, size_t n, size_t *len, size_t max, const char *s)
{
    char clean[256];
    size_t k = 0, fit;
    for (; *s && k + 1 < sizeof clean; s++) {
        unsigned char c = (unsigned char)*s;
        clean[k++] = c < 0x20 || c == 0x7f || strchr("/\\:*?\"<>|", c) ? '_' : (char)c;
    }
    clean[k] = 0;
    if (max > n - 1)
        max = n - 1;
    if (*len >= max)
        return;
    fit = utf8_fit_bytes(clean, max - *len);
    memcpy(buf + *len, clean, fit);
    *len += fit;
    buf[*len] = 0;
}

int matchio_file_name(const match_info *mi, char *buf, size_t n)
{
    size_t len = 0, max = NAME_MAX_BYTES < n - 1 ? NAME_MAX_BYTES : n - 1;
    size_t room = max > strlen(MATCHIO_SUFFIX) ? max - strlen(MATCHIO_SUFFIX) : 0;
    char head[64], seat[MATCH_NAME_LEN + 8];
    int64_t t = mi->started > 0 ? mi->started : 0;
    time_t tt = (time_t)t;
    struct tm tm;
    buf[0] = 0;
    if (!gmtime_r(&tt, &tm))
        memset(&tm, 0, sizeof tm);
    snprintf(head, sizeof head, "%04d-%02d-%02d %02d.%02d %s", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
             tm.tm_hour, tm.tm_min, mi->mode);
    name_add(buf, n, &len, room, head);
    for (int s = 0; s < mi->params.players && s < GAME_MAX_PLAYERS; s++) {
        const char *name = mi->seat[s].name;
        /* a name of blanks or nothing still names its seat */
        if (!name[0] || strspn(name, " ") == strlen(name)) {
            snprintf(seat, sizeof seat, "Seat %d", s + 1);
            name = seat;
        }
        name_add(buf, n, &len, room, s ? " vs " : " ");
        name_add(buf, n, &len, room, name);
    }
    name_add(buf, n, &len, max, MATCHIO_SUFFIX);
    return (int)len;
}
