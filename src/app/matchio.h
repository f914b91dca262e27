/* Match files on disk (#28, docs/match-file.md): what the history screen's
 * Export and Import and `stackhouse --replay FILE` call. A file is written
 * whole or not at all (a temporary file beside it, then renamed over it),
 * and read with a size cap through the one reader (core/matchfile.h), so a
 * bad file is refused with the line it names and nothing imported. Plain C
 * and POSIX, no SDL: stackhouse-cli replay reads through it too. */
#ifndef STACKHOUSE_MATCHIO_H
#define STACKHOUSE_MATCHIO_H

#include <stddef.h>

#include "core/matchfile.h"

/* The largest match file read: a day of MAXSTAX tape (docs/records.md) is
 * well below it, and a file past it is not a match. */
#define MATCHIO_MAX_BYTES (64L << 20)
/* What every suggested file name ends with. */
#define MATCHIO_SUFFIX ".stackhouse.txt"

/* Writes text to path atomically: all of it, or (on any failure: a full
 * disk, no such folder, no permission) nothing, the file that was there
 * left as it was and no temporary file left behind. 0, or -1 with the
 * reason ("... the disk is full") in err. */
int matchio_write(const char *path, const char *text, char *err, size_t errn);
/* A file's text (malloc'd, caller frees) when it is at most cap bytes and
 * holds no NUL byte; NULL with the reason in err. */
char *matchio_read(const char *path, size_t cap, char *err, size_t errn);
/* Exports a kept match (its header and record) to path with matchio_write;
 * 0, or -1 with the reason. */
int matchio_export(const char *path, const match_info *mi, const char *body, char *err, size_t errn);
/* Reads the match file at path (at most MATCHIO_MAX_BYTES) into *mi and a
 * malloc'd *body, checked line by line and played (match_file_read); 0, or
 * -1 with "PATH: match file line N: what" (or why it could not be read) in
 * err and *mi, *body untouched. */
int matchio_import(const char *path, match_info *mi, char **body, char *err, size_t errn);
/* The file name Export suggests, from the match's start (UTC), mode and
 * seats: "2026-11-27 05.12 stax Anna vs Computer.stackhouse.txt". A
 * character no file system takes (/ \ : * ? " < > |, controls) becomes _;
 * the seats are cut to fit (UTF-8 kept whole) so the name is at most
 * min(n - 1, 180) bytes. Returns its length. */
int matchio_file_name(const match_info *mi, char *buf, size_t n);

#endif
