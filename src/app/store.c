/* The SQLite store. Durability choice: WAL with synchronous=NORMAL. A crash
 * of the game (or of the OS short of power loss) never loses a commit; a
 * power cut may lose the last commit or two, but the database always stays
 * consistent. For settings and saves that is the right trade against an
 * fsync on every commit, which FULL would cost. */
#include "app/store.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/store_fault.h"
#include "app/store_salvage.h"
#include "core/log.h"

/* 1: settings, saves, stats (the first release). 2: the history (#28):
 * matches, their seats and bodies, players and reviews. */
#define STORE_SCHEMA_VERSION 3

struct store {
    sqlite3 *db;
    char *path;
    char *aside; /* where an unusable file was moved at open, or NULL */
    int in_tx;
    int full_left; /* write transactions that fail as on a full disk (tests); -1 all */
    char err[300]; /* the last failed write: what and why */
    sqlite3_stmt *get, *put, *each; /* settings key/value access */
};

/* The allow-list of tables. Only settings is a key/value table today; saves
 * and stats are known names whose own accessors will come with their users. */
typedef struct table_def {
    const char *name;
    int key_value;
} table_def;

static const table_def tables[] = {{"settings", 1}, {"saves", 0}, {"stats", 0}};

/* Each migration brings user_version n to n + 1 (migrations[n]); a fresh
 * file runs them all, so a new database and an upgraded one are the same. */

static const char schema_v1[] =
    "CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE saves(slot TEXT PRIMARY KEY, game TEXT NOT NULL, record TEXT NOT NULL,"
    " updated INTEGER NOT NULL);"
    "CREATE TABLE stats(game TEXT, key TEXT, value INTEGER, PRIMARY KEY(game, key));";

/* The history (app/history.h). The body lives apart from the header row so
 * a list of 10,000 matches never reads a record; the indexes serve the
 * history screen's lists: newest first, by mode, by player (seat name), and
 * the statistics (by player id). */
static const char schema_v2[] =
    "CREATE TABLE players(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,"
    " level INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE matches(id INTEGER PRIMARY KEY, mode TEXT NOT NULL, players INTEGER NOT NULL,"
    " options TEXT NOT NULL, seed INTEGER NOT NULL, started INTEGER NOT NULL,"
    " ended INTEGER NOT NULL DEFAULT 0, status INTEGER NOT NULL, result TEXT NOT NULL DEFAULT '',"
    " reason TEXT NOT NULL DEFAULT '', played_ms INTEGER NOT NULL DEFAULT 0,"
    " moves INTEGER NOT NULL DEFAULT 0, hints INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE match_seats(match INTEGER NOT NULL, seat INTEGER NOT NULL, player INTEGER,"
    " name TEXT NOT NULL, level INTEGER NOT NULL, place INTEGER NOT NULL DEFAULT -1,"
    " score INTEGER NOT NULL DEFAULT 0, best_ms INTEGER NOT NULL DEFAULT 0,"
    " PRIMARY KEY(match, seat)) WITHOUT ROWID;"
    "CREATE TABLE match_bodies(match INTEGER PRIMARY KEY, body TEXT NOT NULL);"
    "CREATE TABLE reviews(match INTEGER PRIMARY KEY, text TEXT NOT NULL);"
    "CREATE INDEX matches_started ON matches(started DESC, id DESC);"
    "CREATE INDEX matches_mode ON matches(mode, started DESC, id DESC);"
    "CREATE INDEX seats_name ON match_seats(name, match);"
    "CREATE INDEX seats_player ON match_seats(player, match);";

/* A body kept as it goes in pieces (history_append, #28): each says the
 * body's text from byte `at` on, laid over what was there, so a MAXSTAX
 * tape written every move costs what was taped since, not the whole tape. */
static const char schema_v3[] =
    "CREATE TABLE match_pieces(id INTEGER PRIMARY KEY, match INTEGER NOT NULL, at INTEGER NOT NULL,"
    " text TEXT NOT NULL);"
    "CREATE INDEX pieces_match ON match_pieces(match, id);";

static const char *const migrations[] = {schema_v1, schema_v2, schema_v3};

/* Each table's columns as we use them; preparing this proves the file's
 * schema is ours and not a lookalike with the same table names. */
static const char schema_probe[] = "SELECT key, value FROM settings LIMIT 0;"
                                   "SELECT slot, game, record, updated FROM saves LIMIT 0;"
                                   "SELECT game, key, value FROM stats LIMIT 0;"
                                   "SELECT id, name, level FROM players LIMIT 0;"
                                   "SELECT id, mode, players, options, seed, started, ended, status,"
                                   " result, reason, played_ms, moves, hints FROM matches LIMIT 0;"
                                   "SELECT match, seat, player, name, level, place, score, best_ms"
                                   " FROM match_seats LIMIT 0;"
                                   "SELECT match, body FROM match_bodies LIMIT 0;"
                                   "SELECT match, text FROM reviews LIMIT 0;"
                                   "SELECT id, match, at, text FROM match_pieces LIMIT 0;";

/* OPEN_NEWER is unusable too, but sound: moved aside whole, nothing salvaged
 * from it (its rows may mean what a newer Stackhouse means). */
typedef enum open_result { OPEN_OK, OPEN_UNUSABLE, OPEN_NEWER, OPEN_FAILED } open_result;

/* Whether an SQLite error means "this file's content is bad" (move it
 * aside) rather than "we cannot get at the file" (give up). */
static int is_content_error(int rc)
{
    rc &= 0xff;
    return rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT || rc == SQLITE_FORMAT ||
           rc == SQLITE_SCHEMA || rc == SQLITE_ERROR;
}

static open_result fail(sqlite3 *db, int rc, const char *what, char *why, size_t whyn)
{
    snprintf(why, whyn, "%s: %s", what, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    return is_content_error(rc) ? OPEN_UNUSABLE : OPEN_FAILED;
}

static int pragma_int(sqlite3 *db, const char *sql, int *out)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);

    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *out = sqlite3_column_int(st, 0);
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    return rc;
}

/* PRAGMA quick_check answers one row "ok", or rows describing damage. */
static open_result check_integrity(sqlite3 *db, char *why, size_t whyn)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &st, NULL);

    if (rc != SQLITE_OK)
        return fail(db, rc, "integrity check", why, whyn);
    rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        open_result r = fail(db, rc, "integrity check", why, whyn);
        sqlite3_finalize(st);
        return r;
    }
    if (strcmp((const char *)sqlite3_column_text(st, 0), "ok") != 0) {
        snprintf(why, whyn, "integrity check: %s", (const char *)sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
        return OPEN_UNUSABLE;
    }
    sqlite3_finalize(st);
    return OPEN_OK;
}

/* Brings the schema to our version in one transaction, so a crash
 * mid-migration leaves the old version, never half of the new one. */
static open_result migrate(sqlite3 *db, char *why, size_t whyn)
{
    int version = 0, rc;

    rc = pragma_int(db, "PRAGMA user_version", &version);
    if (rc != SQLITE_OK)
        return fail(db, rc, "schema version", why, whyn);
    if (version > STORE_SCHEMA_VERSION) {
        /* From a newer Stackhouse: we cannot read it, but it must survive. */
        snprintf(why, whyn, "schema version %d is newer than ours (%d)", version,
                 STORE_SCHEMA_VERSION);
        return OPEN_NEWER;
    }
    if (version < STORE_SCHEMA_VERSION) {
        char set[48];
        rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
        for (int v = version; v < STORE_SCHEMA_VERSION && rc == SQLITE_OK; v++)
            rc = sqlite3_exec(db, migrations[v], NULL, NULL, NULL);
        snprintf(set, sizeof set, "PRAGMA user_version = %d", STORE_SCHEMA_VERSION);
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(db, set, NULL, NULL, NULL);
        if (rc != SQLITE_OK) {
            open_result r = fail(db, rc, version ? "upgrading the schema" : "creating the schema", why, whyn);
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            return r;
        }
        rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
        if (rc != SQLITE_OK) {
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            return fail(db, rc, "creating the schema", why, whyn);
        }
        if (version)
            log_info("store: upgraded %s from schema %d to %d", sqlite3_db_filename(db, "main"), version,
                     STORE_SCHEMA_VERSION);
    }
    rc = sqlite3_exec(db, schema_probe, NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        return fail(db, rc, "schema", why, whyn);
    return OPEN_OK;
}

static int prepare_one(store *s, sqlite3_stmt **st, const char *sql)
{
    return sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL);
}

static open_result prepare(store *s, char *why, size_t whyn)
{
    int rc = prepare_one(s, &s->get, "SELECT value FROM settings WHERE key = ?1");

    if (rc == SQLITE_OK)
        rc = prepare_one(s, &s->put, "INSERT OR REPLACE INTO settings(key, value) VALUES(?1, ?2)");
    if (rc == SQLITE_OK)
        rc = prepare_one(s, &s->each, "SELECT key, value FROM settings ORDER BY key");
    return rc == SQLITE_OK ? OPEN_OK : fail(s->db, rc, "preparing statements", why, whyn);
}

static void close_handle(store *s)
{
    sqlite3_finalize(s->get);
    sqlite3_finalize(s->put);
    sqlite3_finalize(s->each);
    s->get = s->put = s->each = NULL;
    if (s->db)
        sqlite3_close(s->db); /* rolls back anything left open */
    s->db = NULL;
    s->in_tx = 0;
}

/* Opens, checks, migrates and prepares; on failure s->db is closed again. */
static open_result try_open(store *s, char *why, size_t whyn)
{
    /* Through the fault VFS, so a test can fill the disk under a real commit. */
    int rc = sqlite3_open_v2(s->path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, store_fault_vfs());
    open_result r;

    if (rc != SQLITE_OK) {
        snprintf(why, whyn, "%s", s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
        close_handle(s);
        return OPEN_FAILED;
    }
    sqlite3_extended_result_codes(s->db, 0);
    /* Another copy of the game may be writing; wait rather than fail. */
    sqlite3_busy_timeout(s->db, 2000);
    r = check_integrity(s->db, why, whyn);
    if (r == OPEN_OK) {
        rc = sqlite3_exec(s->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", NULL,
                          NULL, NULL);
        if (rc != SQLITE_OK)
            r = fail(s->db, rc, "journal mode", why, whyn);
    }
    if (r == OPEN_OK)
        r = migrate(s->db, why, whyn);
    if (r == OPEN_OK)
        r = prepare(s, why, whyn);
    if (r != OPEN_OK)
        close_handle(s);
    return r;
}

static int file_exists(const char *path)
{
    struct stat st;

    return lstat(path, &st) == 0;
}

/* Moves path (and its WAL and shared-memory files, which belong to it and
 * would otherwise be replayed into the fresh database) to the first free
 * path.corrupt-N. Writes the new name to aside. */
static int move_aside(const char *path, char *aside, size_t asiden)
{
    char from[4096 + 8], to[8192];
    static const char *const sidecars[] = {"-wal", "-shm"};

    for (int n = 1; n < 10000; n++) {
        snprintf(aside, asiden, "%s.corrupt-%d", path, n);
        if (file_exists(aside))
            continue;
        if (rename(path, aside) != 0) {
            log_error("store: cannot move %s to %s: %s", path, aside, strerror(errno));
            return -1;
        }
        for (int k = 0; k < 2; k++) {
            snprintf(from, sizeof from, "%s%s", path, sidecars[k]);
            snprintf(to, sizeof to, "%s%s", aside, sidecars[k]);
            if (file_exists(from) && rename(from, to) != 0 && remove(from) != 0) {
                log_error("store: cannot move %s aside: %s", from, strerror(errno));
                return -1;
            }
        }
        return 0;
    }
    log_error("store: no free name to move %s aside", path);
    return -1;
}

store *store_open(const char *path, char *err, size_t errn)
{
    char why[512], aside[4096 + 32];
    store *s;
    open_result r;

    if (err && errn)
        err[0] = '\0';
    if (!path || !*path || !err || errn == 0)
        return NULL;
    if (strlen(path) > 4000) { /* leaves room for the .corrupt-N names */
        snprintf(err, errn, "store: path too long");
        log_error("%s", err);
        return NULL;
    }
    s = calloc(1, sizeof *s);
    if (!s || !(s->path = strdup(path))) {
        snprintf(err, errn, "store: out of memory");
        free(s);
        return NULL;
    }
    r = try_open(s, why, sizeof why);
    if (r == OPEN_UNUSABLE || r == OPEN_NEWER) {
        int damaged = r == OPEN_UNUSABLE;
        if (move_aside(path, aside, sizeof aside) != 0) {
            snprintf(err, errn, "store: %s is unusable (%s) and cannot be moved aside", path,
                     why);
            log_error("%s", err);
            store_close(s);
            return NULL;
        }
        s->aside = strdup(aside); /* NULL when out of memory: only the notice is lost */
        r = try_open(s, why, sizeof why);
        if (r == OPEN_OK && damaged) {
            char saved[160];
            store_salvage(s->db, aside, saved, sizeof saved);
            snprintf(err, errn, "store: %s was unusable (%s); kept as %s, starting afresh%s", path, why,
                     aside, saved);
        } else {
            snprintf(err, errn, "store: %s was unusable (%s); kept as %s, starting afresh", path, why,
                     aside);
        }
        log_warn("%s", err);
    }
    if (r != OPEN_OK) {
        snprintf(err, errn, "store: cannot open %s: %s", path, why);
        log_error("%s", err);
        store_close(s);
        return NULL;
    }
    {
        /* STACKHOUSE_STORE_FULL=N: the next N write transactions find the
         * disk full ("all": every one), for tests of what the player is told. */
        const char *full = getenv("STACKHOUSE_STORE_FULL");
        if (full && *full)
            store_fault_full(s, strcmp(full, "all") == 0 ? -1 : atoi(full));
    }
    return s;
}

void store_close(store *db)
{
    if (!db)
        return;
    close_handle(db);
    free(db->path);
    free(db->aside);
    free(db);
}

void store_write_failed(store *db, const char *what)
{
    snprintf(db->err, sizeof db->err, "%s", sqlite3_errmsg(db->db));
    log_error("store: %s: %s", what, db->err);
}

void store_fault_full(store *db, int transactions)
{
    if (db)
        db->full_left = transactions;
}

const char *store_error(const store *db) { return db ? db->err : ""; }

/* Finds an allow-listed table; key/value access needs a key/value table. */
static int check_table(const char *table)
{
    for (size_t k = 0; table && k < sizeof tables / sizeof tables[0]; k++) {
        if (strcmp(table, tables[k].name) != 0)
            continue;
        if (tables[k].key_value)
            return 0;
        log_error("store: table %s has no key/value access", table);
        return -1;
    }
    log_error("store: unknown table %s", table ? table : "(null)");
    return -1;
}

int store_get(store *db, const char *table, const char *key, char *val, size_t valn)
{
    int rc, result = -1;

    if (!db || !key || !val || valn == 0 || check_table(table) != 0)
        return -1;
    sqlite3_bind_text(db->get, 1, key, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(db->get);
    if (rc == SQLITE_ROW) {
        const char *text = (const char *)sqlite3_column_text(db->get, 0);
        snprintf(val, valn, "%s", text ? text : "");
        result = 0;
    } else if (rc == SQLITE_DONE) {
        result = 1;
    } else {
        log_error("store: reading %s.%s: %s", table, key, sqlite3_errmsg(db->db));
    }
    sqlite3_reset(db->get);
    sqlite3_clear_bindings(db->get);
    return result;
}

int store_each(store *db, const char *table, store_row_fn fn, void *user)
{
    int rc;

    if (!db || !fn || check_table(table) != 0)
        return -1;
    while ((rc = sqlite3_step(db->each)) == SQLITE_ROW) {
        const char *key = (const char *)sqlite3_column_text(db->each, 0);
        const char *val = (const char *)sqlite3_column_text(db->each, 1);
        fn(key ? key : "", val ? val : "", user);
    }
    if (rc != SQLITE_DONE)
        log_error("store: reading %s: %s", table, sqlite3_errmsg(db->db));
    sqlite3_reset(db->each);
    return rc == SQLITE_DONE ? 0 : -1;
}

int store_begin(store *db)
{
    int rc;

    if (!db)
        return -1;
    if (db->in_tx) {
        log_error("store: transaction already open");
        return -1;
    }
    /* IMMEDIATE takes the write lock now, so a busy database fails here and
     * not halfway through the writes. */
    rc = sqlite3_exec(db->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    if (rc != SQLITE_OK) {
        store_write_failed(db, "begin");
        return -1;
    }
    db->in_tx = 1;
    /* A test's full disk: this transaction's writes fail. */
    store_fault_arm(db->full_left != 0);
    if (db->full_left > 0)
        db->full_left--;
    return 0;
}

int store_put(store *db, const char *table, const char *key, const char *val)
{
    int rc;

    if (!db || !key || !val || check_table(table) != 0)
        return -1;
    if (!db->in_tx) {
        log_error("store: writing %s.%s outside a transaction", table, key);
        return -1;
    }
    sqlite3_bind_text(db->put, 1, key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(db->put, 2, val, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(db->put);
    sqlite3_reset(db->put);
    sqlite3_clear_bindings(db->put);
    if (rc != SQLITE_DONE) {
        char what[160];
        snprintf(what, sizeof what, "writing %s.%s", table, key);
        store_write_failed(db, what);
        return -1;
    }
    return 0;
}

int store_end(store *db, int ok)
{
    int rc;

    if (!db || !db->in_tx) {
        log_error("store: no transaction to end");
        return -1;
    }
    db->in_tx = 0;
    if (ok) {
        rc = sqlite3_exec(db->db, "COMMIT", NULL, NULL, NULL);
        if (rc == SQLITE_OK) {
            store_fault_arm(0);
            db->err[0] = '\0';
            return 0;
        }
        store_write_failed(db, "commit");
    }
    rc = sqlite3_exec(db->db, "ROLLBACK", NULL, NULL, NULL);
    store_fault_arm(0);
    if (rc != SQLITE_OK && sqlite3_get_autocommit(db->db) == 0) {
        log_error("store: rollback: %s", sqlite3_errmsg(db->db));
        return -1;
    }
    return ok ? -1 : 0;
}

/* Runs one prepared write on the saves table; wraps it in a transaction of
 * its own unless the caller holds one, so a save is all or nothing. */
static int save_write(store *db, const char *sql, const char *slot, const char *game,
                      const char *record)
{
    sqlite3_stmt *st = NULL;
    int own = !db->in_tx, rc;

    if (own && store_begin(db) != 0)
        return -1;
    rc = sqlite3_prepare_v2(db->db, sql, -1, &st, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(st, 1, slot, -1, SQLITE_TRANSIENT);
        if (game)
            sqlite3_bind_text(st, 2, game, -1, SQLITE_TRANSIENT);
        if (record)
            sqlite3_bind_text(st, 3, record, -1, SQLITE_TRANSIENT);
        rc = sqlite3_step(st);
    }
    if (rc != SQLITE_DONE) {
        char what[160];
        snprintf(what, sizeof what, "writing save %s", slot);
        store_write_failed(db, what);
    }
    sqlite3_finalize(st);
    if (own)
        return store_end(db, rc == SQLITE_DONE) == 0 && rc == SQLITE_DONE ? 0 : -1;
    return rc == SQLITE_DONE ? 0 : -1;
}

int store_save_put(store *db, const char *slot, const char *game, const char *record)
{
    if (!db || !slot || !game || !record)
        return -1;
    return save_write(db,
                      "INSERT OR REPLACE INTO saves(slot, game, record, updated)"
                      " VALUES(?1, ?2, ?3, strftime('%s', 'now'))",
                      slot, game, record);
}

int store_save_get(store *db, const char *slot, char *game, size_t gamen, char **record)
{
    sqlite3_stmt *st = NULL;
    int rc, result = -1;

    if (!db || !slot || !game || gamen == 0 || !record)
        return -1;
    *record = NULL;
    rc = sqlite3_prepare_v2(db->db, "SELECT game, record FROM saves WHERE slot = ?1", -1, &st,
                            NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(st, 1, slot, -1, SQLITE_TRANSIENT);
        rc = sqlite3_step(st);
    }
    if (rc == SQLITE_ROW) {
        const char *g = (const char *)sqlite3_column_text(st, 0);
        const char *text = (const char *)sqlite3_column_text(st, 1);
        snprintf(game, gamen, "%s", g ? g : "");
        *record = strdup(text ? text : "");
        result = *record ? 0 : -1;
    } else if (rc == SQLITE_DONE) {
        result = 1;
    } else {
        log_error("store: reading save %s: %s", slot, sqlite3_errmsg(db->db));
    }
    sqlite3_finalize(st);
    return result;
}

int store_save_delete(store *db, const char *slot)
{
    if (!db || !slot)
        return -1;
    return save_write(db, "DELETE FROM saves WHERE slot = ?1", slot, NULL, NULL);
}

const char *store_path(const store *db) { return db ? db->path : NULL; }

struct sqlite3 *store_sqlite(store *db) { return db ? db->db : NULL; }

int store_in_tx(const store *db) { return db && db->in_tx; }

const char *store_moved_aside(const store *db) { return db ? db->aside : NULL; }
