/* Phones at a turn-based table: moves in through table_play, views out
 * through the game's observe (docs/phones.md); and the end of every match. */
#include "table/table_phones.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "shell/shell.h"
#include "core/log.h"
#include "net/phone_proto.h"
#include "phoneview/phone_view.h"
#include "table/phones.h"
#include "table/phones_card.h"
#include "table/table_store.h"
#include "shell/trace.h"

/* The names phones show for the seats: a phone's own, else who plays it. */
static void seat_names(const match_setup *m, char names[GAME_MAX_PLAYERS][80], const char *ptrs[GAME_MAX_PLAYERS])
{
    const phone_roster *ro = phones_roster();
    for (int s = 0; s < m->params.players; s++) {
        if (phones_seat(s))
            snprintf(names[s], sizeof names[s], "%s", ro->name[s]);
        else if (m->seat[s] == SEAT_HUMAN)
            snprintf(names[s], sizeof names[s], "Player %d", s + 1);
        else
            table_seat_name(m, s, names[s], sizeof names[s]);
        ptrs[s] = names[s];
    }
}

/* The TV's menu covers the table: phones are told, and play waits (#25). */
static int tv_paused;

/* What is happening, in a sentence for the phone's status line. */
static void status_line(const table *t, int seat, const char *const *names, char *buf, size_t n)
{
    const game_rules *g = table_match(t)->game->rules;
    int d = g->current_player(table_state(t));
    if (tv_paused && !table_over(t))
        snprintf(buf, n, "The game is paused on the TV.");
    else if (table_over(t))
        snprintf(buf, n, "The game is over.");
    else if (d == seat - 1)
        snprintf(buf, n, "Your turn.");
    else if (d >= 0)
        snprintf(buf, n, "%s to play.", names[d]);
    else
        snprintf(buf, n, " ");
}

/* A view with `"paused": true` added (docs/phones.md): the same position,
 * with nothing to play until the menu closes. */
static char *paused_view(char *json)
{
    cJSON *v = cJSON_Parse(json);
    char *out;
    if (!v)
        return json;
    cJSON_AddBoolToObject(v, "paused", 1);
    out = cJSON_PrintUnformatted(v);
    cJSON_Delete(v);
    if (!out)
        return json;
    free(json);
    return out;
}

/* Every phone's view; bump: a new position (a move from an older view is stale). */
static void publish_views(table *t, int bump)
{
    phone_server *srv = phones_server();
    const match_setup *m = table_match(t);
    char names[GAME_MAX_PLAYERS][80], status[120];
    const char *ptrs[GAME_MAX_PLAYERS];
    if (!srv)
        return;
    if (bump)
        table_phones_bump(t);
    seat_names(m, names, ptrs);
    for (int seat = 0; seat <= m->params.players; seat++) {
        char *json;
        if (seat > 0 && !phones_seat(seat - 1))
            continue;
        status_line(t, seat, ptrs, status, sizeof status);
        json = phone_view_json(m->game->rules, table_state(t), seat, table_phones_rev(t), m->game->id, ptrs, status);
        if (json && tv_paused && !table_over(t))
            json = paused_view(json);
        if (json) {
            phones_api()->publish(srv, seat, json);
            free(json);
        }
    }
}

void table_phones_publish(table *t, shell *sh)
{
    (void)sh;
    publish_views(t, 1);
}

void table_phones_pause(table *t, int paused)
{
    if (!paused == !tv_paused)
        return;
    tv_paused = paused;
    /* The position is the same: its rev too, so a tap sent just before the
     * menu opened is still played when it closes. */
    publish_views(t, 0);
}

/* A move that came while the table still showed the one before (a quick
 * tap as the turn came round): played as soon as the table settles, so a
 * phone's tap is never lost to an animation. One is kept: only the seat to
 * decide gets this far, and its newest tap is the one it means. */
static struct {
    const table *t;
    phone_event ev;
    int on;
} waiting;

/* A phone's move: the seat's own decision, from the view it was shown, and
 * legal; then the same table_play a click uses. */
static void phone_move(table *t, shell *sh, const phone_event *ev)
{
    const match_setup *m = table_match(t);
    const game_rules *g = m->game->rules;
    phone_server *srv = phones_server();
    game_move mv;
    char err[240];
    int d = g->current_player(table_state(t));
    if (!phones_seat(ev->seat - 1)) {
        phones_api()->error(srv, ev->conn, "no-seat", "This phone plays no seat.");
    } else if (table_over(t) || d != ev->seat - 1) {
        table_turn_words(t, ev->seat - 1, err, sizeof err); /* the words the TV says */
        phones_api()->error(srv, ev->conn, "not-your-turn", err);
    } else if (ev->rev != table_phones_rev(t)) {
        phones_api()->error(srv, ev->conn, "stale", "The table changed; look again.");
    } else if (table_busy(t)) {
        waiting.t = t;
        waiting.ev = *ev;
        waiting.on = 1;
    } else if (g->move_read(table_state(t), ev->text, &mv, err, sizeof err) != 0) {
        /* the page offers only legal moves: this one lost a race with the
         * table; the phone hears it in words, the log gets the notation */
        log_info("phones: p%d's move refused: %s", ev->seat, err);
        phones_api()->error(srv, ev->conn, "illegal", "That move cannot be played now: look again.");
    } else {
        trace_line("phones move p%d %s", ev->seat, ev->text);
        if (table_play(t, sh, &mv) != 0)
            phones_api()->error(srv, ev->conn, "illegal", "That move cannot be played now: look again.");
    }
}

void table_phones_step(table *t, shell *sh)
{
    phone_event ev;
    if (!phones_on())
        return;
    while (phones_take(&ev))
        phone_move(t, sh, &ev);
    if (waiting.on && (waiting.t != t || !table_busy(t))) {
        ev = waiting.ev;
        waiting.on = 0;
        if (waiting.t == t) /* checked again: the turn, the view shown, the rules */
            phone_move(t, sh, &ev);
    }
    if (phones_roster_changed()) {
        /* Who sees what changed (a seat went to a phone): the curtain and the views follow. */
        table_refresh_viewer(t, sh);
        table_phones_publish(t, sh);
    }
}

/* Adds one seat action to the pause menu's list. */
static void menu_seat(table_menu_extra *x, int seat, int to_tv, const char *what, const char *name)
{
    if (x->nseat >= TABLE_MENU_SEATS)
        return;
    x->seat[x->nseat].seat = seat;
    x->seat[x->nseat].to_tv = to_tv;
    snprintf(x->seat[x->nseat].label, sizeof x->seat[0].label, "Player %d: %s", seat + 1, what);
    snprintf(x->seat[x->nseat].name, sizeof x->seat[0].name, "seat%d_%s", seat + 1, name);
    x->nseat++;
}

void table_phones_menu(const match_setup *m, table_menu_extra *x)
{
    const phone_roster *ro = phones_roster();
    memset(x, 0, sizeof *x);
    if (!phones_on())
        return;
    x->phones = 1;
    for (int s = 0; s < m->params.players; s++) {
        if (m->seat[s] == SEAT_HUMAN && phones_seat(s) && !(ro->connected >> s & 1)) {
            /* its phone is away: the match need not wait for it */
            menu_seat(x, s, 0, "computer plays", "computer");
            menu_seat(x, s, 1, "free the seat", "free");
        } else if (m->seat[s] != SEAT_HUMAN && (m->handed >> s & 1)) {
            menu_seat(x, s, 1, "people play", "people");
        }
    }
}

unsigned table_phones_waiting(const match_setup *m)
{
    const phone_roster *ro = phones_roster();
    unsigned w = 0;
    for (int s = 0; s < m->params.players; s++)
        if (m->seat[s] == SEAT_HUMAN && phones_seat(s) && !(ro->connected >> s & 1))
            w |= 1u << s;
    return w;
}

/* Whether the join card is up, and for which table (a new one starts without). */
static struct {
    const void *owner;
    int shown;
} card;

void table_phones_card_update(const void *owner, const match_setup *m)
{
    int want = table_phones_waiting(m) != 0;
    if (card.owner != owner) {
        card.owner = owner;
        card.shown = 0;
    }
    if (want == card.shown)
        return;
    card.shown = want;
    trace_line("phones card %s", want ? "shown" : "hidden");
}

/* The join card's width: its QR code's modules at least 6 px at 1080p, so a
 * phone's camera reads it across a living room (PHONES_CARD_HEIGHT). */
#define JOIN_CARD_W 300.0f

void table_phones_card_draw(const match_setup *m, shell *sh, render *r)
{
    float w = JOIN_CARD_W;
    const scene *top = shell_top(sh);
    /* The pause menu over the table shows the card itself. */
    if (!table_phones_waiting(m) || (top && strcmp(top->name, "table") != 0))
        return;
    /* The top right corner: the views keep their move lists and scores
     * there, never the board. */
    phones_card_draw(r, (rrect){shell_vw(sh) - w - 12, 12, w, PHONES_CARD_HEIGHT(w)});
}

/* Tells every phone match m is over: why (NULL: no reason), and each seat's
 * place (0 is first) and total. */
static void send_end(const match_setup *m, const char *why, const int *rank, const int *score)
{
    char names[GAME_MAX_PLAYERS][80];
    const char *ptrs[GAME_MAX_PLAYERS];
    cJSON *o, *list;
    char *json;
    if (!phones_on())
        return;
    seat_names(m, names, ptrs);
    o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "v", 1);
    cJSON_AddStringToObject(o, "t", "end");
    if (why)
        cJSON_AddStringToObject(o, "why", why);
    list = cJSON_AddArrayToObject(o, "result");
    for (int s = 0; s < m->params.players; s++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "seat", s + 1);
        cJSON_AddStringToObject(e, "name", ptrs[s]);
        cJSON_AddNumberToObject(e, "rank", rank[s] + 1);
        cJSON_AddNumberToObject(e, "score", score[s]);
        phone_add_seat_identity(e, s);
        cJSON_AddItemToArray(list, e);
    }
    json = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (json) {
        phones_end(json);
        free(json);
    }
}

void table_phones_over(table *t, const game_result *res)
{
    const match_setup *m = table_match(t);
    const game_rules *g = m->game->rules;
    char why[160];
    int told;
    if (!phones_on())
        return;
    told = g && g->result_reason && g->result_reason(table_state(t), why, sizeof why) >= 0;
    send_end(m, told ? why : NULL, res->rank, res->score);
}

void table_phones_end(const match_setup *m, const score_report *rep)
{
    send_end(m, rep->reason[0] ? rep->reason : NULL, rep->rank, rep->total);
}
