/* Phones as hands, the game's side (docs/phones.md): starts and stops the
 * phone server for a match, drains its events once a logic step (pads go to
 * the top scene as controller actions, like an SDL controller's; moves and
 * the rest wait in a small queue for the table), and keeps the roster of
 * seats played on phones that seat labels read. One server per process, so
 * the state is the module's own (like the audio's). */
#ifndef STACKHOUSE_PHONES_H
#define STACKHOUSE_PHONES_H

#include <stddef.h>
#include <stdint.h>

#include "net/phone_api.h"
#include "shell/shell.h"
#include "table/match.h"


/* Who plays on a phone: bit k for seat k (0-based). */
typedef struct phone_roster {
    unsigned seated;    /* the seat is a phone's (it may be asleep) */
    unsigned connected; /* a page is connected to it now */
    char name[GAME_MAX_PLAYERS][PHONE_NAME_MAX * 4 + 1];
} phone_roster;

/* The app's way to end its loop's wait (app_wake_any_thread), called from the
 * network thread whenever a phone's event is queued. */
void phones_set_waker(void (*wake)(void));
/* Where the server listens (--phones-port; -1 the default port, 0 any free
 * one) and where it writes url=, room= and port= once it listens
 * (--phones-info; NULL nowhere); the app sets them at start. */
void phones_set_place(int port, const char *info_path);
/* Starts the server for match m (or, when it runs, gives it m's seats);
 * 0, or -1 with the reason in err. */
int phones_open(shell *sh, const match_setup *m, char *err, size_t errn);
/* Tells every phone the match is over (the end message, docs/phones.md); once. */
void phones_end(const char *end_json);
/* Stops the server; phones get end_json first (an end without a ranking when
 * NULL), unless phones_end told them already. Safe when off. */
void phones_close(const char *end_json);
/* Whether the server runs. */
int phones_on(void);
/* The server module's functions (NULL until a server first started). */
const phone_api *phones_api(void);
/* The server (NULL when off), for views and replies. */
phone_server *phones_server(void);
/* The seats on phones (all zero when off). */
const phone_roster *phones_roster(void);
/* Whether seat (0-based) is played on a phone. */
int phones_seat(int seat);
/* The address to show and the room code ("" when off). */
const char *phones_url(void);
const char *phones_room(void);
/* The QR code of the address (with the room): width modules a side, one
 * byte a module, 1 dark; NULL when off. */
const unsigned char *phones_qr(int *width);
/* One logic step: drains the server. Pads become actions for the top scene;
 * pings are answered; moves queue for phones_take. */
void phones_pump(shell *sh);
/* Whether a seat joined, left, slept or came back since the last call. */
int phones_roster_changed(void);
/* The next queued move; 1, or 0 when none. */
int phones_take(phone_event *ev);
/* The TV takes seat (0-based) back from its phone (asleep, or its token
 * lost): the token stops working and the phone's pages become watchers;
 * then the seats are m's again, so a phone may join it with the room code. */
void phones_release(shell *sh, const match_setup *m, int seat);
/* Forgets the queue (a table closed). */
void phones_drop_queue(void);

#endif
