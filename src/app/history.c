/* The history over the store: one transaction per write (store_begin and
 * store_end, so a full disk in a test fails a history write as it fails a
 * save), header columns for the lists, the body in its own table. */
#include "app/history.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/log.h"

static const char *const computer_names[] = {"Computer", "Computer (Easy)", "Computer (Medium)",
                                             "Computer (Hard)"};

const char *history_computer_name(int level)
{
    return computer_names[level >= 1 && level <= 3 ? level : 0];
}

/* The columns every header read takes, in match_read's order. */
#define MATCH_COLS                                                                                         \
    "m.id, m.mode, m.players, m.options, m.seed, m.started, m.ended, m.status, m.result, m.reason,"        \
    " m.played_ms, m.moves, m.hints"

static sqlite3_stmt *prep(store *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(store_sqlite(db), sql, -1, &st, NULL) != SQLITE_OK) {
        log_error("history: %s: %s", sqlite3_errmsg(store_sqlite(db)), sql);
        sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

/* Runs a write statement to its end and frees it; 0 or -1 (the failure kept for store_error). */
static int run(store *db, sqlite3_stmt *st, const char *what)
{
    int rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        store_write_failed(db, what);
        return -1;
    }
    return 0;
}

static void text_col(sqlite3_stmt *st, int col, char *dst, size_t n)
{
    const char *t = (const char *)sqlite3_column_text(st, col);
    snprintf(dst, n, "%s", t ? t : "");
}

static void options_write(const game_params *p, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int k = 0; k < GAME_MAX_OPTIONS && len < n; k++)
        len += (size_t)snprintf(buf + len, n - len, "%s%d", k ? "," : "", p->opt[k]);
}

static void options_read(const char *text, game_params *p)
{
    for (int k = 0; k < GAME_MAX_OPTIONS && text && *text; k++) {
        char *end;
        p->opt[k] = (int)strtol(text, &end, 10);
        text = *end == ',' ? end + 1 : end;
    }
}

/* A header row (MATCH_COLS from col 0) into mi; seats are read apart. */
static int64_t match_read(sqlite3_stmt *st, match_info *mi)
{
    memset(mi, 0, sizeof *mi);
    text_col(st, 1, mi->mode, sizeof mi->mode);
    mi->params.players = sqlite3_column_int(st, 2);
    options_read((const char *)sqlite3_column_text(st, 3), &mi->params);
    mi->seed = (uint64_t)sqlite3_column_int64(st, 4);
    mi->started = sqlite3_column_int64(st, 5);
    mi->ended = sqlite3_column_int64(st, 6);
    mi->status = (match_status)sqlite3_column_int(st, 7);
    text_col(st, 8, mi->result, sizeof mi->result);
    text_col(st, 9, mi->reason, sizeof mi->reason);
    mi->played_ms = sqlite3_column_int64(st, 10);
    mi->moves = sqlite3_column_int(st, 11);
    mi->hints = sqlite3_column_int(st, 12);
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        mi->seat[i].place = -1;
    return sqlite3_column_int64(st, 0);
}

/* Match id's seats into mi (seats is a prepared "seats of ?1" read, reset here). */
static int seats_read(sqlite3_stmt *seats, int64_t id, match_info *mi)
{
    int rc;
    sqlite3_bind_int64(seats, 1, id);
    while ((rc = sqlite3_step(seats)) == SQLITE_ROW) {
        int i = sqlite3_column_int(seats, 0);
        if (i < 0 || i >= GAME_MAX_PLAYERS)
            continue;
        text_col(seats, 1, mi->seat[i].name, sizeof mi->seat[i].name);
        mi->seat[i].level = sqlite3_column_int(seats, 2);
        mi->seat[i].place = sqlite3_column_int(seats, 3);
        mi->seat[i].score = sqlite3_column_int(seats, 4);
    }
    sqlite3_reset(seats);
    return rc == SQLITE_DONE ? 0 : -1;
}

static const char seats_sql[] = "SELECT seat, name, level, place, score FROM match_seats WHERE match = ?1";

/* The id of the player named name (person_only: a person's), or -1. */
static int64_t player_id(store *db, const char *name, int person_only)
{
    sqlite3_stmt *st = prep(db, person_only ? "SELECT id FROM players WHERE name = ?1 AND level = 0"
                                            : "SELECT id FROM players WHERE name = ?1");
    int64_t id = -1;
    if (!st)
        return -1;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW)
        id = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return id;
}

/* The player id of name, made (as level) when absent; -1 on error. Inside the caller's transaction. */
static int64_t player_ensure(store *db, const char *name, int level)
{
    sqlite3_stmt *st = prep(db, "INSERT INTO players(name, level) VALUES(?1, ?2)"
                                " ON CONFLICT(name) DO NOTHING");
    if (!st)
        return -1;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, level);
    if (run(db, st, "adding a player") != 0)
        return -1;
    return player_id(db, name, 0);
}

/* Opens a transaction unless the caller holds one; *own says which. */
static int tx_open(store *db, int *own)
{
    *own = !store_in_tx(db);
    return *own ? store_begin(db) : 0;
}

static int tx_close(store *db, int own, int ok)
{
    if (!own)
        return ok ? 0 : -1;
    return store_end(db, ok) == 0 && ok ? 0 : -1;
}

static int body_put(store *db, int64_t id, const char *body)
{
    sqlite3_stmt *st = prep(db, "INSERT OR REPLACE INTO match_bodies(match, body) VALUES(?1, ?2)");
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_text(st, 2, body ? body : "", -1, SQLITE_TRANSIENT);
    if (run(db, st, "writing a match's record") != 0 || !(st = prep(db, "DELETE FROM match_pieces WHERE match = ?1")))
        return -1;
    sqlite3_bind_int64(st, 1, id); /* a whole body: the pieces laid over the last are gone */
    return run(db, st, "writing a match's record");
}

/* Header, seats and body of a new match, in the open transaction. */
static int match_insert(store *db, const match_info *mi, const char *body, int64_t *id)
{
    char opts[GAME_MAX_OPTIONS * 12];
    sqlite3_stmt *st = prep(db, "INSERT INTO matches(mode, players, options, seed, started, ended, status,"
                                " result, reason, played_ms, moves, hints)"
                                " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
    if (!st)
        return -1;
    options_write(&mi->params, opts, sizeof opts);
    sqlite3_bind_text(st, 1, mi->mode, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, mi->params.players);
    sqlite3_bind_text(st, 3, opts, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)mi->seed);
    sqlite3_bind_int64(st, 5, mi->started);
    sqlite3_bind_int64(st, 6, mi->ended);
    sqlite3_bind_int(st, 7, (int)mi->status);
    sqlite3_bind_text(st, 8, mi->result, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 9, mi->reason, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 10, mi->played_ms);
    sqlite3_bind_int(st, 11, mi->moves);
    sqlite3_bind_int(st, 12, mi->hints);
    if (run(db, st, "keeping a match") != 0)
        return -1;
    *id = sqlite3_last_insert_rowid(store_sqlite(db));
    for (int i = 0; i < mi->params.players; i++) {
        const match_seat *s = &mi->seat[i];
        /* A computer is the player of its level; a person the name at the seat. */
        const char *pname = s->level > 0 ? history_computer_name(s->level) : s->name;
        int64_t pid = *pname ? player_ensure(db, pname, s->level > 0 ? s->level : 0) : 0;
        if (pid < 0)
            return -1;
        st = prep(db, "INSERT INTO match_seats(match, seat, player, name, level, place, score)"
                      " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)");
        if (!st)
            return -1;
        sqlite3_bind_int64(st, 1, *id);
        sqlite3_bind_int(st, 2, i);
        if (pid > 0)
            sqlite3_bind_int64(st, 3, pid);
        sqlite3_bind_text(st, 4, s->name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 5, s->level);
        sqlite3_bind_int(st, 6, s->place);
        sqlite3_bind_int(st, 7, s->score);
        if (run(db, st, "keeping a match's seat") != 0)
            return -1;
    }
    return body_put(db, *id, body);
}

static int check_info(const match_info *mi)
{
    return mi && mi->mode[0] && mi->params.players >= 1 && mi->params.players <= GAME_MAX_PLAYERS ? 0 : -1;
}

int history_begin(store *db, const match_info *mi, const char *body, int64_t *id)
{
    int own, ok;
    int64_t got = 0;
    if (!db || !id || check_info(mi) != 0 || tx_open(db, &own) != 0)
        return -1;
    ok = match_insert(db, mi, body, &got) == 0;
    if (tx_close(db, own, ok) != 0)
        return -1;
    *id = got;
    return 0;
}

/* The header's changing columns; finished also sets the end, result and places. */
static int match_write(store *db, int64_t id, const match_info *mi, const char *body, int finished)
{
    sqlite3_stmt *st;
    int own, ok;
    if (!db || !mi || tx_open(db, &own) != 0)
        return -1;
    st = prep(db, finished ? "UPDATE matches SET played_ms = ?2, moves = ?3, hints = ?4, status = 1,"
                             " ended = ?5, result = ?6, reason = ?7 WHERE id = ?1 AND status <> 1"
                           : "UPDATE matches SET played_ms = ?2, moves = ?3, hints = ?4"
                             " WHERE id = ?1 AND status = 0");
    ok = st != NULL;
    if (ok) {
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int64(st, 2, mi->played_ms);
        sqlite3_bind_int(st, 3, mi->moves);
        sqlite3_bind_int(st, 4, mi->hints);
        if (finished) {
            sqlite3_bind_int64(st, 5, mi->ended ? mi->ended : (int64_t)time(NULL));
            sqlite3_bind_text(st, 6, mi->result, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(st, 7, mi->reason, -1, SQLITE_TRANSIENT);
        }
        ok = run(db, st, "updating a match") == 0 && sqlite3_changes(store_sqlite(db)) == 1;
    }
    for (int i = 0; ok && finished && i < mi->params.players && i < GAME_MAX_PLAYERS; i++) {
        st = prep(db, "UPDATE match_seats SET place = ?3, score = ?4 WHERE match = ?1 AND seat = ?2");
        ok = st != NULL;
        if (ok) {
            sqlite3_bind_int64(st, 1, id);
            sqlite3_bind_int(st, 2, i);
            sqlite3_bind_int(st, 3, mi->seat[i].place);
            sqlite3_bind_int(st, 4, mi->seat[i].score);
            ok = run(db, st, "updating a match's seat") == 0;
        }
    }
    if (ok && body)
        ok = body_put(db, id, body) == 0;
    return tx_close(db, own, ok);
}

int history_update(store *db, int64_t id, const match_info *mi, const char *body)
{
    return match_write(db, id, mi, body, 0);
}

int history_finish(store *db, int64_t id, const match_info *mi, const char *body)
{
    return match_write(db, id, mi, body, 1);
}

/* One statement on match id in its own transaction; 0 when it changed want rows or more. */
static int match_exec(store *db, int64_t id, const char *sql, const char *what, int want)
{
    int own, ok;
    sqlite3_stmt *st;
    if (!db || tx_open(db, &own) != 0)
        return -1;
    st = prep(db, sql);
    ok = st != NULL;
    if (ok) {
        sqlite3_bind_int64(st, 1, id);
        ok = run(db, st, what) == 0 && sqlite3_changes(store_sqlite(db)) >= want;
    }
    return tx_close(db, own, ok);
}

int history_abandon(store *db, int64_t id)
{
    return match_exec(db, id, "UPDATE matches SET status = 2, ended = strftime('%s', 'now')"
                              " WHERE id = ?1 AND status <> 1",
                      "abandoning a match", 1);
}

int history_set_best(store *db, int64_t id, int seat, int best_ms)
{
    char sql[160];
    snprintf(sql, sizeof sql, "UPDATE match_seats SET best_ms = %d WHERE match = ?1 AND seat = %d",
             best_ms < 0 ? 0 : best_ms, seat);
    return match_exec(db, id, sql, "keeping a best time", 1);
}

int history_delete(store *db, int64_t id)
{
    static const char *const sql[] = {"DELETE FROM match_seats WHERE match = ?1",
                                      "DELETE FROM match_bodies WHERE match = ?1",
                                      "DELETE FROM match_pieces WHERE match = ?1",
                                      "DELETE FROM reviews WHERE match = ?1", "DELETE FROM matches WHERE id = ?1"};
    int own, ok = 1;
    if (!db || tx_open(db, &own) != 0)
        return -1;
    for (int k = 0; k < 5 && ok; k++)
        ok = match_exec(db, id, sql[k], "deleting a match", k == 4) == 0;
    return tx_close(db, own, ok);
}

/* The WHERE of a filter (binds ?1 mode, ?2 player). */
static const char *filter_where(const history_filter *f)
{
    int mode = f && f->mode[0], player = f && f->player[0];
    if (mode && player)
        return " WHERE m.mode = ?1 AND m.id IN (SELECT match FROM match_seats WHERE name = ?2)";
    if (mode)
        return " WHERE m.mode = ?1";
    if (player)
        return " WHERE m.id IN (SELECT match FROM match_seats WHERE name = ?2)";
    return "";
}

static void filter_bind(sqlite3_stmt *st, const history_filter *f)
{
    if (f && f->mode[0])
        sqlite3_bind_text(st, 1, f->mode, -1, SQLITE_TRANSIENT);
    if (f && f->player[0])
        sqlite3_bind_text(st, 2, f->player, -1, SQLITE_TRANSIENT);
}

int history_count(store *db, const history_filter *f)
{
    char sql[300];
    sqlite3_stmt *st;
    int n = -1;
    if (!db)
        return -1;
    snprintf(sql, sizeof sql, "SELECT count(*) FROM matches m%s", filter_where(f));
    if (!(st = prep(db, sql)))
        return -1;
    filter_bind(st, f);
    if (sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

int history_list(store *db, const history_filter *f, int offset, int limit, history_row *rows)
{
    char sql[700];
    sqlite3_stmt *st, *seats;
    int n = 0, rc;
    if (!db || !rows || limit < 0 || offset < 0)
        return -1;
    snprintf(sql, sizeof sql, "SELECT " MATCH_COLS " FROM matches m%s ORDER BY m.started DESC, m.id DESC"
                              " LIMIT ?3 OFFSET ?4", filter_where(f));
    if (!(st = prep(db, sql)))
        return -1;
    if (!(seats = prep(db, seats_sql))) {
        sqlite3_finalize(st);
        return -1;
    }
    filter_bind(st, f);
    sqlite3_bind_int(st, 3, limit);
    sqlite3_bind_int(st, 4, offset);
    while (n < limit && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        rows[n].id = match_read(st, &rows[n].info);
        if (seats_read(seats, rows[n].id, &rows[n].info) != 0)
            break;
        n++;
    }
    if (n < limit && rc != SQLITE_DONE) {
        log_error("history: listing: %s", sqlite3_errmsg(store_sqlite(db)));
        n = -1;
    }
    sqlite3_finalize(st);
    sqlite3_finalize(seats);
    return n;
}

/* Lays match id's pieces, oldest first, over *body (history_append); 0, or
 * -1 (logged, *body freed) when one starts past the text before it. */
static int pieces_fold(store *db, int64_t id, char **body)
{
    sqlite3_stmt *st = prep(db, "SELECT at, text FROM match_pieces WHERE match = ?1 ORDER BY id");
    size_t len = strlen(*body), cap = len + 1;
    int rc = SQLITE_DONE;
    if (!st)
        rc = SQLITE_ERROR;
    else
        sqlite3_bind_int64(st, 1, id);
    while (st && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        sqlite3_int64 at = sqlite3_column_int64(st, 0);
        const char *t = (const char *)sqlite3_column_text(st, 1);
        size_t n = (size_t)sqlite3_column_bytes(st, 1);
        char *grown = *body;
        /* grown by doubling: a match's hundreds of pieces copy its body a few times, not once each */
        if (at >= 0 && (size_t)at <= len && (size_t)at + n + 1 > cap) {
            cap = (size_t)at + n + 1 > 2 * cap ? (size_t)at + n + 1 : 2 * cap;
            grown = realloc(*body, cap);
        }
        if (at < 0 || (size_t)at > len || !grown) {
            if (grown)
                log_error("history: match %lld: a piece of its record at byte %lld does not follow its %zu bytes",
                          (long long)id, (long long)at, len);
            else
                log_error("history: match %lld: out of memory laying its record's pieces", (long long)id);
            rc = SQLITE_ERROR;
            break;
        }
        memcpy(grown + at, t ? t : "", n);
        grown[at + n] = 0;
        *body = grown;
        len = (size_t)at + n;
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_DONE)
        return 0;
    free(*body);
    *body = NULL;
    return -1;
}

int history_get(store *db, int64_t id, match_info *mi, char **body)
{
    sqlite3_stmt *st, *seats;
    int rc, result = -1;
    if (!db || !mi)
        return -1;
    if (body)
        *body = NULL;
    if (!(st = prep(db, "SELECT " MATCH_COLS ", b.body FROM matches m LEFT JOIN match_bodies b"
                        " ON b.match = m.id WHERE m.id = ?1")))
        return -1;
    sqlite3_bind_int64(st, 1, id);
    rc = sqlite3_step(st);
    if (rc == SQLITE_DONE)
        result = 1;
    if (rc == SQLITE_ROW && (seats = prep(db, seats_sql)) != NULL) {
        match_read(st, mi);
        result = seats_read(seats, id, mi);
        sqlite3_finalize(seats);
        if (result == 0 && body) {
            const char *t = (const char *)sqlite3_column_text(st, 13);
            *body = strdup(t ? t : "");
            result = *body ? pieces_fold(db, id, body) : -1;
        }
    }
    sqlite3_finalize(st);
    return result;
}

int history_players(store *db, history_player *out, int max)
{
    sqlite3_stmt *st;
    int n = 0, rc;
    if (!db || !out || max < 0)
        return -1;
    if (!(st = prep(db, "SELECT p.id, p.name, p.level,"
                        " (SELECT count(*) FROM match_seats s WHERE s.player = p.id)"
                        " FROM players p ORDER BY p.level > 0, p.level, p.name")))
        return -1;
    while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        out[n].id = sqlite3_column_int64(st, 0);
        text_col(st, 1, out[n].name, sizeof out[n].name);
        out[n].level = sqlite3_column_int(st, 2);
        out[n].matches = sqlite3_column_int(st, 3);
        n++;
    }
    if (n < max && rc != SQLITE_DONE)
        n = -1;
    sqlite3_finalize(st);
    return n;
}

/* name trimmed of spaces into buf; 0, or -1 when empty, too long or a computer's name. */
static int person_name(const char *name, char *buf, size_t n)
{
    size_t len;
    if (!name)
        return -1;
    while (*name == ' ' || *name == '\t')
        name++;
    len = strlen(name);
    while (len && (name[len - 1] == ' ' || name[len - 1] == '\t'))
        len--;
    if (len == 0 || len >= n || len >= MATCH_NAME_LEN)
        return -1;
    memcpy(buf, name, len);
    buf[len] = 0;
    for (int l = 0; l <= 3; l++)
        if (strcmp(buf, history_computer_name(l)) == 0)
            return -1;
    return 0;
}

int history_player_add(store *db, const char *name, int64_t *id)
{
    char clean[MATCH_NAME_LEN];
    int own, ok;
    int64_t got = -1;
    if (!db || person_name(name, clean, sizeof clean) != 0 || tx_open(db, &own) != 0)
        return -1;
    got = player_ensure(db, clean, 0);
    ok = got > 0;
    if (tx_close(db, own, ok) != 0)
        return -1;
    if (id)
        *id = got;
    return 0;
}

/* Runs sql binding ?1 the player id and ?2 text (may be NULL); 0 or -1. */
static int player_exec(store *db, const char *sql, int64_t pid, const char *text)
{
    sqlite3_stmt *st = prep(db, sql);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, pid);
    if (text)
        sqlite3_bind_text(st, 2, text, -1, SQLITE_TRANSIENT);
    return run(db, st, "changing a player");
}

int history_player_rename(store *db, const char *from, const char *to)
{
    char clean[MATCH_NAME_LEN];
    int64_t pid;
    int own, ok;
    if (!db || !from || person_name(to, clean, sizeof clean) != 0 || (pid = player_id(db, from, 1)) < 0)
        return -1;
    if (strcmp(from, clean) != 0 && player_id(db, clean, 1) >= 0)
        return -1; /* taken: two people never share a name */
    if (tx_open(db, &own) != 0)
        return -1;
    ok = player_exec(db, "UPDATE players SET name = ?2 WHERE id = ?1", pid, clean) == 0 &&
         player_exec(db, "UPDATE match_seats SET name = ?2 WHERE player = ?1", pid, clean) == 0;
    return tx_close(db, own, ok);
}

int history_player_delete(store *db, const char *name)
{
    int64_t pid;
    int own, ok;
    if (!db || !name || (pid = player_id(db, name, 1)) < 0 || tx_open(db, &own) != 0)
        return -1;
    ok = player_exec(db, "UPDATE match_seats SET player = NULL WHERE player = ?1", pid, NULL) == 0 &&
         player_exec(db, "DELETE FROM players WHERE id = ?1", pid, NULL) == 0;
    return tx_close(db, own, ok);
}

int history_review_put(store *db, int64_t id, const char *text)
{
    sqlite3_stmt *st;
    int own, ok;
    if (!db || !text || tx_open(db, &own) != 0)
        return -1;
    st = prep(db, "INSERT OR REPLACE INTO reviews(match, text)"
                  " SELECT id, ?2 FROM matches WHERE id = ?1");
    ok = st != NULL;
    if (ok) {
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_text(st, 2, text, -1, SQLITE_TRANSIENT);
        ok = run(db, st, "keeping a review") == 0 && sqlite3_changes(store_sqlite(db)) == 1;
    }
    return tx_close(db, own, ok);
}

int history_review_get(store *db, int64_t id, char **text)
{
    sqlite3_stmt *st;
    int rc, result = -1;
    if (!db || !text)
        return -1;
    *text = NULL;
    if (!(st = prep(db, "SELECT text FROM reviews WHERE match = ?1")))
        return -1;
    sqlite3_bind_int64(st, 1, id);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(st, 0);
        *text = strdup(t ? t : "");
        result = *text ? 0 : -1;
    } else if (rc == SQLITE_DONE) {
        result = 1;
    }
    sqlite3_finalize(st);
    return result;
}

/* The byte length of match id's body as its pieces leave it; -1 on error. */
static sqlite3_int64 body_length(store *db, int64_t id)
{
    static const char *const sql[] = {
        "SELECT at + length(CAST(text AS BLOB)) FROM match_pieces WHERE match = ?1 ORDER BY id DESC LIMIT 1",
        "SELECT length(CAST(body AS BLOB)) FROM match_bodies WHERE match = ?1"};
    for (int k = 0; k < 2; k++) {
        sqlite3_stmt *st = prep(db, sql[k]);
        int rc;
        sqlite3_int64 n = -1;
        if (!st)
            return -1;
        sqlite3_bind_int64(st, 1, id);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW)
            n = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        if (rc == SQLITE_ROW)
            return n;
        if (rc != SQLITE_DONE)
            return -1;
    }
    return -1;
}

int history_append(store *db, int64_t id, const match_info *mi, size_t at, const char *text)
{
    sqlite3_stmt *st;
    sqlite3_int64 len;
    int own, ok;
    if (!db || !mi || !text || tx_open(db, &own) != 0)
        return -1;
    ok = match_write(db, id, mi, NULL, 0) == 0 && (len = body_length(db, id)) >= 0 && (sqlite3_int64)at <= len;
    if (ok && (ok = (st = prep(db, "INSERT INTO match_pieces(match, at, text) VALUES(?1, ?2, ?3)")) != NULL)) {
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)at);
        sqlite3_bind_text(st, 3, text, -1, SQLITE_TRANSIENT);
        ok = run(db, st, "writing a match's record") == 0;
    }
    return tx_close(db, own, ok);
}
