/* The phone server's service thread, its queues and the seat table. The
 * thread owns the connection list; everything the main thread may read or
 * hand over (seats, views, events, commands) sits under s->lock. */
/* realpath is POSIX.1-2008 XSI: glibc shows it with _DEFAULT_SOURCE. */
#define _DEFAULT_SOURCE
#include "net/phone_server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include <libwebsockets.h>

#include "core/log.h"
#include "core/rng.h"
#include "net/phone_net.h"
#include "net/phone_proto.h"

#define CONN_MAX 64     /* live WebSocket connections; more are refused */
#define OUT_MAX 64      /* messages waiting to be written to one connection */
#define EVENT_MAX 256   /* events waiting for the main loop */
#define EVENT_RESERVE 16 /* of those, kept for seat events when phones flood */
#define CMD_MAX 1024    /* texts the main loop handed over, not yet queued */
#define FLUSH_MS 500    /* how long stop waits for "end" to be written */
#define IDLE_HANGUP_S 40 /* a connection silent this long, pings unanswered, is closed */
#define ROOM_LETTERS "ABCDEFGHJKMNPQRSTUVWXYZ" /* no I, L, O: nothing to mistake for 1 or 0 */

/* One WebSocket connection: libwebsockets' per-session data. */
typedef struct ws_conn {
    struct lws *wsi;
    struct ws_conn *next;
    uint32_t id;
    int seat;  /* 1-based seat it plays, 0: none (a watcher once it said hello) */
    int hello; /* said hello or joined: it gets welcomes */
    int live;
    unsigned char *out[OUT_MAX]; /* LWS_PRE bytes of headroom, then the text */
    size_t outlen[OUT_MAX];
    int out_head, out_n;
    char rx[PHONE_FRAME_MAX + 1];
    size_t rxlen;
    int64_t stamp[PHONE_RATE_PER_S]; /* arrival (ms) of the last messages, a ring */
    int stamp_head, stamp_n;
} ws_conn;

typedef enum cmd_kind { CMD_SEAT, CMD_CONN, CMD_ALL, CMD_SEATS } cmd_kind;

/* A text the main loop handed over, for one seat, one connection or all. */
typedef struct cmd {
    cmd_kind kind;
    int seat;
    uint32_t conn;
    char *text;
} cmd;

typedef struct seat_state {
    char token[PHONE_TOKEN_HEX + 1]; /* "" while no phone holds the seat */
    char name[PHONE_NAME_MAX * 4 + 1];
    int conns; /* live connections playing it */
} seat_state;

struct phone_server {
    struct lws_context *ctx;
    struct lws_protocols protocols[3];
    struct lws_http_mount mount_web, mount_art;
    lws_retry_bo_t idle;
    char web_root[PATH_MAX], art_root[PATH_MAX];
    char game[32], mode[64], controls[8];
    char room[PHONE_ROOM_LEN + 1];
    char url[80];
    int port;
    int rate_cap; /* 0: none */
    pthread_t thread;
    int thread_started;
    atomic_int stop;
    rng rng;
    int seeded;

    pthread_mutex_t lock; /* guards everything below */
    phone_seat_info info[PHONE_MAX_SEATS];
    seat_state seat[PHONE_MAX_SEATS];
    int seats;
    char *view[PHONE_MAX_SEATS + 1]; /* latest view per seat; [0]: the watchers' */
    phone_event ev[EVENT_MAX];
    int ev_head, ev_n;
    cmd cmds[CMD_MAX];
    int cmd_head, cmd_n;

    /* The service thread's alone. */
    ws_conn *conns;
    int nconns;
    uint32_t next_id;
};

static int64_t now_ms(void)
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

static void conn_send_str(ws_conn *c, const char *text)
{
    if (text)
        conn_send(c, text, strlen(text));
}

static void conn_error(ws_conn *c, const char *code, const char *msg)
{
    char buf[512];
    int n = phone_build_error(buf, sizeof buf, code, msg);
    if (n > 0)
        conn_send(c, buf, (size_t)n);
}

static ws_conn *conn_find(phone_server *s, uint32_t id)
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

static void send_welcome(phone_server *s, ws_conn *only)
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
    conn_send_str(c, v);
    free(v);
}

/* ---------------------------------------------------------------- seats and events (service thread) */

/* Queues ev for the main loop; seat events may use the reserve. 0 or -1 (full). */
static int event_push(phone_server *s, const phone_event *ev, int reserve)
{
    pthread_mutex_lock(&s->lock);
    int room = s->ev_n < EVENT_MAX - (reserve ? 0 : EVENT_RESERVE);
    if (room) {
        s->ev[(s->ev_head + s->ev_n) % EVENT_MAX] = *ev;
        s->ev_n++;
    }
    pthread_mutex_unlock(&s->lock);
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
static void conn_set_seat(phone_server *s, ws_conn *c, int seat)
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

static int room_ok(phone_server *s, ws_conn *c, const char *room)
{
    if (strcmp(room, s->room) == 0)
        return 1;
    conn_error(c, "room", "no such room");
    return 0;
}

static void on_hello(phone_server *s, ws_conn *c, const phone_msg *m)
{
    if (!room_ok(s, c, m->room))
        return;
    if (!m->token[0]) {
        c->hello = 1;
        conn_set_seat(s, c, 0);
        send_welcome(s, c);
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
    conn_set_seat(s, c, seat);
    if (n > 0)
        conn_send(c, buf, (size_t)n);
    send_view(s, c);
    seat_event(s, PHONE_EV_BACK, seat, c->id);
}

static void on_join(phone_server *s, ws_conn *c, const phone_msg *m)
{
    if (!room_ok(s, c, m->room))
        return;
    unsigned char raw[PHONE_TOKEN_HEX / 2];
    char token[PHONE_TOKEN_HEX + 1], buf[512];
    const char *code = NULL, *why = NULL;
    int k = m->seat - 1, n = -1;
    if (c->seat && c->seat != m->seat) {
        code = "not-open", why = "this phone plays another seat: leave it first";
    } else if (random_bytes(s, raw, sizeof raw) < 0) {
        code = "busy", why = "no random source for a token";
    }
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(token + 2 * i, 3, "%02x", raw[i]);
    pthread_mutex_lock(&s->lock);
    if (code) {
    } else if (k >= s->seats || !s->info[k].human || !s->info[k].open) {
        code = "not-open", why = "that seat is not open to phones";
    } else if (s->seat[k].token[0]) {
        code = "seat-taken", why = "a phone plays that seat; it comes back with its token";
    } else {
        memcpy(s->seat[k].token, token, sizeof token);
        snprintf(s->seat[k].name, sizeof s->seat[k].name, "%s", m->name);
        n = phone_build_joined(buf, sizeof buf, m->seat, m->name, token);
    }
    pthread_mutex_unlock(&s->lock);
    if (code) {
        conn_error(c, code, why);
        return;
    }
    c->hello = 1;
    conn_set_seat(s, c, m->seat);
    if (n > 0)
        conn_send(c, buf, (size_t)n);
    send_view(s, c);
    seat_event(s, PHONE_EV_JOINED, m->seat, c->id);
    send_welcome(s, NULL);
}

/* Frees seats whose token is gone (leave, or the game took them back): their
 * connections become watchers and see the public view. */
static void drop_unseated(phone_server *s)
{
    for (ws_conn *c = s->conns; c; c = c->next) {
        pthread_mutex_lock(&s->lock);
        int lost = c->seat && (c->seat > s->seats || !s->seat[c->seat - 1].token[0]);
        pthread_mutex_unlock(&s->lock);
        if (lost) {
            conn_set_seat(s, c, 0);
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
    drop_unseated(s);
    send_welcome(s, NULL);
}

/* move, pad and ping: to the main loop. */
static void on_game(phone_server *s, ws_conn *c, const phone_msg *m)
{
    phone_event ev = {.seat = c->seat, .conn = c->id};
    if (m->t != PHONE_MSG_PING && !c->seat) {
        conn_error(c, "no-seat", "join a seat first");
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
static void conn_message(phone_server *s, ws_conn *c, int binary)
{
    int64_t t = now_ms();
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

/* ---------------------------------------------------------------- commands from the main loop */

/* Hands the main loop's queued texts to their connections. */
static void service_commands(phone_server *s)
{
    for (;;) {
        pthread_mutex_lock(&s->lock);
        int any = s->cmd_n > 0;
        cmd k = any ? s->cmds[s->cmd_head] : (cmd){0};
        if (any) {
            s->cmd_head = (s->cmd_head + 1) % CMD_MAX;
            s->cmd_n--;
        }
        pthread_mutex_unlock(&s->lock);
        if (!any)
            return;
        if (k.kind == CMD_SEATS) {
            drop_unseated(s);
            send_welcome(s, NULL);
        } else if (k.kind == CMD_CONN) {
            ws_conn *c = conn_find(s, k.conn);
            if (c)
                conn_send_str(c, k.text);
        } else {
            for (ws_conn *c = s->conns; c; c = c->next)
                if (k.kind == CMD_ALL || (c->seat == k.seat && (k.seat || c->hello)))
                    conn_send_str(c, k.text);
        }
        free(k.text);
    }
}

static void cmd_push(phone_server *s, cmd_kind kind, int seat, uint32_t id, const char *text)
{
    char *copy = text ? strdup(text) : NULL;
    if (text && !copy) {
        log_error("phone_server: out of memory");
        return;
    }
    pthread_mutex_lock(&s->lock);
    if (s->cmd_n == CMD_MAX) { /* the service thread is stuck: the oldest goes */
        free(s->cmds[s->cmd_head].text);
        s->cmd_head = (s->cmd_head + 1) % CMD_MAX;
        s->cmd_n--;
        log_warn("phone_server: command queue full, dropped the oldest");
    }
    s->cmds[(s->cmd_head + s->cmd_n) % CMD_MAX] = (cmd){kind, seat, id, copy};
    s->cmd_n++;
    pthread_mutex_unlock(&s->lock);
    if (s->ctx)
        lws_cancel_service(s->ctx);
}

/* ---------------------------------------------------------------- libwebsockets callbacks */

static int ws_receive(phone_server *s, ws_conn *c, struct lws *wsi, const void *in, size_t len)
{
    if (c->rxlen + len + lws_remaining_packet_payload(wsi) > PHONE_FRAME_MAX) {
        static const char why[] = "frame over 4096 bytes";
        lws_close_reason(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, (unsigned char *)why, sizeof why - 1);
        log_debug("phone_server: connection %u sent a frame over %d bytes", c->id, PHONE_FRAME_MAX);
        return -1;
    }
    memcpy(c->rx + c->rxlen, in, len);
    c->rxlen += len;
    if (!lws_is_final_fragment(wsi))
        return 0;
    c->rx[c->rxlen] = 0;
    conn_message(s, c, lws_frame_is_binary(wsi));
    c->rxlen = 0;
    return 0;
}

static int ws_writeable(ws_conn *c, struct lws *wsi)
{
    if (!c->out_n)
        return 0;
    int k = c->out_head;
    size_t len = c->outlen[k];
    int n = lws_write(wsi, c->out[k] + LWS_PRE, len, LWS_WRITE_TEXT);
    free(c->out[k]);
    c->out_head = (k + 1) % OUT_MAX;
    c->out_n--;
    if (n < (int)len)
        return -1;
    if (c->out_n)
        lws_callback_on_writable(wsi);
    return 0;
}

static void ws_closed(phone_server *s, ws_conn *c)
{
    if (!c->live)
        return;
    conn_set_seat(s, c, 0);
    for (ws_conn **p = &s->conns; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    s->nconns--;
    while (c->out_n) {
        free(c->out[c->out_head]);
        c->out_head = (c->out_head + 1) % OUT_MAX;
        c->out_n--;
    }
    c->live = 0;
}

static int ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                       size_t len)
{
    phone_server *s = lws_context_user(lws_get_context(wsi));
    ws_conn *c = user;
    char uri[16];
    switch (reason) {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        /* The socket lives at /ws only, and a flood of sockets is refused. */
        if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0 || strcmp(uri, "/ws") != 0 ||
            s->nconns >= CONN_MAX)
            return -1;
        return 0;
    case LWS_CALLBACK_ESTABLISHED:
        memset(c, 0, sizeof *c);
        c->wsi = wsi;
        c->id = ++s->next_id ? s->next_id : ++s->next_id;
        c->live = 1;
        c->next = s->conns;
        s->conns = c;
        s->nconns++;
        return 0;
    case LWS_CALLBACK_RECEIVE:
        return c && c->live ? ws_receive(s, c, wsi, in, len) : -1;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return c && c->live ? ws_writeable(c, wsi) : 0;
    case LWS_CALLBACK_CLOSED:
        if (c)
            ws_closed(s, c);
        return 0;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        service_commands(s);
        return 0;
    default:
        return 0;
    }
}

/* Plain HTTP (the mounts). A WebSocket upgrade that did not name our
 * subprotocol lands here and is refused. */
static int http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                         size_t len)
{
    if (reason == LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION)
        return -1;
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

/* ---------------------------------------------------------------- the thread */

static void flush_tick(lws_sorted_usec_list_t *sul)
{
    (void)sul; /* only wakes lws_service so that the flush loop sees the time */
}

static void *service_main(void *arg)
{
    phone_server *s = arg;
    while (!atomic_load(&s->stop))
        if (lws_service(s->ctx, 0) < 0)
            break;
    /* Stopping: what is queued ("end") gets FLUSH_MS to be written. */
    service_commands(s);
    int64_t deadline = now_ms() + FLUSH_MS;
    lws_sorted_usec_list_t tick;
    memset(&tick, 0, sizeof tick);
    for (;;) {
        int pending = 0;
        for (ws_conn *c = s->conns; c; c = c->next)
            pending += c->out_n;
        if (!pending || now_ms() >= deadline)
            break;
        lws_sul_schedule(s->ctx, 0, &tick, flush_tick, 10 * LWS_US_PER_MS);
        if (lws_service(s->ctx, 0) < 0)
            break;
    }
    lws_sul_cancel(&tick);
    return NULL;
}

/* ---------------------------------------------------------------- the interface */

static int make_room(phone_server *s)
{
    unsigned char raw[PHONE_ROOM_LEN];
    if (random_bytes(s, raw, sizeof raw) < 0)
        return -1;
    for (int i = 0; i < PHONE_ROOM_LEN; i++)
        s->room[i] = ROOM_LETTERS[raw[i] % (sizeof ROOM_LETTERS - 1)];
    s->room[PHONE_ROOM_LEN] = 0;
    return 0;
}

static int start_context(phone_server *s, const phone_config *c, char *err, size_t errn)
{
    s->mount_art = (struct lws_http_mount){.mountpoint = "/art", .origin = s->art_root,
                                           .origin_protocol = LWSMPRO_FILE, .mountpoint_len = 4};
    s->mount_web = (struct lws_http_mount){.mount_next = &s->mount_art, .mountpoint = "/",
                                           .origin = s->web_root, .def = "index.html",
                                           .origin_protocol = LWSMPRO_FILE, .mountpoint_len = 1};
    s->protocols[0] = (struct lws_protocols){"http", http_callback, 0, 0, 0, NULL, 0};
    s->protocols[1] = (struct lws_protocols){"stackhouse.v1", ws_callback, sizeof(ws_conn),
                                             PHONE_FRAME_MAX, 0, NULL, 0};
    /* A phone that drops off the Wi-Fi sends no FIN: WebSocket pings (which
     * browsers answer by themselves) find it, so its seat reads as not
     * connected (GONE) within the hang-up time. */
    int hangup = c->idle_hangup_s > 0 ? c->idle_hangup_s : IDLE_HANGUP_S;
    s->idle = (lws_retry_bo_t){.secs_since_valid_ping = (uint16_t)(hangup * 3 / 8 > 0 ? hangup * 3 / 8 : 1),
                               .secs_since_valid_hangup = (uint16_t)hangup};
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.retry_and_idle_policy = &s->idle;
    info.port = c->port;
    info.iface = c->bind;
    info.protocols = s->protocols;
    info.mounts = &s->mount_web;
    info.user = s;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8;
    if (c->bind && strchr(c->bind, '.'))
        info.options |= LWS_SERVER_OPTION_DISABLE_IPV6;
    phone_net_lws_logs();
    s->ctx = lws_create_context(&info);
    if (!s->ctx) {
        snprintf(err, errn, "cannot listen on port %d", c->port);
        return -1;
    }
    struct lws_vhost *vh = lws_get_vhost_by_name(s->ctx, "default");
    s->port = vh ? lws_get_vhost_listen_port(vh) : -1;
    if (s->port <= 0) {
        snprintf(err, errn, "no listening port");
        return -1;
    }
    return 0;
}

phone_server *phone_server_start(const phone_config *c, char *err, size_t errn)
{
    char dummy[8];
    if (!err || !errn)
        err = dummy, errn = sizeof dummy;
    if (!c || !c->web_root || !c->art_root || c->seats < 0 || c->seats > PHONE_MAX_SEATS) {
        snprintf(err, errn, "bad configuration");
        return NULL;
    }
    phone_server *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    /* The mounts get canonical folders: a missing one fails now, not per request. */
    if (!realpath(c->web_root, s->web_root) || !realpath(c->art_root, s->art_root)) {
        snprintf(err, errn, "no folder %s or %s", c->web_root, c->art_root);
        phone_server_stop(s);
        return NULL;
    }
    snprintf(s->game, sizeof s->game, "%s", c->game ? c->game : "");
    snprintf(s->mode, sizeof s->mode, "%s", c->mode ? c->mode : "");
    snprintf(s->controls, sizeof s->controls, "%s", c->controls ? c->controls : "hand");
    s->seats = c->seats;
    s->rate_cap = !c->no_rate_cap;
    memcpy(s->info, c->seat, sizeof s->info);
    s->seeded = c->seed != 0;
    if (s->seeded)
        rng_seed(&s->rng, c->seed);
    if (make_room(s) < 0) {
        snprintf(err, errn, "no random source");
        phone_server_stop(s);
        return NULL;
    }
    if (start_context(s, c, err, errn) < 0) {
        phone_server_stop(s);
        return NULL;
    }
    char host[INET_ADDRSTRLEN] = "127.0.0.1";
    if (c->bind && strcmp(c->bind, "0.0.0.0") != 0)
        snprintf(host, sizeof host, "%s", c->bind);
    else
        phone_net_lan_ipv4(host, sizeof host);
    snprintf(s->url, sizeof s->url, "http://%s:%d/", host, s->port);
    if (pthread_create(&s->thread, NULL, service_main, s) != 0) {
        snprintf(err, errn, "cannot start the network thread");
        phone_server_stop(s);
        return NULL;
    }
    s->thread_started = 1;
    log_info("phone_server: %s room %s", s->url, s->room);
    return s;
}

void phone_server_stop(phone_server *s)
{
    if (!s)
        return;
    if (s->thread_started) {
        atomic_store(&s->stop, 1);
        lws_cancel_service(s->ctx);
        pthread_join(s->thread, NULL);
    }
    if (s->ctx)
        lws_context_destroy(s->ctx);
    for (int i = 0; i < s->cmd_n; i++)
        free(s->cmds[(s->cmd_head + i) % CMD_MAX].text);
    for (int k = 0; k <= PHONE_MAX_SEATS; k++)
        free(s->view[k]);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

int phone_server_port(const phone_server *s) { return s->port; }

const char *phone_server_room(const phone_server *s) { return s->room; }

const char *phone_server_url(const phone_server *s) { return s->url; }

void phone_server_set_seats(phone_server *s, const phone_seat_info *seat, int n)
{
    if (n < 0 || n > PHONE_MAX_SEATS)
        return;
    pthread_mutex_lock(&s->lock);
    memcpy(s->info, seat, sizeof s->info[0] * (size_t)n);
    /* A seat no longer a person's, or gone, is no longer the phone's. */
    for (int k = 0; k < PHONE_MAX_SEATS; k++)
        if (k >= n || !s->info[k].human) {
            s->seat[k].token[0] = 0;
            s->seat[k].name[0] = 0;
        }
    s->seats = n;
    pthread_mutex_unlock(&s->lock);
    cmd_push(s, CMD_SEATS, 0, 0, NULL);
}

int phone_server_poll(phone_server *s, phone_event *ev)
{
    pthread_mutex_lock(&s->lock);
    int any = s->ev_n > 0;
    if (any) {
        *ev = s->ev[s->ev_head];
        s->ev_head = (s->ev_head + 1) % EVENT_MAX;
        s->ev_n--;
    }
    pthread_mutex_unlock(&s->lock);
    return any;
}

void phone_server_publish(phone_server *s, int seat, const char *json)
{
    if (seat < 0 || seat > PHONE_MAX_SEATS || !json)
        return;
    char *copy = strdup(json);
    if (!copy)
        return;
    pthread_mutex_lock(&s->lock);
    free(s->view[seat]);
    s->view[seat] = copy;
    pthread_mutex_unlock(&s->lock);
    cmd_push(s, CMD_SEAT, seat, 0, json);
}

void phone_server_reply(phone_server *s, uint32_t conn, const char *json)
{
    if (json)
        cmd_push(s, CMD_CONN, 0, conn, json);
}

void phone_server_error(phone_server *s, uint32_t conn, const char *code, const char *msg)
{
    char buf[512];
    if (phone_build_error(buf, sizeof buf, code, msg) > 0)
        phone_server_reply(s, conn, buf);
}

void phone_server_pong(phone_server *s, uint32_t conn, int64_t id)
{
    char buf[64];
    if (phone_build_pong(buf, sizeof buf, id) > 0)
        phone_server_reply(s, conn, buf);
}

void phone_server_end(phone_server *s, const char *json)
{
    if (json)
        cmd_push(s, CMD_ALL, 0, 0, json);
}

unsigned phone_server_seated(const phone_server *s)
{
    unsigned bits = 0;
    pthread_mutex_lock((pthread_mutex_t *)&s->lock);
    for (int k = 0; k < s->seats; k++)
        bits |= s->seat[k].token[0] ? 1u << k : 0;
    pthread_mutex_unlock((pthread_mutex_t *)&s->lock);
    return bits;
}

unsigned phone_server_connected(const phone_server *s)
{
    unsigned bits = 0;
    pthread_mutex_lock((pthread_mutex_t *)&s->lock);
    for (int k = 0; k < s->seats; k++)
        bits |= s->seat[k].token[0] && s->seat[k].conns ? 1u << k : 0;
    pthread_mutex_unlock((pthread_mutex_t *)&s->lock);
    return bits;
}
