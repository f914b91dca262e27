/* The room: what the phone server's service thread does with what phones
 * say (hello, join, leave; move, pad and ping to the main loop's queue), the
 * seat table and its tokens, and the per-connection outgoing queues. Private
 * to src/net: phone_server.c runs libwebsockets and calls these. */
#ifndef STACKHOUSE_PHONE_ROOM_H
#define STACKHOUSE_PHONE_ROOM_H

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include <libwebsockets.h>

#include "core/rng.h"
#include "net/phone_server.h"

#define OUT_MAX 64      /* messages waiting to be written to one connection */
#define EVENT_MAX 256   /* events waiting for the main loop */
#define EVENT_RESERVE 16 /* of those, kept for seat events when phones flood */
#define CMD_MAX 1024    /* texts the main loop handed over, not yet queued */
#define FLUSH_MS 500    /* how long stop waits for "end" to be written */
#define IDLE_HANGUP_S 40 /* a connection silent this long, pings unanswered, is closed */
#define EVENT_WATCH_MAX 64 /* of those, at most this many from connections without a seat */
#define ADDR_MAX 256    /* addresses remembered (connections, wrong codes) */
#define ADDR_FORGET_MS (15 * 60 * 1000) /* wrong codes are forgotten this long after the last */
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
    int64_t born;        /* when it opened (ms) */
    int addr;            /* its address's record in s->addrs, -1: none */
    int kick;            /* being closed with this status (PHONE_CLOSE_...); 0: not */
    const char *kick_why;
} ws_conn;

/* One address the connections come from (an IPv6 /64 is one). */
typedef struct addr_rec {
    unsigned char key[16]; /* IPv4 as ::ffff:a.b.c.d */
    int used;
    int conns;             /* live connections from it */
    int fails;             /* wrong room codes since the last right one */
    int64_t last_fail, locked_until; /* ms */
} addr_rec;

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
    int hello_ms, per_addr; /* phone_config's, defaults applied */
    pthread_t thread;
    int thread_started;
    atomic_int stop;
    rng rng;
    int seeded;
    void (*wake)(void *user); /* phone_config.wake: an event is queued */
    void *wake_user;

    pthread_mutex_t lock; /* guards everything below */
    phone_seat_info info[PHONE_MAX_SEATS];
    seat_state seat[PHONE_MAX_SEATS];
    int seats;
    char *view[PHONE_MAX_SEATS + 1]; /* latest view per seat; [0]: the watchers' */
    phone_event ev[EVENT_MAX];
    int ev_head, ev_n;
    int ev_watch; /* queued events from connections without a seat */
    cmd cmds[CMD_MAX];
    int cmd_head, cmd_n;

    /* The service thread's alone. */
    ws_conn *conns;
    int nconns;
    uint32_t next_id;
    addr_rec addrs[ADDR_MAX];
    lws_sorted_usec_list_t sweep; /* the hello deadline's timer */
};

/* Monotonic milliseconds. */
int64_t phone_room_now_ms(void);
/* Draws the room code into s->room; 0, or -1 without a random source. */
int phone_room_make_code(phone_server *s);
/* Queues text for c (a copy; the oldest goes when its queue is full). */
void phone_room_send(ws_conn *c, const char *text);
/* Queues an error for c; wait_s > 0 adds "wait" (seconds). */
void phone_room_error(ws_conn *c, const char *code, const char *msg, int wait_s);
/* The live connection with this id, or NULL. */
ws_conn *phone_room_find(phone_server *s, uint32_t id);
/* Sends the seats' welcome to only, or (only NULL) to every connection that said hello. */
void phone_room_welcome(phone_server *s, ws_conn *only);
/* Moves c to seat (0: none); the seat's last connection going tells the main loop. */
void phone_room_set_seat(phone_server *s, ws_conn *c, int seat);
/* Makes watchers of the connections whose seat no longer has a phone's token. */
void phone_room_drop_unseated(phone_server *s);
/* Handles c's whole frame in c->rx (rate cap, parse, then the message). */
void phone_room_message(phone_server *s, ws_conn *c, int binary);

#endif
