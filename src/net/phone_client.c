#include "net/phone_client.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libwebsockets.h>

#include "core/log.h"
#include "net/phone_net.h"

#define QUEUE_MAX 256             /* messages waiting either way on one connection */
#define RX_MAX (1024 * 1024)      /* the largest message a client assembles */

enum { C_FREE, C_CONNECTING, C_OPEN, C_CLOSED };

typedef struct queue {
    char *text[QUEUE_MAX]; /* out: LWS_PRE bytes of headroom first */
    size_t len[QUEUE_MAX];
    int head, n;
} queue;

typedef struct pconn {
    struct lws *wsi;
    int state, opened, closing, status;
    queue in, out;
    char *rx;
    size_t rxlen, rxcap;
    char host[80]; /* host:port, the Host (and Origin) a page of the server sends */
} pconn;

struct phone_client {
    struct lws_context *ctx;
    struct lws_protocols protocols[2];
    lws_sorted_usec_list_t wake;
    phone_client_msg_fn on_msg;
    void *user;
    pconn conn[PHONE_CLIENT_MAX];
};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int queue_push(queue *q, char *text, size_t len)
{
    if (q->n == QUEUE_MAX)
        return -1;
    int k = (q->head + q->n) % QUEUE_MAX;
    q->text[k] = text;
    q->len[k] = len;
    q->n++;
    return 0;
}

static char *queue_pop(queue *q, size_t *len)
{
    if (!q->n)
        return NULL;
    char *t = q->text[q->head];
    *len = q->len[q->head];
    q->head = (q->head + 1) % QUEUE_MAX;
    q->n--;
    return t;
}

static void queue_clear(queue *q)
{
    size_t len;
    char *t;
    while ((t = queue_pop(q, &len)))
        free(t);
}

static void conn_received(phone_client *pc, pconn *c, const void *in, size_t len, int final)
{
    if (c->rxlen + len + 1 > c->rxcap) {
        size_t cap = c->rxcap ? c->rxcap : 4096;
        while (cap < c->rxlen + len + 1)
            cap *= 2;
        char *rx = cap <= RX_MAX ? realloc(c->rx, cap) : NULL;
        if (!rx) {
            log_warn("phone_client: dropped a message over %d bytes", RX_MAX);
            c->rxlen = 0;
            return;
        }
        c->rx = rx;
        c->rxcap = cap;
    }
    memcpy(c->rx + c->rxlen, in, len);
    c->rxlen += len;
    if (!final)
        return;
    c->rx[c->rxlen] = 0;
    int k = (int)(c - pc->conn);
    if (pc->on_msg) {
        pc->on_msg(pc->user, k, c->rx, c->rxlen);
    } else {
        char *copy = malloc(c->rxlen + 1);
        if (copy)
            memcpy(copy, c->rx, c->rxlen + 1);
        if (!copy || queue_push(&c->in, copy, c->rxlen) < 0) {
            free(copy);
            log_warn("phone_client: connection %d reads nothing, dropped a message", k);
        }
    }
    c->rxlen = 0;
}

static int conn_write(pconn *c, struct lws *wsi)
{
    size_t len;
    char *t = queue_pop(&c->out, &len);
    if (t) {
        int n = lws_write(wsi, (unsigned char *)t + LWS_PRE, len, LWS_WRITE_TEXT);
        free(t);
        if (n < (int)len)
            return -1;
    }
    if (c->out.n) {
        lws_callback_on_writable(wsi);
    } else if (c->closing) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, NULL, 0);
        return -1;
    }
    return 0;
}

static int client_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                           size_t len)
{
    (void)user;
    phone_client *pc = lws_context_user(lws_get_context(wsi));
    pconn *c = lws_get_opaque_user_data(wsi);
    if (!c)
        return 0;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c->state = C_OPEN;
        c->opened = 1;
        if (c->out.n)
            lws_callback_on_writable(wsi);
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        conn_received(pc, c, in, len, lws_is_final_fragment(wsi));
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        return conn_write(c, wsi);
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        if (len >= 2)
            c->status = ((const unsigned char *)in)[0] << 8 | ((const unsigned char *)in)[1];
        break;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
    case LWS_CALLBACK_CLIENT_CLOSED:
        c->state = C_CLOSED;
        c->wsi = NULL;
        if (!c->opened)
            c->status = -1;
        else if (!c->status)
            c->status = LWS_CLOSE_STATUS_NOSTATUS;
        queue_clear(&c->out);
        lws_set_opaque_user_data(wsi, NULL);
        break;
    default:
        break;
    }
    return 0;
}

static void wake_cb(lws_sorted_usec_list_t *sul)
{
    (void)sul; /* only ends the wait in lws_service */
}

phone_client *phone_client_new(void)
{
    phone_client *pc = calloc(1, sizeof *pc);
    if (!pc)
        return NULL;
    pc->protocols[0] = (struct lws_protocols){"stackhouse.v1", client_callback, 0, 0, 0, NULL, 0};
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = pc->protocols;
    info.user = pc;
    phone_net_lws_logs();
    pc->ctx = lws_create_context(&info);
    if (!pc->ctx) {
        free(pc);
        return NULL;
    }
    return pc;
}

void phone_client_free(phone_client *pc)
{
    if (!pc)
        return;
    lws_sul_cancel(&pc->wake);
    lws_context_destroy(pc->ctx);
    for (int k = 0; k < PHONE_CLIENT_MAX; k++) {
        queue_clear(&pc->conn[k].in);
        queue_clear(&pc->conn[k].out);
        free(pc->conn[k].rx);
    }
    free(pc);
}

void phone_client_on_message(phone_client *pc, phone_client_msg_fn fn, void *user)
{
    pc->on_msg = fn;
    pc->user = user;
}

void phone_client_service(phone_client *pc, int timeout_ms)
{
    lws_sul_schedule(pc->ctx, 0, &pc->wake, wake_cb, (lws_usec_t)timeout_ms * LWS_US_PER_MS);
    lws_service(pc->ctx, 0);
    lws_sul_cancel(&pc->wake);
}

int phone_client_connect(phone_client *pc, const char *host, int port, int timeout_ms)
{
    /* A free slot, or a closed one with nothing left to read. */
    int k = 0;
    while (k < PHONE_CLIENT_MAX && pc->conn[k].state != C_FREE &&
           !(pc->conn[k].state == C_CLOSED && !pc->conn[k].in.n))
        k++;
    if (k == PHONE_CLIENT_MAX)
        return -1;
    pconn *c = &pc->conn[k];
    free(c->rx);
    memset(c, 0, sizeof *c);
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = pc->ctx;
    ci.address = host;
    ci.port = port;
    ci.path = "/ws";
    /* As the page served by this server says it: Host host:port and Origin
     * http://host:port (libwebsockets adds the scheme). */
    snprintf(c->host, sizeof c->host, "%s:%d", host, port);
    ci.host = c->host;
    ci.origin = c->host;
    ci.protocol = "stackhouse.v1";
    ci.opaque_user_data = c;
    ci.pwsi = &c->wsi;
    c->state = C_CONNECTING;
    if (!lws_client_connect_via_info(&ci) && c->state == C_CONNECTING) {
        c->state = C_CLOSED;
        c->status = -1;
    }
    double end = now_ms() + timeout_ms;
    while (c->state == C_CONNECTING && now_ms() < end)
        phone_client_service(pc, (int)(end - now_ms()) + 1);
    return c->state == C_OPEN ? k : -1;
}

int phone_client_send(phone_client *pc, int k, const char *text, size_t n)
{
    if (k < 0 || k >= PHONE_CLIENT_MAX || pc->conn[k].state != C_OPEN || pc->conn[k].closing)
        return -1;
    char *m = malloc(LWS_PRE + n);
    if (!m)
        return -1;
    memcpy(m + LWS_PRE, text, n);
    if (queue_push(&pc->conn[k].out, m, n) < 0) {
        free(m);
        return -1;
    }
    lws_callback_on_writable(pc->conn[k].wsi);
    return 0;
}

int phone_client_recv(phone_client *pc, int k, char *buf, size_t n, int timeout_ms)
{
    if (k < 0 || k >= PHONE_CLIENT_MAX)
        return -2;
    pconn *c = &pc->conn[k];
    double end = now_ms() + timeout_ms;
    while (!c->in.n && c->state == C_OPEN && now_ms() < end)
        phone_client_service(pc, (int)(end - now_ms()) + 1);
    size_t len;
    char *t = queue_pop(&c->in, &len);
    if (!t)
        return c->state == C_OPEN ? -1 : -2;
    size_t m = len < n ? len : n - 1;
    memcpy(buf, t, m);
    buf[m] = 0;
    free(t);
    return (int)m;
}

int phone_client_open(const phone_client *pc, int k)
{
    return k >= 0 && k < PHONE_CLIENT_MAX && pc->conn[k].state == C_OPEN;
}

int phone_client_close_status(const phone_client *pc, int k)
{
    return k >= 0 && k < PHONE_CLIENT_MAX ? pc->conn[k].status : -1;
}

void phone_client_close(phone_client *pc, int k, int timeout_ms)
{
    if (!phone_client_open(pc, k))
        return;
    pconn *c = &pc->conn[k];
    c->closing = 1;
    lws_callback_on_writable(c->wsi);
    double end = now_ms() + timeout_ms;
    while (c->state == C_OPEN && now_ms() < end)
        phone_client_service(pc, (int)(end - now_ms()) + 1);
}
