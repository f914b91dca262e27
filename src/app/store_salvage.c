/* Salvage of a damaged database: read row by row, stop a table at its first
 * bad page, keep what reads and hangs together. SQLite reads a truncated
 * file's missing pages as zeros, which its b-tree checks reject, so a scan
 * returns the rows before the damage and then an error. */
#include "app/store_salvage.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/log.h"

/* Our tables and their columns, in the order that lets the checks below
 * drop what lost its parts; keyed 1: the first column is an integer key the
 * scan can step past a lost page by. */
static const struct salvage_table {
    const char *name, *cols;
    int keyed;
} salvage_tables[] = {
    {"settings", "key, value", 0},
    {"saves", "slot, game, record, updated", 0},
    {"stats", "game, key, value", 0},
    {"players", "id, name, level", 1},
    {"matches", "id, mode, players, options, seed, started, ended, status, result, reason, played_ms, moves, hints", 1},
    {"match_seats", "match, seat, player, name, level, place, score, best_ms", 1},
    {"match_bodies", "match, body", 1},
    {"reviews", "match, text", 1},
    {"match_pieces", "id, match, at, text", 1},
};

/* Keys tried one by one past a lost page before the rest of a table is
 * given up: more than a 64 KiB page's rows. */
#define SALVAGE_SKIP 4096

/* What must hold together once the rows are in: a match with all its seats
 * and its body, and nothing pointing at what was lost. */
static const char salvage_checks[] =
    "DELETE FROM matches WHERE status NOT IN (0, 1, 2) OR players < 1 OR players > 4 OR mode = ''"
    " OR (SELECT count(*) FROM match_seats s WHERE s.match = matches.id) <> players"
    " OR NOT EXISTS (SELECT 1 FROM match_bodies b WHERE b.match = matches.id);"
    "DELETE FROM match_seats WHERE match NOT IN (SELECT id FROM matches);"
    "DELETE FROM match_bodies WHERE match NOT IN (SELECT id FROM matches);"
    "DELETE FROM reviews WHERE match NOT IN (SELECT id FROM matches);"
    "DELETE FROM match_pieces WHERE match NOT IN (SELECT id FROM matches);"
    "UPDATE match_seats SET player = NULL WHERE player NOT IN (SELECT id FROM players);";

/* Copies the rows rd reads (from its key ?1 on) into wr; *lo becomes the
 * key after the last row read. SQLITE_DONE at the end, else the error. */
static int copy_rows(sqlite3_stmt *rd, sqlite3_stmt *wr, int ncol, int keyed, sqlite3_int64 *lo, int *kept)
{
    int rc;
    sqlite3_reset(rd);
    if (keyed)
        sqlite3_bind_int64(rd, 1, *lo);
    while ((rc = sqlite3_step(rd)) == SQLITE_ROW) {
        for (int k = 0; k < ncol; k++)
            sqlite3_bind_value(wr, k + 1, sqlite3_column_value(rd, k));
        if (sqlite3_step(wr) == SQLITE_DONE)
            (*kept)++;
        sqlite3_reset(wr);
        if (keyed)
            *lo = sqlite3_column_int64(rd, 0) + 1;
    }
    return rc;
}

/* Copies table t's readable rows; the number copied. A lost page ends a
 * table without an integer key; one with a key goes on from the first key
 * past the lost page (a b-tree lookup finds a page the scan could not reach). */
static int copy_table(sqlite3 *old, sqlite3 *fresh, const struct salvage_table *t)
{
    char sql[512], ins[512];
    sqlite3_stmt *rd = NULL, *wr = NULL;
    sqlite3_int64 lo = INT64_MIN;
    int ncol = 1, kept = 0, rc, lost = 0;

    for (const char *c = t->cols; *c; c++)
        ncol += *c == ',';
    if (t->keyed) {
        char key[16];
        snprintf(key, sizeof key, "%.*s", (int)strcspn(t->cols, ","), t->cols);
        snprintf(sql, sizeof sql, "SELECT %s FROM %s WHERE %s >= ?1 ORDER BY %s", t->cols, t->name, key, key);
    } else {
        snprintf(sql, sizeof sql, "SELECT %s FROM %s", t->cols, t->name);
    }
    if (sqlite3_prepare_v2(old, sql, -1, &rd, NULL) != SQLITE_OK)
        return 0; /* an older schema without this table, or its page is lost */
    snprintf(ins, sizeof ins, "INSERT OR IGNORE INTO %s(%s) VALUES(?", t->name, t->cols);
    for (int k = 1; k < ncol; k++)
        strncat(ins, ",?", sizeof ins - strlen(ins) - 1);
    strncat(ins, ")", sizeof ins - strlen(ins) - 1);
    if (sqlite3_prepare_v2(fresh, ins, -1, &wr, NULL) != SQLITE_OK) {
        sqlite3_finalize(rd);
        return 0;
    }
    rc = copy_rows(rd, wr, ncol, t->keyed, &lo, &kept);
    /* Past a lost page: try the next keys until one reads, or the table
     * ends (our keys start at 1: a table whose first page is lost starts there). */
    if (t->keyed && lo == INT64_MIN)
        lo = 0;
    for (int miss = 0; rc != SQLITE_DONE && t->keyed && miss < SALVAGE_SKIP;) {
        int before = kept;
        lost = 1;
        lo++;
        rc = copy_rows(rd, wr, ncol, t->keyed, &lo, &kept);
        miss = kept > before ? 0 : miss + 1;
    }
    if (rc != SQLITE_DONE || lost)
        log_warn("store: salvaging %s: %d rows read around damaged pages", t->name, kept);
    sqlite3_finalize(rd);
    sqlite3_finalize(wr);
    return kept;
}

static int count(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    int n = 0;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

/* The file's whole pages, read into memory (sqlite3_malloc'd, *n its size):
 * a page cut short would read as its bytes then zeros, rows that look sound
 * with their ends lost, so it is left out like the pages after it. */
static unsigned char *whole_pages(const char *path, sqlite3_int64 *n)
{
    FILE *fp = fopen(path, "rb");
    unsigned char *buf = NULL;
    long size;
    unsigned page;
    if (!fp)
        return NULL;
    if (fseek(fp, 0, SEEK_END) == 0 && (size = ftell(fp)) >= 100 && fseek(fp, 0, SEEK_SET) == 0 &&
        (buf = sqlite3_malloc64((sqlite3_uint64)size)) != NULL && fread(buf, 1, (size_t)size, fp) == (size_t)size) {
        page = (unsigned)buf[16] << 8 | buf[17]; /* the header's page size; 1 is 65536 */
        if (page == 1)
            page = 65536;
        *n = page >= 512 ? (sqlite3_int64)(size / page) * page : 0;
        /* Our files are WAL, which an image in memory cannot be: read it as
         * a rollback-journal file (the copy only; the file is not touched). */
        buf[18] = buf[19] = 1;
    } else {
        *n = 0;
    }
    fclose(fp);
    if (*n == 0) {
        sqlite3_free(buf);
        return NULL;
    }
    return buf;
}

int store_salvage(sqlite3 *fresh, const char *from, char *note, size_t n)
{
    sqlite3 *old = NULL;
    sqlite3_int64 size = 0;
    unsigned char *image = whole_pages(from, &size);
    int kept = 0, matches, settings, saves;

    note[0] = 0;
    /* Read from memory: no lock, no WAL, no write, so the file aside stays
     * byte for byte; the image is SQLite's to free from here on. */
    if (!image || sqlite3_open_v2(":memory:", &old, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
        sqlite3_deserialize(old, "main", image, size, size,
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY) != SQLITE_OK) {
        if (!old)
            sqlite3_free(image);
        sqlite3_close(old);
        return -1;
    }
    /* A truncated file's header counts more pages than it has, which SQLite
     * refuses as corrupt unless the schema is writable; that lets it read
     * the pages there are (the connection is read-only all the same). */
    sqlite3_exec(old, "PRAGMA writable_schema = ON", NULL, NULL, NULL);
    if (sqlite3_exec(fresh, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
        sqlite3_close(old);
        return -1;
    }
    for (size_t k = 0; k < sizeof salvage_tables / sizeof salvage_tables[0]; k++)
        kept += copy_table(old, fresh, &salvage_tables[k]);
    sqlite3_close(old);
    if (sqlite3_exec(fresh, salvage_checks, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(fresh, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        log_error("store: salvage: %s", sqlite3_errmsg(fresh));
        sqlite3_exec(fresh, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    matches = count(fresh, "SELECT count(*) FROM matches");
    settings = count(fresh, "SELECT count(*) FROM settings");
    saves = count(fresh, "SELECT count(*) FROM saves");
    if (matches || settings || saves)
        snprintf(note, n, "; recovered %d settings, %d saves and %d matches", settings, saves, matches);
    return kept;
}
