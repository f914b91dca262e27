/* A match's seats and save slot: what every table saves, reads back and
 * names, whatever its game. */
#include "table/table_store.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/store.h"
#include "shell/shell.h"
#include "core/log.h"
#include "core/utf8.h"
#include "table/phones.h"
#include "shell/trace.h"

#define SAVE_HEADER "stackhouse-table 1"
#define HANDED_WORD "handed"
#define HINTS_WORD "hints"
#define NAME_WORD "name"

/* Labels by ai_level; the random level is never seated at a table. */
static const char *const level_labels[] = {"Random", "Easy", "Medium", "Hard"};

/* "human,medium": one word per seat. */
void table_seats_write(const match_setup *m, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < m->params.players && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? "," : "",
                                m->seat[i] == SEAT_HUMAN ? "human" : ai_level_name(m->level[i]));
}

void table_match_trace(const match_setup *m, const game_params *started)
{
    char line[400];
    size_t len;
    int nopt;
    const game_option *o = registry_options(m->game, &nopt);
    len = (size_t)snprintf(line, sizeof line, "match %s players %d seats", m->game->id, started->players);
    for (int i = 0; i < started->players && i < GAME_MAX_PLAYERS && len < sizeof line; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", i ? "," : " ",
                                m->seat[i] == SEAT_COMPUTER ? ai_level_name(m->level[i])
                                : phones_seat(i)            ? "phone"
                                                            : "human");
    if (len < sizeof line)
        len += (size_t)snprintf(line + len, sizeof line - len, " options");
    for (int i = 0; i < nopt && len < sizeof line; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s=%d", i ? "," : " ", o[i].key, started->opt[i]);
    if (nopt == 0 && len < sizeof line)
        snprintf(line + len, sizeof line - len, " -");
    trace_line("%s", line);
}

int table_seats_read(match_setup *m, const char *text)
{
    seat_kind kind[GAME_MAX_PLAYERS];
    ai_level level[GAME_MAX_PLAYERS];
    int n = 0;
    const char *p = text;
    while (*p && n < GAME_MAX_PLAYERS) {
        size_t len = strcspn(p, ",");
        int found = 0;
        if (len == 5 && strncmp(p, "human", 5) == 0) {
            kind[n] = SEAT_HUMAN;
            level[n] = m->level[n];
            found = 1;
        }
        if (!found && len < 16) {
            char word[16];
            ai_level lv;
            memcpy(word, p, len);
            word[len] = 0;
            if (ai_level_parse(word, &lv) == 0 && lv >= AI_EASY) {
                kind[n] = SEAT_COMPUTER;
                level[n] = lv;
                found = 1;
            }
        }
        if (!found)
            return -1;
        n++;
        p += len;
        if (*p == ',')
            p++;
    }
    /* The seats go in as setup's Add seat, Remove seat and seat toggles put them. */
    if (*p || match_setup_set_players(m, n) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        match_setup_set_seat(m, i, kind[i]);
        m->level[i] = level[i];
    }
    return 0;
}

int table_match_default(match_setup *m, const game_info *g, const char *seats)
{
    match_setup_init(m, g);
    return seats ? table_seats_read(m, seats) : 0;
}

const char *table_level_label(ai_level level)
{
    return level_labels[level >= AI_EASY && level <= AI_HARD ? level : AI_MEDIUM];
}

void table_seat_name(const match_setup *m, int seat, char *buf, size_t n)
{
    if (m->seat[seat] == SEAT_HUMAN && phones_seat(seat)) {
        /* ☎: DejaVu has it. A phone that sleeps or lost the Wi-Fi keeps its
         * seat; the seat waits, and says how to come back (or the menu frees
         * it). Cut at a grapheme: never a broken character in buf. */
        char line[PHONE_NAME_MAX * 4 + 60];
        if (phones_roster()->connected >> seat & 1)
            snprintf(line, sizeof line, "\xe2\x98\x8e %s on a phone", phones_roster()->name[seat]);
        else
            snprintf(line, sizeof line, "\xe2\x98\x8e Waiting for %s \xc2\xb7 room %s", phones_roster()->name[seat],
                     phones_room());
        utf8_copy(buf, n, line);
    } else if ((m->seat[seat] == SEAT_HUMAN || m->names_kept) && m->name[seat][0])
        utf8_copy(buf, n, m->name[seat]); /* the player setup named, or a replay's file (#28) */
    else if (m->seat[seat] == SEAT_HUMAN)
        snprintf(buf, n, "Human");
    else
        snprintf(buf, n, "Computer (%s)", table_level_label(m->level[seat]));
}

/* The save's optional "handed 2,3" line (seats from 1, each a computer's
 * that the pause menu took from an away phone), "" when none: a save
 * without one reads as it always did. */
static void handed_write(const match_setup *m, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int s = 0; s < m->params.players && len < n; s++)
        if ((m->handed >> s & 1) && m->seat[s] == SEAT_COMPUTER) /* a seat setup made a person's is none */
            len += (size_t)snprintf(buf + len, n - len, "%s%d", len ? "," : HANDED_WORD " ", s + 1);
    if (len && len < n)
        snprintf(buf + len, n - len, "\n");
}

/* Reads handed_write's line at *p into m (its seats read already),
 * stepping *p past it; no such line is none. 0, or -1 when it names a seat
 * out of range or one the computer does not play. */
static int handed_read(match_setup *m, const char **p)
{
    const char *q = *p + sizeof HANDED_WORD;
    if (strncmp(*p, HANDED_WORD " ", sizeof HANDED_WORD) != 0)
        return 0;
    for (;;) {
        int s = 0;
        if (*q < '1' || *q > '9')
            return -1;
        s = *q++ - '0';
        if (s > m->params.players || m->seat[s - 1] != SEAT_COMPUTER || (m->handed >> (s - 1) & 1))
            return -1;
        m->handed |= 1u << (s - 1);
        if (*q == '\n')
            break;
        if (*q++ != ',')
            return -1;
    }
    *p = q + 1;
    return 0;
}

/* The save's optional "hints MODE USED" line (the match's hints setting as
 * a number, and the hints shown so far), "" when both are the defaults: a
 * save without one reads as it always did. */
static void hints_write(const match_setup *m, char *buf, size_t n)
{
    buf[0] = 0;
    if (m->hints != MATCH_HINTS_VS_COMPUTERS || m->hints_used > 0)
        snprintf(buf, n, HINTS_WORD " %d %d\n", (int)m->hints, m->hints_used);
}

/* Reads hints_write's line at *p into m, stepping *p past it; no such line
 * is the defaults. 0, or -1 when it is malformed. */
static int hints_read(match_setup *m, const char **p)
{
    int mode, used, len = 0;
    if (strncmp(*p, HINTS_WORD " ", sizeof HINTS_WORD) != 0)
        return 0;
    if (sscanf(*p, HINTS_WORD " %d %d\n%n", &mode, &used, &len) != 2 || len == 0 || (*p)[len - 1] != '\n' ||
        mode < 0 || mode >= MATCH_HINTS_COUNT || used < 0)
        return -1;
    m->hints = (match_hints)mode;
    m->hints_used = used;
    *p += len;
    return 0;
}

/* The save's optional "name N TEXT" lines (#28): the name setup gave seat
 * N (from 1), one line each, none for a seat without one; a save without
 * them reads as it always did. */
static void names_write(const match_setup *m, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int s = 0; s < m->params.players && s < GAME_MAX_PLAYERS && len < n; s++)
        if (m->name[s][0])
            len += (size_t)snprintf(buf + len, n - len, NAME_WORD " %d %s\n", s + 1, m->name[s]);
}

/* Reads names_write's lines at *p into m (its seats read already),
 * stepping *p past them. 0, or -1 when one names no seat, a seat twice, or
 * a name that is empty, too long, not UTF-8 or holds a control character. */
static int names_read(match_setup *m, const char **p)
{
    while (strncmp(*p, NAME_WORD " ", sizeof NAME_WORD) == 0) {
        const char *q = *p + sizeof NAME_WORD, *text = q + 2;
        size_t len = strcspn(text, "\n");
        int s = *q - '1', bad = s < 0 || s >= m->params.players || q[1] != ' ' || m->name[s][0] || len == 0 ||
                               len >= sizeof m->name[s] || text[len] != '\n';
        for (size_t i = 0; !bad && i < len; i++)
            bad = (unsigned char)text[i] < 0x20 || text[i] == 0x7f;
        if (bad)
            return -1;
        memcpy(m->name[s], text, len);
        m->name[s][len] = 0;
        if (!utf8_valid(m->name[s])) {
            m->name[s][0] = 0;
            return -1;
        }
        *p = text + len + 1;
    }
    return 0;
}

/* Reads the save's optional "history N" line (#28: the kept match a resumed
 * match goes on) at *p into m, stepping *p past it; no such line is none.
 * 0, or -1 when N is not a number as the house writes them (1.., no sign, no
 * leading zero). */
static int history_read(match_setup *m, const char **p)
{
    const char *q = *p + sizeof "history";
    long long id = 0;
    if (strncmp(*p, "history ", 8) != 0)
        return 0;
    if (*q < '1' || *q > '9')
        return -1;
    for (; *q >= '0' && *q <= '9'; q++) {
        if (id > (INT64_MAX - 9) / 10)
            return -1;
        id = id * 10 + (*q - '0');
    }
    if (*q != '\n')
        return -1;
    m->history = id;
    *p = q + 1;
    return 0;
}

int table_save_text(shell *sh, const match_setup *m, const char *game_id, const char *body)
{
    char seats[128], handed[48], hints[48], names[GAME_MAX_PLAYERS * 48], *all;
    size_t n;
    int rc;
    if (!body || !shell_store(sh))
        return -1;
    table_seats_write(m, seats, sizeof seats);
    handed_write(m, handed, sizeof handed);
    hints_write(m, hints, sizeof hints);
    names_write(m, names, sizeof names);
    n = strlen(body) + sizeof seats + sizeof handed + sizeof hints + sizeof names + 96;
    all = malloc(n);
    if (!all)
        return -1;
    /* The kept match it goes on (#28), the second line: a resumed match continues its history row. */
    if (m->history > 0)
        snprintf(all, n, "%s\nhistory %lld\nseats %s\n%s%s%s%s", SAVE_HEADER, (long long)m->history, seats, handed,
                 hints, names, body);
    else
        snprintf(all, n, "%s\nseats %s\n%s%s%s%s", SAVE_HEADER, seats, handed, hints, names, body);
    rc = store_save_put(shell_store(sh), game_id, game_id, all);
    free(all);
    return rc;
}

int table_save(shell *sh, const match_setup *m, const game_record *rec)
{
    char *text = record_write(rec);
    int rc = text ? table_save_text(sh, m, rec->game, text) : -1;
    free(text);
    return rc;
}

void table_save_delete(shell *sh, const char *game_id)
{
    if (shell_store(sh))
        store_save_delete(shell_store(sh), game_id);
}

int table_save_unfinished(shell *sh, const match_setup *m, const game_record *rec, int over)
{
    if (over || rec->n_moves == 0)
        return 0;
    return table_save(sh, m, rec) == 0 ? 1 : -1;
}

void table_leave(shell *sh)
{
    /* Opened straight from --scene, there is no picker below to go back to. */
    shell_back(sh);
}

int table_quit(shell *sh, const match_setup *m, game_record *rec, int over, const char *tag, table_saver *sv)
{
    int rc = table_save_unfinished(sh, m, rec, over);
    if (table_saver_done(sv, sh, tag, rc < 0 ? -1 : 0, 1) != 0)
        return -1; /* the notice is up and the match stays open */
    if (rc > 0)
        trace_line("%s saved", tag);
    rec->n_moves = 0;
    table_leave(sh);
    return 0;
}

int table_record_take(game_record *dst, game_record *rec, const char *id, void *st)
{
    char err[200];
    if (strcmp(rec->game, id) != 0) {
        log_error("%s table: the record holds a %s game", id, rec->game);
        record_free(rec);
        return -1;
    }
    *dst = *rec;
    memset(rec, 0, sizeof *rec);
    if (record_replay(dst, dst->cursor, st, err, sizeof err) != 0) {
        log_error("%s table: %s", id, err);
        record_free(dst);
        return -1;
    }
    return 0;
}


int table_save_read(shell *sh, const game_info *g, match_setup *m, char **text, const char **body, char *err,
                    size_t errn)
{
    char game[RECORD_ID_LEN], seats[128];
    const char *p, *nl;
    int rc = shell_store(sh) ? store_save_get(shell_store(sh), g->id, game, sizeof game, text) : -1;
    if (rc != 0) {
        snprintf(err, errn, rc == 1 ? "there is no saved %s game" : "the saved game cannot be read",
                 g->name);
        *text = NULL;
        return -1;
    }
    table_match_default(m, g, NULL);
    p = *text;
    nl = strchr(p, '\n');
    /* "history N" (#28), in saves since the history, before the seats: the kept match it goes on. */
    if (nl && strncmp(nl + 1, "history ", 8) == 0) {
        m->history = strtoll(nl + 9, NULL, 10);
        nl = strchr(nl + 1, '\n');
    }
    if (!nl || strncmp(p, SAVE_HEADER "\n", sizeof SAVE_HEADER) != 0 ||
        strncmp(nl + 1, "seats ", 6) != 0 || !(p = strchr(nl + 1, '\n')) ||
        (size_t)(p - (nl + 7)) >= sizeof seats) {
        snprintf(err, errn, "not a saved table");
        goto fail;
    }
    memcpy(seats, nl + 7, (size_t)(p - (nl + 7)));
    seats[p - (nl + 7)] = 0;
    if (table_seats_read(m, seats) != 0) {
        snprintf(err, errn, "bad seats '%s'", seats);
        goto fail;
    }
    p++;
    if (handed_read(m, &p) != 0) {
        snprintf(err, errn, "bad handed seats");
        goto fail;
    }
    if (hints_read(m, &p) != 0) {
        snprintf(err, errn, "bad hints line");
        goto fail;
    }
    if (names_read(m, &p) != 0) {
        snprintf(err, errn, "bad name line");
        goto fail;
    }
    if (history_read(m, &p) != 0) {
        snprintf(err, errn, "bad history line");
        goto fail;
    }
    *body = p;
    return 0;
fail:
    free(*text);
    *text = NULL;
    return -1;
}
