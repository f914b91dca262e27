/* The phones' load generator: clients that each send pings one at a time to
 * a phone server (this process's or the game's) and time the pongs, which
 * come back only after a trip through the game's main loop. */
#ifndef STACKHOUSE_PHONE_LOAD_H
#define STACKHOUSE_PHONE_LOAD_H

typedef struct phone_load_config {
    const char *host;  /* "127.0.0.1" */
    int port;
    const char *room;  /* sent in a hello first; NULL: no hello */
    int clients;       /* connections, up to PHONE_CLIENT_MAX */
    int msgs;          /* pings per connection */
    double interval_ms; /* least time between two pings of one connection (the
                           server's rate cap is 60/s: 1000/60 and a margin); 0: none */
    int timeout_ms;    /* the whole run's limit */
} phone_load_config;

typedef struct phone_load_result {
    int sent, answered, refused; /* pings; refused: answered with an error (rate, busy) */
    double seconds;              /* from the first ping to the last answer */
    double rtt_median_ms, rtt_p99_ms, rtt_max_ms;
    double msgs_per_s;           /* answered pings per second, all connections */
} phone_load_result;

/* Runs the load; 0 when every connection opened and every ping was
 * answered in time, else -1 (out holds what was measured). */
int phone_load_run(const phone_load_config *c, phone_load_result *out);

#endif
