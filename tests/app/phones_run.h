/* Phones played by real WebSocket connections (net/phone_client.h) against
 * the game binary on its own Xvfb: starting and stopping it, joining seats,
 * reading the phones' messages and the game's trace. Header-only, for the
 * phone tests (test_phones_table). */
#ifndef STACKHOUSE_PHONES_RUN_H
#define STACKHOUSE_PHONES_RUN_H

#include <stdarg.h>
#include <sys/wait.h>

#include <cjson/cJSON.h>

#include "net/phone_client.h"
#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"
#define MSG 16384

typedef struct run {
    pid_t pid;
    char dir[300], info[400], trace[400];
    int port;
    char room[8];
    phone_client *pc;
} run;

/* Starts the game on a table with phones as hands and waits until it listens. */
static void game_start(run *r, const char *name, const char *args)
{
    char cmd[2048];
    memset(r, 0, sizeof *r);
    snprintf(r->dir, sizeof r->dir, "%s/%s", testenv_game_tmp(), name);
    snprintf(r->info, sizeof r->info, "%s/phones.txt", r->dir);
    snprintf(r->trace, sizeof r->trace, "%s/trace.txt", r->dir);
    /* A second run in the same folder (its store kept) reads none of the first's. */
    unlink(r->info);
    unlink(r->trace);
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s && STACKHOUSE_LOG=debug STACKHOUSE_PREF_DIR=%s exec %s --window 1024x768 %s --phones-port 0 "
             "--phones-info %s --trace %s 2>%s/err.txt >/dev/null",
             r->dir, r->dir, GAME, args, r->info, r->trace, r->dir);
    r->pid = fork();
    assert_true(r->pid >= 0);
    if (r->pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 200 && r->port == 0; i++) {
        char *t = testenv_slurp(r->info);
        const char *p = strstr(t, "port="), *q = strstr(t, "room=");
        if (p && q && strchr(p, '\n')) {
            r->port = atoi(p + 5);
            snprintf(r->room, sizeof r->room, "%.4s", q + 5);
        }
        free(t);
        if (r->port == 0)
            testenv_sleep_ms(50);
    }
    if (r->port <= 0)
        fail_msg("the game never listened (see %s/err.txt)", r->dir);
    r->pc = phone_client_new();
    assert_non_null(r->pc);
}

/* The game quits as a window manager would make it (SIGTERM is SDL's quit):
 * phone k (-1: none) is told the match is over; the game exits 0. */
static cJSON *next_of(run *r, int k, const char *t);
static void game_stop_told(run *r, int k)
{
    int status = 0;
    kill(r->pid, SIGTERM);
    if (k >= 0) {
        cJSON *o = next_of(r, k, "end");
        assert_non_null(o);
        cJSON_Delete(o);
    }
    phone_client_free(r->pc);
    assert_int_equal(waitpid(r->pid, &status, 0), r->pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

static void game_stop(run *r) { game_stop_told(r, -1); }

static void send_text(run *r, int k, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    assert_int_equal(phone_client_send(r->pc, k, buf, strlen(buf)), 0);
}


/* Phone k presses and lets go of pad button b; with sync, then pings and
 * waits for the pong: the main loop answers pings after the pads before them,
 * so the pong says the presses were seen. */
static void pad_tap(run *r, int k, const char *b, int sync)
{
    cJSON *o;
    send_text(r, k, "{\"v\":1,\"t\":\"pad\",\"b\":\"%s\",\"down\":true}", b);
    send_text(r, k, "{\"v\":1,\"t\":\"pad\",\"b\":\"%s\",\"down\":false}", b);
    if (!sync)
        return;
    send_text(r, k, "{\"v\":1,\"t\":\"ping\",\"id\":7}");
    o = next_of(r, k, "pong");
    assert_non_null(o);
    cJSON_Delete(o);
}

static const char *str_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static double num_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

/* The next message of type t on k within 5 s, skipping others (views come
 * whenever the table changes); NULL on timeout. */
static cJSON *next_of(run *r, int k, const char *t)
{
    char buf[MSG];
    for (int i = 0; i < 400; i++) {
        int n = phone_client_recv(r->pc, k, buf, sizeof buf, 5000);
        cJSON *o;
        if (n < 0)
            return NULL;
        o = cJSON_Parse(buf);
        if (o && strcmp(str_of(o, "t"), t) == 0)
            return o;
        cJSON_Delete(o);
    }
    return NULL;
}

/* The last view on k once nothing more arrives for 400 ms (the table settled). */
static cJSON *settled_view(run *r, int k)
{
    char buf[MSG];
    cJSON *last = next_of(r, k, "view");
    assert_non_null(last);
    while (phone_client_recv(r->pc, k, buf, sizeof buf, 400) >= 0) {
        cJSON *o = cJSON_Parse(buf);
        if (o && strcmp(str_of(o, "t"), "view") == 0) {
            cJSON_Delete(last);
            last = o;
        } else {
            cJSON_Delete(o);
        }
    }
    return last;
}

/* A phone that joins seat (1-based) with name; returns its connection and the token. */
static int join(run *r, int seat, const char *name, char *token)
{
    int k = phone_client_connect(r->pc, "127.0.0.1", r->port, 3000);
    cJSON *o;
    assert_true(k >= 0);
    send_text(r, k, "{\"v\":1,\"t\":\"hello\",\"room\":\"%s\"}", r->room);
    o = next_of(r, k, "welcome");
    assert_non_null(o);
    cJSON_Delete(o);
    send_text(r, k, "{\"v\":1,\"t\":\"join\",\"room\":\"%s\",\"seat\":%d,\"name\":\"%s\"}", r->room, seat, name);
    o = next_of(r, k, "joined");
    assert_non_null(o);
    assert_int_equal((int)num_of(o, "seat"), seat);
    snprintf(token, 40, "%s", str_of(o, "token"));
    assert_int_equal(strlen(token), 32);
    cJSON_Delete(o);
    return k;
}

static char *private_text(const cJSON *view)
{
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(view, "private");
    return p ? cJSON_PrintUnformatted(p) : NULL;
}

/* Waits up to 20 s (a loaded CI machine) for the trace to hold s after the text mark (NULL: anywhere). */
static int trace_has(run *r, const char *mark, const char *s)
{
    for (int i = 0; i < 400; i++) {
        phone_client_service(r->pc, 1); /* a queued frame goes out only while the client runs */
        char *t = testenv_slurp(r->trace);
        const char *from = mark ? strstr(t, mark) : t;
        int ok = from && strstr(from, s) != NULL;
        free(t);
        if (ok)
            return 1;
        testenv_sleep_ms(50);
    }
    return 0;
}

/* Fails unless the trace holds each of want[0..n) in that order. */
static void trace_in_order(run *r, const char *const *want, int n)
{
    char *t = testenv_slurp(r->trace);
    const char *miss = testenv_missing_in_order(t, want, n);
    if (miss)
        fail_msg("trace lacks, in order: %s", miss);
    free(t);
}

#endif
