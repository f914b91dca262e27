/* The phone server on loopback with real libwebsockets clients: hello, join,
 * seats that a room code alone never takes, rejoin with the token, views that
 * reach only their seat, events through phone_server_poll, the frame and rate
 * caps, the busy queue, "end" on stop (docs/phones.md, protocol v1) and the
 * load generator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <stdatomic.h>

#include "net/phone_load.h"
#include "phone_testutil.h"

static int setup(void **state)
{
    static pt_env env;
    pt_setup(&env);
    *state = &env;
    return 0;
}

static int teardown(void **state)
{
    pt_teardown(*state);
    return 0;
}

static void start_default(pt_env *e)
{
    phone_config c;
    pt_config(e, &c);
    pt_start(e, &c);
}

static void hello(pt_env *e, int k, const char *token)
{
    char text[160];
    if (token)
        snprintf(text, sizeof text, "{\"v\":1,\"t\":\"hello\",\"room\":\"%s\",\"token\":\"%s\"}",
                 phone_server_room(e->s), token);
    else
        snprintf(text, sizeof text, "{\"v\":1,\"t\":\"hello\",\"room\":\"%s\"}", phone_server_room(e->s));
    pt_send(e, k, text);
}

/* Says hello as a watcher and reads the welcome. */
static void greet(pt_env *e, int k)
{
    char buf[PT_MSG];
    hello(e, k, NULL);
    cJSON_Delete(pt_expect(e, k, "welcome", buf));
}

static void join(pt_env *e, int k, int seat, const char *name)
{
    char text[160];
    snprintf(text, sizeof text, "{\"v\":1,\"t\":\"join\",\"room\":\"%s\",\"seat\":%d,\"name\":\"%s\"}",
             phone_server_room(e->s), seat, name);
    pt_send(e, k, text);
}

/* Joins seat and reads joined (its token into token), the seat's view if
 * one was published (view), and the welcome every phone gets. */
static void join_ok(pt_env *e, int k, int seat, const char *name, char *token, const char *view)
{
    char buf[PT_MSG];
    join(e, k, seat, name);
    cJSON *o = pt_expect(e, k, "joined", buf);
    assert_int_equal(cJSON_GetObjectItem(o, "seat")->valueint, seat);
    assert_string_equal(cJSON_GetObjectItem(o, "name")->valuestring, name);
    const char *t = cJSON_GetObjectItem(o, "token")->valuestring;
    assert_int_equal(strlen(t), PHONE_TOKEN_HEX);
    assert_int_equal(strspn(t, "0123456789abcdef"), PHONE_TOKEN_HEX);
    strcpy(token, t);
    cJSON_Delete(o);
    if (view) {
        assert_true(phone_client_recv(e->pc, k, buf, sizeof buf, 3000) > 0);
        assert_string_equal(buf, view);
    }
    cJSON_Delete(pt_expect(e, k, "welcome", buf));
}

static void test_room_and_url(void **state)
{
    pt_env *e = *state;
    start_default(e);
    const char *room = phone_server_room(e->s);
    assert_int_equal(strlen(room), PHONE_ROOM_LEN);
    for (int i = 0; i < PHONE_ROOM_LEN; i++)
        assert_non_null(strchr("ABCDEFGHJKMNPQRSTUVWXYZ", room[i]));
    char url[64];
    snprintf(url, sizeof url, "http://127.0.0.1:%d/", phone_server_port(e->s));
    assert_string_equal(phone_server_url(e->s), url);
    /* The same seed, the same room: tests can rely on it. */
    phone_config c;
    pt_config(e, &c);
    char err[64];
    phone_server *again = phone_server_start(&c, err, sizeof err);
    assert_non_null(again);
    assert_string_equal(phone_server_room(again), room);
    assert_int_not_equal(phone_server_port(again), phone_server_port(e->s));
    phone_server_stop(again);
    /* A missing folder is an error at start, not a 404 later. */
    c.web_root = "/nonexistent/stackhouse-web";
    assert_null(phone_server_start(&c, err, sizeof err));
}

static void test_hello_join_rejoin(void **state)
{
    pt_env *e = *state;
    char buf[PT_MSG], tok1[40], tok2[40];
    phone_event ev;
    start_default(e);
    phone_server_publish(e->s, 0, "{\"v\":1,\"t\":\"view\",\"seat\":0,\"rev\":1}");

    /* A watcher: welcome with the seats, then the public view. */
    int w = pt_connect(e);
    hello(e, w, NULL);
    cJSON *o = pt_expect(e, w, "welcome", buf);
    assert_string_equal(cJSON_GetObjectItem(o, "room")->valuestring, phone_server_room(e->s));
    assert_string_equal(cJSON_GetObjectItem(o, "game")->valuestring, "9stax");
    cJSON *seats = cJSON_GetObjectItem(o, "seats");
    assert_int_equal(cJSON_GetArraySize(seats), 3);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(seats, 0), "open")));
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(seats, 2), "kind")->valuestring, "computer");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(cJSON_GetArrayItem(seats, 2), "open")));
    cJSON_Delete(o);
    assert_true(phone_client_recv(e->pc, w, buf, sizeof buf, 3000) > 0);
    assert_string_equal(buf, "{\"v\":1,\"t\":\"view\",\"seat\":0,\"rev\":1}");

    /* A wrong room gets nothing. */
    pt_send(e, w, "{\"v\":1,\"t\":\"hello\",\"room\":\"ZZZZ\"}");
    pt_expect_error(e, w, "room");
    pt_send(e, w, "{\"v\":1,\"t\":\"join\",\"room\":\"ZZZZ\",\"seat\":1,\"name\":\"Eve\"}");
    pt_expect_error(e, w, "room");

    phone_server_publish(e->s, 1, "{\"v\":1,\"t\":\"view\",\"seat\":1,\"rev\":1}");
    int a = pt_connect(e);
    join_ok(e, a, 1, "Ann", tok1, "{\"v\":1,\"t\":\"view\",\"seat\":1,\"rev\":1}");
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_JOINED);
    assert_int_equal(ev.seat, 1);
    assert_string_equal(ev.name, "Ann");
    /* The watcher hears that the seats changed: seat 1 is a phone's now. */
    o = pt_expect(e, w, "welcome", buf);
    cJSON *s1 = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "seats"), 0);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(s1, "phone")));
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(s1, "open")));
    assert_string_equal(cJSON_GetObjectItem(s1, "name")->valuestring, "Ann");
    cJSON_Delete(o);

    /* The room code alone never takes a seated seat; neither does a made-up token. */
    int b = pt_connect(e);
    join(e, b, 1, "Bob");
    pt_expect_error(e, b, "seat-taken");
    hello(e, b, "0123456789abcdef0123456789abcdef");
    pt_expect_error(e, b, "token");
    join(e, b, 3, "Bob");
    pt_expect_error(e, b, "not-open");
    join_ok(e, b, 2, "Bob", tok2, NULL);
    assert_string_not_equal(tok1, tok2);
    cJSON_Delete(pt_expect(e, a, "welcome", buf));
    cJSON_Delete(pt_expect(e, w, "welcome", buf));
    /* One phone, one seat. */
    join(e, b, 1, "Bob");
    pt_expect_error(e, b, "not-open");
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_JOINED);
    assert_int_equal(ev.seat, 2);
    assert_int_equal(phone_server_seated(e->s), 3u);
    assert_int_equal(phone_server_connected(e->s), 3u);

    /* Views go to their seat's connections only. */
    phone_server_publish(e->s, 1, "{\"v\":1,\"t\":\"view\",\"seat\":1,\"rev\":2,\"private\":\"R7\"}");
    phone_server_publish(e->s, 2, "{\"v\":1,\"t\":\"view\",\"seat\":2,\"rev\":2,\"private\":\"B2\"}");
    phone_server_publish(e->s, 0, "{\"v\":1,\"t\":\"view\",\"seat\":0,\"rev\":2}");
    assert_true(phone_client_recv(e->pc, a, buf, sizeof buf, 3000) > 0);
    assert_string_equal(buf, "{\"v\":1,\"t\":\"view\",\"seat\":1,\"rev\":2,\"private\":\"R7\"}");
    assert_true(phone_client_recv(e->pc, b, buf, sizeof buf, 3000) > 0);
    assert_string_equal(buf, "{\"v\":1,\"t\":\"view\",\"seat\":2,\"rev\":2,\"private\":\"B2\"}");
    assert_true(phone_client_recv(e->pc, w, buf, sizeof buf, 3000) > 0);
    assert_string_equal(buf, "{\"v\":1,\"t\":\"view\",\"seat\":0,\"rev\":2}");
    pt_expect_nothing(e, a, 200);
    pt_expect_nothing(e, b, 50);
    pt_expect_nothing(e, w, 50);

    /* Ann's phone sleeps: the seat stays hers. */
    phone_client_close(e->pc, a, 3000);
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_GONE);
    assert_int_equal(ev.seat, 1);
    assert_int_equal(phone_server_seated(e->s), 3u);
    assert_int_equal(phone_server_connected(e->s), 2u);
    join(e, w, 1, "Eve");
    pt_expect_error(e, w, "seat-taken");

    /* It wakes up with the token: seat 1 again, and the last view it missed nothing of. */
    int a2 = pt_connect(e);
    hello(e, a2, tok1);
    o = pt_expect(e, a2, "joined", buf);
    assert_int_equal(cJSON_GetObjectItem(o, "seat")->valueint, 1);
    assert_string_equal(cJSON_GetObjectItem(o, "name")->valuestring, "Ann");
    assert_string_equal(cJSON_GetObjectItem(o, "token")->valuestring, tok1);
    cJSON_Delete(o);
    assert_true(phone_client_recv(e->pc, a2, buf, sizeof buf, 3000) > 0);
    assert_string_equal(buf, "{\"v\":1,\"t\":\"view\",\"seat\":1,\"rev\":2,\"private\":\"R7\"}");
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_BACK);
    assert_int_equal(ev.seat, 1);
    assert_int_equal(phone_server_connected(e->s), 3u);

    /* leave gives the seat back; the token stops working and the seat is open. */
    pt_send(e, a2, "{\"v\":1,\"t\":\"leave\"}");
    cJSON_Delete(pt_expect(e, a2, "view", buf)); /* now a watcher: the public view */
    cJSON_Delete(pt_expect(e, a2, "welcome", buf));
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_LEFT);
    assert_int_equal(ev.seat, 1);
    assert_string_equal(ev.name, "Ann");
    assert_int_equal(phone_server_seated(e->s), 2u);
    pt_send(e, a2, "{\"v\":1,\"t\":\"leave\"}");
    pt_expect_error(e, a2, "no-seat");
    int a3 = pt_connect(e);
    hello(e, a3, tok1);
    pt_expect_error(e, a3, "token");
}

static void test_events_and_replies(void **state)
{
    pt_env *e = *state;
    char buf[PT_MSG], tok[40];
    phone_event ev;
    start_default(e);
    int w = pt_connect(e);
    /* No seat: no moves, no buttons; pings are for those who said hello. */
    pt_send(e, w, "{\"v\":1,\"t\":\"move\",\"move\":\"draw\",\"rev\":3}");
    pt_expect_error(e, w, "no-seat");
    pt_send(e, w, "{\"v\":1,\"t\":\"pad\",\"b\":\"a\",\"down\":true}");
    pt_expect_error(e, w, "no-seat");
    pt_send(e, w, "{\"v\":1,\"t\":\"ping\",\"id\":4}");
    pt_expect_error(e, w, "hello");
    assert_false(phone_server_poll(e->s, &ev));
    hello(e, w, NULL);
    cJSON_Delete(pt_expect(e, w, "welcome", buf));
    pt_send(e, w, "{\"v\":1,\"t\":\"ping\",\"id\":5}");
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_PING);
    assert_int_equal(ev.seat, 0);
    assert_int_equal(ev.id, 5);
    phone_server_pong(e->s, ev.conn, ev.id);
    cJSON *o = pt_expect(e, w, "pong", buf);
    assert_int_equal(cJSON_GetObjectItem(o, "id")->valueint, 5);
    cJSON_Delete(o);

    int a = pt_connect(e);
    join_ok(e, a, 2, "Ann", tok, NULL);
    cJSON_Delete(pt_expect(e, w, "welcome", buf)); /* the watcher hears of the seat */
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_JOINED);
    pt_send(e, a, "{\"v\":1,\"t\":\"move\",\"move\":\"play R7 2\",\"rev\":17}");
    /* A hand's game has no pad (test_phone_guard has the pad's games). */
    pt_send(e, a, "{\"v\":1,\"t\":\"pad\",\"b\":\"a\",\"down\":false}");
    pt_expect_error(e, a, "not-pad");
    pt_send(e, a, "{\"v\":1,\"t\":\"ping\",\"id\":-9}");
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_MOVE);
    assert_int_equal(ev.seat, 2);
    assert_string_equal(ev.text, "play R7 2");
    assert_int_equal(ev.rev, 17);
    uint32_t conn = ev.conn;
    pt_event(e, &ev);
    assert_int_equal(ev.conn, conn);
    assert_int_equal(ev.kind, PHONE_EV_PING);
    assert_int_equal(ev.seat, 2);
    assert_int_equal(ev.id, -9);
    assert_false(phone_server_poll(e->s, &ev));

    /* The main loop's answers go to that connection alone. */
    phone_server_error(e->s, conn, "stale", "the table moved on");
    pt_expect_error(e, a, "stale");
    phone_server_reply(e->s, conn, "{\"v\":1,\"t\":\"error\",\"code\":\"illegal\",\"msg\":\"no\"}");
    pt_expect_error(e, a, "illegal");
    pt_expect_nothing(e, w, 100);

    /* Malformed messages: an error each, and nothing reaches the game. */
    pt_send(e, a, "not json");
    pt_expect_error(e, a, "json");
    pt_send(e, a, "{\"v\":2,\"t\":\"ping\",\"id\":1}");
    pt_expect_error(e, a, "version");
    pt_send(e, a, "{\"v\":1,\"t\":\"fly\"}");
    pt_expect_error(e, a, "type");
    pt_send(e, a, "{\"v\":1,\"t\":\"move\",\"move\":\"\",\"rev\":1}");
    pt_expect_error(e, a, "field");
    assert_false(phone_server_poll(e->s, &ev));
}

static void test_big_view(void **state)
{
    pt_env *e = *state;
    static char view[60000], buf[70000];
    start_default(e);
    int w = pt_connect(e);
    hello(e, w, NULL);
    cJSON_Delete(pt_expect(e, w, "welcome", buf));
    /* The 4096-byte cap is on what phones send; views may be any size. */
    int n = snprintf(view, sizeof view, "{\"v\":1,\"t\":\"view\",\"seat\":0,\"status\":\"");
    memset(view + n, 'x', sizeof view - (size_t)n - 3);
    memcpy(view + sizeof view - 3, "\"}", 3);
    phone_server_publish(e->s, 0, view);
    assert_int_equal(phone_client_recv(e->pc, w, buf, sizeof buf, 3000), (int)strlen(view));
    assert_string_equal(buf, view);
}

static void test_frame_cap(void **state)
{
    pt_env *e = *state;
    static char big[6000];
    phone_event ev;
    start_default(e);
    int k = pt_connect(e);
    greet(e, k);
    /* Exactly 4096 bytes is a frame like any other. */
    memset(big, ' ', PHONE_FRAME_MAX);
    memcpy(big, "{\"v\":1,\"t\":\"ping\",\"id\":1}", 25);
    assert_int_equal(phone_client_send(e->pc, k, big, PHONE_FRAME_MAX), 0);
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_PING);
    /* One byte more closes the connection with 1009. */
    assert_int_equal(phone_client_send(e->pc, k, big, PHONE_FRAME_MAX + 1), 0);
    char buf[PT_MSG];
    assert_int_equal(phone_client_recv(e->pc, k, buf, sizeof buf, 3000), -2);
    assert_int_equal(phone_client_close_status(e->pc, k), 1009);
    assert_false(phone_server_poll(e->s, &ev));
    /* The server goes on. */
    int k2 = pt_connect(e);
    greet(e, k2);
    pt_send(e, k2, "{\"v\":1,\"t\":\"ping\",\"id\":2}");
    pt_event(e, &ev);
    assert_int_equal(ev.id, 2);
}

/* Sends n pings with ids 0..n-1 as fast as the client writes. */
static void send_pings(pt_env *e, int k, int n)
{
    for (int i = 0; i < n; i++) {
        char text[64];
        snprintf(text, sizeof text, "{\"v\":1,\"t\":\"ping\",\"id\":%d}", i);
        /* The client's own queue holds 256: let it write when it is full. */
        while (phone_client_send(e->pc, k, text, strlen(text)) < 0)
            phone_client_service(e->pc, 1);
    }
}

static void test_rate_cap(void **state)
{
    pt_env *e = *state;
    phone_event ev;
    char buf[PT_MSG];
    start_default(e);
    int k = pt_connect(e);
    greet(e, k);
    nanosleep(&(struct timespec){1, 100 * 1000 * 1000}, NULL); /* the hello leaves the window */
    /* 90 pings at once: 60 reach the game, 30 are answered "rate". */
    send_pings(e, k, 90);
    int errors = 0;
    while (errors < 30 && phone_client_recv(e->pc, k, buf, sizeof buf, 3000) > 0) {
        assert_non_null(strstr(buf, "\"code\":\"rate\""));
        errors++;
    }
    assert_int_equal(errors, 30);
    int pings = 0;
    while (phone_server_poll(e->s, &ev)) {
        assert_int_equal(ev.kind, PHONE_EV_PING);
        assert_int_equal(ev.id, pings);
        pings++;
    }
    assert_int_equal(pings, PHONE_RATE_PER_S);
    /* A second later the phone may speak again. */
    nanosleep(&(struct timespec){1, 100 * 1000 * 1000}, NULL);
    pt_send(e, k, "{\"v\":1,\"t\":\"ping\",\"id\":1000}");
    pt_event(e, &ev);
    assert_int_equal(ev.id, 1000);
}

static void test_busy_queue(void **state)
{
    pt_env *e = *state;
    phone_config c;
    phone_event ev;
    char buf[PT_MSG];
    pt_config(e, &c);
    c.no_rate_cap = 1;
    pt_start(e, &c);
    char tok[40];
    int k = pt_connect(e);
    join_ok(e, k, 1, "Ann", tok, NULL);
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_JOINED);
    /* Nobody drains the queue: 300 pings fill it, and the rest are "busy". */
    send_pings(e, k, 300);
    int busy = 0;
    while (phone_client_recv(e->pc, k, buf, sizeof buf, 1000) > 0) {
        assert_non_null(strstr(buf, "\"code\":\"busy\""));
        busy++;
    }
    int queued = 0;
    while (phone_server_poll(e->s, &ev))
        queued++;
    assert_true(queued > 200 && queued < 300);
    assert_int_equal(queued + busy, 300);
    /* A watcher's pings take at most a quarter of the queue: the seats keep the rest. */
    int w = pt_connect(e);
    greet(e, w);
    send_pings(e, w, 100);
    busy = 0;
    while (phone_client_recv(e->pc, w, buf, sizeof buf, 1000) > 0) {
        assert_non_null(strstr(buf, "\"code\":\"busy\""));
        busy++;
    }
    assert_int_equal(busy, 100 - 64);
    send_pings(e, k, 100);
    pt_expect_nothing(e, k, 500);
    queued = 0;
    while (phone_server_poll(e->s, &ev))
        queued++;
    assert_int_equal(queued, 164);
}

static void test_seats_change_and_end(void **state)
{
    pt_env *e = *state;
    char buf[PT_MSG], tok[40];
    phone_config c;
    start_default(e);
    pt_config(e, &c);
    int a = pt_connect(e);
    join_ok(e, a, 2, "Ann", tok, NULL);
    /* The game makes seat 2 a computer's: the phone is a watcher again. */
    c.seat[1] = (phone_seat_info){"Easy", 0, 0};
    phone_server_set_seats(e->s, c.seat, c.seats);
    cJSON *o = pt_expect(e, a, "welcome", buf);
    cJSON *s2 = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "seats"), 1);
    assert_string_equal(cJSON_GetObjectItem(s2, "kind")->valuestring, "computer");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(s2, "phone")));
    cJSON_Delete(o);
    assert_int_equal(phone_server_seated(e->s), 0u);
    pt_send(e, a, "{\"v\":1,\"t\":\"move\",\"move\":\"draw\",\"rev\":1}");
    pt_expect_error(e, a, "no-seat");
    hello(e, a, tok);
    pt_expect_error(e, a, "token");

    /* end reaches every phone before the server stops. */
    hello(e, a, NULL);
    cJSON_Delete(pt_expect(e, a, "welcome", buf));
    phone_server_end(e->s, "{\"v\":1,\"t\":\"end\",\"result\":[]}");
    cJSON_Delete(pt_expect(e, a, "end", buf));
    phone_server_end(e->s, "{\"v\":1,\"t\":\"end\",\"result\":[{\"seat\":1}]}");
    phone_server_stop(e->s);
    e->s = NULL;
    o = pt_expect(e, a, "end", buf);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "result")), 1);
    cJSON_Delete(o);
    assert_int_equal(phone_client_recv(e->pc, a, buf, sizeof buf, 3000), -2);
}

/* The main loop of the load test: answers pings until told to stop. */
static atomic_int pong_stop;

static void *pong_loop(void *arg)
{
    phone_server *s = arg;
    phone_event ev;
    while (!atomic_load(&pong_stop)) {
        while (phone_server_poll(s, &ev))
            if (ev.kind == PHONE_EV_PING)
                phone_server_pong(s, ev.conn, ev.id);
        nanosleep(&(struct timespec){0, 200 * 1000}, NULL);
    }
    return NULL;
}

static void test_load_generator(void **state)
{
    pt_env *e = *state;
    phone_config c;
    pt_config(e, &c);
    c.no_rate_cap = 1;
    pt_start(e, &c);
    pthread_t t;
    atomic_store(&pong_stop, 0);
    assert_int_equal(pthread_create(&t, NULL, pong_loop, e->s), 0);
    phone_load_config lc = {"127.0.0.1", phone_server_port(e->s), phone_server_room(e->s), 4, 100, 0, 20000};
    phone_load_result r;
    int rc = phone_load_run(&lc, &r);
    assert_int_equal(rc, 0);
    assert_int_equal(r.sent, 400);
    assert_int_equal(r.answered, 400);
    assert_int_equal(r.refused, 0);
    assert_true(r.rtt_median_ms > 0 && r.rtt_median_ms <= r.rtt_p99_ms && r.rtt_p99_ms <= r.rtt_max_ms);
    assert_true(r.msgs_per_s > 0 && r.seconds > 0);
    /* A wrong room: no welcome, so no run. */
    lc.room = "ZZZZ";
    assert_int_equal(phone_load_run(&lc, &r), -1);
    assert_int_equal(r.answered, 0);
    atomic_store(&pong_stop, 1);
    pthread_join(t, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_room_and_url, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hello_join_rejoin, setup, teardown),
        cmocka_unit_test_setup_teardown(test_events_and_replies, setup, teardown),
        cmocka_unit_test_setup_teardown(test_big_view, setup, teardown),
        cmocka_unit_test_setup_teardown(test_frame_cap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rate_cap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_busy_queue, setup, teardown),
        cmocka_unit_test_setup_teardown(test_seats_change_and_end, setup, teardown),
        cmocka_unit_test_setup_teardown(test_load_generator, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
