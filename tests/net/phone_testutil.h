/* Test helpers for the phone server tests: a server on loopback with a
 * scratch web root, art root and a secret file beside them; phones played
 * with phone_client (real libwebsockets connections); messages read by type.
 * Header-only (cmocka must be included first) so each test stays one file. */
#ifndef STACKHOUSE_PHONE_TESTUTIL_H
#define STACKHOUSE_PHONE_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "net/phone_client.h"
#include "net/phone_server.h"

#define PT_MSG 8192
#define PT_SECRET "TOPSECRET-outside-the-roots"

typedef struct pt_env {
    char dir[64], web[96], art[96];
    phone_server *s;
    phone_client *pc;
} pt_env;

static inline void pt_write(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Three seats: two people's open to phones and a computer's. */
static inline void pt_config(pt_env *e, phone_config *c)
{
    memset(c, 0, sizeof *c);
    c->web_root = e->web;
    c->art_root = e->art;
    c->bind = "127.0.0.1";
    c->seed = 7;
    c->game = "9stax";
    c->mode = "9 STAX";
    c->controls = "hand";
    c->seats = 3;
    c->seat[0] = (phone_seat_info){"Player 1", 1, 1};
    c->seat[1] = (phone_seat_info){"Player 2", 1, 1};
    c->seat[2] = (phone_seat_info){"Hard", 0, 0};
}

/* Makes the folders (dir/web, dir/art, dir/secret.txt) and a client; the
 * server is started by the test with pt_start. */
static inline void pt_setup(pt_env *e)
{
    memset(e, 0, sizeof *e);
    snprintf(e->dir, sizeof e->dir, "/tmp/phone-test-XXXXXX");
    assert_non_null(mkdtemp(e->dir));
    snprintf(e->web, sizeof e->web, "%s/web", e->dir);
    snprintf(e->art, sizeof e->art, "%s/art", e->dir);
    char path[160];
    assert_int_equal(mkdir(e->web, 0700), 0);
    assert_int_equal(mkdir(e->art, 0700), 0);
    snprintf(path, sizeof path, "%s/index.html", e->web);
    pt_write(path, "<!doctype html><title>phone page</title>\n");
    snprintf(path, sizeof path, "%s/x.svg", e->art);
    pt_write(path, "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>art x</title></svg>\n");
    snprintf(path, sizeof path, "%s/secret.txt", e->dir);
    pt_write(path, PT_SECRET "\n");
    e->pc = phone_client_new();
    assert_non_null(e->pc);
}

static inline void pt_start(pt_env *e, const phone_config *c)
{
    char err[128];
    e->s = phone_server_start(c, err, sizeof err);
    if (!e->s)
        fail_msg("phone_server_start: %s", err);
    assert_true(phone_server_port(e->s) > 0);
}

static inline void pt_teardown(pt_env *e)
{
    phone_client_free(e->pc);
    phone_server_stop(e->s);
    char path[160];
    static const char *const files[] = {"web/index.html", "art/x.svg", "secret.txt", "web", "art", ""};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", e->dir, files[i]);
        remove(path);
    }
}

static inline int pt_connect(pt_env *e)
{
    int k = phone_client_connect(e->pc, "127.0.0.1", phone_server_port(e->s), 3000);
    assert_true(k >= 0);
    return k;
}

static inline void pt_send(pt_env *e, int k, const char *text)
{
    assert_int_equal(phone_client_send(e->pc, k, text, strlen(text)), 0);
}

/* Reads the next message on k (within 3 s) into buf and checks its type. */
static inline cJSON *pt_expect(pt_env *e, int k, const char *type, char *buf)
{
    int n = phone_client_recv(e->pc, k, buf, PT_MSG, 3000);
    if (n < 0)
        fail_msg("connection %d: no '%s' message (%s)", k, type, n == -1 ? "timeout" : "closed");
    cJSON *o = cJSON_Parse(buf);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "t");
    if (!cJSON_IsString(t) || strcmp(t->valuestring, type) != 0)
        fail_msg("connection %d: expected '%s', got %s", k, type, buf);
    return o;
}

/* The next message on k is an error with this code. */
static inline void pt_expect_error(pt_env *e, int k, const char *code)
{
    char buf[PT_MSG];
    cJSON *o = pt_expect(e, k, "error", buf);
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(o, "code");
    if (!cJSON_IsString(c) || strcmp(c->valuestring, code) != 0)
        fail_msg("connection %d: expected error %s, got %s", k, code, buf);
    cJSON_Delete(o);
}

/* Nothing arrives on k within ms. */
static inline void pt_expect_nothing(pt_env *e, int k, int ms)
{
    char buf[PT_MSG];
    int n = phone_client_recv(e->pc, k, buf, sizeof buf, ms);
    if (n >= 0)
        fail_msg("connection %d: unexpected %s", k, buf);
}

/* The next event from the server's queue, waiting up to 3 s. */
static inline void pt_event(pt_env *e, phone_event *ev)
{
    for (int i = 0; i < 3000; i++) {
        if (phone_server_poll(e->s, ev))
            return;
        /* Keep the client's side moving too: its writes wait on its loop. */
        phone_client_service(e->pc, 1);
    }
    fail_msg("no event from the phone server");
}

#endif
