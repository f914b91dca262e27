#include "games/stakz/phone/stakz_phone.h"

#include <cJSON.h>

#include "games/stakz/rules/stakz.h"
#include "games/stakz/rules/stakz_text.h"
#include "phoneview/phone_view.h"

/* Tiles of colour c in a hand, known symbols and unknowns alike. */
static int colour_count(const uint8_t *hand, int c)
{
    int n = hand[STAKZ_UNKNOWN(c)];
    for (int y = 0; y < STAKZ_SYMBOLS; y++)
        n += hand[c * 5 + y];
    return n;
}

int stakz_phone_players(const void *st) { return ((const stakz_state *)st)->players; }

void stakz_phone_public(const void *obs, cJSON *pub)
{
    const stakz_state *s = obs;
    cJSON *stacks = cJSON_CreateArray(), *pile = cJSON_CreateArray(), *hands = cJSON_CreateArray(),
          *colours = cJSON_CreateArray(), *bonus = cJSON_CreateArray();
    for (int k = 0; k < s->nstacks; k++) {
        cJSON_AddItemToArray(stacks, phone_view_code_names(s->stack[k], s->height[k], stakz_tile_name));
        if (s->bonus[k])
            cJSON_AddItemToArray(bonus, cJSON_CreateNumber(k + 1));
    }
    for (int c = 0; c < STAKZ_COLOURS; c++)
        cJSON_AddItemToArray(pile, cJSON_CreateNumber(s->pile_cols[c]));
    for (int p = 0; p < s->players; p++) {
        cJSON *per = cJSON_CreateArray();
        cJSON_AddItemToArray(hands, cJSON_CreateNumber(s->nhand[p]));
        for (int c = 0; c < STAKZ_COLOURS; c++)
            cJSON_AddItemToArray(per, cJSON_CreateNumber(colour_count(s->hand[p], c)));
        cJSON_AddItemToArray(colours, per);
    }
    cJSON_AddItemToObject(pub, "stacks", stacks);
    cJSON_AddItemToObject(pub, "pile", pile);
    cJSON_AddItemToObject(pub, "hands", hands);
    cJSON_AddItemToObject(pub, "colours", colours);
    cJSON_AddItemToObject(pub, "bonus", bonus);
    cJSON_AddBoolToObject(pub, "placed", s->placed);
    cJSON_AddStringToObject(pub, "draw", s->draw_random ? "random" : "choose");
}

void stakz_phone_private(const void *obs, int seat, cJSON *priv)
{
    const stakz_state *s = obs;
    uint8_t t[STAKZ_TILES];
    int n = 0;
    /* Codes run colour by colour (r o g b p), symbols within: the notation's order. */
    for (int code = 0; code < STAKZ_CODES; code++)
        for (int k = 0; k < s->hand[seat][code] && n < STAKZ_TILES; k++)
            t[n++] = (uint8_t)code;
    cJSON_AddItemToObject(priv, "hand", phone_view_code_names(t, n, stakz_tile_name));
}

/* The row of core/modelist.h names these (PHONE(stakz_phone_writers, ...)). */
const phone_view_writers stakz_phone_writers = {stakz_phone_players, stakz_phone_public, stakz_phone_private};
