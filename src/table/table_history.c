/* The history's side of a table: match_info from a match_setup, and the
 * writes, each one store transaction (history.c). */
#include "table/table_history.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/history.h"
#include "app/store.h"
#include "core/log.h"
#include "core/utf8.h"
#include "table/phones.h"
#include "table/table_store.h"

void table_history_info(const match_setup *m, uint64_t seed, int64_t started, int64_t played_ms, int moves,
                        match_info *mi)
{
    memset(mi, 0, sizeof *mi);
    snprintf(mi->mode, sizeof mi->mode, "%s", m->game->id);
    mi->params = m->params;
    mi->seed = seed;
    mi->started = started ? started : (int64_t)time(NULL);
    mi->played_ms = played_ms;
    mi->moves = moves;
    mi->hints = m->hints_used; /* #29: the history says hints were used */
    for (int i = 0; i < m->params.players && i < GAME_MAX_PLAYERS; i++) {
        match_seat *s = &mi->seat[i];
        s->place = -1;
        if (m->seat[i] == SEAT_COMPUTER) {
            s->level = m->level[i];
            snprintf(s->name, sizeof s->name, "%s", history_computer_name(m->level[i]));
        } else if (phones_seat(i)) {
            utf8_copy(s->name, sizeof s->name, phones_roster()->name[i]); /* the name the phone gave */
        } else {
            table_seat_name(m, i, s->name, sizeof s->name); /* as the table shows the seat */
        }
    }
}

int64_t table_history_of_save(const char *text)
{
    /* Its second line, after the header: "history N". */
    const char *p = text ? strchr(text, '\n') : NULL;
    return p && strncmp(p + 1, "history ", 8) == 0 ? strtoll(p + 9, NULL, 10) : 0;
}

/* A new match is about to take game's save slot: the match saved there, if
 * it is kept and is not this one, can never be resumed again. */
static void replace_slot(store *db, const char *game, int64_t keep)
{
    char id[RECORD_ID_LEN], *text = NULL;
    int64_t old;
    if (store_save_get(db, game, id, sizeof id, &text) != 0)
        return;
    old = table_history_of_save(text);
    free(text);
    if (old > 0 && old != keep && history_abandon(db, old) == 0)
        log_info("%s history %lld abandoned: a new match took its save", game, (long long)old);
}

int table_history_write(shell *sh, match_setup *m, const match_info *mi, const char *body)
{
    store *db = shell_store(sh);
    int64_t id;
    if (!db)
        return -1;
    if (m->history > 0) {
        if (history_update(db, m->history, mi, body) == 0)
            return 0;
        log_warn("%s table: history %lld could not be updated: %s", m->game->id, (long long)m->history,
                 store_error(db));
        return -1;
    }
    if (history_begin(db, mi, body ? body : "", &id) != 0) {
        log_warn("%s table: the match could not be kept in the history: %s", m->game->id, store_error(db));
        return -1;
    }
    replace_slot(db, m->game->id, id);
    m->history = id;
    log_info("%s history %lld begun", m->game->id, (long long)id);
    return 0;
}

/* Who won, as the score screen words it when the mode gives no headline. */
static void result_words(const score_report *rep, char *buf, size_t n)
{
    int winners = 0, first = 0;
    for (int i = rep->players - 1; i >= 0; i--)
        if (rep->rank[i] == 0) {
            winners++;
            first = i;
        }
    if (rep->headline[0])
        snprintf(buf, n, "%s", rep->headline);
    else if (winners == rep->players && rep->players > 1)
        snprintf(buf, n, "A draw");
    else if (winners > 1)
        snprintf(buf, n, "A shared win!");
    else
        snprintf(buf, n, "%s wins!", rep->names[first]);
}

int table_history_finish(shell *sh, match_setup *m, match_info *mi, const score_report *rep, const char *body)
{
    store *db = shell_store(sh);
    if (!db)
        return -1;
    mi->status = MATCH_FINISHED;
    mi->ended = (int64_t)time(NULL);
    result_words(rep, mi->result, sizeof mi->result);
    snprintf(mi->reason, sizeof mi->reason, "%s", rep->reason);
    for (int i = 0; i < rep->players && i < GAME_MAX_PLAYERS; i++) {
        mi->seat[i].place = rep->rank[i];
        mi->seat[i].score = rep->total[i];
    }
    /* A match that ended on its first write (a one-move game) is kept whole here. */
    if (m->history <= 0)
        return table_history_write(sh, m, mi, body);
    if (history_finish(db, m->history, mi, body) != 0) {
        log_warn("%s table: history %lld could not be finished: %s", m->game->id, (long long)m->history,
                 store_error(db));
        return -1;
    }
    log_info("%s history %lld finished: %s", m->game->id, (long long)m->history,
               mi->result[0] ? mi->result : "-");
    return 0;
}

void table_history_abandon(shell *sh, match_setup *m)
{
    if (!shell_store(sh) || m->history <= 0)
        return;
    if (history_abandon(shell_store(sh), m->history) == 0)
        log_info("%s history %lld abandoned", m->game->id, (long long)m->history);
}
