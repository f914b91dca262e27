/* The phone server's door (docs/phones.md, "Strangers"): only the game's
 * own page may upgrade (Host and Origin), connections are capped per
 * address, a connection that does not say hello with the room code in time
 * is closed, a full server makes room for a newcomer by closing a stranger
 * (never a seated phone), and wrong room codes lock an address out for
 * longer each time. Service thread only; private to src/net. */
#ifndef STACKHOUSE_PHONE_GUARD_H
#define STACKHOUSE_PHONE_GUARD_H

#include "net/phone_room.h"

/* Whether the upgrade request on wsi comes from the game's own page: its
 * Host is an address (or localhost) with the server's port, and its Origin,
 * when there is one, is that same http:// origin. */
int phone_guard_upgrade_ok(phone_server *s, struct lws *wsi);
/* Makes a slot for a newcomer when every one is taken by closing the oldest
 * connection that has not said hello, else the oldest watcher; 0, or -1
 * when only seated phones are left. */
int phone_guard_make_room(phone_server *s);
/* Counts new connection c against its address (closing it when over the cap). */
void phone_guard_arrive(phone_server *s, ws_conn *c);
/* Forgets c in its address's count. */
void phone_guard_leave(phone_server *s, ws_conn *c);
/* Closes c with status (PHONE_CLOSE_...) and why, the sentence the page shows. */
void phone_guard_kick(ws_conn *c, int status, const char *why);
/* Starts the timer that closes connections past the hello deadline. */
void phone_guard_start(phone_server *s);
/* 1 when room is the room's code and c's address is not locked out; else
 * c got an error (room or locked, with the seconds to wait) and 0. */
int phone_guard_room(phone_server *s, ws_conn *c, const char *room);

#endif
