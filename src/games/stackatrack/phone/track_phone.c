#include "games/stackatrack/phone/track_phone.h"

#include <cJSON.h>

#include "games/stackatrack/rules/track.h"
#include "phoneview/phone_view.h"

/* A hand's blocks as FRONT:BACK, in the hand's (the notation's) order. */
static cJSON *block_list(const track_state *s, int seat)
{
    cJSON *a = cJSON_CreateArray();
    char text[40];
    for (int i = 0; i < s->nhand[seat]; i++) {
        if (track_block_write(s->hand[seat][i], text, sizeof text) < 0)
            text[0] = 0;
        cJSON_AddItemToArray(a, cJSON_CreateString(text));
    }
    return a;
}

int track_phone_players(const void *st) { return ((const track_state *)st)->players; }

void track_phone_public(const void *obs, cJSON *pub)
{
    const track_state *s = obs;
    cJSON *cols = cJSON_CreateArray(), *hands = cJSON_CreateArray();
    char text[16];
    for (int c = 0; c < TRACK_COLS; c++) {
        cJSON *col = cJSON_CreateArray();
        for (int r = 0; r < s->height[c]; r++) {
            if (track_face_write(s->cell[c * TRACK_ROWS + r], text, sizeof text) < 0)
                text[0] = 0;
            cJSON_AddItemToArray(col, cJSON_CreateString(text));
        }
        cJSON_AddItemToArray(cols, col);
    }
    for (int p = 0; p < s->players; p++)
        cJSON_AddItemToArray(hands, cJSON_CreateNumber(s->nhand[p]));
    cJSON_AddItemToObject(pub, "columns", cols);
    cJSON_AddItemToObject(pub, "hands", hands);
    cJSON_AddBoolToObject(pub, "hidden", s->opt[TRACK_OPT_HIDDEN]);
    cJSON_AddBoolToObject(pub, "quarter", s->opt[TRACK_OPT_QUARTER]);
    /* Without hidden blocks every hand is on the table for all to see. */
    if (s->opt[TRACK_OPT_HIDDEN]) {
        cJSON_AddNullToObject(pub, "blocks");
    } else {
        cJSON *all = cJSON_CreateArray();
        for (int p = 0; p < s->players; p++)
            cJSON_AddItemToArray(all, block_list(s, p));
        cJSON_AddItemToObject(pub, "blocks", all);
    }
}

void track_phone_private(const void *obs, int seat, cJSON *priv)
{
    cJSON_AddItemToObject(priv, "blocks", block_list(obs, seat));
}

/* The row of core/modelist.h names these (PHONE(track_phone_writers, ...)). */
const phone_view_writers track_phone_writers = {track_phone_players, track_phone_public, track_phone_private};
