#include "net/phone_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "core/log.h"
#include "net/phone_client.h"
#include "net/phone_proto.h"

typedef struct load_conn {
    int k;             /* phone_client connection */
    int sent, outstanding;
    double sent_at, next_at;
} load_conn;

typedef struct load_run {
    const phone_load_config *c;
    phone_client *pc;
    load_conn conn[PHONE_CLIENT_MAX];
    double *rtt;
    int answered, refused, sent;
    double first, last;
} load_run;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void send_ping(load_run *r, load_conn *lc, double t)
{
    char buf[64];
    /* The id says which connection and which ping: answers are checked against it. */
    int n = phone_build_ping(buf, sizeof buf, (int64_t)lc->k * 1000000 + lc->sent);
    if (n < 0 || phone_client_send(r->pc, lc->k, buf, (size_t)n) < 0)
        return;
    if (!r->sent)
        r->first = t;
    lc->sent++;
    r->sent++;
    lc->outstanding = 1;
    lc->sent_at = t;
    lc->next_at = t + r->c->interval_ms;
}

static void on_message(void *user, int k, const char *text, size_t n)
{
    load_run *r = user;
    load_conn *lc = NULL;
    for (int i = 0; i < r->c->clients; i++)
        if (r->conn[i].k == k)
            lc = &r->conn[i];
    cJSON *o = cJSON_ParseWithLength(text, n);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "t");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "id");
    double now = now_ms();
    if (lc && lc->outstanding && cJSON_IsString(t)) {
        if (strcmp(t->valuestring, "pong") == 0 && cJSON_IsNumber(id) &&
            id->valuedouble == (double)((int64_t)k * 1000000 + lc->sent - 1)) {
            r->rtt[r->answered++] = now - lc->sent_at;
            lc->outstanding = 0;
            r->last = now;
        } else if (strcmp(t->valuestring, "error") == 0) {
            r->refused++;
            lc->outstanding = 0;
        }
        /* Unpaced: the next ping leaves from inside the answer's callback. */
        if (!lc->outstanding && lc->sent < r->c->msgs && now >= lc->next_at)
            send_ping(r, lc, now);
    }
    cJSON_Delete(o);
}

/* Opens the connections and says hello on each; 0 or -1. */
static int open_all(load_run *r)
{
    const phone_load_config *c = r->c;
    char hello[128], buf[8192];
    snprintf(hello, sizeof hello, "{\"v\":1,\"t\":\"hello\",\"room\":\"%s\"}", c->room ? c->room : "");
    for (int i = 0; i < c->clients; i++) {
        r->conn[i].k = phone_client_connect(r->pc, c->host, c->port, 3000);
        if (r->conn[i].k < 0) {
            log_warn("phone_load: cannot connect to %s:%d", c->host, c->port);
            return -1;
        }
        if (!c->room)
            continue;
        /* welcome first, then the watchers' view when the game published one. */
        if (phone_client_send(r->pc, r->conn[i].k, hello, strlen(hello)) < 0 ||
            phone_client_recv(r->pc, r->conn[i].k, buf, sizeof buf, 3000) < 0 || !strstr(buf, "\"welcome\"")) {
            log_warn("phone_load: no welcome on connection %d", i);
            return -1;
        }
    }
    /* Whatever else the hello brought is not an answer to a ping. */
    for (int i = 0; i < c->clients; i++)
        while (phone_client_recv(r->pc, r->conn[i].k, buf, sizeof buf, 20) >= 0) {
        }
    return 0;
}

int phone_load_run(const phone_load_config *c, phone_load_result *out)
{
    memset(out, 0, sizeof *out);
    if (!c || c->clients < 1 || c->clients > PHONE_CLIENT_MAX || c->msgs < 1)
        return -1;
    load_run r = {.c = c};
    r.rtt = calloc((size_t)c->clients * (size_t)c->msgs, sizeof *r.rtt);
    r.pc = phone_client_new();
    int rc = r.rtt && r.pc ? open_all(&r) : -1;
    if (rc == 0) {
        phone_client_on_message(r.pc, on_message, &r);
        double end = now_ms() + c->timeout_ms;
        for (;;) {
            double t = now_ms(), wake = t + 5;
            int done = 1;
            for (int i = 0; i < c->clients; i++) {
                load_conn *lc = &r.conn[i];
                if (!lc->outstanding && lc->sent < c->msgs && t >= lc->next_at)
                    send_ping(&r, lc, t);
                if (lc->outstanding || lc->sent < c->msgs)
                    done = 0;
                if (!lc->outstanding && lc->sent < c->msgs && lc->next_at < wake)
                    wake = lc->next_at;
            }
            if (done || t >= end)
                break;
            phone_client_service(r.pc, wake > t + 1 ? (int)(wake - t) : 1);
        }
        rc = r.answered == c->clients * c->msgs ? 0 : -1;
    }
    out->sent = r.sent;
    out->answered = r.answered;
    out->refused = r.refused;
    if (r.answered) {
        qsort(r.rtt, (size_t)r.answered, sizeof *r.rtt, cmp_double);
        out->seconds = (r.last - r.first) / 1e3;
        out->rtt_median_ms = r.rtt[r.answered / 2];
        out->rtt_p99_ms = r.rtt[(int)(0.99 * (r.answered - 1) + 0.5)];
        out->rtt_max_ms = r.rtt[r.answered - 1];
        out->msgs_per_s = out->seconds > 0 ? r.answered / out->seconds : 0;
    }
    phone_client_free(r.pc);
    free(r.rtt);
    return rc;
}
