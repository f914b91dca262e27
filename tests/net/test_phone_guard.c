/* The phone server's door against strangers on the network (#25 items 4-9),
 * with raw sockets that do what no phone page would: connections that never
 * say hello are closed and capped per address, a seated phone always finds a
 * slot, pings need hello, wrong room codes lock an address out for longer
 * each time, only the game's own page may upgrade (Origin and Host), a pad
 * steers only in pad modes and never the TV's menu, and names lose their
 * control and format characters and are cut by grapheme and width. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "phone_testutil.h"
#include "ws_raw.h"

static pt_env env;

static void sleep_ms(int ms) { nanosleep(&(struct timespec){ms / 1000, (long)(ms % 1000) * 1000000L}, NULL); }

static int setup(void **state)
{
    pt_setup(&env);
    *state = &env;
    return 0;
}

static int teardown(void **state)
{
    pt_teardown(*state);
    return 0;
}

static int raw(pt_env *e) { return ws_raw_port(phone_server_port(e->s), "/ws", "stackhouse.v1"); }

static void raw_hello(pt_env *e, int fd, const char *room)
{
    char text[128];
    snprintf(text, sizeof text, "{\"v\":1,\"t\":\"hello\",\"room\":\"%s\"}", room ? room : phone_server_room(e->s));
    ws_raw_send_text(fd, text);
}

/* The next text frame on fd, parsed; fails on a time-out, a hang-up or a close. */
static cJSON *raw_next(int fd, char *buf)
{
    int op = 0;
    int n = ws_raw_read(fd, buf, PT_MSG, &op);
    if (n < 0 || op != 1)
        fail_msg("raw connection: no text frame (n %d, op %d)", n, op);
    return cJSON_Parse(buf);
}

/* The next text frame on fd is message t (and code, for an error); returns it. */
static cJSON *raw_expect(int fd, const char *t, const char *code)
{
    static char buf[PT_MSG];
    cJSON *o = raw_next(fd, buf);
    const cJSON *tt = cJSON_GetObjectItemCaseSensitive(o, "t"), *c = cJSON_GetObjectItemCaseSensitive(o, "code");
    if (!cJSON_IsString(tt) || strcmp(tt->valuestring, t) != 0 ||
        (code && (!cJSON_IsString(c) || strcmp(c->valuestring, code) != 0)))
        fail_msg("raw connection: expected %s %s, got %s", t, code ? code : "", buf);
    return o;
}

static void test_hello_deadline(void **state)
{
    pt_env *e = *state;
    phone_config c;
    char why[128];
    pt_config(e, &c);
    c.hello_timeout_ms = 600;
    pt_start(e, &c);
    int idle = raw(e), greeted = raw(e);
    assert_true(idle >= 0 && greeted >= 0);
    raw_hello(e, greeted, NULL);
    cJSON_Delete(raw_expect(greeted, "welcome", NULL));
    /* The silent one is closed with a status and a reason the page can show. */
    assert_int_equal(ws_raw_close_code(idle, why, sizeof why, 10), PHONE_CLOSE_NO_HELLO);
    assert_non_null(strstr(why, "room code"));
    close(idle);
    /* The one that said hello stays: nothing comes, and it still answers. */
    int op;
    char buf[256];
    assert_int_equal(ws_raw_read(greeted, buf, sizeof buf, &op), -1);
    assert_true(errno == EAGAIN || errno == EWOULDBLOCK);
    raw_hello(e, greeted, NULL);
    cJSON_Delete(raw_expect(greeted, "welcome", NULL));
    close(greeted);
}

static void test_per_address_cap(void **state)
{
    pt_env *e = *state;
    phone_config c;
    char why[128];
    int fd[4];
    pt_config(e, &c);
    c.max_per_addr = 3;
    pt_start(e, &c);
    for (int i = 0; i < 3; i++) {
        fd[i] = raw(e);
        assert_true(fd[i] >= 0);
    }
    /* The fourth from the same address is told why and closed. */
    fd[3] = raw(e);
    assert_true(fd[3] >= 0);
    assert_int_equal(ws_raw_close_code(fd[3], why, sizeof why, 10), PHONE_CLOSE_ADDRESS);
    assert_non_null(strstr(why, "address"));
    close(fd[3]);
    /* One goes: there is room again. */
    close(fd[0]);
    int again = -1;
    for (int i = 0; i < 50 && again < 0; i++) {
        sleep_ms(20);
        again = raw(e);
        raw_hello(e, again, NULL);
        int op;
        char buf[PT_MSG];
        if (ws_raw_read(again, buf, sizeof buf, &op) < 0 || op != 1) {
            close(again);
            again = -1;
        } else {
            assert_non_null(strstr(buf, "\"welcome\""));
        }
    }
    assert_true(again >= 0);
    close(again);
    close(fd[1]);
    close(fd[2]);
}

/* Starts a server that takes 100 connections from one address (every test
 * connection comes from 127.0.0.1), and seats a libwebsockets phone on seat
 * as name: its connection, its token in tok (40 bytes). */
static int start_and_seat(pt_env *e, int seat, const char *name, char *tok)
{
    phone_config c;
    char buf[PT_MSG], text[160];
    phone_event ev;
    pt_config(e, &c);
    c.max_per_addr = 100;
    pt_start(e, &c);
    int a = pt_connect(e);
    snprintf(text, sizeof text, "{\"v\":1,\"t\":\"join\",\"room\":\"%s\",\"seat\":%d,\"name\":\"%s\"}",
             phone_server_room(e->s), seat, name);
    pt_send(e, a, text);
    cJSON *o = pt_expect(e, a, "joined", buf);
    snprintf(tok, 40, "%s", cJSON_GetObjectItem(o, "token")->valuestring);
    cJSON_Delete(o);
    cJSON_Delete(pt_expect(e, a, "welcome", buf));
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_JOINED);
    return a;
}

/* 64 strangers hold every slot; a seated phone coming back with its token
 * still gets in (a stranger that never said hello goes), and so does a
 * guest; a seated phone is never the one evicted. */
static void test_seated_token_finds_a_slot(void **state)
{
    pt_env *e = *state;
    char buf[PT_MSG], tok[40], text[160], why[128];
    int fd[PHONE_CONN_MAX];
    int a = start_and_seat(e, 1, "Ann", tok);
    phone_client_close(e->pc, a, 3000);
    int n = 0;
    for (; n < PHONE_CONN_MAX; n++)
        if ((fd[n] = raw(e)) < 0)
            break;
    assert_int_equal(n, PHONE_CONN_MAX); /* 64 slots, 64 strangers */
    /* Ann's phone wakes up. */
    int a2 = pt_connect(e);
    snprintf(text, sizeof text, "{\"v\":1,\"t\":\"hello\",\"room\":\"%s\",\"token\":\"%s\"}",
             phone_server_room(e->s), tok);
    pt_send(e, a2, text);
    cJSON *o = pt_expect(e, a2, "joined", buf);
    assert_int_equal(cJSON_GetObjectItem(o, "seat")->valueint, 1);
    cJSON_Delete(o);
    /* The oldest stranger made room, and was told why. */
    assert_int_equal(ws_raw_close_code(fd[0], why, sizeof why, 10), PHONE_CLOSE_FULL);
    /* A second wave: the seated phone stays; strangers go oldest first. */
    int wave[8];
    for (int i = 0; i < 8; i++) {
        wave[i] = raw(e);
        assert_true(wave[i] >= 0);
        assert_int_equal(ws_raw_close_code(fd[1 + i], why, sizeof why, 10), PHONE_CLOSE_FULL);
    }
    assert_true(phone_client_open(e->pc, a2));
    assert_int_equal(phone_server_connected(e->s), 1u);
    for (int i = 0; i < 8; i++)
        close(wave[i]);
    for (int i = 0; i < n; i++)
        close(fd[i]);
}

/* Nobody drains the game's queue while 50 strangers ping without hello and
 * a seated phone sends 104 pings: every stranger's ping is refused with
 * "hello" and none reaches the game; none of the phone's gets "busy". */
static void test_ping_needs_hello_flood(void **state)
{
    pt_env *e = *state;
    phone_event ev;
    char text[160], tok[40];
    int fd[50];
    int a = start_and_seat(e, 2, "Bo", tok);
    for (int i = 0; i < 50; i++) {
        fd[i] = raw(e);
        assert_true(fd[i] >= 0);
    }
    for (int round = 0; round < 6; round++)
        for (int i = 0; i < 50; i++)
            for (int j = 0; j < 10; j++) {
                snprintf(text, sizeof text, "{\"v\":1,\"t\":\"ping\",\"id\":%d}", round * 10 + j);
                ws_raw_send_text(fd[i], text);
            }
    for (int i = 0; i < 104; i++) {
        snprintf(text, sizeof text, "{\"v\":1,\"t\":\"ping\",\"id\":%d}", 1000 + i);
        while (phone_client_send(e->pc, a, text, strlen(text)) < 0)
            phone_client_service(e->pc, 1);
        if (i % 50 == 49) { /* within the phone's own 60 a second */
            struct timespec t0, t;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            do {
                phone_client_service(e->pc, 10);
                clock_gettime(CLOCK_MONOTONIC, &t);
            } while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < 1100);
        }
    }
    /* Each stranger hears why. */
    for (int i = 0; i < 50; i++)
        cJSON_Delete(raw_expect(fd[i], "error", "hello"));
    /* The phone gets nothing back: no busy. */
    pt_expect_nothing(e, a, 500);
    int pings = 0;
    while (phone_server_poll(e->s, &ev)) {
        assert_int_equal(ev.kind, PHONE_EV_PING);
        assert_int_equal(ev.seat, 2);
        assert_int_equal(ev.id, 1000 + pings);
        pings++;
    }
    assert_int_equal(pings, 104);
    for (int i = 0; i < 50; i++)
        close(fd[i]);
}

static int wait_of(const cJSON *o)
{
    const cJSON *w = cJSON_GetObjectItemCaseSensitive(o, "wait");
    return cJSON_IsNumber(w) ? w->valueint : -1;
}

static void test_wrong_codes_lock_out(void **state)
{
    pt_env *e = *state;
    phone_config c;
    pt_config(e, &c);
    pt_start(e, &c);
    const char *wrong = strcmp(phone_server_room(e->s), "ZZZZ") ? "ZZZZ" : "YYYY";
    int fd = raw(e);
    /* The first few wrong codes are a typo's: "room", no wait. */
    for (int i = 0; i < PHONE_ROOM_FREE_TRIES; i++) {
        raw_hello(e, fd, wrong);
        cJSON *o = raw_expect(fd, "error", "room");
        assert_int_equal(wait_of(o), -1);
        cJSON_Delete(o);
    }
    /* Then each wrong code locks the address out, for longer each time. */
    raw_hello(e, fd, wrong);
    cJSON *o = raw_expect(fd, "error", "room");
    assert_int_equal(wait_of(o), 1);
    cJSON_Delete(o);
    /* Locked: even the right code is not looked at, on any connection. */
    raw_hello(e, fd, NULL);
    o = raw_expect(fd, "error", "locked");
    assert_int_equal(wait_of(o), 1);
    cJSON_Delete(o);
    int fd2 = raw(e);
    ws_raw_send_text(fd2, "{\"v\":1,\"t\":\"join\",\"room\":\"ABCD\",\"seat\":1,\"name\":\"Eve\"}");
    cJSON_Delete(raw_expect(fd2, "error", "locked"));
    sleep_ms(1100);
    raw_hello(e, fd, wrong);
    o = raw_expect(fd, "error", "room");
    assert_int_equal(wait_of(o), 2);
    cJSON_Delete(o);
    sleep_ms(2100);
    /* The right code opens the door and forgets the count. */
    raw_hello(e, fd2, NULL);
    cJSON_Delete(raw_expect(fd2, "welcome", NULL));
    raw_hello(e, fd, wrong);
    o = raw_expect(fd, "error", "room");
    assert_int_equal(wait_of(o), -1);
    cJSON_Delete(o);
    close(fd);
    close(fd2);
}

static void test_origin_and_host(void **state)
{
    pt_env *e = *state;
    phone_config c;
    char host[64], origin[80], other[64];
    pt_config(e, &c);
    pt_start(e, &c);
    int port = phone_server_port(e->s);
    snprintf(host, sizeof host, "127.0.0.1:%d", port);
    snprintf(origin, sizeof origin, "http://127.0.0.1:%d", port);
    static const struct {
        const char *host, *origin;
        int ok;
    } cases[] = {
        {"%h", "%o", 1},                              /* the page, as served */
        {"%h", NULL, 1},                              /* no browser: Origin is a browser's word */
        {"localhost:%p", "http://localhost:%p", 1},   /* the page opened as localhost */
        {"[::1]:%p", "http://[::1]:%p", 1},
        {"192.168.1.20:%p", "http://192.168.1.20:%p", 1}, /* the LAN address the QR code holds */
        {"%h", "http://evil.example", 0},             /* another site's page */
        {"%h", "http://evil.example:%p", 0},
        {"%h", "null", 0},                            /* a file or a sandboxed frame */
        {"%h", "http://localhost:%p", 0},             /* not the page's own origin */
        {"%h", "https://127.0.0.1:%p", 0},
        {"evil.example:%p", "http://evil.example:%p", 0}, /* DNS rebinding: a name, not an address */
        {"127.0.0.1:1", "http://127.0.0.1:1", 0},     /* another port */
        {"127.0.0.1", "http://127.0.0.1", 0},
        {NULL, NULL, 0},                              /* no Host at all */
        {"127.0.0.1:%p.evil.example", "http://127.0.0.1:%p.evil.example", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char h[96] = "", o[112] = "";
        const char *pat[2] = {cases[i].host, cases[i].origin};
        char *out[2] = {h, o};
        for (int k = 0; k < 2; k++) {
            if (!pat[k])
                continue;
            char *w = out[k];
            for (const char *p = pat[k]; *p; p++) {
                if (p[0] == '%' && p[1] == 'h')
                    w += sprintf(w, "%s", host), p++;
                else if (p[0] == '%' && p[1] == 'o')
                    w += sprintf(w, "%s", origin), p++;
                else if (p[0] == '%' && p[1] == 'p')
                    w += sprintf(w, "%d", port), p++;
                else
                    *w++ = *p, *w = 0;
            }
        }
        snprintf(other, sizeof other, "case %zu", i);
        int fd = ws_raw_upgrade(port, "/ws", "stackhouse.v1", pat[0] ? h : NULL, pat[1] ? o : NULL);
        if ((fd >= 0) != cases[i].ok)
            fail_msg("%s: Host %s Origin %s: %s", other, h, o, fd >= 0 ? "accepted" : "refused");
        if (fd >= 0)
            close(fd);
    }
}

static void join_raw(pt_env *e, int fd, int seat, const char *name_json)
{
    char text[400];
    snprintf(text, sizeof text, "{\"v\":1,\"t\":\"join\",\"room\":\"%s\",\"seat\":%d,\"name\":\"%s\"}",
             phone_server_room(e->s), seat, name_json);
    ws_raw_send_text(fd, text);
}

static void test_pad_is_for_pad_modes(void **state)
{
    pt_env *e = *state;
    phone_config c;
    phone_event ev;
    pt_config(e, &c); /* 9 STAX: the phone is a hand, not a pad */
    pt_start(e, &c);
    int fd = raw(e);
    join_raw(e, fd, 1, "Ann");
    cJSON_Delete(raw_expect(fd, "joined", NULL));
    cJSON_Delete(raw_expect(fd, "welcome", NULL));
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_JOINED);
    ws_raw_send_text(fd, "{\"v\":1,\"t\":\"pad\",\"b\":\"a\",\"down\":true}");
    cJSON_Delete(raw_expect(fd, "error", "not-pad"));
    ws_raw_send_text(fd, "{\"v\":1,\"t\":\"pad\",\"b\":\"menu\",\"down\":true}");
    cJSON_Delete(raw_expect(fd, "error", "not-pad"));
    assert_false(phone_server_poll(e->s, &ev));
    close(fd);
    phone_server_stop(e->s);

    /* STAX: the pad plays, but the menu is the TV's. */
    c.game = "stax";
    c.mode = "STAX";
    c.controls = "pad";
    pt_start(e, &c);
    fd = raw(e);
    join_raw(e, fd, 2, "Bo");
    cJSON_Delete(raw_expect(fd, "joined", NULL));
    cJSON_Delete(raw_expect(fd, "welcome", NULL));
    pt_event(e, &ev);
    ws_raw_send_text(fd, "{\"v\":1,\"t\":\"pad\",\"b\":\"menu\",\"down\":true}");
    cJSON_Delete(raw_expect(fd, "error", "menu"));
    ws_raw_send_text(fd, "{\"v\":1,\"t\":\"pad\",\"b\":\"a\",\"down\":true}");
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_PAD);
    assert_int_equal(ev.seat, 2);
    assert_int_equal(ev.button, PHONE_B_A);
    assert_false(phone_server_poll(e->s, &ev));
    close(fd);
}

/* Joins seat 1 with a name (JSON-escaped) and checks the name the phone,
 * the game and every welcome get; "" expects a "field" error. */
static void name_case(pt_env *e, const char *json, const char *want)
{
    phone_event ev;
    int fd = raw(e);
    join_raw(e, fd, 1, json);
    if (!want[0]) {
        cJSON_Delete(raw_expect(fd, "error", "field"));
        close(fd);
        return;
    }
    cJSON *o = raw_expect(fd, "joined", NULL);
    assert_string_equal(cJSON_GetObjectItem(o, "name")->valuestring, want);
    cJSON_Delete(o);
    o = raw_expect(fd, "welcome", NULL);
    cJSON *s1 = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "seats"), 0);
    assert_string_equal(cJSON_GetObjectItem(s1, "name")->valuestring, want);
    cJSON_Delete(o);
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_JOINED);
    assert_string_equal(ev.name, want);
    ws_raw_send_text(fd, "{\"v\":1,\"t\":\"leave\"}");
    cJSON_Delete(raw_expect(fd, "welcome", NULL));
    pt_event(e, &ev);
    assert_int_equal(ev.kind, PHONE_EV_LEFT);
    close(fd);
}

static void test_names_cleaned_and_cut(void **state)
{
    pt_env *e = *state;
    phone_config c;
    pt_config(e, &c);
    pt_start(e, &c);
    name_case(e, "\\u202eevil", "evil");               /* a right-to-left override */
    name_case(e, "A\\u200bn\\u200dn\\ufeff", "Ann");   /* zero-width space, joiner, BOM */
    name_case(e, "\\u2066Bo\\u2069\\u200e", "Bo");     /* isolates, a mark */
    name_case(e, "  Cy  ", "Cy");                      /* spaces at the ends */
    name_case(e, "\\u200b\\u202e", "");                /* nothing left to show */
    name_case(e, "Zo\\u00eb", "Zo\xc3\xab");
    /* Sixteen emoji are 32 columns: cut to 8, never mid-character. */
    name_case(e, "\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00"
                 "\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00"
                 "\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00",
              "\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80"
              "\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80");
    /* 15 columns and a wide one is 17: the wide one goes whole. */
    name_case(e, "MMMMMMMMMMMMMMM\\u6f22", "MMMMMMMMMMMMMMM");
    /* An accent stays with its letter: e + combining acute is one column. */
    name_case(e, "e\\u0301e\\u0301e\\u0301e\\u0301e\\u0301e\\u0301e\\u0301e\\u0301",
              "e\xcc\x81" "e\xcc\x81" "e\xcc\x81" "e\xcc\x81" "e\xcc\x81" "e\xcc\x81" "e\xcc\x81" "e\xcc\x81");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_hello_deadline, setup, teardown),
        cmocka_unit_test_setup_teardown(test_per_address_cap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_seated_token_finds_a_slot, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ping_needs_hello_flood, setup, teardown),
        cmocka_unit_test_setup_teardown(test_wrong_codes_lock_out, setup, teardown),
        cmocka_unit_test_setup_teardown(test_origin_and_host, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pad_is_for_pad_modes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_names_cleaned_and_cut, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
