#include "cli/bench_phones.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/util.h"
#include "core/log.h"
#include "net/phone_client.h"
#include "net/phone_load.h"
#include "net/phone_server.h"

/* The game's side of the bench: a thread that drains phone_server_poll once
 * every period_ns and answers each ping, as the main loop does once a frame. */
typedef struct main_loop {
    phone_server *s;
    long period_ns;
    atomic_int stop;
    long pings;
} main_loop;

static void *main_loop_run(void *arg)
{
    main_loop *m = arg;
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    while (!atomic_load(&m->stop)) {
        phone_event ev;
        while (phone_server_poll(m->s, &ev))
            if (ev.kind == PHONE_EV_PING) {
                phone_server_pong(m->s, ev.conn, ev.id);
                m->pings++;
            }
        /* Fixed frame times, as a vsynced loop: late frames do not shift the next. */
        next.tv_nsec += m->period_ns;
        while (next.tv_nsec >= 1000000000L) {
            next.tv_nsec -= 1000000000L;
            next.tv_sec++;
        }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
    return NULL;
}

/* One run: a server on loopback (rate cap on or off), a main loop with the
 * given period, clients pinging at most once per interval_ms. */
static int run_case(const char *label, int capped, long period_ns, double interval_ms, int clients,
                    int msgs, const char *root)
{
    phone_config c;
    memset(&c, 0, sizeof c);
    c.web_root = root;
    c.art_root = root;
    c.bind = "127.0.0.1";
    c.game = "bench";
    c.mode = "bench";
    c.controls = "pad";
    c.no_rate_cap = !capped;
    c.max_per_addr = PHONE_CONN_MAX; /* every phone of the bench comes from 127.0.0.1 */
    char err[128];
    phone_server *s = phone_server_start(&c, err, sizeof err);
    if (!s) {
        fprintf(stderr, "stackhouse-cli: bench phones: %s\n", err);
        return 2;
    }
    main_loop m = {.s = s, .period_ns = period_ns};
    pthread_t t;
    if (pthread_create(&t, NULL, main_loop_run, &m) != 0) {
        phone_server_stop(s);
        return 2;
    }
    phone_load_config lc = {"127.0.0.1", phone_server_port(s), phone_server_room(s), clients, msgs,
                            interval_ms, 120000};
    phone_load_result r;
    int rc = phone_load_run(&lc, &r);
    atomic_store(&m.stop, 1);
    pthread_join(t, NULL);
    phone_server_stop(s);
    printf("phones_%s_answered %d\n", label, r.answered);
    printf("phones_%s_refused %d\n", label, r.refused);
    printf("phones_%s_rtt_ms_median %.3f\n", label, r.rtt_median_ms);
    printf("phones_%s_rtt_ms_p99 %.3f\n", label, r.rtt_p99_ms);
    printf("phones_%s_rtt_ms_max %.3f\n", label, r.rtt_max_ms);
    printf("phones_%s_msgs_per_s %.0f\n", label, r.msgs_per_s);
    if (rc < 0)
        fprintf(stderr, "stackhouse-cli: bench phones: %s: %d of %d pings answered\n", label, r.answered,
                clients * msgs);
    return rc < 0 ? 2 : 0;
}

int bench_phones(int argc, char **argv)
{
    long clients = 8, msgs = 1000;
    for (int k = 0; k < argc; k++) {
        char *end = NULL;
        if (strcmp(argv[k], "--clients") == 0 && k + 1 < argc)
            clients = strtol(argv[++k], &end, 10);
        else if (strcmp(argv[k], "--msgs") == 0 && k + 1 < argc)
            msgs = strtol(argv[++k], &end, 10);
        else
            return cli_usage("bench phones [--clients 1..64] [--msgs 1..100000]");
        if (*end || end == argv[k] || clients < 1 || clients > PHONE_CLIENT_MAX || msgs < 1 ||
            msgs > 100000) {
            fprintf(stderr, "stackhouse-cli: bench phones: bad value '%s'\n", argv[k]);
            return 2;
        }
    }
    /* The server needs folders to serve; an empty one of our own. */
    char root[] = "/tmp/stackhouse-bench-phones-XXXXXX";
    if (!mkdtemp(root)) {
        perror("stackhouse-cli: bench phones: mkdtemp");
        return 2;
    }
    log_set_level(LOG_WARN);
    printf("phones_clients %ld\n", clients);
    printf("phones_pings_per_client %ld\n", msgs);
    /* A main loop that polls every millisecond and clients that ping again as
     * soon as the answer is in (no rate cap): the round trip is about the poll
     * period, since each ping lands just after a poll. At 100 µs it is mostly
     * the network threads' own cost (both sides, loopback). */
    int rc = run_case("poll1ms", 0, 1000000L, 0, (int)clients, (int)msgs, root);
    if (rc == 0)
        rc = run_case("poll100us", 0, 100000L, 0, (int)clients, (int)msgs, root);
    /* What a phone sees in the game: the main loop answers once per 60 Hz
     * frame, and each phone pings as often as the cap of 60 a second allows. */
    if (rc == 0)
        rc = run_case("frame60hz", 1, 16666667L, 1000.0 / 55, (int)clients, (int)msgs, root);
    rmdir(root);
    return rc;
}
