/* The phone server's libwebsockets context and service thread, the queue of
 * texts from the main loop, and the interface of phone_server.h. The thread
 * owns the connection list; everything the main thread may read or hand over
 * (seats, views, events, commands) sits under s->lock. What phones say is
 * handled in phone_room.c. */
/* realpath is POSIX.1-2008 XSI: glibc shows it with _DEFAULT_SOURCE. */
#define _DEFAULT_SOURCE
#include "net/phone_server.h"

#include <arpa/inet.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "core/log.h"
#include "core/rng.h"
#include "net/phone_guard.h"
#include "net/phone_net.h"
#include "net/phone_proto.h"
#include "net/phone_room.h"

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
            phone_room_drop_unseated(s);
            phone_room_welcome(s, NULL);
        } else if (k.kind == CMD_CONN) {
            ws_conn *c = phone_room_find(s, k.conn);
            if (c)
                phone_room_send(c, k.text);
        } else {
            for (ws_conn *c = s->conns; c; c = c->next)
                if (k.kind == CMD_ALL || (c->seat == k.seat && (k.seat || c->hello)))
                    phone_room_send(c, k.text);
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
    phone_room_message(s, c, lws_frame_is_binary(wsi));
    c->rxlen = 0;
    return 0;
}

static int ws_writeable(ws_conn *c, struct lws *wsi)
{
    if (c->kick) { /* closed by the door: the status and the page's sentence */
        lws_close_reason(wsi, (enum lws_close_status)c->kick, (unsigned char *)c->kick_why, strlen(c->kick_why));
        return -1;
    }
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
    phone_room_set_seat(s, c, 0);
    phone_guard_leave(s, c);
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
        /* The socket lives at /ws only, for the game's own page; when every
         * slot is taken a stranger makes room, never a seated phone. */
        if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0 || strcmp(uri, "/ws") != 0 ||
            !phone_guard_upgrade_ok(s, wsi) || phone_guard_make_room(s) < 0)
            return -1;
        return 0;
    case LWS_CALLBACK_ESTABLISHED:
        memset(c, 0, sizeof *c);
        c->wsi = wsi;
        c->id = ++s->next_id ? s->next_id : ++s->next_id;
        c->live = 1;
        c->born = phone_room_now_ms();
        c->addr = -1;
        c->next = s->conns;
        s->conns = c;
        s->nconns++;
        phone_guard_arrive(s, c);
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
    phone_guard_start(s);
    while (!atomic_load(&s->stop))
        if (lws_service(s->ctx, 0) < 0)
            break;
    /* Stopping: what is queued ("end") gets FLUSH_MS to be written. */
    service_commands(s);
    int64_t deadline = phone_room_now_ms() + FLUSH_MS;
    lws_sorted_usec_list_t tick;
    memset(&tick, 0, sizeof tick);
    for (;;) {
        int pending = 0;
        for (ws_conn *c = s->conns; c; c = c->next)
            pending += c->out_n;
        if (!pending || phone_room_now_ms() >= deadline)
            break;
        lws_sul_schedule(s->ctx, 0, &tick, flush_tick, 10 * LWS_US_PER_MS);
        if (lws_service(s->ctx, 0) < 0)
            break;
    }
    lws_sul_cancel(&tick);
    lws_sul_cancel(&s->sweep);
    return NULL;
}

/* ---------------------------------------------------------------- the interface */

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
    s->hello_ms = c->hello_timeout_ms > 0 ? c->hello_timeout_ms : PHONE_HELLO_MS;
    s->per_addr = c->max_per_addr > 0 ? c->max_per_addr : PHONE_PER_ADDR;
    memcpy(s->info, c->seat, sizeof s->info);
    s->seeded = c->seed != 0;
    s->wake = c->wake;
    s->wake_user = c->wake_user;
    if (s->seeded)
        rng_seed(&s->rng, c->seed);
    if (phone_room_make_code(s) < 0) {
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
    log_debug("phone_server: listening on port %d (asked for %d)", s->port, c->port);
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
        s->ev_watch -= !ev->seat;
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
