/* Phones as hands end to end: the real game on its own Xvfb with --phones,
 * and phones played by real WebSocket connections (net/phone_client.h).
 * 9 STAX with both seats on phones: each phone gets its own seat's view and
 * never the other's, the TV shows no curtain and nothing private, a phone's
 * move is played on the TV (its trace), refused moves and a burst of
 * malformed WebSocket frames change nothing, a
 * watcher cannot act, a phone that reconnects with its token gets its seat
 * back. STAX: a phone is its seat's game pad, and only on its seat's turn.
 * SPEEDSTAX: a phone is its seat's controller; its MAX STAX button calls for
 * that seat, not the mouse's. The server module logs through the game's
 * logger (STACKHOUSE_LOG=debug reaches it). */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/wait.h>

#include <cmocka.h>

#include <cjson/cJSON.h>

#include "../net/ws_raw.h"
#include "phones_run.h"

static void test_nine_hands_on_phones(void **state)
{
    run r;
    char ta[40], tb[40], *pa, *pb, *t;
    cJSON *va, *vb, *o;
    int a, b, c, rev;
    const char *first;
    (void)state;
    game_start(&r, "nine", "--scene table --game 9stax --seats human,human --phones");
    a = join(&r, 1, "Ann", ta);
    b = join(&r, 2, "Bo", tb);
    assert_true(trace_has(&r, NULL, "phones seat p2 joined"));
    /* Both people are on phones: the TV draws only what everyone may see. */
    assert_true(trace_has(&r, "phones seat p2 joined", "nine faces public:"));

    va = settled_view(&r, a);
    vb = settled_view(&r, b);
    assert_int_equal((int)num_of(va, "seat"), 1);
    assert_int_equal((int)num_of(vb, "seat"), 2);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(va, "you")));
    assert_true(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(vb, "you")));
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(vb, "moves")), 0);
    pa = private_text(va);
    pb = private_text(vb);
    assert_non_null(pa);
    assert_non_null(pb);
    assert_string_not_equal(pa, pb); /* each its own held stack */
    rev = (int)num_of(va, "rev");
    assert_int_equal((int)num_of(vb, "rev"), rev);

    /* Refused: not Bo's turn, an old view, a card Ann does not hold. Nothing changes. */
    send_text(&r, b, "{\"v\":1,\"t\":\"move\",\"move\":\"draw\",\"rev\":%d}", rev);
    o = next_of(&r, b, "error");
    assert_non_null(o);
    assert_string_equal(str_of(o, "code"), "not-your-turn");
    assert_string_equal(str_of(o, "msg"), "Wait: it is Player 1's turn."); /* the TV's words (#29) */
    cJSON_Delete(o);
    send_text(&r, a, "{\"v\":1,\"t\":\"move\",\"move\":\"draw\",\"rev\":%d}", rev - 1);
    o = next_of(&r, a, "error");
    assert_non_null(o);
    assert_string_equal(str_of(o, "code"), "stale");
    cJSON_Delete(o);
    send_text(&r, a, "{\"v\":1,\"t\":\"move\",\"move\":\"play ZZ\",\"rev\":%d}", rev);
    o = next_of(&r, a, "error");
    assert_non_null(o);
    assert_string_equal(str_of(o, "code"), "illegal");
    assert_string_equal(str_of(o, "msg"), "That move cannot be played now: look again."); /* words, not notation */
    cJSON_Delete(o);
    t = testenv_slurp(r.trace);
    assert_null(strstr(t, "nine move p"));
    free(t);

    /* A burst of malformed frames at the game's own server: each socket is
     * dropped, the match goes on (the move below still plays). */
    {
        static unsigned char buf[1024];
        static const char junk[] = "{\"v\":1,\"t\":\"move\",\"move\":";
        for (int kind = 0; kind < 6; kind++) {
            int fd = ws_raw_port(r.port, "/ws", "stackhouse.v1");
            size_t n = 0;
            assert_true(fd >= 0);
            if (kind == 0) { /* unmasked */
                buf[0] = 0x81, buf[1] = 5, memcpy(buf + 2, "hello", 5), n = 7;
            } else if (kind == 1) { /* a reserved opcode */
                n = ws_frame(buf, 0x83, junk, sizeof junk - 1);
            } else if (kind == 2) { /* a length far past what follows */
                buf[0] = 0x81, buf[1] = 0xFF, memset(buf + 2, 0x7f, 8), n = 10;
            } else if (kind == 3) { /* cut-off JSON */
                n = ws_frame(buf, 0x81, junk, sizeof junk - 1);
            } else if (kind == 4) { /* a continuation with nothing to continue */
                n = ws_frame(buf, 0x80, junk, sizeof junk - 1);
            } else { /* bytes */
                for (size_t i = 0; i < sizeof buf; i++)
                    buf[i] = (unsigned char)(i * 151u + 7u);
                n = sizeof buf;
            }
            send_all(fd, buf, n);
            close(fd);
        }
    }

    /* Ann plays her first legal move from the phone; the TV plays it. */
    first = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(va, "moves"), 0)->valuestring;
    assert_non_null(first);
    {
        char want[200];
        send_text(&r, a, "{\"v\":1,\"t\":\"move\",\"move\":\"%s\",\"rev\":%d}", first, rev);
        snprintf(want, sizeof want, "nine move p1 %s\n", first);
        assert_true(trace_has(&r, NULL, "phones move p1 "));
        assert_true(trace_has(&r, NULL, want));
    }
    cJSON_Delete(va);
    va = settled_view(&r, a);
    assert_true(num_of(va, "rev") > rev);
    cJSON_Delete(vb);
    vb = settled_view(&r, b);
    assert_int_equal((int)num_of(vb, "rev"), (int)num_of(va, "rev"));
    /* Never a curtain on the TV while everyone is on a phone. */
    assert_false(trace_has(&r, "phones seat p2 joined", "nine curtain p"));

    /* A watcher sees the public view only and cannot act. */
    c = phone_client_connect(r.pc, "127.0.0.1", r.port, 3000);
    assert_true(c >= 0);
    send_text(&r, c, "{\"v\":1,\"t\":\"hello\",\"room\":\"%s\"}", r.room);
    o = next_of(&r, c, "view");
    assert_non_null(o);
    assert_int_equal((int)num_of(o, "seat"), 0);
    assert_null(cJSON_GetObjectItemCaseSensitive(o, "private"));
    cJSON_Delete(o);
    send_text(&r, c, "{\"v\":1,\"t\":\"move\",\"move\":\"draw\",\"rev\":%d}", (int)num_of(va, "rev"));
    o = next_of(&r, c, "error");
    assert_non_null(o);
    cJSON_Delete(o);

    /* Ann's phone sleeps and comes back with its token: the same seat, the same hand. */
    free(pa);
    pa = private_text(va);
    phone_client_close(r.pc, a, 2000);
    a = phone_client_connect(r.pc, "127.0.0.1", r.port, 3000);
    assert_true(a >= 0);
    send_text(&r, a, "{\"v\":1,\"t\":\"hello\",\"room\":\"%s\",\"token\":\"%s\"}", r.room, ta);
    o = next_of(&r, a, "joined");
    assert_non_null(o);
    assert_int_equal((int)num_of(o, "seat"), 1);
    cJSON_Delete(o);
    cJSON_Delete(va);
    va = settled_view(&r, a);
    free(pb);
    pb = private_text(va);
    assert_string_equal(pa, pb);
    assert_true(trace_has(&r, NULL, "phones seat p1 back"));
    /* Going and coming back bumps nobody's rev: Bo's view still holds, so a
     * tap Bo made meanwhile is not refused as stale (#25 item 12). */
    assert_int_equal((int)num_of(va, "rev"), (int)num_of(vb, "rev"));
    {
        char buf[MSG];
        while (phone_client_recv(r.pc, b, buf, sizeof buf, 600) >= 0)
            if (strstr(buf, "\"t\":\"view\""))
                fail_msg("seat 2 got a new view when seat 1 came back: %.120s", buf);
    }

    free(pa);
    free(pb);
    cJSON_Delete(va);
    cJSON_Delete(vb);
    /* The TV quits mid-game: the phones hear that the match is over. */
    game_stop_told(&r, b);
}

static void test_stax_phone_is_a_pad(void **state)
{
    run r;
    char ta[40], tb[40], *t;
    cJSON *o;
    int a, b;
    (void)state;
    game_start(&r, "stax", "--scene table --game stax --seats human,human --phones");
    /* The server module writes through the game's logger, at its level (debug here). */
    {
        char path[420], *err;
        snprintf(path, sizeof path, "%s/err.txt", r.dir);
        err = testenv_slurp(path);
        assert_non_null(strstr(err, "stackhouse: debug: phone_server: listening on port "));
        free(err);
    }
    a = join(&r, 1, "Ann", ta);
    b = join(&r, 2, "Bo", tb);
    o = settled_view(&r, a);
    assert_null(cJSON_GetObjectItemCaseSensitive(o, "private")); /* nothing hidden in STAX */
    cJSON_Delete(o);
    /* Seat 2's pad on seat 1's turn does nothing. */
    pad_tap(&r, b, "a", 1);
    testenv_sleep_ms(200); /* and a logic step or two for the view */
    t = testenv_slurp(r.trace);
    assert_null(strstr(t, "stax pick"));
    assert_null(strstr(t, "stax refused"));
    free(t);
    /* Seat 1's A acts on the square under its cursor, as a controller's would. */
    pad_tap(&r, a, "a", 0);
    assert_true(trace_has(&r, NULL, "stax pick") || trace_has(&r, NULL, "stax refused"));
    game_stop(&r);
}

/* A phone's pad steers its own seat's play, never the TV's menus (#25 item
 * 5): seat 1 decides, and its B (a controller's Back: the pause menu) and
 * shoulders (undo, redo) do nothing on the TV; its menu button is refused;
 * its A still plays. */
static void test_stax_pad_never_opens_the_menu(void **state)
{
    run r;
    char ta[40], tb[40], *t;
    cJSON *o;
    int a;
    (void)state;
    game_start(&r, "staxmenu", "--scene table --game stax --seats human,human --phones");
    a = join(&r, 1, "Ann", ta);
    join(&r, 2, "Bo", tb);
    cJSON_Delete(settled_view(&r, a));
    pad_tap(&r, a, "b", 0);
    pad_tap(&r, a, "l", 0);
    pad_tap(&r, a, "r", 0);
    send_text(&r, a, "{\"v\":1,\"t\":\"pad\",\"b\":\"menu\",\"down\":true}");
    o = next_of(&r, a, "error");
    assert_non_null(o);
    assert_string_equal(str_of(o, "code"), "menu");
    cJSON_Delete(o);
    pad_tap(&r, a, "b", 1);
    testenv_sleep_ms(200); /* a logic step or two for the table */
    t = testenv_slurp(r.trace);
    assert_null(strstr(t, "scene menu"));
    free(t);
    pad_tap(&r, a, "a", 0);
    assert_true(trace_has(&r, NULL, "stax pick") || trace_has(&r, NULL, "stax refused"));
    t = testenv_slurp(r.trace);
    assert_null(strstr(t, "scene menu"));
    free(t);
    game_stop(&r);
}

/* A phone that sleeps and comes back bumps nobody's rev (#25 item 12): on
 * a lively table (a pad was just pressed, so the TV steps), Bo's phone goes
 * and comes back with its token, and Ann's view stays the one she taps on. */
static void test_reconnect_keeps_rev(void **state)
{
    run r;
    char ta[40], tb[40], buf[MSG];
    cJSON *va, *o;
    int a, b;
    (void)state;
    game_start(&r, "staxrev", "--scene table --game stax --seats human,human --phones");
    a = join(&r, 1, "Ann", ta);
    b = join(&r, 2, "Bo", tb);
    va = settled_view(&r, a);
    cJSON_Delete(settled_view(&r, b));
    pad_tap(&r, a, "left", 1); /* the table is lively for a while */
    phone_client_close(r.pc, b, 2000);
    assert_true(trace_has(&r, NULL, "phones seat p2 asleep"));
    b = phone_client_connect(r.pc, "127.0.0.1", r.port, 3000);
    assert_true(b >= 0);
    send_text(&r, b, "{\"v\":1,\"t\":\"hello\",\"room\":\"%s\",\"token\":\"%s\"}", r.room, tb);
    o = next_of(&r, b, "joined");
    assert_non_null(o);
    cJSON_Delete(o);
    o = settled_view(&r, b);
    assert_int_equal((int)num_of(o, "rev"), (int)num_of(va, "rev"));
    cJSON_Delete(o);
    assert_true(trace_has(&r, NULL, "phones seat p2 back"));
    while (phone_client_recv(r.pc, a, buf, sizeof buf, 600) >= 0)
        if (strstr(buf, "\"t\":\"view\""))
            fail_msg("seat 1 got a new view when seat 2 came back: %.120s", buf);
    cJSON_Delete(va);
    game_stop(&r);
}

static void test_speedstax_phone_is_its_seats_pad(void **state)
{
    run r;
    char tb[40];
    int b;
    (void)state;
    /* Setup: seat 2 a person, phones on; Bo joins seat 2 while setup waits, then Start
     * (a phone is a controller, so the two people build at once, not in turns). */
    game_start(&r, "speed", "--scene setup --game speedstax --window 1280x720 --screenshot /dev/null --input " STACKHOUSE_SOURCE_DIR
               "/tests/scripts/speedstax_phones.txt");
    b = join(&r, 2, "Bo", tb);
    assert_true(trace_has(&r, NULL, "scene table\n"));
    assert_true(trace_has(&r, "scene table\n", "focus speedstax"));
    pad_tap(&r, b, "y", 1);
    /* Seat 2 (index 1) shouted; the mouse's seat 1 (index 0) did not. */
    assert_true(trace_has(&r, NULL, "speedstax shout 1\n"));
    /* Bo's phone drops off mid-round: the TV shows how to join until it is back. */
    {
        char *t = testenv_slurp(r.trace);
        assert_null(strstr(t, "phones card shown"));
        free(t);
    }
    phone_client_close(r.pc, b, 2000);
    assert_true(trace_has(&r, NULL, "phones seat p2 asleep"));
    assert_true(trace_has(&r, "phones seat p2 asleep", "phones card shown"));
    assert_false(trace_has(&r, NULL, "speedstax shout 0\n"));
    game_stop(&r);
}

/* A party of three set up on the screen (picker, setup: Add seat, seat 3 a
 * person, Phones as hands): the phone that joins seat 3 in setup plays seat 3
 * of a three-player match, with its own hand. */
static void test_nine_third_phone_from_setup(void **state)
{
    run r;
    char tc[40], *pc;
    cJSON *vc;
    int c;
    (void)state;
    game_start(&r, "nine3", "--scene picker --window 1280x720 --screenshot /dev/null --input " STACKHOUSE_SOURCE_DIR
               "/tests/scripts/nine_phones_setup.txt");
    c = join(&r, 3, "Cy", tc);
    assert_true(trace_has(&r, NULL, "phones seat p3 joined"));
    assert_true(trace_has(&r, NULL, "match 9stax players 3 seats human,medium,phone options -\n"));
    assert_true(trace_has(&r, "match 9stax", "nine position players=3,"));
    vc = settled_view(&r, c);
    assert_int_equal((int)num_of(vc, "seat"), 3);
    pc = private_text(vc);
    assert_non_null(pc); /* its own stacks, on the phone */
    assert_non_null(strstr(pc, "\"held\""));
    free(pc);
    cJSON_Delete(vc);
    game_stop(&r);
}

/* The TV's menu is open (#25 item 12): every phone is told the game is
 * paused, with its position as it was (the same rev) and nothing to play; a
 * move sent meanwhile waits, and is played once the menu closes. */
static void test_nine_paused_on_the_tv(void **state)
{
    run r;
    char ta[40], tb[40];
    cJSON *va, *vb;
    int a, b, rev;
    (void)state;
    game_start(&r, "pause", "--scene table --game 9stax --seats human,human --phones --screenshot /dev/null --input "
               STACKHOUSE_SOURCE_DIR "/tests/scripts/nine_phones_pause.txt");
    a = join(&r, 1, "Ann", ta);
    b = join(&r, 2, "Bo", tb);
    assert_true(trace_has(&r, NULL, "scene menu"));
    va = settled_view(&r, a);
    vb = settled_view(&r, b);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(va, "paused")));
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(vb, "paused")));
    assert_string_equal(str_of(va, "status"), "The game is paused on the TV.");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(va, "you"))); /* still Ann's decision */
    assert_non_null(cJSON_GetObjectItemCaseSensitive(va, "private"));
    rev = (int)num_of(va, "rev");
    send_text(&r, a, "{\"v\":1,\"t\":\"move\",\"move\":\"draw\",\"rev\":%d}", rev);
    cJSON_Delete(va);
    cJSON_Delete(vb);
    /* Resume: the views come back without `paused`, then the waiting move is played. */
    assert_true(trace_has(&r, "scene menu", "phones move p1 draw"));
    va = settled_view(&r, a);
    assert_null(cJSON_GetObjectItemCaseSensitive(va, "paused"));
    assert_string_not_equal(str_of(va, "status"), "The game is paused on the TV.");
    assert_true((int)num_of(va, "rev") > rev);
    cJSON_Delete(va);
    game_stop(&r);
}

/* The last "nine faces public:" line of the trace (caller frees), NULL when none. */
static char *last_public_faces(run *r)
{
    char *t = testenv_slurp(r->trace), *line = NULL;
    const char *p = t, *q;
    while ((q = strstr(p, "nine faces public:")) != NULL) {
        const char *e = strchr(q, '\n');
        free(line);
        line = strndup(q, e ? (size_t)(e - q) : strlen(q));
        p = q + 1;
    }
    free(t);
    return line;
}

/* Whether the TV's last public faces hold p2's and p3's revealed stack 4 as
 * the position has them, and nothing of p1's (its own Reveal hides it). */
static int tv_shows_the_reveal(run *r)
{
    static const char *const want[] = {" p2s4:R4", " p2s4:BA", " p2s4:BD", " p2s4:PD", " p3s4:RR", " p3s4:GR"};
    char *line = last_public_faces(r);
    int ok = line != NULL && strstr(line, " p1s4:") == NULL;
    for (size_t i = 0; ok && i < sizeof want / sizeof want[0]; i++)
        ok = strstr(line, want[i]) != NULL;
    if (!ok)
        print_message("TV faces: %s\n", line ? line : "(none)");
    free(line);
    return ok;
}

/* Every person on a phone, a Reveal on the table: the TV draws the revealed
 * stacks' true faces (the public view re-deals nothing public), and still
 * the same ones after a move. */
static void test_nine_tv_shows_revealed_stacks(void **state)
{
    run r;
    char ta[40], tb[40], tc[40];
    int a;
    (void)state;
    game_start(&r, "reveal",
               "--scene table --game 9stax --seats human,human,human --phones --position \"$(cat " STACKHOUSE_SOURCE_DIR
               "/tests/scripts/nine_reveal_phones.pos)\"");
    a = join(&r, 1, "Ann", ta);
    join(&r, 2, "Bo", tb);
    join(&r, 3, "Cy", tc);
    assert_true(trace_has(&r, "phones seat p3 joined", "nine faces public:"));
    testenv_sleep_ms(300);
    assert_true(tv_shows_the_reveal(&r));
    {
        cJSON *va = settled_view(&r, a);
        send_text(&r, a, "{\"v\":1,\"t\":\"move\",\"move\":\"play R1\",\"rev\":%d}", (int)num_of(va, "rev"));
        cJSON_Delete(va);
    }
    assert_true(trace_has(&r, NULL, "nine move p1 play R1\n"));
    assert_true(trace_has(&r, "nine move p1 play R1\n", "nine position "));
    testenv_sleep_ms(300);
    assert_true(tv_shows_the_reveal(&r));
    game_stop(&r);
}


/* One person at the TV, one on a phone (README's --seats human,human
 * --phones): the TV hides the TV player's hand from the room until they
 * hold a peek control, and they act only while they look. Real SDL events:
 * the P key, the right mouse button, the controller's left trigger. */
static void test_nine_tv_hand_hides_until_peek(void **state)
{
    run r;
    char tb[40];
    int b;
    (void)state;
    game_start(&r, "peek",
               "--scene table --game 9stax --seats human,human --phones --screenshot /dev/null --position \"$(cat " STACKHOUSE_SOURCE_DIR
               "/tests/scripts/nine_tv_peek.pos)\" --input " STACKHOUSE_SOURCE_DIR "/tests/scripts/nine_tv_peek.txt");
    b = join(&r, 2, "Bo", tb);
    assert_true(trace_has(&r, NULL, "nine move p1 play R1\n"));
    {
        cJSON *vb = settled_view(&r, b);
        send_text(&r, b, "{\"v\":1,\"t\":\"move\",\"move\":\"play G1\",\"rev\":%d}", (int)num_of(vb, "rev"));
        cJSON_Delete(vb);
    }
    assert_true(trace_has(&r, NULL, "nine move p1 draw\n"));
    assert_true(trace_has(&r, "nine move p1 draw\n", "nine peek off p1"));
    {
        static const char *const want[] = {
            "phones seat p2 joined",
            "nine faces public:", /* seat 1's hand is hidden */
            "nine peek on p1", "nine faces p1: p1s1:R1 p1s1:B6 p1s1:G5", "nine peek off p1", "nine faces public:",
            "nine peek on p1", "nine move p1 play R1\n", "nine peek off p1",
            "nine move p2 play G1\n",
            "nine peek on p1", "nine move p1 draw\n", "nine peek off p1",
        };
        trace_in_order(&r, want, (int)(sizeof want / sizeof want[0]));
    }
    {
        /* X by key and by controller did nothing while the hand was hidden. */
        char *t = testenv_slurp(r.trace);
        const char *joined = strstr(t, "phones seat p2 joined"), *first_peek = strstr(joined, "nine peek on p1");
        const char *draw = strstr(joined, "nine move p1 draw"), *g1 = strstr(joined, "nine move p2 play G1");
        const char *pad_peek = strstr(g1, "nine peek on p1");
        assert_true(strstr(joined, "nine move p1") > first_peek);
        assert_true(draw > pad_peek);
        free(t);
    }
    game_stop(&r);
}

/* The game on tests/scripts/nine_tv_peek.pos with seat 1 at the TV, running
 * script: a phone joins seat 2 and drops off (its page closed, its token
 * lost); once the script has given seat 2 back to people, a phone (name)
 * joins it with the room code alone and gets seat 2's own view. */
static void away_and_back(run *r, const char *dir, const char *script, const char *name)
{
    char args[1024], tb[40];
    int b;
    cJSON *v;
    snprintf(args, sizeof args,
             "--scene table --game 9stax --seats human,human --phones --screenshot /dev/null --position \"$(cat %s"
             "/tests/scripts/nine_tv_peek.pos)\" --input %s/tests/scripts/%s.txt",
             STACKHOUSE_SOURCE_DIR, STACKHOUSE_SOURCE_DIR, script);
    game_start(r, dir, args);
    b = join(r, 2, "Bo", tb);
    assert_true(trace_has(r, NULL, "phones seat p2 joined"));
    phone_client_close(r->pc, b, 2000);
    assert_true(trace_has(r, NULL, "phones seat p2 asleep"));
    assert_true(trace_has(r, NULL, "nine seat p2 people"));
    b = join(r, 2, name, tb);
    v = settled_view(r, b);
    assert_int_equal((int)num_of(v, "seat"), 2);
    assert_non_null(cJSON_GetObjectItemCaseSensitive(v, "private"));
    cJSON_Delete(v);
    assert_true(trace_has(r, "nine seat p2 people", "phones seat p2 joined"));
}

/* By mouse: the pause menu hands the away phone's seat to the computer,
 * which plays it; then back to people, and a late guest joins it with the
 * room code (the seat shows it while it waits). */
static void test_nine_away_seat_by_mouse(void **state)
{
    run r;
    (void)state;
    away_and_back(&r, "away_mouse", "nine_away_mouse", "Cy");
    {
        static const char *const want[] = {
            "phones seat p2 joined", "phones seat p2 asleep", "phones card shown", "scene menu",
            "phones seat p2 released", "nine seat p2 computer",
            "nine hint button shown", /* one person left at the table: Hint follows the seat (#29) */
            "phones card hidden", "nine move p1 play R1\n", "nine move p2 ", "scene menu",
            "focus menu seat2_people", "nine seat p2 people", "nine hint button hidden", "phones seat p2 joined",
        };
        trace_in_order(&r, want, (int)(sizeof want / sizeof want[0]));
    }
    game_stop(&r);
}

/* By controller: a phone that lost its token gets its seat back: the TV
 * frees the seat from the pause menu, and the phone joins it with the code. */
static void test_nine_away_seat_by_pad(void **state)
{
    run r;
    (void)state;
    away_and_back(&r, "away_pad", "nine_away_pad", "Bo");
    {
        static const char *const want[] = {
            "phones seat p2 joined", "phones seat p2 asleep", "phones card shown", "scene menu",
            "focus menu seat2_free", "phones seat p2 released", "nine seat p2 people", "phones card hidden",
            "phones seat p2 joined",
        };
        trace_in_order(&r, want, (int)(sizeof want / sizeof want[0]));
    }
    {
        /* The seat stayed a person's: no computer move for it. */
        char *t = testenv_slurp(r.trace);
        assert_null(strstr(t, "nine seat p2 computer"));
        assert_null(strstr(t, "nine move p2 "));
        free(t);
    }
    game_stop(&r);
}

/* A seat handed to the computer from the pause menu stays handed across
 * Save & quit and Resume (#25): the resumed match plays it by computer, and
 * the menu still offers it back to people. */
static void test_nine_handed_seat_is_saved(void **state)
{
    run r;
    char tb[40], *t;
    int b;
    (void)state;
    game_start(&r, "handed",
               "--scene table --game 9stax --seats human,human --phones --screenshot /dev/null --position \"$(cat "
               STACKHOUSE_SOURCE_DIR "/tests/scripts/nine_tv_peek.pos)\" --input " STACKHOUSE_SOURCE_DIR
               "/tests/scripts/nine_away_save.txt");
    b = join(&r, 2, "Bo", tb);
    assert_true(trace_has(&r, NULL, "phones seat p2 joined"));
    phone_client_close(r.pc, b, 2000);
    assert_true(trace_has(&r, NULL, "nine seat p2 computer"));
    assert_true(trace_has(&r, "nine seat p2 computer", "nine move p2 "));
    assert_true(trace_has(&r, "nine move p2 ", "nine saved"));
    game_stop(&r);
    assert_int_equal(testenv_saved("handed", "9stax", &t), 0);
    assert_non_null(strstr(t, "\nseats human,medium\nhanded 2\nstackhouse-record "));
    free(t);

    /* The same store: setup offers the saved match, with Phones as hands on. */
    game_start(&r, "handed", "--scene setup --game 9stax --screenshot /dev/null --input " STACKHOUSE_SOURCE_DIR
               "/tests/scripts/nine_away_resume.txt");
    assert_true(trace_has(&r, NULL, "match 9stax players 2 seats human,medium options -\n"));
    assert_true(trace_has(&r, NULL, "nine seat p2 people"));
    t = testenv_slurp(r.trace);
    assert_null(strstr(t, "input script:")); /* the menu offered seat2_people */
    free(t);
    game_stop(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nine_third_phone_from_setup),
        cmocka_unit_test(test_nine_hands_on_phones),
        cmocka_unit_test(test_nine_paused_on_the_tv),
        cmocka_unit_test(test_nine_tv_shows_revealed_stacks),
        cmocka_unit_test(test_nine_tv_hand_hides_until_peek),
        cmocka_unit_test(test_nine_away_seat_by_mouse),
        cmocka_unit_test(test_nine_away_seat_by_pad),
        cmocka_unit_test(test_nine_handed_seat_is_saved),
        cmocka_unit_test(test_stax_phone_is_a_pad),
        cmocka_unit_test(test_stax_pad_never_opens_the_menu),
        cmocka_unit_test(test_reconnect_keeps_rev),
        cmocka_unit_test(test_speedstax_phone_is_its_seats_pad),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
