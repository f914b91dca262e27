#include "phoneview/phone_view.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/modelist.h"

/* The writers each row names, declared by the row itself. */
#define PHONE(sym, page) extern const phone_view_writers sym;
#define PHONE_NONE
#define MODE(id, name, pitch, doc, tab, min, max, kind, rules, realtime, view, settings, phone, sample) phone
MODE_LIST(MODE)
#undef MODE
#undef PHONE
#undef PHONE_NONE

/* The phone column of the one list, by mode id. */
typedef struct phone_row {
    const char *game_id;
    const phone_view_writers *writers; /* NULL: the phone is a game pad */
    const char *page;                  /* the page's renderer */
} phone_row;

#define PHONE(sym, page) &sym, page
#define PHONE_NONE NULL, NULL
#define MODE(id, name, pitch, doc, tab, min, max, kind, rules, realtime, view, settings, phone, sample) {#id, phone},
static const phone_row rows[] = {MODE_LIST(MODE)};
#undef MODE
#undef PHONE
#undef PHONE_NONE

static const phone_row *row(const char *game_id)
{
    for (size_t i = 0; game_id && i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].game_id, game_id) == 0)
            return &rows[i];
    return NULL;
}

const phone_view_writers *phone_view_find(const char *game_id)
{
    const phone_row *r = row(game_id);
    return r ? r->writers : NULL;
}

const char *phone_view_page(const char *game_id)
{
    const phone_row *r = row(game_id);
    return r ? r->page : NULL;
}

const char *phone_view_controls(const char *game_id) { return phone_view_find(game_id) ? "hand" : "pad"; }

cJSON *phone_view_code_names(const uint8_t *codes, int n, void (*name)(uint8_t code, char *buf))
{
    cJSON *a = cJSON_CreateArray();
    char text[3];
    for (int i = 0; i < n; i++) {
        name(codes[i], text);
        cJSON_AddItemToArray(a, cJSON_CreateString(text));
    }
    return a;
}

/* The legal moves' notation when seat decides, from its own view. */
static cJSON *moves_json(const game_rules *g, const void *obs)
{
    cJSON *a = cJSON_CreateArray();
    game_move *m = malloc(sizeof *m * GAME_MAX_MOVES);
    char text[256];
    int n = m ? g->legal_moves(obs, m, GAME_MAX_MOVES) : 0;
    for (int i = 0; i < n; i++)
        if (g->move_write(obs, &m[i], text, sizeof text) >= 0)
            cJSON_AddItemToArray(a, cJSON_CreateString(text));
    free(m);
    return a;
}

/* players, names and scores (the rules' result: cards left in 9 STAX, points
 * in Stakz and Stack-A-Track), then the game's own public fields. */
static cJSON *public_json(const game_rules *g, const void *obs, int players, const phone_view_writers *w,
                          const char *const *names)
{
    cJSON *pub = cJSON_CreateObject(), *nm = cJSON_CreateArray(), *sc = cJSON_CreateArray();
    game_result r;
    char fallback[32];
    g->result(obs, &r);
    cJSON_AddNumberToObject(pub, "players", players);
    for (int p = 0; p < players; p++) {
        snprintf(fallback, sizeof fallback, "Player %d", p + 1);
        cJSON_AddItemToArray(nm, cJSON_CreateString(names && names[p] ? names[p] : fallback));
        cJSON_AddItemToArray(sc, cJSON_CreateNumber(r.score[p]));
    }
    cJSON_AddItemToObject(pub, "names", nm);
    cJSON_AddItemToObject(pub, "scores", sc);
    if (w && w->public_fields)
        w->public_fields(obs, pub);
    return pub;
}

char *phone_view_json_with(const game_rules *g, const void *state, int seat, int64_t rev, const char *game_id,
                           const phone_view_writers *w, const char *const *names, const char *status)
{
    if (!g || !state || (g->hidden_info && !g->observe))
        return NULL;
    /* The count of seats is public in every game; read it before observing
     * so that observe is never asked for a seat the game does not have. */
    int players = w && w->players ? w->players(state) : g->min_players == g->max_players ? g->min_players : 0;
    if (seat < 0 || seat > players || players < 1 || players > GAME_MAX_PLAYERS) {
        log_warn("phone view: seat %d of %d in %s", seat, players, g->id);
        return NULL;
    }
    /* The writers never see the state itself when the game hides anything:
     * a seat's view is written from what observe leaves it; a watcher's
     * public part from seat 1's view (public fields are the same in all). */
    void *scratch = g->hidden_info ? malloc(g->state_size) : NULL;
    const void *obs = state;
    if (g->hidden_info) {
        if (!scratch)
            return NULL;
        g->observe(state, seat > 0 ? seat - 1 : 0, scratch);
        obs = scratch;
    }
    int cp = g->current_player(state);
    int you = seat > 0 && cp == seat - 1;
    cJSON *v = cJSON_CreateObject();
    cJSON_AddNumberToObject(v, "v", 1);
    cJSON_AddStringToObject(v, "t", "view");
    cJSON_AddNumberToObject(v, "rev", (double)rev);
    cJSON_AddNumberToObject(v, "seat", seat);
    cJSON_AddStringToObject(v, "game", game_id ? game_id : g->id);
    if (phone_view_page(game_id ? game_id : g->id))
        cJSON_AddStringToObject(v, "page", phone_view_page(game_id ? game_id : g->id));
    cJSON_AddNumberToObject(v, "turn", cp >= 0 ? cp + 1 : 0);
    cJSON_AddBoolToObject(v, "you", you);
    cJSON_AddBoolToObject(v, "over", cp < 0);
    cJSON_AddItemToObject(v, "public", public_json(g, obs, players, w, names));
    if (seat > 0 && w && w->private_fields) {
        cJSON *priv = cJSON_CreateObject();
        w->private_fields(obs, seat - 1, priv);
        cJSON_AddItemToObject(v, "private", priv);
    }
    cJSON_AddItemToObject(v, "moves", you ? moves_json(g, obs) : cJSON_CreateArray());
    cJSON_AddStringToObject(v, "status", status ? status : "");
    char *text = cJSON_PrintUnformatted(v);
    cJSON_Delete(v);
    free(scratch);
    return text;
}

char *phone_view_json(const game_rules *g, const void *state, int seat, int64_t rev, const char *game_id,
                      const char *const *names, const char *status)
{
    return phone_view_json_with(g, state, seat, rev, game_id, phone_view_find(game_id ? game_id : g ? g->id : NULL),
                                names, status);
}
