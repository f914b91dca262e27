/* A turn-based table that is only watched (#28 replays): the replay screen
 * moves its record's cursor and chooses whose eyes it shows; the view draws
 * each position as it draws a match. The midend's table.c leaves out, for a
 * replay, the computer, the saves, the phones, the curtain, the button row
 * and the score screen. */
#include <stdio.h>
#include <string.h>

#include "core/log.h"
#include "shell/trace.h"
#include "table/table.h"
#include "table/table_priv.h"

int table_replay_eyes(const table *t)
{
    int s;
    if (t->replay_seat != TABLE_WATCH_MOVER)
        return t->replay_seat;
    /* whoever decides now; at the end, whoever made the last move */
    s = table_rules(t)->current_player(t->st);
    return s >= 0 ? s : t->has_last ? t->last_seat : 0;
}

int table_replay_seek(table *t, shell *sh, int cursor)
{
    char err[200];
    game_move m;
    int from = t->rec.cursor;
    if (!t->replay || cursor < 0 || cursor > t->rec.n_moves)
        return -1;
    if (record_replay(&t->rec, cursor, t->st, err, sizeof err) != 0) {
        log_error("%s replay: %s", t->game->id, err);
        record_replay(&t->rec, from, t->st, err, sizeof err);
        return -1;
    }
    t->rec.cursor = cursor;
    t->has_shown = 0; /* a shown move belongs to the position it was shown on */
    t->anim_len = t->anim_time = t->anim_prev = 0;
    t->anim_on = 0;
    table_log_reset(t);
    table_position_changed(t, sh, TABLE_JUMPED);
    /* One move on: the view shows it being played, as a redo does. */
    if (cursor == from + 1 && t->ops->redone && t->has_last &&
        table_rules(t)->move_read(t->last_before, t->rec.moves[cursor - 1], &m, err, sizeof err) == 0) {
        table_anim_start(t, sh, t->last_before, &m, 1);
        t->ops->redone(t->view, sh, t->last_before, &m);
    }
    return 0;
}

void table_replay_watch(table *t, shell *sh, int watch)
{
    if (!t->replay || watch < TABLE_WATCH_MOVER || watch >= t->m.params.players)
        return;
    t->replay_seat = watch;
    table_view_changed(t, sh, TABLE_LIFTED); /* the viewer changed */
}

void table_replay_step(table *t, shell *sh, double dt)
{
    t->time += dt;
    table_anim_step(t, dt);
    t->ops->update(t->view, sh, dt);
    if (t->ops->follow)
        t->ops->follow(t->view, sh, dt);
}

int table_replaying(const table *t) { return t->replay; }
