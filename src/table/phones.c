/* Phones as hands, the game's side: the server's life, its events each
 * logic step, and the roster seat labels read (docs/phones.md). */
#include "table/phones.h"

#include <dlfcn.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/input.h"
#include "app/paths.h"
#include "shell/shell.h"
#include "core/log.h"
#include "net/phone_api.h"
#include "table/table_store.h"
#include "shell/trace.h"
#include "shell/toast.h"

#define QUEUE_MAX 64
#define DEFAULT_PORT 7312
/* The address a capture shows (STACKHOUSE_PHONES_FIXED; docs/testing.md). */
#define FIXED_URL "http://192.168.1.23:7312/"

static struct {
    const phone_api *api; /* the server module, loaded when first needed */
    phone_server *srv;
    phone_roster roster;
    char url[160];
    char room[PHONE_ROOM_LEN + 1];
    phone_qr qr;
    int has_qr;
    int pad_mode; /* the phones are game pads (STAX, MAXSTAX) */
    phone_event queue[QUEUE_MAX];
    int head, count;
    int roster_changed; /* a seat joined, left, slept or came back since the table last asked */
    int ended;          /* the phones were told the match is over */
    int port;              /* where the server listens: -1 the default port */
    const char *info_path; /* where it writes its address once it listens (NULL: nowhere) */
} P = {.port = -1};

int phones_on(void) { return P.srv != NULL; }
phone_server *phones_server(void) { return P.srv; }
const phone_roster *phones_roster(void) { return &P.roster; }
int phones_seat(int seat) { return seat >= 0 && seat < GAME_MAX_PLAYERS && (P.roster.seated >> seat & 1); }
const char *phones_url(void) { return P.srv ? P.url : ""; }
const char *phones_room(void) { return P.srv ? P.room : ""; }

const unsigned char *phones_qr(int *width)
{
    if (!P.srv || !P.has_qr)
        return NULL;
    *width = P.qr.width;
    return P.qr.module;
}

/* The seats as phones see them: people's seats are open to a phone. */
static int seat_infos(const match_setup *m, phone_seat_info *out)
{
    for (int s = 0; s < m->params.players; s++) {
        memset(&out[s], 0, sizeof out[s]);
        snprintf(out[s].name, sizeof out[s].name, "Player %d", s + 1);
        out[s].human = m->seat[s] == SEAT_HUMAN;
        out[s].open = out[s].human;
    }
    return m->params.players;
}

/* --phones-info: where a test learns the address (written once it listens). */
static void write_info(void)
{
    FILE *f;
    if (!P.info_path || !(f = fopen(P.info_path, "w"))) {
        if (P.info_path)
            log_warn("phones: cannot write %s", P.info_path);
        return;
    }
    fprintf(f, "url=%s\nroom=%s\nport=%d\n", P.api->url(P.srv), P.room, P.api->port(P.srv));
    fclose(f);
}

/* The server module: STACKHOUSE_PHONES_MODULE, else beside the game's binary
 * (the build tree), else in the library folder of the prefix the binary sits
 * in (an install moved anywhere), else the configured install's. Loaded once,
 * never unloaded; NULL with the reason in err when none loads. */
/* The module's log lines, written by the game's logger at the game's level. */
static void module_log(log_level level, const char *line, void *user)
{
    (void)user;
    log_write(level, "%s", line);
}

static const phone_api *load_api(char *err, size_t errn)
{
    char self[1024], path[1200], moved[1300], tried[900] = "";
    const char *env = getenv("STACKHOUSE_PHONES_MODULE");
    const char *where[4] = {env, NULL, NULL, STACKHOUSE_INSTALL_LIBDIR "/" PHONE_MODULE_FILE};
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (P.api)
        return P.api;
    if (n > 0) {
        char *slash;
        self[n] = 0;
        if ((slash = strrchr(self, '/')) != NULL) {
            *slash = 0;
            snprintf(path, sizeof path, "%s/%s", self, PHONE_MODULE_FILE);
            snprintf(moved, sizeof moved, "%s/../%s/%s", self, STACKHOUSE_LIBDIR_REL, PHONE_MODULE_FILE);
            where[1] = path;
            where[2] = moved;
        }
    }
    for (int i = 0; i < 4; i++) {
        void *h;
        const phone_api *api;
        if (!where[i])
            continue;
        if (!(h = dlopen(where[i], RTLD_NOW | RTLD_LOCAL))) {
            snprintf(tried + strlen(tried), sizeof tried - strlen(tried), "%s%s", tried[0] ? "; " : "", dlerror());
            continue;
        }
        api = dlsym(h, PHONE_API_SYMBOL);
        if (api && api->version == PHONE_API_VERSION) {
            api->use_log(module_log, NULL);
            return P.api = api;
        }
        snprintf(tried + strlen(tried), sizeof tried - strlen(tried), "%s%s: not a version %d phone module",
                 tried[0] ? "; " : "", where[i], PHONE_API_VERSION);
        dlclose(h);
    }
    snprintf(err, errn, "the phone server module is missing (%s)", tried);
    return NULL;
}

const phone_api *phones_api(void) { return P.api; }

static void (*waker)(void);

void phones_set_waker(void (*wake)(void)) { waker = wake; }

void phones_set_place(int port, const char *info_path)
{
    P.port = port;
    P.info_path = info_path;
}

/* Network thread: an event is queued, so the main loop must not sleep on. */
static void wake_loop(void *user)
{
    (void)user;
    if (waker)
        waker();
}

int phones_open(shell *sh, const match_setup *m, char *err, size_t errn)
{
    phone_config c;
    char qr_text[200];
    const game_rules *g = m->game ? m->game->rules : NULL;
    int fixed;
    if (P.srv) {
        phone_seat_info seats[PHONE_MAX_SEATS];
        int n = seat_infos(m, seats);
        P.api->set_seats(P.srv, seats, n);
        return 0;
    }
    if (!load_api(err, errn))
        return -1;
    memset(&c, 0, sizeof c);
    char web[1100];
    paths_join(web, sizeof web, shell_paths(sh)->assets, "web");
    c.web_root = web;
    c.art_root = shell_paths(sh)->assets;
    c.port = P.port >= 0 ? P.port : DEFAULT_PORT;
    c.game = m->game ? m->game->id : "";
    c.mode = m->game ? m->game->name : "";
    /* Hidden hands go to the phones; the other games use them as pads. */
    P.pad_mode = !(g && g->hidden_info);
    c.controls = P.pad_mode ? "pad" : "hand";
    c.seats = seat_infos(m, c.seat);
    c.wake = wake_loop;
    fixed = shell_capturing(sh) && getenv("STACKHOUSE_PHONES_FIXED") != NULL;
    if (fixed)
        c.seed = shell_seed(sh) | 1; /* the capture's room code: the same every run */
    P.srv = P.api->start(&c, err, errn);
    if (!P.srv && P.port < 0) {
        /* The usual port is taken (another game on this machine): any free one will do. */
        log_warn("phones: port %d: %s; trying another", DEFAULT_PORT, err);
        c.port = 0;
        P.srv = P.api->start(&c, err, errn);
    }
    if (!P.srv)
        return -1;
    memset(&P.roster, 0, sizeof P.roster);
    P.head = P.count = 0;
    P.ended = 0;
    /* A capture shows a fixed address: its screenshots repeat on any machine. */
    snprintf(P.url, sizeof P.url, "%s", fixed ? FIXED_URL : P.api->url(P.srv));
    snprintf(P.room, sizeof P.room, "%s", P.api->room(P.srv));
    snprintf(qr_text, sizeof qr_text, "%s?room=%s", P.url, P.room);
    P.has_qr = P.api->qr_encode(qr_text, &P.qr) == 0;
    if (!P.has_qr)
        log_warn("phones: no QR code for %s", qr_text);
    log_info("phones: %s room %s", P.url, P.room);
    trace_line("phones on %s room %s", P.url, P.room);
    write_info();
    return 0;
}

void phones_end(const char *end_json)
{
    if (!P.srv || P.ended)
        return;
    P.api->end(P.srv, end_json);
    P.ended = 1;
}

void phones_close(const char *end_json)
{
    if (!P.srv)
        return;
    /* A match left unfinished ends for the phones too, without a ranking. */
    phones_end(end_json ? end_json : "{\"v\":1,\"t\":\"end\",\"result\":[]}");
    P.api->stop(P.srv);
    P.srv = NULL;
    P.has_qr = 0;
    memset(&P.roster, 0, sizeof P.roster);
    P.head = P.count = 0;
}

void phones_release(shell *sh, const match_setup *m, int seat)
{
    phone_seat_info seats[PHONE_MAX_SEATS];
    int n;
    if (!P.srv || seat < 0 || seat >= m->params.players)
        return;
    n = seat_infos(m, seats);
    /* A seat that is no person's loses its phone (phone_server_set_seats);
     * then it is offered again as m has it. */
    seats[seat].human = seats[seat].open = 0;
    P.api->set_seats(P.srv, seats, n);
    n = seat_infos(m, seats);
    P.api->set_seats(P.srv, seats, n);
    P.roster.seated &= ~(1u << seat);
    P.roster.connected &= ~(1u << seat);
    P.roster.name[seat][0] = 0;
    input_phone_attach(shell_input_edit(sh), seat, 0);
    P.roster_changed = 1;
    trace_line("phones seat p%d released", seat + 1);
}

void phones_drop_queue(void) { P.head = P.count = 0; }

int phones_roster_changed(void)
{
    int c = P.roster_changed;
    P.roster_changed = 0;
    return c;
}

int phones_take(phone_event *ev)
{
    if (P.count == 0)
        return 0;
    *ev = P.queue[P.head];
    P.head = (P.head + 1) % QUEUE_MAX;
    P.count--;
    return 1;
}

static void enqueue(const phone_event *ev)
{
    if (P.count == QUEUE_MAX) {
        P.api->error(P.srv, ev->conn, "busy", "The game is busy; try again.");
        return;
    }
    P.queue[(P.head + P.count) % QUEUE_MAX] = *ev;
    P.count++;
}

static action button_action(int b)
{
    static const action map[PHONE_B_COUNT] = {
        [PHONE_B_UP] = ACT_UP,     [PHONE_B_DOWN] = ACT_DOWN,     [PHONE_B_LEFT] = ACT_LEFT,
        [PHONE_B_RIGHT] = ACT_RIGHT, [PHONE_B_A] = ACT_ACCEPT,    [PHONE_B_B] = ACT_BACK,
        [PHONE_B_X] = ACT_EXTRA,   [PHONE_B_Y] = ACT_ALT,         [PHONE_B_L] = ACT_PREV_TAB,
        [PHONE_B_R] = ACT_NEXT_TAB, [PHONE_B_MENU] = ACT_MENU,
    };
    return b >= 0 && b < PHONE_B_COUNT ? map[b] : ACT_NONE;
}

/* Keeps the roster in step with what the server says of a seat. */
static void roster_note(shell *sh, const phone_event *ev)
{
    int s = ev->seat - 1;
    unsigned bit = 1u << s;
    if (s < 0 || s >= GAME_MAX_PLAYERS)
        return;
    switch (ev->kind) {
    case PHONE_EV_JOINED:
    case PHONE_EV_BACK:
        if (!(P.roster.seated & bit))
            toast_show("%s is playing Player %d on a phone.", ev->name, ev->seat);
        P.roster.seated |= bit;
        P.roster.connected |= bit;
        snprintf(P.roster.name[s], sizeof P.roster.name[s], "%s", ev->name);
        input_phone_attach(shell_input_edit(sh), s, 1);
        trace_line("phones seat p%d %s", ev->seat, ev->kind == PHONE_EV_JOINED ? "joined" : "back");
        break;
    case PHONE_EV_LEFT:
        P.roster.seated &= ~bit;
        P.roster.connected &= ~bit;
        P.roster.name[s][0] = 0;
        input_phone_attach(shell_input_edit(sh), s, 0);
        trace_line("phones seat p%d left", ev->seat);
        break;
    case PHONE_EV_GONE:
        P.roster.connected &= ~bit;
        input_phone_attach(shell_input_edit(sh), s, 1); /* lets go of any held direction; the seat waits */
        trace_line("phones seat p%d asleep", ev->seat);
        break;
    default:
        break;
    }
}

void phones_pump(shell *sh)
{
    phone_event ev;
    action_event out[2];
    if (!P.srv)
        return;
    while (P.api->poll(P.srv, &ev)) {
        switch (ev.kind) {
        case PHONE_EV_PING:
            /* The round trip goes through the main loop, as a move's does. */
            P.api->pong(P.srv, ev.conn, ev.id);
            break;
        case PHONE_EV_PAD: {
            int n = input_phone_button(shell_input_edit(sh), ev.seat - 1, button_action(ev.button), ev.down, out, 2);
            /* Only the table takes a phone's press: a menu on top (pause, the
             * rules) is the TV's, so the phone cannot choose Save & quit. */
            scene *top = shell_top(sh);
            for (int i = 0; i < n && top && strcmp(top->name, "table") == 0; i++)
                shell_dispatch(sh, &out[i]);
            break;
        }
        case PHONE_EV_MOVE:
            enqueue(&ev);
            break;
        default: {
            unsigned seated = P.roster.seated;
            roster_note(sh, &ev);
            /* A seat that changed hands needs its view (and the curtain may
             * change): the table publishes, with a new rev. A phone that only
             * slept and came back changes no view (the server hands it the
             * seat's latest), so nobody's rev moves and no tap goes stale. */
            if (ev.kind == PHONE_EV_JOINED || P.roster.seated != seated)
                P.roster_changed = 1;
            break;
        }
        }
    }
}
