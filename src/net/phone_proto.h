/* Protocol v1 of docs/phones.md as plain C: the parser of what phones send
 * (JSON text into a phone_msg, every field checked) and the builders of the
 * replies the server writes itself (welcome, joined, error, pong). cJSON does
 * the JSON; nothing here touches a socket or the game. */
#ifndef STACKHOUSE_PHONE_PROTO_H
#define STACKHOUSE_PHONE_PROTO_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "core/seat.h"
#include "net/phone_server.h"

typedef enum phone_msg_type {
    PHONE_MSG_HELLO,
    PHONE_MSG_JOIN,
    PHONE_MSG_MOVE,
    PHONE_MSG_PAD,
    PHONE_MSG_PING,
    PHONE_MSG_LEAVE
} phone_msg_type;

/* One phone-to-game message, every field checked; strings NUL-terminated. */
typedef struct phone_msg {
    phone_msg_type t;
    char room[PHONE_ROOM_LEN + 1];   /* hello, join: 4 capital letters */
    char token[PHONE_TOKEN_HEX + 1]; /* hello: lower-case hex, or "" without one */
    int seat;                        /* join: 1..PHONE_MAX_SEATS */
    char name[PHONE_NAME_MAX * 4 + 1]; /* join: 1..16 characters of UTF-8 */
    char move[PHONE_MOVE_MAX + 1];   /* move: 1..128 bytes */
    int64_t rev;                     /* move: >= 0 */
    int64_t id;                      /* ping */
    int button, down;                /* pad: a phone_button, 1 or 0 */
} phone_msg;

/* The seat table as welcome describes it (the server's copy, under its lock). */
typedef struct phone_proto_seat {
    const char *name; /* the phone's name when a phone plays it, else the TV's */
    int human, phone, open;
} phone_proto_seat;

/* Parses one text frame of n bytes; 0, or -1 with an error code of
 * docs/phones.md (json, version, type, field) in err. */
int phone_msg_parse(const char *buf, size_t n, phone_msg *out, char *err, size_t errn);
/* The name of button b ("up", "menu"), or NULL. */
const char *phone_button_name(int b);

/* The builders write one JSON message into out (n bytes) and return its
 * length, or -1 when it does not fit. */
/* Adds seat's (0-based) colour, shape and "#rrggbb" (core/seat.h: as the TV
 * shows them) to a seat object e of `welcome` or `end`; nonzero when added.
 * Inline: the game writes `end` without linking the server (a module). */
static inline int phone_add_seat_identity(cJSON *e, int seat)
{
    char hex[8];
    return cJSON_AddStringToObject(e, "colour", seat_color_name(seat)) &&
           cJSON_AddStringToObject(e, "shape", seat_shape_name(seat)) &&
           cJSON_AddStringToObject(e, "hex", seat_color_hex(seat, hex));
}
int phone_build_welcome(char *out, size_t n, const char *room, const char *game, const char *mode,
                        const char *controls, const phone_proto_seat *seat, int seats);
int phone_build_joined(char *out, size_t n, int seat, const char *name, const char *token);
int phone_build_error(char *out, size_t n, const char *code, const char *msg);
/* An error with "wait": the seconds before the phone may try again (none when wait_s <= 0). */
int phone_build_error_wait(char *out, size_t n, const char *code, const char *msg, int wait_s);
int phone_build_pong(char *out, size_t n, int64_t id);
/* Client side, for the load generator and the tests. */
int phone_build_ping(char *out, size_t n, int64_t id);

#endif
