#include "games/nine/phone/nine_phone.h"

#include <cJSON.h>

#include "games/nine/rules/nine.h"
#include "games/nine/rules/nine_text.h"
#include "phoneview/phone_view.h"

/* The cards of stack k of seat p, sorted as the notation writes them. */
static cJSON *stack_cards(const nine_state *s, int p, int k)
{
    uint8_t codes[NINE_CARDS];
    return phone_view_code_names(codes, nine_place_codes(s, NINE_Z_STACK + p, k, codes), nine_card_name);
}

static cJSON *card_json(uint8_t code)
{
    char name[3];
    nine_card_name(code, name);
    return cJSON_CreateString(name);
}

/* {seat, stack}, 1-based, of a stack a pending decision names. */
static cJSON *stack_ref(int p, int k)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "seat", p + 1);
    cJSON_AddNumberToObject(o, "stack", k + 1);
    return o;
}

/* What the game waits for, as everyone at the table knows it: the kind (the
 * word of the position's pend field) and the stacks or card it names. Who
 * decides is the view's turn; whose turn it is, the public owner. */
static cJSON *pending(const nine_state *s)
{
    const nine_pending *d = &s->pend;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "kind", nine_pend_word(d->kind));
    switch (d->kind) {
    case NINE_P_TAKE:
    case NINE_P_GIVE: cJSON_AddItemToObject(o, "target", stack_ref(d->p1, d->s1)); break;
    case NINE_P_SWAP2: cJSON_AddItemToObject(o, "first", stack_ref(d->p1, d->s1)); break;
    case NINE_P_IMMUNE: cJSON_AddStringToObject(o, "action", nine_action_word(d->action)); break;
    default: break;
    }
    return o;
}

/* The revealed number and, per seat, the revealed stack's cards (null where
 * it stays face down or the seat has no stack of that number). */
static cJSON *reveal(const nine_state *s)
{
    if (!s->rev_num)
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject(), *per = cJSON_CreateArray();
    int k = s->rev_num - 1;
    cJSON_AddNumberToObject(o, "number", s->rev_num);
    for (int p = 0; p < s->players; p++)
        cJSON_AddItemToArray(per, k < s->nst[p] && !(s->rev_hidden >> p & 1) ? stack_cards(s, p, k)
                                                                             : cJSON_CreateNull());
    cJSON_AddItemToObject(o, "stacks", per);
    return o;
}

int nine_phone_players(const void *st) { return ((const nine_state *)st)->players; }

void nine_phone_public(const void *obs, cJSON *pub)
{
    const nine_state *s = obs;
    cJSON *stacks = cJSON_CreateArray(), *held = cJSON_CreateArray(), *imm = cJSON_CreateArray();
    if (s->act == NINE_ACT_ANY)
        cJSON_AddStringToObject(pub, "act", "any");
    else
        cJSON_AddItemToObject(pub, "act", card_json(s->act));
    cJSON_AddStringToObject(pub, "dir", s->dir ? "ccw" : "cw");
    cJSON_AddNumberToObject(pub, "owner", s->turn + 1);
    cJSON_AddNumberToObject(pub, "draw", s->ndraw);
    cJSON_AddItemToObject(pub, "discard",
                          s->ndisc ? card_json(s->code[s->disc[s->ndisc - 1]]) : cJSON_CreateNull());
    for (int p = 0; p < s->players; p++) {
        cJSON *sizes = cJSON_CreateArray();
        for (int k = 0; k < s->nst[p]; k++)
            cJSON_AddItemToArray(sizes, cJSON_CreateNumber(s->ssize[p][k]));
        cJSON_AddItemToArray(stacks, sizes);
        cJSON_AddItemToArray(held, cJSON_CreateNumber(s->nst[p] ? s->held[p] + 1 : 0));
        cJSON_AddItemToArray(imm, cJSON_CreateBool(s->immunity >> p & 1));
    }
    cJSON_AddItemToObject(pub, "stacks", stacks);
    cJSON_AddItemToObject(pub, "held", held);
    cJSON_AddItemToObject(pub, "immunity", imm);
    cJSON_AddItemToObject(pub, "reveal", reveal(s));
    cJSON_AddItemToObject(pub, "pending", nine_decider(s) >= 0 ? pending(s) : cJSON_CreateNull());
}

/* The question seat answers now, if it is one only seat sees: Immunity
 * (asked of the decider), or the stack a Peek shows to the peeker. */
static cJSON *prompt(const nine_state *s, int seat)
{
    const nine_pending *d = &s->pend;
    cJSON *o;
    if (nine_decider(s) != seat)
        return cJSON_CreateNull();
    switch (d->kind) {
    case NINE_P_IMMUNE:
        o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "kind", "immune");
        cJSON_AddStringToObject(o, "action", nine_action_word(d->action));
        cJSON_AddNumberToObject(o, "by", s->turn + 1);
        return o;
    case NINE_P_TAKE:
    case NINE_P_GIVE:
        o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "kind", d->kind == NINE_P_TAKE ? "take" : "give");
        cJSON_AddNumberToObject(o, "seat", d->p1 + 1);
        cJSON_AddNumberToObject(o, "stack", d->s1 + 1);
        cJSON_AddItemToObject(o, "cards", stack_cards(s, d->p1, d->s1));
        if (d->kind == NINE_P_GIVE && s->hand[seat] != NINE_NO_CARD)
            cJSON_AddItemToObject(o, "took", card_json(s->code[s->hand[seat]]));
        return o;
    default: return cJSON_CreateNull();
    }
}

void nine_phone_private(const void *obs, int seat, cJSON *priv)
{
    const nine_state *s = obs;
    int has = s->nst[seat] > 0;
    int drawn = s->pend.kind == NINE_P_DRAWN && s->pend.seat == seat && s->hand[seat] != NINE_NO_CARD;
    cJSON_AddNumberToObject(priv, "held", has ? s->held[seat] + 1 : 0);
    cJSON_AddItemToObject(priv, "cards", has ? stack_cards(s, seat, s->held[seat]) : cJSON_CreateArray());
    cJSON_AddItemToObject(priv, "drawn", drawn ? card_json(s->code[s->hand[seat]]) : cJSON_CreateNull());
    cJSON_AddBoolToObject(priv, "immunity", s->immunity >> seat & 1);
    cJSON_AddItemToObject(priv, "prompt", prompt(s, seat));
}

/* The row of core/modelist.h names these (PHONE(nine_phone_writers, ...)). */
const phone_view_writers nine_phone_writers = {nine_phone_players, nine_phone_public, nine_phone_private};
