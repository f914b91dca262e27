/* The room: hello, join and leave, the seat table and its tokens, events to
 * the main loop, and each connection's outgoing queue. Service thread only,
 * but for the seat table, which is under s->lock. */
#include "net/phone_room.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "core/log.h"
#include "core/utf8.h"
#include "net/phone_guard.h"
#include "net/phone_proto.h"

/* ---------------------------------------------------------------- randomness and time */

int64_t phone_room_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* n random bytes: the seeded generator for tests, else the OS's source. */
static int random_bytes(phone_server *s, unsigned char *buf, size_t n)
{
    if (s->seeded) {
        for (size_t i = 0; i < n; i++)
            buf[i] = (unsigned char)(rng_next(&s->rng) >> 56);
        return 0;
    }
    size_t got = 0;
    while (got < n) {
        ssize_t k = getrandom(buf + got, n - got, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    if (got == n)
        return 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t k = read(fd, buf, n);
    close(fd);
    return k == (ssize_t)n ? 0 : -1;
}

/* ---------------------------------------------------------------- sending (service thread) */

static void conn_send(ws_conn *c, const char *text, size_t len)
{
    if (!c->live)
        return;
    if (c->out_n == OUT_MAX) { /* a phone that reads nothing loses its oldest message */
        free(c->out[c->out_head]);
        c->out_head = (c->out_head + 1) % OUT_MAX;
        c->out_n--;
        log_debug("phone_server: connection %u is slow, dropped a message", c->id);
    }
    unsigned char *m = malloc(LWS_PRE + len);
    if (!m) {
        log_error("phone_server: out of memory");
        return;
    }
    memcpy(m + LWS_PRE, text, len);
    int k = (c->out_head + c->out_n) % OUT_MAX;
    c->out[k] = m;
    c->outlen[k] = len;
    c->out_n++;
    lws_callback_on_writable(c->wsi);
}

void phone_room_send(ws_conn *c, const char *text)
{
    if (text)
        conn_send(c, text, strlen(text));
}

void phone_room_error(ws_conn *c, const char *code, const char *msg, int wait_s)
{
    char buf[512];
    int n = phone_build_error_wait(buf, sizeof buf, code, msg, wait_s);
    if (n > 0)
        conn_send(c, buf, (size_t)n);
}

static void conn_error(ws_conn *c, const char *code, const char *msg) { phone_room_error(c, code, msg, 0); }

ws_conn *phone_room_find(phone_server *s, uint32_t id)
{
    for (ws_conn *c = s->conns; c; c = c->next)
        if (c->id == id)
            return c;
    return NULL;
}

/* The welcome text for the seats now, into buf; its length or -1. Locked. */
static int welcome_locked(phone_server *s, char *buf, size_t n)
{
    phone_proto_seat ps[PHONE_MAX_SEATS];
    for (int k = 0; k < s->seats; k++) {
        int phone = s->seat[k].token[0] != 0;
        ps[k] = (phone_proto_seat){phone ? s->seat[k].name : s->info[k].name, s->info[k].human,
                                   phone, s->info[k].human && s->info[k].open && !phone};
    }
    return phone_build_welcome(buf, n, s->room, s->game, s->mode, s->controls, ps, s->seats);
}

void phone_room_welcome(phone_server *s, ws_conn *only)
{
    char buf[PHONE_FRAME_MAX];
    pthread_mutex_lock(&s->lock);
    int n = welcome_locked(s, buf, sizeof buf);
    pthread_mutex_unlock(&s->lock);
    if (n < 0) {
        log_error("phone_server: the welcome does not fit %zu bytes", sizeof buf);
        return;
    }
    for (ws_conn *c = s->conns; c; c = c->next)
        if (only ? c == only : c->hello)
            conn_send(c, buf, (size_t)n);
}

/* Sends the latest view of c's seat (the watchers' without one). */
static void send_view(phone_server *s, ws_conn *c)
{
    pthread_mutex_lock(&s->lock);
    char *v = s->view[c->seat] ? strdup(s->view[c->seat]) : NULL;
    pthread_mutex_unlock(&s->lock);
    phone_room_send(c, v);
    free(v);
}

/* ---------------------------------------------------------------- seats and events (service thread) */

/* Queues ev for the main loop; seat events may use the reserve. 0 or -1 (full). */
static int event_push(phone_server *s, const phone_event *ev, int reserve)
{
    pthread_mutex_lock(&s->lock);
    /* Watchers' pings share a part of the queue, so seated phones always find room. */
    int room = s->ev_n < EVENT_MAX - (reserve ? 0 : EVENT_RESERVE) && (ev->seat || s->ev_watch < EVENT_WATCH_MAX);
    if (room) {
        s->ev[(s->ev_head + s->ev_n) % EVENT_MAX] = *ev;
        s->ev_n++;
        s->ev_watch += !ev->seat;
    }
    pthread_mutex_unlock(&s->lock);
    if (room && s->wake)
        s->wake(s->wake_user);
    if (!room && reserve)
        log_warn("phone_server: event queue full, seat event %d for seat %d lost", ev->kind, ev->seat);
    return room ? 0 : -1;
}

static void seat_event(phone_server *s, phone_event_kind kind, int seat, uint32_t id)
{
    phone_event ev = {.kind = kind, .seat = seat, .conn = id};
    pthread_mutex_lock(&s->lock);
    snprintf(ev.name, sizeof ev.name, "%s", s->seat[seat - 1].name);
    pthread_mutex_unlock(&s->lock);
    event_push(s, &ev, 1);
}

/* Moves c to seat (0: none), keeping the counts; the seat's last connection
 * leaving tells the main loop (GONE) unless the seat was given back. */
void phone_room_set_seat(phone_server *s, ws_conn *c, int seat)
{
    if (c->seat == seat)
        return;
    int old = c->seat, gone = 0;
    pthread_mutex_lock(&s->lock);
    if (old) {
        s->seat[old - 1].conns--;
        gone = s->seat[old - 1].conns == 0 && s->seat[old - 1].token[0];
    }
    if (seat)
        s->seat[seat - 1].conns++;
    pthread_mutex_unlock(&s->lock);
    c->seat = seat;
    if (gone)
        seat_event(s, PHONE_EV_GONE, old, c->id);
}

static void on_hello(phone_server *s, ws_conn *c, const phone_msg *m)
{
    if (!phone_guard_room(s, c, m->room))
        return;
    if (!m->token[0]) {
        c->hello = 1;
        phone_room_set_seat(s, c, 0);
        phone_room_welcome(s, c);
        send_view(s, c);
        return;
    }
    int seat = 0;
    char buf[512];
    pthread_mutex_lock(&s->lock);
    for (int k = 0; k < s->seats && !seat; k++)
        if (s->seat[k].token[0] && strcmp(s->seat[k].token, m->token) == 0)
            seat = k + 1;
    int n = seat ? phone_build_joined(buf, sizeof buf, seat, s->seat[seat - 1].name, m->token) : -1;
    pthread_mutex_unlock(&s->lock);
    if (!seat) {
        conn_error(c, "token", "that seat was given back or the match is another");
        return;
    }
    c->hello = 1;
    phone_room_set_seat(s, c, seat);
    if (n > 0)
        conn_send(c, buf, (size_t)n);
    send_view(s, c);
    seat_event(s, PHONE_EV_BACK, seat, c->id);
}

/* Gives seat m->seat to a phone with token if it is free and open; NULL, or
 * the error code (why in *why). Locked. */
static const char *take_seat_locked(phone_server *s, const phone_msg *m, const char *token,
                                    const char **why)
{
    int k = m->seat - 1;
    if (k >= s->seats || !s->info[k].human || !s->info[k].open) {
        *why = "that seat is not open to phones";
        return "not-open";
    }
    if (s->seat[k].token[0]) {
        *why = "a phone plays that seat; it comes back with its token";
        return "seat-taken";
    }
    memcpy(s->seat[k].token, token, PHONE_TOKEN_HEX + 1);
    snprintf(s->seat[k].name, sizeof s->seat[k].name, "%s", m->name);
    return NULL;
}

static void on_join(phone_server *s, ws_conn *c, const phone_msg *given)
{
    if (!phone_guard_room(s, c, given->room))
        return;
    /* The name as the TV and the other phones will show it: nothing that
     * hides or turns text around, cut by grapheme to what a seat's label holds. */
    phone_msg clean = *given;
    const phone_msg *m = &clean;
    if (utf8_clean_name(given->name, clean.name, sizeof clean.name, PHONE_NAME_MAX, PHONE_NAME_COLS) <= 0) {
        conn_error(c, "field", "the name has nothing to show");
        return;
    }
    unsigned char raw[PHONE_TOKEN_HEX / 2];
    char token[PHONE_TOKEN_HEX + 1], buf[512];
    const char *code = NULL, *why = NULL;
    if (c->seat && c->seat != m->seat) {
        code = "not-open", why = "this phone plays another seat: leave it first";
    } else if (random_bytes(s, raw, sizeof raw) < 0) {
        code = "busy", why = "no random source for a token";
    } else {
        for (size_t i = 0; i < sizeof raw; i++)
            snprintf(token + 2 * i, 3, "%02x", raw[i]);
        pthread_mutex_lock(&s->lock);
        code = take_seat_locked(s, m, token, &why);
        pthread_mutex_unlock(&s->lock);
    }
    if (code) {
        conn_error(c, code, why);
        return;
    }
    int n = phone_build_joined(buf, sizeof buf, m->seat, m->name, token);
    c->hello = 1;
    phone_room_set_seat(s, c, m->seat);
    if (n > 0)
        conn_send(c, buf, (size_t)n);
    send_view(s, c);
    seat_event(s, PHONE_EV_JOINED, m->seat, c->id);
    phone_room_welcome(s, NULL);
}

/* Frees seats whose token is gone (leave, or the game took them back): their
 * connections become watchers and see the public view. */
void phone_room_drop_unseated(phone_server *s)
{
    for (ws_conn *c = s->conns; c; c = c->next) {
        pthread_mutex_lock(&s->lock);
        int lost = c->seat && (c->seat > s->seats || !s->seat[c->seat - 1].token[0]);
        pthread_mutex_unlock(&s->lock);
        if (lost) {
            phone_room_set_seat(s, c, 0);
            send_view(s, c);
        }
    }
}

static void on_leave(phone_server *s, ws_conn *c)
{
    if (!c->seat) {
        conn_error(c, "no-seat", "this phone plays no seat");
        return;
    }
    int seat = c->seat;
    seat_event(s, PHONE_EV_LEFT, seat, c->id); /* before the name goes */
    pthread_mutex_lock(&s->lock);
    s->seat[seat - 1].token[0] = 0;
    s->seat[seat - 1].name[0] = 0;
    pthread_mutex_unlock(&s->lock);
    phone_room_drop_unseated(s);
    phone_room_welcome(s, NULL);
}

/* move, pad and ping: to the main loop. */
static void on_game(phone_server *s, ws_conn *c, const phone_msg *m)
{
    phone_event ev = {.seat = c->seat, .conn = c->id};
    if (m->t == PHONE_MSG_PING && !c->hello) { /* strangers must not reach the game's queue */
        conn_error(c, "hello", "say hello with the room code first");
        return;
    }
    if (m->t != PHONE_MSG_PING && !c->seat) {
        conn_error(c, "no-seat", "join a seat first");
        return;
    }
    if (m->t == PHONE_MSG_PAD && strcmp(s->controls, "pad") != 0) {
        conn_error(c, "not-pad", "this game is played with the phone's own controls, not a pad");
        return;
    }
    if (m->t == PHONE_MSG_PAD && m->button == PHONE_B_MENU) {
        conn_error(c, "menu", "the menus are the TV's");
        return;
    }
    if (m->t == PHONE_MSG_MOVE) {
        ev.kind = PHONE_EV_MOVE;
        ev.rev = m->rev;
        snprintf(ev.text, sizeof ev.text, "%s", m->move);
    } else if (m->t == PHONE_MSG_PAD) {
        ev.kind = PHONE_EV_PAD;
        ev.button = m->button;
        ev.down = m->down;
    } else {
        ev.kind = PHONE_EV_PING;
        ev.id = m->id;
    }
    if (event_push(s, &ev, 0) < 0)
        conn_error(c, "busy", "the game is busy; try again");
}

/* One whole text frame from c. */
void phone_room_message(phone_server *s, ws_conn *c, int binary)
{
    int64_t t = phone_room_now_ms();
    if (c->kick)
        return; /* being closed: it is told why, and nothing else */
    if (s->rate_cap && c->stamp_n == PHONE_RATE_PER_S && t - c->stamp[c->stamp_head] < 1000) {
        conn_error(c, "rate", "more than 60 messages in a second");
        return;
    }
    c->stamp[(c->stamp_head + c->stamp_n) % PHONE_RATE_PER_S] = t;
    if (c->stamp_n < PHONE_RATE_PER_S)
        c->stamp_n++;
    else
        c->stamp_head = (c->stamp_head + 1) % PHONE_RATE_PER_S;
    phone_msg m;
    char code[16];
    if (binary) {
        conn_error(c, "json", "text frames only");
        return;
    }
    if (phone_msg_parse(c->rx, c->rxlen, &m, code, sizeof code) < 0) {
        conn_error(c, code, "the message was refused");
        return;
    }
    switch (m.t) {
    case PHONE_MSG_HELLO:
        on_hello(s, c, &m);
        break;
    case PHONE_MSG_JOIN:
        on_join(s, c, &m);
        break;
    case PHONE_MSG_LEAVE:
        on_leave(s, c);
        break;
    default:
        on_game(s, c, &m);
    }
}


int phone_room_make_code(phone_server *s)
{
    unsigned char raw[PHONE_ROOM_LEN];
    if (random_bytes(s, raw, sizeof raw) < 0)
        return -1;
    for (int i = 0; i < PHONE_ROOM_LEN; i++)
        s->room[i] = ROOM_LETTERS[raw[i] % (sizeof ROOM_LETTERS - 1)];
    s->room[PHONE_ROOM_LEN] = 0;
    return 0;
}
