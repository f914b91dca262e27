/* The door: Host and Origin, per-address caps, the hello deadline, room for
 * newcomers and the wrong-code lockout. libwebsockets 4.1 as Debian builds
 * it has none of these for a server (its per-peer limits need
 * LWS_WITH_PEER_LIMITS, which Debian leaves off), so they are here. */
#include "net/phone_guard.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/log.h"

/* ---------------------------------------------------------------- Host and Origin */

/* Whether host (a Host header's value) names this server: an IPv4 or a
 * bracketed IPv6 address, or localhost, then the server's port (none only
 * for port 80). A name other than localhost is refused: a page of another
 * site whose name a DNS rebinding pointed at us says its own name here. */
static int host_ok(const phone_server *s, const char *host)
{
    char name[64];
    const char *port = NULL;
    size_t len;
    unsigned char bin[16];
    if (host[0] == '[') {
        const char *end = strchr(host, ']');
        if (!end || (size_t)(end - host - 1) >= sizeof name)
            return 0;
        len = (size_t)(end - host - 1);
        memcpy(name, host + 1, len);
        name[len] = 0;
        if (inet_pton(AF_INET6, name, bin) != 1)
            return 0;
        if (end[1] == ':')
            port = end + 2;
        else if (end[1])
            return 0;
    } else {
        const char *colon = strchr(host, ':');
        len = colon ? (size_t)(colon - host) : strlen(host);
        if (len >= sizeof name)
            return 0;
        memcpy(name, host, len);
        name[len] = 0;
        if (inet_pton(AF_INET, name, bin) != 1 && strcasecmp(name, "localhost") != 0)
            return 0;
        port = colon ? colon + 1 : NULL;
    }
    if (!port)
        return s->port == 80;
    if (!*port || strspn(port, "0123456789") != strlen(port) || strlen(port) > 5)
        return 0;
    return atoi(port) == s->port;
}

int phone_guard_upgrade_ok(phone_server *s, struct lws *wsi)
{
    char host[128], origin[160], want[160];
    if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0 || !host_ok(s, host)) {
        log_debug("phone_server: upgrade refused: Host is not this server's address");
        return 0;
    }
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0)
        return 1; /* not a browser: Origin protects pages, and only browsers send it */
    snprintf(want, sizeof want, "http://%s", host);
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) <= 0 || strcasecmp(origin, want) != 0) {
        log_debug("phone_server: upgrade refused: a page of another origin");
        return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------- closing */

void phone_guard_kick(ws_conn *c, int status, const char *why)
{
    if (c->kick)
        return;
    c->kick = status;
    c->kick_why = why;
    lws_callback_on_writable(c->wsi);
    /* A peer that reads nothing never lets the close frame out: it goes anyway. */
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, 2);
}

/* Live connections that are not being closed. */
static int staying(const phone_server *s)
{
    int n = 0;
    for (const ws_conn *c = s->conns; c; c = c->next)
        n += !c->kick;
    return n;
}

int phone_guard_make_room(phone_server *s)
{
    ws_conn *victim = NULL;
    if (staying(s) < PHONE_CONN_MAX)
        return 0;
    /* Strangers first (no hello yet), then watchers; the oldest of them. */
    for (int pass = 0; pass < 2 && !victim; pass++)
        for (ws_conn *c = s->conns; c; c = c->next)
            if (!c->kick && (pass == 0 ? !c->hello : !c->seat) && (!victim || c->id < victim->id))
                victim = c;
    if (!victim)
        return -1;
    log_debug("phone_server: full; closing connection %u for a newcomer", victim->id);
    phone_guard_kick(victim, PHONE_CLOSE_FULL, "The game has no room for more connections.");
    return 0;
}

/* ---------------------------------------------------------------- addresses */

/* The key of wsi's peer: IPv4 as ::ffff:a.b.c.d, IPv6 cut to its /64. */
static void peer_key(struct lws *wsi, unsigned char key[16])
{
    char ip[64];
    unsigned char v4[4];
    memset(key, 0, 16);
    if (!lws_get_peer_simple(wsi, ip, sizeof ip))
        return;
    const char *tail = strncasecmp(ip, "::ffff:", 7) == 0 && strchr(ip, '.') ? ip + 7 : ip;
    if (inet_pton(AF_INET, tail, v4) == 1) {
        key[10] = key[11] = 0xff;
        memcpy(key + 12, v4, 4);
    } else if (inet_pton(AF_INET6, ip, key) == 1) {
        memset(key + 8, 0, 8); /* one household's phones share a /64; so may a stranger's addresses */
    }
}

/* Whether record a may be given to another address. */
static int addr_free(const addr_rec *a, int64_t now)
{
    return !a->used || (a->conns == 0 && now >= a->locked_until &&
                        (a->fails == 0 || now - a->last_fail > ADDR_FORGET_MS));
}

/* The record of key, made if new; -1 when every record is in use. */
static int addr_find(phone_server *s, const unsigned char key[16])
{
    int64_t now = phone_room_now_ms();
    int spare = -1;
    for (int i = 0; i < ADDR_MAX; i++) {
        addr_rec *a = &s->addrs[i];
        if (a->used && memcmp(a->key, key, 16) == 0)
            return i;
        if (spare < 0 && addr_free(a, now))
            spare = i;
    }
    if (spare >= 0) {
        memset(&s->addrs[spare], 0, sizeof s->addrs[spare]);
        memcpy(s->addrs[spare].key, key, 16);
        s->addrs[spare].used = 1;
    }
    return spare;
}

void phone_guard_arrive(phone_server *s, ws_conn *c)
{
    unsigned char key[16];
    peer_key(c->wsi, key);
    c->addr = addr_find(s, key);
    if (c->addr < 0) {
        phone_guard_kick(c, PHONE_CLOSE_FULL, "The game has no room for more connections.");
        return;
    }
    addr_rec *a = &s->addrs[c->addr];
    a->conns++;
    if (a->conns > s->per_addr) {
        log_debug("phone_server: connection %u: over %d from one address", c->id, s->per_addr);
        phone_guard_kick(c, PHONE_CLOSE_ADDRESS, "Too many connections from your address: close some tabs or phones.");
    }
}

void phone_guard_leave(phone_server *s, ws_conn *c)
{
    if (c->addr >= 0 && s->addrs[c->addr].conns > 0)
        s->addrs[c->addr].conns--;
    c->addr = -1;
}

/* ---------------------------------------------------------------- the hello deadline */

#define SWEEP_US (100 * LWS_US_PER_MS)

static void sweep(lws_sorted_usec_list_t *sul)
{
    phone_server *s = lws_container_of(sul, phone_server, sweep);
    int64_t now = phone_room_now_ms();
    for (ws_conn *c = s->conns; c; c = c->next)
        if (!c->hello && !c->kick && now - c->born >= s->hello_ms)
            phone_guard_kick(c, PHONE_CLOSE_NO_HELLO, "No hello with the room code in time.");
    lws_sul_schedule(s->ctx, 0, &s->sweep, sweep, SWEEP_US);
}

void phone_guard_start(phone_server *s) { lws_sul_schedule(s->ctx, 0, &s->sweep, sweep, SWEEP_US); }

/* ---------------------------------------------------------------- wrong codes */

int phone_guard_room(phone_server *s, ws_conn *c, const char *room)
{
    int64_t now = phone_room_now_ms();
    addr_rec *a = c->addr >= 0 ? &s->addrs[c->addr] : NULL;
    char msg[160];
    if (a && now < a->locked_until) {
        int wait = (int)((a->locked_until - now + 999) / 1000);
        snprintf(msg, sizeof msg, "Too many wrong room codes from your address: wait %d s.", wait);
        phone_room_error(c, "locked", msg, wait);
        return 0;
    }
    if (strcmp(room, s->room) == 0) {
        if (a)
            a->fails = 0;
        return 1;
    }
    int wait = 0;
    if (a) {
        a->fails++;
        a->last_fail = now;
        if (a->fails > PHONE_ROOM_FREE_TRIES) {
            int doublings = a->fails - PHONE_ROOM_FREE_TRIES - 1;
            int64_t ms = 1000LL << (doublings < 7 ? doublings : 7);
            if (ms > PHONE_LOCK_MAX_S * 1000LL)
                ms = PHONE_LOCK_MAX_S * 1000LL;
            a->locked_until = now + ms;
            wait = (int)(ms / 1000);
        }
    }
    if (wait)
        snprintf(msg, sizeof msg, "No game has that room code. Wait %d s before the next try.", wait);
    else
        snprintf(msg, sizeof msg, "No game has that room code.");
    phone_room_error(c, "room", msg, wait);
    return 0;
}
