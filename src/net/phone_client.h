/* A WebSocket client of the phone server (libwebsockets), driven from the
 * calling thread: the load generator and the tests play phones with it. One
 * phone_client holds many connections; nothing here is thread-safe. */
#ifndef STACKHOUSE_PHONE_CLIENT_H
#define STACKHOUSE_PHONE_CLIENT_H

#include <stddef.h>

#define PHONE_CLIENT_MAX 64

typedef struct phone_client phone_client;

/* Called for each whole message received on connection k, from inside
 * phone_client_recv/phone_client_service; it may call phone_client_send. */
typedef void (*phone_client_msg_fn)(void *user, int k, const char *text, size_t n);

/* A client with no connections; NULL when libwebsockets cannot start. */
phone_client *phone_client_new(void);
/* Closes every connection and frees pc. NULL is fine. */
void phone_client_free(phone_client *pc);
/* Messages go to fn instead of the queue phone_client_recv reads. */
void phone_client_on_message(phone_client *pc, phone_client_msg_fn fn, void *user);
/* Opens ws://host:port/ws with subprotocol stackhouse.v1 and waits up to
 * timeout_ms for the handshake; the connection's number, or -1. */
int phone_client_connect(phone_client *pc, const char *host, int port, int timeout_ms);
/* Queues one text frame on connection k; 0, or -1 when it is not open. */
int phone_client_send(phone_client *pc, int k, const char *text, size_t n);
/* Waits up to timeout_ms for the next message on k and copies it (cut to
 * n - 1 bytes, NUL-terminated) into buf; its length, -1 on timeout, -2 when
 * the connection is closed and nothing is left to read. */
int phone_client_recv(phone_client *pc, int k, char *buf, size_t n, int timeout_ms);
/* Runs the client's event loop for up to timeout_ms (returns at the first event). */
void phone_client_service(phone_client *pc, int timeout_ms);
/* Whether k is open; its close status (1009...) once the server closed it, 0 before, -1 if it never opened. */
int phone_client_open(const phone_client *pc, int k);
int phone_client_close_status(const phone_client *pc, int k);
/* Closes connection k (normal closure) and waits up to timeout_ms for it to go. */
void phone_client_close(phone_client *pc, int k, int timeout_ms);

#endif
