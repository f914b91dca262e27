/* The `view` message of docs/phones.md (protocol v1): what one seat's phone,
 * or a watcher's, is shown of a turn-based match, as JSON text. The private
 * part is written only from the game's observe(state, seat), so a phone gets
 * exactly what a computer player in that seat may know. No SDL; cJSON. */
#ifndef STACKHOUSE_PHONE_VIEW_H
#define STACKHOUSE_PHONE_VIEW_H

#include <stdint.h>

#include "core/game.h"

struct cJSON;

/* A game's writers of the view's `public` and `private` objects. obs is
 * always a state the game's observe(state, seat) produced (the state itself
 * for a game without hidden information); seat is 0-based. */
typedef struct phone_view_writers {
    int (*players)(const void *st); /* seats in the game (public: read from the state itself) */
    void (*public_fields)(const void *obs, struct cJSON *pub);
    void (*private_fields)(const void *obs, int seat, struct cJSON *priv); /* NULL: no private view */
} phone_view_writers;

/* A JSON list of the names of n codes, each written by name (a game's
 * notation helper: nine_card_name, stakz_tile_name) into a 3-byte buffer. */
struct cJSON *phone_view_code_names(const uint8_t *codes, int n, void (*name)(uint8_t code, char *buf));

/* The writers of game_id (its row's PHONE column in core/modelist.h), or
 * NULL for a game the phones show only the envelope and scores of (STAX). */
const phone_view_writers *phone_view_find(const char *game_id);
/* The phone page's renderer for game_id (the view message's `page`), or NULL. */
const char *phone_view_page(const char *game_id);
/* The welcome message's `controls` of a mode: "hand" for a game with
 * writers, else "pad". */
const char *phone_view_controls(const char *game_id);

/* The `view` message for seat (1-based; 0 a watcher) of the position state
 * of g, as a malloc'd NUL-terminated string the caller frees; NULL when out of
 * memory or g has no observe although it hides information. names[seat-1]
 * are the seats' names (NULL: "Player N"); status is the sentence under the
 * table (NULL: ""). */
char *phone_view_json(const game_rules *g, const void *state, int seat, int64_t rev, const char *game_id,
                      const char *const *names, const char *status);

/* The same with the writers given (NULL: envelope only), for a caller that
 * has its own, and the tests' planted leaks. */
char *phone_view_json_with(const game_rules *g, const void *state, int seat, int64_t rev, const char *game_id,
                           const phone_view_writers *w, const char *const *names, const char *status);

#endif
