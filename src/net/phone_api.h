/* The phone server as one table of functions, the symbol of the module the
 * game loads only when Phones as hands is turned on (stackhouse-phones.so):
 * libwebsockets and the OpenSSL it links stay out of every other start-up.
 * Tests and the CLI link the server directly and need none of this. */
#ifndef STACKHOUSE_PHONE_API_H
#define STACKHOUSE_PHONE_API_H

#include "core/log.h"
#include "net/phone_load.h"
#include "net/phone_qr.h"
#include "net/phone_server.h"

#define PHONE_API_VERSION 3 /* 3: phone_config has hello_timeout_ms, max_per_addr */
#define PHONE_API_SYMBOL "stackhouse_phone_api"
#define PHONE_MODULE_FILE "stackhouse-phones.so"

typedef struct phone_api {
    int version; /* PHONE_API_VERSION */
    phone_server *(*start)(const phone_config *c, char *err, size_t errn);
    void (*stop)(phone_server *s);
    int (*port)(const phone_server *s);
    const char *(*room)(const phone_server *s);
    const char *(*url)(const phone_server *s);
    void (*set_seats)(phone_server *s, const phone_seat_info *seat, int n);
    int (*poll)(phone_server *s, phone_event *ev);
    void (*publish)(phone_server *s, int seat, const char *json);
    void (*error)(phone_server *s, uint32_t conn, const char *code, const char *msg);
    void (*pong)(phone_server *s, uint32_t conn, int64_t id);
    void (*end)(phone_server *s, const char *json);
    int (*qr_encode)(const char *text, phone_qr *out);
    int (*load_run)(const phone_load_config *c, phone_load_result *out);
    /* The module's lines go to sink (the game's logger, which filters them by
     * its own level): the module links a copy of core/log.c of its own. */
    void (*use_log)(log_sink_fn sink, void *user);
} phone_api;

/* The table the module exports under PHONE_API_SYMBOL. */
extern const phone_api stackhouse_phone_api;

#endif
