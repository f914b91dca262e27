/* The phone server: an embedded HTTP + WebSocket server (libwebsockets) on
 * the local network that serves the phone page and speaks protocol v1 of
 * docs/phones.md. It runs its own service thread and never touches game
 * state: what phones ask goes through a bounded queue that the main loop
 * drains (phone_server_poll); what the game shows them is text the main
 * loop hands over (phone_server_publish, phone_server_reply). No SDL. */
#ifndef STACKHOUSE_PHONE_SERVER_H
#define STACKHOUSE_PHONE_SERVER_H

#include <stddef.h>
#include <stdint.h>

#define PHONE_MAX_SEATS 8
#define PHONE_ROOM_LEN 4
#define PHONE_TOKEN_HEX 32 /* 128 bits */
#define PHONE_NAME_MAX 16  /* characters a phone may call itself */
#define PHONE_MOVE_MAX 128 /* bytes of a move's notation */
#define PHONE_FRAME_MAX 4096
#define PHONE_RATE_PER_S 60
#define PHONE_CONN_MAX 64     /* live WebSocket connections in all */
#define PHONE_PER_ADDR 16     /* of those, from one address (an IPv6 /64 counts as one) */
#define PHONE_HELLO_MS 5000   /* a connection must say hello with the room code this soon */
#define PHONE_NAME_COLS 16    /* columns a name may take (a wide character takes two) */
#define PHONE_ROOM_FREE_TRIES 5 /* wrong room codes from an address before it is locked out */
#define PHONE_LOCK_MAX_S 60   /* the longest lockout: each wrong code after the free ones doubles it from 1 s */

/* Close statuses (RFC 6455's private range) with which the server closes a
 * connection, each with a sentence the page shows (docs/phones.md). */
#define PHONE_CLOSE_NO_HELLO 4001 /* no hello with the room code in PHONE_HELLO_MS */
#define PHONE_CLOSE_ADDRESS 4002  /* more than PHONE_PER_ADDR connections from its address */
#define PHONE_CLOSE_FULL 4003     /* every slot is taken: a newcomer took this one */

typedef struct phone_server phone_server;

/* One seat as the game describes it to phones. */
typedef struct phone_seat_info {
    char name[32]; /* the seat's name on the TV ("Player 2", "Hard") */
    int human;     /* 1: a person's seat; 0: a computer's */
    int open;      /* 1: a phone may take it (a human seat not played elsewhere) */
} phone_seat_info;

typedef struct phone_config {
    const char *web_root; /* folder served at / (assets/web) */
    const char *art_root; /* folder served read-only at /art/ (assets) */
    const char *bind;     /* address to listen on; NULL: every interface */
    int port;             /* 0: any free port */
    uint64_t seed;        /* 0: room code and tokens from the OS's random source (tests may fix it) */
    const char *game;     /* mode id ("9stax") */
    const char *mode;     /* mode name ("9 STAX") */
    const char *controls; /* "hand" or "pad" */
    int seats;
    phone_seat_info seat[PHONE_MAX_SEATS];
    int no_rate_cap; /* 1: no cap of PHONE_RATE_PER_S messages a second (benchmarks only) */
    int idle_hangup_s; /* a connection that answers no ping this long is closed; 0: 40 s */
    int hello_timeout_ms; /* a connection without hello is closed after this; 0: PHONE_HELLO_MS */
    int max_per_addr;  /* connections from one address; 0: PHONE_PER_ADDR */
    /* Optional: called on the network thread each time an event is queued
     * for phone_server_poll, so a main loop asleep in wait wakes at once. */
    void (*wake)(void *user);
    void *wake_user;
} phone_config;

typedef enum phone_event_kind {
    PHONE_EV_JOINED, /* seat taken (or taken back) by a phone; name set */
    PHONE_EV_LEFT,   /* seat given back with leave (a lost connection keeps its seat) */
    PHONE_EV_GONE,   /* the seat's last connection closed (the seat stays the phone's) */
    PHONE_EV_BACK,   /* a connection came back to a seat with its token */
    PHONE_EV_MOVE,   /* text holds a move's notation, rev the view it was chosen in */
    PHONE_EV_PAD,    /* button (a phone_button), down 1 or 0 */
    PHONE_EV_PING    /* id: answer with phone_server_pong */
} phone_event_kind;

typedef enum phone_button {
    PHONE_B_UP, PHONE_B_DOWN, PHONE_B_LEFT, PHONE_B_RIGHT,
    PHONE_B_A, PHONE_B_B, PHONE_B_X, PHONE_B_Y, PHONE_B_L, PHONE_B_R, PHONE_B_MENU,
    PHONE_B_COUNT
} phone_button;

typedef struct phone_event {
    phone_event_kind kind;
    int seat;     /* 1-based; 0 for a connection without a seat (ping) */
    uint32_t conn; /* the connection it came from, for phone_server_reply */
    char name[PHONE_NAME_MAX * 4 + 1]; /* UTF-8 */
    char text[PHONE_MOVE_MAX + 1];
    int64_t rev, id;
    int button, down;
} phone_event;

/* Starts listening with config c; NULL with the reason in err. */
phone_server *phone_server_start(const phone_config *c, char *err, size_t errn);
/* Stops the thread, closes every connection (phones get "end" first if
 * phone_server_end was called) and frees s. NULL is fine. */
void phone_server_stop(phone_server *s);
/* The port it listens on. */
int phone_server_port(const phone_server *s);
/* The room code (4 capital letters). */
const char *phone_server_room(const phone_server *s);
/* The address to show: http://<lan-ip>:<port>/ (the first non-loopback IPv4). */
const char *phone_server_url(const phone_server *s);
/* Changes the seats (a seat added at setup, a computer made human); phones get a new welcome. */
void phone_server_set_seats(phone_server *s, const phone_seat_info *seat, int n);
/* Takes the next event from a phone; 1, or 0 when there is none. Main thread. */
int phone_server_poll(phone_server *s, phone_event *ev);
/* Sets the view text of seat (1-based; 0 the watchers' public view) and
 * sends it to that seat's connections only. */
void phone_server_publish(phone_server *s, int seat, const char *json);
/* Sends json to one connection (an error or pong for that phone alone). */
void phone_server_reply(phone_server *s, uint32_t conn, const char *json);
/* Sends an error message {"v":1,"t":"error","code":code,"msg":msg} to one connection. */
void phone_server_error(phone_server *s, uint32_t conn, const char *code, const char *msg);
/* Answers a ping. */
void phone_server_pong(phone_server *s, uint32_t conn, int64_t id);
/* Sends "end" (json) to every connection; the match is over. */
void phone_server_end(phone_server *s, const char *json);
/* Which seats a phone plays now (bit k-1 for seat k). */
unsigned phone_server_seated(const phone_server *s);
/* Which seated phones have a live connection (bit k-1 for seat k). */
unsigned phone_server_connected(const phone_server *s);

#endif
