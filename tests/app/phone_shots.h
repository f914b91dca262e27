/* Phones for test_screens' shots: real WebSocket connections (raw sockets,
 * tests/net/ws_raw.h) join seats of the app's own phone server before the
 * shot's frames, as a guest's phone does; the app runs with
 * STACKHOUSE_PHONES_FIXED, so its room code and shown address are the same
 * every run. Header-only so each test stays one file (cmocka first). */
#ifndef STACKHOUSE_PHONE_SHOTS_H
#define STACKHOUSE_PHONE_SHOTS_H

#include "../net/ws_raw.h"
#include "app/app.h"
#include "table/phones.h"
#include "testenv.h"

/* The shot's phones' sockets, by seat (0-based); -1 none. */
static int shot_phone_fd[GAME_MAX_PLAYERS] = {-1, -1, -1, -1};

/* A phone joins seat (1-based) as name, with the room code the TV shows. */
static void shot_phone_join(int seat, const char *name)
{
    char msg[200], buf[8192];
    int op, fd = ws_raw_port(phones_api()->port(phones_server()), "/ws", "stackhouse.v1");
    assert_true(fd >= 0);
    snprintf(msg, sizeof msg, "{\"v\":1,\"t\":\"hello\",\"room\":\"%s\"}", phones_room());
    ws_raw_send_text(fd, msg);
    snprintf(msg, sizeof msg, "{\"v\":1,\"t\":\"join\",\"room\":\"%s\",\"seat\":%d,\"name\":\"%s\"}", phones_room(),
             seat, name);
    ws_raw_send_text(fd, msg);
    do
        assert_true(ws_raw_read(fd, buf, sizeof buf, &op) >= 0);
    while (!strstr(buf, "\"t\":\"joined\""));
    shot_phone_fd[seat - 1] = fd;
}

/* Seat (1-based)'s phone goes away (its page closed): the seat waits for it. */
static void shot_phone_drop(int seat)
{
    close(shot_phone_fd[seat - 1]);
    shot_phone_fd[seat - 1] = -1;
}

/* Pumps the app without a logic step until the roster is as asked (the
 * server's events arrive on its own thread), so the shot's frames start
 * from the same seats every run. */
static void shot_phones_settle(app *a, unsigned seated, unsigned connected)
{
    for (int i = 0; i < 500; i++) {
        const phone_roster *ro = phones_roster();
        assert_int_equal(app_frame(a, 0, 0), 0);
        if (ro->seated == seated && ro->connected == connected)
            return;
        testenv_sleep_ms(10);
    }
    fail_msg("the phones' seats never settled (seated %x, connected %x)", phones_roster()->seated,
             phones_roster()->connected);
}

/* After the shot: every phone's socket closed. */
static void shot_phones_close(void)
{
    for (int s = 0; s < GAME_MAX_PLAYERS; s++)
        if (shot_phone_fd[s] >= 0)
            shot_phone_drop(s + 1);
}

#endif
